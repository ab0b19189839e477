package corpus

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"
	"math/rand/v2"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// Conditions: how a document reaches the service.
const (
	// ConditionPDF is the document as a PDF with a text layer.
	ConditionPDF = "pdf"
	// ConditionClean is an upright, clean 288 dpi scan (PNG).
	ConditionClean = "clean"
	// ConditionRotated90 and its kin are the clean scan with its pixels
	// turned clockwise by 90, 180 or 270 degrees (PNG, no orientation tag).
	ConditionRotated90  = "rotated-90"
	ConditionRotated180 = "rotated-180"
	ConditionRotated270 = "rotated-270"
	// ConditionEXIF6 and its kin are phone photos (JPEG) whose pixels are
	// stored turned, with the EXIF Orientation tag (6, 8 or 3) that tells a
	// viewer how to show them upright.
	ConditionEXIF6 = "exif-6"
	ConditionEXIF8 = "exif-8"
	ConditionEXIF3 = "exif-3"
	// ConditionTIFFOrientation is a grey scan stored turned in a TIFF with
	// its Orientation tag (6, 8 or 3).
	ConditionTIFFOrientation = "tiff-orientation"
	// ConditionPhonePhoto is a phone photo of the paper on a table:
	// perspective, uneven light, a shadow across the page, JPEG quality 60.
	ConditionPhonePhoto = "phone-photo"
	// ConditionFlatbed is a flatbed scan: slight skew (1-3 degrees), noise.
	ConditionFlatbed = "flatbed"
	// ConditionSmallPrint is the page printed small (body text at 6-8 pt)
	// and scanned at 200 dpi.
	ConditionSmallPrint = "small-print"
	// ConditionSevere is a copy a person can still read and OCR may not:
	// folds, ink bleed, about 100 dpi, blur, JPEG quality 60.
	ConditionSevere = "severe"
	// ConditionScannedPDF is an image-only PDF of the pages' scans (one
	// page, or several for a multi-page document).
	ConditionScannedPDF = "scanned-pdf"
)

// ConditionMildPhoto is the corpus's photo before issue 9 (a slight turn,
// uneven light, JPEG quality 60), kept for benchmarks that compare with
// figures taken then; Generate does not use it.
const ConditionMildPhoto = "mild-photo"

// Conditions lists every condition, in report order.
var Conditions = []string{
	ConditionPDF, ConditionClean,
	ConditionRotated90, ConditionRotated180, ConditionRotated270,
	ConditionEXIF6, ConditionEXIF8, ConditionEXIF3, ConditionTIFFOrientation,
	ConditionPhonePhoto, ConditionFlatbed, ConditionSmallPrint, ConditionSevere,
	ConditionScannedPDF,
}

// conditionsOf lists the conditions a layout is generated in: a multi-page
// document is a PDF (with a text layer or scanned); unrelated documents
// appear in a few conditions, enough to catch a false accept.
func conditionsOf(layout string) []string {
	switch {
	case layout == LayoutMultiPage:
		return []string{ConditionPDF, ConditionScannedPDF}
	case unrelated(layout):
		return []string{ConditionPDF, ConditionClean, ConditionRotated90, ConditionEXIF6, ConditionPhonePhoto, ConditionSevere}
	}
	return Conditions
}

// hardConditionsOf lists the hard photos a layout can be generated in when
// they are asked for: every single-page layout.
func hardConditionsOf(layout string) []string {
	if layout == LayoutMultiPage {
		return nil
	}
	return HardConditions
}

