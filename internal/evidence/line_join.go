// One printed line that the reader gave as two, put back together.

package evidence

import (
	"math"
	"unicode/utf8"
)

// joinSplitLines puts back together a printed line the reader gave in two
// pieces: a piece that starts where another ends, on the same baseline,
// with no more room between them than a space. Tesseract does this on a
// photo it takes for two columns (a crease or a lamp's edge down the page),
// even inside a word ("Your heal" | "th plan, Front Range Health, did not
// approve"), and lists the right-hand pieces apart from their left ones, a
// skewed page's higher pieces first: the sentence "did not approve" /
// "Zepbound (tirzepatide) on prior authorization" came apart and the
// refused Zepbound was rated the medicine (unseen86, round 21, a false
// accept on both readers). The joined line stands where its left piece
// stood. A gap wider than a space is a column's gutter and is left alone,
// as are lines whose words the reader did not place.
func joinSplitLines(lines []Line) []Line {
	firsts, lasts := make([]Word, len(lines)), make([]Word, len(lines))
	placed := make([]bool, len(lines))
	for i, l := range lines {
		firsts[i], placed[i] = placedEnd(l, false)
		lasts[i], _ = placedEnd(l, true)
	}
	taken := make([]bool, len(lines))
	next := make([]int, len(lines)) // the piece that goes on after each line
	for i := range lines {
		next[i] = -1
		for k := range lines {
			if placed[i] && placed[k] && k != i && !taken[k] && lines[k].Page == lines[i].Page && continuesOn(lasts[i], firsts[k]) {
				next[i], taken[k] = k, true
				break
			}
		}
	}
	var out []Line
	for i, l := range lines {
		if taken[i] {
			continue
		}
		for k := next[i]; k >= 0; k = next[k] {
			l = joinLines(l, lines[k])
		}
		out = append(out, l)
	}
	return out
}

// placedEnd is a line's last (or first) word, when every word of the line
// was placed.
func placedEnd(l Line, last bool) (Word, bool) {
	if len(l.Words) == 0 {
		return Word{}, false
	}
	for _, w := range l.Words {
		if w.Box.IsZero() {
			return Word{}, false
		}
	}
	if last {
		return l.Words[len(l.Words)-1], true
	}
	return l.Words[0], true
}

// continuesOn reports a word (next) that continues a line after its last
// word: of a like height, centred on the same baseline within a third of
// that height, starting no more than half a character before the last
// word's end (a word read twice overlaps) and no further right of it than
// a character (a space). A table's cells stand further apart, by a
// character and a third or more on the scans and photos of round 22's
// replay, and a gutter by three.
// Heights and widths are fractions of the page's height and width, so the
// room between is measured in the words' own characters.
func continuesOn(last, next Word) bool {
	a, b := last.Box, next.Box
	h := math.Max(a.Height, b.Height)
	if h <= 0 || math.Min(a.Height, b.Height) < h*0.6 {
		return false
	}
	if math.Abs((a.Top+a.Height/2)-(b.Top+b.Height/2)) > h/3 {
		return false
	}
	char := math.Max(a.Width/letters(last.Text), b.Width/letters(next.Text))
	gap := b.Left - (a.Left + a.Width)
	return gap >= -char/2 && gap <= char
}

// letters is the number of characters of a word, at least one.
func letters(s string) float64 {
	return math.Max(1, float64(utf8.RuneCountInString(s)))
}

// joinLines is a followed by b on one line.
func joinLines(a, b Line) Line {
	n := float64(len(a.Words) + len(b.Words))
	conf := (a.Confidence*float64(len(a.Words)) + b.Confidence*float64(len(b.Words))) / n
	words := append(append([]Word(nil), a.Words...), b.Words...)
	return Line{Text: a.Text + " " + b.Text, Confidence: conf, Words: words, Page: a.Page, Box: a.Box.Union(b.Box)}
}

// lineBefore is the line read just before line i in its column: i-1 when
// that line stands over line i (or either has no place), else the nearest
// line of i's page above it whose span across the page overlaps i's, among
// the few before it; -1 when there is none. Pages side by side in one
// photograph, read row by row as the production reader reads them,
// interleave their lines: the line before "Zepbound (tirzepatide) on prior
// authorization" was the next page's "Rx number", not the "... did not
// approve" that ends the sentence before it (unseen86, round 21, a false
// accept on the Textract path only).
func lineBefore(d document, i int) int {
	if i <= 0 {
		return -1
	}
	l := d.lines[i]
	if l.box.IsZero() || d.lines[i-1].box.IsZero() || spansOver(d.lines[i-1], l) {
		return i - 1
	}
	for k := i - 1; k >= 0 && k >= i-12; k-- {
		if d.lines[k].page == l.page && spansOver(d.lines[k], l) {
			return k
		}
	}
	return -1
}

// spansOver reports a line (a) that stands higher on the page than b and
// overlaps it across the page.
func spansOver(a, b docLine) bool {
	x, y := a.box, b.box
	return x.Top+x.Height/2 < y.Top+y.Height/2 && x.Left < y.Left+y.Width && y.Left < x.Left+x.Width
}
