package imageprep

import (
	"cmp"
	"image"
	"math"
	"slices"
)

// measureSide is the long side, in pixels, measurements are taken at: a
// box-filtered copy this size keeps text lines apart and averages sensor
// noise away, at a fraction of the full image's cost.
const measureSide = 1000

// Layout is what the page's ink says about its text, measured on a reduced
// copy and given in the full image's pixels.
type Layout struct {
	// Sideways: the text lines run up or down the page (it was photographed
	// or scanned a quarter turn off), judged by where each letter's nearest
	// neighbour lies, along the rows or the columns, or when too few
	// letters tell, by which projection profile alternates more sharply
	// between ink and gaps.
	Sideways bool
	// UpsideDown: once level (turned a quarter clockwise when Sideways),
	// the text looks upside down: more ink hangs below its lines' cores
	// than rises above them, while Latin print has more ascenders (capitals,
	// digits, b d f h k l t) than descenders (g j p q y). False when the
	// text gives no clear sign (all capitals, say).
	UpsideDown bool
	// Skew is the angle, in degrees (clockwise positive), the level text
	// lines slope by, within ±maxSkew: a page photographed or scanned a
	// little askew.
	Skew float64
	// Glyphs counts the character-shaped marks measured: a page with many
	// that reads as few words is being read the wrong way.
	Glyphs int
	// GlyphHeight is the median height of the characters, about the
	// x-height of lower case and the cap height of capitals; 0 when too
	// few characters were found.
	GlyphHeight int
	// Specks counts the marks of ink a pixel or two across on the reduced
	// copy: sensor noise in a dim photo, and the pixel grid of a
	// photographed screen, which covers the page in them and breaks the
	// characters up.
	Specks int
}

// Textured reports a page covered in specks, more than five for each
// character-shaped mark: a photographed screen's pixel grid (moiré). Its
// characters measure too small and their ink is broken; smoothed, they
// measure and read as on paper. Dim photos measure 1-2.5, other photos and
// scans under 1.
func (l Layout) Textured() bool {
	return l.Specks > 5*max(l.Glyphs, 10)
}

// MeasureLayout reads g's text layout.
func MeasureLayout(g *image.Gray) Layout {
	small, k := reduce(g)
	ink := binarize(small)
	w, h := small.Rect.Dx(), small.Rect.Dy()
	var l Layout
	// The axis: the way the letters' nearest neighbours lie, or when they
	// do not tell, whichever way, along the rows or turned to along the
	// columns, gives the sharper line profile once levelled (a page
	// photographed at an angle slopes, which blurs the straight profile).
	skew, rows := deskew(ink, w, h)
	tskew, trows := deskew(turn(ink, w, h), h, w)
	sideways := contrast(trows) > 1.15*contrast(rows)
	if along, across := neighbourDirections(ink, w, h); along+across >= minNeighbourVotes && 2*max(along, across) >= 3*min(along, across) {
		// Each letter's nearest neighbour lies along its line. The
		// profiles alone took a portrait page's long edges, a screen's
		// bezel or a table's rules for its lines: of the held-out uploads,
		// 22 of 73 photos of screens and 18 of 77 forwarded photos,
		// upright, measured sideways (round 15).
		sideways = across > along
	}
	if sideways {
		l.Sideways = true
		ink, w, h = turn(ink, w, h), h, w
		skew = tskew
	}
	l.Skew = skew
	gh, n, specks := glyphHeight(ink, w, h)
	if gh > 0 {
		l.GlyphHeight = gh * k
		l.Glyphs = n
	}
	l.Specks = specks
	// The letters' own ascenders and descenders decide where they are
	// clear; the page's profile where they are not (all capitals, few
	// letters).
	switch up, down := strokesBeyondLines(ink, w, h, gh, skew); {
	case down >= up+clearStrokes:
		l.UpsideDown = true
	case up >= down+clearStrokes:
	default:
		l.UpsideDown = upsideDown(ink, w, h, skew)
	}
	return l
}

// longMark: a mark longer than 1/longMark of the page's long side, either
// way, is not a letter or a word. The nearest-neighbour vote decides which
// way the lines run when it has minNeighbourVotes or more and one way has
// half as many again as the other; it looks at no more than
// maxNeighbourMarks marks (a noisy photo has thousands).
// minTextMarks: the height a page's text is measured at is shared by at
// least this many marks (a short line's characters).
const minTextMarks = 12

