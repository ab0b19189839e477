// Package tesseract reads document images with the Tesseract OCR command
// (Debian: tesseract-ocr, tesseract-ocr-eng). PDFs without a text layer are
// rasterised first with pdftoppm (Debian: poppler-utils). It implements
// evidence.Reader for the local API and CI; the deployed service uses Textract.
package tesseract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	_ "image/jpeg" // DecodeConfig for the accepted formats
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imagebudget"
	"github.com/clinicplatform/intake/internal/imageprep"
	_ "golang.org/x/image/tiff"
)

// Source names this reader in evidence.Text.
const Source = "tesseract"

// Defaults for the Reader's limits.
const (
	DefaultTimeout   = 60 * time.Second
	DefaultMaxPixels = imagebudget.DefaultMaxPixels
	DefaultMaxPages  = 3
	// pageSide is the long side, in pixels, PDF pages are rendered to:
	// A4 at 300 dpi, and a bound on memory whatever the page size says.
	pageSide = 3508
)

// Reader runs tesseract on images and rasterised PDF pages.
type Reader struct {
	tesseract string // path of the tesseract binary
	pdftoppm  string // path of pdftoppm; "" when it is not installed
	pdfinfo   string // path of pdfinfo (poppler-utils too); "" when it is not installed

	// Timeout bounds one Read, rasterising and OCR together.
	Timeout time.Duration
	// MaxPixels refuses images with more pixels (width × height) as unreadable.
	MaxPixels int
	// MaxPages is how many pages of a PDF are rasterised and read.
	MaxPages int
}

var _ evidence.Reader = (*Reader)(nil)

// New finds tesseract (with English language data) and pdftoppm on PATH.
// A missing tesseract gives an error wrapping derrors.ErrUnavailable; a
// missing pdftoppm only disables PDFs (see PDFSupport).
func New(ctx context.Context) (*Reader, error) {
	path, err := exec.LookPath("tesseract")
	if err != nil {
		return nil, fmt.Errorf("tesseract not found on PATH (Debian: apt-get install tesseract-ocr): %w: %w", derrors.ErrUnavailable, err)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	r := &Reader{tesseract: path}
	out, err := r.run(ctx, nil, path, "--list-langs")
	if err != nil {
		return nil, fmt.Errorf("run tesseract --list-langs: %w: %w", derrors.ErrUnavailable, err)
	}
	if !slices.Contains(strings.Fields(string(out)), "eng") {
		return nil, fmt.Errorf("tesseract has no English language data (Debian: apt-get install tesseract-ocr-eng): %w", derrors.ErrUnavailable)
	}
	if p, err := exec.LookPath("pdftoppm"); err == nil {
		r.pdftoppm = p
	}
	if p, err := exec.LookPath("pdfinfo"); err == nil {
		r.pdfinfo = p
	}
	return r, nil
}

// PDFSupport reports whether PDFs can be read (pdftoppm was found).
func (r *Reader) PDFSupport() bool { return r.pdftoppm != "" }

// Read OCRs a PNG, JPEG or TIFF image, or the first pages of a PDF. Each
// image or page is turned upright and prepared for OCR first (see
// readPage).
//
// A reading cut off by its time (Timeout, or the request's deadline less
// the time to answer) wraps derrors.ErrBusy: the client may retry, and a
// loaded machine is neither an outage (500) nor the document's fault.
func (r *Reader) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	request := ctx
	ctx, cancel := context.WithTimeout(ctx, cmpOr(r.Timeout, DefaultTimeout))
	defer cancel()
	if dl, ok := request.Deadline(); ok {
		// Leave the request time to record the verdict and answer.
		var cancelMargin context.CancelFunc
		ctx, cancelMargin = context.WithDeadline(ctx, dl.Add(-min(answerMargin, time.Until(dl)/5)))
		defer cancelMargin()
	}
	text, err := r.read(ctx, doc)
	if err != nil && ctx.Err() != nil && request.Err() == nil {
		return evidence.Text{Source: Source}, fmt.Errorf("ocr: not read in time (%v): %w", err, derrors.ErrBusy)
	}
	return text, err
}

// answerMargin is the time a request keeps, after reading its document,
// to record the verdict and answer (at most a fifth of what is left).
const answerMargin = 1500 * time.Millisecond

func (r *Reader) read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	text := evidence.Text{Source: Source}
	ctx, leave, err := enter(ctx)
	if err != nil {
		return text, err
	}
	defer leave()

	var pages [][]byte
	switch doc.MediaType {
	case "image/png", "image/jpeg", "image/tiff":
		if _, err := r.checkImage(doc.Body); err != nil {
			return text, err
		}
		pages = [][]byte{doc.Body}
	case "application/pdf":
		var err error
		if pages, err = r.rasterise(ctx, doc.Body); err != nil {
			return text, err
		}
	default:
		return text, fmt.Errorf("ocr: media type %q is not an image or PDF: %w", doc.MediaType, evidence.ErrUnreadable)
	}
	for i, page := range pages {
		g, err := imageprep.Decode(page)
		if err != nil {
			return evidence.Text{Source: Source}, fmt.Errorf("ocr page %d: %w: %w", i+1, err, evidence.ErrUnreadable)
		}
		lines, seen, err := r.readPage(ctx, g)
		if err != nil {
			return evidence.Text{Source: Source}, fmt.Errorf("ocr page %d: %w", i+1, err)
		}
		for _, l := range lines {
			l.Page = i + 1
			text.Lines = append(text.Lines, l)
		}
		text.Pages = append(text.Pages, seen)
	}
	return text, nil
}

