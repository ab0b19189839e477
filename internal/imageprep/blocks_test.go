package imageprep

import (
	"image"
	"math"
	"slices"
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

func TestMissedText(t *testing.T) {
	g := render(t, page, 40)
	glyph := MeasureLayout(g).GlyphHeight
	all, regions := MissedText(g, glyph, nil)
	if all < 100 {
		t.Errorf("nothing read: %d characters missed, want the page's (100 or more)", all)
	}
	// Every line is a region of its own (or two, where a wide gap splits it).
	if len(regions) < len(page) || len(regions) > 2*len(page) {
		t.Errorf("nothing read: %d regions, want one or two for each of %d lines: %v", len(regions), len(page), regions)
	}
	if got, regions := MissedText(g, glyph, []image.Rectangle{g.Bounds()}); got != 0 || len(regions) != 0 {
		t.Errorf("everything read: %d characters missed in %v, want none", got, regions)
	}
	// The top half read: about half the characters missed, the regions
	// in the bottom half, one line tall each.
	half := g.Bounds().Dy() / 2
	top := image.Rect(0, 0, g.Bounds().Dx(), half)
	got, regions := MissedText(g, glyph, []image.Rectangle{top})
	if got <= all/4 || got >= all*3/4 {
		t.Errorf("top half read: %d of %d characters missed, want about half", got, all)
	}
	if len(regions) == 0 {
		t.Fatal("top half read: no region")
	}
	for _, r := range regions {
		if r.Max.Y <= half-glyph || r.Dy() > 3*glyph || r.Dx() < 3*glyph {
			t.Errorf("top half read: region %v (glyph %d) is not a line of the bottom half (from %d)", r, glyph, half)
		}
	}
	if got, regions := MissedText(g, 0, nil); got != 0 || regions != nil {
		t.Errorf("no character height: %d missed in %v, want none", got, regions)
	}
}

func TestJoinMarks(t *testing.T) {
	missed := func(x0, y0, x1, y1 int) mark { return mark{image.Rect(x0, y0, x1, y1), true} }
	read := func(x0, y0, x1, y1 int) mark { return mark{image.Rect(x0, y0, x1, y1), false} }
	r := image.Rect
	for _, tc := range []struct {
		name  string
		marks []mark
		want  []image.Rectangle
	}{
		{"a word", []mark{missed(0, 0, 8, 10), missed(10, 0, 18, 10), missed(20, 2, 26, 10)}, []image.Rectangle{r(0, 0, 26, 10)}},
		{"a lone mark", []mark{missed(0, 0, 8, 10)}, nil},
		{"two lines", []mark{missed(0, 0, 8, 10), missed(10, 0, 18, 10), missed(0, 20, 8, 30), missed(10, 20, 18, 30)},
			[]image.Rectangle{r(0, 0, 18, 10), r(0, 20, 18, 30)}},
		{"a wide gap", []mark{missed(0, 0, 8, 10), missed(10, 0, 18, 10), missed(60, 0, 68, 10), missed(70, 0, 78, 10)},
			[]image.Rectangle{r(0, 0, 18, 10), r(60, 0, 78, 10)}},
		// Letters run together and words read take the run's whole line.
		{"a line partly read", []mark{read(0, 0, 40, 10), missed(50, 0, 58, 10), missed(60, 0, 68, 10)}, []image.Rectangle{r(0, 0, 68, 10)}},
		{"a line read", []mark{read(0, 0, 8, 10), read(10, 0, 18, 10), read(20, 0, 28, 10)}, nil},
	} {
		if got := joinMarks(tc.marks, 20); !slices.Equal(got, tc.want) {
			t.Errorf("%s: joinMarks = %v, want %v", tc.name, got, tc.want)
		}
	}
}
