package imagebudget

import (
	"encoding/binary"
	"fmt"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// maxTIFFPages bounds the pages of a TIFF (tesseract reads every one).
const maxTIFFPages = 10

// Budgets of uploaded images, as logged.
const (
	BudgetPixels    = "image.pixels"
	BudgetTIFFPages = "tiff.pages"
)

// checkTIFFPages walks every page (IFD) of a TIFF, not only the first that
// image.DecodeConfig reads, and refuses the file when any page, or all of
// them together, claim more than maxPixels, or when it has more than
// maxTIFFPages pages.
func checkTIFFPages(body []byte, maxPixels int) error {
	if len(body) < 8 {
		return fmt.Errorf("TIFF header is truncated: %w", evidence.ErrUnreadable)
	}
	var order binary.ByteOrder
	switch string(body[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return fmt.Errorf("not a classic TIFF: %w", evidence.ErrUnreadable)
	}
	total := 0
	seen := map[uint32]bool{}
	for off, page := order.Uint32(body[4:8]), 0; off != 0; page++ {
		if page == maxTIFFPages {
			return fmt.Errorf("TIFF has more pages than %d: %w: %w", maxTIFFPages, derrors.OverBudget(BudgetTIFFPages, maxTIFFPages), evidence.ErrUnreadable)
		}
		if seen[off] || uint64(off)+2 > uint64(len(body)) {
			return fmt.Errorf("TIFF page %d is not in the file: %w", page+1, evidence.ErrUnreadable)
		}
		seen[off] = true
		n := int(order.Uint16(body[off:]))
		end := uint64(off) + 2 + uint64(n)*12
		if end+4 > uint64(len(body)) {
			return fmt.Errorf("TIFF page %d is truncated: %w", page+1, evidence.ErrUnreadable)
		}
		var w, h uint64
		for i := range n {
			e := body[uint64(off)+2+uint64(i)*12:]
			tag, typ := order.Uint16(e), order.Uint16(e[2:])
			var v uint64
			switch typ {
			case 3: // SHORT
				v = uint64(order.Uint16(e[8:]))
			case 4: // LONG
				v = uint64(order.Uint32(e[8:]))
			default:
				continue
			}
			switch tag {
			case 256:
				w = v
			case 257:
				h = v
			}
		}
		px := w * h
		if w == 0 || h == 0 || px > uint64(maxPixels) || total+int(px) > maxPixels {
			return fmt.Errorf("TIFF page %d of %d×%d pixels is outside the accepted size: %w: %w",
				page+1, w, h, derrors.OverBudget(BudgetPixels, int64(maxPixels)), evidence.ErrUnreadable)
		}
		total += int(px)
		off = order.Uint32(body[end:])
	}
	return nil
}
