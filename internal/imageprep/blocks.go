package imageprep

import (
	"image"
	"slices"
)

// maxBlockSkew bounds the slope looked for in a block of text set at an
// angle of its own (a rubber stamp pressed on crooked, a label stuck on
// askew), in degrees.
const maxBlockSkew = 20.0

// TextBlocks finds the blocks of text on g: character-shaped ink (frames,
// rules and the page's edges left out) joined across gaps of about glyph
// pixels (a character's height). Blocks smaller than two lines by ten
// characters, or with less ink than a few words, are dropped. Blocks come
// largest first, in g's coordinates. A block can then be measured on its
// own: text set at an angle of its own, like a rubber stamp pressed on
// crooked, defeats tesseract's line finding on the whole page.
func TextBlocks(g *image.Gray, glyph int) []image.Rectangle {
	small, k := reduce(g)
	w, h := small.Rect.Dx(), small.Rect.Dy()
	ink := binarize(small)
	lineH := max(1, glyph/k)
	ink = characters(ink, w, h, lineH)
	joined := dilate(ink, w, h, max(1, lineH/2))
	seen := make([]bool, len(joined))
	var blocks []image.Rectangle
	var counts []int
	var stack []int
	for start, v := range joined {
		if !v || seen[start] {
			continue
		}
		seen[start] = true
		stack = append(stack[:0], start)
		var box image.Rectangle // Union skips the empty rectangle
		n := 0
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%w, i/w
			if ink[i] {
				n++
			}
			box = box.Union(image.Rect(x, y, x+1, y+1))
			for _, j := range [4]int{i - 1, i + 1, i - w, i + w} {
				if j < 0 || j >= len(joined) || (j == i-1 && x == 0) || (j == i+1 && x == w-1) {
					continue
				}
				if joined[j] && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		if box.Dy() < 2*lineH || box.Dx() < 10*lineH || n < 4*lineH*lineH {
			continue
		}
		blocks = append(blocks, image.Rect(box.Min.X*k, box.Min.Y*k, box.Max.X*k, box.Max.Y*k).Intersect(g.Rect.Sub(g.Rect.Min)))
		counts = append(counts, n)
	}
	order := make([]int, len(blocks))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return counts[b] - counts[a] })
	out := make([]image.Rectangle, len(order))
	for i, o := range order {
		out[i] = blocks[o]
	}
	return out
}

// BlockSkew is the angle, in degrees (clockwise positive), the text lines
// of a block slope by, within ±maxBlockSkew.
func BlockSkew(g *image.Gray) float64 {
	small, _ := reduce(g)
	ink := binarize(small)
	skew, _ := deskewWithin(ink, small.Rect.Dx(), small.Rect.Dy(), maxBlockSkew, 0.5)
	return skew
}

// Crop copies r (in g's coordinates from its origin) out of g.
func Crop(g *image.Gray, r image.Rectangle) *image.Gray {
	g = compact(g)
	r = r.Intersect(image.Rect(0, 0, g.Rect.Dx(), g.Rect.Dy()))
	out := image.NewGray(image.Rect(0, 0, r.Dx(), r.Dy()))
	w := g.Rect.Dx()
	for y := range r.Dy() {
		copy(out.Pix[y*r.Dx():(y+1)*r.Dx()], g.Pix[(r.Min.Y+y)*w+r.Min.X:])
	}
	return out
}

// characters keeps the ink's connected components (8-connected) shaped
// like characters about lineH pixels tall: frames, rules and the page's
// edges, which would join every block into one, are dropped.
func characters(ink []bool, w, h, lineH int) []bool {
	out := make([]bool, len(ink))
	eachComponent(ink, w, h, func(comp []int, cw, ch int) {
		if characterShaped(cw, ch, lineH) {
			for _, i := range comp {
				out[i] = true
			}
		}
	})
	return out
}

