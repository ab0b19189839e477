// Package pdftext reads the text layer of PDF documents in pure Go
// (github.com/ledongthuc/pdf). It implements evidence.Reader for PDFs that
// carry text; scanned PDFs with no text layer read as an empty Text.
//
// Only text a reader of the page sees is returned: strings drawn invisibly
// (render mode 3 or 7), outside the page's CropBox (or MediaBox), outside a
// clipping path's or form's bounds, under an opaque image or an opaque
// filled rectangle drawn after them (a correction box, a redaction bar), or
// in white where no darker rectangle or image lies under them are left out,
// and counted in Layer.Hidden (Layer.Covered for the last two). Not detected: text the colour of a darker
// background (black on black), text too small to read, text under shapes
// other than rectangles, and text inside inline images' data; see package
// docread for what that leaves.
package pdftext

import (
	"context"
	"errors"
	"fmt"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/ledongthuc/pdf"
)

// Source names this reader in evidence.Text.
const Source = "pdf-text"

// DefaultMaxPages is how many pages Read looks at when Reader.MaxPages is 0.
// Prescription labels and letters are one or two pages.
const DefaultMaxPages = 5

// Reader reads the text layer of a PDF. The zero value is ready to use.
type Reader struct {
	// MaxPages is the number of pages read from the start (0: DefaultMaxPages).
	MaxPages int
}

var _ evidence.Reader = Reader{}

// A *derrors.Budget (see budget.go) and the context's error are raised as
// panics from deep in the content-stream interpreter (which has no other way
// out) and recovered in ReadLayer.
// It is a runtime.Error so that the pdf package, which recovers its own
// parse errors and carries on, passes it on.
type abort struct{ err error }

func (a abort) Error() string { return a.err.Error() }

// readError is the error ReadLayer returns for a: over budget is the
// document's fault (unreadable), the context's end an outage.
func (a abort) readError() error {
	if errors.Is(a.err, derrors.ErrOverBudget) {
		return fmt.Errorf("read pdf text: %w: %w", a.err, evidence.ErrUnreadable)
	}
	return fmt.Errorf("read pdf text: %w: %w", derrors.ErrUnavailable, a.err)
}
func (abort) RuntimeError() {}

// Layer is the visible text of a PDF's pages and what was left out of it.
type Layer struct {
	Text evidence.Text
	// Hidden counts the shown strings left out because no reader of the page
	// sees them (invisible, off the page, clipped away, under an image): a
	// page that hides text so is read from its image (package docread).
	Hidden int
	// Covered counts the strings left out as painted over by an opaque
	// filled rectangle drawn after them (a correction box with the new
	// value on top, a redaction bar) or written white where nothing darker
	// lies under them: drawn text, the rest of which is what the page
	// shows, so the layer stays the page's reading.
	Covered int
	// Images counts the image XObjects drawn on the pages read.
	Images int
	// Outlines counts the filled paths with curves drawn on the pages read:
	// a page whose text was turned into outlines (a design tool's "outline
	// fonts", Ghostscript's -dNoOutputFonts) draws one or more a letter.
	Outlines int
	// Unseen are the lines of text drawn invisibly (render mode 3 or 7,
	// transparent, too small to see) or under an opaque image drawn later:
	// the text layer a scanner app writes over its page image, which a
	// reader of the page never sees. Text off the page or clipped away is
	// counted in Hidden but not kept.
	Unseen []evidence.Line
}

// Read returns the document's visible text lines, top to bottom, page after
// page (see ReadLayer).
func (r Reader) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	layer, err := r.ReadLayer(ctx, doc)
	return layer.Text, err
}

// ReadLayer returns the document's visible text lines, top to bottom, page
// after page, with counts of the hidden strings left out and of the images.
// Malformed, truncated and encrypted PDFs give an error wrapping
// evidence.ErrUnreadable; a PDF over the work budget (budget.go) one wrapping
// both that and a *derrors.Budget; a PDF without a text layer gives an
// empty Text.
func (r Reader) ReadLayer(ctx context.Context, doc evidence.Document) (layer Layer, err error) {
	text := &layer.Text
	text.Source = Source
	if doc.MediaType != "" && doc.MediaType != "application/pdf" {
		return layer, fmt.Errorf("read pdf text: media type %s is not a PDF: %w", doc.MediaType, evidence.ErrUnreadable)
	}
	maxPages := r.MaxPages
	if maxPages <= 0 {
		maxPages = DefaultMaxPages
	}
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		layer = Layer{Text: evidence.Text{Source: Source}}
		if a, ok := p.(abort); ok {
			err = a.readError()
			return
		}
		// The panic value may quote document bytes, so it is not kept.
		err = fmt.Errorf("read pdf text: malformed PDF: %w", evidence.Unreadable("malformed"))
	}()

	rd, err := open(ctx, doc.Body)
	if err != nil {
		return layer, err
	}
	// The pdf package's decryption fails on common producers' output; encrypted
	// files are left to OCR (pdftoppm opens those without a user password).
	if !rd.Trailer().Key("Encrypt").IsNull() {
		return layer, fmt.Errorf("read pdf text: PDF is encrypted: %w", evidence.Unreadable("encrypted"))
	}
	pages := collectPages(rd.Trailer().Key("Root").Key("Pages"), maxPages)
	if len(pages) == 0 {
		return layer, fmt.Errorf("read pdf text: PDF has no pages: %w", evidence.Unreadable("no_pages"))
	}
	in := &interpreter{ctx: ctx}
	for n, page := range pages {
		if err := ctx.Err(); err != nil {
			return Layer{Text: evidence.Text{Source: Source}}, fmt.Errorf("read pdf text: %w: %w", derrors.ErrUnavailable, err)
		}
		frags, run := in.page(page)
		place, seen := readPlacement(page, run)
		for _, l := range layoutLines(frags) {
			text.Lines = append(text.Lines, evidenceLine(l, n+1, place))
		}
		for _, l := range layoutLines(in.unseen) {
			layer.Unseen = append(layer.Unseen, evidenceLine(l, n+1, place))
		}
		text.Pages = append(text.Pages, seen)
	}
	layer.Hidden, layer.Covered, layer.Images, layer.Outlines = in.hidden, in.covered, in.images, in.outlines
	return layer, nil
}