// render draws the pages in a condition and returns the file's format and
// bytes. Image conditions draw the first page only; a multi-page document
// is generated as a PDF.
func render(pages []page, condition string, r *rand.Rand) (string, []byte, error) {
	if condition == ConditionPDF {
		b, err := renderPDF(pages)
		return FormatPDF, b, err
	}
	if len(pages) > 1 && condition != ConditionScannedPDF {
		return "", nil, fmt.Errorf("condition %s: a multi-page document is a PDF", condition)
	}
	p := pages[0]
	switch condition {
	case ConditionClean, ConditionRotated90, ConditionRotated180, ConditionRotated270:
		img, err := renderImage(p, pixelsPerPoint)
		if err != nil {
			return "", nil, err
		}
		turns := map[string]int{ConditionRotated90: 1, ConditionRotated180: 2, ConditionRotated270: 3}[condition]
		b, err := encodePNG(rotateClockwise(img, turns))
		return FormatPNG, b, err
	case ConditionEXIF6, ConditionEXIF8, ConditionEXIF3:
		img, err := renderImage(p, pixelsPerPoint)
		if err != nil {
			return "", nil, err
		}
		orientation := map[string]uint16{ConditionEXIF6: 6, ConditionEXIF8: 8, ConditionEXIF3: 3}[condition]
		stored := rotateClockwise(photograph(img, r), storedTurns(orientation))
		b, err := encodeJPEG(stored, 60)
		if err != nil {
			return "", nil, err
		}
		b, err = withEXIFOrientation(b, orientation)
		return FormatJPEG, b, err
	case ConditionTIFFOrientation:
		img, err := renderImage(p, 300.0/72)
		if err != nil {
			return "", nil, err
		}
		orientation := pick(r, []uint16{6, 8, 3})
		grey := toGray(rotateClockwise(img, storedTurns(orientation)))
		return FormatTIFF, encodeTIFF(grey, orientation, 300), nil
	case ConditionMildPhoto:
		img, err := renderImage(p, pixelsPerPoint)
		if err != nil {
			return "", nil, err
		}
		b, err := encodeJPEG(photograph(img, r), 60)
		return FormatJPEG, b, err
	case ConditionPhonePhoto:
		img, err := renderImage(p, 2.8+0.8*r.Float64())
		if err != nil {
			return "", nil, err
		}
		b, err := encodeJPEG(phonePhoto(img, r), 60)
		return FormatJPEG, b, err
	case ConditionFlatbed:
		img, err := renderImage(p, 300.0/72)
		if err != nil {
			return "", nil, err
		}
		b, err := encodePNG(toGray(flatbed(img, r)))
		return FormatPNG, b, err
	case ConditionSmallPrint:
		// Body text at 6-8 pt, scanned at 200 dpi.
		size := 6 + 2*r.Float64()
		img, err := renderImage(p, 200.0/72*size/p.bodySize())
		if err != nil {
			return "", nil, err
		}
		b, err := encodeJPEG(addNoise(blur3(img), r, 3), 80)
		return FormatJPEG, b, err
	case ConditionSevere:
		img, err := severe(p, r)
		if err != nil {
			return "", nil, err
		}
		b, err := encodeJPEG(img, 60)
		return FormatJPEG, b, err
	case ConditionScannedPDF:
		var scans []image.Image
		var widths []float64
		for _, pg := range pages {
			img, err := renderImage(pg, 200.0/72)
			if err != nil {
				return "", nil, err
			}
			scans = append(scans, toGray(flatbedSkew(img, r, 0.3+0.7*r.Float64())))
			widths = append(widths, pg.width)
		}
		b, err := scannedPDF(scans, widths)
		return FormatPDF, b, err
	}
	return renderHard(p, condition, r)
}

// storedTurns is how many clockwise quarter turns of the upright image a
// file with this EXIF/TIFF orientation stores: a viewer honouring the tag
// turns it back.
func storedTurns(orientation uint16) int {
	switch orientation {
	case 6: // shown turned 90 degrees clockwise: stored anticlockwise
		return 3
	case 8: // shown turned 90 degrees anticlockwise: stored clockwise
		return 1
	case 3:
		return 2
	}
	return 0
}

// rotateClockwise turns img by quarter turns clockwise.
func rotateClockwise(img *image.RGBA, turns int) *image.RGBA {
	turns = ((turns % 4) + 4) % 4
	if turns == 0 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if turns%2 == 1 {
		dw, dh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var dx, dy int
			switch turns {
			case 1:
				dx, dy = h-1-y, x
			case 2:
				dx, dy = w-1-x, h-1-y
			case 3:
				dx, dy = y, w-1-x
			}
			si := y*img.Stride + x*4
			di := dy*out.Stride + dx*4
			copy(out.Pix[di:di+4], img.Pix[si:si+4])
		}
	}
	return out
}

