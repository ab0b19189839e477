package textractstandin

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"image"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/clinicplatform/intake/internal/evidence"
)

// Page is what an OCR engine read on one page.
type Page struct {
	// Turns is how many quarter turns clockwise make the page as stored
	// upright (imageprep.Turn's sense).
	Turns int
	// Lines are the lines read, their words boxed on the upright page (in
	// fractions of its width and height, evidence.Box). Words without a
	// box share their line's box; lines without any box are not placed.
	Lines []evidence.Line
}

// OCR reads the words on one page image as stored.
type OCR interface {
	ReadPage(ctx context.Context, page *image.Gray) (Page, error)
}

// splitGap: within a row, a gap between words wider than this many word
// heights starts another LINE. Textract is a model, not a rule: public
// responses keep words up to about 1.2 heights apart in one LINE (justified
// text up to 2) and split a form's caption from its value 2 heights apart
// or more (a patient intake form's "First Name:" | "CARLOS"), a table's
// cells nearer still.
const splitGap = 1.5

// Angles, in degrees. A page's text slopes by its lines' median slope
// (a photo taken at a slight angle) when that is within maxSkew; a line
// sloping more than ownAngle from it (a rubber stamp pressed on crooked)
// keeps its own slope, as Textract gives each LINE the polygon of its own
// text. Slopes are measured from the centres of a line's words, which
// ascenders and descenders move by about a quarter of a height.
const (
	maxSkew  = 20.0
	ownAngle = 3.0
)

// word is a word on the upright page, in pixels: the centre and size of
// the box the engine gave (around the word, whatever its slope), and the
// word's own extent along and across the slope of its line.
type word struct {
	text   string
	conf   float64 // 0..1
	cx, cy float64
	bw, bh float64
	// along, across: the centre's coordinates in the frame of the line's
	// slope; width, height: the word's extent in it.
	along, across, width, height float64
}

// run is a LINE to be: words on one line with no wide gap between them,
// at one slope (radians, clockwise: y grows down the page).
type run struct {
	words []word
	angle float64
	// own: the run slopes otherwise than the page and is never joined to
	// another.
	own bool
}

// extent is the run's box in the frame of its slope.
func (r run) extent() (left, right, top, bottom float64) {
	left, top, right, bottom = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, w := range r.words {
		left, right = min(left, w.along-w.width/2), max(right, w.along+w.width/2)
		top, bottom = min(top, w.across-w.height/2), max(bottom, w.across+w.height/2)
	}
	return
}

