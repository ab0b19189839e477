package pdftext

import (
	"math"

	"github.com/ledongthuc/pdf"
)

// rect is an axis-aligned box in default user space (points, y up). A box
// with x0 > x1 or y0 > y1 is empty.
type rect struct{ x0, y0, x1, y1 float64 }

// emptyRect is the box of no points: adding a point to it gives that point.
var emptyRect = rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}

// edgeSlack is how far outside a box (in points) a string's origin may lie
// and still count as inside: rounding in producers' coordinates.
const edgeSlack = 1.0

func (r rect) empty() bool { return r.x0 > r.x1 || r.y0 > r.y1 }

func (r rect) contains(x, y float64) bool {
	return x >= r.x0-edgeSlack && x <= r.x1+edgeSlack && y >= r.y0-edgeSlack && y <= r.y1+edgeSlack
}

func (r rect) add(x, y float64) rect {
	if math.IsNaN(x) || math.IsNaN(y) {
		return r
	}
	return rect{min(r.x0, x), min(r.y0, y), max(r.x1, x), max(r.y1, y)}
}

func (r rect) union(o rect) rect {
	return rect{min(r.x0, o.x0), min(r.y0, o.y0), max(r.x1, o.x1), max(r.y1, o.y1)}
}

func (r rect) intersect(o rect) rect {
	return rect{max(r.x0, o.x0), max(r.y0, o.y0), min(r.x1, o.x1), min(r.y1, o.y1)}
}

// transform bounds the box's corners mapped through m.
func (r rect) transform(m matrix) rect {
	out := emptyRect
	for _, p := range [4][2]float64{{r.x0, r.y0}, {r.x1, r.y0}, {r.x0, r.y1}, {r.x1, r.y1}} {
		out = out.add(m.apply(p[0], p[1]))
	}
	return out
}

// boxOf reads a PDF rectangle [llx lly urx ury], in either corner order.
func boxOf(v pdf.Value) (rect, bool) {
	if v.Kind() != pdf.Array || v.Len() != 4 {
		return rect{}, false
	}
	var n [4]float64
	for i := range n {
		e := v.Index(i)
		if e.Kind() != pdf.Integer && e.Kind() != pdf.Real {
			return rect{}, false
		}
		n[i] = e.Float64()
	}
	return emptyRect.add(n[0], n[1]).add(n[2], n[3]), true
}
