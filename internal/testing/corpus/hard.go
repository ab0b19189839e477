package corpus

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"
	"math/rand/v2"

	xdraw "golang.org/x/image/draw"
)

// Hard photos (issue 18): the phone photos that cost a reader most time,
// each made from the page the way it goes wrong for patients. Generate
// makes them only when Options.Conditions names them; `make eval` does not.
const (
	// ConditionLowLight is a 1500x2000 photo in a dim room: under-exposed
	// under warm lamp light, high-ISO noise, a little camera shake, and the
	// lamp's glare spot washing out part of the page. JPEG quality 80.
	ConditionLowLight = "low-light"
	// ConditionPhoto12MP is a 12-megapixel phone photo (4032x3024 or
	// 3024x4032) of the page filling most of the frame: perspective,
	// uneven light, mild noise, saved at the highest JPEG quality that
	// keeps it under the 4 MB upload limit.
	ConditionPhoto12MP = "photo-12mp"
	// ConditionCrumpled is a photo of a page crumpled and smoothed out by
	// hand: text lines bent at the creases, facets lit differently, the
	// creases themselves as bright and dark lines.
	ConditionCrumpled = "crumpled"
	// ConditionScreen is a photo of the document shown on a computer
	// screen: the screen's pixel grid and RGB stripes (moiré against the
	// camera's pixels), the dark bezel around it, a cold cast and the
	// reflection of a window across the glass.
	ConditionScreen = "screen-photo"
	// ConditionSmall600 is a phone photo sent at 600 pixels on its long
	// side (a messaging app's reduced copy). JPEG quality 80.
	ConditionSmall600 = "photo-600px"
)

// HardConditions lists the hard photos, in report order.
var HardConditions = []string{ConditionLowLight, ConditionPhoto12MP, ConditionCrumpled, ConditionScreen, ConditionSmall600}

// uploadLimit is the largest evidence file the service takes by default
// (EVIDENCE_FILE_LIMIT_BYTES), less a margin for the multipart envelope.
const uploadLimit = 3_950_000

// renderHard draws p in one of HardConditions.
func renderHard(p page, condition string, r *rand.Rand) (string, []byte, error) {
	switch condition {
	case ConditionLowLight:
		img, err := lowLight(p, r)
		if err != nil {
			return "", nil, err
		}
		b, err := encodeJPEG(img, 80)
		return FormatJPEG, b, err
	case ConditionPhoto12MP:
		img, err := photo12MP(p, r)
		if err != nil {
			return "", nil, err
		}
		b, err := encodeUnder(img, 92, uploadLimit)
		return FormatJPEG, b, err
	case ConditionCrumpled:
		img, err := crumpled(p, r)
		if err != nil {
			return "", nil, err
		}
		b, err := encodeJPEG(img, 85)
		return FormatJPEG, b, err
	case ConditionScreen:
		img, err := screenPhoto(p, r)
		if err != nil {
			return "", nil, err
		}
		b, err := encodeJPEG(img, 85)
		return FormatJPEG, b, err
	case ConditionSmall600:
		img, err := small600(p, r)
		if err != nil {
			return "", nil, err
		}
		b, err := encodeJPEG(img, 80)
		return FormatJPEG, b, err
	}
	return "", nil, fmt.Errorf("unknown condition %q", condition)
}

// encodeUnder is img as a JPEG at quality, or the highest quality below
// it (not under 50) whose file is at most limit bytes.
func encodeUnder(img image.Image, quality, limit int) ([]byte, error) {
	var buf bytes.Buffer
	for ; ; quality -= 2 {
		buf.Reset()
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
			return nil, fmt.Errorf("encode jpeg: %w", err)
		}
		if buf.Len() <= limit || quality <= 50 {
			return buf.Bytes(), nil
		}
	}
}

// frameFor is a camera frame of about pixels pixels with the aspect a
// phone gives (4:3), turned to match the page's: portrait for a page
// taller than wide.
func frameFor(p page, long int) image.Point {
	short := long * 3 / 4
	if p.layout().height > p.width {
		return image.Pt(short, long)
	}
	return image.Pt(long, short)
}

