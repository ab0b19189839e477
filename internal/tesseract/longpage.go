// Pages far longer than paper: rendered with as many pixels across as a
// sheet of A4 gets, within a bound on the whole page's pixels.

package tesseract

import (
	"context"
	"math"
	"regexp"
	"strconv"
)

// A PDF page is rendered pageSide pixels on its long side: A4 at 300 dpi.
// A page far longer than paper (a browser extension's "full page to PDF",
// an app's export of a whole conversation: 595 x 5054 pt) got 50 dpi that
// way, its text 6 px high and unread (unseen181's pdflongpage uploads,
// round 32: every field of 2 uploads not_found). Such a page (long side
// over tallAspect times the short) is rendered with A4's 2480 pixels
// across its short side, as long as the whole page stays within
// maxPagePixels (then fewer across, never fewer than A4's long side
// along); every other page is rendered as before.
const (
	shortSide     = 2480
	tallAspect    = 2.0
	maxPagePixels = 3 * pageSide * shortSide // 26 MP: three sheets of A4 at 300 dpi
)

// pageSizeLine is one page's size in pdfinfo's output for a range of pages.
var pageSizeLine = regexp.MustCompile(`(?m)^Page\s+(\d+)\s+size:\s+([\d.]+)\s+x\s+([\d.]+)\s+pts`)

// longSides are the long sides, in pixels, to render the first n pages of
// pdf to, one by one, when one of them is far longer than it is wide (or
// wider than long); nil to render them all at pageSide as before, also
// when pdfinfo is missing or cannot say.
func (r *Reader) longSides(ctx context.Context, pdf []byte, n int) []int {
	if r.pdfinfo == "" {
		return nil
	}
	out, err := r.run(ctx, pdf, r.pdfinfo, "-f", "1", "-l", strconv.Itoa(n), "-")
	if err != nil {
		return nil
	}
	var sides []int
	tall := false
	for _, m := range pageSizeLine.FindAllSubmatch(out, n) {
		w, err1 := strconv.ParseFloat(string(m[2]), 64)
		h, err2 := strconv.ParseFloat(string(m[3]), 64)
		if err1 != nil || err2 != nil || w <= 0 || h <= 0 {
			return nil
		}
		side := longSide(max(w, h) / min(w, h))
		tall = tall || side > pageSide
		sides = append(sides, side)
	}
	if !tall {
		return nil
	}
	return sides
}

// longSide is the long side, in pixels, of a page whose long side is
// aspect times its short side.
func longSide(aspect float64) int {
	if aspect <= tallAspect {
		return pageSide
	}
	long := min(shortSide*aspect, math.Sqrt(maxPagePixels*aspect))
	return max(pageSide, int(long))
}