func encodeJPEG(img image.Image, quality int) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, fmt.Errorf("encode jpeg: %w", err)
	}
	return buf.Bytes(), nil
}

// withEXIFOrientation inserts an APP1 Exif segment holding only the
// Orientation tag right after the JPEG's start-of-image marker.
func withEXIFOrientation(jpg []byte, orientation uint16) ([]byte, error) {
	if len(jpg) < 2 || jpg[0] != 0xFF || jpg[1] != 0xD8 {
		return nil, fmt.Errorf("add exif: not a JPEG")
	}
	var tiff bytes.Buffer
	be := binary.BigEndian
	tiff.WriteString("MM\x00\x2a")
	binary.Write(&tiff, be, uint32(8)) // first IFD
	binary.Write(&tiff, be, uint16(1)) // one entry
	binary.Write(&tiff, be, uint16(0x0112))
	binary.Write(&tiff, be, uint16(3)) // SHORT
	binary.Write(&tiff, be, uint32(1))
	binary.Write(&tiff, be, orientation)
	binary.Write(&tiff, be, uint16(0)) // value padding
	binary.Write(&tiff, be, uint32(0)) // no next IFD
	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	be.PutUint16(seg[2:], uint16(2+len(payload)))
	seg = append(seg, payload...)
	out := make([]byte, 0, len(jpg)+len(seg))
	out = append(out, jpg[:2]...)
	out = append(out, seg...)
	return append(out, jpg[2:]...), nil
}

// encodeTIFF writes an uncompressed 8-bit grey TIFF with an Orientation
// tag and a resolution in dpi (golang.org/x/image/tiff writes no
// orientation).
func encodeTIFF(img *image.Gray, orientation uint16, dpi uint32) []byte {
	b := img.Bounds()
	w, h := uint32(b.Dx()), uint32(b.Dy())
	le := binary.LittleEndian
	const entries = 13
	ifdEnd := 8 + 2 + entries*12 + 4
	xres, yres := uint32(ifdEnd), uint32(ifdEnd+8)
	data := uint32(ifdEnd + 16)
	var buf bytes.Buffer
	buf.WriteString("II\x2a\x00")
	binary.Write(&buf, le, uint32(8))
	binary.Write(&buf, le, uint16(entries))
	entry := func(tag, typ uint16, value uint32) {
		binary.Write(&buf, le, tag)
		binary.Write(&buf, le, typ)
		binary.Write(&buf, le, uint32(1))
		if typ == 3 { // SHORT, left-justified in the value field
			binary.Write(&buf, le, uint16(value))
			binary.Write(&buf, le, uint16(0))
			return
		}
		binary.Write(&buf, le, value)
	}
	entry(256, 4, w)    // ImageWidth
	entry(257, 4, h)    // ImageLength
	entry(258, 3, 8)    // BitsPerSample
	entry(259, 3, 1)    // Compression: none
	entry(262, 3, 1)    // Photometric: black is zero
	entry(273, 4, data) // StripOffsets
	entry(274, 3, uint32(orientation))
	entry(277, 3, 1)    // SamplesPerPixel
	entry(278, 4, h)    // RowsPerStrip
	entry(279, 4, w*h)  // StripByteCounts
	entry(282, 5, xres) // XResolution
	entry(283, 5, yres) // YResolution
	entry(296, 3, 2)    // ResolutionUnit: inch
	binary.Write(&buf, le, uint32(0))
	for range 2 {
		binary.Write(&buf, le, dpi)
		binary.Write(&buf, le, uint32(1))
	}
	for y := 0; y < int(h); y++ {
		buf.Write(img.Pix[y*img.Stride : y*img.Stride+int(w)])
	}
	return buf.Bytes()
}

func toGray(img *image.RGBA) *image.Gray {
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
	return g
}

