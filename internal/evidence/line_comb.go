package evidence

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Forms ask for block capitals one to a box ("comb" fields), and a PDF's
// text, or a reader, gives each box's character as a word of its own:
// "T R E L O A R - Q U I C K" for a surname, "2 1 1 1 2 0 2 6" over "DD MM
// YYYY" for a date of supply (unseen131, round 26: no name and no date read
// on any of its forms). joinCombFields writes such runs as the words they
// are before anything reads the lines: at least minCombLetters letters (and
// hyphens or apostrophes between them) become one word, and eight digits
// that make a day, a month and a year become a date, its day and month
// ordered by a "DD MM YYYY" or "MM DD YYYY" caption on its line or the
// lines about it (written with the month's name, which no reader takes the
// wrong way round), else as printed with slashes, the document's own cues
// deciding as for any numeric date. Fewer letters ("J R Smith"), other runs
// of digits (a dose ladder's "1 2 3 4"), and runs of letters and digits
// mixed (an ID) are left as they are.
func joinCombFields(lines []Line) []Line {
	var out []Line
	for i, l := range lines {
		joined, ok := joinCombLine(l, combDateOrder(lines, i))
		if !ok {
			continue
		}
		if out == nil {
			out = append([]Line(nil), lines...)
		}
		out[i] = joined
	}
	if out == nil {
		return lines
	}
	return out
}

// minCombLetters: fewer single letters in a row are initials.
const minCombLetters = 4

// combToken is one character of a line standing alone, or any other word.
type combToken struct {
	text string
	word *Word // the reader's word, when its words are the line's tokens
}

// joinCombLine rewrites line l's comb runs (order: how a run of eight
// digits is read, combUnknown when no caption says); ok false when it has
// none.
func joinCombLine(l Line, order combOrder) (Line, bool) {
	fields := strings.Fields(l.Text)
	if len(fields) < minCombLetters {
		return l, false
	}
	toks := make([]combToken, len(fields))
	aligned := len(l.Words) == len(fields)
	for k, f := range fields {
		toks[k].text = f
		if aligned && l.Words[k].Text == f {
			toks[k].word = &l.Words[k]
		} else {
			aligned = false
		}
	}
	if !aligned {
		for k := range toks {
			toks[k].word = nil
		}
	}
	var texts []string
	var words []Word
	emit := func(run []combToken, text string) {
		texts = append(texts, text)
		if aligned {
			words = append(words, spanWord(run, text))
		}
	}
	changed := false
	for k := 0; k < len(toks); {
		end := combRunEnd(toks, k)
		segs := combSegments(toks[k:end])
		for i := 0; i < len(segs); i++ {
			run := segs[i]
			if i+2 < len(segs) && digitGroups(segs[i:i+3], 2, 2, 4) {
				// A date's boxes in three groups, day, month and year.
				run = slices.Concat(segs[i], segs[i+1], segs[i+2])
				if text, ok := combDate(joinTexts(run), order); ok {
					emit(run, text)
					changed = true
					i += 2
					continue
				}
				run = segs[i]
			}
			if text, ok := combText(run, order); ok {
				emit(run, text)
				changed = true
				continue
			}
			for _, t := range run {
				texts = append(texts, t.text)
				if aligned {
					words = append(words, *t.word)
				}
			}
		}
		k = end
	}
	if !changed {
		return l, false
	}
	l.Text = strings.Join(texts, " ")
	if aligned {
		l.Words = words
	} else {
		l.Words = nil
	}
	return l, true
}

// combRunEnd is the end of the run of one-character tokens from k (k+1
// when toks[k] is not one).
func combRunEnd(toks []combToken, k int) int {
	end := k
	for end < len(toks) && combChar(toks[end].text) {
		end++
	}
	// A dash after the last box is the line's, not the name's.
	for end > k+1 && !combAlnum(toks[end-1].text) {
		end--
	}
	return max(end, k+1)
}

func combAlnum(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// combChar: a letter, a digit, a hyphen or an apostrophe alone.
func combChar(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n == len(s) && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '\'' || r == '’')
}

// combText is the run written as what it is: a word of letters, or a date
// of eight digits; ok false for anything else.
func combText(run []combToken, order combOrder) (string, bool) {
	var letters, digits int
	var b strings.Builder
	for _, t := range run {
		r, _ := utf8.DecodeRuneInString(t.text)
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			digits++
		}
		b.WriteString(t.text)
	}
	s := b.String()
	switch {
	case digits == 0 && letters >= minCombLetters && combEdgesAreLetters(s):
		return s, true
	case letters == 0 && digits == 8 && len(s) == 8:
		return combDate(s, order)
	}
	return "", false
}

