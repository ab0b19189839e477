package textract

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"

	"github.com/clinicplatform/intake/internal/evidence"
)

// Textract's LINE blocks are not the document's lines. It splits one visual
// row into several LINEs wherever the gap between words is wide (a caption
// and its value, "CHICAGO, IL" and its ZIP code), lists side-by-side columns
// row by row, gives a caption wrapped under another as a LINE of its own,
// and on a turned page reports text in the page's frame, with LINEs from
// stray marks at other angles. lines rebuilds the rows a person reads from
// the geometry Textract returns:
//
//   - the page is turned upright by the direction its lines run (the first
//     two points of a polygon run along the text), and small skew is undone;
//   - LINEs whose boxes share a row are merged, their words ordered left to
//     right, so a caption wrapped into the row reads in place;
//   - within a row, words apart by more than columnGap text heights start a
//     new column; a caption ("First Name:") takes the value beside it, and
//     captioned cells side by side share a line, a tab between them;
//   - a row of captions alone takes the values of the row just below it,
//     each caption the values under it ("Patient:" over "JANE DOE"), and
//     so does a row of smaller headings over one row of cells
//     (headingsOver: "PATIENT" over "JANE DOE");
//   - lines at another angle than the page's come after the page's rows;
//   - a line's confidence is its weakest word's, and its words are kept.
func lines(blocks []types.Block) []evidence.Line {
	ls, _ := layout(blocks)
	return ls
}

// layout is lines, each placed on its page (Line.Page and Box, and each
// word's box: where it lies on the page turned upright, not levelled), and
// how each page was turned (evidence.Page, in page order). A block without
// a page number is on page 1, as a synchronous detection's are.
func layout(blocks []types.Block) ([]evidence.Line, []evidence.Page) {
	byID := make(map[string]*types.Block, len(blocks))
	pages := map[int32][]*types.Block{}
	last := int32(0)
	for i := range blocks {
		b := &blocks[i]
		if b.Id != nil {
			byID[*b.Id] = b
		}
		page := max(aws.ToInt32(b.Page), 1)
		last = max(last, page)
		if b.BlockType == types.BlockTypeLine {
			pages[page] = append(pages[page], b)
		}
	}
	var out []evidence.Line
	seen := make([]evidence.Page, last)
	for _, page := range slices.Sorted(maps.Keys(pages)) {
		ls, quarter := pageLines(pages[page], byID)
		for i := range ls {
			ls[i].Page = int(page)
		}
		out = append(out, ls...)
		// Text running a quarter turn clockwise is upright once the page
		// is turned three quarters.
		seen[page-1] = evidence.Page{Turns: (4 - quarter) % 4}
	}
	return out, seen
}

// columnGap: a gap wider than this many text heights separates columns.
// Words of a phrase sit about a third of a height apart; Textract itself
// splits LINEs at about one height.
const columnGap = 2.5

type point struct{ x, y float64 }

// box is a word in the upright frame, levelled.
type box struct {
	text                     string
	conf                     float64
	left, right, top, bottom float64
	// shown is where the word lies on the page turned upright, not
	// levelled: where review shows it.
	shown evidence.Box
}

func (b box) height() float64 { return b.bottom - b.top }

// textLine is a LINE block and its words.
type textLine struct {
	text    string
	conf    float64
	quarter int // quarter turns of the line's direction from left-to-right
	words   []rawWord
	poly    []point
	weight  int
}

type rawWord struct {
	text string
	conf float64
	poly []point
}

