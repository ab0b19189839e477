package imageprep

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

var page = []string{
	"RIVERSIDE COMMUNITY PHARMACY  12 High Street",
	"Rx 6023417   Filled 03/04/2026   Refills: 2",
	"ALEX TESTPATIENT",
	"Wegovy 2.4 mg/0.75 mL pen, inject once weekly",
	"Keep in a refrigerator. Do not freeze.",
	"Prescriber: Dr Helena Marsh",
}

// render draws lines of dark text on a light page inside a darker border
// (a table around the paper, as in a photo), sizePx pixels per em.
func render(t *testing.T, lines []string, sizePx float64) *image.Gray {
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
	margin, lineHeight := int(sizePx*3), int(sizePx*1.6)
	width := 0
	for _, l := range lines {
		width = max(width, font.MeasureString(face, l).Ceil())
	}
	img := image.NewGray(image.Rect(0, 0, width+2*margin, len(lines)*lineHeight+2*margin))
	draw.Draw(img, img.Bounds(), image.NewUniform(grayLevel(60)), image.Point{}, draw.Src)
	draw.Draw(img, img.Bounds().Inset(margin/2), image.NewUniform(grayLevel(225)), image.Point{}, draw.Src)
	d := font.Drawer{Dst: img, Src: image.NewUniform(grayLevel(30)), Face: face}
	for i, l := range lines {
		d.Dot = fixed.P(margin, margin+(i+1)*lineHeight-lineHeight/4)
		d.DrawString(l)
	}
	return img
}

func grayLevel(v uint8) color.Gray { return color.Gray{Y: v} }

func TestMeasureLayout(t *testing.T) {
	small, large := render(t, page, 12), render(t, page, 60)
	tests := []struct {
		name               string
		img                *image.Gray
		sideways, upside   bool
		minGlyph, maxGlyph int
	}{
		{"upright", large, false, false, 38, 50},
		{"upside down", Turn(large, 2), false, true, 38, 50},
		{"a quarter clockwise", Turn(large, 1), true, true, 38, 50},
		{"a quarter anticlockwise", Turn(large, 3), true, false, 38, 50},
		{"small print", small, false, false, 7, 11},
		{"small print upside down", Turn(small, 2), false, true, 7, 11},
		{"small print sideways", Turn(small, 3), true, false, 7, 11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := MeasureLayout(tt.img)
			if got.Sideways != tt.sideways {
				t.Errorf("Sideways = %v, want %v", got.Sideways, tt.sideways)
			}
			if got.UpsideDown != tt.upside {
				t.Errorf("UpsideDown = %v, want %v", got.UpsideDown, tt.upside)
			}
			if got.GlyphHeight < tt.minGlyph || got.GlyphHeight > tt.maxGlyph {
				t.Errorf("GlyphHeight = %d, want %d..%d", got.GlyphHeight, tt.minGlyph, tt.maxGlyph)
			}
		})
	}
	if got := MeasureLayout(image.NewGray(image.Rect(0, 0, 50, 40))); got != (Layout{}) {
		t.Errorf("blank page: %+v, want nothing found", got)
	}
}

func TestNoiseSigma(t *testing.T) {
	clean := render(t, page, 40)
	r := rand.New(rand.NewPCG(1, 2))
	for _, sigma := range []float64{4, 8, 16} {
		noisy := image.NewGray(clean.Rect)
		for i, v := range clean.Pix {
			noisy.Pix[i] = uint8(min(max(float64(v)+r.NormFloat64()*sigma, 0), 255))
		}
		// Clipping at 0 and 255 and the text's edges bias the estimate a
		// little; it must tell noisy from clean with room to spare.
		if got := NoiseSigma(noisy); got < 0.7*sigma || got > 1.4*sigma {
			t.Errorf("NoiseSigma with noise %.0f = %.2f", sigma, got)
		}
	}
	if got := NoiseSigma(clean); got > 2 {
		t.Errorf("NoiseSigma of a clean page = %.2f, want under 2", got)
	}
	if got := NoiseSigma(image.NewGray(image.Rect(0, 0, 2, 2))); got != 0 {
		t.Errorf("NoiseSigma of a 2×2 image = %.2f, want 0", got)
	}
}

func TestScale(t *testing.T) {
	g := render(t, page, 20)
	up := Scale(g, 2)
	if up.Rect.Dx() != 2*g.Rect.Dx() || up.Rect.Dy() != 2*g.Rect.Dy() {
		t.Errorf("Scale(2) of %v is %v", g.Rect.Size(), up.Rect.Size())
	}
	if l, lu := MeasureLayout(g).GlyphHeight, MeasureLayout(up).GlyphHeight; lu < 2*l-4 || lu > 2*l+4 {
		t.Errorf("glyph height %d scaled by 2 measures %d", l, lu)
	}
}

