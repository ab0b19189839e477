package imageprep

import (
	"image"
	"testing"
)

// rug is a w×h frame of squares side pixels wide in two tones, as a
// checked rug or a tiled floor photographs.
func rug(w, h, side int, dark, light uint8) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := dark
			if (x/side+y/side)%2 == 0 {
				v = light
			}
			g.Pix[y*w+x] = v
		}
	}
	return g
}

// tiles is a w×h frame of dark square tiles side pixels wide, gap apart on
// a lighter ground, as a tiled floor or a rug's small checks photograph:
// many marks a character's size, all of one width.
func tiles(w, h, side, gap int, dark, light uint8) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := light
			if x%(side+gap) < side && y%(side+gap) < side {
				v = dark
			}
			g.Pix[y*w+x] = v
		}
	}
	return g
}

// paperOn lays white paper with lines of dark "text" (bars a glyph high)
// over r of g.
func paperOn(g *image.Gray, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			v := uint8(235)
			inLine := (y-r.Min.Y)%40 >= 20 && (y-r.Min.Y)%40 < 32 && y > r.Min.Y+60 && y < r.Max.Y-60
			if inLine && x > r.Min.X+60 && x < r.Max.X-60 && (x/9)%2 == 0 {
				v = 30
			}
			g.Pix[y*g.Stride+x] = v
		}
	}
}

// dimmedText is a w×h screen of text dimmed by a system dialog's overlay:
// lines of words (dark bars a glyph high, of the varied widths words and
// letters have) on a grey ground.
func dimmedText(w, h int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	widths := []int{8, 20, 12, 36, 8, 16, 28, 10}
	for y := range h {
		for x := range w {
			g.Pix[y*w+x] = 110
		}
	}
	for top := 40; top+16 < h; top += 48 {
		x, k := 30, top/48
		for x < w-60 {
			bw := widths[k%len(widths)]
			for yy := top; yy < top+16; yy++ {
				for xx := x; xx < x+bw; xx++ {
					g.Pix[yy*w+xx] = 20
				}
			}
			x, k = x+bw+10, k+1
		}
	}
	return g
}

// TestFindPage: a page small in a large frame, clearly brighter than what
// lies around it, is found; a page filling the frame, two pages side by
// side, small images and a dialog over a page of text are read whole
// (round 20, unseen73's "faraway"; round 25, unseen120's "modaldim").
func TestFindPage(t *testing.T) {
	page := image.Rect(1000, 1400, 2100, 2900)
	tests := []struct {
		name  string
		frame func() *image.Gray
		found bool
	}{
		{"a page on a checked rug, a third of the frame", func() *image.Gray {
			g := rug(3000, 4000, 72, 90, 170)
			paperOn(g, page)
			return g
		}, true},
		{"a page on a floor of small square tiles", func() *image.Gray {
			g := tiles(3000, 4000, 60, 12, 80, 170)
			paperOn(g, page)
			return g
		}, true},
		{"a page filling the frame", func() *image.Gray {
			g := rug(3000, 4000, 72, 90, 170)
			paperOn(g, image.Rect(100, 100, 2900, 3900))
			return g
		}, false},
		{"two pages side by side", func() *image.Gray {
			g := rug(3000, 4000, 72, 90, 170)
			paperOn(g, page)
			paperOn(g, image.Rect(2200, 1400, 2900, 2400))
			return g
		}, false},
		{"a small photo", func() *image.Gray {
			g := rug(1500, 1900, 36, 90, 170)
			paperOn(g, image.Rect(500, 700, 1050, 1450))
			return g
		}, false},
		{"a system dialog over a dimmed page of text", func() *image.Gray {
			g := dimmedText(3000, 4000)
			paperOn(g, page)
			return g
		}, false},
		{"paper no brighter than the desk", func() *image.Gray {
			g := rug(3000, 4000, 72, 225, 230)
			paperOn(g, page)
			return g
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := FindPage(tt.frame())
			if ok != tt.found {
				t.Fatalf("found %v (%v), want %v", ok, got, tt.found)
			}
			if !ok {
				return
			}
			// The page and a margin of no more than 2% of the frame
			// around it, at the measuring copy's resolution.
			if !page.In(got.Inset(-8)) || !got.In(page.Inset(-100)) {
				t.Errorf("page %v, want about %v", got, page)
			}
		})
	}
}