const (
	longMark          = 8
	minNeighbourVotes = 12
	maxNeighbourMarks = 4000
)

// turn is ink, a page w pixels wide and h high, turned a quarter
// clockwise, as Turn(g, 1).
func turn(ink []bool, w, h int) []bool {
	turned := make([]bool, len(ink))
	for y := range h {
		for x := range w {
			turned[x*h+h-1-y] = ink[y*w+x]
		}
	}
	return turned
}

// neighbourDirections counts the letter-sized marks of ink (a page w
// pixels wide) whose nearest such mark lies clearly along the rows (within
// about 27 degrees of level) and those whose nearest lies clearly across
// them: letters sit closer to the next letter of their word than to the
// line above or below (O'Gorman's docstrum). Marks longer than
// 1/longMark of the page either way (edges, rules, frames) and thinner
// than 3 pixels (specks, the broken edge of a shadow) are not letters.
func neighbourDirections(ink []bool, w, h int) (along, across int) {
	type mark struct{ x, y int }
	var marks []mark
	limit := max(w, h) / longMark
	eachComponent(ink, w, h, func(comp []int, cw, ch int) {
		if cw > limit || ch > limit || min(cw, ch) < 3 || len(marks) >= maxNeighbourMarks {
			return
		}
		minX, minY := w, h
		for _, i := range comp {
			minX, minY = min(minX, i%w), min(minY, i/w)
		}
		marks = append(marks, mark{2*minX + cw, 2*minY + ch}) // twice the centre
	})
	// Sorted by x, a mark's nearest is looked for outwards from it until
	// the x distance alone is past the nearest found.
	slices.SortFunc(marks, func(a, b mark) int { return cmp.Or(a.x-b.x, a.y-b.y) })
	for i, m := range marks {
		best, bx, by := -1, 0, 0
		for _, step := range [2]int{-1, 1} {
			for j := i + step; j >= 0 && j < len(marks); j += step {
				o := marks[j]
				dx, dy := o.x-m.x, o.y-m.y
				if best >= 0 && dx*dx >= best {
					break
				}
				if d := dx*dx + dy*dy; best < 0 || d < best {
					best, bx, by = d, dx, dy
				}
			}
		}
		switch {
		case best < 0:
		case bx*bx >= 4*by*by:
			along++
		case by*by >= 4*bx*bx:
			across++
		}
	}
	return along, across
}

// upsideDown reports level text (sloping by skew degrees) that looks
// upside down: more ink hangs below its lines' cores than rises above
// them, while Latin print has more ascenders (capitals, digits, b d f h k
// l t) than descenders (g j p q y). The row profile is taken at four
// sub-row offsets and summed, since on a reduced page a line's ascenders
// are two or three rows and which rows a line's pixels fall in shifts the
// split between core and the rest by as much as the signal; and the page
// is compared with itself turned half a turn, which cancels what the
// measure leans to on a given page: text looks upside down when its ink
// hangs below clearly (by a fifth), or more than above and by a third more
// than the half-turned page's does.
func upsideDown(ink []bool, w, h int, skew float64) bool {
	pixels := inkedPixels(ink, w)
	turned := make([]pixel, len(pixels))
	for i, p := range pixels {
		turned[i] = pixel{int32(w) - 1 - p.x, int32(h) - 1 - p.y}
	}
	t := math.Tan(skew * math.Pi / 180)
	var above, below, tAbove, tBelow float64
	for _, phase := range []float64{0, 0.25, 0.5, 0.75} {
		a, b := inkAroundLines(shearedRows(pixels, w, h, t, phase))
		above, below = above+a, below+b
		a, b = inkAroundLines(shearedRows(turned, w, h, t, phase))
		tAbove, tBelow = tAbove+a, tBelow+b
	}
	if below == 0 {
		return false
	}
	return below > 1.2*above || below > above && below*tAbove > 1.3*tBelow*above
}