// placement is where the page's corners land in a frame: the page fills
// about fill of the frame's shorter fit, centred with a little play, in
// perspective (the top edge further away than the bottom).
func placement(page, frame image.Point, fill float64, r *rand.Rand) [4][2]float64 {
	pw, ph := float64(page.X), float64(page.Y)
	fw, fh := float64(frame.X), float64(frame.Y)
	s := fill * math.Min(fw/pw, fh/ph)
	w, h := pw*s, ph*s
	cx := fw/2 + (r.Float64()*2-1)*0.3*(fw-w)/2
	cy := fh/2 + (r.Float64()*2-1)*0.3*(fh-h)/2
	j := func() float64 { return (r.Float64()*2 - 1) * 0.025 * w }
	far := (0.01 + 0.03*r.Float64()) * w
	return [4][2]float64{
		{cx - w/2 + far + j(), cy - h/2 + j()},
		{cx + w/2 - far + j(), cy - h/2 + j()},
		{cx + w/2 + j(), cy + h/2 + j()},
		{cx - w/2 + j(), cy + h/2 + j()},
	}
}

// sampler gives the colour seen at (u, v) in the source's coordinates and
// whether the point lies on the source at all.
type sampler func(u, v float64) (rgb [3]float64, ok bool)

// bilinearSampler samples src bilinearly.
func bilinearSampler(src *image.RGBA) sampler {
	sw, sh := float64(src.Rect.Dx()), float64(src.Rect.Dy())
	return func(u, v float64) ([3]float64, bool) {
		if u < 0 || v < 0 || u >= sw-1 || v >= sh-1 {
			return [3]float64{}, false
		}
		x0, y0 := int(u), int(v)
		ax, ay := u-float64(x0), v-float64(y0)
		i00 := y0*src.Stride + x0*4
		i10, i01 := i00+4, i00+src.Stride
		i11 := i01 + 4
		var c [3]float64
		for k := range 3 {
			top := float64(src.Pix[i00+k])*(1-ax) + float64(src.Pix[i10+k])*ax
			bot := float64(src.Pix[i01+k])*(1-ax) + float64(src.Pix[i11+k])*ax
			c[k] = top*(1-ay) + bot*ay
		}
		return c, true
	}
}