// characterShaped reports a mark cw x ch pixels shaped like a character
// of text lineH pixels tall: not much shorter or taller, not wider than
// two touching letters.
func characterShaped(cw, ch, lineH int) bool {
	return ch >= max(2, lineH/3) && ch <= 3*lineH && cw <= 2*ch+2
}

// eachComponent calls fn with every 8-connected component of the ink: its
// pixels' indexes and its bounding box's width and height. comp is reused
// between calls.
func eachComponent(ink []bool, w, h int, fn func(comp []int, cw, ch int)) {
	seen := make([]bool, len(ink))
	var stack, comp []int
	for start, v := range ink {
		if !v || seen[start] {
			continue
		}
		seen[start] = true
		stack = append(stack[:0], start)
		comp = comp[:0]
		minX, maxX, minY, maxY := w, -1, h, -1
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			comp = append(comp, i)
			x, y := i%w, i/w
			minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					if j := ny*w + nx; ink[j] && !seen[j] {
						seen[j] = true
						stack = append(stack, j)
					}
				}
			}
		}
		fn(comp, maxX-minX+1, maxY-minY+1)
	}
}

// dilate marks every pixel within r (a square) of a marked one.
func dilate(m []bool, w, h, r int) []bool {
	tmp := make([]bool, len(m))
	// Rows: distance to the nearest mark left and right.
	for y := range h {
		row := m[y*w : (y+1)*w]
		out := tmp[y*w : (y+1)*w]
		last := -1 << 30
		for x := range w {
			if row[x] {
				last = x
			}
			out[x] = x-last <= r
		}
		last = 1 << 30
		for x := w - 1; x >= 0; x-- {
			if row[x] {
				last = x
			}
			out[x] = out[x] || last-x <= r
		}
	}
	res := make([]bool, len(m))
	for x := range w {
		last := -1 << 30
		for y := range h {
			if tmp[y*w+x] {
				last = y
			}
			res[y*w+x] = y-last <= r
		}
		last = 1 << 30
		for y := h - 1; y >= 0; y-- {
			if tmp[y*w+x] {
				last = y
			}
			res[y*w+x] = res[y*w+x] || last-y <= r
		}
	}
	return res
}

// MissedText finds the character-shaped marks on g (about glyph pixels
// tall, as TextBlocks keeps them, and at least half that) whose middle lies in none of read, the
// boxes of the words a reading of g found, each grown by half a character:
// text the reading passed over. Tesseract's page layout analysis leaves out
// whole lines it finds no place for (a bold heading over a shadow, a date
// set apart at the right) and still reads the rest well. It returns how
// many marks were missed and the runs of text they lie in: ink about a
// character tall (letters run together included) joined along a line
// across gaps under two characters' height, each run holding two missed
// marks or more, grown by half a character, in g's coordinates, top to
// bottom.
func MissedText(g *image.Gray, glyph int, read []image.Rectangle) (missed int, regions []image.Rectangle) {
	if glyph <= 0 {
		return 0, nil
	}
	small, k := reduce(g)
	w, h := small.Rect.Dx(), small.Rect.Dy()
	lineH := max(1, glyph/k)
	grown := make([]image.Rectangle, len(read))
	for i, b := range read {
		grown[i] = b.Inset(-glyph / 2)
	}
	var marks []mark
	eachComponent(inkOnPaper(small, lineH), w, h, func(comp []int, cw, ch int) {
		if ch < max(2, lineH/3) || ch > 3*lineH {
			return // specks, rules, frames, pictures
		}
		minX, minY := w, h
		for _, i := range comp {
			minX, minY = min(minX, i%w), min(minY, i/w)
		}
		m := mark{box: image.Rect(minX, minY, minX+cw, minY+ch)}
		// Only letters and digits count as missed (at least half the
		// characters' height): specks along a paper's edge are punctuation-sized.
		if characterShaped(cw, ch, lineH) && 2*ch >= lineH {
			mid := image.Pt((2*minX+cw)*k/2, (2*minY+ch)*k/2)
			m.missed = !slices.ContainsFunc(grown, mid.In)
		}
		if m.missed {
			missed++
		}
		marks = append(marks, m)
	})
	bounds := image.Rect(0, 0, g.Rect.Dx(), g.Rect.Dy())
	for _, r := range joinMarks(marks, 2*lineH) {
		regions = append(regions, image.Rect(r.Min.X*k, r.Min.Y*k, r.Max.X*k, r.Max.Y*k).Inset(-glyph/2).Intersect(bounds))
	}
	return missed, regions
}

