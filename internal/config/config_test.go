package config

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadDefaults(t *testing.T) {
	got, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Market:            "uk",
		LeadBodyLimit:     64 << 10,
		EvidenceFileLimit: 4_000_000,
		EvidenceMaxAge:    90 * 24 * time.Hour,
		TextReader:        "local",

		VerificationsPerLeadPerDay: 20,
		LogLevel:                   slog.LevelInfo,
		Port:                       "3000",
		DataDir:                    ".local",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("defaults (-want +got):\n%s", diff)
	}
}

func TestLoadEverySetting(t *testing.T) {
	got, err := Load(env(map[string]string{
		"MARKET": "US", "LEADS_TABLE": "leads", "VERIFICATIONS_TABLE": "verifications",
		"IDEMPOTENCY_TABLE": "keys", "EVIDENCE_BUCKET": "bucket", "QUOTA_TABLE": "quota",
		"VERIFICATIONS_PER_LEAD_PER_DAY": "0", "LEAD_RETENTION_DAYS": "365", "VERIFICATION_RETENTION_DAYS": "30",
		"LEAD_BODY_LIMIT_BYTES": "1024", "EVIDENCE_FILE_LIMIT_BYTES": "2048", "EVIDENCE_MAX_AGE_DAYS": "30",
		"TEXT_READER": "textract", "CORS_ALLOWED_ORIGINS": " https://a.example.com/, ,https://b.example.com",
		"LOG_LEVEL": "debug", "PORT": "8080", "DATA_DIR": "/tmp/x", "METRICS_NAMESPACE": "ClinicIntake/clinic-intake-us",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Market: "us", LeadsTable: "leads", VerificationsTable: "verifications", IdempotencyTable: "keys",
		QuotaTable: "quota", LeadRetention: 365 * 24 * time.Hour, VerificationRetention: 30 * 24 * time.Hour,
		EvidenceBucket: "bucket", LeadBodyLimit: 1024, EvidenceFileLimit: 2048,
		EvidenceMaxAge: 30 * 24 * time.Hour, TextReader: "textract",
		CORSAllowedOrigins: []string{"https://a.example.com", "https://b.example.com"},
		LogLevel:           slog.LevelDebug, Port: "8080", DataDir: "/tmp/x",
		MetricsNamespace: "ClinicIntake/clinic-intake-us",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("config (-want +got):\n%s", diff)
	}
}

func TestLoadRejectsBadValuesAllAtOnce(t *testing.T) {
	_, err := Load(env(map[string]string{
		"MARKET": "fr", "TEXT_READER": "magic", "LEAD_BODY_LIMIT_BYTES": "-1",
		"EVIDENCE_FILE_LIMIT_BYTES": "4MB", "EVIDENCE_MAX_AGE_DAYS": "0", "LOG_LEVEL": "loud",
		"VERIFICATIONS_PER_LEAD_PER_DAY": "-1", "LEAD_RETENTION_DAYS": "a year",
		"METRICS_NAMESPACE": "AWS/Lambda",
	}))
	if err == nil {
		t.Fatal("Load accepted bad settings")
	}
	for _, name := range []string{"MARKET", "TEXT_READER", "LEAD_BODY_LIMIT_BYTES", "EVIDENCE_FILE_LIMIT_BYTES", "EVIDENCE_MAX_AGE_DAYS", "LOG_LEVEL", "VERIFICATIONS_PER_LEAD_PER_DAY", "LEAD_RETENTION_DAYS", "METRICS_NAMESPACE"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error does not name %s: %v", name, err)
		}
	}
}

func TestRequire(t *testing.T) {
	if err := Require(map[string]string{"A": "x"}); err != nil {
		t.Errorf("Require with all set: %v", err)
	}
	err := Require(map[string]string{"B_TABLE": "", "A_TABLE": "", "C": "set"})
	if err == nil || err.Error() != "missing required setting(s): A_TABLE, B_TABLE" {
		t.Errorf("Require = %v", err)
	}
}

func TestMetricsOnlyWithANamespace(t *testing.T) {
	var out strings.Builder
	off, _ := Load(env(nil))
	off.Metrics(&out).LeadCreated(false)
	if out.Len() != 0 {
		t.Errorf("metrics written with no METRICS_NAMESPACE: %s", out.String())
	}
	on, _ := Load(env(map[string]string{"METRICS_NAMESPACE": "ClinicIntake/x", "MARKET": "us"}))
	on.Metrics(&out).LeadCreated(false)
	if !strings.Contains(out.String(), `"Namespace":"ClinicIntake/x"`) || !strings.Contains(out.String(), `"Market":"us"`) {
		t.Errorf("metrics line = %s", out.String())
	}
}