// pageLines lays out a page's lines, and says how many quarter turns
// clockwise its text runs.
func pageLines(blocks []*types.Block, byID map[string]*types.Block) ([]evidence.Line, int) {
	var tls []textLine
	weights := [4]int{}
	for _, b := range blocks {
		text := strings.TrimSpace(aws.ToString(b.Text))
		if text == "" {
			continue
		}
		tl := textLine{text: text, conf: confidence(b.Confidence), poly: polygon(b.Geometry), weight: len([]rune(text))}
		for _, rel := range b.Relationships {
			if rel.Type != types.RelationshipTypeChild {
				continue
			}
			for _, id := range rel.Ids {
				w, ok := byID[id]
				if !ok || w.BlockType != types.BlockTypeWord || strings.TrimSpace(aws.ToString(w.Text)) == "" {
					continue
				}
				tl.words = append(tl.words, rawWord{text: strings.TrimSpace(aws.ToString(w.Text)), conf: confidence(w.Confidence), poly: polygon(w.Geometry)})
			}
		}
		if len(tl.words) == 0 {
			// No words reported: the line is one word at the line's confidence.
			tl.words = []rawWord{{text: text, conf: tl.conf, poly: tl.poly}}
		}
		tl.quarter = quarterTurns(tl.poly)
		weights[tl.quarter] += tl.weight
		tls = append(tls, tl)
	}
	if len(tls) == 0 {
		return nil, 0
	}
	if slices.ContainsFunc(tls, func(tl textLine) bool { return len(tl.poly) < 4 }) {
		// Without geometry there is nothing to rebuild rows from.
		out := make([]evidence.Line, len(tls))
		for i, tl := range tls {
			out[i] = evidence.Line{Text: tl.text, Confidence: tl.conf}
		}
		return out, 0
	}
	page := 0
	for q := range weights {
		if weights[q] > weights[page] {
			page = q
		}
	}
	upright := func(p point) point { return turn(p, page) }

	var aligned, stray []textLine
	for _, tl := range tls {
		if tl.quarter == page {
			aligned = append(aligned, tl)
		} else {
			stray = append(stray, tl)
		}
	}
	slope := skew(aligned, upright)

	type row struct {
		words       []box
		top, bottom float64
		minHeight   float64
		maxHeight   float64 // the tallest line's: a line twice taller or shorter stays out
	}
	type placed struct {
		words       []box
		top, bottom float64
	}
	levels := levellers(aligned, upright, slope)
	var ls []placed
	for i, tl := range aligned {
		level := levels[i]
		var p placed
		for _, w := range tl.words {
			b := bounds(w.poly, level)
			b.text, b.conf, b.shown = w.text, w.conf, shown(w.poly, upright)
			p.words = append(p.words, b)
		}
		p.top, p.bottom = band(p.words)
		ls = append(ls, p)
	}
	slices.SortStableFunc(ls, func(a, b placed) int { return cmp.Compare(a.top+a.bottom, b.top+b.bottom) })

	// A line more than twice as tall as a row's tallest line (a column of
	// figures read as one tall word, a mark down the margin, a stamp's word
	// that slopes its own way) would join the rows it spans into one: it
	// does not join that row, nor a row of lines twice its height it.
	var rows []*row
	for _, l := range ls {
		h := l.bottom - l.top
		var best *row
		bestShare := 0.0
		for _, r := range rows {
			if max(h, r.maxHeight) > tallerThan*min(h, r.maxHeight) {
				continue
			}
			overlap := min(l.bottom, r.bottom) - max(l.top, r.top)
			share := overlap / max(min(h, r.minHeight), 1e-9)
			if share >= 0.5 && share > bestShare {
				best, bestShare = r, share
			}
		}
		if best == nil {
			rows = append(rows, &row{words: slices.Clone(l.words), top: l.top, bottom: l.bottom, minHeight: h, maxHeight: h})
			continue
		}
		best.words = append(best.words, l.words...)
		best.top, best.bottom = min(best.top, l.top), max(best.bottom, l.bottom)
		best.minHeight, best.maxHeight = min(best.minHeight, h), max(best.maxHeight, h)
	}
	slices.SortStableFunc(rows, func(a, b *row) int { return cmp.Compare(a.top+a.bottom, b.top+b.bottom) })

	segmented := make([][]segment, len(rows))
	for i, r := range rows {
		segmented[i] = segments(r.words)
	}
	var out []evidence.Line
	for i := 0; i < len(rows); i++ {
		segs := segmented[i]
		if i+1 < len(rows) && allCaptions(segs) && !anyCaption(segmented[i+1]) &&
			rows[i+1].top-rows[i].bottom < 1.5*medianHeight(rows[i].words) {
			out = append(out, pairBelow(segs, segmented[i+1])...)
			i++
			continue
		}
		if i+1 < len(rows) && rows[i+1].top-rows[i].bottom < 1.5*medianHeight(rows[i].words) {
			var after []segment
			if i+2 < len(rows) {
				after = segmented[i+2]
			}
			if headings := headingsOver(rows[i].words, segmented[i+1], after); headings != nil {
				out = append(out, pairBelow(headings, segmented[i+1])...)
				i++
				continue
			}
		}
		out = append(out, joinRow(segs)...)
	}
	for _, tl := range stray {
		var ws []box
		for _, w := range tl.words {
			ws = append(ws, box{text: w.text, conf: w.conf, shown: shown(w.poly, upright)})
		}
		out = append(out, line([]string{tl.text}, ws))
	}
	return out, page
}

