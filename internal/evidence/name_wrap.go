// The lead's name wrapped over two lines, put back together.

package evidence

import "strings"

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
