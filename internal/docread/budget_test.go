package docread

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/pdftext"
)

// A PDF over the Go reader's work budget is not handed to OCR: rendering it
// would cost more still.
func TestReadOverBudgetPDFSkipsOCR(t *testing.T) {
	over := fmt.Errorf("read pdf text: %w: %w", derrors.OverBudget("pdf.nesting_depth", 32), evidence.ErrUnreadable)
	l := Reader{
		PDF: fakeLayerReader{Fn: func(context.Context, evidence.Document) (pdftext.Layer, error) {
			return pdftext.Layer{Text: evidence.Text{Source: pdftext.Source}}, over
		}},
		OCR: fakeReader{Fn: func(context.Context, evidence.Document) (evidence.Text, error) {
			t.Fatal("OCR called on a PDF over budget")
			return evidence.Text{}, nil
		}},
	}
	_, err := l.Read(context.Background(), evidence.Document{Body: []byte("%PDF"), MediaType: "application/pdf"})
	var b *derrors.Budget
	if !errors.As(err, &b) || !errors.Is(err, evidence.ErrUnreadable) {
		t.Fatalf("Read error = %v, want the budget error, unreadable", err)
	}
}
