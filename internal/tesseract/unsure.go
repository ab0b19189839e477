package tesseract

import (
	"cmp"
	"image"
	"slices"
	"strings"

	"github.com/clinicplatform/intake/internal/evidence"
)

// unsureLine, fairWord: a line read with less confidence than unsureLine,
// or holding a word of two or more letters or digits read under fairWord,
// is read again when it holds text (a word of three or more letters or
// digits read with fairWord or more), from the page prepared the other
// way (readAgain). Flattening uneven light leaves a seam at a shadow's
// hard edge, and a line crossing it ("1.7 mg/0.75 mL" read "i 7 mg/d. 75
// mL" flattened, a date read "08/1 1/2026" plain) can read well on one
// page while the other reads the rest of the photo better.
const unsureLine, fairWord = 0.8, 0.6

// unsureLines marks the lines of rd read with less confidence than
// unsureLine, or holding a word of two or more letters or digits read
// under fairWord ("1/2026" at 0.53 in a line at 0.80), that hold text: a
// word of three or more letters or digits read fairly (fairWord). A line
// of specks or of the texture around the paper ("es an ee eeepc tenes en",
// every word under 0.4) holds none. It returns the box around them
// (empty: none).
func unsureLines(rd reading) (unsure []bool, band image.Rectangle) {
	unsure = make([]bool, len(rd.Lines))
	text := func(w evidence.Word) bool { return alnum(w.Text) >= 3 && w.Confidence >= fairWord }
	weak := func(w evidence.Word) bool { return alnum(w.Text) >= 2 && w.Confidence < fairWord }
	for i, l := range rd.Lines {
		if (l.Confidence < unsureLine || slices.ContainsFunc(l.Words, weak)) && slices.ContainsFunc(l.Words, text) {
			unsure[i] = true
			band = band.Union(rd.LineBoxes[i])
		}
	}
	return unsure, band
}

// withReread is rd with the parts of its unsure lines that again (a
// reading of the page's pixels from at on) read better. Each word of again
// goes to its line of rd (ownerLine), when that line's box holds half of it
// or more: again's rows may join what rd read as two lines (a name, and a
// date at the end of its row), or split a table's row in columns. Along
// each unsure line, the words of both readings that overlap one another
// are a part, and a part takes again's words when they hold more text read
// well (lineScore), else keeps rd's: a dose crossing a shadow's edge is
// taken from one reading and the price beside it from the other.
func withReread(rd reading, unsure []bool, again reading, at image.Point) reading {
	found := make([][]placedWord, len(rd.Lines))
	for j, l := range again.Lines {
		for k, w := range l.Words {
			box := again.WordBoxes[j][k].Add(at)
			owner, most := ownerLine(box, rd)
			if owner >= 0 && 2*most >= box.Dx()*box.Dy() {
				w.Box = pixelBox(box)
				found[owner] = append(found[owner], placedWord{w, box, true})
			}
		}
	}
	out := rd
	out.Lines = slices.Clone(rd.Lines)
	for i, ws := range found {
		if !unsure[i] || len(ws) == 0 {
			continue
		}
		for k, w := range rd.Lines[i].Words {
			ws = append(ws, placedWord{w, rd.WordBoxes[i][k], false})
		}
		if l, changed := betterParts(ws); changed {
			out.Lines[i] = l
		}
	}
	return out
}

// ownerLine is the line of rd a word read again at box belongs to, and
// how much of box that line's box holds: the line of the word of rd box
// overlaps most, or where it overlaps none, the line whose box it overlaps
// most (-1: none). Lines' boxes overlap where lines slope (a fax fed in a
// little askew): by their boxes alone, the words of an address line went
// to the patient line above it and the two were interleaved.
func ownerLine(box image.Rectangle, rd reading) (owner, most int) {
	owner, word := -1, 0
	for i, ws := range rd.WordBoxes {
		for _, wb := range ws {
			if in := box.Intersect(wb); in.Dx()*in.Dy() > word {
				owner, word = i, in.Dx()*in.Dy()
			}
		}
	}
	if owner >= 0 {
		in := box.Intersect(rd.LineBoxes[owner])
		return owner, in.Dx() * in.Dy()
	}
	for i, lb := range rd.LineBoxes {
		if in := box.Intersect(lb); in.Dx()*in.Dy() > most {
			owner, most = i, in.Dx()*in.Dy()
		}
	}
	return owner, most
}

// placedWord is a word of one of two readings of a line, where it was read.
type placedWord struct {
	evidence.Word
	box   image.Rectangle
	again bool // of the second reading
}

// betterParts is the line made of the better reading of each part of ws
// (words of two readings of one line; a part is a run of words that
// overlap one another from left to right), and whether any part came from
// the second reading.
func betterParts(ws []placedWord) (_ evidence.Line, changed bool) {
	slices.SortStableFunc(ws, func(a, b placedWord) int { return cmp.Compare(a.box.Min.X, b.box.Min.X) })
	var kept []evidence.Word
	for start := 0; start < len(ws); {
		end, right := start+1, ws[start].box.Max.X
		for end < len(ws) && ws[end].box.Min.X < right {
			right = max(right, ws[end].box.Max.X)
			end++
		}
		var first, second evidence.Line
		for _, w := range ws[start:end] {
			if w.again {
				second.Words = append(second.Words, w.Word)
			} else {
				first.Words = append(first.Words, w.Word)
			}
		}
		if lineScore(second) > lineScore(first) {
			kept, changed = append(kept, second.Words...), true
		} else {
			kept = append(kept, first.Words...)
		}
		start = end
	}
	l := evidence.Line{Words: kept}
	text := make([]string, len(kept))
	n := 0
	for k, w := range kept {
		text[k] = w.Text
		if w.Confidence > 0 {
			l.Confidence += w.Confidence
			n++
		}
	}
	l.Text = strings.Join(text, " ")
	if n > 0 {
		l.Confidence /= float64(n)
	}
	return l, changed
}

// lineScore is how much of a line was read well: its letters and digits
// in words of two or more read with fairWord or more, each counted at its
// word's confidence ("09/11/2026" at 0.91 outscores "1/2026" at 0.96).
func lineScore(l evidence.Line) float64 {
	var s float64
	for _, w := range l.Words {
		if n := alnum(w.Text); n >= 2 && w.Confidence >= fairWord {
			s += float64(n) * w.Confidence
		}
	}
	return s
}
