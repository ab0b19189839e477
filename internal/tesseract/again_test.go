package tesseract

import (
	"context"
	"image"
	"slices"
	"strings"
	"testing"
)

func TestWithinArea(t *testing.T) {
	seg := func(kind, w, h int) segment {
		return segment{kind: kind, img: image.NewGray(image.Rect(0, 0, w, h))}
	}
	segs := []segment{seg(segUnsure, 100, 10), seg(segMissed, 50, 10), seg(segMissed, 100, 10), seg(segBlock, 20, 10)}
	for _, tt := range []struct {
		area  int
		kinds []int
	}{
		{10000, []int{segUnsure, segMissed, segMissed, segBlock}},
		// What does not fit is left out; what comes after and fits is kept.
		{1700, []int{segUnsure, segMissed, segBlock}},
		{1000, []int{segUnsure}},
		{700, []int{segMissed, segBlock}},
		{0, nil},
	} {
		var got []int
		for _, s := range withinArea(segs, tt.area) {
			got = append(got, s.kind)
		}
		if !slices.Equal(got, tt.kinds) {
			t.Errorf("withinArea(%d) keeps kinds %v, want %v", tt.area, got, tt.kinds)
		}
	}
}

// TestReadSegmentsPlacesWords: parts of a page read together in one pass
// come back each to its kind, with its words' boxes where the part lies
// on the page, whatever its place in the stacked image.
func TestReadSegmentsPlacesWords(t *testing.T) {
	r := newReader(t)
	dose := renderLabel(t, []string{"Ozempic 0.5 mg pen"}, 30)
	name := renderLabel(t, []string{"Dana Whitcombe"}, 30)
	segs := []segment{
		{kind: segUnsure, img: dose, at: image.Pt(400, 900)},
		{kind: segMissed, img: name, at: image.Pt(40, 120)},
	}
	got, err := r.readSegments(context.Background(), segs, 24)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		kind int
		text string
		at   image.Rectangle // where the part lies on the page
	}{
		{segUnsure, "Ozempic 0.5 mg pen", dose.Rect.Add(segs[0].at)},
		{segMissed, "Dana Whitcombe", name.Rect.Add(segs[1].at)},
	} {
		rd := got[tt.kind]
		if len(rd.Lines) != 1 || !strings.Contains(rd.Lines[0].Text, tt.text) {
			t.Errorf("kind %d: lines %+v, want one reading %q", tt.kind, rd.Lines, tt.text)
			continue
		}
		if !rd.LineBoxes[0].In(tt.at) || rd.LineBoxes[0].Dx() < tt.at.Dx()/2 {
			t.Errorf("kind %d: line box %v, want inside the part on the page %v", tt.kind, rd.LineBoxes[0], tt.at)
		}
		for k, w := range rd.Lines[0].Words {
			box := rd.WordBoxes[0][k]
			if !box.In(tt.at) {
				t.Errorf("kind %d: word %q at %v, outside the part %v", tt.kind, w.Text, box, tt.at)
			}
			if int(w.Box.Left) != box.Min.X || int(w.Box.Top) != box.Min.Y {
				t.Errorf("kind %d: word %q's box %+v is not where its pixels are, %v", tt.kind, w.Text, w.Box, box)
			}
		}
	}
	if len(got[segBlock].Lines) != 0 || len(got[segMissedPlain].Lines) != 0 {
		t.Errorf("kinds not sent came back: %+v %+v", got[segBlock].Lines, got[segMissedPlain].Lines)
	}
}
