package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/awsenv"
	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/textract"
)

// localBucket is the bucket name the Textract path asks for the uploads
// the local API staged in DATA_DIR/evidence (the stand-in serves any).
const localBucket = "local-api-evidence"

// newReader is the reader TEXT_READER names: the local one (PDF text
// layers, Tesseract where installed), or the production reader
// verify-evidence runs in AWS (internal/textract and the AWS SDK) against
// the Textract stand-in at AWS_ENDPOINT_URL_TEXTRACT, which config keeps
// on this machine. It signs with fixed placeholder credentials and reads
// no other AWS setting, so no document and no credential of yours leaves
// the machine.
func newReader(ctx context.Context, cfg config.LocalAPI) (docread.Reader, error) {
	if cfg.TextReader != "textract" {
		return withPages(docread.NewWithTesseract(ctx), cfg), nil
	}
	if cfg.TextractEndpoint == "" {
		return docread.Reader{}, errors.New("TEXT_READER=textract needs AWS_ENDPOINT_URL_TEXTRACT, the URL of a Textract stand-in on this machine (go run ./cmd/textract-standin -objects DATA_DIR/evidence)")
	}
	env := map[string]string{
		"AWS_REGION":                "us-east-1",
		"AWS_ACCESS_KEY_ID":         "local-api",
		"AWS_SECRET_ACCESS_KEY":     "local-api",
		"AWS_ENDPOINT_URL_TEXTRACT": string(cfg.TextractEndpoint),
	}
	awsCfg, err := awsenv.Load(ctx, func(k string) string { return env[k] })
	if err != nil {
		return docread.Reader{}, fmt.Errorf("textract reader: %w", err)
	}
	// The stand-in OCRs at a local engine's speed: an attempt may take
	// the whole request.
	client := textract.NewClient(awsCfg, textract.WithAttemptTimeout(api.DefaultRequestTimeout))
	return withPages(docread.NewWithOCR(textract.Reader{Client: client, Bucket: localBucket}), cfg), nil
}

// withPages reads at most EVIDENCE_MAX_PAGES pages, and HEIC and AVIF
// photos in process (size does not matter here).
func withPages(r docread.Reader, cfg config.LocalAPI) docread.Reader {
	r = r.WithMaxPages(cfg.EvidenceMaxPages)
	r.Pages.HEIF = heifwasm.Decoder{}
	return r
}
