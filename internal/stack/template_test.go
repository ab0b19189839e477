// Package stack_test guards the security and data-protection settings of
// template.yaml (cfn-lint checks its syntax; this checks our decisions).
package stack_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// node walks mapping keys (and list indexes as "0", "1"...) from n.
func node(t *testing.T, n *yaml.Node, path ...string) *yaml.Node {
	t.Helper()
	cur := n
	if cur.Kind == yaml.DocumentNode {
		cur = cur.Content[0]
	}
	for i, key := range path {
		var next *yaml.Node
		switch cur.Kind {
		case yaml.MappingNode:
			for j := 0; j+1 < len(cur.Content); j += 2 {
				if cur.Content[j].Value == key {
					next = cur.Content[j+1]
				}
			}
		case yaml.SequenceNode:
			for j, c := range cur.Content {
				if key == string(rune('0'+j)) {
					next = c
				}
			}
		}
		if next == nil {
			t.Fatalf("template.yaml has no %s", strings.Join(path[:i+1], "."))
		}
		cur = next
	}
	return cur
}

func value(t *testing.T, n *yaml.Node, path ...string) string {
	t.Helper()
	return node(t, n, path...).Value
}

func loadTemplate(t *testing.T) *yaml.Node {
	t.Helper()
	raw, err := os.ReadFile("../../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

func TestTablesAreProtected(t *testing.T) {
	tpl := loadTemplate(t)
	for _, table := range []string{"LeadsTable", "VerificationsTable", "IdempotencyTable", "QuotaTable"} {
		t.Run(table, func(t *testing.T) {
			r := node(t, tpl, "Resources", table)
			for _, c := range []struct{ path, want string }{
				{"DeletionPolicy", "Retain"},
				{"UpdateReplacePolicy", "Retain"},
				{"Properties.BillingMode", "PAY_PER_REQUEST"},
				{"Properties.SSESpecification.SSEEnabled", "true"},
				{"Properties.PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled", "true"},
				{"Properties.DeletionProtectionEnabled", "true"},
			} {
				if got := value(t, r, strings.Split(c.path, ".")...); got != c.want {
					t.Errorf("%s.%s = %q, want %q", table, c.path, got, c.want)
				}
			}
		})
	}
	ttl := node(t, tpl, "Resources", "IdempotencyTable", "Properties", "TimeToLiveSpecification")
	if value(t, ttl, "AttributeName") != "expiresAt" || value(t, ttl, "Enabled") != "true" {
		t.Errorf("idempotency keys do not expire through DynamoDB TTL on expiresAt")
	}
}

func TestEvidenceBucketIsPrivateEncryptedAndExpires(t *testing.T) {
	tpl := loadTemplate(t)
	b := node(t, tpl, "Resources", "EvidenceBucket")
	for _, c := range []struct{ path, want string }{
		{"DeletionPolicy", "Retain"},
		{"Properties.PublicAccessBlockConfiguration.BlockPublicAcls", "true"},
		{"Properties.PublicAccessBlockConfiguration.BlockPublicPolicy", "true"},
		{"Properties.PublicAccessBlockConfiguration.IgnorePublicAcls", "true"},
		{"Properties.PublicAccessBlockConfiguration.RestrictPublicBuckets", "true"},
		{"Properties.OwnershipControls.Rules.0.ObjectOwnership", "BucketOwnerEnforced"},
		{"Properties.VersioningConfiguration.Status", "Enabled"},
		{"Properties.LifecycleConfiguration.Rules.0.ExpirationInDays", "EvidenceRetentionDays"},
	} {
		if got := value(t, b, strings.Split(c.path, ".")...); got != c.want {
			t.Errorf("EvidenceBucket.%s = %q, want %q", c.path, got, c.want)
		}
	}
	policy, err := yaml.Marshal(node(t, tpl, "Resources", "EvidenceBucketPolicy", "Properties", "PolicyDocument"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(policy), "aws:SecureTransport") || !strings.Contains(string(policy), "Deny") {
		t.Errorf("the bucket policy does not deny requests without TLS:\n%s", policy)
	}
}

func TestAPILogsAndTracesNoPersonalData(t *testing.T) {
	tpl := loadTemplate(t)
	api := node(t, tpl, "Resources", "ClinicApi", "Properties")
	settings := node(t, api, "MethodSettings", "0")
	if value(t, settings, "DataTraceEnabled") != "false" || value(t, settings, "LoggingLevel") != "OFF" {
		t.Errorf("API Gateway execution logging must be off: it would log request and response bodies")
	}
	if value(t, settings, "ThrottlingRateLimit") != "ThrottlingRateLimit" || value(t, settings, "ThrottlingBurstLimit") != "ThrottlingBurstLimit" {
		t.Errorf("stage throttling must come from the template's parameters")
	}
	format := value(t, api, "AccessLogSetting", "Format")
	for _, personal := range []string{"sourceIp", "userAgent", "caller", "user", "path}", "$context.path", "authorizer"} {
		if strings.Contains(format, personal) {
			t.Errorf("access log format carries %s, which can identify a person", personal)
		}
	}
	for _, group := range []string{"ApiAccessLogGroup", "CreateLeadLogGroup", "VerifyEvidenceLogGroup", "GetProtocolsLogGroup"} {
		if value(t, tpl, "Resources", group, "Properties", "RetentionInDays") != "LogRetentionDays" {
			t.Errorf("%s keeps logs without the configured retention", group)
		}
	}
}

// noResourceLevel are the actions IAM cannot scope to a resource: Textract's
// text detection, synchronous and asynchronous.
var noResourceLevel = map[string]bool{
	"textract:DetectDocumentText":         true,
	"textract:StartDocumentTextDetection": true,
	"textract:GetDocumentTextDetection":   true,
}

// TestFunctionsHaveLeastPrivilege: each function may do only what it does.
func TestFunctionsHaveLeastPrivilege(t *testing.T) {
	tpl := loadTemplate(t)
	want := map[string][]string{
		"CreateLeadFunction":     {"dynamodb:GetItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:PutItem"},
		"VerifyEvidenceFunction": {"dynamodb:GetItem", "dynamodb:GetItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "s3:GetObject", "s3:PutObject", "textract:DetectDocumentText", "textract:GetDocumentTextDetection", "textract:StartDocumentTextDetection"},
		"GetProtocolsFunction":   nil,
	}
	for fn, wantActions := range want {
		t.Run(fn, func(t *testing.T) {
			props := node(t, tpl, "Resources", fn, "Properties")
			actions := functionActions(t, tpl, fn, func(action string, resource any) {
				if resource == "*" && !noResourceLevel[action] {
					t.Errorf("%s is granted %v on every resource", fn, action)
				}
			})
			slices.Sort(actions)
			slices.Sort(wantActions)
			if !slices.Equal(actions, wantActions) {
				t.Errorf("%s may %v, want exactly %v", fn, actions, wantActions)
			}
			for _, c := range []struct{ path, want string }{
				{"Runtime", "provided.al2023"}, {"Handler", "bootstrap"}, {"Architectures.0", "arm64"},
			} {
				got := ""
				if n := findOr(props, c.path); n != nil {
					got = n.Value
				} else {
					got = value(t, tpl, append([]string{"Globals", "Function"}, strings.Split(c.path, ".")...)...)
				}
				if got != c.want {
					t.Errorf("%s %s = %q, want %q", fn, c.path, got, c.want)
				}
			}
		})
	}
}

// functionActions are the actions fn's role allows beyond writing its own
// logs (its data policies), one entry a statement that names it; each is
// passed to check with its resource. fn must run as a role of the
// template's own, with no SAM Policies.
func functionActions(t *testing.T, tpl *yaml.Node, fn string, check func(action string, resource any)) []string {
	t.Helper()
	props := node(t, tpl, "Resources", fn, "Properties")
	role := strings.TrimSuffix(value(t, props, "Role"), ".Arn")
	if findOr(props, "Policies") != nil || role == "" || value(t, tpl, "Resources", role, "Type") != "AWS::IAM::Role" {
		t.Fatalf("%s must run as a role of its own (Role: !GetAtt <role>.Arn, no SAM Policies)", fn)
	}
	var actions []string
	for _, s := range dataStatements(t, tpl, role) {
		actions = append(actions, s.actions...)
		for _, a := range s.actions {
			check(a, s.resource)
		}
	}
	return actions
}

// TestDeployDocNamesEachFunctionsActions: docs/deploy.md's table of what
// each function's role allows names exactly the template's actions.
func TestDeployDocNamesEachFunctionsActions(t *testing.T) {
	tpl := loadTemplate(t)
	doc, err := os.ReadFile("../../docs/deploy.md")
	if err != nil {
		t.Fatal(err)
	}
	action := regexp.MustCompile("`([a-z0-9]+:[A-Za-z]+)`")
	for _, fn := range []string{"CreateLeadFunction", "VerifyEvidenceFunction", "GetProtocolsFunction"} {
		row := regexp.MustCompile(`(?m)^\| ` + strings.TrimSuffix(fn, "Function") + ` \|(.*)$`).FindSubmatch(doc)
		if row == nil {
			t.Errorf("docs/deploy.md has no row for %s", fn)
			continue
		}
		var documented []string
		for _, m := range action.FindAllSubmatch(row[1], -1) {
			documented = append(documented, string(m[1]))
		}
		granted := functionActions(t, tpl, fn, func(string, any) {})
		slices.Sort(documented)
		slices.Sort(granted)
		if documented, granted = slices.Compact(documented), slices.Compact(granted); !slices.Equal(documented, granted) {
			t.Errorf("docs/deploy.md says %s may %v; template.yaml grants %v", fn, documented, granted)
		}
	}
}

// findOr is node without failing: nil when the path is absent.
func findOr(n *yaml.Node, path string) *yaml.Node {
	cur := n
	for _, key := range strings.Split(path, ".") {
		var next *yaml.Node
		if cur.Kind == yaml.MappingNode {
			for j := 0; j+1 < len(cur.Content); j += 2 {
				if cur.Content[j].Value == key {
					next = cur.Content[j+1]
				}
			}
		}
		if next == nil {
			return nil
		}
		cur = next
	}
	return cur
}

// TestRetentionAndErasure: leads, verification records and quota counters
// expire through DynamoDB TTL, the lead and record retentions are
// parameters the functions are given, and a patient's leads are found by
// e-mail through an index that holds no address.
func TestRetentionAndErasure(t *testing.T) {
	tpl := loadTemplate(t)
	for _, table := range []string{"LeadsTable", "VerificationsTable", "QuotaTable"} {
		ttl := node(t, tpl, "Resources", table, "Properties", "TimeToLiveSpecification")
		if value(t, ttl, "AttributeName") != "expiresAt" || value(t, ttl, "Enabled") != "true" {
			t.Errorf("%s does not expire through DynamoDB TTL on expiresAt", table)
		}
	}
	for _, c := range []struct{ fn, env, param string }{
		{"CreateLeadFunction", "LEAD_RETENTION_DAYS", "LeadRetentionDays"},
		{"VerifyEvidenceFunction", "VERIFICATION_RETENTION_DAYS", "VerificationRetentionDays"},
		{"VerifyEvidenceFunction", "VERIFICATIONS_PER_LEAD_PER_DAY", "VerificationsPerLeadPerDay"},
		{"VerifyEvidenceFunction", "QUOTA_TABLE", "QuotaTable"},
	} {
		if got := value(t, tpl, "Resources", c.fn, "Properties", "Environment", "Variables", c.env); got != c.param {
			t.Errorf("%s %s = %q, want !Ref %s", c.fn, c.env, got, c.param)
		}
	}
	for param, def := range map[string]string{"LeadRetentionDays": "365", "VerificationRetentionDays": "365", "VerificationsPerLeadPerDay": "20"} {
		if got := value(t, tpl, "Parameters", param, "Default"); got != def {
			t.Errorf("parameter %s defaults to %s, want %s (docs/security.md states it)", param, got, def)
		}
	}
	index := node(t, tpl, "Resources", "LeadsTable", "Properties", "GlobalSecondaryIndexes", "0")
	if value(t, index, "IndexName") != "byEmail" || value(t, index, "KeySchema", "0", "AttributeName") != "emailKey" {
		t.Errorf("LeadsTable has no byEmail index on emailKey")
	}
	if got := value(t, index, "Projection", "ProjectionType"); got != "KEYS_ONLY" {
		t.Errorf("byEmail projects %s: the index would copy addresses and intake data", got)
	}
	for _, output := range []string{"LeadsTableName", "VerificationsTableName", "IdempotencyTableName", "QuotaTableName", "EvidenceBucketName"} {
		node(t, tpl, "Outputs", output, "Value") // make erase STACK=... resolves names from these
	}
}
