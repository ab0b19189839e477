package imageprep

import "image"

// integral is g's integral image (summed-area table): sat[y*(w+1)+x] is
// the sum of the pixels above and left of (x, y), so the sum over any
// rectangle takes four lookups.
type integral struct {
	sat  []int
	w, h int
}

func newIntegral(g *image.Gray) integral {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	sat := make([]int, (w+1)*(h+1))
	for y := range h {
		rowSum := 0
		for x := range w {
			rowSum += int(g.Pix[y*w+x])
			sat[(y+1)*(w+1)+x+1] = sat[y*(w+1)+x+1] + rowSum
		}
	}
	return integral{sat: sat, w: w, h: h}
}

// rowMeans sets means[x], for every x of row y, to the mean (rounded
// down) of the pixels within r of (x, y): a square clamped to the image.
func (s integral) rowMeans(y, r int, means []int) {
	w, w1 := s.w, s.w+1
	y0, y1 := max(0, y-r), min(s.h, y+r+1)
	top, bottom := s.sat[y0*w1:(y0+1)*w1], s.sat[y1*w1:(y1+1)*w1]
	rows := y1 - y0
	for x := range means[:w] {
		x0, x1 := max(0, x-r), min(w, x+r+1)
		means[x] = (bottom[x1] - top[x1] - bottom[x0] + top[x0]) / (rows * (x1 - x0))
	}
}
