package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/google/uuid"

	"github.com/clinicplatform/intake/bench/fakeaws"
	"github.com/clinicplatform/intake/bench/sample"
	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/pdftext"
)

var (
	documentsOnce sync.Once
	documentsPDF  sample.Document
	documentsBig  sample.Document
	documentsErr  error
)

// benchDocuments is the sample label as a one-page PDF with a text layer,
// and as a photo enlarged to just under the 4 MB upload limit; made once
// per test binary (the photo takes a few seconds to render).
func benchDocuments(tb testing.TB) (pdf, big sample.Document) {
	tb.Helper()
	documentsOnce.Do(func() {
		var docs sample.Documents
		if docs, documentsErr = sample.Label(time.Now()); documentsErr != nil {
			return
		}
		documentsPDF = docs.PDF
		documentsBig, documentsErr = sample.Enlarge(docs.Photo)
	})
	if documentsErr != nil {
		tb.Fatal(documentsErr)
	}
	return documentsPDF, documentsBig
}

func verifyEvent(tb testing.TB, doc sample.Document) events.APIGatewayProxyRequest {
	tb.Helper()
	ev, err := sample.VerifyEvent(doc)
	if err != nil {
		tb.Fatal(err)
	}
	return ev
}

// Hand-written fakes of the evidence service's stores.
type (
	discardStager   struct{}
	discardRecorder struct{}
	oneLead         struct{ lead lead.Lead }
)

func (discardStager) Stage(context.Context, string, evidence.Upload) error { return nil }
func (discardRecorder) Record(context.Context, evidence.Record) error      { return nil }
func (f oneLead) Get(_ context.Context, id string) (lead.Lead, error) {
	if id != f.lead.ID {
		return lead.Lead{}, derrors.ErrNotFound
	}
	return f.lead, nil
}

// BenchmarkLambdaVerifyEvidence is one invocation as Lambda makes it, event
// in, response out:
//   - pdf/stores=fake: the one-page PDF's text layer read in Go, with
//     stores that keep nothing: the function's own work;
//   - pdf/aws-sdk-loopback: as deployed, S3 and DynamoDB through the SDK
//     against a fake endpoint on loopback;
//   - photo-4mb/aws-sdk-loopback: a 3.9 MB photo as deployed, Textract
//     answering from the fake: the cost of carrying a large upload.
func BenchmarkLambdaVerifyEvidence(b *testing.B) {
	pdf, big := benchDocuments(b)
	l := lead.Lead{ID: sample.UserID, Email: "bench@example.com", Data: json.RawMessage(sample.LeadDataJSON(pdf)), CreatedAt: time.Now()}

	b.Run("pdf/stores=fake", func(b *testing.B) {
		var cfg config.VerifyEvidence
		err := config.Load(deployedGetenv, &cfg)
		if err != nil {
			b.Fatal(err)
		}
		verifier, err := evidence.NewService(cfg.Market, cfg.EvidenceMaxAge, evidence.Deps{
			Stager: discardStager{}, Reader: docread.Reader{PDF: pdftext.Reader{}},
			Leads: oneLead{l}, Recorder: discardRecorder{},
			Now: time.Now, NewID: uuid.NewString,
		})
		if err != nil {
			b.Fatal(err)
		}
		h, err := api.NewHandler(api.Deps{
			Log:                slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: cfg.LogLevel})),
			Now:                time.Now,
			NewID:              uuid.NewString,
			Metrics:            api.NoMetrics{},
			Evidence:           verifier,
			RequestID:          lambdahttp.RequestID,
			EvidenceFileLimit:  cfg.EvidenceFileLimit,
			CORSAllowedOrigins: cfg.CORSAllowedOrigins,
		})
		if err != nil {
			b.Fatal(err)
		}
		benchVerify(b, lambdahttp.Handler(h), verifyEvent(b, pdf))
	})
	for _, doc := range []sample.Document{pdf, big} {
		b.Run(doc.Name+"/aws-sdk-loopback", func(b *testing.B) {
			fake, err := fakeaws.Start(&fakeaws.Lead{ID: l.ID, Email: l.Email, DataJSON: string(l.Data), CreatedAt: l.CreatedAt}, doc.Lines)
			if err != nil {
				b.Fatal(err)
			}
			useFakeAWS(b, fake)
			h, err := newHandler(b.Context(), deployedGetenv, io.Discard)
			if err != nil {
				b.Fatal(err)
			}
			benchVerify(b, lambdahttp.Handler(h), verifyEvent(b, doc))
		})
	}
}

func benchVerify(b *testing.B, handle func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error), ev events.APIGatewayProxyRequest) {
	b.Helper()
	resp, err := handle(b.Context(), ev)
	if err != nil || resp.StatusCode != http.StatusOK {
		b.Fatalf("verify = %d %s, %v", resp.StatusCode, resp.Body, err)
	}
	// The medicine on the label is the one asked about: a valid rating
	// shows the document was read, whatever the verifier says of the rest.
	var result evidence.Result
	if err := json.Unmarshal([]byte(resp.Body), &result); err != nil || result.Data.MedicationName.Value != evidence.Valid {
		b.Fatalf("verify answered %s (%v); want medicationName valid", resp.Body, err)
	}
	b.ReportAllocs()
	for b.Loop() {
		resp, err := handle(b.Context(), ev)
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("verify = %d %s, %v", resp.StatusCode, resp.Body, err)
		}
	}
}
