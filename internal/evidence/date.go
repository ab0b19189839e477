package evidence

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
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
	isoDateRe     = regexp.MustCompile(`\b(\d{4})([-/.])(\d{1,2})([-/.])(\d{1,2})(?:t|\b)`)
	numericDateRe = regexp.MustCompile(`\b(\d{1,2})([-/.])(\d{1,2})([-/.])(\d{4}|\d{2})\b`)
	dayMonthRe    = regexp.MustCompile(`\b(\d{1,2})(?:st|nd|rd|th)?[\s./-]*(?:of\s+)?` + monthPattern + `\.?[\s./,-]*(\d{4}|\d{2})\b`)
	monthDayRe    = regexp.MustCompile(`\b` + monthPattern + `\.?[\s./-]*(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|[\s./-]+)(\d{4}|\d{2})\b`)
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
	if !hasMonthName(s) {
		slices.SortFunc(out, func(a, b foundDate) int { return a.start - b.start })
		return out
	}
	for _, m := range dayMonthRe.FindAllStringSubmatchIndex(s, -1) {
		c := civilDate{fullYear(s[m[6]:m[7]]), monthNumber(s[m[4]:m[5]]), atoi(s[m[2]:m[3]])}
		if c.valid() {
			add(foundDate{dayFirst: c, monthFirst: c}, m[2], m[7])
		}
	}
	for _, m := range monthDayRe.FindAllStringSubmatchIndex(s, -1) {
		c := civilDate{fullYear(s[m[6]:m[7]]), monthNumber(s[m[2]:m[3]]), atoi(s[m[4]:m[5]])}
		if c.valid() {
			add(foundDate{dayFirst: c, monthFirst: c}, m[2], m[7])
		}
	}
	slices.SortFunc(out, func(a, b foundDate) int { return a.start - b.start })
	return out
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

// dateKind is what a label says a date is. Lower relevant kinds win.
type dateKind int

const (
	dispensedDate    dateKind = iota + 1 // dispensed, filled, supplied
	orderDate                            // ordered, order placed, shipped, invoice
	prescriptionDate                     // prescribed, issued, Rx date, written
	plainDate                            // "Date:"
	unlabelledDate
	otherDate // expiry, use by, date of birth, refill by, review: never the date
)

func (k dateKind) noun() string {
	switch k {
	case dispensedDate:
		return "dispensing date"
	case orderDate:
		return "order date"
	case prescriptionDate:
		return "prescription date"
	}
	return "date on the document"
}

func (k dateKind) pluralNoun() string {
	switch k {
	case dispensedDate, orderDate, prescriptionDate:
		return k.noun() + "s"
	}
	return "several dates"
}

// dateLabels: a date takes the kind of the nearest label before it on its
// line (the longest, when two end at the same place).
var dateLabels = newPhraseSet(map[dateKind][]string{
	otherDate: {
		"exp", "expiry", "expiration", "expires", "expire", "expiry date", "expiration date", "exp date",
		"date of expiry", "use by", "use before", "discard", "best before", "beyond use", "bud",
		"do not use after", "dob", "d o b", "date of birth", "birth date", "birthdate", "birthday", "born",
		"birth", "refill", "refills", "refill date", "next", "review", "review date", "due", "due date",
		"valid until", "valid to", "valid through", "valid thru", "estimated delivery", "expected delivery",
		"estimated arrival", "expected arrival", "arrive", "arrives", "arriving", "arrival", "delivery by",
		"delivered by", "deliver by", "start", "started", "start date", "last visit", "last seen",
	},
	dispensedDate: {
		"dispensed", "dispensing", "dispense", "disp", "date dispensed", "date of dispensing", "date disp",
		"disp date", "dispensed date", "dispensing date", "dispense date", "filled", "fill", "fill date",
		"filled date", "date filled", "filled on", "supplied", "date of supply", "date supplied", "supply date",
	},
	orderDate: {
		"order", "ordered", "order date", "ordered on", "order placed", "placed", "placed on", "purchase",
		"purchased", "purchase date", "date of purchase", "invoice date", "transaction date", "receipt date",
		"ship", "shipped", "shipped on", "ship date", "dispatch", "dispatched", "dispatched on", "dispatch date",
	},
	prescriptionDate: {
		"prescribed", "prescribed on", "date prescribed", "prescription", "date of prescription",
		"prescription date", "rx date", "issue", "issued", "issued on", "issue date", "date of issue",
		"date issued", "written", "date written", "written on", "signed",
	},
	plainDate: {"date"},
})

type labelMatch struct {
	start, end int
	kind       dateKind
}

func findDateLabels(l docLine) []labelMatch {
	var out []labelMatch
	for _, m := range dateLabels.find(l.words) {
		out = append(out, labelMatch{m.start, m.end, m.kind})
	}
	return out
}