// segment is a run of words of a row with no column gap inside.
type segment struct {
	words       []box
	left, right float64
}

func (s segment) text() string {
	parts := make([]string, len(s.words))
	for i, w := range s.words {
		parts[i] = w.text
	}
	return strings.Join(parts, " ")
}

// caption reports a segment that is a caption waiting for its value.
func (s segment) caption() bool { return strings.HasSuffix(s.words[len(s.words)-1].text, ":") }

// startsWithCaption reports a segment that opens with a caption of its own
// ("Last Name: SALAZAR", "Emergency Contact 2:").
func (s segment) startsWithCaption() bool {
	for i, w := range s.words {
		if i == 4 {
			break
		}
		if strings.HasSuffix(w.text, ":") {
			return true
		}
	}
	return false
}

func segments(words []box) []segment {
	slices.SortStableFunc(words, func(a, b box) int { return cmp.Compare(a.left, b.left) })
	gap := columnGap * medianHeight(words)
	var out []segment
	for i, w := range words {
		if i == 0 || w.left-out[len(out)-1].right > gap {
			out = append(out, segment{left: w.left, right: w.right})
		}
		s := &out[len(out)-1]
		s.words = append(s.words, w)
		s.right = max(s.right, w.right)
	}
	return out
}

func allCaptions(segs []segment) bool {
	for _, s := range segs {
		if !s.caption() {
			return false
		}
	}
	return len(segs) > 0
}

func anyCaption(segs []segment) bool {
	return slices.ContainsFunc(segs, segment.startsWithCaption)
}

// joinRow turns a row's segments into lines. A caption takes the value
// beside it after a space ("First Name: JANE"); captioned cells side by side
// share a line, a tab (the verifier's column gap) between them ("First
// Name: JANE<tab>Last Name: DOE"); any other cell is a line of its own, as
// Textract gives it, so a name alone in its column reads as a name alone.
func joinRow(segs []segment) []evidence.Line {
	segs = continuedAfterComma(segs)
	type cell struct {
		parts    []string
		words    []box
		captions bool
	}
	var cells []cell
	for i, s := range segs {
		if i > 0 && segs[i-1].caption() && !s.startsWithCaption() {
			c := &cells[len(cells)-1]
			c.parts = append(c.parts, " ", s.text())
			c.words = append(c.words, s.words...)
			continue
		}
		cells = append(cells, cell{parts: []string{s.text()}, words: slices.Clone(s.words), captions: s.startsWithCaption()})
	}
	var out []evidence.Line
	for i, c := range cells {
		if i > 0 && c.captions && cells[i-1].captions {
			prev := &out[len(out)-1]
			joined := line(append([]string{prev.Text, "\t"}, c.parts...), c.words)
			joined.Words = append(prev.Words, joined.Words...)
			joined.Box = joined.Box.Union(prev.Box)
			joined.Confidence = min(joined.Confidence, prev.Confidence)
			*prev = joined
			continue
		}
		out = append(out, line(c.parts, c.words))
	}
	return out
}