// photograph turns a clean scan into a mild phone photo of the paper on a
// table: a slight rotation, a little smaller, uneven light, a warm cast,
// mild blur and sensor noise.
func photograph(src *image.RGBA, r *rand.Rand) *image.RGBA {
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
	draw.Draw(dst, dst.Bounds(), image.NewUniform(tableColour(r)), image.Point{}, draw.Src)

	cos, sin := math.Cos(angle)*scale, math.Sin(angle)*scale
	csx, csy := float64(sb.Dx())/2, float64(sb.Dy())/2
	cdx, cdy := float64(dw)/2, float64(dh)/2
	m := f64.Aff3{
		cos, -sin, cdx - (cos*csx - sin*csy),
		sin, cos, cdy - (sin*csx + cos*csy),
	}
	xdraw.ApproxBiLinear.Transform(dst, m, src, sb, xdraw.Over, nil)
	out := blur3(dst)
	light(out, r, 0.18+0.12*r.Float64())
	return addNoise(out, r, 5+4*r.Float64())
}

func tableColour(r *rand.Rand) color.RGBA {
	return color.RGBA{R: uint8(70 + r.IntN(40)), G: uint8(60 + r.IntN(30)), B: uint8(50 + r.IntN(20)), A: 255}
}

// light darkens the image along a random direction and towards the
// corners, with a warm cast.
func light(img *image.RGBA, r *rand.Rand, span float64) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dir := r.Float64() * 2 * math.Pi
	dx, dy := math.Cos(dir), math.Sin(dir)
	diag := math.Hypot(float64(w), float64(h)) / 2
	cx, cy := float64(w)/2, float64(h)/2
	tint := [3]float64{1, 0.97, 0.9}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			rx, ry := (float64(x)-cx)/diag, (float64(y)-cy)/diag
			l := 0.97 - span*(0.5+0.5*(rx*dx+ry*dy)) - 0.08*(rx*rx+ry*ry)
			i := y*img.Stride + x*4
			for c := 0; c < 3; c++ {
				img.Pix[i+c] = uint8(max(0, min(255, math.Round(float64(img.Pix[i+c])*l*tint[c]))))
			}
		}
	}
}

// addNoise adds grey Gaussian noise of the given sigma.
func addNoise(img *image.RGBA, r *rand.Rand, sigma float64) *image.RGBA {
	pix := img.Pix
	for i := 0; i < len(pix); i += 4 {
		for c := 0; c < 3; c++ {
			v := float64(pix[i+c]) + r.NormFloat64()*sigma
			pix[i+c] = uint8(max(0, min(255, math.Round(v))))
		}
	}
	return img
}

// phonePhoto is a phone photo of the paper taken at an angle: the page's
// corners land off square (perspective), light falls off unevenly, the
// phone or a hand casts a shadow across part of the page, the lens softens
// and the sensor adds noise.
func phonePhoto(src *image.RGBA, r *rand.Rand) *image.RGBA {
	sb := src.Bounds()
	sw, sh := float64(sb.Dx()), float64(sb.Dy())
	pad := 0.07 * sw
	dw, dh := int(sw+2*pad), int(sh+2*pad)
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(tableColour(r)), image.Point{}, draw.Src)

	// Where the page's corners land: each moves inwards or outwards by up
	// to 6% of the width, so the far edge looks shorter than the near one.
	j := func() float64 { return (r.Float64()*2 - 1) * 0.06 * sw }
	far := 0.03 * sw * r.Float64() // the top edge is further away
	corners := [4][2]float64{
		{pad + far + j(), pad + j()},
		{pad + sw - far + j(), pad + j()},
		{pad + sw + j(), pad + sh + j()},
		{pad + j(), pad + sh + j()},
	}
	h := homography([4][2]float64{{float64(dw) * 0, 0}, {sw, 0}, {sw, sh}, {0, sh}}, corners)
	inv, ok := invert3(h)
	if !ok {
		inv = [9]float64{1, 0, -pad, 0, 1, -pad, 0, 0, 1}
	}
	for y := 0; y < dh; y++ {
		for x := 0; x < dw; x++ {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			d := inv[6]*fx + inv[7]*fy + inv[8]
			u := (inv[0]*fx + inv[1]*fy + inv[2]) / d
			v := (inv[3]*fx + inv[4]*fy + inv[5]) / d
			if u < 0 || v < 0 || u >= sw-1 || v >= sh-1 {
				continue
			}
			bilinear(dst, x, y, src, u, v)
		}
	}
	out := blur3(dst)
	light(out, r, 0.15+0.12*r.Float64())
	shadow(out, r)
	return addNoise(out, r, 4+4*r.Float64())
}

