// Finding doses in a line: lexing numbers and units, and the kind of amount each is.

package evidence

import "strings"

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
			kind := numberToken
			if !strings.ContainsAny(b.String(), ".,") && splitDecimal(s, start) {
				kind = otherToken
			}
			ts = append(ts, doseToken{kind: kind, text: b.String(), start: start, end: i})
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
			if start > 0 && isLetterByte(s[start-1]) || splitDecimal(s, start) {
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

// splitDecimal reports a number at s[start] that OCR split from the whole
// part of its decimal by a space: the "5" of "7. 5mg", the ".5" of
// "7 .5mg" (a number with a decimal part of its own, "4. 7.5mg", is not). Whether the page says 7.5 or something else is a guess, and
// 5 (or 0.5) is not what it says: the amount is unknown.
func splitDecimal(s string, start int) bool {
	if start >= 3 && s[start-1] == ' ' && (s[start-2] == '.' || s[start-2] == ',') && isDigit(s[start-3]) {
		return true
	}
	return start >= 2 && s[start] == '.' && s[start-1] == ' ' && isDigit(s[start-2])
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
		// A number glued to letters before it ("rx12", "b12") is no amount,
		// unless a word glued to a strength ("MOUNJARO5MG/0.5ML": a brand
		// and its strength run together, as an insurer's statement prints
		// them; unseen60, round 17).
		if i > 0 && ts[i-1].kind == letterToken && ts[i-1].end == ts[i].start && !gluedStrength(ts, i) {
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

// gluedStrength reports the number ts[i], glued to a medicine's name before
// it, followed by a unit of mass. Not any word: OCR runs a caption into a
// misread figure too ("Dose™«5mg" for "Dose: 7.5mg", unseen40's fax).
func gluedStrength(ts []doseToken, i int) bool {
	if i+1 >= len(ts) || ts[i+1].kind != letterToken || massScale(ts[i+1].text) == 0 {
		return false
	}
	_, level := matchMedicineWord(ts[i-1].text, false)
	return level == exactMatch
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