// pageRuns turns an OCR engine's lines into Textract's LINEs, in Textract's
// order: each line is split at wide gaps along its slope; runs on one row
// of the page that sit close together are joined (an engine that read a
// caption and its value as two blocks gives Textract's one LINE); and the
// runs are listed row by row from the top, left to right within a row, so
// that side-by-side columns come interleaved. size is the upright page's
// in pixels: slopes are measured there.
func pageRuns(lines []evidence.Line, size image.Point) []run {
	w, h := float64(max(size.X, 1)), float64(max(size.Y, 1))
	type engineLine struct {
		words    []word
		slope    float64 // radians
		reliable bool    // enough words, far enough apart, to measure it
	}
	var els []engineLine
	var pageSlopes []float64
	for _, l := range lines {
		var ws []word
		for _, pw := range placed(l) {
			b := pw.box
			ws = append(ws, word{text: pw.text, conf: pw.conf,
				cx: (b.Left + b.Width/2) * w, cy: (b.Top + b.Height/2) * h, bw: b.Width * w, bh: b.Height * h})
		}
		if len(ws) == 0 {
			continue
		}
		el := engineLine{words: ws}
		el.slope, el.reliable = slopeOf(ws)
		if el.reliable && len(ws) >= 3 {
			pageSlopes = append(pageSlopes, el.slope)
		}
		els = append(els, el)
	}
	page := 0.0
	if len(pageSlopes) > 0 {
		slices.Sort(pageSlopes)
		if s := pageSlopes[len(pageSlopes)/2]; math.Abs(s) <= maxSkew*math.Pi/180 {
			page = s
		}
	}
	// Each line at its slope: the page's, or its own when it slopes
	// otherwise (a stamp).
	sloped := make([]run, len(els))
	for i, el := range els {
		angle, own := page, false
		if el.reliable && math.Abs(el.slope-page) > ownAngle*math.Pi/180 && math.Abs(el.slope) < math.Pi/4 {
			angle, own = el.slope, true
		}
		ws := el.words
		for k := range ws {
			ws[k].place(angle)
		}
		slices.SortStableFunc(ws, func(a, b word) int { return cmp.Compare(a.along, b.along) })
		sloped[i] = run{words: ws, angle: angle, own: own}
	}
	// Rows, in the frame of the page's slope: a line joins the row it
	// overlaps most across the slope, by half the smaller height or more
	// (a line's height being its median word's, so that a word boxed with
	// a smudge does not reach into the next row) and is no more than twice
	// as tall or as short as the row's tallest line; a line at its own
	// slope is a row of its own. A row's words, whichever lines the engine read
	// them in, are then cut into LINEs at wide gaps, as Textract cuts a
	// row: an engine that read a caption and its value as two blocks, or
	// a line twice, gives Textract's one LINE.
	type row struct {
		words       []word
		angle       float64
		top, bottom float64
		minHeight   float64
		maxHeight   float64
		own         bool
	}
	var units []run
	for _, r := range once(sloped) {
		if len(r.words) > 0 {
			units = append(units, r)
		}
	}
	bandOf := func(r run) (top, bottom float64) {
		ws := slices.Clone(r.words)
		slices.SortStableFunc(ws, func(a, b word) int { return cmp.Compare(a.height, b.height) })
		m := ws[(len(ws)-1)/2]
		if !r.own {
			return m.across - m.height/2, m.across + m.height/2
		}
		_, across := frame(m.cx, m.cy, page) // a crooked line: where it stands on the page
		return across - m.height/2, across + m.height/2
	}
	slices.SortStableFunc(units, func(a, b run) int {
		at, ab := bandOf(a)
		bt, bb := bandOf(b)
		return cmp.Compare(at+ab, bt+bb)
	})
	var rows []*row
	for _, u := range units {
		top, bottom := bandOf(u)
		height := bottom - top
		var best *row
		bestShare := 0.0
		for _, rw := range rows {
			// A line far taller than a row's (a word printed at a slope
			// the engine could not measure, boxed with its slope) would
			// join the rows above and below it into one.
			if rw.own || u.own || max(height, rw.maxHeight) > 2*min(height, rw.maxHeight) {
				continue
			}
			overlap := min(bottom, rw.bottom) - max(top, rw.top)
			share := overlap / max(min(height, rw.minHeight), 1e-9)
			if share >= 0.5 && share > bestShare {
				best, bestShare = rw, share
			}
		}
		if best == nil {
			rows = append(rows, &row{words: slices.Clone(u.words), angle: u.angle, top: top, bottom: bottom, minHeight: height, maxHeight: height, own: u.own})
			continue
		}
		best.words = append(best.words, u.words...)
		best.top, best.bottom = min(best.top, top), max(best.bottom, bottom)
		best.minHeight, best.maxHeight = min(best.minHeight, height), max(best.maxHeight, height)
	}
	slices.SortStableFunc(rows, func(a, b *row) int { return cmp.Compare(a.top+a.bottom, b.top+b.bottom) })
	var out []run
	for _, rw := range rows {
		slices.SortStableFunc(rw.words, func(a, b word) int { return cmp.Compare(a.along, b.along) })
		for _, part := range split(rw.words) {
			out = append(out, run{words: part, angle: rw.angle, own: rw.own})
		}
	}
	return out
}

// once keeps one reading of each piece of ink, as Textract gives: an
// engine that read some text twice (the local reader reads a page again
// where it was unsure or passed text over, and a crooked stamp both with
// the page and levelled on its own) gives words on words. Words are taken
// best first, the most letters read with confidence (a whole
// "LLOYDSPHARMACY" over a fragment "LLOYDSPHARMA"; not a reading at a
// slope of its own before others, which let a re-read "RiteCare Pharmee"
// win over "RiteCare Pharmacy"), and
// a word whose centre lies on a word already taken, or that holds the
// centre of one level with it, is left out; lines and words keep their
// order.
func once(lines []run) []run {
	type ref struct{ line, word int }
	var refs []ref
	for i, r := range lines {
		for k := range r.words {
			refs = append(refs, ref{i, k})
		}
	}
	score := func(w word) float64 {
		n := 0
		for _, c := range w.text {
			if unicode.IsLetter(c) || unicode.IsDigit(c) {
				n++
			}
		}
		return float64(n) * w.conf
	}
	slices.SortStableFunc(refs, func(a, b ref) int {
		return cmp.Compare(score(lines[b.line].words[b.word]), score(lines[a.line].words[a.word]))
	})
	type takenWord struct {
		word
		angle float64
	}
	var taken []takenWord
	keep := make([][]bool, len(lines))
	for i, r := range lines {
		keep[i] = make([]bool, len(r.words))
	}
	for _, rf := range refs {
		w, angle := lines[rf.line].words[rf.word], lines[rf.line].angle
		if slices.ContainsFunc(taken, func(t takenWord) bool {
			return holds(t.word, t.angle, w) || holds(w, angle, t.word) && (level(w, t.word) || w.conf < wellRead)
		}) {
			continue
		}
		keep[rf.line][rf.word] = true
		taken = append(taken, takenWord{w, angle})
	}
	out := make([]run, len(lines))
	for i, r := range lines {
		out[i] = run{angle: r.angle, own: r.own}
		for k, w := range r.words {
			if keep[i][k] {
				out[i].words = append(out[i].words, w)
			}
		}
	}
	return out
}