// bilinear samples src at (u, v) into dst's pixel (x, y).
func bilinear(dst *image.RGBA, x, y int, src *image.RGBA, u, v float64) {
	x0, y0 := int(u), int(v)
	ax, ay := u-float64(x0), v-float64(y0)
	i00 := y0*src.Stride + x0*4
	i10 := i00 + 4
	i01 := i00 + src.Stride
	i11 := i01 + 4
	di := y*dst.Stride + x*4
	for c := 0; c < 3; c++ {
		top := float64(src.Pix[i00+c])*(1-ax) + float64(src.Pix[i10+c])*ax
		bot := float64(src.Pix[i01+c])*(1-ax) + float64(src.Pix[i11+c])*ax
		dst.Pix[di+c] = uint8(top*(1-ay) + bot*ay + 0.5)
	}
	dst.Pix[di+3] = 255
}

// shadow darkens the part of the image beyond a line across it, with a
// soft edge: a phone or a hand between the lamp and the page.
func shadow(img *image.RGBA, r *rand.Rand) {
	b := img.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	a := r.Float64() * 2 * math.Pi
	nx, ny := math.Cos(a), math.Sin(a)
	// The line passes 15-35% of the way in from the image's centre.
	off := (0.15 + 0.2*r.Float64()) * math.Min(w, h) / 2
	depth := 0.55 + 0.15*r.Float64() // light left in the shadow
	soft := 0.03 * w
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			d := (float64(x)-w/2)*nx + (float64(y)-h/2)*ny - off
			t := min(1, max(0, 0.5+d/soft))
			if t == 0 {
				continue
			}
			f := 1 - (1-depth)*t
			i := y*img.Stride + x*4
			for c := 0; c < 3; c++ {
				img.Pix[i+c] = uint8(float64(img.Pix[i+c]) * f)
			}
		}
	}
}

