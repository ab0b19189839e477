package tesseract

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"testing"

	"github.com/clinicplatform/intake/internal/imageprep"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/tiff"
)

// renderLabel draws lines of black text on white, sizePx pixels per em, as
// a label printer or a flat scan would.
func renderLabel(t testing.TB, lines []string, sizePx float64) *image.Gray {
	t.Helper()
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatalf("parse font: %v", err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: sizePx, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatalf("new face: %v", err)
	}
	defer face.Close()

	margin := int(sizePx * 2)
	lineHeight := int(sizePx * 1.6)
	width := 0
	for _, l := range lines {
		width = max(width, font.MeasureString(face, l).Ceil())
	}
	img := image.NewGray(image.Rect(0, 0, width+2*margin, len(lines)*lineHeight+2*margin))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	d := font.Drawer{Dst: img, Src: image.Black, Face: face}
	for i, l := range lines {
		d.Dot = fixed.P(margin, margin+(i+1)*lineHeight-lineHeight/4)
		d.DrawString(l)
	}
	return img
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatalf("encode png: %v", err)
	}
	return b.Bytes()
}

func encodeJPEG(t testing.TB, img image.Image, quality int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: quality}); err != nil {
		t.Fatalf("encode jpeg: %v", err)
	}
	return b.Bytes()
}

func encodeTIFF(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := tiff.Encode(&b, img, &tiff.Options{Compression: tiff.Deflate}); err != nil {
		t.Fatalf("encode tiff: %v", err)
	}
	return b.Bytes()
}

// photoLike degrades a clean render the way a phone photo of a label does:
// a small rotation, a grey uneven background, lower contrast and noise.
func photoLike(src *image.Gray, degrees float64, noise uint8, seed uint64) *image.Gray {
	b := src.Bounds()
	dst := image.NewGray(b)
	sin, cos := sincos(degrees)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	state := seed | 1
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			// Inverse-rotate to sample the source (nearest neighbour).
			fx, fy := float64(x)-cx, float64(y)-cy
			sx, sy := int(cos*fx+sin*fy+cx), int(-sin*fx+cos*fy+cy)
			v := uint8(255)
			if image.Pt(sx, sy).In(b) {
				v = src.GrayAt(sx, sy).Y
			}
			// Contrast 255 -> 40..210, plus a left-to-right shadow.
			g := 40 + int(v)*170/255 - x*30/max(b.Dx(), 1)
			state ^= state << 13
			state ^= state >> 7
			state ^= state << 17
			g += int(state%uint64(2*int(noise)+1)) - int(noise)
			dst.SetGray(x, y, color.Gray{Y: uint8(min(max(g, 0), 255))})
		}
	}
	return dst
}

func sincos(degrees float64) (sin, cos float64) { return math.Sincos(degrees * math.Pi / 180) }

// tinted colours a grey image warm, as indoor light tints a phone photo.
func tinted(src *image.Gray) *image.RGBA {
	dst := image.NewRGBA(src.Bounds())
	for i, v := range src.Pix {
		dst.Pix[4*i] = uint8(min(int(v)+25, 255))
		dst.Pix[4*i+1] = v
		dst.Pix[4*i+2] = uint8(max(int(v)-35, 0))
		dst.Pix[4*i+3] = 255
	}
	return dst
}

// withStamp is page with the lines below it, set as a stamp turned
// degrees clockwise.
func withStamp(t testing.TB, page *image.Gray, lines []string, degrees float64) *image.Gray {
	t.Helper()
	stamp := renderLabel(t, lines, 30)
	sw, sh := stamp.Rect.Dx(), stamp.Rect.Dy()
	// Room for the stamp to turn in.
	side := int(math.Hypot(float64(sw), float64(sh))) + 2
	square := image.NewGray(image.Rect(0, 0, side, side))
	draw.Draw(square, square.Rect, image.White, image.Point{}, draw.Src)
	draw.Draw(square, stamp.Rect.Add(image.Pt((side-sw)/2, (side-sh)/2)), stamp, image.Point{}, draw.Src)
	turned := imageprep.Rotate(square, degrees)
	w := max(page.Rect.Dx(), side+40)
	out := image.NewGray(image.Rect(0, 0, w, page.Rect.Dy()+side))
	draw.Draw(out, out.Rect, image.White, image.Point{}, draw.Src)
	draw.Draw(out, page.Rect, page, image.Point{}, draw.Src)
	draw.Draw(out, image.Rect(40, page.Rect.Dy(), 40+side, page.Rect.Dy()+side), turned, image.Point{}, draw.Src)
	return out
}

// shadowed lays a shadow with a hard edge diagonally across src, as a hand
// or a phone casts on a page photographed under a lamp: paper in the shadow
// is darker than ink in the light. Light is the paper's brightness outside
// the shadow, dark inside; noise is added as in photoLike.
func shadowed(src *image.Gray, dark, light int, noise uint8, seed uint64) *image.Gray {
	b := src.Bounds()
	dst := image.NewGray(b)
	state := seed | 1
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			paper := light
			if 3*y > b.Dy()-b.Dy()*x/b.Dx()+b.Dy()/2 {
				paper = dark
			}
			g := int(src.GrayAt(x, y).Y) * paper / 255
			state ^= state << 13
			state ^= state >> 7
			state ^= state << 17
			g += int(state%uint64(2*int(noise)+1)) - int(noise)
			dst.SetGray(x, y, color.Gray{Y: uint8(min(max(g, 0), 255))})
		}
	}
	return dst
}

// severeScan is src in a thin frame, as a label's border, halved in
// resolution (about 100 dpi), blurred and saved as a poor JPEG.
func severeScan(t testing.TB, src *image.Gray) []byte {
	t.Helper()
	framed := image.NewGray(src.Rect)
	copy(framed.Pix, src.Pix)
	b := src.Rect.Inset(src.Rect.Dy() / 12)
	for x := b.Min.X; x < b.Max.X; x++ {
		for _, y := range []int{b.Min.Y, b.Min.Y + 1, b.Max.Y - 2, b.Max.Y - 1} {
			framed.SetGray(x, y, color.Gray{Y: 60})
		}
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for _, x := range []int{b.Min.X, b.Min.X + 1, b.Max.X - 2, b.Max.X - 1} {
			framed.SetGray(x, y, color.Gray{Y: 60})
		}
	}
	return encodeJPEG(t, imageprep.Blur(imageprep.Scale(framed, 0.5)), 40)
}

// inverted is g in negative: light text on a dark ground.
func inverted(g *image.Gray) *image.Gray {
	out := image.NewGray(g.Rect)
	for i, v := range g.Pix {
		out.Pix[i] = 255 - v
	}
	return out
}

// stacked puts images one above the other, left-aligned, on white.
func stacked(parts ...*image.Gray) *image.Gray {
	w, h := 0, 0
	for _, p := range parts {
		w, h = max(w, p.Rect.Dx()), h+p.Rect.Dy()
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(out, out.Bounds(), image.White, image.Point{}, draw.Src)
	y := 0
	for _, p := range parts {
		draw.Draw(out, p.Rect.Add(image.Pt(0, y)), p, p.Rect.Min, draw.Src)
		y += p.Rect.Dy()
	}
	return out
}

// levels maps g's black to lo and its white to hi.
func levels(g *image.Gray, lo, hi uint8) *image.Gray {
	out := image.NewGray(g.Rect)
	for i, v := range g.Pix {
		out.Pix[i] = uint8(int(lo) + int(v)*(int(hi)-int(lo))/255)
	}
	return out
}
