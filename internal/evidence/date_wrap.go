// Dates a narrow column wrapped over two lines, put back together.

package evidence

import (
	"strings"
	"unicode/utf8"
)

// wrapLeads are the words after which a line's last words begin a date:
// "Dispensed by Hollybank Pharmacy on 20" over "November 2026".
var wrapLeads = map[string]bool{"on": true, "dated": true, "date": true, "dispensed": true, "filled": true, "supplied": true, "collected": true, "issued": true, "prescribed": true}

// joinWrappedDates puts back together a date whose start ends one line and
// whose end starts the next, as a phone's narrow column wraps it
// ("Dispensed by Hollybank Pharmacy on 20" / "November 2026"; unseen8's NHS
// App screen, whose dispensing date no line held whole): the next line's
// first words move to the end of the line before. Only when the line's last
// one or two words follow "on" or a date's label and are no date alone,
// the next line's first one or two words are none either, and together they
// are one date. Lines keep their places (an emptied line is left blank,
// which documentOf drops); a line whose reported words do not line up with
// its text is left as it is.
func joinWrappedDates(lines []Line) []Line {
	return joinWrapped(lines, wrappedDate)
}

// joinWrapped moves up to the end of each line the first words of the line
// after it that wrapped says (by the two lines' words) belong with it.
func joinWrapped(lines []Line, wrapped func(af, bf []string) (head int, ok bool)) []Line {
	return mendAdjacent(lines, func(a, b Line, af, bf []string) (Line, Line, bool) {
		if !wrapsUnder(a, b) {
			return a, b, false
		}
		head, ok := wrapped(af, bf)
		if !ok {
			return a, b, false
		}
		a.Text = strings.Join(append(append([]string(nil), af...), bf[:head]...), " ")
		b.Text = strings.Join(bf[head:], " ")
		if len(b.Words) > 0 {
			a.Words = append(append([]Word(nil), a.Words...), b.Words[:head]...)
			for _, w := range b.Words[:head] {
				a.Box = a.Box.Union(w.Box)
			}
			b.Words = b.Words[head:]
		}
		return a, b, true
	})
}

// wrapsUnder reports whether b could be where a's text wrapped to: a wrap
// goes back to the start of a's column, so b begins under a, give or take
// two of a's characters. Lines read with no place, or not running across
// the page (a page read sideways), may be either. Only a reader's order
// put a bag label's name "OKAFOR-LIND, CYRUS" on its vial stub right
// before the same name on the label at the page's left (unseen61 through
// the production reader, round 18): that is no wrap.
func wrapsUnder(a, b Line) bool {
	if a.Box.IsZero() || b.Box.IsZero() || a.Box.Width <= a.Box.Height || b.Box.Width <= b.Box.Height {
		return true
	}
	cw := a.Box.Width / float64(max(1, utf8.RuneCountInString(a.Text)))
	return b.Box.Left >= a.Box.Left-2*cw && b.Box.Left <= a.Box.Left+a.Box.Width+2*cw
}

// mendAdjacent gives each pair of consecutive lines of one page, both with
// text whose reported words (if any) line up with it, to mend, which
// returns them changed and true when words belong on the other line. The
// reader's lines are not changed: a copy is, when anything moves, and the
// lines keep their places (an emptied line is left blank, without words
// or a place, which documentOf drops).
func mendAdjacent(lines []Line, mend func(a, b Line, af, bf []string) (Line, Line, bool)) []Line {
	var out []Line
	for i := 0; i+1 < len(lines); i++ {
		a, b := lines[i], lines[i+1]
		if out != nil {
			a, b = out[i], out[i+1]
		}
		if a.Page != b.Page {
			continue
		}
		af, bf := strings.Fields(a.Text), strings.Fields(b.Text)
		if len(af) == 0 || len(bf) == 0 || !wordsLineUp(a, af) || !wordsLineUp(b, bf) {
			continue
		}
		a, b, ok := mend(a, b, af, bf)
		if !ok {
			continue
		}
		if strings.TrimSpace(b.Text) == "" {
			// Emptied, it has no place either: a line without words
			// would keep the page's tables from being read from where
			// their words lie (wordsAsRead).
			b.Words, b.Box = nil, Box{}
		}
		if out == nil {
			out = append([]Line(nil), lines...)
		}
		out[i], out[i+1] = a, b
	}
	if out == nil {
		return lines
	}
	return out
}

// wordsLineUp: the line reports no words, or one for each of its text's.
func wordsLineUp(l Line, fields []string) bool {
	if len(l.Words) == 0 {
		return true
	}
	if len(l.Words) != len(fields) {
		return false
	}
	for k, w := range l.Words {
		if w.Text != fields[k] {
			return false
		}
	}
	return true
}