// inkAroundLines sums the ink above and below the cores of the text lines
// in a row profile taken along the lines (shearedRows). A line is a run
// of rows with ink (above an eighth of the way from the gaps' level to a
// typical text row's); its core the rows with at least half its fullest
// row's ink.
func inkAroundLines(rows []float64) (above, below float64) {
	h := len(rows)
	var inked []float64
	for _, v := range rows {
		if v > 0 {
			inked = append(inked, v)
		}
	}
	if len(inked) < 5 {
		return 0, 0
	}
	slices.Sort(inked)
	gap, typical := inked[len(inked)*2/10], inked[len(inked)*8/10]
	threshold := gap + (typical-gap)/8
	for y := 0; y < h; {
		if rows[y] <= threshold {
			y++
			continue
		}
		start := y
		for y < h && rows[y] > threshold {
			y++
		}
		line := rows[start:y]
		if len(line) < 4 {
			continue
		}
		peak := slices.Max(line)
		first, last := -1, -1
		for i, v := range line {
			if v >= peak/2 {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		for _, v := range line[:first] {
			above += v - gap
		}
		for _, v := range line[last+1:] {
			below += v - gap
		}
	}
	return above, below
}

// maxSkew bounds the skew looked for, in degrees; skewStep is the step.
const maxSkew, skewStep = 6.0, 0.25

// deskew finds the slope of the text lines: the angle whose sheared row
// profile (shearedRows) has the most contrast. It returns the angle and
// that profile.
func deskew(ink []bool, w, h int) (float64, []float64) {
	return deskewWithin(ink, w, h, maxSkew, skewStep)
}

// deskewWithin is deskew over ±limit degrees in steps of step.
func deskewWithin(ink []bool, w, h int, limit, step float64) (float64, []float64) {
	inked := inkedPixels(ink, w)
	best, bestC := 0.0, -1.0
	var bestRows []float64
	for a := -limit; a <= limit+1e-9; a += step {
		rows := shearedRows(inked, w, h, math.Tan(a*math.Pi/180), 0)
		if c := contrast(rows); c > bestC || c == bestC && math.Abs(a) < math.Abs(best) {
			best, bestC, bestRows = a, c, rows
		}
	}
	return best, bestRows
}

// pixel is an inked pixel's place.
type pixel struct{ x, y int32 }

// inkedPixels lists the inked pixels of ink, a page w pixels wide.
func inkedPixels(ink []bool, w int) []pixel {
	var inked []pixel
	for i, v := range ink {
		if v {
			inked = append(inked, pixel{int32(i % w), int32(i / w)})
		}
	}
	return inked
}

// shearedRows is the row profile of the inked pixels of a w x h page along
// lines of slope t: each pixel counts in the row its line starts at on the
// left edge, binned phase (0 <= phase < 1) of a row lower than at 0.
func shearedRows(inked []pixel, w, h int, t, phase float64) []float64 {
	off := 0 // keeps y - t·x at 0 or above
	if t > 0 {
		off = int(t*float64(w)) + 1
	}
	rows := make([]float64, h+int(math.Abs(t)*float64(w))+2)
	// Where each column's line starts, worked out once a column rather
	// than once a pixel (deskew tries 49 slopes on up to a million pixels).
	start := make([]int32, w)
	for x := range start {
		start[x] = int32(off - int(t*float64(x)-phase))
	}
	for _, p := range inked {
		rows[p.y+start[p.x]]++
	}
	return rows
}

// contrast is a projection profile's variance over its squared mean.
// Crossed at right angles, text lines give a square wave of ink and gaps
// (high); along them every entry crosses many lines and the profile is
// nearly flat (low).
func contrast(profile []float64) float64 {
	var s, s2 float64
	for _, v := range profile {
		s += v
		s2 += v * v
	}
	n := float64(len(profile))
	if s == 0 {
		return 0
	}
	m := s / n
	return (s2/n - m*m) / (m * m)
}

// glyphHeight is the median height of the ink's connected components
// (8-connected) that are shaped like characters: at least 3 pixels tall,
// at most twice as wide as tall plus 2 pixels (touching letters), and not
// taller than a tenth of the image (a photo's edges, a logo), and at least
// half as tall as the height that splits their ink in two (the median
// weighted by each mark's pixels): sensor noise in a dim photo makes marks
// of 3 to 6 pixels that outnumber the characters but hold a tenth of their
// ink (a label in low light measured 10 pixels instead of 32). For text
// that is about the x-height of lower case and the cap height of capitals;
// 0 when fewer than 8 such components are found. It also returns how many
// character-shaped marks were found, and how many specks (components
// within 2 by 2 pixels).
func glyphHeight(ink []bool, w, h int) (height, glyphs, specks int) {
	type mark struct{ height, pixels int }
	var marks []mark
	total := 0
	eachComponent(ink, w, h, func(comp []int, cw, ch int) {
		switch {
		case ch >= 3 && cw <= 2*ch+2 && ch <= h/10:
			glyphs++
			if 4*cw < ch {
				// A bar of a barcode or a rule, or an I or l: many bars
				// outweighed a label's letters (99 pixels, not 24).
				return
			}
			marks = append(marks, mark{ch, len(comp)})
			total += len(comp)
		case ch <= 2 && cw <= 2:
			specks++
		}
	})
	if len(marks) < 8 {
		return 0, glyphs, specks
	}
	slices.SortFunc(marks, func(a, b mark) int { return a.height - b.height })
	for {
		weighted, seen := 0, 0
		for _, m := range marks {
			if seen += m.pixels; 2*seen >= total {
				weighted = m.height
				break
			}
		}
		first := slices.IndexFunc(marks, func(m mark) bool { return 2*m.height >= weighted })
		if n := len(marks) - first; n >= minTextMarks || first < 8 {
			return marks[first+n/2].height, glyphs, specks
		}
		// A few large marks hold half the ink (a share sheet's round
		// avatars and app icons under a dimmed page; unseen95, round 22,
		// whose text measured 165 pixels and was shrunk to specks): they
		// are no text, and the rest is measured without them.
		for _, m := range marks[first:] {
			total -= m.pixels
		}
		marks = marks[:first]
	}
}

// reduce box-filters g by an integer factor k so its long side is at most
// measureSide; k is 1 when g is small enough.
func reduce(g *image.Gray) (*image.Gray, int) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	k := max(1, (max(w, h)+measureSide-1)/measureSide)
	return shrink(g, k), k
}

// shrink averages each k×k box of g into one pixel (a partial box at the
// right and bottom edges is dropped).
func shrink(g *image.Gray, k int) *image.Gray {
	g = compact(g)
	if k <= 1 {
		return g
	}
	w := g.Rect.Dx()
	sw, sh := max(1, w/k), max(1, g.Rect.Dy()/k)
	out := image.NewGray(image.Rect(0, 0, sw, sh))
	// Each band of k rows is summed down its columns first (a tight loop
	// over whole rows), then across each box's k columns.
	cols := make([]int, min(sw*k, w))
	for sy := range sh {
		clear(cols)
		for y := sy * k; y < min((sy+1)*k, g.Rect.Dy()); y++ {
			row := g.Pix[y*w : y*w+len(cols)]
			for x, v := range row {
				cols[x] += int(v)
			}
		}
		dst := out.Pix[sy*sw : (sy+1)*sw]
		for sx := range dst {
			s := 0
			for _, c := range cols[sx*k : min((sx+1)*k, len(cols))] {
				s += c
			}
			dst[sx] = uint8(s / (k * k))
		}
	}
	return out
}

// binarize marks ink: pixels clearly darker than the mean of the square
// around them (a local threshold, so a dark table around the paper, a
// shadow or uneven light is not taken for ink).
func binarize(g *image.Gray) []bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	sat, means := newIntegral(g), make([]int, w)
	r := max(8, max(w, h)/50)
	ink := make([]bool, w*h)
	for y := range h {
		sat.rowMeans(y, r, means)
		for x, mean := range means {
			v := int(g.Pix[y*w+x])
			ink[y*w+x] = v*100 < mean*80 && mean-v > 20
		}
	}
	return ink
}

