package corpus

import (
	"bytes"
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"sync"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/math/fixed"
)

// pixelsPerPoint renders text as a 288 dpi scan would: 10 pt is 40 px.
const pixelsPerPoint = 4.0

// The images use Liberation Sans and Mono (SIL OFL 1.1, fonts/OFL.txt):
// the metrics of Arial and Courier New, so a scan looks like the PDF (core
// Helvetica and Courier). The Go fonts were tried first; their slashed zero
// is read by Tesseract as "@" or "9" ("@.25mg"), a flaw no pharmacy label has.
var (
	//go:embed fonts/LiberationSans-Regular.ttf
	sansRegular []byte
	//go:embed fonts/LiberationSans-Bold.ttf
	sansBold []byte
	//go:embed fonts/LiberationMono-Regular.ttf
	monoRegular []byte
	//go:embed fonts/LiberationMono-Bold.ttf
	monoBoldTTF []byte
)

var (
	fontsOnce sync.Once
	fonts     map[[2]bool]*opentype.Font // key: {bold, mono}
	fontsErr  error
)

func loadFonts() (map[[2]bool]*opentype.Font, error) {
	fontsOnce.Do(func() {
		fonts = map[[2]bool]*opentype.Font{}
		for key, ttf := range map[[2]bool][]byte{
			{false, false}: sansRegular,
			{true, false}:  sansBold,
			{false, true}:  monoRegular,
			{true, true}:   monoBoldTTF,
		} {
			f, err := opentype.Parse(ttf)
			if err != nil {
				fontsErr = fmt.Errorf("parse embedded font: %w", err)
				return
			}
			fonts[key] = f
		}
	})
	return fonts, fontsErr
}

// faces caches font faces for one rendering (faces are not safe for
// concurrent use).
type faces map[style]font.Face

func (fc faces) face(s style) (font.Face, error) {
	key := style{size: s.size, bold: s.bold, mono: s.mono}
	if f, ok := fc[key]; ok {
		return f, nil
	}
	all, err := loadFonts()
	if err != nil {
		return nil, err
	}
	f, err := opentype.NewFace(all[[2]bool{s.bold, s.mono}], &opentype.FaceOptions{
		Size: s.size, DPI: 72 * pixelsPerPoint, Hinting: font.HintingFull,
	})
	if err != nil {
		return nil, fmt.Errorf("font face %vpt: %w", s.size, err)
	}
	fc[key] = f
	return f, nil
}

// renderImage draws the page black on white, as a flatbed scan would.
func renderImage(p page) (*image.RGBA, error) {
	o := p.layout()
	fc := faces{}
	defer func() {
		for _, f := range fc {
			f.Close()
		}
	}()
	var faceErr error
	width := func(t textOp) float64 {
		f, err := fc.face(t.style)
		if err != nil {
			faceErr = err
			return 0
		}
		return float64(font.MeasureString(f, t.text)) / 64 / pixelsPerPoint
	}
	if err := o.checkFit(width); err != nil {
		return nil, fmt.Errorf("image layout: %w", err)
	}
	if faceErr != nil {
		return nil, faceErr
	}

	px := func(pt float64) int { return int(math.Round(pt * pixelsPerPoint)) }
	img := image.NewRGBA(image.Rect(0, 0, px(p.width), px(o.height)))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)

	for _, l := range o.lines {
		fillRect(img, image.Rect(px(l.x1), px(l.y1)-2, px(l.x2), px(l.y1)+2), l.ink)
	}
	for _, r := range o.rects {
		x0, y0, x1, y1 := px(r.x), px(r.y), px(r.x+r.w), px(r.y+r.h)
		const t = 5
		fillRect(img, image.Rect(x0, y0, x1, y0+t), r.ink)
		fillRect(img, image.Rect(x0, y1-t, x1, y1), r.ink)
		fillRect(img, image.Rect(x0, y0, x0+t, y1), r.ink)
		fillRect(img, image.Rect(x1-t, y0, x1, y1), r.ink)
	}
	for _, t := range o.texts {
		f, err := fc.face(t.style)
		if err != nil {
			return nil, err
		}
		x := t.x
		if t.right {
			x -= width(t)
		}
		d := font.Drawer{
			Dst:  img,
			Src:  image.NewUniform(t.ink),
			Face: f,
			Dot:  fixed.P(px(x), px(t.baseline)),
		}
		d.DrawString(t.text)
	}
	return img, nil
}

