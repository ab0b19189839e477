// Rating the medication date: the dispensing or prescription date judged against the policy.

package evidence

import (
	"fmt"
	"math"
	"slices"
)

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
	if !slices.ContainsFunc(cands, func(m datedMention) bool { return !m.impossible }) {
		// The date is there but misread ("14/41/2026"): which digit is
		// wrong cannot be told (a 4 for a 1, a 1 for a 7), and a date of
		// lower rank is no stand-in for it. Never guessed.
		return finding{rating: Rating{NotFound, Low}, problem: "the " + best.noun() + " on the document (" + cands[0].text + ") is no calendar date, so it was misread (a clearer photo may help)"}
	}
	cands = slices.DeleteFunc(cands, func(m datedMention) bool { return m.impossible })

	type judged struct {
		date    civilDate
		verdict dateVerdict
		cap     certainty
		m       datedMention
	}
	var js []judged
	distinct := map[civilDate]bool{}
	for _, m := range cands {
		c := m.reading(order.dayFirst)
		j := judged{date: c, verdict: judgeDate(c, today, maxDays), cap: highCertainty, m: m}
		if m.ambiguous() {
			alt := judgeDate(m.reading(!order.dayFirst), today, maxDays)
			if alt != j.verdict {
				j.cap = [...]certainty{lowCertainty, mediumCertainty, highCertainty}[order.strength]
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
	c := readCertainty(pick.m.conf)
	for _, j := range js {
		c = min(c, j.cap)
	}
	switch {
	case best == plainDate:
		c = min(c, mediumCertainty)
	case best == unlabelledDate && len(distinct) > 1:
		c = min(c, lowCertainty)
	case best == unlabelledDate:
		c = min(c, mediumCertainty)
	}
	readAs := ""
	if pick.cap != highCertainty {
		how := "month first"
		if pick.date == pick.m.dayFirst {
			how = "day first"
		}
		readAs = ", reading " + pick.m.text + " " + how
	}
	switch pick.verdict {
	case dateInFuture:
		return finding{rating: Rating{Invalid, c.Confidence()}, problem: "the " + best.noun() + " (" + pick.date.String() + readAs + ") is in the future"}
	case dateTooOld:
		return finding{rating: Rating{Invalid, c.Confidence()}, problem: fmt.Sprintf("the %s (%s%s) is more than %d days old", best.noun(), pick.date.String(), readAs, maxDays)}
	}
	f := finding{rating: Rating{Valid, c.Confidence()}}
	if c != highCertainty {
		f.caveat = "the " + best.noun()
		if readAs != "" {
			f.caveat += " (" + pick.m.text + " could be day first or month first)"
		}
	}
	return f
}
