package pdftext

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
)

// Budgets of a PDF's file structure, which the pdf package trusts as it
// opens the file: it allocates a cross-reference table of /Size entries
// (or as far as an xref subsection or /Index reaches), a buffer of /W's
// widths, and loops over an object stream's /N and /Extends chain.
const (
	maxObjects     = 1 << 20 // a 4 MB file holds far fewer
	maxXrefWidth   = 8       // bytes of one field of an xref stream entry
	maxFileReads   = 256 << 20
	maxReadSeconds = 5
	budgetObjects  = "pdf.objects"
	budgetXref     = "pdf.xref_width"
	budgetExtends  = "pdf.object_stream_extends"
	budgetReads    = "pdf.file_bytes_read"
	budgetTime     = "pdf.read_seconds"
)

var (
	sizeEntry   = regexp.MustCompile(`/(Size|N)\s+(\d+)`)
	widthsEntry = regexp.MustCompile(`/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)`)
	xrefType    = regexp.MustCompile(`/Type\s*/XRef`)
	indexEntry  = regexp.MustCompile(`/Index\s*\[([\d\s]*)\]`)
	xrefSection = regexp.MustCompile(`xref\s+(\d+)\s+(\d+)\s`)
)

// checkStructure refuses, before the pdf package opens the file, the
// numbers in its structure that would make it allocate or loop without
// bound. It reads the raw bytes: dictionaries of streams, trailers and
// xref tables are never compressed.
func checkStructure(body []byte) error {
	for _, m := range sizeEntry.FindAllSubmatch(body, -1) {
		if n, err := strconv.ParseInt(string(m[2]), 10, 64); err != nil || n > maxObjects {
			return derrors.OverBudget(budgetObjects, maxObjects)
		}
	}
	for _, loc := range widthsEntry.FindAllSubmatchIndex(body, -1) {
		// Fonts have a /W too (glyph widths); an xref stream's says /Type /XRef near it.
		if !xrefType.Match(body[max(0, loc[0]-1024):min(len(body), loc[1]+1024)]) {
			continue
		}
		for i := 2; i < len(loc); i += 2 {
			if n, err := strconv.Atoi(string(body[loc[i]:loc[i+1]])); err != nil || n > maxXrefWidth {
				return derrors.OverBudget(budgetXref, maxXrefWidth)
			}
		}
	}
	for _, m := range indexEntry.FindAllSubmatch(body, -1) {
		f := bytes.Fields(m[1])
		for i := 0; i+1 < len(f); i += 2 {
			start, err1 := strconv.ParseInt(string(f[i]), 10, 64)
			n, err2 := strconv.ParseInt(string(f[i+1]), 10, 64)
			if err1 != nil || err2 != nil || start+n > maxObjects {
				return derrors.OverBudget(budgetObjects, maxObjects)
			}
		}
	}
	for _, m := range xrefSection.FindAllSubmatch(body, -1) {
		start, err1 := strconv.ParseInt(string(m[1]), 10, 64)
		n, err2 := strconv.ParseInt(string(m[2]), 10, 64)
		if err1 != nil || err2 != nil || start+n > maxObjects {
			return derrors.OverBudget(budgetObjects, maxObjects)
		}
	}
	// An object stream that extends another may extend itself, and the pdf
	// package follows the chain for ever; producers hardly use it.
	if bytes.Contains(body, []byte("/Extends")) {
		return derrors.OverBudget(budgetExtends, 0)
	}
	return nil
}

// budgetedFile is the document as the pdf package reads it: every read
// counts against maxFileReads (the package reads an object stream again
// for each object it resolves from it) and checks the reading's deadline
// and the request's context, so no loop of the package that reads the
// file outlives them.
type budgetedFile struct {
	r        *bytes.Reader
	ctx      context.Context
	deadline time.Time
	read     int64
}

func newBudgetedFile(ctx context.Context, body []byte) *budgetedFile {
	return &budgetedFile{r: bytes.NewReader(body), ctx: ctx, deadline: time.Now().Add(maxReadSeconds * time.Second)}
}

func (f *budgetedFile) ReadAt(p []byte, off int64) (int, error) {
	if f.read += int64(len(p)); f.read > maxFileReads {
		overBudget(budgetReads, maxFileReads)
	}
	if err := f.ctx.Err(); err != nil {
		panic(abort{err})
	}
	if time.Now().After(f.deadline) {
		overBudget(budgetTime, maxReadSeconds)
	}
	return f.r.ReadAt(p, off)
}