// headingsOver splits a row of headings without colons over a row of two
// or more cells, one heading over each, left edges in line ("PATIENT" over
// "Beatriz Salgado-Ruiz" beside "PRESCRIBED BY" over "Imani Whitfield";
// "Date filled  Discard after  Prescriber" over three cells): the headings,
// one segment per cell, or nil. Textract gives such a row's cells a LINE
// each and a heading row as one or as several, so a card's captions would
// read apart from their values and a label's dates apart from their
// captions. A heading row has no digit and no caption of its own (a row of
// "Patient: JANE DOE  DOB: ..." is read with joinRow) and is set smaller
// than the cells (two columns of text side by side are no headings over
// values), nor are cells captioned; values followed by another row of
// cells with figures (a table's rows under its headings) are no single row
// of values: a table is rebuilt by the verifier from the words' places.
func headingsOver(heading []box, values, after []segment) []segment {
	if len(values) < 2 || len(heading) == 0 {
		return nil
	}
	for _, w := range heading {
		if strings.ContainsAny(w.text, "0123456789") || strings.HasSuffix(w.text, ":") {
			return nil
		}
	}
	if anyCaption(values) {
		return nil
	}
	h := medianHeight(heading)
	var cells []box
	for _, v := range values {
		cells = append(cells, v.words...)
	}
	if h >= smallerHeadings*medianHeight(cells) {
		return nil
	}
	if len(after) >= 2 && slices.ContainsFunc(after, func(s segment) bool { return strings.ContainsAny(s.text(), "0123456789") }) {
		return nil
	}
	ws := slices.Clone(heading)
	slices.SortStableFunc(ws, func(a, b box) int { return cmp.Compare(a.left, b.left) })
	if math.Abs(ws[0].left-values[0].left) > h {
		return nil
	}
	out := []segment{{words: ws[:0:0], left: ws[0].left, right: ws[0].right}}
	next := 1
	for _, w := range ws {
		if next < len(values) && math.Abs(w.left-values[next].left) <= h {
			out = append(out, segment{left: w.left, right: w.right})
			next++
		}
		s := &out[len(out)-1]
		s.words = append(s.words, w)
		s.right = max(s.right, w.right)
	}
	if next < len(values) {
		return nil
	}
	return out
}

// smallerHeadings: headings over cells are set smaller than the cells, a
// median word height under this share of theirs (a portal's 0.74, a
// label's captions 0.82).
const smallerHeadings = 0.9

// continuedAfterComma joins a cell that ends with a comma to the cell
// beside it, unless that one opens with a caption: a name printed
// "SURNAME,  FORENAME" with a wide gap on a till receipt ("PATIENT:
// OKONKWO," beside "ADAEZE", which Textract gives as two LINEs) is one
// name, where apart the surname alone was read as the patient's (unseen28,
// round 13, through the production reader only).
func continuedAfterComma(segs []segment) []segment {
	var out []segment
	for _, s := range segs {
		if n := len(out); n > 0 && strings.HasSuffix(out[n-1].words[len(out[n-1].words)-1].text, ",") && !s.startsWithCaption() {
			prev := &out[n-1]
			prev.words = append(slices.Clone(prev.words), s.words...)
			prev.right = max(prev.right, s.right)
			continue
		}
		out = append(out, s)
	}
	return out
}

