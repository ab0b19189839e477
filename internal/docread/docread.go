// Package docread chooses a reader by document type: a PDF's text layer
// first, OCR for images and for PDFs whose text layer is missing, unusable
// or not to be trusted.
//
// A text layer is read as the page's words at full confidence, so text in
// the layer that is not on the page would be believed. pdftext leaves out
// text drawn invisibly, off the page, clipped away or under an opaque image
// drawn later. When it left any out, or when the pages draw images as well
// as text, the PDF is read as it looks, by OCR: the layer may say something
// the page does not show, or the images may show what the layer does not
// say (another patient's label). A scan with an invisible OCR text layer,
// the common honest case, is read by OCR too. OCR's reading stands even when
// it finds no text (white text on a white page, say); the visible layer is
// used only when OCR cannot open the file, or no OCR engine is installed
// (locally). When OCR is down, its error is returned rather than the layer.
//
// Residual risk: a text-only PDF (no images, nothing hidden by the rules
// above) is trusted as its text layer says, so text painted the colour of
// what lies behind it (white on white), text too small to see and text
// under vector shapes are still believed. Inline images (BI ... EI) are
// not counted as images. In production the OCR reader is Textract, which
// reads a PDF of several pages with an asynchronous job (internal/textract),
// so a longer PDF is read as it looks too.
package docread

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/pdftext"
	"github.com/clinicplatform/intake/internal/tesseract"
)

// Reader reads a document by its type: a PDF's text layer with PDF
// (pdftext.Reader, whose ReadLayer reports hidden text and images), images
// and scanned PDFs with OCR. It is the production reader, with Textract as
// its OCR engine (functions/verify-evidence), and the local one, with
// Tesseract (NewWithTesseract: the local API, eval and CI). OCR is nil when
// no OCR engine is installed.
type Reader struct {
	PDF evidence.Reader
	OCR evidence.Reader
}

var _ evidence.Reader = Reader{}

// ErrNoOCR explains why an image, or a PDF without a text layer, could not
// be read. It wraps evidence.ErrUnreadable.
var ErrNoOCR = fmt.Errorf("no OCR engine is installed to read images and scanned PDFs (install tesseract): %w", evidence.Unreadable("no_ocr"))

// Read reads doc by its detected media type.
func (r Reader) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	switch {
	case doc.MediaType == "application/pdf":
		return r.readPDF(ctx, doc)
	case strings.HasPrefix(doc.MediaType, "image/"):
		if r.OCR == nil {
			return evidence.Text{}, fmt.Errorf("read %s: %w", doc.MediaType, ErrNoOCR)
		}
		doc, err := upright(doc)
		if err != nil {
			return evidence.Text{}, err
		}
		return r.OCR.Read(ctx, doc)
	default:
		return evidence.Text{}, fmt.Errorf("read document: media type %q is not readable: %w", doc.MediaType, evidence.Unreadable("unsupported_type"))
	}
}

// upright gives OCR engines a photo the right way up. A JPEG or TIFF
// whose EXIF orientation says it is stored turned or mirrored (a phone
// held sideways) is decoded, oriented and re-encoded as a grey JPEG with
// no tag, because neither engine honours the tag: Textract reads the
// pixels as stored. The re-encoded document has no staged Key, which tells
// a reader that works from the staged object (Textract) to send Body
// instead. Other images pass through untouched, without being decoded.
func upright(doc evidence.Document) (evidence.Document, error) {
	if doc.MediaType != "image/jpeg" && doc.MediaType != "image/tiff" {
		return doc, nil
	}
	body, changed, err := imageprep.UprightJPEG(doc.Body)
	if err != nil {
		return doc, fmt.Errorf("read %s: apply its EXIF orientation: %w: %w", doc.MediaType, err, evidence.ErrUnreadable)
	}
	if !changed {
		return doc, nil
	}
	return evidence.Document{Body: body, MediaType: "image/jpeg"}, nil
}

// layerReader is a PDF reader that also reports what it left out of the
// text layer (pdftext.Reader).
type layerReader interface {
	ReadLayer(ctx context.Context, doc evidence.Document) (pdftext.Layer, error)
}

func (r Reader) readPDF(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	var layer pdftext.Layer
	var err error
	if lr, ok := r.PDF.(layerReader); ok {
		layer, err = lr.ReadLayer(ctx, doc)
	} else {
		layer.Text, err = r.PDF.Read(ctx, doc)
	}
	text := layer.Text
	if errors.Is(err, derrors.ErrOverBudget) {
		// A document the Go reader gave up on as too costly would cost a
		// renderer more still: it is not handed to OCR.
		return text, err
	}
	if err == nil && r.OCR != nil && (layer.Hidden > 0 || layer.Images > 0 && len(text.Lines) > 0) {
		// Read what the page shows, even if that is nothing; keep the
		// visible layer only when OCR cannot open the file.
		ocr, ocrErr := r.OCR.Read(ctx, doc)
		if ocrErr == nil || !errors.Is(ocrErr, evidence.ErrUnreadable) || len(text.Lines) == 0 {
			return ocr, ocrErr
		}
		return text, nil
	}
	switch {
	case err == nil && usable(text):
		return text, nil
	case err != nil && !errors.Is(err, evidence.ErrUnreadable):
		return text, err
	case r.OCR == nil && err != nil:
		return text, err
	case r.OCR == nil && len(text.Lines) == 0:
		return text, fmt.Errorf("read PDF without a text layer: %w", ErrNoOCR)
	case r.OCR == nil:
		return text, nil
	}
	// No usable text layer (a scan, or a file the Go parser refuses):
	// rasterise and OCR it, keeping whatever text layer there was if OCR
	// finds nothing.
	ocr, ocrErr := r.OCR.Read(ctx, doc)
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

// NewWithTesseract reads PDF text layers in pure Go and images and scanned
// PDFs with Tesseract when it is installed (OCR is nil otherwise).
// Both read at most evidence.DefaultMaxPages pages (WithMaxPages).
func NewWithTesseract(ctx context.Context) Reader {
	r := Reader{PDF: pdftext.Reader{}}
	if ocr, err := tesseract.New(ctx); err == nil {
		r.OCR = ocr
	}
	return r.WithMaxPages(evidence.DefaultMaxPages)
}

// WithMaxPages has the PDF text layer reader and Tesseract read at most n
// pages of a PDF: the page cap (EVIDENCE_MAX_PAGES), which the service
// enforces before reading, so that the local readers read the pages
// Textract would. Other readers are left as they are.
func (r Reader) WithMaxPages(n int) Reader {
	if p, ok := r.PDF.(pdftext.Reader); ok {
		p.MaxPages = n
		r.PDF = p
	}
	if t, ok := r.OCR.(*tesseract.Reader); ok {
		t.MaxPages = n
	}
	return r
}
