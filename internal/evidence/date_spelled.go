// Dates said in words ("the eleventh of November", "November
// twenty-fourth, two thousand twenty-six") and dates written without their
// year ("Sunday 15th November"), placed in the year the page's own date
// gives them.

package evidence

import (
	"strings"
	"time"
)

// ordinalDays are the days of a month said as ordinals; the twenty- and
// thirty- ones are put together from these by dayAt.
var ordinalDays = map[string]int{
	"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
	"ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
	"fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
	"twentieth": 20, "thirtieth": 30,
}

// tensWords are the tens a day or a year is said with.
var tensWords = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}

// weekdayWords are the days of the week as dates and diaries name them,
// whole or short.
var weekdayWords = map[string]time.Weekday{
	"sunday": time.Sunday, "sun": time.Sunday, "monday": time.Monday, "mon": time.Monday,
	"tuesday": time.Tuesday, "tue": time.Tuesday, "tues": time.Tuesday,
	"wednesday": time.Wednesday, "wed": time.Wednesday,
	"thursday": time.Thursday, "thu": time.Thursday, "thur": time.Thursday, "thurs": time.Thursday,
	"friday": time.Friday, "fri": time.Friday, "saturday": time.Saturday, "sat": time.Saturday,
}

// isWeekday reports a weekday's name, whole or short.
func isWeekday(w string) bool {
	_, ok := weekdayWords[w]
	return ok
}

// monthWords are the months as dates name them, in full or cut short.
var monthWords = func() map[string]int {
	out := map[string]int{"sept": 9}
	for m := time.January; m <= time.December; m++ {
		full := strings.ToLower(m.String())
		out[full], out[full[:3]] = int(m), int(m)
	}
	return out
}()

// datePhrase is a date said or written on a line without figures for all
// of it: fields[start:end] name it (a weekday before it is left out). Its
// year is 0 when the line does not say it.
type datePhrase struct {
	start, end int
	date       civilDate
	weekday    time.Weekday
	hasWeekday bool
}

// aheadCueRe marks a date ahead of the page's own, in the four words
// before it or on its line: an expiry, a discard or due date, a next step,
// an estimate. A yearless date so captioned is the first such day on or
// after the page's date.
var aheadCueRe = lazyRE(`\b(exp|expiry|expires?|expiration|expiring|discard|due|next|until|till|renew|renewal|review|valid|appointment|appt|use by|best before|beyond|estimated|expected|eta|will)\b`)

// birthCueRe marks a birth date, in the four words before it or on its
// line: no guide to the page's date, and never placed in a year.
var birthCueRe = lazyRE(`\b(born|birth|dob)\b`)

// writeSpelledDates writes in figures each date a line says in words ("the
// tenth day of November, two thousand twenty-six" as "2026-11-10") and
// each date written without its year in the year the page's own date
// gives it: the latest such day on or before the page's latest date, one
// that is no expiry, due date or birth ("We made them up ... on Wednesday
// the eleventh of November" under "Date: 25 November 2026" is 11 Nov 2026;
// round 19, unseen67's easy-read letter, caption screen and call
// recorder). A date whose weekday the page's year contradicts stays
// unread. A page with no date of its own (a lock screen's "Thu, Nov 26", a
// watch's "Dispensed Wed 25 Nov") places a yearless date with its weekday
// in the twelve months up to tomorrow when that day is its weekday, as a
// clinician reads a screen's dates as this year's; fitted lists those
// lines, whose dates are rated no better than medium with a note (round 20,
// unseen74). Without a weekday, or looking ahead, it stays unread. A
// line's reported words are written the same way, the date's words one
// word where they were read.
func writeSpelledDates(lines []Line, today time.Time) (_ []Line, fitted map[int]bool) {
	phrases := map[int][]datePhrase{}
	for i, l := range lines {
		if monthNameIn(l.Text) {
			if ps := datePhrases(strings.Fields(l.Text)); len(ps) > 0 {
				phrases[i] = ps
			}
		}
	}
	if len(phrases) == 0 {
		return lines, nil
	}
	anchors := pageDates(lines, phrases, today)
	var out []Line
	for i, ps := range phrases {
		l := lines[i]
		var dates []string
		fields := strings.Fields(l.Text)
		for _, p := range ps {
			before, _ := normalise(strings.Join(fields[max(0, p.start-4):p.start], " "))
			if p.date.year == 0 && birthCueRe.MatchString(before) {
				dates = append(dates, "")
				continue
			}
			ahead := aheadCueRe.MatchString(before)
			placed := placedDate(p, anchors[l.Page], ahead)
			if placed == "" && !anchors[l.Page].valid() && !ahead {
				if placed = fittedDate(p, today); placed != "" {
					if fitted == nil {
						fitted = map[int]bool{}
					}
					fitted[i] = true
				}
			}
			dates = append(dates, placed)
		}
		nl, changed := writeDates(l, ps, dates)
		if !changed {
			continue
		}
		if out == nil {
			out = append([]Line(nil), lines...)
		}
		out[i] = nl
	}
	if out == nil {
		return lines, nil
	}
	return out, fitted
}

