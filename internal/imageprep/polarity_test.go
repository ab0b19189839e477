package imageprep

import (
	"image"
	"image/draw"
	"math/rand/v2"
	"slices"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// renderOn draws lines of text in level ink on a ground of level ground,
// sizePx pixels per em, with a margin of ground around them.
func renderOn(t *testing.T, lines []string, sizePx float64, ground, ink uint8) *image.Gray {
	t.Helper()
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: sizePx, DPI: 72})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	margin, lineHeight := int(sizePx*2), int(sizePx*1.6)
	width := 0
	for _, l := range lines {
		width = max(width, font.MeasureString(face, l).Ceil())
	}
	img := image.NewGray(image.Rect(0, 0, width+2*margin, len(lines)*lineHeight+2*margin))
	draw.Draw(img, img.Bounds(), image.NewUniform(grayLevel(ground)), image.Point{}, draw.Src)
	d := font.Drawer{Dst: img, Src: image.NewUniform(grayLevel(ink)), Face: face}
	for i, l := range lines {
		d.Dot = fixed.P(margin, margin+(i+1)*lineHeight-lineHeight/4)
		d.DrawString(l)
	}
	return img
}

// meanIn is the mean grey level of g over r.
func meanIn(g *image.Gray, r image.Rectangle) int {
	sum, n := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sum += int(g.GrayAt(x, y).Y)
			n++
		}
	}
	return sum / max(n, 1)
}

func TestDarkGrounds(t *testing.T) {
	dim := renderOn(t, page, 24, 80, 30) // a page in low light: dark paper, darker ink
	r := rand.New(rand.NewPCG(3, 4))
	for i, v := range dim.Pix {
		dim.Pix[i] = uint8(min(max(float64(v)+r.NormFloat64()*12, 0), 255))
	}
	band := renderOn(t, []string{"FERNBROOK PHARMACY", "7 Saddler's Yard, Wickham"}, 24, 90, 250)
	light := renderOn(t, page, 24, 235, 25)
	app := renderOn(t, page, 24, 20, 230)
	// A decoded JPEG's grey plane is longer than its pixels (whole blocks
	// of 8 or 16 rows): only the pixels are read.
	jpegPlane := &image.Gray{Pix: append(slices.Clone(app.Pix), make([]uint8, 7*app.Stride)...), Stride: app.Stride, Rect: app.Rect}
	tests := []struct {
		name string
		img  *image.Gray
		// inverted: a region was found; then share, the fraction of the
		// page inverted (within 0.05), box, the regions' bounds (within 4
		// pixels), and keep, a part of the page that must not change.
		inverted bool
		share    float64
		box      image.Rectangle
		keep     image.Rectangle
	}{
		{name: "dark text on light paper", img: light},
		{name: "a page on a dark table", img: render(t, page, 24)},
		{name: "a dim photo of a page", img: dim},
		{name: "a blank dark image", img: renderOn(t, nil, 24, 20, 20)},
		{name: "an app in dark mode", img: app, inverted: true, share: 1, box: app.Rect},
		{name: "a plane longer than the image", img: jpegPlane, inverted: true, share: 1, box: app.Rect},
		{
			name:     "grey text on a dark card",
			img:      renderOn(t, page, 24, 30, 140),
			inverted: true, share: 1, box: renderOn(t, page, 24, 30, 140).Rect,
		},
		{
			// A coloured bar with a pharmacy's name above a light page:
			// the bar is inverted, the page left as it was.
			name:     "a dark bar above a light page",
			img:      stack(band, light),
			inverted: true,
			share:    float64(band.Rect.Dx()*band.Rect.Dy()) / float64(stack(band, light).Rect.Dx()*stack(band, light).Rect.Dy()),
			box:      band.Rect,
			keep:     light.Rect.Add(image.Pt(0, band.Rect.Dy())),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DarkGrounds(tt.img)
			if (got.Inverted != nil) != tt.inverted {
				t.Fatalf("found grounds = %v, want %v", got.Inverted != nil, tt.inverted)
			}
			if !tt.inverted {
				if got.Boxes != nil || got.Share != 0 {
					t.Errorf("no ground, yet boxes %v, share %.2f", got.Boxes, got.Share)
				}
				return
			}
			if got.Inverted.Rect.Size() != tt.img.Rect.Size() {
				t.Fatalf("size %v, want %v", got.Inverted.Rect.Size(), tt.img.Rect.Size())
			}
			if got.Share < tt.share-0.05 || got.Share > tt.share+0.05 {
				t.Errorf("Share = %.3f, want %.3f", got.Share, tt.share)
			}
			if len(got.Boxes) != 1 || !near(got.Boxes[0], tt.box, 4) {
				t.Errorf("Boxes = %v, want [%v]", got.Boxes, tt.box)
			}
			if m := meanIn(got.Inverted, image.Rect(0, 0, 20, 20)); m < 160 {
				t.Errorf("the dark ground comes out at grey %d, want light", m)
			}
			if a, b := meanIn(got.Inverted, tt.keep), meanIn(tt.img, tt.keep); a != b {
				t.Errorf("the light page changed: mean grey %d, was %d", a, b)
			}
			// Once inverted, the text measures as dark text on light does.
			if gh := MeasureLayout(got.Inverted).GlyphHeight; gh < 12 || gh > 22 {
				t.Errorf("GlyphHeight of the inverted page = %d, want about that of 24 px text (12..22)", gh)
			}
		})
	}
}

// near reports whether a and b's edges lie within d pixels of each other.
func near(a, b image.Rectangle, d int) bool {
	abs := func(v int) int { return max(v, -v) }
	return abs(a.Min.X-b.Min.X) <= d && abs(a.Min.Y-b.Min.Y) <= d && abs(a.Max.X-b.Max.X) <= d && abs(a.Max.Y-b.Max.Y) <= d
}
