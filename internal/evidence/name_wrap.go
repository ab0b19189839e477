// The lead's name wrapped over two lines, put back together.

package evidence

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// joinWrappedLeadName puts back together the lead's name where a narrow
// column wrapped it, the forename ending one line and the surname starting
// the next ("Kingsmere Pharmacy: Hi Oliver" over "Hartnell, your Saxenda
// 6mg/ml pre-filled pens"; unseen8's text thread, whose patient name no
// line held whole): the surname moves up to the end of the line before.
// Only the lead's own words, read exactly, after other words on the line
// (a sentence's, not a table cell's); joined, the name is judged as
// any other line's, its captions and roles included ("Collected by:
// Oliver" over "Hartnell" is then a collector's name).
func joinWrappedLeadName(lines []Line, exp Expected) []Line {
	e := newExpectedName(exp.Forename, exp.Surname)
	if !exp.PatientKnown || !e.usable() {
		return lines
	}
	return joinWrapped(lines, func(af, bf []string) (int, bool) {
		if len(af) < 2 {
			// A name alone on its line wraps in a table's cell ("GINA"
			// over "CASTELLANO"), which the table's layout reads.
			return 0, false
		}
		_, tail := normalise(af[len(af)-1])
		if len(tail) == 0 || tail[len(tail)-1].text != e.forename[len(e.forename)-1].text {
			return 0, false
		}
		for head := 1; head <= len(bf) && head <= len(e.surname); head++ {
			_, ws := normalise(strings.Join(bf[:head], " "))
			if len(ws) == len(e.surname) && sameWords(ws, e.surname) {
				return head, true
			}
		}
		return 0, false
	})
}

// joinWrappedLeadCell puts back together the lead's name where a form's
// cell wrapped it, the forename ending the cell (a column gap after it)
// and the surname alone starting the next line under the cell's first
// word ("Patient  Miss Thomasina      Date of birth 14/03/1986" over
// "Larkworthy" under "Miss"; unseen75's transfer summary, round 20, whose
// patient was not found on 5 uploads): the surname moves up after the
// forename. Only the lead's own words, read exactly, on lines whose words
// have their places.
func joinWrappedLeadCell(lines []Line, exp Expected) []Line {
	e := newExpectedName(exp.Forename, exp.Surname)
	if !exp.PatientKnown || !e.usable() {
		return lines
	}
	return mendAdjacent(lines, func(a, b Line, af, bf []string) (Line, Line, bool) {
		if len(a.Words) < 3 || len(b.Words) < len(e.surname) {
			return a, b, false
		}
		_, ws := normalise(strings.Join(bf[:len(e.surname)], " "))
		if !sameWords(ws, e.surname) {
			return a, b, false
		}
		k, start, ok := cellEndingWith(a, af, e.forename[len(e.forename)-1].text)
		if !ok || math.Abs(b.Words[0].Box.Left-a.Words[start].Box.Left) > 2*charWidth(a.Words[start]) {
			return a, b, false
		}
		head := len(e.surname)
		a.Text = strings.Join(slices.Concat(af[:k+1], bf[:head], af[k+1:]), " ")
		a.Words = slices.Concat(a.Words[:k+1], b.Words[:head], a.Words[k+1:])
		for _, w := range b.Words[:head] {
			a.Box = a.Box.Union(w.Box)
		}
		b.Text, b.Words = strings.Join(bf[head:], " "), b.Words[head:]
		return a, b, true
	})
}

// cellEndingWith finds the word of a (its fields af) that is forename, read
// exactly, ending a cell: a column gap (three characters' width or more)
// after it and another word beyond. start is the cell's first word: the
// first after a column gap before it.
func cellEndingWith(a Line, af []string, forename string) (k, start int, ok bool) {
	gapAfter := func(i int) bool {
		w, n := a.Words[i].Box, a.Words[i+1].Box
		return !w.IsZero() && !n.IsZero() && n.Left-(w.Left+w.Width) >= 3*charWidth(a.Words[i])
	}
	for k = 1; k+1 < len(af); k++ {
		if _, ws := normalise(af[k]); len(ws) != 1 || ws[0].text != forename || !gapAfter(k) {
			continue
		}
		for start = k; start > 0 && !gapAfter(start-1); start-- {
		}
		return k, start, start > 0
	}
	return 0, 0, false
}

// charWidth is the mean width of a character of w.
func charWidth(w Word) float64 {
	return w.Box.Width / float64(max(1, utf8.RuneCountInString(w.Text)))
}

// sameWords reports two runs of the same words.
func sameWords(a, b []word) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k].text != b[k].text {
			return false
		}
	}
	return true
}
