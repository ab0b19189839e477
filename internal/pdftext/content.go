package pdftext

import (
	"context"
	"io"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"
)

// fragment is one shown string, placed in default user space (points, y up).
type fragment struct {
	x, y, endX float64
	size       float64 // font size in user space
	text       string
	// words are where the words of text lie along the baseline, in order
	// (nil past maxWordSpans).
	words []span
}

// span is the x extent of one word of a fragment.
type span struct{ x0, x1 float64 }

// matrix is a PDF transformation [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// then returns m followed by n (the PDF product m × n).
func (m matrix) then(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func translate(tx, ty float64) matrix { return matrix{1, 0, 0, 1, tx, ty} }

// apply maps the point (x, y) through m.
func (m matrix) apply(x, y float64) (float64, float64) {
	return x*m[0] + y*m[2] + m[4], x*m[1] + y*m[3] + m[5]
}

// Text render modes (Tr) that paint nothing: 3 is invisible, 7 only adds
// the glyphs to the clipping path.
const (
	renderInvisible = 3
	renderClipOnly  = 7
	// Modes 4 to 7 add the glyphs to the clipping path at ET.
	renderClipFirst = 4
)

type graphicsState struct {
	ctm     matrix
	font    *font
	size    float64 // Tfs
	charSp  float64 // Tc
	wordSp  float64 // Tw
	scale   float64 // Th
	leading float64 // TL
	rise    float64 // Ts
	render  int     // Tr
	// fillAlpha and strokeAlpha are the ExtGState's ca and CA: at 0, what
	// is filled or stroked is not seen.
	fillAlpha, strokeAlpha float64
	// clip bounds the clipping path in default user space: the page box,
	// narrowed by clipping paths and form bounding boxes.
	clip rect
	// see holds the ExtGState (gs) settings that let what is under an image
	// show through it.
	see seeThrough
	// fill is the non-stroking colour; fillSpace its colour space's name.
	fill      colour
	fillSpace string
}

// seeThrough records the ExtGState entries under which an image may not hide
// what it is drawn over: fill alpha below 1, a blend mode, a soft mask.
type seeThrough struct{ alpha, blend, softMask bool }

func (s seeThrough) any() bool { return s.alpha || s.blend || s.softMask }

type interpreter struct {
	ctx context.Context
	ops int
	// scannedOps counts the operators contentScan saw, forms drawn and
	// streams read twice included; forms counts the forms drawn.
	scannedOps int
	forms      int
	bytes      int64 // decompressed stream bytes seen so far
	frags      []fragment
	// hidden counts the page's shown strings no reader of the page sees;
	// unseen are those drawn invisibly or under an image (not those off the
	// page or clipped away): a text layer over the page that is not shown.
	hidden int
	unseen []fragment
	// covered counts the strings painted over by a rectangle or written
	// white on the white page: left out, the rest of the layer still what
	// the page shows.
	covered int
	images  int
	// outlines counts the filled paths with curves drawn: letters drawn as
	// outlines, where a page's text was turned into shapes.
	outlines int
	// covers are the opaque images drawn on the page, in drawing order;
	// fills the opaque rectangles filled (a correction box, a redaction
	// bar, a background), and grounds the bounds of every shape filled
	// opaquely (a rounded button's too), in drawing order.
	covers, fills, grounds []cover
	// spans counts the word spans kept (maxWordSpans bounds them); scratch
	// is the span buffer show reuses.
	spans   int
	scratch []span
	// runs counts the characters of the page's shown text by the way
	// their baselines run in default user space, in quarter turns
	// clockwise from left to right (turn.go).
	runs [4]int
}

// maxWordSpans bounds the word spans kept per document (two float64s each):
// a dense page of print holds about 500 words, and text past the bound is
// still read, its words placed by share of the fragment (wordBoxes).
const maxWordSpans = 100_000

// cover is an opaque image's visible box and how many fragments were drawn
// before it (those it may hide).
type cover struct {
	box    rect
	before int
	// lightness is how light a ground leaves the page (0 black, 1 white).
	lightness float64
}

// maxCovers bounds the images checked for hiding text per page, and
// maxCoverChecks the fragment-image pairs checked (past it the document is
// over budget).
const (
	maxCovers      = 256
	maxCoverChecks = 20_000_000
)

// budget scans a stream's (or an array of streams') decompressed bytes
// before the parser sees them: their size counts against maxStreamBytes and
// their syntax against the nesting, operand and operator limits (see
// contentScan). It panics with abort past a limit.
func (in *interpreter) budget(v pdf.Value) {
	scan := &contentScan{in: in}
	in.scan(v, scan)
	scan.end()
}

func (in *interpreter) scan(v pdf.Value, scan *contentScan) {
	if v.Kind() == pdf.Array {
		for i := 0; i < v.Len() && i < 4096; i++ {
			in.scan(v.Index(i), scan)
		}
		return
	}
	if v.Kind() != pdf.Stream {
		return
	}
	rc := v.Reader()
	defer rc.Close()
	n, _ := io.Copy(scan, io.LimitReader(rc, maxStreamBytes-in.bytes+1))
	in.bytes += n
	if in.bytes > maxStreamBytes {
		overBudget(budgetStreamBytes, maxStreamBytes)
	}
}

// page interprets one page's content streams and returns the text fragments
// a reader of the page sees. Fragments drawn invisibly (Tr 3 or 7), outside
// the page's box or clipping path, or under an opaque image drawn later are
// left out and counted in in.hidden.
//
// A page whose text runs mostly down, up or right to left in default user
// space (a page turned by /Rotate with its content turned back, as an
// imposition tool writes it, or a portrait page drawn sideways on a
// landscape one) is interpreted again turned so that its text runs left to
// right (turn.go): run is the way it ran, 0 for left to right, and turns[run]
// maps default user space to the space its fragments are in.
func (in *interpreter) page(page pdf.Value) (frags []fragment, run int) {
	before := in.counts()
	frags = in.pageTurned(page, identity)
	run = mainRun(in.runs)
	if run == 0 {
		return frags, 0
	}
	in.restore(before)
	return in.pageTurned(page, turns[run]), run
}

// pageTurned interprets the page with default user space mapped through
// turn.
func (in *interpreter) pageTurned(page pdf.Value, turn matrix) []fragment {
	in.frags, in.covers, in.fills, in.grounds, in.unseen = nil, nil, nil, nil, nil
	in.runs = [4]int{}
	gs := graphicsState{ctm: turn, scale: 1, clip: pageBox(page).transform(turn), fillAlpha: 1, strokeAlpha: 1, fill: colour{known: true}}
	in.run(page.Key("Contents"), inherited(page, "Resources"), gs, 0)
	return in.uncovered()
}

// uncovered drops the fragments an opaque image drawn after them hides.
func (in *interpreter) uncovered() []fragment {
	if len(in.covers) == 0 && len(in.fills) == 0 {
		return in.frags
	}
	if len(in.frags)*(len(in.covers)+len(in.fills)) > maxCoverChecks {
		overBudget(budgetCoverChecks, maxCoverChecks)
	}
	out := in.frags[:0:0]
	for i, f := range in.frags {
		hiddenBy := func(c cover) bool { return c.before > i && c.box.contains(f.x, f.y) && c.box.contains(f.endX, f.y) }
		if slices.ContainsFunc(in.covers, hiddenBy) {
			in.hidden++
			in.unseen = append(in.unseen, f)
			continue
		}
		if slices.ContainsFunc(in.fills, func(c cover) bool { return c.before > i && c.box.containsGlyphs(f) }) {
			// Painted over: a correction box or a redaction bar drawn on
			// the words, or the next block's background laid over them.
			// Not kept as a layer: what it hides is no one's reading.
			in.covered++
			continue
		}
		out = append(out, f)
	}
	return out
}

// containsGlyphs reports the rectangle covering the body of a fragment's
// glyphs from end to end, from just above the baseline to seven tenths of
// its size above it: an underline, a strike-through line or a band of a
// printer's dead dots covers no more than a band of it.
func (r rect) containsGlyphs(f fragment) bool {
	low, high := f.y+0.05*f.size, f.y+0.7*f.size
	return r.contains(f.x, low) && r.contains(f.endX, low) && r.contains(f.x, high) && r.contains(f.endX, high)
}

// inherited looks key up on the page and then on its ancestors, as the
// page attributes Resources, MediaBox and CropBox are.
func inherited(page pdf.Value, key string) pdf.Value {
	v := page
	for i := 0; i < 32 && !v.IsNull(); i++ {
		if r := v.Key(key); !r.IsNull() {
			return r
		}
		v = v.Key("Parent")
	}
	return pdf.Value{}
}

// letter is the page box viewers assume when a page has none.
var letter = rect{0, 0, 612, 792}

// pageBox is the visible page: the CropBox within the MediaBox.
func pageBox(page pdf.Value) rect {
	box, ok := boxOf(inherited(page, "MediaBox"))
	if !ok {
		box = letter
	}
	if crop, ok := boxOf(inherited(page, "CropBox")); ok {
		box = box.intersect(crop)
	}
	return box
}

// run interprets a content stream (or array of streams) with the given
// resources; depth counts nested form XObjects.
func (in *interpreter) run(strm, resources pdf.Value, gs graphicsState, depth int) {
	if strm.Kind() != pdf.Stream && strm.Kind() != pdf.Array {
		return
	}
	in.budget(strm)
	fonts := map[string]*font{}
	var stack []graphicsState
	tm, tlm := identity, identity
	// path bounds the path under construction; clipNext is set by W and W*,
	// which clip to the path when the next painting operator ends it.
	path, clipNext, curved := emptyRect, false, false
	// rects counts the rectangles (re) of the path, lined its other
	// segments: a fill of one rectangle alone paints its whole box.
	rects, lined := 0, false
	// textClip bounds the glyphs shown in modes 4 to 7 since BT.
	textClip := emptyRect
	point := func(x, y float64) { path = path.add(gs.ctm.apply(x, y)) }

	show := func(raw string) {
		f := gs.font
		if f == nil {
			f = unknownFont
		}
		// advance moves the text position; shown measures the glyphs as
		// drawn (they differ only for a standard font without widths), and
		// words are the words' extents along it, in text space.
		var advance, shown float64
		words := in.scratch[:0]
		wordFrom := -1.0
		for _, code := range f.codes(raw) {
			extra := gs.charSp
			if !f.twoByte && code == ' ' {
				extra += gs.wordSp
			}
			switch space := f.space(code); {
			case space && wordFrom >= 0:
				words, wordFrom = append(words, span{wordFrom, shown}), -1
			case !space && wordFrom < 0:
				wordFrom = shown
			}
			w := f.width(code)
			advance += (w/1000*gs.size + extra) * gs.scale
			if f.standard != nil || f.standardAll > 0 {
				w = f.shownWidth(code)
			}
			shown += (w/1000*gs.size + extra) * gs.scale
		}
		if wordFrom >= 0 {
			words = append(words, span{wordFrom, shown})
		}
		in.scratch = words
		// along is how far the page's x moves per unit of text space.
		along := tm.then(gs.ctm)[0]
		start := matrix{gs.size * gs.scale, 0, 0, gs.size, 0, gs.rise}.then(tm).then(gs.ctm)
		tm = translate(advance, 0).then(tm)
		end := matrix{gs.size * gs.scale, 0, 0, gs.size, 0, gs.rise}.then(tm).then(gs.ctm)
		if gs.render >= renderClipFirst && gs.render <= renderClipOnly {
			textClip = textClip.union(glyphBox(start, end))
		}
		txt := cleanText(f.decode(raw))
		if txt == "" {
			return
		}
		frag := fragment{
			x: start[4], y: start[5], endX: end[4],
			size: math.Hypot(start[2], start[3]),
			text: txt,
		}
		if in.spans+len(words) <= maxWordSpans {
			in.spans += len(words)
			frag.words = make([]span, len(words))
			for i, w := range words {
				frag.words[i] = span{start[4] + w.x0*along, start[4] + w.x1*along}
			}
		}
		if gs.fillsText() && gs.fill.white() && !in.onBackground(frag) {
			// White on the white page: drawn, and seen by no one.
			if strings.TrimSpace(txt) != "" {
				in.covered++
			}
			return
		}
		invisible := !gs.paintsText() || frag.size < minVisibleSize
		if invisible || !gs.clip.contains(start[4], start[5]) {
			if strings.TrimSpace(txt) != "" {
				in.hidden++
			}
			if invisible && gs.clip.contains(start[4], start[5]) {
				in.unseen = append(in.unseen, frag)
			}
			return
		}
		in.runs[runOf(end[4]-start[4], end[5]-start[5])] += len(txt)
		in.frags = append(in.frags, frag)
	}
	nextLine := func() {
		tlm = translate(0, -gs.leading).then(tlm)
		tm = tlm
	}

	pdf.Interpret(strm, func(stk *pdf.Stack, op string) {
		in.ops++
		if in.ops > maxOps {
			overBudget(budgetOps, maxOps)
		}
		if in.ops%4096 == 0 {
			if err := in.ctx.Err(); err != nil {
				panic(abort{err})
			}
		}
		args := make([]pdf.Value, stk.Len())
		for i := len(args) - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		num := func(i int) float64 { return args[i].Float64() }
		switch op {
		case "q":
			if len(stack) < 256 {
				stack = append(stack, gs)
			}
		case "Q":
			if n := len(stack); n > 0 {
				gs = stack[n-1]
				stack = stack[:n-1]
			}
		case "cm":
			if len(args) == 6 {
				gs.ctm = matrix{num(0), num(1), num(2), num(3), num(4), num(5)}.then(gs.ctm)
			}
		case "BT":
			tm, tlm = identity, identity
			textClip = emptyRect
		case "ET":
			if !textClip.empty() {
				gs.clip = gs.clip.intersect(textClip)
			}
			textClip = emptyRect
		case "Tr":
			if len(args) == 1 {
				gs.render = int(num(0))
			}
		case "m", "l":
			lined = true
			if len(args) == 2 {
				point(num(0), num(1))
			}
		case "c", "v", "y":
			curved, lined = true, true
			for i := 0; i+1 < len(args); i += 2 {
				point(num(i), num(i+1))
			}
		case "re":
			rects++
			if len(args) == 4 {
				x, y, w, h := num(0), num(1), num(2), num(3)
				point(x, y)
				point(x+w, y)
				point(x, y+h)
				point(x+w, y+h)
			}
		case "W", "W*":
			clipNext = true
		case "n", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*":
			if clipNext {
				// An empty path clips everything away.
				gs.clip = gs.clip.intersect(path)
			}
			if curved && op != "n" && op != "S" && op != "s" {
				in.outlines++
			}
			if op != "n" && op != "S" && op != "s" {
				in.filled(path, gs, rects == 1 && !lined)
			}
			path, clipNext, curved = emptyRect, false, false
			rects, lined = 0, false
		case "sh":
			// A shading painted over the clip: a gradient's background.
			in.ground(gs.clip)
		case "gs":
			if len(args) == 1 {
				egs := resources.Key("ExtGState").Key(args[0].Name())
				if ca := egs.Key("ca"); ca.Kind() == pdf.Integer || ca.Kind() == pdf.Real {
					gs.see.alpha = ca.Float64() < 1
					gs.fillAlpha = ca.Float64()
				}
				if sa := egs.Key("CA"); sa.Kind() == pdf.Integer || sa.Kind() == pdf.Real {
					gs.strokeAlpha = sa.Float64()
				}
				if bm := egs.Key("BM"); !bm.IsNull() {
					gs.see.blend = bm.Name() != "Normal" && bm.Name() != "Compatible"
				}
				if sm := egs.Key("SMask"); !sm.IsNull() {
					gs.see.softMask = sm.Name() != "None"
				}
			}
		case "g", "rg", "k":
			gs.fill = deviceColour(args)
		case "cs":
			if len(args) == 1 {
				gs.fillSpace = args[0].Name()
				gs.fill = colour{} // unknown until set, as a space's initial colour may be light
				if deviceSpaces[gs.fillSpace] {
					gs.fill = colour{known: true}
				}
			}
		case "sc", "scn":
			gs.fill = spaceColour(gs.fillSpace, args)
		case "Tf":
			if len(args) == 2 {
				gs.font = in.loadFont(fonts, resources, args[0].Name())
				gs.size = num(1)
			}
		case "Tc":
			if len(args) == 1 {
				gs.charSp = num(0)
			}
		case "Tw":
			if len(args) == 1 {
				gs.wordSp = num(0)
			}
		case "Tz":
			if len(args) == 1 {
				gs.scale = num(0) / 100
			}
		case "TL":
			if len(args) == 1 {
				gs.leading = num(0)
			}
		case "Ts":
			if len(args) == 1 {
				gs.rise = num(0)
			}
		case "Td", "TD":
			if len(args) == 2 {
				if op == "TD" {
					gs.leading = -num(1)
				}
				tlm = translate(num(0), num(1)).then(tlm)
				tm = tlm
			}
		case "Tm":
			if len(args) == 6 {
				tm = matrix{num(0), num(1), num(2), num(3), num(4), num(5)}
				tlm = tm
			}
		case "T*":
			nextLine()
		case "Tj":
			if len(args) == 1 {
				show(args[0].RawString())
			}
		case "'":
			if len(args) == 1 {
				nextLine()
				show(args[0].RawString())
			}
		case "\"":
			if len(args) == 3 {
				gs.wordSp, gs.charSp = num(0), num(1)
				nextLine()
				show(args[2].RawString())
			}
		case "TJ":
			if len(args) != 1 {
				return
			}
			arr := args[0]
			for i := 0; i < arr.Len(); i++ {
				v := arr.Index(i)
				if v.Kind() == pdf.String {
					show(v.RawString())
					continue
				}
				tm = translate(-v.Float64()/1000*gs.size*gs.scale, 0).then(tm)
			}
		case "Do":
			if len(args) != 1 {
				return
			}
			xobj := resources.Key("XObject").Key(args[0].Name())
			if sub := xobj.Key("Subtype").Name(); sub != "Form" {
				if sub == "Image" {
					in.image(xobj, gs)
				}
				return
			}
			if depth >= maxFormDepth {
				overBudget(budgetFormDepth, maxFormDepth)
			}
			if in.forms++; in.forms > maxForms {
				overBudget(budgetForms, maxForms)
			}
			inner := gs
			if m := xobj.Key("Matrix"); m.Len() == 6 {
				inner.ctm = matrix{m.Index(0).Float64(), m.Index(1).Float64(), m.Index(2).Float64(),
					m.Index(3).Float64(), m.Index(4).Float64(), m.Index(5).Float64()}.then(gs.ctm)
			}
			if bbox, ok := boxOf(xobj.Key("BBox")); ok {
				inner.clip = gs.clip.intersect(bbox.transform(inner.ctm))
			}
			res := xobj.Key("Resources")
			if res.IsNull() {
				res = resources
			}
			in.run(xobj, res, inner, depth+1)
		}
	})
}

// minVisibleSize is the smallest text a reader of the page sees, in points
// (a browser prints 1 px text at 0.75 pt; a label's small print is 5 pt).
const minVisibleSize = 1.5

// paintsText reports whether text shown in gs marks the page: not in render
// mode 3 (invisible) or 7 (clip only), nor filled or stroked at alpha 0 (a
// browser prints "color: transparent" text so).
func (gs graphicsState) paintsText() bool {
	fill, stroke := gs.fillAlpha > 0, gs.strokeAlpha > 0
	switch gs.render {
	case 0, 4:
		return fill
	case 1, 5:
		return stroke
	case 2, 6:
		return fill || stroke
	}
	return false
}

// image notes an image XObject drawn with the graphics state gs: an opaque
// one hides the text drawn under it before.
func (in *interpreter) image(xobj pdf.Value, gs graphicsState) {
	in.images++
	in.ground(rect{0, 0, 1, 1}.transform(gs.ctm).intersect(gs.clip))
	// A renderer (pdftoppm, for OCR) would decode it whole.
	if w, h := xobj.Key("Width").Float64(), xobj.Key("Height").Float64(); w*h > maxImagePixels {
		overBudget(budgetImagePixels, maxImagePixels)
	}
	if gs.see.any() || xobj.Key("ImageMask").Bool() || !xobj.Key("SMask").IsNull() || !xobj.Key("Mask").IsNull() || len(in.covers) >= maxCovers {
		return
	}
	box := rect{0, 0, 1, 1}.transform(gs.ctm).intersect(gs.clip)
	if !box.empty() {
		in.covers = append(in.covers, cover{box: box, before: len(in.frags)})
	}
}

// glyphBox bounds the glyphs of a shown string, from the text rendering
// matrices at its start and end (descenders and ascenders included).
func glyphBox(start, end matrix) rect {
	r := emptyRect
	for _, m := range []matrix{start, end} {
		r = r.add(m.apply(0, -0.3)).add(m.apply(0, 1))
	}
	return r
}

// cleanText drops control characters and invalid bytes that fonts without a
// usable encoding produce.
func cleanText(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	return strings.Map(func(r rune) rune {
		if r == '\t' {
			return ' '
		}
		if unicode.IsControl(r) || r == utf8.RuneError || r == '\u00ad' {
			return -1
		}
		return r
	}, s)
}