// labelBefore is the label nearest before pos: the one ending last, and of
// those the longest ("dispensed date" beats "date").
func labelBefore(ls []labelMatch, pos int) (labelMatch, bool) {
	var best labelMatch
	found := false
	for _, l := range ls {
		if l.end > pos {
			continue
		}
		if !found || l.end > best.end || (l.end == best.end && l.start < best.start) {
			best, found = l, true
		}
	}
	return best, found
}

// datedMention is a date with the kind its label gives it.
type datedMention struct {
	foundDate
	kind dateKind
	conf float64
}

func findLabelledDates(d document) []datedMention {
	var out []datedMention
	for i, l := range d.lines {
		if !strings.ContainsAny(l.norm, "0123456789") {
			continue
		}
		dates := findDates(l.numberText())
		if len(dates) == 0 {
			continue
		}
		labels := findDateLabels(l)
		var above []labelMatch
		if i > 0 {
			prev := d.lines[i-1]
			if len(findDates(prev.numberText())) == 0 {
				above = sortedLabels(outermostLabels(findDateLabels(prev)))
			}
		}
		for k, f := range dates {
			kind := unlabelledDate
			if lb, ok := labelBefore(labels, f.start); ok {
				kind = lb.kind
			} else {
				// A label on the line above ("Date dispensed" / "03/11/2026"),
				// or a row of column headings over a row of dates.
				switch {
				case len(above) == 0:
				case len(above) == len(dates):
					kind = above[k].kind
				case len(dates) == 1:
					kind = above[len(above)-1].kind
				}
			}
			out = append(out, datedMention{foundDate: f, kind: kind, conf: l.confIn(f.start, f.end)})
		}
	}
	return out
}

// outermostLabels drops labels inside longer ones ("date" in "date filled").
func outermostLabels(ls []labelMatch) []labelMatch {
	var out []labelMatch
	for _, l := range ls {
		inside := false
		for _, o := range ls {
			if o != l && o.start <= l.start && l.end <= o.end && (o.end-o.start) > (l.end-l.start) {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, l)
		}
	}
	return out
}

func sortedLabels(ls []labelMatch) []labelMatch {
	out := slices.Clone(ls)
	slices.SortFunc(out, func(a, b labelMatch) int { return a.start - b.start })
	return out
}

// dateOrder is how a document writes numeric dates, and how sure we are.
type dateOrder struct {
	dayFirst bool
	// strength: 2 the document settles it (a printed "MM/DD/YYYY", another
	// date with a part over 12, or its style agrees with the market), 1 its
	// style suggests it (a US state and ZIP code, "Rx#", a UK postcode,
	// "NHS") against the market, 0 only the market says so.
	strength int
}

var (
	// Case-sensitive, on the raw line: two capitals and a ZIP code.
	usStateZipRe = regexp.MustCompile(`\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\s+\d{5}(?:-\d{4})?\b`)
	fiveDigitsRe = regexp.MustCompile(`\d{5}`)
	ukPostcodeRe = regexp.MustCompile(`\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[ABD-HJLNP-UW-Z]{2}\b`)
	usStyle      = newPhraseSet(map[bool][]string{true: {"rx no", "rx number", "refill", "refills", "ndc", "npi", "dea"}})
	ukStyle      = newPhraseSet(map[bool][]string{true: {"nhs", "gphc", "gmc", "mhra", "chemist"}})
)

// documentDateOrder decides the day/month order of the document's numeric
// dates from its own cues, falling back to the market (UK: day first).
func documentDateOrder(d document, dates []datedMention, market string) dateOrder {
	dmy, mdy := 0, 0
	for _, f := range dates {
		switch f.numericOrder {
		case "dmy":
			dmy++
		case "mdy":
			mdy++
		}
	}
	for _, l := range d.lines {
		for _, sep := range []string{"/", "-", "."} {
			if strings.Contains(l.norm, "mm"+sep+"dd"+sep+"yy") {
				mdy++
			}
			if strings.Contains(l.norm, "dd"+sep+"mm"+sep+"yy") {
				dmy++
			}
		}
	}
	if dmy != mdy && (dmy == 0 || mdy == 0) {
		return dateOrder{dayFirst: dmy > 0, strength: 2}
	}
	us, uk := 0, 0
	for _, l := range d.lines {
		if fiveDigitsRe.MatchString(l.raw) && usStateZipRe.MatchString(l.raw) {
			us++
		}
		if usStyle.any(l.words) || strings.Contains(l.norm, "rx#") || strings.Contains(l.norm, "rx #") || strings.Contains(l.norm, "$") {
			us++
		}
		if capitalThenDigit(l.raw) && ukPostcodeRe.MatchString(l.raw) {
			uk++
		}
		if ukStyle.any(l.words) || strings.Contains(l.norm, "£") {
			uk++
		}
	}
	if us != uk {
		o := dateOrder{dayFirst: uk > us, strength: 1}
		// The document's style and the clinic's market agree.
		if (market == "uk" && o.dayFirst) || (market == "us" && !o.dayFirst) {
			o.strength = 2
		}
		return o
	}
	return dateOrder{dayFirst: market != "us", strength: 0}
}

