package pdftext

import (
	"math"

	"github.com/ledongthuc/pdf"

	"github.com/clinicplatform/intake/internal/evidence"
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

// placement maps default user space onto a page as a viewer shows it, and
// as pdftoppm renders it by default for OCR: the MediaBox, turned by the
// page's /Rotate.
type placement struct {
	media  rect
	rotate int // quarter turns clockwise
}

func pagePlacement(page pdf.Value) placement {
	media, ok := boxOf(inherited(page, "MediaBox"))
	if !ok || media.x1-media.x0 <= 0 || media.y1-media.y0 <= 0 {
		media = letter
	}
	q := int(inherited(page, "Rotate").Int64()) / 90
	return placement{media: media, rotate: ((q % 4) + 4) % 4}
}

// place is r in fractions of the page shown, from its top-left corner.
func (p placement) place(r rect) evidence.Box {
	if r.empty() || !finite(r.x0, r.y0, r.x1, r.y1) {
		return evidence.Box{}
	}
	w, h := p.media.x1-p.media.x0, p.media.y1-p.media.y0
	// Upright fractions, y down, then the page's turn.
	l, t := (r.x0-p.media.x0)/w, (p.media.y1-r.y1)/h
	rt, b := (r.x1-p.media.x0)/w, (p.media.y1-r.y0)/h
	switch p.rotate {
	case 1:
		l, t, rt, b = 1-b, l, 1-t, rt
	case 2:
		l, t, rt, b = 1-rt, 1-b, 1-l, 1-t
	case 3:
		l, t, rt, b = t, 1-rt, b, 1-l
	}
	l, t = min(max(l, 0), 1), min(max(t, 0), 1)
	rt, b = min(max(rt, l), 1), min(max(b, t), 1)
	return evidence.Box{Left: l, Top: t, Width: rt - l, Height: b - t}
}

// finite reports whether every v is a number (a hostile matrix can make
// infinities, and their differences NaN).
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
