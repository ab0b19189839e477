// Pages whose text runs down, up or right to left in default user space.

package pdftext

import (
	"math"

	"github.com/ledongthuc/pdf"

	"github.com/clinicplatform/intake/internal/evidence"
)

// turns map default user space so that text whose baseline runs in a
// quarter turn clockwise from left to right (1: down the page, 2: right to
// left, 3: up the page) runs left to right, its glyphs upright.
var turns = [4]matrix{
	identity,
	{0, 1, -1, 0, 0, 0},  // (x, y) -> (-y, x)
	{-1, 0, 0, -1, 0, 0}, // (x, y) -> (-x, -y)
	{0, -1, 1, 0, 0, 0},  // (x, y) -> (y, -x)
}

// runOf is the quarter turn clockwise from left to right nearest the
// direction (dx, dy) a baseline runs in.
func runOf(dx, dy float64) int {
	switch {
	case math.Abs(dx) >= math.Abs(dy) && dx >= 0:
		return 0
	case math.Abs(dx) >= math.Abs(dy):
		return 2
	case dy < 0:
		return 1
	}
	return 3
}

// minTurnedRun is how many characters must run another way before a page is
// read turned: a margin's line drawn sideways (a case file's stamp) leaves
// the page as it is.
const minTurnedRun = 40

// mainRun is the way most of a page's text runs (runs: characters by
// quarter turn), 0 unless another way holds at least minTurnedRun
// characters and more than twice as many as left to right does.
func mainRun(runs [4]int) int {
	q := 0
	for k := 1; k < 4; k++ {
		if runs[k] > runs[q] {
			q = k
		}
	}
	if q == 0 || runs[q] < minTurnedRun || runs[q] <= 2*runs[0] {
		return 0
	}
	return q
}

// counters are what an interpretation of a page adds to the document's
// counts and budgets.
type counters struct {
	ops, scannedOps, forms, hidden, covered, images, outlines, spans int
	bytes                                                            int64
}

func (in *interpreter) counts() counters {
	return counters{in.ops, in.scannedOps, in.forms, in.hidden, in.covered, in.images, in.outlines, in.spans, in.bytes}
}

// restore sets the counts back to c, before a page is interpreted again:
// what the page adds is counted once, from its second reading, and that
// reading has the budgets the first had (budget.go), so a turned page costs
// at most twice an upright one.
func (in *interpreter) restore(c counters) {
	in.ops, in.scannedOps, in.forms, in.hidden, in.covered, in.images, in.outlines, in.spans, in.bytes =
		c.ops, c.scannedOps, c.forms, c.hidden, c.covered, c.images, c.outlines, c.spans, c.bytes
}

// readPlacement places the boxes of a page read with its text running run
// (page) in the frame the page was read in, and says how that frame is
// turned from the page as a viewer shows it: as is (run 0), or turned so
// that the text reads upright, as the OCR readers report a page they turned
// (evidence.Page.Turns; a portrait page drawn sideways on a landscape one
// is read, and shown to a clinician, turned a quarter).
func readPlacement(page pdf.Value, run int) (placement, evidence.Page) {
	place := pagePlacement(page)
	if run == 0 {
		return place, evidence.Page{}
	}
	// The text frame is default user space turned run quarters
	// anticlockwise; the page as shown is it turned place.rotate quarters
	// clockwise.
	seen := evidence.Page{Turns: ((4-run-place.rotate)%4 + 4) % 4}
	return placement{media: place.media.transform(turns[run])}, seen
}
