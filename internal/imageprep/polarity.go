package imageprep

import (
	"image"
	"slices"
)

// Light text on a dark ground (an app in dark mode, a pharmacy's name in a
// coloured bar) is read, and measured, as dark text on light: tesseract's
// page layout analysis found no text at all on a dark-mode app screen 600
// pixels long, and every measure here takes ink to be darker than paper.
// A dark region is taken for a ground of light text when at least
// minLightGlyphs character-shaped light marks lie on it, each brighter than
// the region by lightGlyphContrast grey levels or more, and it covers at
// least 1/minDarkShare of the page. A dark table around a photographed
// page, a thumb or a dim photo's shadowed paper has no such marks, or
// marks of noise too faint.
const (
	minLightGlyphs     = 12
	lightGlyphContrast = 60
	minDarkShare       = 100
	// A ground holds fewer than 1/maxDarkerInk of its pixels darker than
	// its median by darkerInk grey levels or more.
	darkerInk, maxDarkerInk = 35, 50
)

// Grounds are the dark regions of a page that hold light text.
type Grounds struct {
	// Inverted is the page with each such region, and what it encloses
	// (the letters and their counters), inverted, so that all its text is
	// dark on light; every pixel in place. A light region within such a
	// ground (a white card, a page on a dark table) and its dark text are
	// as they were. Nil when the page has no such region.
	Inverted *image.Gray
	// Boxes bound each region, in the page's pixels, less the edge.
	Boxes []image.Rectangle
	// Share is the fraction of the page inverted: about 1 for an app in
	// dark mode, a few hundredths for a coloured bar.
	Share float64
}

