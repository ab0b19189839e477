package imageprep

import (
	"image"
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

func TestMissedCharacters(t *testing.T) {
	g := render(t, page, 40)
	glyph := MeasureLayout(g).GlyphHeight
	all := MissedCharacters(g, glyph, nil)
	if all < 100 {
		t.Errorf("nothing read: %d characters missed, want the page's (100 or more)", all)
	}
	if got := MissedCharacters(g, glyph, []image.Rectangle{g.Bounds()}); got != 0 {
		t.Errorf("everything read: %d characters missed, want 0", got)
	}
	// The top half read: about half the characters missed.
	top := image.Rect(0, 0, g.Bounds().Dx(), g.Bounds().Dy()/2)
	if got := MissedCharacters(g, glyph, []image.Rectangle{top}); got <= all/4 || got >= all*3/4 {
		t.Errorf("top half read: %d of %d characters missed, want about half", got, all)
	}
	if got := MissedCharacters(g, 0, nil); got != 0 {
		t.Errorf("no character height: %d missed, want 0", got)
	}
}
