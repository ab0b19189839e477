package tesseract

import (
	"context"
	"image"

	"github.com/clinicplatform/intake/internal/evidence"
)

// ReadImage reads one page image, decoded by the caller, as Read reads each
// page of a document: turned upright, prepared and read (readPage), in a
// helper slot, within Timeout. The Textract stand-in
// (internal/testing/textractstandin) decodes and renders pages as Textract
// sees them and reads each with it, so that its words are this reader's.
//
// The lines' and words' boxes are on the page as it turned it upright, in
// fractions of it; the Page says how it turned it.
func (r *Reader) ReadImage(ctx context.Context, page *image.Gray) ([]evidence.Line, evidence.Page, error) {
	ctx, cancel := context.WithTimeout(ctx, cmpOr(r.Timeout, DefaultTimeout))
	defer cancel()
	ctx, leave, err := enter(ctx)
	if err != nil {
		return nil, evidence.Page{}, err
	}
	defer leave()
	return r.readPage(ctx, page)
}
