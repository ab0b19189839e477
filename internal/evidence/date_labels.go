// What a date is: the labels that name it, and the document's day/month order.

package evidence

import (
	"slices"
	"strings"
)

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
	// at is where the date was read.
	at *spot
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
			out = append(out, datedMention{foundDate: f, kind: kind, conf: l.confIn(f.start, f.end), at: &spot{line: l, from: f.start, to: f.end}})
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
	usStateZipRe = lazyRE(`\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\s+\d{5}(?:-\d{4})?\b`)
	fiveDigitsRe = lazyRE(`\d{5}`)
	ukPostcodeRe = lazyRE(`\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[ABD-HJLNP-UW-Z]{2}\b`)
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