// DarkGrounds finds g's dark regions that hold light text. They are found
// on a reduced copy (measureSide) split at Otsu's threshold.
func DarkGrounds(g *image.Gray) Grounds {
	g = compact(g)
	// Only the pixels: a decoded JPEG's plane runs on to whole blocks.
	g = &image.Gray{Pix: g.Pix[:g.Rect.Dx()*g.Rect.Dy()], Stride: g.Stride, Rect: g.Rect}
	small, k := reduce(g)
	w, h := small.Rect.Dx(), small.Rect.Dy()
	t := Otsu(small)
	dark := make([]bool, w*h)
	for i, v := range small.Pix {
		dark[i] = int(v) <= t
	}
	// Dark regions 8-connected, light ones 4-connected, so that a light
	// region never crosses a dark one's diagonal step.
	darkLab, darkParts := labelParts(small, dark, true, true)
	lightLab, lightParts := labelParts(small, dark, false, false)

	// The dark region around each light mark: the largest it touches.
	around := make([]int32, len(lightParts))
	for i := range around {
		around[i] = -1
	}
	for y := range h {
		for x := range w {
			l := lightLab[y*w+x]
			if l < 0 {
				continue
			}
			for _, n := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if n[0] < 0 || n[1] < 0 || n[0] >= w || n[1] >= h {
					continue
				}
				if d := darkLab[n[1]*w+n[0]]; d >= 0 && (around[l] < 0 || darkParts[d].area > darkParts[around[l]].area) {
					around[l] = d
				}
			}
		}
	}
	glyphs := make([][]int, len(darkParts)) // heights of the light glyphs on each dark region
	for l, p := range lightParts {
		d := around[l]
		if d < 0 || !glyphShaped(p, h) || p.mean()-darkParts[d].mean() < lightGlyphContrast {
			continue
		}
		glyphs[d] = append(glyphs[d], p.h)
	}
	ground := make([]bool, len(darkParts))
	var grounds []int
	for d, p := range darkParts {
		if len(glyphs[d]) >= minLightGlyphs && p.area*minDarkShare >= w*h {
			ground[d] = true
			grounds = append(grounds, d)
		}
	}
	if len(grounds) == 0 {
		return Grounds{}
	}
	// A ground is even: paper in a shadow joined to a dark bar is dark
	// too, but holds ink darker still (its text), and inverted it would be
	// light text on grey.
	hists := make(map[int32]*[256]int, len(grounds))
	for _, d := range grounds {
		hists[int32(d)] = new([256]int)
	}
	for i, d := range darkLab {
		if hist := hists[d]; d >= 0 && hist != nil {
			hist[small.Pix[i]]++
		}
	}
	grounds = slices.DeleteFunc(grounds, func(d int) bool {
		hist, area := hists[int32(d)], darkParts[d].area
		level, darker := percentile(hist, area/2), 0
		for v := range max(0, level-darkerInk) {
			darker += hist[v]
		}
		ground[d] = darker*maxDarkerInk < area
		return !ground[d]
	})
	if len(grounds) == 0 {
		return Grounds{}
	}
	// What a ground encloses is what cannot be reached from the page's
	// edge, nor from a light region on it much taller than its letters (a
	// card, a page), without crossing it.
	letter := make(map[int32]int, len(grounds)) // the median height of a ground's letters
	for _, d := range grounds {
		slices.Sort(glyphs[d])
		letter[int32(d)] = glyphs[d][len(glyphs[d])/2]
	}
	tall := make([]bool, len(lightParts))
	for l, p := range lightParts {
		if d := around[l]; d >= 0 && ground[d] {
			tall[l] = p.h > 3*letter[d] && !glyphShaped(p, h)
		}
	}
	reached := make([]bool, w*h)
	var stack []int
	seed := func(i int) {
		if d := darkLab[i]; (d < 0 || !ground[d]) && !reached[i] {
			reached[i] = true
			stack = append(stack, i)
		}
	}
	for x := range w {
		seed(x)
		seed((h-1)*w + x)
	}
	for y := range h {
		seed(y * w)
		seed(y*w + w - 1)
	}
	for i, l := range lightLab {
		if l >= 0 && tall[l] {
			seed(i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%w, i/w
		if x > 0 {
			seed(i - 1)
		}
		if x < w-1 {
			seed(i + 1)
		}
		if y > 0 {
			seed(i - w)
		}
		if y < h-1 {
			seed(i + w)
		}
	}
	gw, gh := g.Rect.Dx(), g.Rect.Dy()
	var found Grounds
	boxes := make(map[int32]image.Rectangle)
	inverted := 0
	for i, r := range reached {
		if r {
			continue
		}
		inverted++
		if d := darkLab[i]; d >= 0 && ground[d] {
			x, y := i%w, i/w
			boxes[d] = boxes[d].Union(image.Rect(x*k, y*k, (x+1)*k, (y+1)*k))
		}
	}
	for _, d := range grounds {
		// Less the edge, which the reduced copy places only to within k
		// pixels: a sliver of it read as a stroke ("Chester |").
		if b := boxes[int32(d)].Inset(k).Intersect(image.Rect(0, 0, gw, gh)); !b.Empty() {
			found.Boxes = append(found.Boxes, b)
		}
	}
	found.Share = float64(inverted) / float64(w*h)
	// Inverted, a ground's typical level (its median) is taken to white:
	// a mid-blue bar inverted came out mid-grey, and tesseract's one
	// threshold for a whole image took it for ink, text and all.
	var hist [256]int
	n := 0
	for i, d := range darkLab {
		if d >= 0 && ground[d] {
			hist[small.Pix[i]]++
			n++
		}
	}
	level := 255 - percentile(&hist, n/2)
	var stretch [256]uint8
	for v := range stretch {
		stretch[v] = uint8(min(255, (255-v)*255/max(level, 1)))
	}
	out := image.NewGray(image.Rect(0, 0, gw, gh))
	for y := range gh {
		sy := min(y/k, h-1)
		src, dst := g.Pix[y*gw:(y+1)*gw], out.Pix[y*gw:(y+1)*gw]
		for x, v := range src {
			if reached[sy*w+min(x/k, w-1)] {
				dst[x] = v
			} else {
				dst[x] = stretch[v]
			}
		}
	}
	found.Inverted = out
	return found
}

// glyphShaped reports a part shaped like a character on a page h pixels
// tall (as glyphHeight counts them).
func glyphShaped(p part, h int) bool {
	return p.h >= 3 && p.w <= 2*p.h+2 && p.h <= h/10
}

// part is a connected region of a reduced page: its size and brightness.
type part struct {
	w, h, area int
	sum        int
}

func (p part) mean() int { return p.sum / max(p.area, 1) }

// labelParts labels the connected regions of g's pixels whose mask entry
// equals want (8-connected when diag), -1 elsewhere, and describes each.
func labelParts(g *image.Gray, mask []bool, want, diag bool) ([]int32, []part) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	lab := make([]int32, w*h)
	for i := range lab {
		lab[i] = -1
	}
	var parts []part
	var stack []int
	for start := range lab {
		if mask[start] != want || lab[start] >= 0 {
			continue
		}
		id := int32(len(parts))
		lab[start] = id
		stack = append(stack[:0], start)
		minX, maxX, minY, maxY := w, -1, h, -1
		var p part
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p.area++
			p.sum += int(g.Pix[i])
			x, y := i%w, i/w
			minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if dx == 0 && dy == 0 || !diag && dx != 0 && dy != 0 {
						continue
					}
					nx, ny := x+dx, y+dy
					if nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					if j := ny*w + nx; mask[j] == want && lab[j] < 0 {
						lab[j] = id
						stack = append(stack, j)
					}
				}
			}
		}
		p.w, p.h = maxX-minX+1, maxY-minY+1
		parts = append(parts, p)
	}
	return lab, parts
}
