// Rating the medication dosage: the doses in the medicine's block weighed against the request.

package evidence

import (
	"math"
	"slices"
	"strings"
)

var (
	// directionRe marks a line that says how the medicine is taken; a dose
	// stated there is the dose.
	directionRe = lazyRE(`\b(?:inject|injects|take|takes|administer|sig|directions?|instructions?|strength)\b|\bdos(?:e|age)\s*[:=-]|\b(?:once|twice)\s+(?:a\s+)?(?:week|weekly|day|daily)\b|\bweekly\b|\bdaily\b|\bevery\s+(?:week|day|morning|\d+\s+days?)\b|\b(?:per|each|a)\s+week\b`)
	// futureDoseRe starts the part of a line about later or maximum doses
	// ("then increase to 5 mg", "do not exceed 2.4 mg").
	futureDoseRe = lazyRE(`\b(?:then|thereafter|increas\w*|titrat\w*|escalat\w*|step\s+up|max|maximum|exceed\w*|up\s+to|next\s+dose|from\s+week|after\s+\d+\s+weeks?)\b`)
)

// Dose tiers, best first: where a dose sits relative to the medicine.
const (
	directionTier = iota // a directions line in the medicine's block
	medicineTier         // the medicine's own line
	nearTier             // the two lines after it
	elsewhereTier        // any line outside every medicine's block
	ignoredTier          // another medicine's block
)

// rateDosage rates medicationDosage: the requested dose must be a licensed
// strength of the requested medicine and the dose the document states for
// that medicine. Doses are taken from the medicine's block (its line and the
// next two) before the rest of the document; directions lines count first;
// concentrations, pen contents and doses after "then"/"increase to" are not
// the dose.
func rateDosage(d document, exp Expected, want Medicine, wantKnown bool, ms []medicineMention) finding {
	if strings.TrimSpace(exp.MedicationDosage) == "" {
		return finding{rating: Rating{NotFound, High}, problem: "no dosage was given to check against"}
	}
	if !wantKnown {
		return finding{rating: Rating{NotFound, High}, problem: "the dose could not be checked without a known medicine"}
	}
	wantDose, ok := parseRequestedDosage(exp.MedicationDosage)
	if !ok {
		return finding{rating: Rating{NotFound, High}, problem: "the requested dosage could not be understood"}
	}
	wantDose = want.resolveCombination(wantDose)
	if !want.Licensed(wantDose) {
		return finding{rating: Rating{Invalid, High}, problem: "the requested dose (" + wantDose.String() + ") is not a licensed strength of " + want.Name}
	}

	var anchors []medicineMention
	for _, m := range ms {
		if m.entry.generic == want.Generic {
			anchors = append(anchors, m)
		}
	}
	otherMedicine := false
	if len(anchors) == 0 {
		anchors, otherMedicine = ms, true
	}
	if len(anchors) == 0 {
		return finding{rating: Rating{NotFound, d.notFoundConfidence()}, missing: "the dose"}
	}

	doses, tier, conf, repaired := blockDoses(d, anchors, ms)
	if len(doses) == 0 {
		return finding{rating: Rating{NotFound, d.notFoundConfidence()}, missing: "the dose"}
	}
	c := min(readCertainty(conf), [...]certainty{highCertainty, highCertainty, mediumCertainty, lowCertainty}[tier])
	if repaired {
		// A digit OCR read as a letter ("Img") was put back: likely, not certain.
		c = min(c, mediumCertainty)
	}
	shown := doseList(doses)
	switch {
	case otherMedicine:
		return finding{rating: Rating{Invalid, min(c, mediumCertainty).Confidence()}, problem: "the dose on the document (" + shown + ") is for a different medicine"}
	case len(doses) == 1 && doses[0] == wantDose:
		f := finding{rating: Rating{Valid, c.Confidence()}}
		if c != highCertainty {
			f.caveat = "the dose"
		}
		return f
	case slices.Contains(doses, wantDose):
		return finding{rating: Rating{NotFound, Low}, problem: "the document shows more than one dose (" + shown + ")"}
	}
	if named, product := namedStrengths(anchors); !slices.ContainsFunc(doses, func(x Dose) bool { return slices.Contains(named, x) }) &&
		slices.ContainsFunc(d.lines, func(l docLine) bool { return l.ocr }) {
		// OCR read an amount that the product the document names does not
		// come in (7.9 mg of Mounjaro; 7 mg of Wegovy, though Rybelsus
		// tablets of the same generic come in 7 mg): more likely a misread
		// digit than a different dose.
		return finding{rating: Rating{NotFound, Low}, problem: "the dose read from the document (" + shown + ") is not a strength of " + product + ", so it may be misread"}
	}
	if (conf < wellRead || repaired) && slices.ContainsFunc(doses, func(x Dose) bool { return glyphApart(x, wantDose, conf < fairlyRead) }) {
		// Read less than well, a dose a glyph from the requested one ("5 mg"
		// for 15 mg, "7.5 mg" for 2.5 mg) is as likely the requested dose
		// misread as another dose; read badly, a digit and the point ("1 mg"
		// for 1.7 mg). Only a dose read well, or one that differs by more,
		// is a different dose. As with names, never guessed.
		return finding{rating: Rating{NotFound, Low}, problem: "the dose read from the document (" + shown + ") is close to the one requested and was not read clearly, so it may be misread"}
	}
	if len(doses) > 1 {
		c = min(c, mediumCertainty)
	}
	return finding{rating: Rating{Invalid, c.Confidence()}, problem: "the document shows a different dose (" + shown + ") from the one requested (" + wantDose.String() + ")"}
}

