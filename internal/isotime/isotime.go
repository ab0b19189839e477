// Package isotime owns the service's one timestamp format: ISO 8601 in UTC
// with milliseconds and a Z ("2026-11-21T10:04:05.123Z"), as the interface
// writes it (createdAt, error envelopes) and as stores and data-rights
// exports keep it. It imports nothing but the standard library.
package isotime

import "time"

// Layout is the format, for time.Format.
const Layout = "2006-01-02T15:04:05.000Z"

// Format writes t in UTC as Layout.
func Format(t time.Time) string { return t.UTC().Format(Layout) }

// Parse reads a timestamp written by Format (or any RFC 3339 time).
func Parse(s string) (time.Time, error) { return time.Parse(time.RFC3339Nano, s) }