// fittedDate is phrase p's date in the twelve months up to the day after
// today, when it has a weekday and no year and that day is its weekday;
// else "". A weekday fits a day of the year every five, six or eleven
// years, so a screen from another year is rarely taken for this one's and
// never from the year before.
func fittedDate(p datePhrase, today time.Time) string {
	if p.date.year != 0 || !p.hasWeekday || today.IsZero() {
		return ""
	}
	limit := civilDay(today.AddDate(0, 0, 1))
	c := civilDate{limit.year, p.date.month, p.date.day}
	if c.compare(limit) > 0 {
		c.year--
	}
	if !c.valid() || c.time().Weekday() != p.weekday {
		return ""
	}
	return c.time().Format("2006-01-02")
}

// placedDate is phrase p's date as year-month-day, its year from the
// page's latest date when it has none (the first such day after it when
// the line looks ahead); "" when it cannot be placed.
func placedDate(p datePhrase, anchor civilDate, ahead bool) string {
	c := p.date
	if c.year == 0 {
		if !anchor.valid() {
			return ""
		}
		c.year = anchor.year
		after := c.month > anchor.month || c.month == anchor.month && c.day > anchor.day
		switch {
		case after && !ahead:
			c.year--
		case !after && ahead && (c.month != anchor.month || c.day != anchor.day):
			c.year++
		}
		if !c.valid() || p.hasWeekday && c.time().Weekday() != p.weekday {
			return ""
		}
	}
	if !c.valid() {
		return ""
	}
	return c.time().Format("2006-01-02")
}

// writeDates writes each phrase's date (when not "") over its words.
func writeDates(l Line, ps []datePhrase, dates []string) (Line, bool) {
	fields := strings.Fields(l.Text)
	lined := len(l.Words) > 0 && wordsLineUp(l, fields)
	var nf []string
	var nw []Word
	k, changed := 0, false
	for pi, p := range ps {
		if dates[pi] == "" {
			continue
		}
		nf = append(nf, fields[k:p.start]...)
		last := fields[p.end-1]
		nf = append(nf, dates[pi]+last[len(strings.TrimRight(last, ".,;:)\"'”")):])
		if lined {
			nw = append(nw, l.Words[k:p.start]...)
			w := l.Words[p.start]
			for _, o := range l.Words[p.start+1 : p.end] {
				w.Box = w.Box.Union(o.Box)
				w.Confidence = min(w.Confidence, o.Confidence)
			}
			w.Text = nf[len(nf)-1]
			nw = append(nw, w)
		}
		k, changed = p.end, true
	}
	if !changed {
		return l, false
	}
	nf = append(nf, fields[k:]...)
	l.Text = strings.Join(nf, " ")
	if lined {
		l.Words = append(nw, l.Words[k:]...)
	}
	return l, true
}

