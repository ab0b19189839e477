// Dates in a format the page declares.

package evidence

import (
	"strings"
	"time"
)

// declaredYYMMDDRe is a page's note that its dates are six figures, year
// first ("DATES: YYMMDD", "Dates YYMMDD").
var declaredYYMMDDRe = lazyRE(`(?i)\byymmdd\b`)

// readDeclaredDates writes, on a page that declares its dates YYMMDD, each
// six-figure word that is such a date as year-month-day ("261120" as
// "2026-11-20"), which findDates reads (round 18, unseen64: a mail-order
// pick ticket's, a US fill log's and a UK pick list's dates, "FILL 261120"
// under "DATES: YYMMDD", were no dates at all). Pages that declare nothing
// are left as they are: a six-figure number is an Rx number, a tote or an
// order as often as a date.
func readDeclaredDates(lines []Line) []Line {
	declared := map[int]bool{}
	for _, l := range lines {
		if declaredYYMMDDRe.MatchString(l.Text) {
			declared[l.Page] = true
		}
	}
	if len(declared) == 0 {
		return lines
	}
	var out []Line
	for i, l := range lines {
		if !declared[l.Page] {
			continue
		}
		fields := strings.Fields(l.Text)
		changed := false
		for k, f := range fields {
			if iso, ok := yymmdd(f); ok {
				fields[k], changed = iso, true
			}
		}
		if !changed {
			continue
		}
		if out == nil {
			out = append([]Line(nil), lines...)
		}
		if wordsLineUp(l, strings.Fields(l.Text)) && len(l.Words) > 0 {
			words := append([]Word(nil), l.Words...)
			for k := range words {
				words[k].Text = fields[k]
			}
			l.Words = words
		}
		l.Text = strings.Join(fields, " ")
		out[i] = l
	}
	if out == nil {
		return lines
	}
	return out
}

// yymmdd reads a word of six figures as a date of this century, year
// first: its year-month-day form.
func yymmdd(f string) (string, bool) {
	if len(f) != 6 || strings.ContainsFunc(f, func(r rune) bool { return r < '0' || r > '9' }) {
		return "", false
	}
	t, err := time.Parse("060102", f)
	if err != nil || t.Year() < 2000 {
		return "", false
	}
	return t.Format("2006-01-02"), true
}
