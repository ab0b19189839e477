package textractstandin

import (
	"context"
	"fmt"
	"time"

	"github.com/clinicplatform/intake/internal/awsenv"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/textract"
)

// AttemptTimeout is each Textract call's time against the stand-in: it
// OCRs locally, at Tesseract's speed (up to some seconds a photo on a
// loaded machine) where Textract takes about one, so an attempt gets the
// whole of a request's time (api.DefaultRequestTimeout) instead of
// textract.AttemptTimeout; the request's own deadline still bounds it.
const AttemptTimeout = 25 * time.Second

// ProductionReader is the reader verify-evidence runs in AWS (docread's
// choices, the image budget, internal/textract and the real SDK client,
// configured from the environment as the function is), with Textract
// replaced by a stand-in reading with the local reader and staged objects
// from objects. Its documents' keys are read in bucket. stop ends the
// stand-in.
func ProductionReader(ctx context.Context, bucket string, objects Objects) (_ evidence.Reader, stop func(), err error) {
	return ProductionReaderWith(ctx, bucket, objects, nil)
}

// ProductionReaderWith is ProductionReader with the stand-in reading pages
// with ocr (nil: the local reader, as NewWithTesseract): a replay keeps
// what the engine read and runs the rest of the path again.
func ProductionReaderWith(ctx context.Context, bucket string, objects Objects, ocr OCR) (_ evidence.Reader, stop func(), err error) {
	var s *Server
	if ocr == nil {
		s, err = NewWithTesseract(ctx, objects)
	} else if err = popplerInstalled(); err == nil {
		s = New(ocr, objects)
	}
	if err != nil {
		return nil, nil, err
	}
	url, stop, err := Serve(s, "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	// Only these: nothing from the caller's environment (credentials,
	// other endpoints) reaches the client.
	env := map[string]string{
		"AWS_REGION":                "us-east-1",
		"AWS_ACCESS_KEY_ID":         "standin",
		"AWS_SECRET_ACCESS_KEY":     "standin",
		"AWS_ENDPOINT_URL_TEXTRACT": url,
	}
	cfg, err := awsenv.Load(ctx, func(k string) string { return env[k] })
	if err != nil {
		stop()
		return nil, nil, fmt.Errorf("textract stand-in: %w", err)
	}
	client := textract.NewClient(cfg, textract.WithAttemptTimeout(AttemptTimeout))
	// HEIC and AVIF photos are decoded and sent on as PNG pages, as the
	// Lambda's reader does (there through a helper process).
	r := docread.NewWithOCR(textract.Reader{Client: client, Bucket: bucket})
	r.Pages.HEIF = heifwasm.Decoder{}
	return r, stop, nil
}