// pairBelow gives each caption of a row of captions the values of the row
// below that start under it: a value belongs to the last caption starting
// left of the value's right end. Values left of every caption stand alone.
func pairBelow(captions, values []segment) []evidence.Line {
	owned := make([][]segment, len(captions))
	var alone []segment
	for _, v := range values {
		owner := -1
		for k, c := range captions {
			if c.left < v.right {
				owner = k
			}
		}
		if owner < 0 {
			alone = append(alone, v)
			continue
		}
		owned[owner] = append(owned[owner], v)
	}
	var out []evidence.Line
	for _, v := range alone {
		out = append(out, joinRow([]segment{v})...)
	}
	for k, c := range captions {
		parts := []string{c.text()}
		ws := slices.Clone(c.words)
		for _, v := range owned[k] {
			parts = append(parts, " ", v.text())
			ws = append(ws, v.words...)
		}
		out = append(out, line(parts, ws))
	}
	return out
}

// line is an evidence.Line whose confidence is its weakest word's, and
// whose box holds its words'.
func line(parts []string, ws []box) evidence.Line {
	l := evidence.Line{Text: strings.Join(parts, ""), Confidence: 1}
	for _, w := range ws {
		l.Words = append(l.Words, evidence.Word{Text: w.text, Confidence: w.conf, Box: w.shown})
		l.Confidence = min(l.Confidence, w.conf)
		l.Box = l.Box.Union(w.shown)
	}
	if len(ws) == 0 {
		l.Confidence = 0
	}
	return l
}

func medianHeight(ws []box) float64 {
	hs := make([]float64, len(ws))
	for i, w := range ws {
		hs[i] = w.height()
	}
	slices.Sort(hs)
	if len(hs) == 0 {
		return 0
	}
	return hs[len(hs)/2]
}

// polygon is a block's polygon, or its bounding box's corners clockwise from
// the top left when Textract gave no polygon.
func polygon(g *types.Geometry) []point {
	if g == nil {
		return nil
	}
	if len(g.Polygon) >= 4 {
		ps := make([]point, len(g.Polygon))
		for i, p := range g.Polygon {
			ps[i] = point{float64(p.X), float64(p.Y)}
		}
		return ps
	}
	if bb := g.BoundingBox; bb != nil {
		l, t, w, h := float64(bb.Left), float64(bb.Top), float64(bb.Width), float64(bb.Height)
		return []point{{l, t}, {l + w, t}, {l + w, t + h}, {l, t + h}}
	}
	return nil
}

// quarterTurns is how many quarter turns clockwise the text of poly runs
// from left to right: 0 upright, 1 running down the page, 2 upside down,
// 3 running up.
func quarterTurns(poly []point) int {
	if len(poly) < 2 {
		return 0
	}
	angle := math.Atan2(poly[1].y-poly[0].y, poly[1].x-poly[0].x)
	q := int(math.Round(angle / (math.Pi / 2)))
	return ((q % 4) + 4) % 4
}

// turn maps a point of a page whose text runs quarter turns clockwise into
// the upright page (coordinates stay 0..1).
func turn(p point, quarter int) point {
	switch quarter {
	case 1:
		return point{p.y, 1 - p.x}
	case 2:
		return point{1 - p.x, 1 - p.y}
	case 3:
		return point{1 - p.y, p.x}
	}
	return p
}

// skew is the median slope of the lines in the upright frame (a photo
// taken at a slight angle); beyond about 20 degrees it is not skew.
func skew(tls []textLine, upright func(point) point) float64 {
	var slopes []float64
	for _, tl := range tls {
		if len(tl.poly) < 2 || tl.weight < 4 {
			continue
		}
		a, b := upright(tl.poly[0]), upright(tl.poly[1])
		if dx := b.x - a.x; dx > 0 {
			slopes = append(slopes, (b.y-a.y)/dx)
		}
	}
	if len(slopes) == 0 {
		return 0
	}
	slices.Sort(slopes)
	s := slopes[len(slopes)/2]
	if math.Abs(s) > maxSlope {
		return 0
	}
	return s
}

// shown is the box of poly on the page turned upright, clipped to the page.
func shown(poly []point, upright func(point) point) evidence.Box {
	if len(poly) == 0 {
		return evidence.Box{}
	}
	b := bounds(poly, upright)
	l, t := min(max(b.left, 0), 1), min(max(b.top, 0), 1)
	r, btm := min(max(b.right, l), 1), min(max(b.bottom, t), 1)
	return evidence.Box{Left: l, Top: t, Width: r - l, Height: btm - t}
}

