package imageprep

import (
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// randomGray is a w x h page of random greys, the same for the same seed.
func randomGray(seed uint64, w, h int) *image.Gray {
	rng := rand.New(rand.NewPCG(seed, 1))
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = uint8(rng.IntN(256))
	}
	return g
}

// The fast rank filter, shrink and sheared profile give exactly what the
// plain definitions give, so that making them fast changed no reading:
// every size against every window, including windows wider than the page
// and pages narrower than a box.
func TestFastFiltersMatchTheirDefinitions(t *testing.T) {
	sizes := [][2]int{{1, 1}, {1, 7}, {7, 1}, {2, 3}, {13, 9}, {40, 31}, {97, 64}}
	for i, wh := range sizes {
		g := randomGray(uint64(i), wh[0], wh[1])
		for _, r := range []int{1, 2, 3, 5, 8, 20, 60} {
			for _, bright := range []bool{brightest, darkest} {
				if got, want := rankFilter(g, r, bright), plainRankFilter(g, r, bright); !slices.Equal(got.Pix, want.Pix) {
					t.Errorf("rankFilter(%dx%d, r=%d, brightest=%v) differs from the window's extreme", wh[0], wh[1], r, bright)
				}
			}
		}
		for _, k := range []int{1, 2, 3, 4, 5, 9, 200} {
			if got, want := shrink(g, k), plainShrink(g, k); !got.Rect.Eq(want.Rect) || !slices.Equal(got.Pix, want.Pix) {
				t.Errorf("shrink(%dx%d, %d) differs from the boxes' means", wh[0], wh[1], k)
			}
		}
		w, h := wh[0], wh[1]
		ink := make([]bool, w*h)
		for j, v := range g.Pix {
			ink[j] = v < 60
		}
		pixels := inkedPixels(ink, w)
		for _, a := range []float64{-6, -2.25, 0, 0.25, 3.5, 6} {
			tan := math.Tan(a * math.Pi / 180)
			for _, phase := range []float64{0, 0.25, 0.75} {
				if got, want := shearedRows(pixels, w, h, tan, phase), plainShearedRows(pixels, w, h, tan, phase); !slices.Equal(got, want) {
					t.Errorf("shearedRows(%dx%d, %.2f°, phase %.2f) differs from its definition", w, h, a, phase)
				}
			}
		}
	}
}

// BenchmarkBackground is the paper's brightness of a 2000 x 1500 photo's
// page (a low-light photo's size) at the radius prepare uses for 30-pixel
// print.
func BenchmarkBackground(b *testing.B) {
	g := randomGray(7, 2000, 1500)
	for b.Loop() {
		Background(g, 120)
	}
}

func plainRankFilter(g *image.Gray, r int, bright bool) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(g.Rect)
	for y := range h {
		for x := range w {
			m := g.Pix[y*w+x]
			for yy := max(0, y-r); yy < min(h, y+r+1); yy++ {
				for xx := max(0, x-r); xx < min(w, x+r+1); xx++ {
					if v := g.Pix[yy*w+xx]; bright && v > m || !bright && v < m {
						m = v
					}
				}
			}
			out.Pix[y*w+x] = m
		}
	}
	return out
}

func plainShrink(g *image.Gray, k int) *image.Gray {
	if k <= 1 {
		return g
	}
	w, h := g.Rect.Dx(), g.Rect.Dy()
	sw, sh := max(1, w/k), max(1, h/k)
	out := image.NewGray(image.Rect(0, 0, sw, sh))
	for sy := range sh {
		for sx := range sw {
			s := 0
			for y := sy * k; y < min((sy+1)*k, h); y++ {
				for x := sx * k; x < min((sx+1)*k, w); x++ {
					s += int(g.Pix[y*w+x])
				}
			}
			out.Pix[sy*sw+sx] = uint8(s / (k * k))
		}
	}
	return out
}

func plainShearedRows(inked []pixel, w, h int, t, phase float64) []float64 {
	off := 0
	if t > 0 {
		off = int(t*float64(w)) + 1
	}
	rows := make([]float64, h+int(math.Abs(t)*float64(w))+2)
	for _, p := range inked {
		rows[int(p.y)+off-int(t*float64(p.x)-phase)]++
	}
	return rows
}

// BenchmarkShrink is a 2000 x 1500 page reduced by 2, 3 and 4 (the
// factors measuring and the paper's brightness use).
func BenchmarkShrink(b *testing.B) {
	g := randomGray(8, 2000, 1500)
	for _, k := range []int{2, 3, 4} {
		b.Run(strconv.Itoa(k), func(b *testing.B) {
			for b.Loop() {
				shrink(g, k)
			}
		})
	}
}
