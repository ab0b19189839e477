// The latest supply: on a page of dose changes, the strength a pharmacy last supplied.

package evidence

import (
	"slices"
	"strings"
	"unicode"
)

// supplyAbove, supplyBelow: a dispensing date this many lines above a medicine's line
// (a label's "FILLED:" over its Rx number and patient) or below it (an
// app's "Status: Filled" under the product and its quantity) dates that
// supply, unless another medicine's line comes between.
const (
	supplyAbove = 3
	supplyBelow = 2
)

// latestSupplyDose is the requested medicine's dose on its latest supply,
// where the page shows several doses and no records settle them
// (latestFillDose): a page of dose changes (a portal's "Zepbound 5 mg/0.5
// mL vial ... Status: Filled Nov 22" beside "Previous: Zepbound 2.5 mg/0.5
// mL vial, last filled Oct 24" and a message's "from 2.5 mg to 5 mg"; the
// old and the new strength's labels side by side; a telephone note's "Last
// Mounjaro 10 mg fill: 10/27" and "Mounjaro 7.5 mg/0.5 mL pen, qty 4,
// filled 11/24"; unseen27, round 13). A supply is a line naming the
// medicine with a product's dose (productDose) and a dispensing date near
// it (supplyAbove, supplyBelow). ok only when the latest supply's date has one
// dose, and every other dose a line of the medicine states, outside a
// sentence, was supplied too, earlier: a strength the page names with no
// supply read beside it (a label whose date OCR lost, an order not yet
// filled) leaves the doses unsettled.
func latestSupplyDose(d document, anchors, all []medicineMention, pol Policy) (dose Dose, ok bool) {
	ds := suppliedLines(d, anchors, all, pol)
	type supply struct {
		dose Dose
		date civilDate
	}
	var supplies []supply
	supplied := map[Dose]bool{}
	var unsupplied []Dose
	for _, x := range ds {
		switch {
		case x.when.valid():
			supplies = append(supplies, supply{x.dose, x.when})
			supplied[x.dose] = true
		case !inSentence(d.lines[x.line]):
			unsupplied = append(unsupplied, x.dose)
		}
	}
	if len(supplies) == 0 {
		return Dose{}, false
	}
	latest := supplies[0]
	for _, s := range supplies[1:] {
		if s.date.compare(latest.date) > 0 {
			latest = s
		}
	}
	for _, s := range supplies {
		if s.date == latest.date && s.dose != latest.dose {
			return Dose{}, false
		}
	}
	if slices.ContainsFunc(unsupplied, func(x Dose) bool { return x != latest.dose && !supplied[x] }) {
		return Dose{}, false
	}
	return latest.dose, true
}

// dosedLine is a line naming the requested medicine with a product's dose
// (productDose), the lines [lo, hi] a dispensing date dating it may lie
// on, and the latest such date (zero: none).
type dosedLine struct {
	line, lo, hi int
	dose         Dose
	when         civilDate
}

// suppliedLines are the requested medicine's dosed lines, each dated by
// the dispensing dates nearest it: a date dates the nearest dosed line
// that reaches it, the one above it on a tie ("Status: Filled" under its
// product). Dates in the future are no supply.
func suppliedLines(d document, anchors, all []medicineMention, pol Policy) []dosedLine {
	mentioned := map[int]bool{}
	for _, m := range all {
		mentioned[m.line] = true
	}
	var ds []dosedLine
	for _, a := range anchors {
		if slices.ContainsFunc(ds, func(x dosedLine) bool { return x.line == a.line }) {
			continue
		}
		recs := make([]int, len(d.lines))
		for i := range recs {
			recs[i] = -1
		}
		recs[a.line] = 0
		rdoc, ra, rall := recordOf(d, recs, 0, a, all)
		doses, at, tier, _, _ := blockDoses(rdoc, []medicineMention{ra}, rall)
		dose, named := productDose(d.lines[a.line], a, doses, at)
		if tier > medicineTier || !named {
			continue
		}
		lo, hi := a.line, a.line
		for lo > 0 && a.line-lo < supplyAbove && !mentioned[lo-1] {
			lo--
		}
		for hi+1 < len(d.lines) && hi-a.line < supplyBelow && !mentioned[hi+1] {
			hi++
		}
		ds = append(ds, dosedLine{line: a.line, lo: lo, hi: hi, dose: dose})
	}
	dates, order := datesInOrder(d, pol.Market)
	today := civilDay(pol.Now)
	dist := func(x dosedLine, line int) int { return max(x.line-line, line-x.line) }
	for _, m := range dates {
		c := m.reading(order.dayFirst)
		if m.kind != dispensedDate || m.sent || !c.valid() || c.compare(today) > 0 {
			continue
		}
		best := -1
		for k, x := range ds {
			if m.line >= x.lo && m.line <= x.hi && (best < 0 || dist(x, m.line) < dist(ds[best], m.line)) {
				best = k
			}
		}
		if best >= 0 && (!ds[best].when.valid() || c.compare(ds[best].when) > 0) {
			ds[best].when = c
		}
	}
	return ds
}

// inSentence reports a line of running text (four or more words in
// lower case): a message or a letter telling of doses, not a product's line.
func inSentence(l docLine) bool { return lowercaseWords(l.words, nil) >= 4 }

// lowercaseWords counts the words of ws in lower case without a digit,
// but those skip reports (nil: none): a sentence's words, not a label's.
func lowercaseWords(ws []word, skip func(i int) bool) int {
	n := 0
	for i, w := range ws {
		if !w.capital && !strings.ContainsFunc(w.text, unicode.IsDigit) && (skip == nil || !skip(i)) {
			n++
		}
	}
	return n
}

// productDose is the dose a line gives the medicine mention a as its
// product: its one dose, or of several the one just after the name
// ("Wegovy 1mg FlexTouch x1 pen - 22/11/2026 (1.7mg pen returned ...)"),
// at most a word between. A line of several doses none of which follows
// the name so ("from 2.5 mg to 5 mg") names no product's.
func productDose(l docLine, a medicineMention, doses []Dose, at []*spot) (Dose, bool) {
	switch len(doses) {
	case 0:
		return Dose{}, false
	case 1:
		return doses[0], true
	}
	best := -1
	for k, sp := range at {
		if sp == nil || sp.from < a.end || best >= 0 && sp.from >= at[best].from {
			continue
		}
		best = k
	}
	if best < 0 || len(l.wordsIn(a.end, at[best].from)) > 1 {
		return Dose{}, false
	}
	return doses[best], true
}
