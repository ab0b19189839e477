package evidence

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Dose is an amount of medicine taken at one time, in micrograms so that
// comparisons are exact (2.4 mg is 2400). A fixed combination (Qsymia
// 7.5 mg/46 mg) carries its second substance in Plus; Plus is 0 otherwise.
type Dose struct {
	Micrograms int64
	Plus       int64
}

// String writes the dose as a label would: "2.4 mg", "10 mcg", "7.5 mg/46 mg".
func (d Dose) String() string {
	s := amountString(d.Micrograms)
	if d.Plus > 0 {
		s += "/" + amountString(d.Plus)
	}
	return s
}

func amountString(ug int64) string {
	if ug < 100 {
		return strconv.FormatInt(ug, 10) + " mcg"
	}
	s := strconv.FormatInt(ug/1000, 10)
	if frac := ug % 1000; frac != 0 {
		s += "." + strings.TrimRight(strconv.FormatInt(1000+frac, 10)[1:], "0")
	}
	return s + " mg"
}

func compareDoses(a, b Dose) int {
	return cmp.Or(cmp.Compare(a.Micrograms, b.Micrograms), cmp.Compare(a.Plus, b.Plus))
}

// ParseDosage reads one dose from s: "2.4 mg", "2,4mg", "0.25 MG", "500mcg",
// "250 µg", "2.5 milligrams", "5mg/0.5ml" (the dose in one injection),
// "7.5 mg/46 mg" or "7.5/46 mg" (a licensed combination). It fails when s
// holds no dose, only a concentration ("6 mg/mL") or pen content
// ("18 mg/3 mL"), or two different doses ("0.25 mg or 0.5 mg").
func ParseDosage(s string) (Dose, bool) {
	norm, _ := normalise(s)
	var d Dose
	found := false
	for _, m := range scanDoses(norm) {
		if !m.kind.isDose() {
			continue
		}
		if found && m.dose != d {
			return Dose{}, false
		}
		d, found = m.dose, true
	}
	return d, found
}

// parseRequestedDosage is ParseDosage that also takes a bare number ("2.4")
// as milligrams, the unit every medicine of the table is prescribed in.
func parseRequestedDosage(s string) (Dose, bool) {
	if d, ok := ParseDosage(s); ok {
		return d, true
	}
	norm, _ := normalise(s)
	norm = strings.TrimSpace(norm)
	if bareNumberRe.MatchString(norm) {
		if ug, ok := toMicrograms(norm, 1000); ok {
			return Dose{Micrograms: ug}, true
		}
	}
	return Dose{}, false
}

var bareNumberRe = regexp.MustCompile(`^\d{1,6}(?:[.,]\d{1,4})?$`)

type doseKind int

const (
	plainDose     doseKind = iota // 2.4 mg
	perVolumeDose                 // 2.4 mg/0.75 ml: what one injection holds
	combinationDose
	concentration // 6 mg/ml: not a dose
	contentDose   // 18 mg/3 ml: what a pen or vial holds, not a dose
)

func (k doseKind) isDose() bool {
	return k == plainDose || k == perVolumeDose || k == combinationDose
}

type doseMention struct {
	dose       Dose
	kind       doseKind
	start, end int
}

type doseTokenKind int

const (
	numberToken doseTokenKind = iota
	letterToken
	slashToken
	otherToken
)

type doseToken struct {
	kind       doseTokenKind
	text       string
	start, end int
}

// lexDoses splits a normalised line into numbers, words, slashes and other
// marks. An "o" that OCR read for a zero ("o.5 mg") is taken as a zero.
func lexDoses(s string) []doseToken {
	var ts []doseToken
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ':
			i++
		case isDigit(c) || (c == 'o' && i+2 < len(s) && (s[i+1] == '.' || s[i+1] == ',') && isDigit(s[i+2]) && (i == 0 || !isLetterByte(s[i-1]))):
			start := i
			var b strings.Builder
			b.WriteByte(zeroIfO(c))
			i++
			for i < len(s) && isDigit(s[i]) {
				b.WriteByte(s[i])
				i++
			}
			if i+1 < len(s) && (s[i] == '.' || s[i] == ',') && isDigit(s[i+1]) {
				b.WriteByte(s[i])
				i++
				for i < len(s) && isDigit(s[i]) {
					b.WriteByte(s[i])
					i++
				}
			}
			ts = append(ts, doseToken{kind: numberToken, text: b.String(), start: start, end: i})
		case c == '.' && i+1 < len(s) && isDigit(s[i+1]) && (i == 0 || !isDigit(s[i-1])):
			// A number written from its decimal point: ".5 mg" is 0.5 mg,
			// as written. After a letter or a symbol ("©.5MG", "Z.5MG") the
			// point's whole part is a glyph OCR could not read, and the
			// amount is unknown, not 5.
			start := i
			i++
			for i < len(s) && isDigit(s[i]) {
				i++
			}
			if start > 0 && isLetterByte(s[start-1]) {
				for i+1 < len(s) && (s[i] == '.' || s[i] == ',') && isDigit(s[i+1]) {
					for i++; i < len(s) && isDigit(s[i]); i++ {
					}
				}
				ts = append(ts, doseToken{kind: otherToken, text: s[start:i], start: start, end: i})
				continue
			}
			ts = append(ts, doseToken{kind: numberToken, text: "0." + s[start+1:i], start: start, end: i})
		case isLetterByte(c):
			start := i
			for i < len(s) && isLetterByte(s[i]) {
				i++
			}
			ts = append(ts, doseToken{kind: letterToken, text: s[start:i], start: start, end: i})
		case c == '/':
			ts = append(ts, doseToken{kind: slashToken, text: "/", start: i, end: i + 1})
			i++
		default:
			ts = append(ts, doseToken{kind: otherToken, text: s[i : i+1], start: i, end: i + 1})
			i++
		}
	}
	return ts
}

