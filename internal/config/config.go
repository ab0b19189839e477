// Package config reads the service's settings from the environment. Every
// variable is listed in README.md; main packages call Load with os.Getenv,
// tests with a map.
package config

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clinicplatform/intake/internal/metrics"
)

// Config is every setting of every entry point; each uses what it needs.
type Config struct {
	Market string // "uk" or "us": protocol catalogue, date order on documents

	LeadsTable         string
	VerificationsTable string
	IdempotencyTable   string
	QuotaTable         string
	EvidenceBucket     string
	// S3UsePathStyle addresses buckets by path, as local S3 emulators need.
	S3UsePathStyle bool

	LeadBodyLimit     int64
	EvidenceFileLimit int64
	EvidenceMaxAge    time.Duration
	// VerificationsPerLeadPerDay caps verify-evidence requests per userId
	// and UTC day; 0 turns the quota off.
	VerificationsPerLeadPerDay int
	// LeadRetention and VerificationRetention set the DynamoDB TTL written
	// on leads and verification records; 0 writes none.
	LeadRetention         time.Duration
	VerificationRetention time.Duration

	// TextReader is "textract" (deployed) or "local" (PDF text layer plus
	// Tesseract when installed).
	TextReader string

	CORSAllowedOrigins []string
	LogLevel           slog.Level
	// MetricsNamespace is the CloudWatch namespace of the embedded-format
	// metrics written to stdout; empty writes none.
	MetricsNamespace string

	// Local API only.
	Port    string
	DataDir string
}

// Load reads the environment through getenv, applying defaults.
func Load(getenv func(string) string) (Config, error) {
	c := Config{
		Market:             strings.ToLower(or(getenv("MARKET"), "uk")),
		LeadsTable:         getenv("LEADS_TABLE"),
		VerificationsTable: getenv("VERIFICATIONS_TABLE"),
		IdempotencyTable:   getenv("IDEMPOTENCY_TABLE"),
		QuotaTable:         getenv("QUOTA_TABLE"),
		EvidenceBucket:     getenv("EVIDENCE_BUCKET"),
		S3UsePathStyle:     getenv("S3_USE_PATH_STYLE") == "true",
		TextReader:         or(getenv("TEXT_READER"), "local"),
		Port:               or(getenv("PORT"), "3000"),
		DataDir:            or(getenv("DATA_DIR"), ".local"),
		MetricsNamespace:   getenv("METRICS_NAMESPACE"),
	}
	var errs []error
	if c.Market != "uk" && c.Market != "us" {
		errs = append(errs, fmt.Errorf("MARKET must be uk or us, not %q", c.Market))
	}
	if c.TextReader != "textract" && c.TextReader != "local" {
		errs = append(errs, fmt.Errorf("TEXT_READER must be textract or local, not %q", c.TextReader))
	}
	var err error
	if c.LeadBodyLimit, err = positive(getenv, "LEAD_BODY_LIMIT_BYTES", 64<<10); err != nil {
		errs = append(errs, err)
	}
	if c.EvidenceFileLimit, err = positive(getenv, "EVIDENCE_FILE_LIMIT_BYTES", 4_000_000); err != nil {
		errs = append(errs, err)
	}
	days, err := positive(getenv, "EVIDENCE_MAX_AGE_DAYS", 90)
	if err != nil {
		errs = append(errs, err)
	}
	c.EvidenceMaxAge = time.Duration(days) * 24 * time.Hour
	perDay, err := nonNegative(getenv, "VERIFICATIONS_PER_LEAD_PER_DAY", 20)
	if err != nil {
		errs = append(errs, err)
	}
	c.VerificationsPerLeadPerDay = int(perDay)
	leadDays, err := nonNegative(getenv, "LEAD_RETENTION_DAYS", 0)
	if err != nil {
		errs = append(errs, err)
	}
	c.LeadRetention = time.Duration(leadDays) * 24 * time.Hour
	recordDays, err := nonNegative(getenv, "VERIFICATION_RETENTION_DAYS", 0)
	if err != nil {
		errs = append(errs, err)
	}
	c.VerificationRetention = time.Duration(recordDays) * 24 * time.Hour
	for _, o := range strings.Split(getenv("CORS_ALLOWED_ORIGINS"), ",") {
		// A browser's Origin never ends in "/"; tolerate it in the setting.
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
			c.CORSAllowedOrigins = append(c.CORSAllowedOrigins, o)
		}
	}
	if !validNamespace(c.MetricsNamespace) {
		errs = append(errs, fmt.Errorf("METRICS_NAMESPACE must be up to 255 letters, digits and . - _ / # : (not starting AWS/), not %q", c.MetricsNamespace))
	}
	if err := c.LogLevel.UnmarshalText([]byte(or(getenv("LOG_LEVEL"), "info"))); err != nil {
		errs = append(errs, fmt.Errorf("LOG_LEVEL: %w", err))
	}
	return c, errors.Join(errs...)
}

// Require fails naming every setting in names whose value is empty.
func Require(settings map[string]string) error {
	var missing []string
	for name, value := range settings {
		if value == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	slices.Sort(missing)
	return fmt.Errorf("missing required setting(s): %s", strings.Join(missing, ", "))
}

func positive(getenv func(string) string, name string, def int64) (int64, error) {
	v := getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return def, fmt.Errorf("%s must be a positive whole number, not %q", name, v)
	}
	return n, nil
}

func nonNegative(getenv func(string) string, name string, def int64) (int64, error) {
	v := getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil || n < 0 {
		return def, fmt.Errorf("%s must be a whole number, 0 or more, not %q", name, v)
	}
	return n, nil
}

// validNamespace: CloudWatch's rule for a custom namespace ("" is off).
func validNamespace(ns string) bool {
	if len(ns) > 255 || strings.HasPrefix(ns, "AWS/") {
		return false
	}
	for _, c := range ns {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune(".-_/#: ", c)) {
			return false
		}
	}
	return true
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// Metrics writes the service's metrics in CloudWatch embedded metric format
// to w, or nothing (nil) when no namespace is set.
func (c Config) Metrics(w io.Writer) *metrics.EMF {
	if c.MetricsNamespace == "" {
		return nil
	}
	return metrics.New(w, c.MetricsNamespace, c.Market)
}

// Logger is the service's JSON logger at the configured level.
func (c Config) Logger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: c.LogLevel}))
}
