// Dates a narrow column wrapped over two lines, put back together.

package evidence

import "strings"

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
// The reader's lines are not changed: a copy is, when anything moves.
func joinWrapped(lines []Line, wrapped func(af, bf []string) (head int, ok bool)) []Line {
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
		head, ok := wrapped(af, bf)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]Line(nil), lines...)
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
