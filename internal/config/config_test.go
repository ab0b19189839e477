package config

import (
	"log/slog"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/evidence"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// required is what each function's settings need to load at all.
var required = map[string]string{
	"LEADS_TABLE": "leads", "IDEMPOTENCY_TABLE": "keys", "VERIFICATIONS_TABLE": "verifications",
	"EVIDENCE_BUCKET": "bucket", "QUOTA_TABLE": "quota",
}

var defaultCommon = Common{Market: "uk", LogLevel: slog.LevelInfo}

func TestLoadDefaults(t *testing.T) {
	tests := []struct {
		name string
		got  any
		want any
	}{
		{name: "create-lead", got: &CreateLead{}, want: &CreateLead{
			Common: defaultCommon, LeadLimits: LeadLimits{LeadBodyLimit: 64 << 10},
			LeadsTable: "leads", IdempotencyTable: "keys",
		}},
		{name: "verify-evidence", got: &VerifyEvidence{}, want: &VerifyEvidence{
			Common: defaultCommon,
			EvidenceRules: EvidenceRules{EvidenceFileLimit: 4_000_000, EvidenceMaxAge: 90 * 24 * time.Hour,
				VerificationsPerLeadPerDay: 20, EvidenceMaxPages: 5, TextReaderPagesPerDay: 3000, VerificationsPerDay: 5000},
			LeadsTable: "leads", VerificationsTable: "verifications", QuotaTable: "quota", EvidenceBucket: "bucket",
			TextReader: "local",
		}},
		{name: "get-protocols", got: &GetProtocols{}, want: &GetProtocols{Common: defaultCommon}},
		{name: "local-api", got: &LocalAPI{}, want: &LocalAPI{
			Common: defaultCommon, LeadLimits: LeadLimits{LeadBodyLimit: 64 << 10},
			EvidenceRules: EvidenceRules{EvidenceFileLimit: 4_000_000, EvidenceMaxAge: 90 * 24 * time.Hour,
				VerificationsPerLeadPerDay: 20, EvidenceMaxPages: 5, TextReaderPagesPerDay: 3000, VerificationsPerDay: 5000},
			Host: "127.0.0.1", Port: "3000", DataDir: ".local", TextReader: "local",
		}},
		{name: "datarights", got: &DataRights{}, want: &DataRights{
			DataDir: ".local", LeadsTable: "leads", IdempotencyTable: "keys", VerificationsTable: "verifications",
			EvidenceBucket: "bucket", QuotaTable: "quota",
		}},
		{name: "review", got: &Review{}, want: &Review{
			DataDir: ".local", Host: "127.0.0.1", Port: "3000", LeadsTable: "leads", VerificationsTable: "verifications",
			EvidenceBucket: "bucket",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Load(env(required), tt.got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("defaults (-want +got):\n%s", diff)
			}
		})
	}
}

// The defaults on the tags are the ones the packages fall back on when
// given zero, so a test or tool that wires a package directly agrees.
func TestDefaultsAgreeWithThePackages(t *testing.T) {
	var c LocalAPI
	if err := Load(env(nil), &c); err != nil {
		t.Fatal(err)
	}
	if c.LeadBodyLimit != api.DefaultLeadBodyLimit || c.EvidenceFileLimit != api.DefaultEvidenceFileLimit ||
		c.EvidenceMaxAge != evidence.DefaultMaxAge || c.EvidenceMaxPages != evidence.DefaultMaxPages {
		t.Errorf("defaults %d, %d, %v; the packages' %d, %d, %v", c.LeadBodyLimit, c.EvidenceFileLimit, c.EvidenceMaxAge,
			api.DefaultLeadBodyLimit, api.DefaultEvidenceFileLimit, evidence.DefaultMaxAge)
	}
}

func TestLoadEverySetting(t *testing.T) {
	all := map[string]string{
		"MARKET": "US", "LEADS_TABLE": "leads", "VERIFICATIONS_TABLE": "verifications",
		"IDEMPOTENCY_TABLE": "keys", "EVIDENCE_BUCKET": "bucket", "QUOTA_TABLE": "quota",
		"VERIFICATIONS_PER_LEAD_PER_DAY": "0", "LEAD_RETENTION_DAYS": "365", "VERIFICATION_RETENTION_DAYS": "30",
		"LEAD_BODY_LIMIT_BYTES": "1024", "EVIDENCE_FILE_LIMIT_BYTES": "2048", "EVIDENCE_MAX_AGE_DAYS": "30",
		"TEXT_READER": "textract", "CORS_ALLOWED_ORIGINS": " https://a.example.com/, ,https://b.example.com",
		"LOG_LEVEL": "debug", "PORT": "8080", "HOST": "0.0.0.0", "DATA_DIR": "/tmp/x", "METRICS_NAMESPACE": "ClinicIntake/clinic-intake-us",
		"EVIDENCE_MAX_PAGES": "3", "TEXT_READER_PAGES_PER_DAY": "100", "VERIFICATIONS_PER_DAY": "0",
		"S3_USE_PATH_STYLE": "true", "EMAIL": "ada@example.com", "STACK": "us", "STACK_NAME": "s", "AWS_REGION": "eu-west-1",
		"ID": "9b2f4c1e-0d7a-4e5b-8c3f-1a2b3c4d5e6f", "OUT": "/tmp/reviews",
		"AWS_ENDPOINT_URL_TEXTRACT": "http://127.0.0.1:4599",
	}
	common := Common{Market: "us", CORSAllowedOrigins: Origins{"https://a.example.com", "https://b.example.com"},
		LogLevel: slog.LevelDebug, MetricsNamespace: "ClinicIntake/clinic-intake-us"}
	rules := EvidenceRules{EvidenceFileLimit: 2048, EvidenceMaxAge: 30 * 24 * time.Hour,
		EvidenceMaxPages: 3, TextReaderPagesPerDay: 100}
	tests := []struct {
		name string
		got  any
		want any
	}{
		{name: "create-lead", got: &CreateLead{}, want: &CreateLead{
			Common: common, LeadLimits: LeadLimits{LeadBodyLimit: 1024}, LeadsTable: "leads", IdempotencyTable: "keys",
			LeadRetention: 365 * 24 * time.Hour,
		}},
		{name: "verify-evidence", got: &VerifyEvidence{}, want: &VerifyEvidence{
			Common: common, EvidenceRules: rules, LeadsTable: "leads", VerificationsTable: "verifications",
			QuotaTable: "quota", EvidenceBucket: "bucket", S3UsePathStyle: true,
			VerificationRetention: 30 * 24 * time.Hour, TextReader: "textract",
		}},
		{name: "get-protocols", got: &GetProtocols{}, want: &GetProtocols{Common: common}},
		{name: "local-api", got: &LocalAPI{}, want: &LocalAPI{
			Common: common, LeadLimits: LeadLimits{LeadBodyLimit: 1024}, EvidenceRules: rules,
			Host: "0.0.0.0", Port: "8080", DataDir: "/tmp/x",
			TextReader: "textract", TextractEndpoint: "http://127.0.0.1:4599",
		}},
		{name: "datarights", got: &DataRights{}, want: &DataRights{
			Email: "ada@example.com", Stack: "us", StackName: "s", Region: "eu-west-1", DataDir: "/tmp/x", Out: "/tmp/reviews",
			LeadsTable: "leads", VerificationsTable: "verifications", IdempotencyTable: "keys", QuotaTable: "quota",
			EvidenceBucket: "bucket", S3UsePathStyle: true,
		}},
		{name: "review", got: &Review{}, want: &Review{
			ID: "9b2f4c1e-0d7a-4e5b-8c3f-1a2b3c4d5e6f", Out: "/tmp/reviews", Stack: "us", StackName: "s", Region: "eu-west-1",
			DataDir: "/tmp/x", Host: "0.0.0.0", Port: "8080",
			LeadsTable: "leads", VerificationsTable: "verifications", EvidenceBucket: "bucket", S3UsePathStyle: true,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Load(env(all), tt.got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("config (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLoadNamesEveryMissingSetting(t *testing.T) {
	tests := []struct {
		name   string
		target any
		want   string
	}{
		{name: "create-lead", target: &CreateLead{}, want: "missing required setting(s): IDEMPOTENCY_TABLE, LEADS_TABLE"},
		{name: "verify-evidence", target: &VerifyEvidence{},
			want: "missing required setting(s): EVIDENCE_BUCKET, LEADS_TABLE, QUOTA_TABLE, VERIFICATIONS_TABLE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Load(env(map[string]string{"LEADS_TABLE": ""}), tt.target)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Load = %v, want %q", err, tt.want)
			}
		})
	}
	if err := Load(env(nil), &GetProtocols{}); err != nil {
		t.Errorf("get-protocols requires nothing, Load = %v", err)
	}
}

func TestLoadRejectsBadValuesAllAtOnce(t *testing.T) {
	bad := map[string]string{
		"MARKET": "fr", "TEXT_READER": "magic", "LEAD_BODY_LIMIT_BYTES": "-1",
		"EVIDENCE_FILE_LIMIT_BYTES": "4MB", "EVIDENCE_MAX_AGE_DAYS": "0", "LOG_LEVEL": "loud",
		"VERIFICATIONS_PER_LEAD_PER_DAY": "-1", "LEAD_RETENTION_DAYS": "a year",
		"VERIFICATION_RETENTION_DAYS": "3000000000", "METRICS_NAMESPACE": "AWS/Lambda",
		"EVIDENCE_MAX_PAGES": "0", "TEXT_READER_PAGES_PER_DAY": "lots",
		"AWS_ENDPOINT_URL_TEXTRACT": "https://textract.us-east-1.amazonaws.com",
	}
	tests := []struct {
		name   string
		target any
		names  []string
	}{
		{name: "create-lead", target: &CreateLead{}, names: []string{"MARKET", "LEAD_BODY_LIMIT_BYTES", "LOG_LEVEL", "LEAD_RETENTION_DAYS", "METRICS_NAMESPACE", "LEADS_TABLE"}},
		{name: "verify-evidence", target: &VerifyEvidence{}, names: []string{"MARKET", "TEXT_READER", "EVIDENCE_FILE_LIMIT_BYTES", "EVIDENCE_MAX_AGE_DAYS", "LOG_LEVEL", "VERIFICATIONS_PER_LEAD_PER_DAY", "VERIFICATION_RETENTION_DAYS", "METRICS_NAMESPACE", "EVIDENCE_MAX_PAGES", "TEXT_READER_PAGES_PER_DAY"}},
		{name: "local-api", target: &LocalAPI{}, names: []string{"MARKET", "LEAD_BODY_LIMIT_BYTES", "EVIDENCE_FILE_LIMIT_BYTES", "EVIDENCE_MAX_AGE_DAYS", "LOG_LEVEL", "VERIFICATIONS_PER_LEAD_PER_DAY", "METRICS_NAMESPACE", "EVIDENCE_MAX_PAGES", "TEXT_READER_PAGES_PER_DAY", "TEXT_READER", "AWS_ENDPOINT_URL_TEXTRACT"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Load(env(bad), tt.target)
			if err == nil {
				t.Fatal("Load accepted bad settings")
			}
			for _, name := range tt.names {
				if !strings.Contains(err.Error(), name) {
					t.Errorf("error does not name %s: %v", name, err)
				}
			}
		})
	}
	err := Load(env(bad), &LocalAPI{})
	for _, want := range []string{
		`MARKET must be uk or us, not "fr"`,
		`LEAD_BODY_LIMIT_BYTES must be a positive whole number, not "-1"`,
		`VERIFICATIONS_PER_LEAD_PER_DAY must be a whole number, 0 or more, not "-1"`,
		`METRICS_NAMESPACE must be up to 255 letters`,
		`LOG_LEVEL: `,
		// The local API never sends a document to AWS.
		`AWS_ENDPOINT_URL_TEXTRACT must be an http URL on this machine`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
}

func TestMetricsOnlyWithANamespace(t *testing.T) {
	var out strings.Builder
	var off, on GetProtocols
	if err := Load(env(nil), &off); err != nil {
		t.Fatal(err)
	}
	off.Metrics(&out).LeadCreated(false)
	if out.Len() != 0 {
		t.Errorf("metrics written with no METRICS_NAMESPACE: %s", out.String())
	}
	if err := Load(env(map[string]string{"METRICS_NAMESPACE": "ClinicIntake/x", "MARKET": "us"}), &on); err != nil {
		t.Fatal(err)
	}
	on.Metrics(&out).LeadCreated(false)
	if !strings.Contains(out.String(), `"Namespace":"ClinicIntake/x"`) || !strings.Contains(out.String(), `"Market":"us"`) {
		t.Errorf("metrics line = %s", out.String())
	}
}

// TestREADMEListsEveryVariable keeps the package comment's promise: every
// variable a config struct reads has a row in README.md's table.
func TestREADMEListsEveryVariable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			if tag, ok := f.Tag.Lookup("env"); ok {
				names = append(names, parseTag(tag).name)
			} else if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
			}
		}
	}
	for _, c := range []any{CreateLead{}, VerifyEvidence{}, GetProtocols{}, LocalAPI{}, DataRights{}, Review{}} {
		walk(reflect.TypeOf(c))
	}
	if len(names) < 20 {
		t.Fatalf("found %d variables; the walk is missing some", len(names))
	}
	for _, name := range names {
		if !strings.Contains(string(readme), "`"+name+"`") {
			t.Errorf("README.md's configuration table does not name `%s`", name)
		}
	}
}

func TestLoopbackURL(t *testing.T) {
	for v, ok := range map[string]bool{
		"":                       true,
		"http://127.0.0.1:4599":  true,
		"http://localhost:4599/": true,
		"http://[::1]:4599":      true,
		"http://127.0.0.2:80":    true,
		"https://127.0.0.1:4599": false, // the stand-in speaks plain http
		"http://10.0.0.5:4599":   false,
		"http://0.0.0.0:4599":    false,
		"https://textract.us-east-1.amazonaws.com": false,
		"http://localhost.example.com":             false,
		"127.0.0.1:4599":                           false,
	} {
		var u LoopbackURL
		if err := u.Set(v); (err == nil) != ok {
			t.Errorf("Set(%q) = %v, want ok %t", v, err, ok)
		}
	}
}
