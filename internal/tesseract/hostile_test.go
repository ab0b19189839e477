package tesseract

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imagebudget"
	"github.com/clinicplatform/intake/internal/sandbox"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

// Every page of an image is checked before anything decodes it.
func TestCheckImageHostile(t *testing.T) {
	small := [2]uint32{8, 8}
	tests := []struct {
		name       string
		body       []byte
		wantBudget string // "" with wantErr false: accepted
		wantErr    bool
	}{
		{"TIFF 8x8 then 30000x30000", hostile.TIFFPages(small, [2]uint32{30_000, 30_000}), imagebudget.BudgetPixels, true},
		{"TIFF pages adding up past the limit", hostile.TIFFPages([2]uint32{6000, 6000}, [2]uint32{6000, 6000}), imagebudget.BudgetPixels, true},
		{"TIFF of 11 pages", hostile.TIFFPages(small, small, small, small, small, small, small, small, small, small, small), imagebudget.BudgetTIFFPages, true},
		{"TIFF of two small pages", hostile.TIFFPages(small, small), "", false},
		{"TIFF whose page list loops", tiffLoop(), "", true},
		{"PNG header of 100000x100000", hostile.PNGHeader(100_000, 100_000), imagebudget.BudgetPixels, true},
		{"JPEG header of 60000x60000", hostile.JPEGHeader(60_000, 60_000), imagebudget.BudgetPixels, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := (&Reader{}).checkImage(tt.body)
			if !tt.wantErr {
				if err != nil {
					t.Fatalf("checkImage: %v", err)
				}
				return
			}
			if !errors.Is(err, evidence.ErrUnreadable) {
				t.Fatalf("checkImage error = %v, want unreadable", err)
			}
			var b *derrors.Budget
			if tt.wantBudget != "" && (!errors.As(err, &b) || b.Name != tt.wantBudget) {
				t.Fatalf("checkImage error = %v, want budget %s", err, tt.wantBudget)
			}
		})
	}
}

// tiffLoop is a two-page TIFF whose second page points back to the first.
func tiffLoop() []byte {
	b := hostile.TIFFPages([2]uint32{8, 8}, [2]uint32{8, 8})
	// The second IFD's next-IFD offset is the last 4 bytes before its strip.
	next := len(b) - 64 - 4
	b[next], b[next+1], b[next+2], b[next+3] = 8, 0, 0, 0
	return b
}

// A tesseract that never ends is stopped by its CPU limit, and the image is
// rated unreadable as over budget, not as an outage.
func TestReadStopsRunawayHelper(t *testing.T) {
	fakeTesseract(t, "eng", "while :; do :; done")
	r, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	saved := helpers
	helpers = sandbox.NewPool(1, 1, sandbox.Limits{CPU: time.Second, Timeout: 60 * time.Second})
	t.Cleanup(func() { helpers = saved })
	start := time.Now()
	// A whole image: the reader decodes and prepares it before tesseract runs.
	_, err = r.Read(context.Background(), evidence.Document{Body: encodePNG(t, renderLabel(t, []string{"x"}, 20)), MediaType: "image/png"})
	var b *derrors.Budget
	if !errors.As(err, &b) || !errors.Is(err, evidence.ErrUnreadable) {
		t.Fatalf("Read error = %v, want a process budget, unreadable", err)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("Read took %v", took)
	}
}

// A tesseract that waits past its wall-clock limit without computing (a
// loaded machine, not the document) makes the reading busy: no verdict is
// given on what a wait cut short.
func TestReadWaitingHelperIsBusy(t *testing.T) {
	fakeTesseract(t, "eng", "exec /bin/sleep 30")
	r, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	saved := helpers
	helpers = sandbox.NewPool(1, 1, sandbox.Limits{CPU: 10 * time.Second, Timeout: time.Second})
	t.Cleanup(func() { helpers = saved })
	_, err = r.Read(context.Background(), evidence.Document{Body: encodePNG(t, renderLabel(t, []string{"x"}, 20)), MediaType: "image/png"})
	if !errors.Is(err, derrors.ErrBusy) {
		t.Fatalf("Read error = %v, want busy", err)
	}
}

// FuzzCheckImage: no header makes the check panic, and whatever it accepts
// claims no more than the pixel limit on its first page.
func FuzzCheckImage(f *testing.F) {
	small := [2]uint32{8, 8}
	f.Add(hostile.TIFFPages(small, [2]uint32{30_000, 30_000}))
	f.Add(hostile.TIFFPages(small, small))
	f.Add(tiffLoop())
	f.Add(hostile.PNGHeader(100_000, 100_000))
	f.Add(hostile.JPEGHeader(60_000, 60_000))
	f.Fuzz(func(t *testing.T, body []byte) {
		_, err := (&Reader{}).checkImage(body)
		if err != nil && !errors.Is(err, evidence.ErrUnreadable) {
			t.Fatalf("error %v does not wrap ErrUnreadable", err)
		}
	})
}