// capitalThenDigit reports a capital letter followed by a digit, which every
// UK postcode has ("LS1 4AB").
func capitalThenDigit(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' && isDigit(s[i+1]) {
			return true
		}
	}
	return false
}

type dateVerdict int

const (
	dateInWindow dateVerdict = iota
	dateInFuture
	dateTooOld
)

func judgeDate(c civilDate, today civilDate, maxDays int) dateVerdict {
	switch {
	case c.compare(today) > 0:
		return dateInFuture
	case c.time().Before(today.time().AddDate(0, 0, -maxDays)):
		return dateTooOld
	}
	return dateInWindow
}

// rateDate rates medicationDate: the dispensing (else order, else
// prescription, else plain "Date:", else unlabelled) date must not be in the
// future or older than the policy's maximum age. Expiry, birth, refill-by
// and review dates are never used. A date is the medication's only on a
// document about a medication: without a medicine named (aboutMedicine),
// a bill's or a receipt's date is not_found however recent.
func rateDate(d document, pol Policy, aboutMedicine bool) finding {
	f := rateDocumentDate(d, pol)
	if !aboutMedicine && f.missing == "" {
		return finding{
			rating:  Rating{NotFound, d.notFoundConfidence()},
			problem: "no medicine could be found on the document, so its dates were not taken as the dispensing or prescription date",
		}
	}
	return f
}

// rateDocumentDate rates the document's dispensing or prescription date.
func rateDocumentDate(d document, pol Policy) finding {
	const missing = "the dispensing or prescription date"
	today := civilDate{pol.Now.Year(), int(pol.Now.Month()), pol.Now.Day()}
	maxDays := int(math.Ceil(pol.MaxAge.Hours() / 24))

	all := findLabelledDates(d)
	order := dateOrder{dayFirst: pol.Market != "us"}
	if slices.ContainsFunc(all, func(m datedMention) bool { return m.ambiguous() }) {
		order = documentDateOrder(d, all, pol.Market)
	}
	var cands []datedMention
	best := otherDate
	for _, m := range all {
		if m.kind == otherDate {
			continue
		}
		if m.kind == unlabelledDate {
			// An unlabelled date far from today is a date of birth or the
			// like, not the prescription's.
			c := m.reading(order.dayFirst)
			if c.time().Before(today.time().AddDate(-2, 0, 0)) || c.time().After(today.time().AddDate(1, 0, 0)) {
				continue
			}
		}
		cands = append(cands, m)
		best = min(best, m.kind)
	}
	cands = slices.DeleteFunc(cands, func(m datedMention) bool { return m.kind != best })
	if len(cands) == 0 {
		return finding{rating: Rating{NotFound, d.notFoundConfidence()}, missing: missing}
	}

	type judged struct {
		date    civilDate
		verdict dateVerdict
		cap     Confidence
		m       datedMention
	}
	var js []judged
	distinct := map[civilDate]bool{}
	for _, m := range cands {
		c := m.reading(order.dayFirst)
		j := judged{date: c, verdict: judgeDate(c, today, maxDays), cap: High, m: m}
		if m.ambiguous() {
			alt := judgeDate(m.reading(!order.dayFirst), today, maxDays)
			if alt != j.verdict {
				j.cap = [...]Confidence{Low, Medium, High}[order.strength]
			}
		}
		js = append(js, j)
		distinct[c] = true
	}
	for _, j := range js[1:] {
		if j.verdict != js[0].verdict {
			return finding{rating: Rating{NotFound, Low}, problem: "the document shows " + best.pluralNoun() + " that disagree"}
		}
	}
	// The most recent date stands for them all.
	pick := js[0]
	for _, j := range js[1:] {
		if j.date.compare(pick.date) > 0 {
			pick = j
		}
	}
	c := readConfidence(pick.m.conf)
	for _, j := range js {
		c = lower(c, j.cap)
	}
	switch {
	case best == plainDate:
		c = lower(c, Medium)
	case best == unlabelledDate && len(distinct) > 1:
		c = lower(c, Low)
	case best == unlabelledDate:
		c = lower(c, Medium)
	}
	readAs := ""
	if pick.cap != High {
		how := "month first"
		if pick.date == pick.m.dayFirst {
			how = "day first"
		}
		readAs = ", reading " + pick.m.text + " " + how
	}
	switch pick.verdict {
	case dateInFuture:
		return finding{rating: Rating{Invalid, c}, problem: "the " + best.noun() + " (" + pick.date.String() + readAs + ") is in the future"}
	case dateTooOld:
		return finding{rating: Rating{Invalid, c}, problem: fmt.Sprintf("the %s (%s%s) is more than %d days old", best.noun(), pick.date.String(), readAs, maxDays)}
	}
	f := finding{rating: Rating{Valid, c}}
	if c != High {
		f.caveat = "the " + best.noun()
		if readAs != "" {
			f.caveat += " (" + pick.m.text + " could be day first or month first)"
		}
	}
	return f
}
