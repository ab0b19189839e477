package imagebudget

import (
	"fmt"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/tiffifd"
)

// maxTIFFPages bounds the pages of a TIFF (tesseract reads every one).
const maxTIFFPages = 10

// Budgets of uploaded images, as logged.
const (
	BudgetPixels      = "image.pixels"
	BudgetTIFFPages   = "tiff.pages"
	BudgetDecodeBytes = "image.decode_bytes"
	BudgetHEIFItems   = "heif.items"
)

// checkTIFFPages walks every page (IFD) of a TIFF, not only the first that
// image.DecodeConfig reads, and refuses the file when any page, or all of
// them together, claim more than maxPixels, or when it has more than
// maxTIFFPages pages.
func checkTIFFPages(body []byte, maxPixels int) error {
	if len(body) < 8 {
		return fmt.Errorf("TIFF header is truncated: %w", evidence.ErrUnreadable)
	}
	f, ok := tiffifd.Parse(body)
	if !ok {
		return fmt.Errorf("not a classic TIFF: %w", evidence.ErrUnreadable)
	}
	total := 0
	seen := map[uint32]bool{}
	for off, page := f.First, 0; off != 0; page++ {
		if page == maxTIFFPages {
			return fmt.Errorf("TIFF has more pages than %d: %w: %w", maxTIFFPages, derrors.OverBudget(BudgetTIFFPages, maxTIFFPages), evidence.ErrUnreadable)
		}
		n, ok := f.Entries(off)
		if seen[off] || !ok {
			return fmt.Errorf("TIFF page %d is not in the file: %w", page+1, evidence.ErrUnreadable)
		}
		seen[off] = true
		next, ok := f.Next(off, n)
		if !ok {
			return fmt.Errorf("TIFF page %d is truncated: %w", page+1, evidence.ErrUnreadable)
		}
		var w, h uint64
		for i := range n {
			e, _ := f.Entry(off, i) // inside the IFD Next found in the file
			v, ok := e.Value()
			if !ok {
				continue
			}
			switch e.Tag {
			case 256:
				w = uint64(v)
			case 257:
				h = uint64(v)
			}
		}
		px := w * h
		if w == 0 || h == 0 || px > uint64(maxPixels) || total+int(px) > maxPixels {
			return fmt.Errorf("TIFF page %d of %d×%d pixels is outside the accepted size: %w: %w",
				page+1, w, h, derrors.OverBudget(BudgetPixels, int64(maxPixels)), evidence.ErrUnreadable)
		}
		total += int(px)
		off = next
	}
	return nil
}
