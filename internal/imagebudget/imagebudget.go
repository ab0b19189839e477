// Package imagebudget refuses uploaded images whose headers claim more
// pixels than the service reads, before anything decodes them: every page
// of a TIFF (image.DecodeConfig reads only the first; OCR reads them all),
// and the first frame of PNG and JPEG. Reader applies the check in front
// of any evidence.Reader (Textract in Lambda; the tesseract reader calls
// Check itself).
package imagebudget

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/jpeg" // DecodeConfig for the accepted formats
	_ "image/png"
	"strings"

	_ "golang.org/x/image/tiff"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// DefaultMaxPixels: a 48-megapixel phone photo fits.
const DefaultMaxPixels = 50_000_000

// Check returns the image's format, or an error wrapping
// evidence.ErrUnreadable when its header cannot be read, and also a
// *derrors.Budget when it claims more than maxPixels (0: DefaultMaxPixels)
// on a page, or on all a TIFF's pages together.
func Check(body []byte, maxPixels int) (string, error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("decode image header: %w: %w", err, evidence.ErrUnreadable)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPixels {
		return "", fmt.Errorf("%s image of %d×%d pixels is outside the accepted size: %w: %w", format, cfg.Width, cfg.Height,
			derrors.OverBudget(BudgetPixels, int64(maxPixels)), evidence.ErrUnreadable)
	}
	if format == "tiff" {
		if err := checkTIFFPages(body, maxPixels); err != nil {
			return "", err
		}
	}
	return format, nil
}

// Reader checks images with Check before Next reads them; other media
// types go to Next unchecked.
type Reader struct {
	Next      evidence.Reader
	MaxPixels int
}

var _ evidence.Reader = Reader{}

func (r Reader) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	if strings.HasPrefix(doc.MediaType, "image/") {
		if _, err := Check(doc.Body, r.MaxPixels); err != nil {
			return evidence.Text{}, fmt.Errorf("check image: %w", err)
		}
	}
	return r.Next.Read(ctx, doc)
}