// pageDates is each page's latest date that tells when it was written, for
// the pages with a date phrase lacking its year (none after the day after
// today, when today is given): the dates of its lines
// that name no expiry, due date or birth, read as findDates reads them (a
// day and month either way round: the earlier), and its phrases with a
// year, one whose year begins the next line included ("Outgoing -
// Wednesday, November 25," over "2026, 4:31 PM", a call recorder's header).
func pageDates(lines []Line, phrases map[int][]datePhrase, today time.Time) map[int]civilDate {
	pages := map[int]bool{}
	for i, ps := range phrases {
		for _, p := range ps {
			if p.date.year == 0 {
				pages[lines[i].Page] = true
			}
		}
	}
	out := map[int]civilDate{}
	later := func(page int, c civilDate) {
		if !today.IsZero() && c.valid() && c.time().After(today.AddDate(0, 0, 1)) {
			return
		}
		if c.valid() && (!out[page].valid() || c.compare(out[page]) > 0) {
			out[page] = c
		}
	}
	for i, l := range lines {
		if !pages[l.Page] {
			continue
		}
		norm, _ := normalise(l.Text)
		if aheadCueRe.MatchString(norm) || birthCueRe.MatchString(norm) {
			continue
		}
		for _, f := range findDates(norm) {
			c := f.reading(true)
			if o := f.reading(false); o.valid() && (!c.valid() || o.compare(c) < 0) {
				c = o
			}
			later(l.Page, c)
		}
		for _, p := range phrases[i] {
			c := p.date
			if c.year == 0 && p.end == len(strings.Fields(l.Text)) && i+1 < len(lines) && lines[i+1].Page == l.Page {
				c.year = leadingYear(lines[i+1].Text)
			}
			if c.year > 0 && (!p.hasWeekday || c.valid() && c.time().Weekday() == p.weekday) {
				later(l.Page, c)
			}
		}
	}
	return out
}

// leadingYear is the year of four figures that begins s ("2026, 4:31 PM"),
// else 0.
func leadingYear(s string) int {
	f := strings.Fields(s)
	if len(f) == 0 {
		return 0
	}
	y := strings.TrimRight(f[0], ",.")
	if len(y) != 4 || strings.ContainsFunc(y, func(r rune) bool { return r < '0' || r > '9' }) {
		return 0
	}
	return atoi(y)
}

// monthNameIn reports a month's name or its first three letters in s, in
// any case, without copying s: most lines have none.
func monthNameIn(s string) bool {
	for i := 0; i+3 <= len(s); i++ {
		c := s[i] | 0x20
		if c < 'a' || c > 'z' {
			continue
		}
		for _, p := range monthPrefixes {
			if c == p[0] && strings.EqualFold(s[i:i+3], p) {
				return true
			}
		}
	}
	return false
}

// phraseWord is fields[i] lowercased, its marks trimmed ("" past the end).
func phraseWord(fields []string, i int) string {
	if i < 0 || i >= len(fields) {
		return ""
	}
	return strings.ToLower(strings.Trim(fields[i], ".,;:()\"'“”’"))
}

// datePhrases finds the dates of a line's fields said with a day in words
// or with no year: "the eleventh of November", "Tuesday, November
// twenty-fourth", "the tenth day of November, two thousand twenty-six",
// "Sunday 15th November", "Wed, Nov 25". Dates all in figures
// ("November 3rd, 2026") are findDates's.
func datePhrases(fields []string) []datePhrase {
	var out []datePhrase
	for k := 0; k < len(fields); k++ {
		if p, ok := datePhraseAt(fields, k); ok {
			out = append(out, p)
			k = p.end - 1
		}
	}
	return out
}

// datePhraseAt reads a date phrase beginning at fields[k], a weekday
// before it allowed: the day then the month ("the eleventh of November",
// "15th November", with a weekday "16 Nov") or the month then the day
// ("November twenty-fourth", "Nov 3rd", with a weekday "Nov 25"), then its
// year if said. "May" and "March" open a date only capitalised (not "you
// may first ...").
func datePhraseAt(fields []string, k int) (datePhrase, bool) {
	var p datePhrase
	i := k
	if wd, ok := weekdayWords[phraseWord(fields, i)]; ok {
		p.weekday, p.hasWeekday = wd, true
		i++
		if phraseWord(fields, i) == "the" {
			i++
		}
	}
	p.start = i
	j := i
	if phraseWord(fields, j) == "the" {
		j++
	}
	day, digits, next, ok := dayAt(fields, j, p.hasWeekday)
	if ok {
		if phraseWord(fields, next) == "day" {
			next++
		}
		of := phraseWord(fields, next) == "of"
		if of {
			next++
		}
		m := monthWords[phraseWord(fields, next)]
		if m == 0 {
			return p, false
		}
		p.date, p.end = civilDate{0, m, day}, next+1
	} else {
		m := monthWords[phraseWord(fields, i)]
		if w := phraseWord(fields, i); m == 0 || (w == "may" || w == "march" || w == "mar") && !strings.HasPrefix(strings.TrimLeft(fields[i], "(\"'“"), "M") {
			return p, false
		}
		j = i + 1
		if phraseWord(fields, j) == "the" {
			j++
		}
		if day, digits, next, ok = dayAt(fields, j, p.hasWeekday); !ok {
			return p, false
		}
		p.date, p.end = civilDate{0, m, day}, next
	}
	if two := phraseWord(fields, p.end); digits && len(two) == 2 && atoi(two) > 0 {
		return p, false // "Nov 25, 26": findDates reads a two-figure year
	}
	if y, next, ok := yearAt(fields, p.end); ok {
		if digits && next == p.end+1 {
			return p, false // all in figures: findDates reads it
		}
		p.date.year, p.end = y, next
	}
	return p, p.date.day <= 31
}

