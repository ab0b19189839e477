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

// checkTIFF checks a TIFF from its directories (checkTIFFPages), and the
// memory its largest page takes decoded, with its grey page: "tiff" or an
// error as Check returns them.
func checkTIFF(body []byte, maxPixels int) (string, error) {
	largest, err := checkTIFFPages(body, maxPixels)
	if err != nil {
		return "", err
	}
	if err := checkDecodeBytes("tiff", largest); err != nil {
		return "", err
	}
	return "tiff", nil
}

// checkTIFFPages walks every page (IFD) of a TIFF, not only the first that
// image.DecodeConfig reads, and refuses the file when any page, or all of
// them together, claim more than maxPixels, or when it has more than
// maxTIFFPages pages. largest is the most bytes a page takes decoded, with
// its grey page (bytes a sample times samples a pixel, plus one).
func checkTIFFPages(body []byte, maxPixels int) (largest int, err error) {
	f, ok := tiffifd.Parse(body)
	if !ok {
		return 0, fmt.Errorf("not a classic TIFF: %w", evidence.ErrUnreadable)
	}
	total := 0
	seen := map[uint32]bool{}
	for off, page := f.First, 0; off != 0; page++ {
		if page == maxTIFFPages {
			return 0, fmt.Errorf("TIFF has more pages than %d: %w: %w", maxTIFFPages, derrors.OverBudget(BudgetTIFFPages, maxTIFFPages), evidence.ErrUnreadable)
		}
		n, ok := f.Entries(off)
		if seen[off] || !ok {
			return 0, fmt.Errorf("TIFF page %d is not in the file: %w", page+1, evidence.ErrUnreadable)
		}
		seen[off] = true
		next, ok := f.Next(off, n)
		if !ok {
			return 0, fmt.Errorf("TIFF page %d is truncated: %w", page+1, evidence.ErrUnreadable)
		}
		var w, h uint64
		samples, bits := uint64(1), uint64(8)
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
			case 258: // BitsPerSample (the first sample's, when several)
				bits = max(1, min(uint64(v), 16))
			case 277: // SamplesPerPixel
				samples = max(1, min(uint64(v), 4))
			}
		}
		px := w * h
		if w == 0 || h == 0 || px > uint64(maxPixels) || total+int(px) > maxPixels {
			return 0, fmt.Errorf("TIFF page %d of %d×%d pixels is outside the accepted size: %w: %w",
				page+1, w, h, derrors.OverBudget(BudgetPixels, int64(maxPixels)), evidence.ErrUnreadable)
		}
		total += int(px)
		largest = max(largest, int(px*((samples*bits+7)/8+1)))
		off = next
	}
	return largest, nil
}