// maxSlope: a slope beyond about 20 degrees is not a page's or a line's
// skew (the edge of a turned photo, a mark).
const maxSlope = 0.36

// levellers map each of tls's points into the levelled page: the page's
// slope sheared away and, for lines that slope otherwise, their own slope
// too. A photo taken at an angle has its lines converging (a header
// sloping some degrees up, a footer down) and a stamp pressed on crooked
// slopes by its own angle; sheared by the page's slope alone, such a line's
// box spans the rows above and below it and pulls their words into its
// row. Lines that slope more than slopeTolerance from the page are grouped
// by slope (a gap of more than slopeTolerance between neighbours starts
// another group), and each group is levelled by its median slope about
// its centre, so that the group's lines stay in their rows and in order
// (a stamp's name above its address) whatever their lengths.
func levellers(tls []textLine, upright func(point) point, slope float64) []func(point) point {
	page := func(p point) point {
		p = upright(p)
		return point{p.x, p.y - slope*p.x}
	}
	out := make([]func(point) point, len(tls))
	type sloped struct {
		i      int
		slope  float64
		centre float64
	}
	var off []sloped
	for i, tl := range tls {
		out[i] = page
		if len(tl.poly) < 2 || tl.weight < 4 {
			continue
		}
		a, b := upright(tl.poly[0]), upright(tl.poly[1])
		dx := b.x - a.x
		if dx <= 0 {
			continue
		}
		s := (b.y - a.y) / dx
		if math.Abs(s) > maxSlope || math.Abs(s-slope) <= slopeTolerance {
			continue
		}
		var cx float64
		for _, p := range tl.poly {
			cx += upright(p).x
		}
		off = append(off, sloped{i: i, slope: s, centre: cx / float64(len(tl.poly))})
	}
	slices.SortFunc(off, func(a, b sloped) int { return cmp.Compare(a.slope, b.slope) })
	for start := 0; start < len(off); {
		end := start + 1
		for end < len(off) && off[end].slope-off[end-1].slope <= slopeTolerance {
			end++
		}
		group := off[start:end]
		own := group[len(group)/2].slope
		var cx float64
		for _, m := range group {
			cx += m.centre
		}
		cx /= float64(len(group))
		level := func(p point) point {
			p = upright(p)
			return point{p.x, p.y - slope*p.x - (own-slope)*(p.x-cx)}
		}
		for _, m := range group {
			out[m.i] = level
		}
		start = end
	}
	return out
}

// band is the height a line's words stand in: the extent of its word of
// median height. A word boxed with a speck or a smudge below it (a blurred
// scan) would otherwise stretch its line into the row below and pull that
// row's words into its own.
func band(words []box) (top, bottom float64) {
	if len(words) == 0 {
		return 0, 0
	}
	byHeight := slices.Clone(words)
	slices.SortStableFunc(byHeight, func(a, b box) int { return cmp.Compare(a.height(), b.height()) })
	median := byHeight[(len(byHeight)-1)/2]
	return median.top, median.bottom
}

// tallerThan: lines whose heights differ by more than this factor do not
// share a row (a heading beside small print measures under 2).
const tallerThan = 2.0

// slopeTolerance: lines within about 2.5 degrees of the page's slope are
// levelled with the page.
const slopeTolerance = 0.045

// bounds is the upright bounding box of poly.
func bounds(poly []point, upright func(point) point) box {
	b := box{left: math.Inf(1), top: math.Inf(1), right: math.Inf(-1), bottom: math.Inf(-1)}
	for _, p := range poly {
		u := upright(p)
		b.left, b.right = min(b.left, u.x), max(b.right, u.x)
		b.top, b.bottom = min(b.top, u.y), max(b.bottom, u.y)
	}
	if len(poly) == 0 {
		b = box{}
	}
	return b
}
