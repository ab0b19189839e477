package textractstandin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // the formats Textract takes
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	_ "golang.org/x/image/tiff"

	"github.com/clinicplatform/intake/internal/imageprep"
)

// Textract's document limits (its "Set Quotas" page): 10 MB for a
// synchronous call and for images in a job, 500 MB for a job's PDF or
// TIFF, and at most 10000 pixels on a side.
const (
	maxSyncBytes  = 10 << 20
	maxAsyncBytes = 500 << 20
	maxSide       = 10000
)

// pageSide is the long side, in pixels, PDF pages are rendered to: as
// internal/tesseract renders them, so that both readers see the same pixels.
const pageSide = 3508

// DefaultMaxPages is how many pages of a PDF a job reads by default (Textract
// reads 3000; the evaluation's documents have one or two).
const DefaultMaxPages = 20

// kind is a document format Textract accepts.
type kind string

const (
	kindJPEG kind = "jpeg"
	kindPNG  kind = "png"
	kindTIFF kind = "tiff"
	kindPDF  kind = "pdf"
)

// sniff names the format of body by its first bytes, as Textract decides
// what it was sent (it has no media type): "" for any other format (HEIC,
// WebP, AVIF, GIF, BMP, text), which Textract refuses.
func sniff(body []byte) kind {
	switch {
	case bytes.HasPrefix(body, []byte{0xff, 0xd8, 0xff}):
		return kindJPEG
	case bytes.HasPrefix(body, []byte("\x89PNG\r\n\x1a\n")):
		return kindPNG
	case bytes.HasPrefix(body, []byte("II*\x00")), bytes.HasPrefix(body, []byte("MM\x00*")):
		return kindTIFF
	case bytes.Contains(body[:min(len(body), 1024)], []byte("%PDF-")):
		return kindPDF
	}
	return ""
}

// checkDocument refuses what Textract refuses before reading: a format it
// does not take, or more bytes than limit.
func checkDocument(body []byte, limit int) (kind, *apiError) {
	k := sniff(body)
	if k == "" {
		return "", unsupportedDocument()
	}
	if len(body) > limit {
		return k, documentTooLarge()
	}
	return k, nil
}

// pageImages are the pages of a document as Textract sees them: an image's
// pixels as stored (an EXIF orientation tag is not applied: Textract reads
// the pixels), a PDF's pages rendered. A PDF with more than maxPages pages
// is refused with tooMany.
func pageImages(ctx context.Context, body []byte, k kind, maxPages int, tooMany *apiError) ([]*image.Gray, *apiError) {
	if k == kindPDF {
		return renderPDF(ctx, body, maxPages, tooMany)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(body))
	if err != nil {
		return nil, badDocument()
	}
	if cfg.Width > maxSide || cfg.Height > maxSide {
		return nil, unsupportedDocument()
	}
	img, _, err := image.Decode(bytes.NewReader(body))
	if err != nil {
		return nil, badDocument()
	}
	return []*image.Gray{imageprep.Gray(img)}, nil
}

// renderPDF renders up to maxPages pages with pdftoppm, in grey at pageSide
// pixels on the long side, as internal/tesseract does; one page more than
// maxPages is refused with tooMany. A password-protected PDF is
// unsupported, one pdftoppm cannot read a bad document.
func renderPDF(ctx context.Context, pdf []byte, maxPages int, tooMany *apiError) ([]*image.Gray, *apiError) {
	dir, err := os.MkdirTemp("", "textract-standin-")
	if err != nil {
		return nil, internalError()
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, "pdftoppm", "-gray", "-scale-to", strconv.Itoa(pageSide),
		"-f", "1", "-l", strconv.Itoa(maxPages+1), "-", filepath.Join(dir, "page"))
	cmd.Stdin = bytes.NewReader(pdf)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		switch {
		case ctx.Err() != nil || !errors.As(err, &exit):
			return nil, internalError()
		case strings.Contains(stderr.String(), "password"):
			return nil, unsupportedDocument()
		}
		return nil, badDocument()
	}
	names, _ := filepath.Glob(filepath.Join(dir, "page-*.pgm"))
	slices.Sort(names) // zero-padded to the page count's width
	switch {
	case len(names) == 0:
		return nil, badDocument()
	case len(names) > maxPages:
		return nil, tooMany
	}
	pages := make([]*image.Gray, 0, len(names))
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, internalError()
		}
		g, err := imageprep.DecodePGM(b)
		if err != nil {
			return nil, badDocument()
		}
		if g.Rect.Dx() > maxSide || g.Rect.Dy() > maxSide {
			return nil, unsupportedDocument()
		}
		pages = append(pages, g)
	}
	return pages, nil
}

// pdftoppmInstalled reports whether PDFs can be rendered.
func pdftoppmInstalled() error {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		return fmt.Errorf("pdftoppm is not installed (Debian: poppler-utils): %w", err)
	}
	return nil
}
