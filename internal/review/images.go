package review

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imagebudget"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/pageimage"
	"github.com/clinicplatform/intake/internal/sandbox"
)

// Image is one page of a document as the page shows it: a grey JPEG of the
// page turned upright as the reader saw it.
type Image struct {
	JPEG          []byte
	Width, Height int
	// Turns is how many quarter turns clockwise the page was turned.
	Turns int
}

// Pages draws documents' pages: PDFs with pdftoppm (poppler-utils, as the
// OCR reader renders them), images as the readers are given them
// (pageimage.Pages: upright by their EXIF orientation, every TIFF page),
// each then turned as the reader turned it.
type Pages struct {
	// HEIF decodes HEIC and AVIF uploads (nil: they are not shown).
	HEIF     pageimage.HEIFDecoder
	pdftoppm string // "" when not installed
	pool     *sandbox.Pool
}

// MaxSide is the longest side of a page image, in pixels: enough to read a
// label's small print on a screen, a few hundred kilobytes a page.
const MaxSide = 1600

// NewPages finds pdftoppm on PATH; without it PDFs are shown as a note.
// pdftoppm runs under the sandbox's limits, one at a time: the documents
// are uploads.
func NewPages() *Pages {
	p := &Pages{pool: sandbox.NewPool(1, 4, sandbox.Limits{})}
	if path, err := exec.LookPath("pdftoppm"); err == nil {
		p.pdftoppm = path
	}
	return p
}

// Of returns up's first len(seen) pages turned as seen says, or a note
// saying why they cannot be shown.
func (p *Pages) Of(ctx context.Context, up evidence.Upload, seen []evidence.Page) ([]Image, string) {
	var pages []*image.Gray
	switch {
	case up.MediaType == "application/pdf":
		if p.pdftoppm == "" {
			return nil, "pdftoppm (Debian: poppler-utils) is not installed here, so the PDF's pages cannot be shown."
		}
		var err error
		// The readers read a PDF from its header, past any bytes before it.
		if pages, err = p.render(ctx, up.Body[evidence.PDFStart(up.Body):], len(seen)); err != nil {
			return nil, "The PDF's pages could not be drawn (" + describe(err) + ")."
		}
	case strings.HasPrefix(up.MediaType, "image/"):
		if _, err := imagebudget.Check(up.Body, 0); err != nil {
			return nil, "The image is not shown: " + describe(err) + "."
		}
		var err error
		pages, err = pageimage.Pages(ctx, up.Body, up.MediaType, pageimage.Options{MaxPages: len(seen), HEIF: p.HEIF})
		if err != nil {
			return nil, "The image could not be decoded."
		}
	default:
		return nil, "Files of type " + up.MediaType + " cannot be shown."
	}
	images := make([]Image, 0, len(pages))
	for i, g := range pages {
		turns := 0
		if i < len(seen) {
			turns = seen[i].Turns
		}
		g = imageprep.Turn(g, turns)
		if long := max(g.Rect.Dx(), g.Rect.Dy()); long > MaxSide {
			g = imageprep.Scale(g, float64(MaxSide)/float64(long))
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, g, &jpeg.Options{Quality: 82}); err != nil {
			return nil, "The pages could not be encoded."
		}
		images = append(images, Image{JPEG: buf.Bytes(), Width: g.Rect.Dx(), Height: g.Rect.Dy(), Turns: turns})
	}
	return images, ""
}

// describe says why a file was not drawn without quoting it: budgets by
// name, everything else as a failure.
func describe(err error) string {
	var b *derrors.Budget
	if errors.As(err, &b) {
		return "over the " + b.Name + " budget"
	}
	return "the renderer failed"
}

// render draws the first n pages of pdf, grey, the longest side MaxSide
// pixels: the MediaBox turned by /Rotate, as the readers place text on it.
func (p *Pages) render(ctx context.Context, pdf []byte, n int) ([]*image.Gray, error) {
	dir, err := os.MkdirTemp("", "review-pages-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, p.pdftoppm, "-gray", "-scale-to", strconv.Itoa(MaxSide),
		"-f", "1", "-l", strconv.Itoa(max(n, 1)), "-", filepath.Join(dir, "page"))
	cmd.Stdin = bytes.NewReader(pdf)
	if err := p.pool.Run(ctx, cmd); err != nil {
		return nil, fmt.Errorf("pdftoppm: %w", err)
	}
	names, err := filepath.Glob(filepath.Join(dir, "page-*.pgm"))
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("pdftoppm drew no page: %v", err)
	}
	// pdftoppm zero-pads page numbers to the page count's width.
	slices.Sort(names)
	pages := make([]*image.Gray, 0, len(names))
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		g, err := imageprep.DecodePGM(b)
		if err != nil {
			return nil, err
		}
		pages = append(pages, g)
	}
	return pages, nil
}
