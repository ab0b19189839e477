// Package docread chooses a reader by document type: a PDF's text layer
// first, OCR for images and for PDFs whose text layer is missing or unusable.
package docread

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/pdftext"
	"github.com/clinicplatform/intake/internal/tesseract"
)

// Local reads documents without AWS (the local API and CI). PDF reads text
// layers (pdftext.Reader); OCR reads images and scanned PDFs
// (*tesseract.Reader), and is nil when no OCR engine is installed.
type Local struct {
	PDF evidence.Reader
	OCR evidence.Reader
}

var _ evidence.Reader = Local{}

// ErrNoOCR explains why an image, or a PDF without a text layer, could not
// be read. It wraps evidence.ErrUnreadable.
var ErrNoOCR = fmt.Errorf("no OCR engine is installed to read images and scanned PDFs (install tesseract): %w", evidence.ErrUnreadable)

// Read reads doc by its detected media type.
func (l Local) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	switch {
	case doc.MediaType == "application/pdf":
		return l.readPDF(ctx, doc)
	case strings.HasPrefix(doc.MediaType, "image/"):
		if l.OCR == nil {
			return evidence.Text{}, fmt.Errorf("read %s: %w", doc.MediaType, ErrNoOCR)
		}
		return l.OCR.Read(ctx, doc)
	default:
		return evidence.Text{}, fmt.Errorf("read document: media type %q is not readable: %w", doc.MediaType, evidence.ErrUnreadable)
	}
}

func (l Local) readPDF(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	text, err := l.PDF.Read(ctx, doc)
	switch {
	case err == nil && usable(text):
		return text, nil
	case err != nil && !errors.Is(err, evidence.ErrUnreadable):
		return text, err
	case l.OCR == nil && err != nil:
		return text, err
	case l.OCR == nil && len(text.Lines) == 0:
		return text, fmt.Errorf("read PDF without a text layer: %w", ErrNoOCR)
	case l.OCR == nil:
		return text, nil
	}
	// No usable text layer (a scan, or a file the Go parser refuses):
	// rasterise and OCR it, keeping whatever text layer there was if OCR
	// finds nothing.
	ocr, ocrErr := l.OCR.Read(ctx, doc)
	if ocrErr == nil && len(ocr.Lines) > 0 {
		return ocr, nil
	}
	if err == nil && len(text.Lines) > 0 {
		return text, nil
	}
	return ocr, ocrErr
}

// usable reports whether a text layer says enough to check: some lines and
// mostly letters (fonts without a Unicode map decode to symbol soup).
func usable(text evidence.Text) bool {
	letters, visible := 0, 0
	for _, l := range text.Lines {
		for _, r := range l.Text {
			switch {
			case unicode.IsLetter(r):
				letters++
				visible++
			case !unicode.IsSpace(r):
				visible++
			}
		}
	}
	return letters >= minLetters && letters*2 >= visible
}

// minLetters: a dispensing label's name, medicine and pharmacy alone exceed it.
const minLetters = 16

// NewLocal reads PDF text layers in pure Go and images and scanned PDFs with
// Tesseract when it is installed (OCR is nil otherwise).
func NewLocal(ctx context.Context) Local {
	l := Local{PDF: pdftext.Reader{}}
	if ocr, err := tesseract.New(ctx); err == nil {
		l.OCR = ocr
	}
	return l
}
