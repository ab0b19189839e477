// Dates written on a line: calendar dates, their day/month readings and the patterns that find them.

package evidence

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// civilDate is a calendar date with no time or zone.
type civilDate struct{ year, month, day int }

func (c civilDate) valid() bool {
	if c.year < 1900 || c.year > 2199 || c.month < 1 || c.month > 12 || c.day < 1 {
		return false
	}
	return c.day <= time.Date(c.year, time.Month(c.month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

func (c civilDate) time() time.Time {
	return time.Date(c.year, time.Month(c.month), c.day, 0, 0, 0, 0, time.UTC)
}

func (c civilDate) compare(o civilDate) int {
	return c.time().Compare(o.time())
}

// String is the unambiguous form a note uses: "3 Nov 2026".
func (c civilDate) String() string {
	return fmt.Sprintf("%d %s %d", c.day, time.Month(c.month).String()[:3], c.year)
}

// foundDate is a date written on a line. A numeric date whose day and month
// could be either way round has two readings; other dates have one, in both.
type foundDate struct {
	start, end int
	text       string
	dayFirst   civilDate // zero when that reading is impossible
	monthFirst civilDate
	// numericOrder is "dmy" or "mdy" when the date itself settles the order
	// of a numeric date (a component over 12), "" otherwise.
	numericOrder string
	// impossible marks a numeric date with a full year that is no calendar
	// date either way round ("14/41/2026"): a date OCR misread. Both
	// readings are zero.
	impossible bool
}

func (f foundDate) ambiguous() bool {
	return f.dayFirst.valid() && f.monthFirst.valid() && f.dayFirst != f.monthFirst
}

// reading is the date when the day/month order is dayFirst (or not).
func (f foundDate) reading(dayFirst bool) civilDate {
	switch {
	case !f.dayFirst.valid():
		return f.monthFirst
	case !f.monthFirst.valid():
		return f.dayFirst
	case dayFirst:
		return f.dayFirst
	}
	return f.monthFirst
}

const monthPattern = `(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

var (
	isoDateRe     = lazyRE(`\b(\d{4})([-/.])(\d{1,2})([-/.])(\d{1,2})(?:t|\b)`)
	numericDateRe = lazyRE(`\b(\d{1,2})([-/.])(\d{1,2})([-/.])(\d{4}|\d{2})\b`)
	// splitDateRe is a numeric date whose middle number OCR split with a
	// space ("dispensed 23/1 1/2026" through Textract; unseen62's ward
	// checklist, round 17): a four-digit year only.
	splitDateRe = lazyRE(`\b(\d{1,2})([-/.])(\d) (\d)([-/.])(\d{4})\b`)
	dayMonthRe  = lazyRE(`\b(\d{1,2})(?:st|nd|rd|th)?[\s./-]*(?:of\s+)?` + monthPattern + `\.?[\s./,-]*(\d{4}|\d{2})\b`)
	monthDayRe  = lazyRE(`\b` + monthPattern + `\.?[\s./-]*(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|[\s./-]+)(\d{4}|\d{2})\b`)
)

// findDates finds the dates written in a normalised (lowercase) line:
// 2026-11-03, 03/11/2026, 3/11/26, 03.11.2026, 3 Nov 2026, 3rd November
// 2026, November 3, 2026, 03NOV26. Two-digit years are 20yy.
func findDates(s string) []foundDate {
	var out []foundDate
	taken := func(start, end int) bool {
		for _, f := range out {
			if start < f.end && f.start < end {
				return true
			}
		}
		return false
	}
	add := func(f foundDate, start, end int) {
		if taken(start, end) {
			return
		}
		f.start, f.end, f.text = start, end, s[start:end]
		out = append(out, f)
	}
	for _, m := range isoDateRe.FindAllStringSubmatchIndex(s, -1) {
		if s[m[4]:m[5]] != s[m[8]:m[9]] {
			continue
		}
		c := civilDate{atoi(s[m[2]:m[3]]), atoi(s[m[6]:m[7]]), atoi(s[m[10]:m[11]])}
		if c.valid() {
			add(foundDate{dayFirst: c, monthFirst: c}, m[2], m[11])
		}
	}
	for _, m := range numericDateRe.FindAllStringSubmatchIndex(s, -1) {
		if s[m[4]:m[5]] != s[m[8]:m[9]] {
			continue
		}
		a, b, y := atoi(s[m[2]:m[3]]), atoi(s[m[6]:m[7]]), fullYear(s[m[10]:m[11]])
		f := foundDate{dayFirst: civilDate{y, b, a}, monthFirst: civilDate{y, a, b}}
		switch {
		case !f.dayFirst.valid() && !f.monthFirst.valid():
			if len(s[m[10]:m[11]]) == 4 && (civilDate{y, 1, 1}).valid() {
				add(foundDate{impossible: true}, m[2], m[11])
			}
			continue
		case !f.monthFirst.valid():
			f.numericOrder = "dmy"
			f.monthFirst = civilDate{}
		case !f.dayFirst.valid():
			f.numericOrder = "mdy"
			f.dayFirst = civilDate{}
		}
		add(f, m[2], m[11])
	}
	for _, m := range splitDateRe.FindAllStringSubmatchIndex(s, -1) {
		if f, ok := splitDate(s, m); ok {
			add(f, m[2], m[13])
		}
	}
	if hasForeignMonth(s) {
		for _, m := range foreignDayMonthRe.FindAllStringSubmatchIndex(s, -1) {
			c := civilDate{fullYear(s[m[6]:m[7]]), foreignMonths()[s[m[4]:m[5]]], atoi(s[m[2]:m[3]])}
			if c.valid() {
				add(foundDate{dayFirst: c, monthFirst: c}, m[2], m[7])
			}
		}
	}
	if !hasMonthName(s) {
		slices.SortFunc(out, func(a, b foundDate) int { return a.start - b.start })
		return out
	}
	for _, m := range dayMonthRe.FindAllStringSubmatchIndex(s, -1) {
		c := civilDate{fullYear(s[m[6]:m[7]]), monthNumber(s[m[4]:m[5]]), atoi(s[m[2]:m[3]])}
		if c.valid() && !hourForYear(s, m[6], m[7]) && !dayBeforeYear(s, m[6], m[7]) && !dayAfterMonth(s, m[2]) {
			add(foundDate{dayFirst: c, monthFirst: c}, m[2], m[7])
		}
	}
	for _, m := range monthDayRe.FindAllStringSubmatchIndex(s, -1) {
		c := civilDate{fullYear(s[m[6]:m[7]]), monthNumber(s[m[2]:m[3]]), atoi(s[m[4]:m[5]])}
		if c.valid() && !hourForYear(s, m[6], m[7]) {
			add(foundDate{dayFirst: c, monthFirst: c}, m[2], m[7])
		}
	}
	slices.SortFunc(out, func(a, b foundDate) int { return a.start - b.start })
	return out
}

// dayBeforeYearRe follows a month-first date's day: its four-digit year.
var dayBeforeYearRe = lazyRE(`^,?\s*\d{4}\b`)

// dayBeforeYear reports two figures read as a date's year, s[start:end],
// that are the day of a month-first date whose year follows ("4 November
// 22, 2026": a quantity's 4 before the date's "November 22, 2026" in a
// packing slip's row; unseen54, round 22, read as 4 November 2022).
func dayBeforeYear(s string, start, end int) bool {
	return end-start == 2 && dayBeforeYearRe.MatchString(s[end:])
}

// dayAfterMonthRe ends with a month name and the space before a day.
var dayAfterMonthRe = lazyRE(`\b` + monthPattern + `\.?\s+$`)

// dayAfterMonth reports a day-first date's day, starting at start in s, that
// is the day of a yearless month-first date before it: a calendar's row of
// days, "Nov 24 Nov 25 Nov 26", whose "25 Nov 26" is no 25 November 2026
// (unseen169's IVF calendar through the local reader, round 32).
func dayAfterMonth(s string, start int) bool {
	return dayAfterMonthRe.MatchString(s[:start])
}

// hourForYear reports two figures read as a date's year, s[start:end],
// that are the hour of a time after a yearless date ("Tue 24 Nov 14:26",
// a phone's message stamp: unseen80's collection text, round 20, whose
// stamp was read as 24 Nov 2014 and set the page's year).
func hourForYear(s string, start, end int) bool {
	return end-start == 2 && end+1 < len(s) && s[end] == ':' && s[end+1] >= '0' && s[end+1] <= '9'
}

// splitDate is the date of splitDateRe's match m in s, its middle number's
// two digits put together.
func splitDate(s string, m []int) (foundDate, bool) {
	if s[m[4]:m[5]] != s[m[10]:m[11]] {
		return foundDate{}, false
	}
	a, b, y := atoi(s[m[2]:m[3]]), atoi(s[m[6]:m[7]]+s[m[8]:m[9]]), atoi(s[m[12]:m[13]])
	f := foundDate{dayFirst: civilDate{y, b, a}, monthFirst: civilDate{y, a, b}}
	switch {
	case !f.dayFirst.valid() && !f.monthFirst.valid():
		return foundDate{}, false
	case !f.monthFirst.valid():
		f.numericOrder, f.monthFirst = "dmy", civilDate{}
	case !f.dayFirst.valid():
		f.numericOrder, f.dayFirst = "mdy", civilDate{}
	}
	return f, true
}

// foreignMonthNames are the month names, and their usual abbreviations, of
// the languages patients' pages come in besides English (bilingual US
// labels, NHS Wales, pharmacies abroad), accents folded as normalise folds
// them: Spanish, Portuguese, French, Welsh, Romanian, Polish (the genitive
// a date takes), German, Haitian Creole; January first. Those written as
// in English ("nov", "mar") are read by dayMonthRe. These languages put
// the day first ("12 dic 2025", "20 Tachwedd 2026", "12 de diciembre de
// 2025"); a year is required, as for English names.
var foreignMonthNames = [12]string{
	"enero ene janeiro janvier janv ionawr ion ianuarie ian stycznia januar janvye",
	"febrero fevereiro fev fevrier fevr chwefror chwef februarie lutego februar fevriye",
	"marzo marco mars mawrth maw martie marca marz",
	"abril abr avril avr ebrill ebr aprilie kwietnia",
	"mayo maio mai maja",
	"junio junho juin mehefin meh iunie iun czerwca juni",
	"julio julho juillet juil gorffennaf gorff iulie iul lipca juli jiye",
	"agosto ago aout awst sierpnia",
	"septiembre setiembre setembro set septembre medi septembrie wrzesnia septanm",
	"octubre outubro out octobre hydref hyd octombrie pazdziernika oktober okt oktob",
	"noviembre novembro novembre tachwedd tach noiembrie noi listopada novanm",
	"diciembre dic dezembro dez decembre rhagfyr rhag decembrie grudnia dezember desanm",
}

// foreignMonthPattern is foreignMonthNames as alternatives, longest first
// (TestForeignMonthPattern checks it against the list).
const foreignMonthPattern = `(pazdziernika|gorffennaf|septembrie|septiembre|decembrie|diciembre|februarie|fevereiro|listopada|noiembrie|noviembre|octombrie|septembre|setiembre|chwefror|decembre|dezember|dezembro|ianuarie|kwietnia|novembre|novembro|setembro|sierpnia|stycznia|tachwedd|wrzesnia|aprilie|czerwca|febrero|februar|fevrier|fevriye|grudnia|janeiro|janvier|juillet|mehefin|octobre|octubre|oktober|outubro|rhagfyr|septanm|agosto|desanm|ebrill|hydref|ionawr|januar|janvye|lutego|martie|mawrth|novanm|abril|avril|chwef|enero|gorff|iulie|iunie|julho|julio|junho|junio|lipca|marca|marco|marzo|oktob|aout|awst|fevr|janv|jiye|juil|juin|juli|juni|maio|maja|mars|marz|mayo|medi|rhag|tach|abr|ago|avr|dez|dic|ebr|ene|fev|hyd|ian|ion|iul|iun|mai|maw|meh|noi|okt|out|set)`

var foreignDayMonthRe = lazyRE(`\b(\d{1,2})(?:er|o|\.)?[\s./-]*(?:de\s+|d')?` + foreignMonthPattern + `\.?[\s./,-]*(?:de\s+|del\s+)?(\d{4}|\d{2})\b`)

// foreignMonths is each foreign month name's month number, made at first
// use.
var foreignMonths = sync.OnceValue(func() map[string]int {
	out := map[string]int{}
	for i, ns := range foreignMonthNames {
		for _, n := range strings.Fields(ns) {
			out[n] = i + 1
		}
	}
	return out
})

// hasForeignMonth reports a word of s that is a foreign month name: a
// cheap test before foreignDayMonthRe.
func hasForeignMonth(s string) bool {
	months := foreignMonths()
	start := -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && months[s[start:i]] > 0 {
			return true
		}
		start = -1
	}
	return false
}

var monthPrefixes = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

func hasMonthName(s string) bool {
	for _, p := range monthPrefixes {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return n
}

func fullYear(s string) int {
	y := atoi(s)
	if len(s) == 2 {
		y += 2000
	}
	return y
}

func monthNumber(s string) int {
	for i, p := range monthPrefixes {
		if len(s) >= 3 && s[:3] == p {
			return i + 1
		}
	}
	return 0
}