// namedStrengths are the strengths of the products the document names for
// the medicine, and the name to quote: the brands it names (Wegovy, even
// written "Wegovy (semaglutide)"), else every product of the generic.
func namedStrengths(anchors []medicineMention) ([]Dose, string) {
	var brands, all []Dose
	var brandName, genericName string
	for _, a := range anchors {
		all = append(all, a.entry.medicine(-1).Strengths...)
		genericName = a.entry.generic
		if a.brand >= 0 && !a.unlisted {
			m := a.entry.medicine(a.brand)
			brands = append(brands, m.Strengths...)
			if brandName == "" {
				brandName = m.Name
			}
		}
	}
	if len(brands) > 0 {
		return brands, brandName
	}
	return all, genericName
}

// glyphApart reports two single doses whose amounts, written as a label
// would, are one glyph apart: a digit or the point lost, added or changed
// ("5" and "15", "7.9" and "7.5", "0.5" and "0.25"), as OCR makes by
// misreading one glyph. With badly, the point does not count: one digit
// apart ("1" and "1.7", "15" and "12.5"), as a badly read line loses a
// faint point with its digit.
func glyphApart(a, b Dose, badly bool) bool {
	if a.Plus != 0 || b.Plus != 0 || a == b {
		return false
	}
	amount := func(d Dose) string {
		s := amountString(d.Micrograms)
		s = strings.TrimSuffix(strings.TrimSuffix(s, " mg"), " mcg")
		if badly {
			s = strings.ReplaceAll(s, ".", "")
		}
		return s
	}
	return editDistance(amount(a), amount(b), 1) <= 1
}

