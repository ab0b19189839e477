// Package config owns the service's settings: each binary's typed config
// struct below declares the environment variables it reads, once, with the
// name, default and rule on the field (Load reads the tags). Settings more
// than one binary reads are declared once in a struct they embed. Every
// variable is listed in README.md; main packages call Load with os.Getenv
// (functions that call AWS through awsenv.LoadFunction), tests with a map.
package config

import (
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/clinicplatform/intake/internal/metrics"
)

// Common is what every function reads.
type Common struct {
	// Market is "uk" or "us": protocol catalogue, date order on documents.
	Market             string     `env:"MARKET, default=uk, lower, oneof=uk|us"`
	CORSAllowedOrigins Origins    `env:"CORS_ALLOWED_ORIGINS"`
	LogLevel           slog.Level `env:"LOG_LEVEL, default=info"`
	// MetricsNamespace is the CloudWatch namespace of the embedded-format
	// metrics written to stdout; empty writes none.
	MetricsNamespace Namespace `env:"METRICS_NAMESPACE"`
}

// LeadLimits bound a create-lead request.
type LeadLimits struct {
	LeadBodyLimit int64 `env:"LEAD_BODY_LIMIT_BYTES, default=65536, min=1"`
}

// EvidenceRules bound and judge a verify-evidence request.
type EvidenceRules struct {
	EvidenceFileLimit int64         `env:"EVIDENCE_FILE_LIMIT_BYTES, default=4000000, min=1"`
	EvidenceMaxAge    time.Duration `env:"EVIDENCE_MAX_AGE_DAYS, default=90, min=1, unit=days"`
	// VerificationsPerLeadPerDay caps verify-evidence requests per userId
	// and UTC day; 0 turns the quota off.
	VerificationsPerLeadPerDay int `env:"VERIFICATIONS_PER_LEAD_PER_DAY, default=20, min=0"`
	// EvidenceMaxPages is the page cap: a PDF or TIFF with more pages is
	// refused (400) before anything reads it.
	EvidenceMaxPages int `env:"EVIDENCE_MAX_PAGES, default=5, min=1"`
	// TextReaderPagesPerDay is the stack's daily allowance of pages read by
	// OCR (Textract deployed, Tesseract locally); past it, 503 until the
	// next UTC day. 0 turns it off.
	TextReaderPagesPerDay int `env:"TEXT_READER_PAGES_PER_DAY, default=3000, min=0"`
	// VerificationsPerDay is the stack's daily allowance of verifications
	// staged and recorded, all leads together; past it, 503 until the next
	// UTC day. 0 turns it off.
	VerificationsPerDay int `env:"VERIFICATIONS_PER_DAY, default=5000, min=0"`
}

// CreateLead is the create-lead function's configuration.
type CreateLead struct {
	Common
	LeadLimits
	LeadsTable       string `env:"LEADS_TABLE, required"`
	IdempotencyTable string `env:"IDEMPOTENCY_TABLE, required"`
	// LeadRetention sets the DynamoDB TTL written on leads; 0 writes none.
	LeadRetention time.Duration `env:"LEAD_RETENTION_DAYS, default=0, min=0, unit=days"`
}

// VerifyEvidence is the verify-evidence function's configuration.
type VerifyEvidence struct {
	Common
	EvidenceRules
	LeadsTable         string `env:"LEADS_TABLE, required"`
	VerificationsTable string `env:"VERIFICATIONS_TABLE, required"`
	QuotaTable         string `env:"QUOTA_TABLE, required"`
	EvidenceBucket     string `env:"EVIDENCE_BUCKET, required"`
	// S3UsePathStyle addresses buckets by path, as local S3 emulators need.
	S3UsePathStyle bool `env:"S3_USE_PATH_STYLE"`
	// VerificationRetention sets the DynamoDB TTL written on verification
	// records; 0 writes none.
	VerificationRetention time.Duration `env:"VERIFICATION_RETENTION_DAYS, default=0, min=0, unit=days"`
	// TextReader is "textract" (deployed) or "local" (PDF text layer plus
	// Tesseract when installed).
	TextReader string `env:"TEXT_READER, default=local, oneof=textract|local"`
}

// GetProtocols is the get-protocols function's configuration.
type GetProtocols struct {
	Common
}