// homography maps the four points from onto the four points to.
func homography(from, to [4][2]float64) [9]float64 {
	var a [8][9]float64
	for i := range 4 {
		x, y := from[i][0], from[i][1]
		u, v := to[i][0], to[i][1]
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	// Gauss-Jordan with partial pivoting.
	for c := range 8 {
		p := c
		for i := c + 1; i < 8; i++ {
			if math.Abs(a[i][c]) > math.Abs(a[p][c]) {
				p = i
			}
		}
		a[c], a[p] = a[p], a[c]
		for i := range 8 {
			if i == c || a[c][c] == 0 {
				continue
			}
			f := a[i][c] / a[c][c]
			for k := c; k < 9; k++ {
				a[i][k] -= f * a[c][k]
			}
		}
	}
	var h [9]float64
	for i := range 8 {
		h[i] = a[i][8] / a[i][i]
	}
	h[8] = 1
	return h
}

func invert3(m [9]float64) ([9]float64, bool) {
	det := m[0]*(m[4]*m[8]-m[5]*m[7]) - m[1]*(m[3]*m[8]-m[5]*m[6]) + m[2]*(m[3]*m[7]-m[4]*m[6])
	if math.Abs(det) < 1e-12 {
		return [9]float64{}, false
	}
	return [9]float64{
		(m[4]*m[8] - m[5]*m[7]) / det, (m[2]*m[7] - m[1]*m[8]) / det, (m[1]*m[5] - m[2]*m[4]) / det,
		(m[5]*m[6] - m[3]*m[8]) / det, (m[0]*m[8] - m[2]*m[6]) / det, (m[2]*m[3] - m[0]*m[5]) / det,
		(m[3]*m[7] - m[4]*m[6]) / det, (m[1]*m[6] - m[0]*m[7]) / det, (m[0]*m[4] - m[1]*m[3]) / det,
	}, true
}

// flatbed is a flatbed scan: the page a little skewed (1-3 degrees) on
// white, scanner noise.
func flatbed(src *image.RGBA, r *rand.Rand) *image.RGBA {
	return addNoise(flatbedSkew(src, r, 1+2*r.Float64()), r, 6+4*r.Float64())
}

// flatbedSkew turns the page by degrees (either way) on a white bed.
func flatbedSkew(src *image.RGBA, r *rand.Rand, degrees float64) *image.RGBA {
	angle := degrees * math.Pi / 180
	if r.IntN(2) == 0 {
		angle = -angle
	}
	sb := src.Bounds()
	sw, sh := float64(sb.Dx()), float64(sb.Dy())
	dw := int(sw*math.Cos(angle) + sh*math.Abs(math.Sin(angle)))
	dh := int(sh*math.Cos(angle) + sw*math.Abs(math.Sin(angle)))
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	cos, sin := math.Cos(angle), math.Sin(angle)
	cdx, cdy := float64(dw)/2, float64(dh)/2
	m := f64.Aff3{
		cos, -sin, cdx - (cos*sw/2 - sin*sh/2),
		sin, cos, cdy - (sin*sw/2 + cos*sh/2),
	}
	xdraw.BiLinear.Transform(dst, m, src, sb, xdraw.Over, nil)
	return dst
}

// severe is a poor copy a person can still read: ink bled at print
// resolution, the page folded in four (creases and a shaded panel), scanned
// at about 100 dpi, blurred.
func severe(p page, r *rand.Rand) (*image.RGBA, error) {
	// Print at 200 dpi (in body-text terms), bleed the ink, then scan down.
	hi, err := renderImage(p, 200.0/72*10/p.bodySize())
	if err != nil {
		return nil, err
	}
	bled := bleed(hi)
	dpi := 100 + 20*r.Float64()
	scale := dpi / 200
	b := bled.Bounds()
	lo := image.NewRGBA(image.Rect(0, 0, int(float64(b.Dx())*scale), int(float64(b.Dy())*scale)))
	xdraw.CatmullRom.Scale(lo, lo.Bounds(), bled, b, xdraw.Src, nil)
	foldPage(lo, r)
	out := blur3(lo)
	return addNoise(out, r, 5), nil
}

// bleed spreads dark ink into its neighbours: each pixel takes the darker
// of itself and the mean of its 3x3 neighbourhood, slightly lightened.
func bleed(src *image.RGBA) *image.RGBA {
	out := blur3(src)
	for i := 0; i < len(out.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			v := float64(out.Pix[i+c])
			// Pull greys towards the ink: feathered, thicker strokes.
			out.Pix[i+c] = uint8(math.Min(float64(src.Pix[i+c]), 255*math.Pow(v/255, 1.8)))
		}
	}
	return blur3(out)
}

// foldPage draws the creases of a page folded in half both ways: a light line
// with a dark shoulder, and one panel a little darker than the rest.
func foldPage(img *image.RGBA, r *rand.Rand) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	fx := w/2 + int((r.Float64()*2-1)*0.08*float64(w))
	fy := h/2 + int((r.Float64()*2-1)*0.08*float64(h))
	panel := r.IntN(4)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			f := 1.0
			if (x < fx) == (panel%2 == 0) && (y < fy) == (panel < 2) {
				f = 0.86
			}
			switch dx := x - fx; {
			case dx == 0:
				f *= 1.12
			case dx == 1 || dx == 2:
				f *= 0.75
			}
			switch dy := y - fy; {
			case dy == 0:
				f *= 1.12
			case dy == 1 || dy == 2:
				f *= 0.75
			}
			if f == 1 {
				continue
			}
			i := y*img.Stride + x*4
			for c := 0; c < 3; c++ {
				img.Pix[i+c] = uint8(min(255, float64(img.Pix[i+c])*f))
			}
		}
	}
}
