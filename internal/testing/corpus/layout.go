package corpus

import (
	"fmt"
	"image/color"
	"strings"
)

// page is a document laid out once and rendered to every format, so a
// PDF, a PNG and a photo of the same case say exactly the same thing.
type page struct {
	width float64 // points
	items []item
	// body is the size of the page's body text in points (10 when zero):
	// conditions that shrink print scale from it.
	body float64
	// padLeft and padTop move the content right and down from the margins
	// (points), so positions vary with the seed.
	padLeft, padTop float64
}

func (p page) bodySize() float64 {
	if p.body == 0 {
		return 10
	}
	return p.body
}

const (
	mm          = 72 / 25.4 // points per millimetre
	margin      = 9 * mm
	lineSpacing = 1.35
	boxPadding  = 5.0
	cellGap     = 6.0 // points that must separate two cells on one line
)

type style struct {
	size  float64 // points
	bold  bool
	mono  bool
	serif bool
	ink   color.RGBA // zero means black
}

// item is a line of cells, a horizontal rule, or a framed group (a stamp).
type item struct {
	style
	cells []cell
	rule  bool
	box   []item
	after float64 // extra space below, in points
	// boxWidth is a box's width as a fraction of the column (0: all of
	// it), boxX where it starts; angle turns a box anticlockwise by that
	// many degrees about its centre (a rubber stamp).
	boxWidth, boxX, angle float64
}

// cell is text that starts at x (or ends at x when right is set); x is a
// fraction of the width between the margins.
type cell struct {
	x     float64
	text  string
	right bool
}

func textLine(s style, cells ...cell) item { return item{style: s, cells: cells} }

func at(x float64, text string) cell      { return cell{x: x, text: text} }
func rightAt(x float64, text string) cell { return cell{x: x, text: text, right: true} }

// textOp is one run of text at a baseline; all geometry is in points.
type textOp struct {
	style
	rot         *rotation
	x, baseline float64
	text        string
	right       bool
	// limit and floor bound where the text may reach (overflow check).
	floor, limit float64
}

type lineOp struct {
	x1, y1, x2, y2 float64
	ink            color.RGBA
}

type rectOp struct {
	x, y, w, h float64
	ink        color.RGBA
	rot        *rotation
}

// rotation turns a box and its text anticlockwise by angle degrees about
// (cx, cy).
type rotation struct {
	angle, cx, cy float64
}

type ops struct {
	texts  []textOp
	lines  []lineOp
	rects  []rectOp
	height float64
}

// layout places every item; both renderers draw the same ops.
func (p page) layout() ops {
	var o ops
	y := margin + p.padTop
	left, right := margin+p.padLeft, p.width-margin
	var place func(items []item, left, right float64)
	place = func(items []item, left, right float64) {
		for _, it := range items {
			switch {
			case it.rule:
				y += 3
				o.lines = append(o.lines, lineOp{x1: left, y1: y, x2: right, y2: y, ink: it.ink})
				y += 5
			case it.box != nil:
				top := y
				bl, br := left, right
				if it.boxWidth > 0 {
					bl = left + it.boxX*(right-left)
					br = bl + it.boxWidth*(right-left)
				}
				first := len(o.texts)
				y += boxPadding
				place(it.box, bl+boxPadding, br-boxPadding)
				y += boxPadding
				rect := rectOp{x: bl, y: top, w: br - bl, h: y - top, ink: it.ink}
				if it.angle != 0 {
					r := &rotation{angle: it.angle, cx: (bl + br) / 2, cy: (top + y) / 2}
					rect.rot = r
					for i := first; i < len(o.texts); i++ {
						o.texts[i].rot = r
					}
				}
				o.rects = append(o.rects, rect)
				y += 4
			default:
				size := it.size
				baseline := y + size*1.02
				width := right - left
				for i, c := range it.cells {
					op := textOp{style: it.style, x: left + c.x*width, baseline: baseline, text: c.text, right: c.right, floor: left, limit: right}
					if i > 0 {
						op.floor = left + it.cells[i-1].x*width
					}
					if i+1 < len(it.cells) && !it.cells[i+1].right {
						op.limit = left + it.cells[i+1].x*width - cellGap
					}
					o.texts = append(o.texts, op)
				}
				y += size * lineSpacing
			}
			y += it.after
		}
	}
	place(p.items, left, right)
	o.height = y + margin
	return o
}

// checkFit reports text that would run past its column or the page, with
// the renderer's own measure of width.
func (o ops) checkFit(width func(textOp) float64) error {
	var problems []string
	for _, t := range o.texts {
		w := width(t)
		start, end := t.x, t.x+w
		if t.right {
			start, end = t.x-w, t.x
		}
		if end > t.limit+0.5 || (t.right && start < t.floor+cellGap) || start < t.floor-0.5 {
			problems = append(problems, fmt.Sprintf("%q (%.0fpt wide at %.0f)", t.text, w, t.x))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("text does not fit: %s", strings.Join(problems, "; "))
	}
	return nil
}

// text returns the page's text, one line per item, for tests of ground truth.
func (p page) text() string {
	var b strings.Builder
	var walk func([]item)
	walk = func(items []item) {
		for _, it := range items {
			if it.box != nil {
				walk(it.box)
				continue
			}
			for i, c := range it.cells {
				if i > 0 {
					b.WriteString("  ")
				}
				b.WriteString(c.text)
			}
			if len(it.cells) > 0 {
				b.WriteByte('\n')
			}
		}
	}
	walk(p.items)
	return b.String()
}
