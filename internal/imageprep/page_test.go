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

// TestFindPage: a page small in a large frame, clearly brighter than what
// lies around it, is found; a page filling the frame, two pages side by
// side and small images are read whole (round 20, unseen73's "faraway").
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