// wellRead is the confidence over which a word boxed tall over the next
// line's word is a word of its own; below it, the engine's specks and
// fragments of a second reading ("SUNDERLAND ne PHARMACY").
const wellRead = 0.8

// level reports two words whose centres lie within half the shorter one's
// height of each other across the line: one piece of ink read twice, not a
// word boxed tall (a table's rule under it) over the next line's word,
// which Textract reads as a word of its own (unseen26's travel letter,
// whose "Wegovy" went for the "injection" under it).
func level(a, b word) bool {
	return math.Abs(a.across-b.across) <= min(a.height, b.height)/2
}

// holds reports whether the centre of o lies within w, w being at angle.
func holds(w word, angle float64, o word) bool {
	along, across := frame(o.cx, o.cy, angle)
	return math.Abs(along-w.along) <= w.width/2 && math.Abs(across-w.across) <= w.height/2
}

// slopeOf is the slope, in radians, of the line through the centres of a
// line's words (least squares), and whether it is worth believing: two
// words or more, spread over at least three word heights (the heights
// the words have at that slope).
func slopeOf(ws []word) (float64, bool) {
	if len(ws) < 2 {
		return 0, false
	}
	var mx, my float64
	for _, w := range ws {
		mx += w.cx
		my += w.cy
	}
	mx /= float64(len(ws))
	my /= float64(len(ws))
	var sxy, sxx, lo, hi float64
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, w := range ws {
		sxy += (w.cx - mx) * (w.cy - my)
		sxx += (w.cx - mx) * (w.cx - mx)
		lo, hi = min(lo, w.cx), max(hi, w.cx)
	}
	if sxx == 0 {
		return 0, false
	}
	slope := math.Atan(sxy / sxx)
	at := slices.Clone(ws)
	for i := range at {
		at[i].place(slope)
	}
	return slope, (hi-lo)/math.Cos(slope) >= 3*medianHeight(at)
}

// frame is the point (x, y) in the frame of a slope: along and across it.
func frame(x, y, angle float64) (along, across float64) {
	sin, cos := math.Sincos(angle)
	return x*cos + y*sin, -x*sin + y*cos
}

// unframe is frame's inverse.
func unframe(along, across, angle float64) (x, y float64) {
	sin, cos := math.Sincos(angle)
	return along*cos - across*sin, along*sin + across*cos
}

// place sets the word's extent in the frame of angle: the rectangle at
// that slope whose bounding box is the engine's box (the box around a
// word printed at a slope), or, where no such rectangle exists (the word
// is not at that slope), the engine's box itself.
func (w *word) place(angle float64) {
	w.along, w.across = frame(w.cx, w.cy, angle)
	sin, cos := math.Sincos(math.Abs(angle))
	det := cos*cos - sin*sin
	width, height := (w.bw*cos-w.bh*sin)/det, (w.bh*cos-w.bw*sin)/det
	if det <= 0 || width <= 0 || height <= 0.2*w.bh {
		width, height = w.bw, w.bh
	}
	w.width, w.height = width, height
}

// placedWord is a word of a line with its box, before it is measured.
type placedWord struct {
	text string
	conf float64
	box  evidence.Box
}

