// Doses: the Dose type, parsing one, and the licensed strengths of combinations.

package evidence

import (
	"cmp"
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

var bareNumberRe = lazyRE(`^\d{1,6}(?:[.,]\d{1,4})?$`)

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
