package imageprep

import "image"

// Orient applies an EXIF orientation to g: the result is g as it is meant
// to be displayed. Upright (and unknown values) return g itself.
func Orient(g *image.Gray, o Orientation) *image.Gray {
	if o < 2 || o > 8 {
		return g
	}
	g = compact(g)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	out := image.NewGray(image.Rect(0, 0, dw, dh))
	src, dst := g.Pix, out.Pix
	for y := range h {
		row := src[y*w : (y+1)*w]
		for x, v := range row {
			var dx, dy int
			switch o {
			case 2: // mirrored left to right
				dx, dy = w-1-x, y
			case 3: // upside down
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored top to bottom
				dx, dy = x, h-1-y
			case 5: // transposed
				dx, dy = y, x
			case 6: // stored a quarter turn anticlockwise: turn clockwise
				dx, dy = h-1-y, x
			case 7: // transversed
				dx, dy = h-1-y, w-1-x
			case 8: // stored a quarter turn clockwise: turn anticlockwise
				dx, dy = y, w-1-x
			}
			dst[dy*dw+dx] = v
		}
	}
	return out
}

// Turn turns g clockwise by quarter turns (0..3).
func Turn(g *image.Gray, quarters int) *image.Gray {
	switch ((quarters % 4) + 4) % 4 {
	case 1:
		return Orient(g, 6)
	case 2:
		return Orient(g, 3)
	case 3:
		return Orient(g, 8)
	}
	return g
}