// placed is l's words with their boxes; a word without a box gets a share
// of the line's box by its length (an engine that boxed the line but not
// each word).
func placed(l evidence.Line) []placedWord {
	if len(l.Words) == 0 && !l.Box.IsZero() {
		// A line reported without words: its words share its box.
		for _, f := range strings.Fields(l.Text) {
			l.Words = append(l.Words, evidence.Word{Text: f, Confidence: l.Confidence})
		}
	}
	var chars int
	for _, w := range l.Words {
		chars += len([]rune(strings.TrimSpace(w.Text)))
	}
	var ws []placedWord
	x := l.Box.Left
	for _, w := range l.Words {
		text := strings.TrimSpace(w.Text)
		if text == "" {
			continue
		}
		b := w.Box
		if b.IsZero() && !l.Box.IsZero() {
			width := l.Box.Width * float64(len([]rune(text))) / float64(chars)
			b = evidence.Box{Left: x, Top: l.Box.Top, Width: width, Height: l.Box.Height}
			x += width
		}
		if b.IsZero() {
			continue
		}
		ws = append(ws, placedWord{text: text, conf: w.Confidence, box: b})
	}
	// Tesseract sometimes boxes a line's first word as the whole line (on
	// a blurred scan "Lakeside" came 235 pixels wide, over "Weight Health
	// Clinic"); Textract's words do not overlap. A word reaching over the
	// next one ends where that one starts.
	slices.SortStableFunc(ws, func(a, b placedWord) int { return cmp.Compare(a.box.Left, b.box.Left) })
	for i := 0; i+1 < len(ws); i++ {
		b, next := &ws[i].box, ws[i+1].box
		if b.Left+b.Width > next.Left && next.Left > b.Left {
			b.Width = next.Left - b.Left
		}
	}
	return ws
}

// split cuts a line's words (in order along it) at gaps wider than
// splitGap word heights.
func split(ws []word) [][]word {
	gap := splitGap * medianHeight(ws)
	out := [][]word{ws[:1:1]}
	for i := 1; i < len(ws); i++ {
		prev := ws[i-1]
		if ws[i].along-ws[i].width/2-(prev.along+prev.width/2) > gap {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], ws[i])
	}
	return out
}

func medianHeight(ws []word) float64 {
	hs := make([]float64, len(ws))
	for i, w := range ws {
		hs[i] = w.height
	}
	slices.Sort(hs)
	return hs[len(hs)/2]
}

// ids makes the blocks' Ids: UUIDs that depend only on the document, the
// page and the block's place, so the same upload gets the same answer.
type ids struct{ seed [32]byte }

func (g ids) id(kind byte, page, n int) string {
	var buf [32 + 1 + 16]byte
	copy(buf[:], g.seed[:])
	buf[32] = kind
	binary.BigEndian.PutUint64(buf[33:], uint64(page))
	binary.BigEndian.PutUint64(buf[41:], uint64(n))
	sum := sha256.Sum256(buf[:])
	var b [16]byte
	copy(b[:], sum[:16])
	return uuidOf(b)
}