func zeroIfO(c byte) byte {
	if c == 'o' {
		return '0'
	}
	return c
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isLetterByte: ASCII letters, and any byte of a multi-byte rune.
func isLetterByte(c byte) bool { return (c >= 'a' && c <= 'z') || c >= 0x80 }

// massScale is how many micrograms one unit of a mass word is (0: not mass).
func massScale(w string) int64 {
	switch w {
	case "mg", "mgs", "milligram", "milligrams", "milligramme", "milligrammes", "rng":
		return 1000
	case "mcg", "mcgs", "ug", "microgram", "micrograms", "microgramme", "microgrammes":
		return 1
	}
	return 0
}

func isVolume(w string) bool {
	switch w {
	case "ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters":
		return true
	}
	return false
}

// scanDoses finds every amount of medicine in a normalised line, with what
// kind of amount it is.
func scanDoses(s string) []doseMention {
	ts := lexDoses(s)
	var out []doseMention
	for i := 0; i < len(ts); i++ {
		if ts[i].kind != numberToken {
			continue
		}
		// A number glued to letters before it ("rx12", "b12") is no amount.
		if i > 0 && ts[i-1].kind == letterToken && ts[i-1].end == ts[i].start {
			continue
		}
		m, next, ok := doseAt(ts, i)
		if !ok {
			continue
		}
		out = append(out, m...)
		i = next - 1
	}
	return out
}

// doseAt reads the amount that starts at ts[i]; next is the first token after it.
func doseAt(ts []doseToken, i int) (ms []doseMention, next int, ok bool) {
	n1 := ts[i].text
	j := i + 1
	var scale1 int64
	if j < len(ts) && ts[j].kind == letterToken {
		scale1 = massScale(ts[j].text)
		if scale1 > 0 {
			j++
		}
	}
	if j+1 < len(ts) && (ts[j].kind == slashToken || (ts[j].kind == letterToken && (ts[j].text == "per" || ts[j].text == "in"))) {
		k := j + 1
		switch {
		case ts[k].kind == numberToken && k+1 < len(ts) && ts[k+1].kind == letterToken:
			n2, unit2 := ts[k].text, ts[k+1].text
			if s2 := massScale(unit2); s2 > 0 && ts[j].kind == slashToken {
				// 7.5 mg/46 mg, 7.5/46 mg: a combination when the table
				// licenses it, otherwise two strengths in a list.
				if scale1 == 0 {
					scale1 = s2
				}
				a, okA := toMicrograms(n1, scale1)
				b, okB := toMicrograms(n2, s2)
				if !okA || !okB {
					return nil, k + 2, false
				}
				if isLicensedCombination(Dose{Micrograms: a, Plus: b}) {
					return []doseMention{{dose: Dose{Micrograms: a, Plus: b}, kind: combinationDose, start: ts[i].start, end: ts[k+1].end}}, k + 2, true
				}
				return []doseMention{
					{dose: Dose{Micrograms: a}, kind: plainDose, start: ts[i].start, end: ts[j].start},
					{dose: Dose{Micrograms: b}, kind: plainDose, start: ts[k].start, end: ts[k+1].end},
				}, k + 2, true
			}
			if isVolume(unit2) && scale1 > 0 {
				ug, okA := toMicrograms(n1, scale1)
				vol, okV := toMicrograms(n2, 1000)
				if !okA || !okV {
					return nil, k + 2, false
				}
				kind := contentDose
				// Under 1 ml is one injection (Wegovy 2.4 mg/0.75 ml);
				// 1 ml or more is a pen's or vial's content.
				if vol < 1000 {
					kind = perVolumeDose
				}
				return []doseMention{{dose: Dose{Micrograms: ug}, kind: kind, start: ts[i].start, end: ts[k+1].end}}, k + 2, true
			}
		case ts[k].kind == letterToken && isVolume(ts[k].text) && scale1 > 0:
			ug, ok := toMicrograms(n1, scale1)
			if !ok {
				return nil, k + 1, false
			}
			return []doseMention{{dose: Dose{Micrograms: ug}, kind: concentration, start: ts[i].start, end: ts[k].end}}, k + 1, true
		}
	}
	if scale1 == 0 {
		return nil, i + 1, false
	}
	ug, ok := toMicrograms(n1, scale1)
	if !ok {
		return nil, j, false
	}
	return []doseMention{{dose: Dose{Micrograms: ug}, kind: plainDose, start: ts[i].start, end: ts[j-1].end}}, j, true
}

// toMicrograms converts a written number of units of scale micrograms each.
// A comma is a decimal comma ("2,4") unless it groups thousands ("1,000").
// Amounts that are zero, too large or finer than a microgram fail.
func toMicrograms(num string, scale int64) (int64, bool) {
	intPart, frac := num, ""
	if i := strings.IndexAny(num, ".,"); i >= 0 {
		intPart, frac = num[:i], num[i+1:]
		if num[i] == ',' && len(frac) == 3 && strings.TrimLeft(intPart, "0") != "" {
			intPart, frac = intPart+frac, ""
		}
	}
	intPart = strings.TrimLeft(intPart, "0")
	frac = strings.TrimRight(frac, "0")
	if len(intPart) > 9 {
		return 0, false
	}
	digits := 0
	for s := scale; s > 1; s /= 10 {
		digits++
	}
	if len(frac) > digits {
		return 0, false
	}
	var v int64
	for _, c := range intPart {
		v = v*10 + int64(c-'0')
	}
	v *= scale
	f := int64(0)
	for i := 0; i < digits; i++ {
		f *= 10
		if i < len(frac) {
			f += int64(frac[i] - '0')
		}
	}
	v += f
	if v <= 0 {
		return 0, false
	}
	return v, true
}

func isLicensedCombination(d Dose) bool {
	for _, e := range medicineTable {
		if !e.isCombination() {
			continue
		}
		for _, b := range e.brands {
			if slices.Contains(b.strengths, d) {
				return true
			}
		}
	}
	return false
}

// resolveCombination reads a single amount requested for a combination
// medicine ("7.5 mg" for Qsymia) as the one licensed strength it starts.
func (m Medicine) resolveCombination(d Dose) Dose {
	if d.Plus != 0 {
		return d
	}
	var found []Dose
	for _, s := range m.Strengths {
		if s.Plus != 0 && s.Micrograms == d.Micrograms {
			found = append(found, s)
		}
	}
	if len(found) == 1 {
		return found[0]
	}
	return d
}

var (
	// directionRe marks a line that says how the medicine is taken; a dose
	// stated there is the dose.
	directionRe = regexp.MustCompile(`\b(?:inject|injects|take|takes|administer|sig|directions?|instructions?|strength)\b|\bdos(?:e|age)\s*[:=-]|\b(?:once|twice)\s+(?:a\s+)?(?:week|weekly|day|daily)\b|\bweekly\b|\bdaily\b|\bevery\s+(?:week|day|morning|\d+\s+days?)\b|\b(?:per|each|a)\s+week\b`)
	// futureDoseRe starts the part of a line about later or maximum doses
	// ("then increase to 5 mg", "do not exceed 2.4 mg").
	futureDoseRe = regexp.MustCompile(`\b(?:then|thereafter|increas\w*|titrat\w*|escalat\w*|step\s+up|max|maximum|exceed\w*|up\s+to|next\s+dose|from\s+week|after\s+\d+\s+weeks?)\b`)
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
	c := lower(readConfidence(conf), [...]Confidence{High, High, Medium, Low}[tier])
	if repaired {
		// A digit OCR read as a letter ("Img") was put back: likely, not certain.
		c = lower(c, Medium)
	}
	shown := doseList(doses)
	switch {
	case otherMedicine:
		return finding{rating: Rating{Invalid, lower(c, Medium)}, problem: "the dose on the document (" + shown + ") is for a different medicine"}
	case len(doses) == 1 && doses[0] == wantDose:
		f := finding{rating: Rating{Valid, c}}
		if c != High {
			f.caveat = "the dose"
		}
		return f
	case slices.Contains(doses, wantDose):
		return finding{rating: Rating{NotFound, Low}, problem: "the document shows more than one dose (" + shown + ")"}
	}
	if generic, ok := LookupMedicine(want.Generic); ok && !slices.ContainsFunc(doses, generic.Licensed) &&
		slices.ContainsFunc(d.lines, func(l docLine) bool { return l.ocr }) {
		// OCR read an amount no product of the medicine comes in (7.9 mg of
		// Mounjaro): more likely a misread digit than a different dose.
		return finding{rating: Rating{NotFound, Low}, problem: "the dose read from the document (" + shown + ") is not a strength of " + want.Name + ", so it may be misread"}
	}
	if len(doses) > 1 {
		c = lower(c, Medium)
	}
	return finding{rating: Rating{Invalid, c}, problem: "the document shows a different dose (" + shown + ") from the one requested (" + wantDose.String() + ")"}
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
