// Fill colours and painted rectangles: text no reader of the page sees
// because it is white on the white page, or painted over.

package pdftext

import "github.com/ledongthuc/pdf"

// colour is a fill colour's lightness (0 black, 1 white) where the colour
// is known; a pattern's, a separation's or an unnamed space's is not.
type colour struct {
	lightness float64
	known     bool
}

// white reports a colour no one tells from the paper.
func (c colour) white() bool { return c.known && c.lightness >= whiteLightness }

// whiteLightness: a fill at least this light is the paper's colour.
const whiteLightness = 0.93

// deviceSpaces are the colour spaces whose components sc and scn give as
// grey, RGB or CMYK by their count.
var deviceSpaces = map[string]bool{"DeviceGray": true, "DeviceRGB": true, "DeviceCMYK": true, "CalGray": true, "CalRGB": true}

// deviceColour is the colour of a g, rg or k operator's operands (by their
// count: one grey, three RGB, four CMYK).
func deviceColour(args []pdf.Value) colour {
	v := make([]float64, len(args))
	for i, a := range args {
		if a.Kind() != pdf.Integer && a.Kind() != pdf.Real {
			return colour{}
		}
		v[i] = min(max(a.Float64(), 0), 1)
	}
	switch len(v) {
	case 1:
		return colour{lightness: v[0], known: true}
	case 3:
		return colour{lightness: 0.299*v[0] + 0.587*v[1] + 0.114*v[2], known: true}
	case 4:
		k := 1 - v[3]
		r, g, b := (1-v[0])*k, (1-v[1])*k, (1-v[2])*k
		return colour{lightness: 0.299*r + 0.587*g + 0.114*b, known: true}
	}
	return colour{}
}

// spaceColour is the colour sc or scn sets in the named space: a device
// space's as deviceColour reads it, any other unknown (a pattern, a
// separation's tint, an ICC profile named in the resources).
func spaceColour(space string, args []pdf.Value) colour {
	if !deviceSpaces[space] {
		return colour{}
	}
	return deviceColour(args)
}

// fillsText reports text shown in gs filling its glyphs (render modes 0, 2,
// 4, 6) at a visible alpha.
func (gs graphicsState) fillsText() bool {
	return gs.fillAlpha > 0 && gs.render%2 == 0 && gs.render <= renderClipOnly
}

// maxFills bounds the painted rectangles kept per page.
const maxFills = 4096

// minFillSide: a rectangle narrower than this (a rule, a border) hides no
// text, in points.
const minFillSide = 3

// filled notes a path (bounded by box) filled opaquely with gs: the
// background of the text drawn after it, and where it is one rectangle
// (isRect), what may hide the text drawn before it.
func (in *interpreter) filled(box rect, gs graphicsState, isRect bool) {
	box = box.intersect(gs.clip)
	if box.empty() || box.x1-box.x0 < minFillSide || box.y1-box.y0 < minFillSide {
		return
	}
	// As a background: how light it leaves the page, a fill at part alpha
	// mixed with what lies under its middle (a caption box of black at 80%
	// on the paper is dark, a panel of white at 15% on a dark card too); a
	// pattern's, a blend's or a soft mask's is taken for dark.
	lightness := 0.0
	if gs.fill.known && !gs.see.blend && !gs.see.softMask {
		lightness = gs.fill.lightness
		if a := max(gs.fillAlpha, 0); a < 1 {
			lightness = a*lightness + (1-a)*in.lightnessAt((box.x0+box.x1)/2, (box.y0+box.y1)/2)
		}
	}
	c := cover{box: box, before: len(in.frags), lightness: lightness}
	if c.light() && !isRect {
		// A light shape's box is more than the shape (a badge's white
		// disc inside its dark ring, the ring's letters in the box's
		// corners: unseen89's pharmacy logo): only a light rectangle
		// makes what is on it stand on white.
		return
	}
	if len(in.grounds) < maxFills {
		in.grounds = append(in.grounds, c)
	}
	// As a cover: one rectangle of a known colour, fully opaque (a
	// pattern may be a gradient with transparency in it: a "faded" print's
	// overlay, unseen13).
	if isRect && gs.fill.known && gs.fillAlpha >= 1 && !gs.see.any() && len(in.fills) < maxFills {
		in.fills = append(in.fills, c)
	}
}

// light reports a ground that leaves the page white (or near it).
func (c cover) light() bool { return c.lightness >= whiteLightness }

// lightnessAt is how light the page is at (x, y) so far: the latest
// ground's there, or the paper's.
func (in *interpreter) lightnessAt(x, y float64) float64 {
	for k := len(in.grounds) - 1; k >= 0; k-- {
		if in.grounds[k].box.contains(x, y) {
			return in.grounds[k].lightness
		}
	}
	return 1
}

// ground notes a box painted in what may be any colour (a shading, an
// image): a background the text drawn after it may stand out on.
func (in *interpreter) ground(box rect) {
	if !box.empty() && len(in.grounds) < maxFills {
		in.grounds = append(in.grounds, cover{box: box, before: len(in.frags)})
	}
}

// onBackground reports a fragment drawn over something darker than the
// paper: the latest shape filled, shading or image under either end of it
// is not white.
func (in *interpreter) onBackground(f fragment) bool {
	// The glyphs' body at either end: a string may run on past a dark
	// bar's end (a header's "Philippa Grennan · Sign out" past the page's
	// edge; unseen112).
	for _, x := range []float64{f.x, f.endX} {
		y := f.y + 0.3*f.size
		for k := len(in.grounds) - 1; k >= 0; k-- {
			if c := in.grounds[k]; c.box.contains(x, y) {
				if !c.light() {
					return true
				}
				break
			}
		}
	}
	return false
}
