package imageprep

import "image"

// Otsu is the grey level that best splits g's pixels into ink and paper
// (Otsu's method: the split with the largest variance between the two
// classes), the threshold tesseract binarises a whole page at by default.
// Pixels at or below it are ink.
func Otsu(g *image.Gray) int {
	g = compact(g)
	var hist [256]float64
	for _, v := range g.Pix {
		hist[v]++
	}
	var n, sum float64
	for v, c := range hist {
		n += c
		sum += float64(v) * c
	}
	var below, sumBelow, best float64
	t := 0
	for v, c := range hist {
		below += c
		if below == 0 || below == n {
			continue
		}
		sumBelow += float64(v) * c
		mb, ma := sumBelow/below, (sum-sumBelow)/(n-below)
		if between := below * (n - below) * (mb - ma) * (mb - ma); between > best {
			best, t = between, v
		}
	}
	return t
}

// Threshold is g in black (grey levels at or below t) and white.
func Threshold(g *image.Gray, t int) *image.Gray {
	g = compact(g)
	out := image.NewGray(image.Rect(0, 0, g.Rect.Dx(), g.Rect.Dy()))
	for i, v := range g.Pix[:len(out.Pix)] {
		if int(v) > t {
			out.Pix[i] = 0xff
		}
	}
	return out
}
