// Package stack holds no code: its tests guard the decisions written in
// template.yaml (data protection, least privilege, CORS preflights, WAF and
// alarms, deadlines, retention, the build architecture). cfn-lint checks the
// template's syntax; these tests check that what it says is what we decided.
package stack