// blockDoses returns the distinct doses of the best tier that has any, that
// tier, the lowest read confidence of the lines they came from, and whether
// any was read only after putting back digits OCR read as letters.
func blockDoses(d document, anchors, all []medicineMention) ([]Dose, int, float64, bool) {
	tiers := make([]int, len(d.lines))
	for i := range tiers {
		tiers[i] = elsewhereTier
	}
	mentionsOn := make([][]*medicineEntry, len(d.lines))
	for _, m := range all {
		mentionsOn[m.line] = append(mentionsOn[m.line], m.entry)
	}
	licensed := map[Dose]bool{}
	// anyStrength marks the block of a medicine outside the table, whose
	// strengths are unknown: any dose there is its dose ("Metformin
	// tablets" over "500 mg" in an invoice's next column).
	anyStrength := make([]bool, len(d.lines))
	direction := make([]int8, len(d.lines)) // 0 unknown, 1 yes, -1 no
	isDirection := func(k int) bool {
		if direction[k] == 0 {
			direction[k] = -1
			if directionRe.MatchString(d.lines[k].norm) {
				direction[k] = 1
			}
		}
		return direction[k] == 1
	}
	for _, a := range anchors {
		for _, s := range a.entry.medicine(-1).Strengths {
			licensed[s] = true
		}
		for k := a.line; k <= a.line+2 && k < len(d.lines); k++ {
			if k > a.line && slices.ContainsFunc(mentionsOn[k], func(e *medicineEntry) bool { return e.generic != a.entry.generic }) {
				break
			}
			t := nearTier
			if k == a.line {
				t = medicineTier
			}
			anyStrength[k] = anyStrength[k] || a.unlisted
			if isDirection(k) {
				t = directionTier
			}
			tiers[k] = min(tiers[k], t)
		}
	}
	for _, m := range all {
		if slices.ContainsFunc(anchors, func(a medicineMention) bool { return a.entry == m.entry }) {
			continue
		}
		for k := m.line; k <= m.line+2 && k < len(d.lines); k++ {
			if tiers[k] == elsewhereTier {
				tiers[k] = ignoredTier
			}
		}
	}

	type found struct {
		dose     Dose
		licensed bool
		conf     float64
		repaired bool
	}
	byTier := make([][]found, ignoredTier)
	for i, l := range d.lines {
		t := tiers[i]
		if t == ignoredTier {
			continue
		}
		text := l.numberText()
		ms := scanDoses(text)
		if len(ms) == 0 {
			continue
		}
		from, cut := lineSegment(anchors, all, i)
		if loc := futureDoseRe.FindStringIndex(l.norm); loc != nil {
			cut = min(cut, loc[0])
		}
		for _, m := range ms {
			if !m.kind.isDose() || m.start < from || m.start >= cut {
				continue
			}
			lic := licensed[m.dose]
			// Away from the medicine's line, only its licensed strengths
			// are taken as its dose.
			if t >= nearTier && !lic && !anyStrength[i] {
				continue
			}
			byTier[t] = append(byTier[t], found{m.dose, lic, l.confIn(m.start, m.end), text[m.start:m.end] != l.norm[m.start:m.end]})
		}
	}
	for t, fs := range byTier {
		if len(fs) == 0 {
			continue
		}
		// Prefer licensed strengths: an unlicensed amount on the same line
		// usually belongs to something else (a second medicine, a pack size).
		if slices.ContainsFunc(fs, func(f found) bool { return f.licensed }) {
			fs = slices.DeleteFunc(fs, func(f found) bool { return !f.licensed })
		}
		var doses []Dose
		conf, repaired := 1.0, false
		for _, f := range fs {
			if !slices.Contains(doses, f.dose) {
				doses = append(doses, f.dose)
			}
			conf = min(conf, f.conf)
			repaired = repaired || f.repaired
		}
		slices.SortFunc(doses, compareDoses)
		return doses, t, conf, repaired
	}
	return nil, 0, 0, false
}

// lineSegment is the part of line i that speaks of the anchors' medicine:
// all of it, unless the line also names another medicine ("Mounjaro 5 mg,
// Wegovy 2.4 mg"); then from the anchor's name to the next other name.
func lineSegment(anchors, all []medicineMention, i int) (from, to int) {
	from, to = 0, math.MaxInt
	var own []int
	for _, a := range anchors {
		if a.line == i {
			own = append(own, a.start)
		}
	}
	if len(own) == 0 {
		return from, to
	}
	first := slices.Min(own)
	others := false
	for _, m := range all {
		if m.line != i || slices.ContainsFunc(anchors, func(a medicineMention) bool { return a.entry == m.entry }) {
			continue
		}
		others = true
		if m.start > first {
			to = min(to, m.start)
		}
	}
	if others {
		from = first
	}
	return from, to
}

func doseList(ds []Dose) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = d.String()
	}
	return strings.Join(s, ", ")
}