// checkImage refuses undecodable headers and absurd dimensions before
// tesseract allocates for them. It returns the format image.DecodeConfig found.
func (r *Reader) checkImage(body []byte) (string, error) {
	format, err := imagebudget.Check(body, cmpOr(r.MaxPixels, DefaultMaxPixels))
	if err != nil {
		return "", fmt.Errorf("ocr: %w", err)
	}
	return format, nil
}

// rasterise renders the first pages of a PDF to grayscale PGM images.
func (r *Reader) rasterise(ctx context.Context, pdf []byte) ([][]byte, error) {
	if r.pdftoppm == "" {
		return nil, fmt.Errorf("ocr: reading a PDF without a text layer needs pdftoppm (Debian: poppler-utils), which is not installed: %w", evidence.ErrUnreadable)
	}
	dir, err := os.MkdirTemp("", "ocr-pages-")
	if err != nil {
		return nil, fmt.Errorf("ocr: make page directory: %w: %w", derrors.ErrUnavailable, err)
	}
	defer os.RemoveAll(dir)

	maxPages := cmpOr(r.MaxPages, DefaultMaxPages)
	sides := r.longSides(ctx, pdf, maxPages)
	if sides == nil {
		if _, err := r.run(ctx, pdf, r.pdftoppm, "-gray", "-scale-to", fmt.Sprint(pageSide),
			"-f", "1", "-l", fmt.Sprint(maxPages), "-", filepath.Join(dir, "page")); err != nil {
			return nil, fmt.Errorf("ocr: rasterise PDF: %w", err)
		}
	}
	for i, side := range sides {
		// Each page at its own size, its prefix sorting in page order.
		n := fmt.Sprint(i + 1)
		if _, err := r.run(ctx, pdf, r.pdftoppm, "-gray", "-scale-to", fmt.Sprint(side),
			"-f", n, "-l", n, "-", filepath.Join(dir, fmt.Sprintf("page-%03d", i+1))); err != nil {
			return nil, fmt.Errorf("ocr: rasterise PDF page %d: %w", i+1, err)
		}
	}
	names, err := filepath.Glob(filepath.Join(dir, "page-*.pgm"))
	if err != nil {
		return nil, fmt.Errorf("ocr: list pages: %w: %w", derrors.ErrUnavailable, err)
	}
	// pdftoppm zero-pads page numbers to the page count's width, so names sort in page order.
	slices.Sort(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("ocr: rasterise PDF: no pages rendered: %w", evidence.ErrUnreadable)
	}
	pages := make([][]byte, 0, len(names))
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("ocr: read rendered page: %w: %w", derrors.ErrUnavailable, err)
		}
		pages = append(pages, b)
	}
	return pages, nil
}

// Tesseract's page segmentation modes (--psm) used.
const (
	autoLayout = "3" // find the page's blocks, columns and lines
	oneBlock   = "6" // read the image as one uniform block of text
)

// ocr runs tesseract on one image (a binary PGM) in segmentation mode psm
// and parses its TSV output.
func (r *Reader) ocr(ctx context.Context, pgm []byte, psm string) (reading, error) {
	out, err := r.run(ctx, pgm, r.tesseract, "stdin", "stdout", "-l", "eng", "--psm", psm, "tsv")
	if err != nil {
		return reading{}, err
	}
	return parseReading(string(out))
}

// run is every process this reader starts (tesseract, pdftoppm): stdin is
// given to the command (none when nil) and its stdout returned. A command
// that exits with an error status is taken to have refused its input
// (evidence.ErrUnreadable, with the first line of its stderr); one that
// cannot start or is cut off by ctx is unavailable (derrors.ErrUnavailable).
func (r *Reader) run(ctx context.Context, stdin []byte, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	// OpenMP threads slow tesseract down on small images and crowd other requests.
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := run(ctx, cmd); err != nil {
		base := filepath.Base(name)
		if contained(err) {
			return nil, fmt.Errorf("run %s: %w", base, err)
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("run %s: %w: %w", base, derrors.ErrUnavailable, ctx.Err())
		}
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return nil, fmt.Errorf("%s %s (%s): %w", base, exit, firstLine(stderr.String()), evidence.ErrUnreadable)
		}
		return nil, fmt.Errorf("run %s: %w: %w", base, derrors.ErrUnavailable, err)
	}
	return stdout.Bytes(), nil
}

// firstLine is a short diagnostic from a tool's stderr (never document text:
// the tools print only their own messages there).
func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}
