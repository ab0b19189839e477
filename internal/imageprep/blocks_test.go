package imageprep

import (
	"math"
	"testing"
)

func TestTextBlocksAndSkew(t *testing.T) {
	lines := []string{"NORTHGATE PHARMACY", "3 Northgate Parade", "Chester CH1 2HQ"}
	for _, deg := range []float64{0, 8, -12} {
		g := Rotate(render(t, lines, 30), deg)
		blocks := TextBlocks(g, 22)
		if len(blocks) == 0 {
			t.Fatalf("%v degrees: no text block found", deg)
		}
		b := blocks[0]
		if b.Dx() < g.Rect.Dx()/3 || b.Dy() < 3*22 {
			t.Errorf("%v degrees: largest block %v is too small for three lines of text on %v", deg, b, g.Rect)
		}
		if got := BlockSkew(Crop(g, b.Inset(-22))); math.Abs(got-deg) > 1 {
			t.Errorf("%v degrees: BlockSkew = %v, want within 1 degree", deg, got)
		}
	}
}

func TestTextBlocksSkipsFramesAndSpecks(t *testing.T) {
	g := render(t, nil, 30) // a light page inside a dark border, no text
	if got := TextBlocks(g, 22); len(got) != 0 {
		t.Errorf("TextBlocks on a blank page in a frame = %v, want none", got)
	}
}