func TestScaleLevels(t *testing.T) {
	// 4×2 image: left half 0, right half 200.
	g := grayImage(4, 2, 0, 0, 200, 200, 0, 0, 200, 200)
	if diff := cmp.Diff([][]uint8{{0, 200}}, pixels(Scale(g, 0.5))); diff != "" {
		t.Errorf("Scale(0.5) (-want +got):\n%s", diff)
	}
	up := Scale(g, 2)
	if up.Rect.Dx() != 8 || up.Rect.Dy() != 4 {
		t.Fatalf("Scale(2) size %v", up.Rect.Size())
	}
	// Edges keep their levels; the step between them is interpolated.
	if diff := cmp.Diff([]uint8{0, 0, 0, 50, 150, 200, 200, 200}, pixels(up)[0]); diff != "" {
		t.Errorf("Scale(2) first row (-want +got):\n%s", diff)
	}
	if got := Scale(grayImage(1, 1, 9), 0.1); got.Rect.Dx() != 1 || got.Rect.Dy() != 1 {
		t.Errorf("Scale of a 1×1 image to nothing: %v", got.Rect.Size())
	}
}

func TestSkewAndRotate(t *testing.T) {
	g := render(t, page, 30)
	for _, deg := range []float64{-4, -2, 0, 3} {
		got := MeasureLayout(Rotate(g, deg))
		// Text turned clockwise by deg slopes down to the right by deg.
		if math.Abs(got.Skew-deg) > 0.5 {
			t.Errorf("Skew of a page rotated %v degrees = %v", deg, got.Skew)
		}
		if got.Sideways || got.UpsideDown {
			t.Errorf("page rotated %v degrees: %+v", deg, got)
		}
		back := MeasureLayout(Rotate(Rotate(g, deg), -got.Skew))
		if math.Abs(back.Skew) > 0.5 {
			t.Errorf("deskewed page still slopes %v degrees", back.Skew)
		}
	}
}

func TestStrokesBeyondLines(t *testing.T) {
	strokes := func(g *image.Gray) (up, down int) {
		ink := binarize(g)
		w, h := g.Rect.Dx(), g.Rect.Dy()
		gh, _, _ := glyphHeight(ink, w, h)
		skew, _ := deskew(ink, w, h)
		return strokesBeyondLines(ink, w, h, gh, skew)
	}
	g := render(t, page, 30)
	for _, tt := range []struct {
		name string
		img  *image.Gray
		up   bool
	}{
		{"upright", g, true},
		{"upside down", Turn(g, 2), false},
		// Each letter is compared with its neighbours, not with the line's
		// straight bounds: a sloping line measures the same.
		{"sloping 5 degrees", Rotate(g, 5), true},
		{"sloping upside down", Turn(Rotate(g, -5), 2), false},
	} {
		up, down := strokes(tt.img)
		if tt.up && up < down+clearStrokes || !tt.up && down < up+clearStrokes {
			t.Errorf("%s: %d letters rise above their neighbours, %d hang below", tt.name, up, down)
		}
	}
	// All capitals rise and hang alike: no sign either way.
	caps := render(t, []string{"OZEMPIC 2MG/1.5ML PEN", "INJECT 0.25MG UNDER THE SKIN ONCE WEEKLY", "RIVERSIDE PHARMACY 12 HIGH STREET"}, 30)
	if up, down := strokes(caps); up >= down+clearStrokes || down >= up+clearStrokes {
		t.Errorf("all capitals: %d rise, %d hang; want no clear sign", up, down)
	}
}

func TestTextLines(t *testing.T) {
	r := image.Rect
	// Two lines of three letters, one of them an ascender, one a descender.
	chars := []image.Rectangle{r(40, 0, 48, 10), r(0, 0, 8, 10), r(10, -4, 18, 10), r(20, 20, 28, 30), r(30, 20, 38, 34), r(0, 20, 8, 30)}
	got := textLines(chars, 10)
	if len(got) != 3 {
		// The letter 22 pixels along from the first line's last is a line of its own.
		t.Fatalf("textLines = %v, want 3 lines", got)
	}
	if len(got[0]) != 2 || got[0][0].Min.X != 0 || got[0][1].Min.X != 10 {
		t.Errorf("first line %v, want the two letters from x=0, left to right", got[0])
	}
}

