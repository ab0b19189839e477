package tesseract

import (
	"image"
	"math"

	"github.com/clinicplatform/intake/internal/evidence"
)

// Until readPage places them on the page, the boxes of the words a reading
// holds (evidence.Word.Box) are in the pixels of the image read: pixelBox
// makes one, and the readings of a crop or a levelled block are moved into
// the pixels of the image they came from (withReread, readAgain).

// pixelBox is r as a box in pixels.
func pixelBox(r image.Rectangle) evidence.Box {
	if r.Empty() {
		return evidence.Box{}
	}
	return evidence.Box{Left: float64(r.Min.X), Top: float64(r.Min.Y), Width: float64(r.Dx()), Height: float64(r.Dy())}
}

// frame is how an image read lies on the page as readPage turned it
// upright: turned half a turn more (half), and levelled by levelled
// degrees about its centre (imageprep.Rotate) after any scaling, which
// leaves fractions of the page where they were.
type frame struct {
	half     bool
	levelled float64
}

// turned is f half a turn more.
func (f frame) turned() frame { return frame{half: !f.half, levelled: f.levelled} }

// placeLines places the words of lines, in the pixels of an image of size
// read in frame f, on the page the image shows, turned upright as f says:
// in fractions of its width and height from its top-left corner. Each
// line's box is the union of its words'.
func placeLines(lines []evidence.Line, size image.Point, f frame) []evidence.Line {
	unlevel := levelledBack(size, f.levelled)
	for i := range lines {
		l := &lines[i]
		l.Box = evidence.Box{}
		words := make([]evidence.Word, len(l.Words))
		for k, w := range l.Words {
			if !w.Box.IsZero() {
				w.Box = fractionOf(unlevel(w.Box), size)
			}
			words[k] = w
			l.Box = l.Box.Union(w.Box)
		}
		l.Words = words
	}
	return lines
}

// levelledBack maps a box in the pixels of an image levelled by degrees
// (imageprep.Rotate(img, degrees), which keeps the image's size) back to
// the pixels of img: the box around its corners turned back.
func levelledBack(size image.Point, degrees float64) func(evidence.Box) evidence.Box {
	if degrees == 0 {
		return func(b evidence.Box) evidence.Box { return b }
	}
	sin, cos := math.Sincos(degrees * math.Pi / 180)
	cx, cy := float64(size.X-1)/2, float64(size.Y-1)/2
	return func(b evidence.Box) evidence.Box {
		left, top, right, bottom := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range [4][2]float64{{b.Left, b.Top}, {b.Left + b.Width, b.Top}, {b.Left, b.Top + b.Height}, {b.Left + b.Width, b.Top + b.Height}} {
			// As imageprep.Rotate finds the source of a pixel.
			dx, dy := p[0]-cx, p[1]-cy
			x, y := cos*dx+sin*dy+cx, -sin*dx+cos*dy+cy
			left, right = min(left, x), max(right, x)
			top, bottom = min(top, y), max(bottom, y)
		}
		return evidence.Box{Left: left, Top: top, Width: right - left, Height: bottom - top}
	}
}

// fractionOf is b, in the pixels of an image of size, in fractions of the
// image, clipped to it.
func fractionOf(b evidence.Box, size image.Point) evidence.Box {
	w, h := float64(max(size.X, 1)), float64(max(size.Y, 1))
	l, t := min(max(b.Left/w, 0), 1), min(max(b.Top/h, 0), 1)
	r, btm := min(max((b.Left+b.Width)/w, l), 1), min(max((b.Top+b.Height)/h, t), 1)
	return evidence.Box{Left: l, Top: t, Width: r - l, Height: btm - t}
}

// blockLines are the lines read from a block of an image, cropped at
// crop and levelled by degrees, with their words' boxes moved into the
// image's pixels.
func blockLines(lines []evidence.Line, crop image.Rectangle, degrees float64) []evidence.Line {
	back := levelledBack(crop.Size(), degrees)
	for i := range lines {
		words := make([]evidence.Word, len(lines[i].Words))
		for k, w := range lines[i].Words {
			if !w.Box.IsZero() {
				b := back(w.Box)
				b.Left, b.Top = b.Left+float64(crop.Min.X), b.Top+float64(crop.Min.Y)
				w.Box = b
			}
			words[k] = w
		}
		lines[i].Words = words
	}
	return lines
}

// uncrop places lines placed on a crop of an image of size (in fractions
// of the crop, turned upright by turns quarter turns clockwise) on the
// whole image, turned the same way.
func uncrop(lines []evidence.Line, crop image.Rectangle, size image.Point, turns int) []evidence.Line {
	c := fractionOf(pixelBox(crop), size)
	for range turns {
		c = evidence.Box{Left: 1 - c.Top - c.Height, Top: c.Left, Width: c.Height, Height: c.Width}
	}
	in := func(b evidence.Box) evidence.Box {
		if b.IsZero() {
			return b
		}
		return evidence.Box{Left: c.Left + b.Left*c.Width, Top: c.Top + b.Top*c.Height, Width: b.Width * c.Width, Height: b.Height * c.Height}
	}
	for i := range lines {
		l := &lines[i]
		l.Box = in(l.Box)
		for k := range l.Words {
			l.Words[k].Box = in(l.Words[k].Box)
		}
	}
	return lines
}