// shoot photographs a source of size src (in its own coordinates, as
// sample reads them) into a frame, its corners landing at corners, on
// background; each frame pixel averages n x n samples (n >= 1).
func shoot(src image.Point, sample sampler, frame image.Point, corners [4][2]float64, background color.RGBA, n int) *image.RGBA {
	sw, sh := float64(src.X), float64(src.Y)
	inv, ok := invert3(homography([4][2]float64{{0, 0}, {sw, 0}, {sw, sh}, {0, sh}}, corners))
	if !ok {
		inv = [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
	}
	out := image.NewRGBA(image.Rect(0, 0, frame.X, frame.Y))
	bg := [3]float64{float64(background.R), float64(background.G), float64(background.B)}
	for y := range frame.Y {
		for x := range frame.X {
			var sum [3]float64
			for sy := range n {
				for sx := range n {
					fx := float64(x) + (float64(sx)+0.5)/float64(n)
					fy := float64(y) + (float64(sy)+0.5)/float64(n)
					d := inv[6]*fx + inv[7]*fy + inv[8]
					u := (inv[0]*fx + inv[1]*fy + inv[2]) / d
					v := (inv[3]*fx + inv[4]*fy + inv[5]) / d
					c, on := sample(u, v)
					if !on {
						c = bg
					}
					for k := range 3 {
						sum[k] += c[k]
					}
				}
			}
			i := y*out.Stride + x*4
			for k := range 3 {
				out.Pix[i+k] = uint8(min(255, max(0, sum[k]/float64(n*n)+0.5)))
			}
			out.Pix[i+3] = 255
		}
	}
	return out
}

// pageIn renders p at the size it will have in frame (so that text is as
// sharp as a camera records it) and returns it with its corners there.
func pageIn(p page, frame image.Point, fill float64, r *rand.Rand) (*image.RGBA, [4][2]float64, error) {
	corners := placement(image.Pt(int(p.width), int(p.layout().height)), frame, fill, r)
	// As wide as the page's near (bottom) edge in the frame.
	src, err := renderImage(p, math.Hypot(corners[2][0]-corners[3][0], corners[2][1]-corners[3][1])/p.width)
	return src, corners, err
}

// noise adds Gaussian noise of sigma to each channel, and luminance noise
// of lumaSigma shared by the three (high-ISO sensors show both).
func noise(img *image.RGBA, r *rand.Rand, sigma, lumaSigma float64) {
	pix := img.Pix
	for i := 0; i < len(pix); i += 4 {
		l := r.NormFloat64() * lumaSigma
		for c := range 3 {
			v := float64(pix[i+c]) + l + r.NormFloat64()*sigma
			pix[i+c] = uint8(max(0, min(255, math.Round(v))))
		}
	}
}

// lowLight: the page photographed under a dim, warm lamp, hand-held.
func lowLight(p page, r *rand.Rand) (*image.RGBA, error) {
	frame := frameFor(p, 2000)
	src, corners, err := pageIn(p, frame, 0.82+0.1*r.Float64(), r)
	if err != nil {
		return nil, err
	}
	img := shoot(src.Rect.Size(), bilinearSampler(src), frame, corners, tableColour(r), 1)
	img = shake(blur3(img), 1+r.IntN(2))
	// Exposure, a warm cast and a vignette; then the glare spot, centred on
	// the page, as the lamp reflects off glossy paper.
	exposure := 0.32 + 0.12*r.Float64()
	tint := [3]float64{1, 0.86, 0.66}
	w, h := float64(frame.X), float64(frame.Y)
	gx := (corners[0][0]+corners[2][0])/2 + (r.Float64()*2-1)*0.25*w
	gy := (corners[0][1]+corners[2][1])/2 + (r.Float64()*2-1)*0.25*h
	rx := (0.08 + 0.08*r.Float64()) * math.Min(w, h)
	ry := rx * (0.5 + 0.4*r.Float64())
	tilt := r.Float64() * math.Pi
	ct, st := math.Cos(tilt), math.Sin(tilt)
	strength := 0.8 + 0.15*r.Float64()
	for y := range frame.Y {
		for x := range frame.X {
			dx, dy := float64(x)-w/2, float64(y)-h/2
			vignette := 1 - 0.35*(dx*dx+dy*dy)/(w*w/4+h*h/4)
			ex, ey := float64(x)-gx, float64(y)-gy
			a, b := (ex*ct+ey*st)/rx, (-ex*st+ey*ct)/ry
			glare := strength * math.Exp(-(a*a + b*b))
			i := y*img.Stride + x*4
			for c := range 3 {
				v := float64(img.Pix[i+c]) * exposure * vignette * tint[c]
				v += (255 - v) * glare
				img.Pix[i+c] = uint8(min(255, v))
			}
		}
	}
	noise(img, r, 6+3*r.Float64(), 5+4*r.Float64())
	return img, nil
}

// shake smears img horizontally over n pixels either side (camera shake in
// a long exposure).
func shake(img *image.RGBA, n int) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	out := image.NewRGBA(b)
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+w*4]
		dst := out.Pix[y*out.Stride : y*out.Stride+w*4]
		for x := range w {
			for c := range 4 {
				s := 0
				for k := -n; k <= n; k++ {
					s += int(row[min(max(x+k, 0), w-1)*4+c])
				}
				dst[x*4+c] = uint8(s / (2*n + 1))
			}
		}
	}
	return out
}