// mark is a mark of ink about a character tall, and whether it is a
// character a reading missed.
type mark struct {
	box    image.Rectangle
	missed bool
}

// joinMarks groups marks into runs along a line: two marks join when their
// middles lie within each other's height band and at most gap apart side
// to side; the runs holding two or more missed marks are returned as
// their boxes, top to bottom, overlapping boxes merged.
func joinMarks(marks []mark, gap int) []image.Rectangle {
	runs := newGroups(len(marks))
	slices.SortFunc(marks, func(a, b mark) int { return a.box.Min.X - b.box.Min.X })
	for i := range marks {
		a := marks[i].box
		for j := i + 1; j < len(marks) && marks[j].box.Min.X-a.Max.X <= gap; j++ {
			b := marks[j].box
			amid, bmid := (a.Min.Y+a.Max.Y)/2, (b.Min.Y+b.Max.Y)/2
			if amid >= b.Min.Y && amid < b.Max.Y || bmid >= a.Min.Y && bmid < a.Max.Y {
				runs.join(i, j)
			}
		}
	}
	boxes := make([]image.Rectangle, len(marks))
	count := make([]int, len(marks))
	for i, m := range marks {
		root := runs.find(i)
		boxes[root] = boxes[root].Union(m.box)
		if m.missed {
			count[root]++
		}
	}
	var out []image.Rectangle
	for root, b := range boxes {
		if count[root] >= 2 {
			out = append(out, b)
		}
	}
	// Merge overlapping boxes until none overlap.
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out); j++ {
				if out[i].Overlaps(out[j]) {
					out[i] = out[i].Union(out[j])
					out = slices.Delete(out, j, j+1)
					merged = true
					break
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b image.Rectangle) int {
		if a.Min.Y != b.Min.Y {
			return a.Min.Y - b.Min.Y
		}
		return a.Min.X - b.Min.X
	})
	return out
}

// inkOnPaper marks ink as binarize does (darker than the mean around it)
// that is also darker than the paper right around it: the brightest level
// within a few characters (Background) less a fifth, and by 20 grey
// levels or more. The mean over binarize's wide square takes marks from a
// dark table beside the paper, whose pixels are only darker than the
// paper nearby, not than their own surroundings; the coarse paper level
// alone takes the paper just inside a shadow's edge for ink.
func inkOnPaper(g *image.Gray, lineH int) []bool {
	g = compact(g)
	bg := Background(g, 2*lineH)
	ink := binarize(g)
	for i, v := range g.Pix[:len(bg.Pix)] {
		b := int(bg.Pix[i])
		ink[i] = ink[i] && b-int(v) > max(20, b/5)
	}
	return ink
}

// groups is a union-find over items 0..n-1: each group is named by its
// smallest item, so the groups come out the same whatever order items
// were joined in.
type groups []int

func newGroups(n int) groups {
	g := make(groups, n)
	for i := range g {
		g[i] = i
	}
	return g
}

// find is the name of i's group.
func (g groups) find(i int) int {
	for g[i] != i {
		g[i] = g[g[i]]
		i = g[i]
	}
	return i
}

// join puts i and j in one group.
func (g groups) join(i, j int) {
	if ri, rj := g.find(i), g.find(j); ri != rj {
		g[max(ri, rj)] = min(ri, rj)
	}
}
