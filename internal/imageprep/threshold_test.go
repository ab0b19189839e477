package imageprep

import (
	"image"
	"testing"
)

func TestOtsu(t *testing.T) {
	// Ink at 40 on paper at 200, and the same page in a shadow (paper at
	// 120): the threshold falls between ink and the paper in each case.
	for _, paper := range []uint8{200, 120} {
		g := image.NewGray(image.Rect(0, 0, 100, 100))
		for i := range g.Pix {
			g.Pix[i] = paper
			if i%7 == 0 {
				g.Pix[i] = 40 + uint8(i%11) // ink, a little noisy
			}
		}
		if got := Otsu(g); got < 50 || got >= int(paper) {
			t.Errorf("paper %d: Otsu = %d, want between the ink (40-50) and the paper", paper, got)
		}
	}
	if got := Otsu(render(t, page, 30).SubImage(image.Rect(10, 10, 300, 200)).(*image.Gray)); got < 60 || got > 200 {
		t.Errorf("rendered page: Otsu = %d, want between ink and paper", got)
	}
}

func TestThreshold(t *testing.T) {
	g := image.NewGray(image.Rect(5, 5, 9, 6)) // an origin away from 0,0
	copy(g.Pix, []uint8{0, 99, 100, 250})
	got := Threshold(g, 99)
	if got.Rect != image.Rect(0, 0, 4, 1) {
		t.Fatalf("Threshold's bounds = %v, want 4x1 from the origin", got.Rect)
	}
	if want := []uint8{0, 0, 255, 255}; string(got.Pix) != string(want) {
		t.Errorf("Threshold(99) = %v, want %v (at or below the threshold is ink)", got.Pix, want)
	}
}