// NoiseSigma estimates the standard deviation of g's pixel noise
// (Immerkær's fast method: the mean absolute response to a Laplacian
// difference mask that cancels smooth image structure). Scans and rendered
// pages give about 0-2; phone photos 3-10.
func NoiseSigma(g *image.Gray) float64 {
	g = compact(g)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w < 3 || h < 3 {
		return 0
	}
	// Every step-th row keeps the cost of an 11-megapixel photo low.
	step := max(1, h/500)
	var sum float64
	n := 0
	p := g.Pix
	for y := 1; y < h-1; y += step {
		a, b, c := p[(y-1)*w:y*w], p[y*w:(y+1)*w], p[(y+1)*w:(y+2)*w]
		for x := 1; x < w-1; x++ {
			v := int(a[x-1]) - 2*int(a[x]) + int(a[x+1]) -
				2*int(b[x-1]) + 4*int(b[x]) - 2*int(b[x+1]) +
				int(c[x-1]) - 2*int(c[x]) + int(c[x+1])
			if v < 0 {
				v = -v
			}
			sum += float64(v)
		}
		n += w - 2
	}
	return math.Sqrt(math.Pi/2) * sum / (6 * float64(n))
}

// clearStrokes: when the letters rising above their neighbours outnumber
// those hanging below by clearStrokes or more (strokesBeyondLines), or the
// other way round, they say which way up the text is; when neither does
// (all capitals, few letters) the page's row profile says. Over the
// corpus's photos and scans, hard photos included, each turned four ways
// (BenchmarkOrientation: 716 pages a seed), pages put upright rise from
// 80% with the profile alone to 89% (seed 1, 572 to 639) and 88% (seed 7,
// on which the threshold was chosen, 574 to 633).
const clearStrokes = 3

