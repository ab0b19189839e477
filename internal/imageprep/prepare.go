package imageprep

import (
	"image"
	"math"
)

// Scale resizes g by factor: reductions average whole boxes of pixels (by
// the nearest integer factor, which also averages noise away), and
// enlargements interpolate bilinearly (for small print).
func Scale(g *image.Gray, factor float64) *image.Gray {
	if factor < 1 {
		return shrink(g, max(1, int(1/factor+0.5)))
	}
	g = compact(g)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	dw, dh := max(1, int(float64(w)*factor+0.5)), max(1, int(float64(h)*factor+0.5))
	out := image.NewGray(image.Rect(0, 0, dw, dh))
	// Source coordinates in 1/256 pixel, pixel centres aligned.
	const one = 256
	xs := make([]int, dw)
	for x := range xs {
		xs[x] = min(max(int((float64(x)+0.5)/factor*one-one/2), 0), (w-1)*one)
	}
	for y := range dh {
		sy := min(max(int((float64(y)+0.5)/factor*one-one/2), 0), (h-1)*one)
		y0, fy := sy/one, sy%one
		y1 := min(y0+1, h-1)
		r0, r1 := g.Pix[y0*w:(y0+1)*w], g.Pix[y1*w:(y1+1)*w]
		row := out.Pix[y*dw : (y+1)*dw]
		for x, sx := range xs {
			x0, fx := sx/one, sx%one
			x1 := min(x0+1, w-1)
			top := int(r0[x0])*(one-fx) + int(r0[x1])*fx
			bottom := int(r1[x0])*(one-fx) + int(r1[x1])*fx
			row[x] = uint8((top*(one-fy) + bottom*fy + one*one/2) / (one * one))
		}
	}
	return out
}

// Blur averages each pixel with its eight neighbours (edges clamp): it
// removes the sensor noise that defeats tesseract's global threshold on
// phone photos, and softens small print, so it is applied only to noisy
// images. The blur is separable: it keeps the horizontal sums of three
// source rows.
func Blur(src *image.Gray) *image.Gray {
	src = compact(src)
	w, h := src.Rect.Dx(), src.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	if w == 0 || h == 0 {
		return out
	}
	// sums[y%3] holds the horizontal sums of source row y: row y+1 is
	// summed into the slot of row y-2, which no output row needs any more.
	buf := make([]uint16, 3*w)
	sums := [3][]uint16{buf[:w:w], buf[w : 2*w : 2*w], buf[2*w:]}
	rowSums(sums[0], src.Pix[:w])
	for y := range h {
		if y+1 < h {
			off := (y + 1) * w
			rowSums(sums[(y+1)%3], src.Pix[off:off+w])
		}
		up, mid, down := sums[max(y-1, 0)%3], sums[y%3], sums[min(y+1, h-1)%3]
		row := out.Pix[y*w : (y+1)*w]
		up, mid, down = up[:len(row)], mid[:len(row)], down[:len(row)]
		for x := range row {
			row[x] = uint8((int(up[x]) + int(mid[x]) + int(down[x]) + 4) / 9)
		}
	}
	return out
}

// rowSums sets sums[x] to row[x-1] + row[x] + row[x+1], edges clamped.
func rowSums(sums []uint16, row []uint8) {
	w := len(row)
	sums = sums[:w]
	if w == 1 {
		sums[0] = 3 * uint16(row[0])
		return
	}
	sums[0] = 2*uint16(row[0]) + uint16(row[1])
	for x := 1; x < w-1; x++ {
		sums[x] = uint16(row[x-1]) + uint16(row[x]) + uint16(row[x+1])
	}
	sums[w-1] = uint16(row[w-2]) + 2*uint16(row[w-1])
}

// Rotate turns g by degrees (clockwise positive) about its centre, keeping
// its size; corners brought in from outside are white. Bilinear, for the
// few degrees a page is askew.
func Rotate(g *image.Gray, degrees float64) *image.Gray {
	g = compact(g)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	sin, cos := math.Sincos(degrees * math.Pi / 180)
	cx, cy := float64(w-1)/2, float64(h-1)/2
	const one = 256
	for y := range h {
		dy := float64(y) - cy
		row := out.Pix[y*w : (y+1)*w]
		for x := range row {
			dx := float64(x) - cx
			// The source of (x, y) is it turned back by degrees.
			sx := int((cos*dx + sin*dy + cx) * one)
			sy := int((-sin*dx + cos*dy + cy) * one)
			x0, y0 := sx>>8, sy>>8
			if sx < 0 || sy < 0 || x0 >= w-1 || y0 >= h-1 {
				row[x] = 255
				continue
			}
			fx, fy := sx&(one-1), sy&(one-1)
			i := y0*w + x0
			top := int(g.Pix[i])*(one-fx) + int(g.Pix[i+1])*fx
			bottom := int(g.Pix[i+w])*(one-fx) + int(g.Pix[i+w+1])*fx
			row[x] = uint8((top*(one-fy) + bottom*fy + one*one/2) / (one * one))
		}
	}
	return out
}
