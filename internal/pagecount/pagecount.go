// Package pagecount counts an upload's pages before any reader sees it:
// the service refuses a document with more pages than it reads
// (EVIDENCE_MAX_PAGES, the page cap) and tells the readers how many pages
// they will read, and so what Textract will bill (docs/security.md, "Cost
// per upload").
//
// A PDF's pages are the leaves of its page tree as internal/pdftext walks
// it (never its /Count); a TIFF's are its image file directories; any other
// image is one page. Counting stops one page past the limit, so a file of
// thousands of pages costs no more to count than a short one.
package pagecount

import (
	"context"
	"fmt"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/pdftext"
	"github.com/clinicplatform/intake/internal/tiffifd"
)

// Counter counts pages; the zero value is ready to use.
type Counter struct{}

var _ evidence.PageCounter = Counter{}

// CountPages returns doc's pages, at most limit+1. A document whose pages
// cannot be counted (a PDF the Go reader cannot open, a TIFF whose page
// chain leaves the file) gives an error wrapping evidence.ErrUnreadable.
func (Counter) CountPages(ctx context.Context, doc evidence.Document, limit int) (int, error) {
	switch doc.MediaType {
	case "application/pdf":
		// Counted from its header, as the readers read it (docread).
		return pdftext.CountPages(ctx, doc.Body[max(evidence.PDFStart(doc.Body), 0):], limit)
	case "image/tiff":
		return TIFFPages(doc.Body, limit)
	}
	return 1, nil
}

// TIFFPages counts the pages (IFDs) of a classic TIFF, at most limit+1. A
// page chain that leaves the file or loops is an error wrapping
// evidence.ErrUnreadable.
func TIFFPages(body []byte, limit int) (int, error) {
	f, ok := tiffifd.Parse(body)
	if !ok {
		return 0, fmt.Errorf("count TIFF pages: not a classic TIFF: %w", evidence.ErrUnreadable)
	}
	seen := map[uint32]bool{}
	n := 0
	for off := f.First; off != 0 && n <= limit; n++ {
		entries, ok := f.Entries(off)
		if !ok || seen[off] {
			return 0, fmt.Errorf("count TIFF pages: page %d is not in the file: %w", n+1, evidence.ErrUnreadable)
		}
		seen[off] = true
		if off, ok = f.Next(off, entries); !ok {
			return 0, fmt.Errorf("count TIFF pages: page %d is truncated: %w", n+1, evidence.ErrUnreadable)
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("count TIFF pages: no pages: %w", evidence.ErrUnreadable)
	}
	return n, nil
}
