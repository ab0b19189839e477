package imageprep

import (
	"image"
)

// lightStep is the largest reduction factor the paper's brightness is
// estimated at: light varies over hundreds of pixels, so a coarse estimate
// is as good and costs a fraction. Not coarser than a fifth of the window
// (Background's radius), though: the estimate blurs a hard edge (the
// paper's against a table, a shadow's) over about two steps, and the edge
// then comes out of Flatten as a dark line; wider than about a third of a
// character, the line round the paper framed the text, and tesseract's
// page layout analysis took the framed page for a picture and read no
// word (photos 600 pixels long: 0 words at a step of 4, all at 2).
const lightStep = 4

// Background estimates the brightness of the paper under each pixel: a
// morphological closing (the brightest pixel within about radius pixels,
// then the darkest of those within radius) removes the ink, which is darker
// and narrower than the window, but keeps the hard edge of a shadow, which
// is wider; the result is smoothed a little. It is worked out at a
// fraction of the resolution (lightStep, or radius/5 when smaller) and
// enlarged back to g's size.
func Background(g *image.Gray, radius int) *image.Gray {
	g = compact(g)
	step := max(1, min(lightStep, radius/5))
	small := shrink(g, step)
	r := max(1, radius/step)
	bg := boxBlur(rankFilter(rankFilter(small, r, brightest), r, darkest), 1)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := Scale(bg, float64(step))
	if out.Rect.Dx() == w && out.Rect.Dy() == h {
		return out
	}
	// The partial boxes shrink dropped: pad with the nearest estimate.
	full := image.NewGray(image.Rect(0, 0, w, h))
	ow, oh := out.Rect.Dx(), out.Rect.Dy()
	for y := range h {
		sy := min(y, oh-1)
		for x := range w {
			full.Pix[y*w+x] = out.Pix[sy*ow+min(x, ow-1)]
		}
	}
	return full
}

// Unevenness is how far the paper's brightness varies across the page, in
// grey levels: the spread between the 5th and 95th percentiles of
// Background. Rendered pages and flatbed scans measure near 0; a photo with
// a shadow across it 60 or more.
func Unevenness(bg *image.Gray) int {
	var hist [256]int
	for _, v := range bg.Pix {
		hist[v]++
	}
	n := len(bg.Pix)
	if n == 0 {
		return 0
	}
	lo, hi := percentile(&hist, n*5/100), percentile(&hist, n*95/100)
	return hi - lo
}

func percentile(hist *[256]int, rank int) int {
	seen := 0
	for v, c := range hist {
		seen += c
		if seen > rank {
			return v
		}
	}
	return 255
}

// Flatten evens out the light on a page: each pixel is divided by the
// paper's brightness around it (bg, from Background), so that paper in a
// shadow and paper in full light both come out white and ink keeps its
// contrast against the paper it is printed on.
func Flatten(g, bg *image.Gray) *image.Gray {
	g = compact(g)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	for i, v := range g.Pix[:w*h] {
		b := max(int(bg.Pix[i]), 1)
		out.Pix[i] = uint8(min(255, (int(v)*255+b/2)/b))
	}
	return out
}

// The two rank filters Background closes with: the brightest pixel of a
// window, then the darkest.
const (
	brightest = true
	darkest   = false
)

// rankFilter sets each pixel to the brightest (or the darkest) of the
// pixels within r of it (a square window, clipped to the image; separable:
// rows, then columns).
func rankFilter(g *image.Gray, r int, bright bool) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	f := newWindowPick(max(w, h), r, bright)
	tmp := image.NewGray(g.Rect)
	for y := range h {
		f.run(g.Pix[y*w:(y+1)*w], tmp.Pix[y*w:(y+1)*w])
	}
	out := image.NewGray(g.Rect)
	col, res := make([]uint8, h), make([]uint8, h)
	for x := range w {
		for y := range h {
			col[y] = tmp.Pix[y*w+x]
		}
		f.run(col, res)
		for y, v := range res {
			out.Pix[y*w+x] = v
		}
	}
	return out
}

// windowPick is the brightest (or darkest) value of every window of 2r+1
// values along a line, by van Herk's and Gil and Werman's method: three
// comparisons a value whatever r is, where comparing the whole window
// costs 2r+1 (Background's windows are 15-40 values wide). The line is
// padded with r values that never win at each end, so that a window
// reaching past an end is the part of it on the line.
type windowPick struct {
	r      int
	bright bool
	pad    uint8
	line   []uint8 // the line, padded
	ahead  []uint8 // the best from each block's start up to here
	behind []uint8 // the best from here to each block's end
}

func newWindowPick(n, r int, bright bool) *windowPick {
	var pad uint8 = 255
	if bright {
		pad = 0
	}
	m := n + 2*r
	return &windowPick{r: r, bright: bright, pad: pad,
		line: make([]uint8, m), ahead: make([]uint8, m), behind: make([]uint8, m)}
}

func (f *windowPick) pick(a, b uint8) uint8 {
	if f.bright {
		return max(a, b)
	}
	return min(a, b)
}

// run writes to dst (as long as src) the pick of src's window round each
// value.
func (f *windowPick) run(src, dst []uint8) {
	n, r, size := len(src), f.r, 2*f.r+1
	m := n + 2*r
	line, ahead, behind := f.line[:m], f.ahead[:m], f.behind[:m]
	for i := range r {
		line[i], line[m-1-i] = f.pad, f.pad
	}
	copy(line[r:], src)
	for start := 0; start < m; start += size {
		end := min(start+size, m)
		ahead[start] = line[start]
		for i := start + 1; i < end; i++ {
			ahead[i] = f.pick(ahead[i-1], line[i])
		}
		behind[end-1] = line[end-1]
		for i := end - 2; i >= start; i-- {
			behind[i] = f.pick(behind[i+1], line[i])
		}
	}
	// The window of src[x] is line[x : x+size], which starts in one block
	// and ends in the next (or is one whole block).
	for x := range n {
		dst[x] = f.pick(behind[x], ahead[x+size-1])
	}
}

// boxBlur averages each pixel over the square within r of it (edges
// clamped to the image), with an integral image.
func boxBlur(g *image.Gray, r int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	sat, means := newIntegral(g), make([]int, w)
	out := image.NewGray(g.Rect)
	for y := range h {
		sat.rowMeans(y, r, means)
		for x, mean := range means {
			out.Pix[y*w+x] = uint8(mean)
		}
	}
	return out
}
