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
	"regexp"
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

// renderPDF renders a PDF's pages with pdftoppm, in grey at pageSide
// pixels on the long side, as internal/tesseract does, after counting them
// with pdfinfo: more than maxPages is refused with tooMany before anything
// is rendered (a PDF of several pages sent to the synchronous call costs
// Textract no reading either). A password-protected PDF is unsupported,
// one poppler cannot read a bad document.
func renderPDF(ctx context.Context, pdf []byte, maxPages int, tooMany *apiError) ([]*image.Gray, *apiError) {
	info, apiErr := poppler(ctx, pdf, "pdfinfo", "-")
	if apiErr != nil {
		return nil, apiErr
	}
	m := pagesLine.FindSubmatch(info)
	if m == nil {
		return nil, badDocument()
	}
	n, err := strconv.Atoi(string(m[1]))
	switch {
	case err != nil || n < 1:
		return nil, badDocument()
	case n > maxPages:
		return nil, tooMany
	}
	dir, err := os.MkdirTemp("", "textract-standin-")
	if err != nil {
		return nil, internalError()
	}
	defer os.RemoveAll(dir)
	if _, apiErr := poppler(ctx, pdf, "pdftoppm", "-gray", "-scale-to", strconv.Itoa(pageSide),
		"-f", "1", "-l", strconv.Itoa(n), "-", filepath.Join(dir, "page")); apiErr != nil {
		return nil, apiErr
	}
	names, _ := filepath.Glob(filepath.Join(dir, "page-*.pgm"))
	slices.Sort(names) // zero-padded to the page count's width
	if len(names) == 0 {
		return nil, badDocument()
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

var pagesLine = regexp.MustCompile(`(?m)^Pages:\s+(\d+)`)

// poppler runs one of poppler's tools on pdf (its standard input) and
// returns its output: a tool that refuses the file makes it a bad
// document, or an unsupported one when it is password-protected.
func poppler(ctx context.Context, pdf []byte, name string, args ...string) ([]byte, *apiError) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdin = bytes.NewReader(pdf)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		switch {
		case ctx.Err() != nil || !errors.As(err, &exit):
			return nil, internalError()
		case strings.Contains(strings.ToLower(stderr.String()), "password"):
			return nil, unsupportedDocument()
		}
		return nil, badDocument()
	}
	return stdout.Bytes(), nil
}

// popplerInstalled reports whether PDFs can be counted and rendered.
func popplerInstalled() error {
	for _, tool := range []string{"pdfinfo", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("%s is not installed (Debian: poppler-utils): %w", tool, err)
		}
	}
	return nil
}
