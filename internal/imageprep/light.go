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
	bg := boxBlur(rankFilter(rankFilter(small, r, brighter), r, darker), 1)
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

func brighter(a, b uint8) uint8 { return max(a, b) }
func darker(a, b uint8) uint8   { return min(a, b) }

// rankFilter sets each pixel to pick (min or max) of the pixels within r
// of it (a square window, separable: rows, then columns).
func rankFilter(g *image.Gray, r int, pick func(a, b uint8) uint8) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	tmp := image.NewGray(g.Rect)
	for y := range h {
		src, dst := g.Pix[y*w:(y+1)*w], tmp.Pix[y*w:(y+1)*w]
		for x := range w {
			m := src[x]
			for _, v := range src[max(0, x-r):min(w, x+r+1)] {
				m = pick(m, v)
			}
			dst[x] = m
		}
	}
	out := image.NewGray(g.Rect)
	for y := range h {
		for x := range w {
			m := tmp.Pix[y*w+x]
			for yy := max(0, y-r); yy < min(h, y+r+1); yy++ {
				m = pick(m, tmp.Pix[yy*w+x])
			}
			out.Pix[y*w+x] = m
		}
	}
	return out
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
