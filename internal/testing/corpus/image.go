package corpus

import (
	"bytes"
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"sync"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/math/fixed"
)

// pixelsPerPoint renders text as a 288 dpi scan would: 10 pt is 40 px.
// Conditions that scan or photograph at other resolutions pass their own.
const pixelsPerPoint = 4.0

// The images use Liberation Sans, Serif and Mono (SIL OFL 1.1,
// fonts/OFL.txt): the metrics of Arial, Times New Roman and Courier New, so
// a scan looks like the PDF (core Helvetica, Times and Courier). The Go fonts were tried first; their slashed zero
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
	//go:embed fonts/LiberationSerif-Regular.ttf
	serifRegular []byte
	//go:embed fonts/LiberationSerif-Bold.ttf
	serifBoldTTF []byte
)

// fontKey names a font file: bold or not, and its family.
type fontKey struct {
	bold        bool
	mono, serif bool
}

var (
	fontsOnce sync.Once
	fonts     map[fontKey]*opentype.Font
	fontsErr  error
)

func loadFonts() (map[fontKey]*opentype.Font, error) {
	fontsOnce.Do(func() {
		fonts = map[fontKey]*opentype.Font{}
		for key, ttf := range map[fontKey][]byte{
			{}:                        sansRegular,
			{bold: true}:              sansBold,
			{mono: true}:              monoRegular,
			{bold: true, mono: true}:  monoBoldTTF,
			{serif: true}:             serifRegular,
			{bold: true, serif: true}: serifBoldTTF,
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

// faces caches font faces for one rendering at one resolution (faces are
// not safe for concurrent use).
type faces struct {
	ppp float64
	by  map[style]font.Face
}

func (fc *faces) face(s style) (font.Face, error) {
	key := style{size: s.size, bold: s.bold, mono: s.mono, serif: s.serif}
	if f, ok := fc.by[key]; ok {
		return f, nil
	}
	all, err := loadFonts()
	if err != nil {
		return nil, err
	}
	f, err := opentype.NewFace(all[fontKey{bold: s.bold, mono: s.mono, serif: s.serif && !s.mono}], &opentype.FaceOptions{
		Size: s.size, DPI: 72 * fc.ppp, Hinting: font.HintingFull,
	})
	if err != nil {
		return nil, fmt.Errorf("font face %vpt: %w", s.size, err)
	}
	if fc.by == nil {
		fc.by = map[style]font.Face{}
	}
	fc.by[key] = f
	return f, nil
}

// renderImage draws the page black on white at ppp pixels per point, as a
// flatbed scan would; a rotated box (a stamp) is drawn on its own layer and
// turned onto the page.
func renderImage(p page, ppp float64) (*image.RGBA, error) {
	o := p.layout()
	fc := &faces{ppp: ppp}
	defer func() {
		for _, f := range fc.by {
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
		return float64(font.MeasureString(f, t.text)) / 64 / ppp
	}
	if err := o.checkFit(width); err != nil {
		return nil, fmt.Errorf("image layout: %w", err)
	}
	if faceErr != nil {
		return nil, faceErr
	}

	px := func(pt float64) int { return int(math.Round(pt * ppp)) }
	img := image.NewRGBA(image.Rect(0, 0, px(p.width), px(o.height)))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	var layer *image.RGBA
	var turn *rotation
	target := func(rot *rotation) *image.RGBA {
		if rot == nil {
			return img
		}
		if layer == nil {
			layer = image.NewRGBA(img.Bounds())
			turn = rot
		}
		return layer
	}

	thick := max(1, int(math.Round(ppp)))
	for _, l := range o.lines {
		fillRect(img, image.Rect(px(l.x1), px(l.y1)-thick/2, px(l.x2), px(l.y1)+thick-thick/2), l.ink)
	}
	for _, r := range o.rects {
		dst := target(r.rot)
		x0, y0, x1, y1 := px(r.x), px(r.y), px(r.x+r.w), px(r.y+r.h)
		t := max(1, int(math.Round(1.25*ppp)))
		fillRect(dst, image.Rect(x0, y0, x1, y0+t), r.ink)
		fillRect(dst, image.Rect(x0, y1-t, x1, y1), r.ink)
		fillRect(dst, image.Rect(x0, y0, x0+t, y1), r.ink)
		fillRect(dst, image.Rect(x1-t, y0, x1, y1), r.ink)
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
			Dst:  target(t.rot),
			Src:  image.NewUniform(t.ink),
			Face: f,
			Dot:  fixed.P(px(x), px(t.baseline)),
		}
		d.DrawString(t.text)
	}
	if layer != nil {
		// Anticlockwise on the page: y grows downwards.
		a := turn.angle * math.Pi / 180
		cos, sin := math.Cos(a), math.Sin(a)
		cx, cy := turn.cx*ppp, turn.cy*ppp
		m := f64.Aff3{
			cos, sin, cx - cos*cx - sin*cy,
			-sin, cos, cy + sin*cx - cos*cy,
		}
		xdraw.BiLinear.Transform(img, m, layer, layer.Bounds(), xdraw.Over, nil)
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