// combSegments splits a run of one-character tokens where a box was left
// empty between them or a field ends ("K  B O L I T H O", an initial and a
// surname; "C H P 6 6 0 4 1 2 7   0 7 2 2 1 9 8 1", a member's ID and a
// date of birth): a gap half as wide again as the narrowest between its
// boxes, when the reader placed them; one segment otherwise.
func combSegments(run []combToken) [][]combToken {
	narrowest := -1.0
	for k := 1; k < len(run); k++ {
		a, b := run[k-1].word, run[k].word
		if a == nil || b == nil || a.Box.IsZero() || b.Box.IsZero() {
			return [][]combToken{run}
		}
		if g := b.Box.Left - a.Box.Left; narrowest < 0 || g < narrowest {
			narrowest = g
		}
	}
	var segs [][]combToken
	from := 0
	for k := 1; k < len(run); k++ {
		if narrowest > 0 && run[k].word.Box.Left-run[k-1].word.Box.Left > 1.5*narrowest {
			segs = append(segs, run[from:k])
			from = k
		}
	}
	return append(segs, run[from:])
}

// digitGroups reports segments of digits alone, of the sizes given.
func digitGroups(segs [][]combToken, sizes ...int) bool {
	for k, seg := range segs {
		if len(seg) != sizes[k] {
			return false
		}
		for _, t := range seg {
			if r, _ := utf8.DecodeRuneInString(t.text); !unicode.IsDigit(r) {
				return false
			}
		}
	}
	return true
}

func joinTexts(run []combToken) string {
	var b strings.Builder
	for _, t := range run {
		b.WriteString(t.text)
	}
	return b.String()
}

// combEdgesAreLetters: a hyphen or an apostrophe joins letters; one at
// either end is a dash or a quote beside the word.
func combEdgesAreLetters(s string) bool {
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsLetter(first) && unicode.IsLetter(last)
}

// combOrder is the order of a comb date's day and month, as its caption
// gives it.
type combOrder int

const (
	combUnknown combOrder = iota
	combDayFirst
	combMonthFirst
)

// combDate writes eight digits as a date: the year last, a plausible day
// and month before it, in civilDate's unambiguous form ("21 Nov 2026") when
// a caption orders them; ok false when they make none.
func combDate(s string, order combOrder) (string, bool) {
	a, b, year := atoi2(s[0:2]), atoi2(s[2:4]), s[4:8]
	if year[:2] != "19" && year[:2] != "20" {
		return "", false
	}
	day, month := a, b
	switch order {
	case combMonthFirst:
		day, month = b, a
	case combUnknown:
		if a < 1 || a > 31 || b < 1 || b > 31 || (a > 12 && b > 12) {
			return "", false
		}
		return s[0:2] + "/" + s[2:4] + "/" + year, true
	}
	y, _ := strconv.Atoi(year)
	c := civilDate{year: y, month: month, day: day}
	if !c.valid() {
		return "", false
	}
	return c.String(), true
}

func atoi2(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }

// combDateOrder is the day-and-month order a caption near line i gives: on
// the line itself ("Date signed (MM DD YYYY)"), on one of the three lines
// above ("MM DD YYYY" over a table's row), or under it, written across
// ("DD MM YYYY") or a part a line ("DD" / "MM" / "YYYY").
func combDateOrder(lines []Line, i int) combOrder {
	for k := max(0, i-3); k <= min(len(lines)-1, i+3); k++ {
		if o := captionOrder(strings.Fields(lines[k].Text)); o != combUnknown {
			return o
		}
	}
	var parts []string
	for k := i + 1; k < len(lines) && k <= i+3; k++ {
		f := strings.Fields(lines[k].Text)
		if len(f) != 1 {
			break
		}
		parts = append(parts, f[0])
	}
	return captionOrder(parts)
}

// captionOrder reads "DD", "MM" and "YYYY" among fields, in brackets or
// not: day first, month first, or unknown when they are not all there.
func captionOrder(fields []string) combOrder {
	dd, mm, yy := -1, -1, -1
	for k, f := range fields {
		switch strings.Trim(strings.ToUpper(f), "()[],.:") {
		case "DD":
			dd = k
		case "MM":
			mm = k
		case "YYYY":
			yy = k
		}
	}
	switch {
	case dd < 0 || mm < 0 || yy < 0:
		return combUnknown
	case dd < mm:
		return combDayFirst
	}
	return combMonthFirst
}

// spanWord is one word over a run's words: its text, the box that holds
// them all and the weakest confidence among them.
func spanWord(run []combToken, text string) Word {
	w := *run[0].word
	w.Text = text
	right, bottom := w.Box.Left+w.Box.Width, w.Box.Top+w.Box.Height
	for _, t := range run[1:] {
		o := t.word
		w.Confidence = min(w.Confidence, o.Confidence)
		w.Box.Left, w.Box.Top = min(w.Box.Left, o.Box.Left), min(w.Box.Top, o.Box.Top)
		right, bottom = max(right, o.Box.Left+o.Box.Width), max(bottom, o.Box.Top+o.Box.Height)
	}
	w.Box.Width, w.Box.Height = right-w.Box.Left, bottom-w.Box.Top
	return w
}