func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode png: %w", err)
	}
	return buf.Bytes(), nil
}

// photograph turns a clean scan into what a phone photo of the paper on a
// table looks like: a slight rotation, a little smaller, uneven light, a
// warm cast, mild blur, sensor noise and JPEG at quality 60.
func photograph(src *image.RGBA, r *rand.Rand) ([]byte, error) {
	sb := src.Bounds()
	scale := 0.86 + 0.08*r.Float64()
	angle := (1 + 2*r.Float64()) * math.Pi / 180
	if r.IntN(2) == 0 {
		angle = -angle
	}
	sw, sh := float64(sb.Dx())*scale, float64(sb.Dy())*scale
	pad := 0.05 * sw
	dw := int(sw*math.Cos(angle) + sh*math.Abs(math.Sin(angle)) + 2*pad)
	dh := int(sh*math.Cos(angle) + sw*math.Abs(math.Sin(angle)) + 2*pad)
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	table := color.RGBA{R: uint8(70 + r.IntN(40)), G: uint8(60 + r.IntN(30)), B: uint8(50 + r.IntN(20)), A: 255}
	draw.Draw(dst, dst.Bounds(), image.NewUniform(table), image.Point{}, draw.Src)

	cos, sin := math.Cos(angle)*scale, math.Sin(angle)*scale
	csx, csy := float64(sb.Dx())/2, float64(sb.Dy())/2
	cdx, cdy := float64(dw)/2, float64(dh)/2
	m := f64.Aff3{
		cos, -sin, cdx - (cos*csx - sin*csy),
		sin, cos, cdy - (sin*csx + cos*csy),
	}
	xdraw.ApproxBiLinear.Transform(dst, m, src, sb, xdraw.Over, nil)

	blurred := blur3(dst)

	// Light falls off along a random direction, and towards the corners.
	dir := r.Float64() * 2 * math.Pi
	dx, dy := math.Cos(dir), math.Sin(dir)
	span := 0.18 + 0.12*r.Float64()
	sigma := 5 + 4*r.Float64()
	diag := math.Hypot(float64(dw), float64(dh)) / 2
	tint := [3]float64{1, 0.97, 0.9}
	pix := blurred.Pix
	for y := 0; y < dh; y++ {
		for x := 0; x < dw; x++ {
			rx, ry := (float64(x)-cdx)/diag, (float64(y)-cdy)/diag
			light := 0.97 - span*(0.5+0.5*(rx*dx+ry*dy)) - 0.08*(rx*rx+ry*ry)
			i := y*blurred.Stride + x*4
			for c := 0; c < 3; c++ {
				v := float64(pix[i+c])*light*tint[c] + r.NormFloat64()*sigma
				pix[i+c] = uint8(max(0, min(255, math.Round(v))))
			}
		}
	}

	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, blurred, &jpeg.Options{Quality: 60}); err != nil {
		return nil, fmt.Errorf("encode jpeg: %w", err)
	}
	return buf.Bytes(), nil
}

// blur3 is a 3x3 binomial blur: the softness of a phone lens.
func blur3(src *image.RGBA) *image.RGBA {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	tmp := make([]uint16, len(src.Pix))
	out := image.NewRGBA(b)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			l, rr := max(x-1, 0), min(x+1, w-1)
			i := y*src.Stride + x*4
			for c := 0; c < 4; c++ {
				tmp[i+c] = uint16(src.Pix[y*src.Stride+l*4+c]) + 2*uint16(src.Pix[i+c]) + uint16(src.Pix[y*src.Stride+rr*4+c])
			}
		}
	}
	for y := 0; y < h; y++ {
		u, d := max(y-1, 0), min(y+1, h-1)
		for x := 0; x < w; x++ {
			i := y*src.Stride + x*4
			for c := 0; c < 4; c++ {
				s := uint32(tmp[u*src.Stride+x*4+c]) + 2*uint32(tmp[i+c]) + uint32(tmp[d*src.Stride+x*4+c])
				out.Pix[i+c] = uint8((s + 8) / 16)
			}
		}
	}
	return out
}
