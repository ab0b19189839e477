package tesseract

import (
	"image"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
)

func TestReadingJudgement(t *testing.T) {
	tests := []struct {
		name        string
		rd          reading
		clear, junk bool
	}{
		{"upright label", reading{Words: 45, Confident: 44}, true, false},
		{"upside down", reading{Words: 45, Confident: 5}, false, true},
		{"blank page", reading{}, true, false},
		{"sparse page, unsure", reading{Words: 3, Confident: 0}, false, false},
		{"six in ten confident", reading{Words: 10, Confident: 6}, true, false},
		{"five in ten confident", reading{Words: 10, Confident: 5}, false, true},
	}
	for _, tt := range tests {
		if got := tt.rd.Clear(); got != tt.clear {
			t.Errorf("%s: Clear() = %v, want %v", tt.name, got, tt.clear)
		}
		if got := tt.rd.Junk(); got != tt.junk {
			t.Errorf("%s: Junk() = %v, want %v", tt.name, got, tt.junk)
		}
	}
}

func TestUnread(t *testing.T) {
	text := imageprep.Layout{Glyphs: 300}
	blank := imageprep.Layout{Glyphs: 3}
	if !unread(reading{Words: 0}, text) {
		t.Error("no words on a page of 300 characters: not taken as unread")
	}
	if unread(reading{Words: 0}, blank) {
		t.Error("no words on a blank page: taken as unread")
	}
	if unread(reading{Words: 40, Confident: 40}, text) {
		t.Error("40 words on a page of 300 characters: taken as unread")
	}
}

func TestOverlapsAny(t *testing.T) {
	read := []image.Rectangle{image.Rect(0, 0, 100, 20), image.Rect(0, 30, 100, 50)}
	tests := []struct {
		box  image.Rectangle
		want bool
	}{
		{image.Rect(10, 2, 90, 18), true},    // inside a line read
		{image.Rect(50, 0, 150, 20), true},   // half in
		{image.Rect(80, 30, 180, 50), false}, // a fifth in: a date beside the line
		{image.Rect(0, 60, 100, 80), false},  // below every line
		{image.Rect(0, 15, 100, 35), false},  // across the gap, a quarter in each
	}
	for _, tt := range tests {
		if got := overlapsAny(tt.box, read); got != tt.want {
			t.Errorf("overlapsAny(%v) = %v, want %v", tt.box, got, tt.want)
		}
	}
}

func TestWithMissed(t *testing.T) {
	line := func(text string, conf float64) evidence.Line { return evidence.Line{Text: text, Confidence: conf} }
	// Two columns as tesseract reads them: the left column's lines, then
	// the right's, each at its height.
	rd := reading{
		Lines: []evidence.Line{
			line("Title, Forename, Surname & Address", 0.95), line("MRS ANNA FICTIONAL", 0.92),
			line("The Green Health Centre", 0.97),
		},
		LineBoxes: []image.Rectangle{image.Rect(0, 100, 300, 120), image.Rect(0, 130, 300, 150), image.Rect(400, 110, 700, 130)},
	}
	sparse := reading{
		Lines: []evidence.Line{
			line("Wegovy 2.4mg pen", 0.90),   // above every line read: missed
			line("MRS ANNA FICTIONAL", 0.93), // read already
			line("13/12/2026", 0.96),         // beside a line: missed
			line("eee", 0.30),                // unsure
			line("=", 0.95),                  // a rule, no word
		},
		LineBoxes: []image.Rectangle{
			image.Rect(0, 10, 300, 30), image.Rect(0, 130, 300, 150), image.Rect(750, 130, 850, 150),
			image.Rect(0, 300, 50, 320), image.Rect(0, 400, 300, 402),
		},
	}
	// The plain page read as sparse text too: what the first sparse
	// reading added is not added twice.
	plainSparse := reading{
		Lines:     []evidence.Line{line("Wegovy 2.4mg pen.", 0.91), line("Supply: 4 pens", 0.88)},
		LineBoxes: []image.Rectangle{image.Rect(0, 11, 300, 31), image.Rect(0, 500, 300, 520)},
	}
	var got []string
	for _, l := range withMissed(rd, sparse, plainSparse) {
		got = append(got, l.Text)
	}
	want := []string{
		"Title, Forename, Surname & Address", "MRS ANNA FICTIONAL", "The Green Health Centre",
		"Wegovy 2.4mg pen", "13/12/2026", "Supply: 4 pens",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("withMissed (-want +got):\n%s", diff)
	}
}
