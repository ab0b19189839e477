// Command verify-evidence is the Lambda function behind
// POST /external/v1/prescriptions/verify-evidence.
package main

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/awsenv"
	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/pagecount"
	"github.com/clinicplatform/intake/internal/pageimage"
	"github.com/clinicplatform/intake/internal/quota"
	"github.com/clinicplatform/intake/internal/s3store"
	"github.com/clinicplatform/intake/internal/textract"
)

func main() { lambdahttp.Start("verify-evidence", newHandler) }

// heifDecoder is cmd/heif-decode's name beside the bootstrap (Makefile.build).
const heifDecoder = "heif-decode"

// newHandler does all init work once per cold start.
func newHandler(ctx context.Context, getenv func(string) string, logOut io.Writer) (http.Handler, error) {
	var cfg config.VerifyEvidence
	awsCfg, err := awsenv.LoadFunction(ctx, getenv, &cfg)
	if err != nil {
		return nil, err
	}
	db := dynamo.NewClient(awsCfg)
	// Embedded-format metrics share stdout with the log lines.
	emf := cfg.Metrics(logOut)
	counters := &dynamo.QuotaStore{Client: db, Table: cfg.QuotaTable}
	// The stack's daily allowances: pages sent to the text reader, and
	// verifications staged (docs/operations.md, "Spend").
	readerPages := &quota.Daily{Counter: counters, Subject: quota.SubjectTextReaderPages,
		PerDay: cfg.TextReaderPagesPerDay, What: "pages read", Usage: emf.TextReaderPagesToday}
	verifications := &quota.Daily{Counter: counters, Subject: quota.SubjectVerifications,
		PerDay: cfg.VerificationsPerDay, What: "verifications", Usage: emf.VerificationsToday}
	// PDFs' text layers are read in process; images and scans go to
	// Textract, or with TEXT_READER=local to Tesseract where it is
	// installed (sam local, make bench).
	// Images claiming more pixels than any label needs are refused before
	// Textract is paid to look at them; Textract takes its pages from the
	// allowance at each call it bills, and a retry reuses its job.
	reader := docread.NewWithOCR(textract.Reader{Client: textract.NewClient(awsCfg), Bucket: cfg.EvidenceBucket, Usage: emf,
		Budget: readerPages, Jobs: &dynamo.JobStore{Client: db, Table: cfg.QuotaTable}}).WithMaxPages(cfg.EvidenceMaxPages)
	if cfg.TextReader == "local" {
		reader = docread.NewWithTesseract(ctx).WithMaxPages(cfg.EvidenceMaxPages)
		reader.OCR = evidence.BudgetedReader{Next: reader.OCR, Budget: readerPages}
	}
	// HEIC and AVIF are decoded by a helper program packaged beside the
	// bootstrap, started only for such a file (docs/performance.md).
	reader.Pages.HEIF = pageimage.Command{Path: heifDecoder}
	reader.Pages.MaxPages = cfg.EvidenceMaxPages
	leadQuota := &quota.Verifications{Counter: counters, PerDay: cfg.VerificationsPerLeadPerDay}
	verifier, err := evidence.NewService(cfg.Market, cfg.EvidenceMaxAge, evidence.Deps{
		Stager:        &s3store.Stager{Client: s3store.NewClient(awsCfg, cfg.S3UsePathStyle), Bucket: cfg.EvidenceBucket},
		Reader:        reader,
		Leads:         &dynamo.LeadStore{Client: db, Table: cfg.LeadsTable, Now: time.Now},
		Recorder:      &dynamo.VerificationStore{Client: db, Table: cfg.VerificationsTable, Retention: cfg.VerificationRetention},
		Now:           time.Now,
		NewID:         uuid.NewString,
		Pages:         pagecount.Counter{},
		MaxPages:      cfg.EvidenceMaxPages,
		Quota:         leadQuota,
		Verifications: verifications,
		ReaderPages:   readerPages,
	})
	if err != nil {
		return nil, err
	}
	return api.NewHandler(api.Deps{
		Log:                cfg.Logger(logOut),
		Now:                time.Now,
		NewID:              uuid.NewString,
		Evidence:           verifier,
		VerificationQuota:  leadQuota,
		Metrics:            emf,
		RequestID:          lambdahttp.RequestID,
		EvidenceFileLimit:  cfg.EvidenceFileLimit,
		CORSAllowedOrigins: cfg.CORSAllowedOrigins,
	})
}