// strokesBeyondLines counts, along level text lines of characters about
// lineH pixels tall, the characters that rise above their neighbours'
// tops (ascenders: b d f h k l t, capitals and digits among lower case)
// and those that hang below their bottoms (descenders: g j p q y), by a
// third of the neighbours' height or more. Latin print has several times
// more ascenders than descenders; upside down, the counts swap. The page
// is levelled by skew degrees (each character moved up or down as the
// shear of deskew), and each character compared with the three on either
// side of it on its line, so the measure holds on a line that still bends
// (a photo in perspective, crumpled paper).
func strokesBeyondLines(ink []bool, w, h, lineH int, skew float64) (up, down int) {
	if lineH < 3 {
		return 0, 0
	}
	t := math.Tan(skew * math.Pi / 180)
	var chars []image.Rectangle
	eachComponent(ink, w, h, func(comp []int, cw, ch int) {
		if 2*ch < lineH || 2*ch > 5*lineH || cw > 2*ch+2 {
			return
		}
		minX, minY := w, h
		for _, i := range comp {
			minX, minY = min(minX, i%w), min(minY, i/w)
		}
		dy := -int(math.Round(t * float64(2*minX+cw) / 2))
		chars = append(chars, image.Rect(minX, minY+dy, minX+cw, minY+ch+dy))
	})
	for _, line := range textLines(chars, lineH) {
		if len(line) < 5 {
			continue
		}
		for i, c := range line {
			lo, hi := max(0, i-3), min(len(line), i+4)
			var tops, bottoms []int
			for j := lo; j < hi; j++ {
				if j != i {
					tops = append(tops, line[j].Min.Y)
					bottoms = append(bottoms, line[j].Max.Y)
				}
			}
			slices.Sort(tops)
			slices.Sort(bottoms)
			top, bottom := tops[len(tops)/2], bottoms[len(bottoms)/2]
			margin := max(1, (bottom-top)/3)
			switch {
			case c.Min.Y <= top-margin && c.Max.Y >= bottom-margin:
				up++
			case c.Max.Y >= bottom+margin && c.Min.Y <= top+margin:
				down++
			}
		}
	}
	return up, down
}

// textLines groups characters into lines: neighbours at most two
// characters' height apart side to side whose middles lie within each
// other's height. Each line is sorted left to right.
func textLines(chars []image.Rectangle, lineH int) [][]image.Rectangle {
	slices.SortFunc(chars, func(a, b image.Rectangle) int { return a.Min.X - b.Min.X })
	lines := newGroups(len(chars))
	for i, a := range chars {
		for j := i + 1; j < len(chars) && chars[j].Min.X-a.Max.X <= 2*lineH; j++ {
			b := chars[j]
			amid, bmid := (a.Min.Y+a.Max.Y)/2, (b.Min.Y+b.Max.Y)/2
			if amid >= b.Min.Y && amid < b.Max.Y && bmid >= a.Min.Y && bmid < a.Max.Y {
				lines.join(i, j)
			}
		}
	}
	var out [][]image.Rectangle
	index := map[int]int{}
	for i, c := range chars {
		root := lines.find(i)
		k, ok := index[root]
		if !ok {
			k = len(out)
			index[root] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], c)
	}
	return out
}