// photo12MP: the page filling most of a 12-megapixel frame, as a phone
// saves it.
func photo12MP(p page, r *rand.Rand) (*image.RGBA, error) {
	frame := frameFor(p, 4032)
	src, corners, err := pageIn(p, frame, 0.8+0.12*r.Float64(), r)
	if err != nil {
		return nil, err
	}
	img := shoot(src.Rect.Size(), bilinearSampler(src), frame, corners, tableColour(r), 1)
	img = blur3(img)
	light(img, r, 0.12+0.1*r.Float64())
	// Phones denoise before saving: what is left is fine grain.
	noise(img, r, 1.5, 1.5+r.Float64())
	return img, nil
}

// crumpled: a page crumpled into a ball and smoothed out on the table.
// Each crease is a line across part of the page where the paper's slope
// changes: text beyond it is pushed aside by a pixel or a few, the facet
// on one side catches more light than the other, and the fold itself is a
// thin bright or dark line.
func crumpled(p page, r *rand.Rand) (*image.RGBA, error) {
	frame := frameFor(p, 2000)
	src, corners, err := pageIn(p, frame, 0.8+0.1*r.Float64(), r)
	if err != nil {
		return nil, err
	}
	sw, sh := float64(src.Rect.Dx()), float64(src.Rect.Dy())
	type crease struct {
		nx, ny, off    float64 // the line: nx*u + ny*v = off
		tx, ty, t0, t1 float64 // along it: from t0 to t1
		push, lit      float64
	}
	creases := make([]crease, 14+r.IntN(10))
	for i := range creases {
		a := r.Float64() * math.Pi
		nx, ny := math.Cos(a), math.Sin(a)
		px, py := sw*r.Float64(), sh*r.Float64()
		length := (0.3 + 0.6*r.Float64()) * math.Hypot(sw, sh)
		t := -ny*px + nx*py
		creases[i] = crease{
			nx: nx, ny: ny, off: nx*px + ny*py,
			tx: -ny, ty: nx, t0: t - length/2, t1: t + length/2,
			push: (r.Float64()*2 - 1) * 0.0012 * sw,
			lit:  (r.Float64()*2 - 1) * 0.07,
		}
	}
	sharp := 0.004 * sw // how soft a crease is
	base := bilinearSampler(src)
	sample := func(u, v float64) ([3]float64, bool) {
		du, dv, shade, line := 0.0, 0.0, 1.0, 0.0
		for _, c := range creases {
			t := c.tx*u + c.ty*v
			// Fade out over the crease's last tenth at either end.
			fade := min(1, max(0, (t-c.t0)/(0.1*(c.t1-c.t0))), max(0, (c.t1-t)/(0.1*(c.t1-c.t0))))
			if fade == 0 {
				continue
			}
			d := c.nx*u + c.ny*v - c.off
			s := math.Tanh(d / sharp)
			du += c.push * s * c.nx * fade
			dv += c.push * s * c.ny * fade
			shade += c.lit * s * fade
			line += math.Copysign(0.18, c.lit) * math.Exp(-d*d/(sharp*sharp)) * fade
		}
		col, ok := base(u+du, v+dv)
		f := min(1.15, max(0.65, shade)) + line
		for k := range col {
			col[k] *= f
		}
		return col, ok
	}
	img := shoot(src.Rect.Size(), sample, frame, corners, tableColour(r), 1)
	img = blur3(img)
	light(img, r, 0.12+0.12*r.Float64())
	noise(img, r, 3+2*r.Float64(), 2+2*r.Float64())
	return img, nil
}

