// Package imagebudget refuses uploaded images whose headers claim more
// pixels, or more memory to decode, than the service reads, before
// anything decodes them: every page of a TIFF (image.DecodeConfig reads
// only the first; OCR reads them all), the first frame of PNG, JPEG and
// WebP, and every item of an HEIC or AVIF (a grid's tiles, read in
// pure Go by internal/heif). Reader applies the check in front of any
// evidence.Reader (Textract in Lambda; internal/docread before it decodes
// an image to convert it; the tesseract reader calls Check itself).
package imagebudget

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // DecodeConfig for the accepted formats
	_ "image/png"
	"strings"

	_ "golang.org/x/image/webp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/heif"
	"github.com/clinicplatform/intake/internal/tiffifd"
)

// DefaultMaxPixels: a 48-megapixel phone photo fits.
const DefaultMaxPixels = 50_000_000

// MaxDecodeBytes bounds the memory an image takes decoded, as its header
// says it will be, with the grey page made from it: a 48-megapixel JPEG
// or HEIC fits, a 50-megapixel RGBA PNG does not (it would take most of a
// 256 MB function's memory). Budget image.decode_bytes.
const MaxDecodeBytes = 160 << 20

// maxHEIFItems bounds an HEIF's items (tiles of a grid, thumbnails): an
// iPhone's 48-megapixel grid has 192 tiles. Budget heif.items.
const maxHEIFItems = 1024

// Check returns the image's format, or an error wrapping
// evidence.ErrUnreadable when its header cannot be read, and also a
// *derrors.Budget when it claims more than maxPixels (0: DefaultMaxPixels)
// on a page, or on all a TIFF's pages together.
func Check(body []byte, maxPixels int) (string, error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	if len(body) >= 12 && string(body[4:8]) == "ftyp" {
		return checkHEIF(body, maxPixels)
	}
	if _, ok := tiffifd.Parse(body); ok {
		// Every page from its directory: image.DecodeConfig refuses what
		// golang.org/x/image/tiff does not decode (a colour scan
		// JPEG-compressed in Y'CbCr, which internal/pageimage does).
		return checkTIFF(body, maxPixels)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("decode image header: %w: %w", err, evidence.ErrUnreadable)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPixels {
		return "", fmt.Errorf("%s image of %d×%d pixels is outside the accepted size: %w: %w", format, cfg.Width, cfg.Height,
			derrors.OverBudget(BudgetPixels, int64(maxPixels)), evidence.ErrUnreadable)
	}
	if err := checkDecodeBytes(format, cfg.Width*cfg.Height*(bytesPerPixel(cfg.ColorModel)+1)); err != nil {
		return "", err
	}
	return format, nil
}

// checkHEIF checks an HEIC or AVIF from its boxes: the primary image and
// every item (a grid's tiles) within the pixel budget, a bounded number of
// items, and the memory its decoder takes (MaxHEIFDecodeBytes).
func checkHEIF(body []byte, maxPixels int) (string, error) {
	info, err := heif.Parse(body)
	if err != nil {
		return "", fmt.Errorf("read HEIF header: %w: %w", err, evidence.ErrUnreadable)
	}
	if info.Items > maxHEIFItems {
		return "", fmt.Errorf("HEIF image of %d items: %w: %w", info.Items, derrors.OverBudget(BudgetHEIFItems, maxHEIFItems), evidence.ErrUnreadable)
	}
	if info.Width <= 0 || info.Height <= 0 || info.Pixels() > maxPixels || info.MaxItemPixels > maxPixels {
		return "", fmt.Errorf("HEIF image of %d×%d pixels is outside the accepted size: %w: %w", info.Width, info.Height,
			derrors.OverBudget(BudgetPixels, int64(maxPixels)), evidence.ErrUnreadable)
	}
	format, perPixel := "heic", heicPerPixel
	if heif.IsAVIF(body) {
		format, perPixel = "avif", avifPerPixel
	} else if _, grid, _ := heif.ParseGrid(body); grid {
		perPixel = heicGridPerPixel
	}
	if n := heifDecodeBase + info.Pixels()*perPixel; n > MaxHEIFDecodeBytes {
		return "", fmt.Errorf("%s image would take %d MiB to decode: %w: %w", format, n>>20,
			derrors.OverBudget(BudgetDecodeBytes, MaxHEIFDecodeBytes), evidence.ErrUnreadable)
	}
	return format, nil
}

// What the HEIC and AVIF decoders (internal/heifwasm, run in the helper
// heif-decode) take at most, as measured on the sample label
// (docs/security.md, "Cost per upload"): the WebAssembly runtime and
// compiled module, then bytes a pixel. libheif decoding a whole image and
// libavif hold it many times over (a 5.8-megapixel HEIC 159 MB, a
// 3.3-megapixel AVIF 218 MB); a grid, as phones save HEIC, is decoded tile
// by tile into one grey canvas (12 megapixels: 68 MB).
const (
	heifDecodeBase   = 48 << 20
	heicGridPerPixel = 2
	heicPerPixel     = 20
	avifPerPixel     = 56
	// MaxHEIFDecodeBytes: the helper beside a 256 MB verify-evidence
	// (whose own process takes about 50 MB with a 4 MB upload). A phone's
	// HEIC grid fits up to the pixel budget; a single-image HEIC up to
	// 7 megapixels, an AVIF up to 2.5.
	MaxHEIFDecodeBytes = 192 << 20
)

func checkDecodeBytes(format string, n int) error {
	if n > MaxDecodeBytes {
		return fmt.Errorf("%s image would take %d MiB decoded: %w: %w", format, n>>20,
			derrors.OverBudget(BudgetDecodeBytes, MaxDecodeBytes), evidence.ErrUnreadable)
	}
	return nil
}

// bytesPerPixel is what a decoder allocates per pixel for a colour model.
func bytesPerPixel(m color.Model) int {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 2 // 4:2:0 takes 1.5, 4:2:2 2 (4:4:4, 3, is rare in photos)
	case color.NYCbCrAModel, color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1 + 4 // indexes, then RGBA when a reader converts
	}
	return 8 // 16-bit RGBA
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