// pageBlocks are one page's blocks as Textract lists them: the PAGE, its
// LINEs in reading order, then every LINE's WORDs. stored is the page's
// size as stored, in pixels; page is its number in a job's results, 0 for
// DetectDocumentText (which leaves Page out).
func pageBlocks(p Page, stored image.Point, page int, g ids) []Block {
	p = readingUpright(p, stored)
	upright := stored
	if p.Turns%2 != 0 {
		upright = image.Pt(stored.Y, stored.X)
	}
	runs := pageRuns(p.Lines, upright)
	pageBlock := Block{
		BlockType: "PAGE",
		Geometry:  geometryOf([4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 0),
		Id:        g.id('P', page, 0),
		Page:      page,
	}
	w, h := float64(max(upright.X, 1)), float64(max(upright.Y, 1))
	// corners are the rectangle [left, right] x [top, bottom] in the frame
	// of angle, in fractions of the upright page, in the text's order.
	corners := func(left, right, top, bottom, angle float64) [4][2]float64 {
		var c [4][2]float64
		for i, p := range [4][2]float64{{left, top}, {right, top}, {right, bottom}, {left, bottom}} {
			x, y := unframe(p[0], p[1], angle)
			c[i] = [2]float64{x / w, y / h}
		}
		return c
	}
	var lines, words []Block
	var lineIDs []string
	for i, r := range runs {
		left, right, top, bottom := r.extent()
		line := Block{
			BlockType: "LINE",
			Geometry:  geometryOf(corners(left, right, top, bottom, r.angle), p.Turns),
			Id:        g.id('L', page, i),
			Page:      page,
		}
		var texts, wordIDs []string
		var sum float64
		for _, wd := range r.words {
			id := g.id('W', page, len(words))
			words = append(words, Block{
				BlockType:  "WORD",
				Confidence: percent(wd.conf),
				Text:       wd.text,
				TextType:   "PRINTED",
				Geometry: geometryOf(corners(wd.along-wd.width/2, wd.along+wd.width/2,
					wd.across-wd.height/2, wd.across+wd.height/2, r.angle), p.Turns),
				Id:   id,
				Page: page,
			})
			texts = append(texts, wd.text)
			wordIDs = append(wordIDs, id)
			sum += wd.conf
		}
		line.Text = strings.Join(texts, " ")
		line.Confidence = percent(sum / float64(len(r.words)))
		line.Relationships = []relationship{{Type: "CHILD", Ids: wordIDs}}
		lines = append(lines, line)
		lineIDs = append(lineIDs, line.Id)
	}
	if len(lineIDs) > 0 {
		pageBlock.Relationships = []relationship{{Type: "CHILD", Ids: lineIDs}}
	}
	return append(append([]Block{pageBlock}, lines...), words...)
}

// readingUpright is p in the frame its text reads from left to right in.
// An engine can misjudge which way up a page is and still read its text
// (the local reader turned a photo of a phone's screen a quarter turn and
// Tesseract read the lines running down its image): the words' order then
// runs down, up or leftwards on the page as the engine turned it, and
// Textract, which reads text at any quarter turn, would give polygons
// along it. The direction is the one most of the lines' words progress in
// (from the first word's centre to the last's, weighted by the distance),
// when three lines or more say so.
func readingUpright(p Page, stored image.Point) Page {
	size := stored
	if p.Turns%2 != 0 {
		size = image.Pt(stored.Y, stored.X)
	}
	w, h := float64(max(size.X, 1)), float64(max(size.Y, 1))
	var votes [4]float64
	lines := 0
	for _, l := range p.Lines {
		var first, last evidence.Box
		n := 0
		for _, wd := range l.Words {
			if wd.Box.IsZero() {
				continue
			}
			if n == 0 {
				first = wd.Box
			}
			last = wd.Box
			n++
		}
		if n < 2 {
			continue
		}
		dx := (last.Left + last.Width/2 - first.Left - first.Width/2) * w
		dy := (last.Top + last.Height/2 - first.Top - first.Height/2) * h
		q := (int(math.Round(math.Atan2(dy, dx)/(math.Pi/2))) + 4) % 4
		votes[q] += math.Hypot(dx, dy)
		lines++
	}
	q, total := 0, 0.0
	for i, v := range votes {
		total += v
		if v > votes[q] {
			q = i
		}
	}
	if q == 0 || lines < 3 || votes[q] < 0.6*total {
		return p
	}
	// Text running q quarter turns clockwise from rightwards reads from
	// left to right once the page turns q quarter turns back: each quarter
	// turn back maps a box's corner (x, y) to (y, 1-x).
	out := Page{Turns: ((p.Turns-q)%4 + 4) % 4}
	for _, l := range p.Lines {
		l.Words = slices.Clone(l.Words)
		for k := range l.Words {
			l.Words[k].Box = turnedBack(l.Words[k].Box, q)
		}
		l.Box = turnedBack(l.Box, q)
		out.Lines = append(out.Lines, l)
	}
	return out
}

// turnedBack is b on the page turned q quarter turns back (anticlockwise).
func turnedBack(b evidence.Box, q int) evidence.Box {
	if b.IsZero() {
		return b
	}
	for range q {
		b = evidence.Box{Left: b.Top, Top: 1 - b.Left - b.Width, Width: b.Height, Height: b.Width}
	}
	return b
}

// percent is a 0..1 confidence (or a percentage) as Textract's percentage.
func percent(c float64) *float32 {
	if c <= 1 {
		c *= 100
	}
	v := float32(min(max(c, 0), 100))
	return &v
}

// geometryOf is the geometry of a quadrilateral on the upright page (its
// corners in fractions, in the text's own order: top left, top right,
// bottom right, bottom left, so the first two run along the text), in the
// frame of the page as stored (turned back by turns quarter turns), with
// the bounding box around it.
func geometryOf(corners [4][2]float64, turns int) geometry {
	g := geometry{Polygon: make([]point, 4)}
	left, top, right, bottom := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, c := range corners {
		x, y := stored(clamp(c[0]), clamp(c[1]), turns)
		g.Polygon[i] = point{X: float32(x), Y: float32(y)}
		left, right = min(left, x), max(right, x)
		top, bottom = min(top, y), max(bottom, y)
	}
	g.BoundingBox = boundingBox{Width: float32(right - left), Height: float32(bottom - top), Left: float32(left), Top: float32(top)}
	return g
}

// stored maps a point of the upright page to the page as stored, which
// turns quarter turns clockwise make upright: each quarter turn back is
// (x, y) -> (y, 1-x).
func stored(x, y float64, turns int) (float64, float64) {
	for range ((turns % 4) + 4) % 4 {
		x, y = y, 1-x
	}
	return x, y
}

func clamp(v float64) float64 { return min(max(v, 0), 1) }
