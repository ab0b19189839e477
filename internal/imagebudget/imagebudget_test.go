package imagebudget

import (
	"context"
	"errors"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

type readerFunc func(context.Context, evidence.Document) (evidence.Text, error)

func (f readerFunc) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	return f(ctx, doc)
}

// Reader refuses an image over budget without calling the reader behind it,
// and passes everything else through.
func TestReader(t *testing.T) {
	calls := 0
	r := Reader{Next: readerFunc(func(context.Context, evidence.Document) (evidence.Text, error) {
		calls++
		return evidence.Text{Source: "next"}, nil
	})}
	tests := []struct {
		name      string
		doc       evidence.Document
		wantCalls int
		wantErr   bool
	}{
		{"TIFF with a huge second page", evidence.Document{MediaType: "image/tiff", Body: hostile.TIFFPages([2]uint32{8, 8}, [2]uint32{30_000, 30_000})}, 0, true},
		{"huge PNG header", evidence.Document{MediaType: "image/png", Body: hostile.PNGHeader(100_000, 100_000)}, 0, true},
		{"small PNG", evidence.Document{MediaType: "image/png", Body: hostile.PNGHeader(100, 100)}, 1, false},
		{"PDF passes through", evidence.Document{MediaType: "application/pdf", Body: []byte("%PDF")}, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls = 0
			_, err := r.Read(context.Background(), tt.doc)
			if calls != tt.wantCalls {
				t.Errorf("reader behind called %d times, want %d", calls, tt.wantCalls)
			}
			var b *derrors.Budget
			if tt.wantErr != (err != nil) || tt.wantErr && (!errors.As(err, &b) || !errors.Is(err, evidence.ErrUnreadable)) {
				t.Errorf("Read error = %v, want over budget: %v", err, tt.wantErr)
			}
		})
	}
}
