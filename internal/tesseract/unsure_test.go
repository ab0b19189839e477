package tesseract

import (
	"image"
	"strings"
	"testing"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/google/go-cmp/cmp"
)

// at is a word read with a confidence (0..100) from x on, 20 pixels a
// character wide.
type at struct {
	text string
	conf int
	x    int
}

// readLine adds to rd a line of words 30 pixels high from y.
func readLine(rd *reading, y int, words ...at) {
	var l evidence.Line
	var boxes []image.Rectangle
	var text []string
	var sum float64
	for _, w := range words {
		box := image.Rect(w.x, y, w.x+20*len([]rune(w.text)), y+30)
		word := evidence.Word{Text: w.text, Confidence: float64(w.conf) / 100, Box: pixelBox(box)}
		boxes = append(boxes, box)
		l.Words = append(l.Words, word)
		text = append(text, w.text)
		sum += word.Confidence
	}
	l.Text = strings.Join(text, " ")
	l.Confidence = sum / float64(len(l.Words))
	rd.Lines = append(rd.Lines, l)
	rd.WordBoxes = append(rd.WordBoxes, boxes)
	box := image.Rectangle{}
	for _, b := range boxes {
		box = box.Union(b)
	}
	rd.LineBoxes = append(rd.LineBoxes, box)
}

func TestUnsureLines(t *testing.T) {
	var rd reading
	readLine(&rd, 0, at{"Order", 96, 0}, at{"Confirmation", 96, 120})                                // read well
	readLine(&rd, 100, at{"Wegovy", 0, 0}, at{"i", 40, 130}, at{"7", 50, 160}, at{"mg/d.", 60, 190}) // unsure
	readLine(&rd, 200, at{"SS", 62, 0})                                                              // a speck: no word of three
	readLine(&rd, 250, at{"pare", 35, 0}, at{"Relient", 8, 100}, at{"ER", 12, 260})                  // texture: no word read fairly
	readLine(&rd, 300, at{"Pen", 27, 500}, at{"needles", 96, 580}, at{"326", 6, 730})                // unsure
	// Read at 0.8 as a whole, with a date's half read poorly: unsure.
	readLine(&rd, 400, at{"Dispatched:", 90, 0}, at{"08/1", 71, 240}, at{"1/2026", 53, 330})
	unsure, band := unsureLines(rd)
	if want := []bool{false, true, false, false, true, true}; !cmp.Equal(unsure, want) {
		t.Errorf("unsure = %v, want %v", unsure, want)
	}
	if want := rd.LineBoxes[1].Union(rd.LineBoxes[4]).Union(rd.LineBoxes[5]); band != want {
		t.Errorf("band = %v, want %v (the unsure lines' box)", band, want)
	}
	if _, band := unsureLines(reading{Lines: rd.Lines[:1], LineBoxes: rd.LineBoxes[:1]}); !band.Empty() {
		t.Errorf("band = %v on a page read well, want none", band)
	}
}

func TestWithReread(t *testing.T) {
	var rd reading
	// 0: a dose crossing a shadow's edge, the price beside it read well.
	readLine(&rd, 100, at{"Wegovy", 95, 100}, at{"i", 40, 240}, at{"7", 50, 270}, at{"mg/d.", 55, 300}, at{"75", 90, 410}, at{"mL", 92, 460}, at{"$1,349.02", 95, 600})
	// 1: a name and specks, 2: a date at the end of its row.
	readLine(&rd, 200, at{"Miss", 97, 100}, at{"Catherine", 96, 190}, at{"Lewis", 97, 380}, at{":", 74, 490}, at{"°", 0, 520})
	readLine(&rd, 200, at{";", 0, 900}, at{"0B", 0, 930}, at{"1/2026", 96, 990})
	// 3: read well, 4: unsure and read worse again.
	readLine(&rd, 300, at{"Keep", 97, 100}, at{"out", 90, 190})
	readLine(&rd, 400, at{"Pen", 27, 100}, at{"needles", 96, 170}, at{"326", 6, 320})
	unsure := []bool{true, true, true, false, true}

	// The band read again, from (50, 50): the dose read well and the price
	// as junk; the name and the date as one row; the line that was not
	// unsure read better; a worse reading of the last line; a word outside
	// every line.
	var again reading
	readLine(&again, 50, at{"Wegovy", 93, 50}, at{"1.7", 92, 190}, at{"mg/0.75", 91, 250}, at{"mL", 95, 410}, at{"Sie", 70, 550}, at{"og", 20, 620})
	readLine(&again, 150, at{"Miss", 97, 50}, at{"Catherine", 97, 140}, at{"Lewis", 97, 330}, at{"09/11/2026", 91, 840})
	readLine(&again, 250, at{"Keep", 97, 50}, at{"out", 97, 140})
	readLine(&again, 350, at{"Pen", 20, 50}, at{"needles", 50, 120})
	readLine(&again, 700, at{"stray", 99, 50})

	got := withReread(rd, unsure, again, image.Pt(50, 50))
	var texts []string
	for _, l := range got.Lines {
		texts = append(texts, l.Text)
	}
	want := []string{
		"Wegovy 1.7 mg/0.75 mL $1,349.02",
		"Miss Catherine Lewis : °",
		"09/11/2026",
		"Keep out",
		"Pen needles 326",
	}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Errorf("withReread (-want +got):\n%s", diff)
	}
	if c := got.Lines[2].Confidence; c != 0.91 {
		t.Errorf("the date's line confidence = %v, want its word's 0.91", c)
	}
	// A word taken from the band keeps its box, moved to the page's pixels.
	if w := got.Lines[2].Words; len(w) != 1 || w[0].Box != px(890, 200, 200, 30) {
		t.Errorf("the date's words = %+v, want one at (890, 200), 200 x 30 pixels", w)
	}
	if rd.Lines[0].Text != "Wegovy i 7 mg/d. 75 mL $1,349.02" {
		t.Errorf("withReread changed the reading it was given: %q", rd.Lines[0].Text)
	}
}