// stack puts images one above the other, left-aligned, on white.
func stack(parts ...*image.Gray) *image.Gray {
	w, h := 0, 0
	for _, p := range parts {
		w, h = max(w, p.Rect.Dx()), h+p.Rect.Dy()
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(out, out.Bounds(), image.NewUniform(grayLevel(255)), image.Point{}, draw.Src)
	y := 0
	for _, p := range parts {
		draw.Draw(out, p.Rect.Add(image.Pt(0, y)), p, p.Rect.Min, draw.Src)
		y += p.Rect.Dy()
	}
	return out
}

func TestGlyphHeightBesideABarcode(t *testing.T) {
	// A label's barcode: tall thin bars, many and inky, must not pass for
	// its characters' height (a carton's label measured 99, not 24).
	g := render(t, append(append(slices.Clone(page), page...), page...), 24)
	want := MeasureLayout(g).GlyphHeight
	// Bars as tall as the text's lines are apart, under a tenth of the
	// image (taller marks are not measured at all).
	bars := image.NewGray(image.Rect(0, 0, g.Rect.Dx(), 100))
	draw.Draw(bars, bars.Bounds(), image.NewUniform(grayLevel(225)), image.Point{}, draw.Src)
	r := rand.New(rand.NewPCG(5, 6))
	for x := 40; x < bars.Rect.Dx()-40; {
		bw := 2 + r.IntN(6)
		draw.Draw(bars, image.Rect(x, 10, x+bw, 90), image.NewUniform(grayLevel(20)), image.Point{}, draw.Src)
		x += bw + 2 + r.IntN(5)
	}
	got := MeasureLayout(stack(bars, bars, g)).GlyphHeight
	if got < want-3 || got > want+3 {
		t.Errorf("GlyphHeight beside a barcode = %d, want about %d as without it", got, want)
	}
}

func TestGlyphHeightBesideAFewLargeMarks(t *testing.T) {
	// A phone's share sheet under a page: a row of round avatars, a few
	// marks that hold more ink than all the text, must not pass for its
	// characters' height (unseen95's dimmed prescription status measured
	// 165 pixels, not 27, and was shrunk until nothing could be read).
	g := render(t, page, 24)
	want := MeasureLayout(g).GlyphHeight
	avatars := image.NewGray(image.Rect(0, 0, g.Rect.Dx(), 140))
	draw.Draw(avatars, avatars.Bounds(), image.NewUniform(grayLevel(225)), image.Point{}, draw.Src)
	for i := range 6 {
		cx, cy, r := 80+i*130, 70, 50
		for y := cy - r; y <= cy+r; y++ {
			for x := cx - r; x <= cx+r; x++ {
				if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r && x < avatars.Rect.Dx() {
					avatars.SetGray(x, y, grayLevel(70))
				}
			}
		}
	}
	blank := image.NewGray(image.Rect(0, 0, g.Rect.Dx(), 700))
	draw.Draw(blank, blank.Bounds(), image.NewUniform(grayLevel(225)), image.Point{}, draw.Src)
	got := MeasureLayout(stack(g, blank, avatars)).GlyphHeight
	if got < want-3 || got > want+3 {
		t.Errorf("GlyphHeight beside six avatars = %d, want about %d as without them", got, want)
	}
}

// screenPhoto is lines of text at the top of a tall light screen inside a
// dark surround, a photo of a phone's app: the screen's long edges run up
// the page, longer than any line of text.
func screenPhoto(t *testing.T, lines []string) *image.Gray {
	t.Helper()
	text := render(t, lines, 14)
	w := text.Rect.Dx() + 80
	img := image.NewGray(image.Rect(0, 0, w, 3*w))
	draw.Draw(img, img.Bounds(), image.NewUniform(grayLevel(25)), image.Point{}, draw.Src)
	draw.Draw(img, img.Bounds().Inset(40), image.NewUniform(grayLevel(225)), image.Point{}, draw.Src)
	inner := text.Rect.Inset(text.Rect.Dy() / 8)
	draw.Draw(img, inner.Add(image.Pt(40, 80)), text, inner.Min, draw.Src)
	return img
}

func TestMeasureLayoutByTheLetters(t *testing.T) {
	screen := screenPhoto(t, page[:4])
	for quarters, want := range []bool{false, true, false, true} {
		if got := MeasureLayout(Turn(screen, quarters)); got.Sideways != want {
			t.Errorf("a screen's photo turned %d quarters: Sideways = %v, want %v", quarters, got.Sideways, want)
		}
	}
}