// screenPhoto: the document open on a laptop screen, photographed.
func screenPhoto(p page, r *rand.Rand) (*image.RGBA, error) {
	// On screen the page is drawn at about 96 dpi, at 100-125% zoom, in a
	// grey window; the camera sees each screen pixel as 2-3 of its own.
	zoom := 1.0 + 0.25*r.Float64()
	page, err := renderImage(p, 96.0/72*zoom)
	if err != nil {
		return nil, err
	}
	pw, ph := page.Rect.Dx(), page.Rect.Dy()
	sw, sh := max(pw+160, ph*4/3), ph+120 // the screen: a window around the page
	screen := image.NewRGBA(image.Rect(0, 0, sw, sh))
	draw.Draw(screen, screen.Bounds(), image.NewUniform(color.RGBA{R: 222, G: 224, B: 228, A: 255}), image.Point{}, draw.Src)
	draw.Draw(screen, image.Rect(0, 0, sw, 40), image.NewUniform(color.RGBA{R: 60, G: 64, B: 72, A: 255}), image.Point{}, draw.Src)
	at := image.Pt((sw-pw)/2, 40+(sh-40-ph)/2)
	draw.Draw(screen, page.Rect.Add(at), page, image.Point{}, draw.Src)

	frame := image.Pt(2000, 1500)
	corners := placement(image.Pt(sw, sh), frame, 0.78+0.12*r.Float64(), r)
	// The screen's pixels: three vertical stripes, red, green and blue,
	// with a dark gap between pixel rows; the lens softens them, so only
	// part of that pattern (depth) reaches the sensor, beating against its
	// pixels as moiré. The glass glows bluish.
	gap := 0.18 + 0.1*r.Float64()
	depth := 0.25 + 0.15*r.Float64()
	glow := [3]float64{0.9, 0.97, 1.06}
	pix := func(u, v float64) ([3]float64, bool) {
		if u < 0 || v < 0 || u >= float64(sw) || v >= float64(sh) {
			return [3]float64{}, false
		}
		x, y := int(u), int(v)
		fu, fv := u-float64(x), v-float64(y)
		i := y*screen.Stride + x*4
		lit := min(2, int(fu*3))
		var c [3]float64
		for k := range c {
			m := 0.0
			if k == lit && fv < 1-gap {
				m = 3 / (1 - gap)
			}
			c[k] = float64(screen.Pix[i+k]) * glow[k] * 0.85 * (1 - depth + depth*m)
		}
		return c, true
	}
	bezel := 0.03 * float64(sw) // in screen pixels; twice that below the screen
	sample := func(u, v float64) ([3]float64, bool) {
		if c, ok := pix(u, v); ok {
			return c, true
		}
		if u > -bezel && v > -bezel && u < float64(sw)+bezel && v < float64(sh)+2*bezel {
			return [3]float64{18, 18, 20}, true
		}
		return [3]float64{}, false
	}
	img := shoot(image.Pt(sw, sh), sample, frame, corners, color.RGBA{R: 120, G: 110, B: 100, A: 255}, 3)
	img = blur3(img)
	// A window's reflection: a soft bright band across the glass.
	a := r.Float64() * math.Pi
	nx, ny := math.Cos(a), math.Sin(a)
	off := (r.Float64()*2 - 1) * 0.3 * float64(frame.X)
	width := (0.08 + 0.1*r.Float64()) * float64(frame.X)
	for y := range frame.Y {
		for x := range frame.X {
			d := (float64(x)-float64(frame.X)/2)*nx + (float64(y)-float64(frame.Y)/2)*ny - off
			add := 40 * math.Exp(-d*d/(width*width))
			i := y*img.Stride + x*4
			for c := range 3 {
				img.Pix[i+c] = uint8(min(255, float64(img.Pix[i+c])+add))
			}
		}
	}
	noise(img, r, 3, 3+2*r.Float64())
	return img, nil
}

// small600: a phone photo of the page, reduced to 600 pixels on its long
// side.
func small600(p page, r *rand.Rand) (*image.RGBA, error) {
	frame := frameFor(p, 1600)
	src, corners, err := pageIn(p, frame, 0.82+0.1*r.Float64(), r)
	if err != nil {
		return nil, err
	}
	img := shoot(src.Rect.Size(), bilinearSampler(src), frame, corners, tableColour(r), 1)
	img = blur3(img)
	light(img, r, 0.12+0.12*r.Float64())
	shadow(img, r)
	noise(img, r, 3, 3+2*r.Float64())
	long := 600
	w, h := long, long*frame.Y/frame.X
	if frame.Y > frame.X {
		w, h = long*frame.X/frame.Y, long
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(out, out.Bounds(), img, img.Bounds(), xdraw.Src, nil)
	return out, nil
}