// TestWithRereadSlopingLines: on a page fed a little askew, a line's box
// reaches down into the next line's; words read again go to the line
// whose words they lie on, not to the line whose box holds them.
func TestWithRereadSlopingLines(t *testing.T) {
	// sloping adds a line of four words 100 pixels apart, each 15 pixels
	// lower than the one before, from y.
	sloping := func(rd *reading, y int, conf int, words ...string) {
		l := evidence.Line{Text: strings.Join(words, " "), Confidence: float64(conf) / 100}
		var boxes []image.Rectangle
		var lineBox image.Rectangle
		for i, w := range words {
			box := image.Rect(100*i, y+15*i, 100*i+80, y+15*i+30)
			l.Words = append(l.Words, evidence.Word{Text: w, Confidence: l.Confidence, Box: pixelBox(box)})
			boxes, lineBox = append(boxes, box), lineBox.Union(box)
		}
		rd.Lines = append(rd.Lines, l)
		rd.WordBoxes = append(rd.WordBoxes, boxes)
		rd.LineBoxes = append(rd.LineBoxes, lineBox)
	}
	var rd, again reading
	sloping(&rd, 100, 50, "Patlent:", "Mr", "Callum", "Rees")
	sloping(&rd, 140, 50, "Addres", "41", "Kiln", "Lane")
	sloping(&again, 100, 95, "Patient:", "Mr", "Callum", "Rees")
	sloping(&again, 140, 95, "Address:", "41", "Kiln", "Lane")
	got := withReread(rd, []bool{true, true}, again, image.Point{})
	var texts []string
	for _, l := range got.Lines {
		texts = append(texts, l.Text)
	}
	if diff := cmp.Diff([]string{"Patient: Mr Callum Rees", "Address: 41 Kiln Lane"}, texts); diff != "" {
		t.Errorf("withReread (-want +got):\n%s", diff)
	}
}

func TestLineScore(t *testing.T) {
	line := func(words ...evidence.Word) evidence.Line { return evidence.Line{Words: words} }
	date := line(evidence.Word{Text: "09/11/2026", Confidence: 0.91})
	part := line(evidence.Word{Text: ";", Confidence: 0}, evidence.Word{Text: "0B", Confidence: 0}, evidence.Word{Text: "1/2026", Confidence: 0.96})
	if lineScore(date) <= lineScore(part) {
		t.Errorf("lineScore(09/11/2026 at 0.91) = %v, not above lineScore(1/2026 at 0.96) = %v", lineScore(date), lineScore(part))
	}
	if s := lineScore(line(evidence.Word{Text: "mg/d.", Confidence: 0.59})); s != 0 {
		t.Errorf("a word read under 0.6 scores %v, want 0", s)
	}
}

// TestReaderRereadsUnsureLinesFromThePlainPage: a phone photo of an
// invoice (an invented one, not make heldout's) with a shadow whose hard
// edge crosses the dose: rendered by Chromium at twice the scale, then
// ImageMagick's photo of scripts/heldout.sh with the gradient at 35 degrees
// and -seed 4. On the flattened page the dose reads "5 mg/0. & mL"; read
// again from the plain page it is whole.
func TestReaderRereadsUnsureLinesFromThePlainPage(t *testing.T) {
	got := readPhoto(t, "testdata/shadowed-invoice.jpg")
	wantContains(t, got, "Mounjaro KwikPen", "mg/0.5 mL", "Priya Shah", "Lakeside Online Pharmacy")
}

// TestReaderRereadsUnsureLinesFromThePreparedPage: the other way round. A
// phone photo of a dispatch note (invented, through the held-out photo
// recipe with -seed 2) that tesseract reads best unprepared, but with the
// date at the shadow's edge split ("08/1 1/2026", line 0.80): the
// flattened page reads that line whole.
func TestReaderRereadsUnsureLinesFromThePreparedPage(t *testing.T) {
	got := readPhoto(t, "testdata/shadowed-dispatch.jpg")
	wantContains(t, got, "Dispatched: 08/11/2026", "Ms Fiona Gallagher", "Mounjaro KwikPen", "10mg")
}