// dayAt reads a day of the month at fields[i]: an ordinal in words
// ("eleventh", "twenty-fourth", "twenty fourth") or in figures ("15th"),
// or a bare number when a weekday came before ("Mon 16 Nov"). digits says
// it was written in figures.
func dayAt(fields []string, i int, bare bool) (day int, digits bool, next int, ok bool) {
	w := phraseWord(fields, i)
	if d, found := ordinalDays[w]; found {
		return d, false, i + 1, true
	}
	if tens, unit, found := strings.Cut(w, "-"); found {
		if d, ok := tensWords[tens]; ok && d <= 30 && ordinalDays[unit] > 0 && ordinalDays[unit] < 10 {
			return d + ordinalDays[unit], false, i + 1, d+ordinalDays[unit] <= 31
		}
	}
	if d, ok := tensWords[w]; ok && d <= 30 {
		if u := ordinalDays[phraseWord(fields, i+1)]; u > 0 && u < 10 && d+u <= 31 {
			return d + u, false, i + 2, true
		}
	}
	n := strings.TrimRight(w, "stndrh")
	if n == "" || len(n) > 2 || strings.ContainsFunc(n, func(r rune) bool { return r < '0' || r > '9' }) {
		return 0, false, 0, false
	}
	if d := atoi(n); d >= 1 && d <= 31 && (n != w && ordinalSuffix(d, w[len(n):]) || n == w && bare) {
		return d, true, i + 1, true
	}
	return 0, false, 0, false
}

// ordinalSuffix reports whether suffix is day d's ("st" for 1, 21 and
// 31, ...).
func ordinalSuffix(d int, suffix string) bool {
	want := "th"
	switch {
	case d%10 == 1 && d != 11:
		want = "st"
	case d%10 == 2 && d != 12:
		want = "nd"
	case d%10 == 3 && d != 13:
		want = "rd"
	}
	return suffix == want
}

// yearWordRe is a year in figures.
var yearWordRe = lazyRE(`^(19|20|21)\d\d$`)

// yearAt reads a year at fields[i]: in figures, or in words ("two thousand
// twenty-six", "two thousand and twenty-six", "twenty twenty-six",
// "nineteen seventy-one").
func yearAt(fields []string, i int) (year, next int, ok bool) {
	w := phraseWord(fields, i)
	if yearWordRe.MatchString(w) {
		return atoi(w), i + 1, true
	}
	switch {
	case w == "two" && phraseWord(fields, i+1) == "thousand":
		j := i + 2
		if phraseWord(fields, j) == "and" {
			j++
		}
		if n, next, ok := cardinalAt(fields, j); ok && n < 100 {
			return 2000 + n, next, true
		}
	case w == "twenty" || w == "nineteen":
		if n, next, ok := cardinalAt(fields, i+1); ok && n >= 10 && n < 100 {
			return map[string]int{"twenty": 2000, "nineteen": 1900}[w] + n, next, true
		}
	}
	return 0, 0, false
}

// cardinalAt reads a number from one to ninety-nine in words at fields[i]
// ("six", "eleven", "twenty-six", "twenty six").
func cardinalAt(fields []string, i int) (n, next int, ok bool) {
	w := phraseWord(fields, i)
	if v, found := spelledNumbers[w]; found && v > 0 && v < 20 {
		return v, i + 1, true
	}
	if tens, unit, found := strings.Cut(w, "-"); found {
		if t, u := tensWords[tens], spelledNumbers[unit]; t > 0 && u > 0 && u < 10 {
			return t + u, i + 1, true
		}
		return 0, 0, false
	}
	t := tensWords[w]
	if t == 0 {
		return 0, 0, false
	}
	if u := spelledNumbers[phraseWord(fields, i+1)]; u > 0 && u < 10 {
		return t + u, i + 2, true
	}
	return t, i + 1, true
}