// wrappedDate finds a date begun by a's last words and ended by b's
// first: the number of b's words (head) that end it.
func wrappedDate(af, bf []string) (head int, ok bool) {
	for tail := 1; tail <= 2 && tail < len(af); tail++ {
		lead := strings.ToLower(strings.TrimRight(af[len(af)-tail-1], ":,"))
		if !wrapLeads[lead] {
			continue
		}
		start := strings.Join(af[len(af)-tail:], " ")
		if len(findDates(strings.ToLower(start))) > 0 || !strings.ContainsAny(start, "0123456789") && !hasMonthName(strings.ToLower(start)) {
			continue
		}
		for head = 1; head <= 2 && head <= len(bf); head++ {
			end := strings.Join(bf[:head], " ")
			if len(findDates(strings.ToLower(end))) > 0 {
				break
			}
			joined := strings.ToLower(strings.TrimRight(start+" "+end, ".,;"))
			ds := findDates(joined)
			if len(ds) == 1 && ds[0].start == 0 && ds[0].end == len(joined) {
				return head, true
			}
		}
	}
	return 0, false
}

// joinCellYears puts a year back with its day and month where a table's
// narrow cell wrapped it onto the next line ("19 Jul" over "2026" in a
// "Last supplied" column; unseen26's travel clinic summary, round 12,
// where the requested medicine's own date was lost and the page's other
// dates rated in its place, a false accept): a day and a month name with
// no year after them, and right under them, starting within their span,
// a word of nothing but a four-digit year. Only where the reader gave the
// words' places and they line up with the text.
func joinCellYears(lines []Line) []Line {
	mend := func(a, b Line, _, _ []string) (Line, Line, bool) {
		k, y := cellYear(a.Words, b.Words)
		if k < 0 {
			return a, b, false
		}
		a.Words = append(append(append([]Word(nil), a.Words[:k+1]...), b.Words[y]), a.Words[k+1:]...)
		b.Words = append(append([]Word(nil), b.Words[:y]...), b.Words[y+1:]...)
		a.Text, b.Text = wordsJoined(a.Words), wordsJoined(b.Words)
		return a, b, true
	}
	lines = mendAdjacent(lines, mend)
	// Textract gives a row's cells as LINEs of their own, so another
	// column's cell may come between the day and month and the year under
	// them ("24 November", "(tirzepatide)", "doses) 2026": unseen11's
	// delivery note through the production reader, round 14). Two lines on,
	// the year must still lie right under them, within two of their
	// heights.
	var out []Line
	for i := 0; i+2 < len(lines); i++ {
		a, b := lines[i], lines[i+2]
		if out != nil {
			a, b = out[i], out[i+2]
		}
		if a.Page != b.Page || !wordsLineUp(a, strings.Fields(a.Text)) || !wordsLineUp(b, strings.Fields(b.Text)) {
			continue
		}
		k, y := cellYear(a.Words, b.Words)
		if k < 0 || b.Words[y].Box.Top-a.Words[k].Box.Top > 3*a.Words[k].Box.Height {
			continue
		}
		a, b, _ = mend(a, b, nil, nil)
		if out == nil {
			out = append([]Line(nil), lines...)
		}
		out[i], out[i+2] = a, b
	}
	if out == nil {
		return lines
	}
	return out
}

// cellYear finds in a a day and a month name with no year after them
// (k: the month's index) and in b the year word right under them (y);
// -1, -1 when there is none.
func cellYear(a, b []Word) (k, y int) {
	isDay := func(w Word) bool { n := atoi(strings.TrimRight(w.Text, ",.")); return n >= 1 && n <= 31 }
	isMonth := func(w Word) bool {
		return monthNumber(strings.ToLower(strings.TrimRight(w.Text, ".,"))) != 0 && len(strings.TrimRight(w.Text, ".,")) <= 9
	}
	for k = 1; k < len(a); k++ {
		// Day then month ("19 Jul"), or month then day ("November 21,",
		// a US visit summary's cell through Textract; unseen62, round 17).
		day, month := a[k-1], a[k]
		if !(isDay(day) && isMonth(month) || isMonth(day) && isDay(month)) || day.Box.IsZero() || month.Box.IsZero() {
			continue
		}
		if k+1 < len(a) && len(a[k+1].Text) == 4 && atoi(a[k+1].Text) > 1900 {
			continue // the year is there
		}
		if char := max(day.Box.Width/letters(day.Text), month.Box.Width/letters(month.Text)); month.Box.Left-(day.Box.Left+day.Box.Width) > 2*char {
			// Two cells' words, not one date's: an expiry's "Sep" (its
			// year "2027" under it) beside a dispensing date's "24 Nov"
			// (unseen91's delivery note, round 22, where "September 24
			// 2027" was rated the dispensing date, in the future).
			continue
		}
		left, right := day.Box.Left, month.Box.Left+month.Box.Width
		for y = range b {
			w := b[y]
			if len(w.Text) == 4 && atoi(w.Text) >= 1900 && atoi(w.Text) <= 2199 && !w.Box.IsZero() &&
				w.Box.Left >= left-day.Box.Height && w.Box.Left <= right && w.Box.Top > day.Box.Top &&
				len(findDates(strings.ToLower(day.Text+" "+month.Text+" "+w.Text))) == 1 {
				return k, y
			}
		}
	}
	return -1, -1
}

// wordsJoined is words' texts joined by spaces.
func wordsJoined(ws []Word) string {
	s := make([]string, len(ws))
	for k, w := range ws {
		s[k] = w.Text
	}
	return strings.Join(s, " ")
}
