package pageimage_test

import (
	"context"
	"errors"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imagebudget"
	"github.com/clinicplatform/intake/internal/pageimage"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

// FuzzPages: whatever an upload holds, once its header is within the image
// budget, decoding it to pages does not panic, fails only as undecodable
// (or over a budget found while decoding), and gives pages no larger than
// the budget.
func FuzzPages(f *testing.F) {
	small := [2]uint32{8, 8}
	f.Add(hostile.TIFFPages(small, small))
	f.Add(hostile.TIFFJPEGStripLies(hostile.JPEGHeader(60_000, 60_000)))
	f.Add(hostile.TIFFJPEGStripLies(hostile.JPEGHeader(8, 8)))
	f.Add(hostile.WebPHeader(16, 16))
	f.Add(hostile.PNGHeaderOf(8, 8, 6))
	for _, name := range []string{"label-page2.tiff", "label-jpeg.tiff", "label.webp", "label-transparent.webp", "label-transparent.png"} {
		f.Add(readFixture(f, name))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		mediaType, err := evidence.DetectMediaType(body)
		if err != nil || mediaType == evidence.PDF || mediaType == evidence.HEIC || mediaType == evidence.AVIF {
			return
		}
		if _, err := imagebudget.Check(body, 0); err != nil {
			return
		}
		pages, err := pageimage.Pages(context.Background(), body, mediaType, pageimage.Options{})
		if err != nil {
			if !errors.Is(err, pageimage.ErrUndecodable) && !errors.Is(err, derrors.ErrOverBudget) {
				t.Fatalf("error %v is neither undecodable nor over budget", err)
			}
			return
		}
		total := 0
		for _, p := range pages {
			total += p.Rect.Dx() * p.Rect.Dy()
		}
		if len(pages) == 0 || total > imagebudget.DefaultMaxPixels {
			t.Fatalf("%d pages of %d pixels", len(pages), total)
		}
	})
}
