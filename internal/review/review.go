// Package review renders one verification as a self-contained HTML page for
// a clinician (issue 22): the document's pages as the reader saw them, a
// box over each field where it was read coloured by its verdict, the five
// verdicts with the rule that decided each, the request, and the lines
// read. The page loads nothing: images are data: URIs, its one style sheet
// is inline and allowed by hash in a Content-Security-Policy that forbids
// everything else.
//
// The page holds health data. Only operator tools use this package (make
// review, and the local API's /review/{id}); no Lambda function imports
// it (internal/testing/boundary_test.go).
package review

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
)

// Records reads a verification record by id (derrors.ErrNotFound when
// there is none).
type Records interface {
	Verification(ctx context.Context, id string) (evidence.Record, error)
}

// Files reads a staged upload back by key (derrors.ErrNotFound when the
// bucket's lifecycle rule has expired it).
type Files interface {
	Staged(ctx context.Context, key string) (evidence.Upload, error)
}

// Reviewer writes review pages from the stores a verification was kept in.
type Reviewer struct {
	Records Records
	Leads   lead.Finder
	Files   Files
	// Pages turns uploads into page images (NewPages).
	Pages *Pages
}

// WriteID writes the page of the verification with id to w.
func (r *Reviewer) WriteID(ctx context.Context, w io.Writer, id string) error {
	rec, err := r.Records.Verification(ctx, id)
	if err != nil {
		return fmt.Errorf("review %s: %w", id, err)
	}
	return r.Write(ctx, w, rec)
}

// Write writes rec's page to w: with the lead's name when the lead is
// there, and the document when its file still is.
func (r *Reviewer) Write(ctx context.Context, w io.Writer, rec evidence.Record) error {
	in := Input{Record: rec}
	l, err := r.Leads.Get(ctx, rec.UserID)
	switch {
	case err == nil:
		p, err := l.Patient()
		if err != nil {
			return fmt.Errorf("review %s: %w", rec.ID, err)
		}
		in.Patient = &p
	case !errors.Is(err, derrors.ErrNotFound):
		return fmt.Errorf("review %s: read lead: %w", rec.ID, err)
	}
	up, err := r.Files.Staged(ctx, rec.ObjectKey)
	switch {
	case err == nil:
		in.Images, in.FileNote = r.Pages.Of(ctx, up, pagesRead(rec))
	case errors.Is(err, derrors.ErrNotFound):
		in.FileNote = "The file is no longer stored (staged uploads expire after the evidence retention period), so the document cannot be shown."
	default:
		return fmt.Errorf("review %s: read the file: %w", rec.ID, err)
	}
	return Render(w, in)
}

// pagesRead is how the reader saw each page it read, as many pages as the
// reading and the findings name (at least one).
func pagesRead(rec evidence.Record) []evidence.Page {
	var seen []evidence.Page
	n := 1
	if rec.Reading != nil {
		seen = rec.Reading.Pages
		n = max(n, len(seen))
		for _, l := range rec.Reading.Lines {
			n = max(n, l.Page)
		}
	}
	if rec.Findings != nil {
		for _, f := range findingsOf(*rec.Findings) {
			n = max(n, f.Page)
		}
	}
	n = min(n, maxPages)
	out := make([]evidence.Page, n)
	copy(out, seen)
	return out
}

// maxPages bounds the pages shown: as many as any reader reads.
const maxPages = 5