// LocalAPI is cmd/local-api's configuration: every route, embedded storage.
type LocalAPI struct {
	Common
	LeadLimits
	EvidenceRules
	Host    string `env:"HOST, default=127.0.0.1"`
	Port    string `env:"PORT, default=3000"`
	DataDir string `env:"DATA_DIR, default=.local"`
	// TextReader is "local" (PDF text layer plus Tesseract) or "textract":
	// the production reader (internal/textract, the AWS SDK) against the
	// Textract stand-in at TextractEndpoint (cmd/textract-standin), which
	// must be on this machine: the local API never sends a document to AWS.
	TextReader       string      `env:"TEXT_READER, default=local, oneof=textract|local"`
	TextractEndpoint LoopbackURL `env:"AWS_ENDPOINT_URL_TEXTRACT"`
}

// LoopbackURL is an http URL on this machine (127.0.0.1, ::1 or
// localhost); "" is unset.
type LoopbackURL string

// Set takes an http URL whose host is a loopback address.
func (u *LoopbackURL) Set(v string) error {
	if v == "" {
		*u = ""
		return nil
	}
	p, err := url.Parse(v)
	host := ""
	if err == nil {
		host = p.Hostname()
	}
	ip := net.ParseIP(host)
	if err != nil || p.Scheme != "http" || !(host == "localhost" || ip != nil && ip.IsLoopback()) {
		return fmt.Errorf("must be an http URL on this machine (127.0.0.1, ::1 or localhost), not %q", v)
	}
	*u = LoopbackURL(v)
	return nil
}

// Origins is a comma-separated list of browser origins.
type Origins []string

// Set takes the list; blanks are dropped and a trailing "/" (which a
// browser's Origin never has) is tolerated.
func (o *Origins) Set(v string) error {
	*o = nil
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimRight(strings.TrimSpace(s), "/"); s != "" {
			*o = append(*o, s)
		}
	}
	return nil
}

// Namespace is a CloudWatch custom namespace; "" is off.
type Namespace string

// Set takes CloudWatch's rule for a custom namespace.
func (n *Namespace) Set(v string) error {
	if !validNamespace(v) {
		return fmt.Errorf("must be up to 255 letters, digits and . - _ / # : (not starting AWS/), not %q", v)
	}
	*n = Namespace(v)
	return nil
}

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

// Metrics writes the service's metrics in CloudWatch embedded metric format
// to w, or nothing (nil) when no namespace is set.
func (c Common) Metrics(w io.Writer) *metrics.EMF {
	if c.MetricsNamespace == "" {
		return nil
	}
	return metrics.New(w, string(c.MetricsNamespace), c.Market)
}

// Logger is the service's JSON logger at the configured level.
func (c Common) Logger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: c.LogLevel}))
}

// DataRights is cmd/datarights' configuration (make erase, make export):
// whose data, where, and the stack's store names when given (otherwise
// they are read from the stack's outputs).
type DataRights struct {
	Email   string `env:"EMAIL"`
	LeadID  string `env:"LEAD_ID"`
	Out     string `env:"OUT"`
	DataDir string `env:"DATA_DIR, default=.local"`
	// Stack is "uk" or "us" (checked where it is used, with its region);
	// empty works on the local store in DataDir.
	Stack     string `env:"STACK"`
	StackName string `env:"STACK_NAME"`
	Region    string `env:"AWS_REGION"`

	LeadsTable         string `env:"LEADS_TABLE"`
	VerificationsTable string `env:"VERIFICATIONS_TABLE"`
	IdempotencyTable   string `env:"IDEMPOTENCY_TABLE"`
	QuotaTable         string `env:"QUOTA_TABLE"`
	EvidenceBucket     string `env:"EVIDENCE_BUCKET"`
	S3UsePathStyle     bool   `env:"S3_USE_PATH_STYLE"`
}

// Review is cmd/review's configuration (make review): which verifications,
// where their pages go (Out; DataDir/review when empty), and where the
// records are: the local store in DataDir, or a stack found as DataRights
// finds one, its table and bucket names given or read from its outputs.
type Review struct {
	ID      string `env:"ID"`
	LeadID  string `env:"LEAD_ID"`
	Out     string `env:"OUT"`
	DataDir string `env:"DATA_DIR, default=.local"`
	// Host and Port are where make run listens: a page asked for while it
	// holds DataDir is fetched from its /review/{id}.
	Host string `env:"HOST, default=127.0.0.1"`
	Port string `env:"PORT, default=3000"`

	Stack     string `env:"STACK"`
	StackName string `env:"STACK_NAME"`
	Region    string `env:"AWS_REGION"`

	LeadsTable         string `env:"LEADS_TABLE"`
	VerificationsTable string `env:"VERIFICATIONS_TABLE"`
	EvidenceBucket     string `env:"EVIDENCE_BUCKET"`
	S3UsePathStyle     bool   `env:"S3_USE_PATH_STYLE"`
}