// evidenceLine is l as read from page n: each word and the line placed on
// the page, read with full confidence.
func evidenceLine(l line, n int, place placement) evidence.Line {
	out := evidence.Line{Text: l.text, Confidence: 1, Page: n}
	out.Words = make([]evidence.Word, len(l.words))
	box := emptyRect
	for i, w := range l.words {
		out.Words[i] = evidence.Word{Text: w, Confidence: 1, Box: place.place(l.boxes[i])}
		box = box.union(l.boxes[i])
	}
	out.Box = place.place(box)
	return out
}

// open checks body's structure and opens it with the pdf package, reading
// the file through the work budget. Its errors wrap evidence.ErrUnreadable,
// or ErrUnavailable when ctx ends. The caller recovers aborts.
func open(ctx context.Context, body []byte) (*pdf.Reader, error) {
	if err := checkStructure(body); err != nil {
		return nil, fmt.Errorf("read pdf text: %w: %w", err, evidence.ErrUnreadable)
	}
	body = withXRefStm(repairXRef(body))
	rd, err := pdf.NewReader(newBudgetedFile(ctx, body), int64(len(body)))
	if errors.Is(err, pdf.ErrInvalidPassword) {
		return nil, fmt.Errorf("read pdf text: PDF is password protected: %w", evidence.Unreadable("encrypted"))
	}
	if a := (abort{}); errors.As(err, &a) {
		// The pdf package recovered the abort and returned it.
		return nil, a.readError()
	}
	if err != nil {
		return nil, fmt.Errorf("read pdf text: %w: %w", err, evidence.Unreadable("malformed"))
	}
	return rd, nil
}

// CountPages counts the pages of the PDF in body, the leaves of its page
// tree as ReadLayer walks it, stopping at limit+1: a file of thousands of
// pages costs no more to count than one of limit+1. A count within limit
// must be certain, since a reader will be trusted to read no more: the walk
// must have seen the whole tree and agree with the root's /Count, or the
// PDF is uncountable (an error wrapping evidence.ErrUnreadable, as when it
// cannot be opened or has no pages). An encrypted PDF is counted too (its
// page tree is not encrypted).
func CountPages(ctx context.Context, body []byte, limit int) (n int, err error) {
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		n = 0
		if a, ok := p.(abort); ok {
			err = a.readError()
			return
		}
		err = fmt.Errorf("count pdf pages: malformed PDF: %w", evidence.Unreadable("malformed"))
	}()
	rd, err := open(ctx, body)
	if err != nil {
		return 0, err
	}
	root := rd.Trailer().Key("Root").Key("Pages")
	pages, complete := walkPages(root, limit+1)
	n = len(pages)
	switch {
	case n == 0:
		return 0, fmt.Errorf("count pdf pages: PDF has no pages: %w", evidence.Unreadable("no_pages"))
	case n > limit:
		return n, nil
	case !complete:
		// Pages may lie past where the walk stopped: another reader
		// (Textract) could find more than n.
		return 0, fmt.Errorf("count pdf pages: page tree too deep or wide to walk whole: %w", evidence.Unreadable("too_complex"))
	case root.Key("Count").Kind() != pdf.Integer || root.Key("Count").Int64() != int64(n):
		// The tree says another count than its leaves: a reader that
		// trusts /Count, or walks the tree otherwise, may read more.
		return 0, fmt.Errorf("count pdf pages: %d pages, but the page tree says %s: %w", n, root.Key("Count"), evidence.Unreadable("malformed"))
	}
	return n, nil
}

// collectPages walks the page tree depth first and returns up to max leaf
// pages. It bounds depth and visits itself because a malformed tree may
// contain cycles.
func collectPages(node pdf.Value, max int) []pdf.Value {
	pages, _ := walkPages(node, max)
	return pages
}

// walkPages is collectPages that also says whether the walk saw the whole
// tree (it stopped only at max pages, or at the tree's end), not cut short
// by its depth or visit bounds.
func walkPages(node pdf.Value, max int) (pages []pdf.Value, complete bool) {
	visits := 0
	complete = true
	var walk func(v pdf.Value, depth int)
	walk = func(v pdf.Value, depth int) {
		visits++
		if len(pages) >= max || v.IsNull() {
			return
		}
		if depth > 32 || visits > 10_000 {
			complete = false
			return
		}
		kids := v.Key("Kids")
		if v.Key("Type").Name() == "Page" || (kids.Kind() != pdf.Array && v.Key("Contents").Kind() != pdf.Null) {
			pages = append(pages, v)
			return
		}
		for i := 0; i < kids.Len() && len(pages) < max; i++ {
			walk(kids.Index(i), depth+1)
		}
	}
	walk(node, 0)
	return pages, complete
}
