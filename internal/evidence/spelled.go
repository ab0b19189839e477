// Doses spelled out in words, as dictation, voicemail transcripts and
// easy-read letters write them.

package evidence

import (
	"slices"
	"strconv"
	"strings"
)

// spelledNumbers are the number words a dose is said in.
var spelledNumbers = map[string]int{
	"zero": 0, "nought": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}

// spelledUnits are a dose's units in words, and how figures write them.
var spelledUnits = map[string]string{
	"milligram": "mg", "milligrams": "mg", "milligramme": "mg", "milligrammes": "mg", "mg": "mg",
	"microgram": "mcg", "micrograms": "mcg", "mcg": "mcg",
	"milliliter": "ml", "milliliters": "ml", "millilitre": "ml", "millilitres": "ml", "ml": "ml",
}

// writeSpelledDoses writes each amount spelled out before a unit in
// figures ("seven point five milligrams" as "7.5 mg", "half a milligram"
// as "0.5 mg", "two and a half milligrams" as "2.5 mg"), so that doses
// said in words are read as printed ones (round 18, unseen67: a dictated
// clinic letter, a pharmacy's easy-read letter, a voice assistant's
// answer, 51 doses not_found at first measure). A line's reported words
// are written the same way, each new word where its words were read.
func writeSpelledDoses(lines []Line) []Line {
	if !slices.ContainsFunc(lines, func(l Line) bool { return spelledUnitIn(l.Text) }) {
		return lines
	}
	lines = joinWrapped(lines, wrappedSpelledUnit)
	var out []Line
	for i, l := range lines {
		if !spelledUnitIn(l.Text) {
			continue
		}
		fields := strings.Fields(l.Text)
		lined := len(l.Words) > 0 && wordsLineUp(l, fields)
		var nf []string
		var nw []Word
		changed := false
		for k := 0; k < len(fields); {
			if v, end, unit, ok := spelledAmount(fields, k); ok {
				nf = append(nf, v, unit)
				if lined {
					number := l.Words[k]
					for _, w := range l.Words[k+1 : end-1] {
						number.Box = number.Box.Union(w.Box)
						number.Confidence = min(number.Confidence, w.Confidence)
					}
					number.Text = v
					u := l.Words[end-1]
					u.Text = unit
					nw = append(nw, number, u)
				}
				k, changed = end, true
				continue
			}
			nf = append(nf, fields[k])
			if lined {
				nw = append(nw, l.Words[k])
			}
			k++
		}
		if !changed {
			continue
		}
		if out == nil {
			out = append([]Line(nil), lines...)
		}
		l.Text = strings.Join(nf, " ")
		if lined {
			l.Words = nw
		}
		out[i] = l
	}
	if out == nil {
		return lines
	}
	return out
}

// spelledUnitIn reports a unit written in words in s ("milligram",
// "MICROGRAMS", "millilitre"), without copying s: most lines have none.
func spelledUnitIn(s string) bool {
	for i := 0; i+5 <= len(s); i++ {
		if c := s[i] | 0x20; c == 'm' && (strings.EqualFold(s[i:i+5], "milli") || i+6 <= len(s) && strings.EqualFold(s[i:i+6], "microg")) {
			return true
		}
	}
	return false
}

// spelledAmount reads an amount in words starting at fields[k] and the
// unit after it: the amount in figures, the index after the unit, and the
// unit as figures write it (its trailing mark kept: "milligrams," gives
// "mg,").
func spelledAmount(fields []string, k int) (amount string, end int, unit string, ok bool) {
	word := func(i int) string {
		if i >= len(fields) {
			return ""
		}
		return strings.ToLower(strings.Trim(fields[i], ".,;:()\""))
	}
	var v float64
	i := k
	switch {
	case word(i) == "half" && word(i+1) == "a":
		v, i = 0.5, i+2
	case word(i) == "a" && word(i+1) == "half":
		v, i = 0.5, i+2
	case word(i) == "a" && word(i+1) == "quarter" && word(i+2) == "of" && word(i+3) == "a":
		v, i = 0.25, i+4
	default:
		n, found := spelledNumbers[word(i)]
		if !found {
			return "", 0, "", false
		}
		v, i = float64(n), i+1
		switch {
		case word(i) == "point":
			digits := ""
			for j := i + 1; ; j++ {
				d, found := spelledNumbers[word(j)]
				if w := word(j); !found && w != "oh" || found && d > 9 {
					break
				}
				digits += strconv.Itoa(d)
				i = j + 1
			}
			if digits == "" {
				return "", 0, "", false
			}
			f, err := strconv.ParseFloat(strconv.Itoa(n)+"."+digits, 64)
			if err != nil {
				return "", 0, "", false
			}
			v = f
		case word(i) == "and" && word(i+1) == "a" && word(i+2) == "half":
			v, i = v+0.5, i+3
		}
	}
	u, found := spelledUnits[word(i)]
	if !found || i >= len(fields) {
		return "", 0, "", false
	}
	raw := fields[i]
	mark := raw[len(strings.TrimRight(raw, ".,;:)\"")):]
	return strconv.FormatFloat(v, 'f', -1, 64), i + 1, u + mark, true
}

// wrappedSpelledUnit finds an amount in words ending line a whose unit
// starts line b ("Wegovy nought point two five" over "milligram pen was
// dispensed yesterday", a relay call's transcript): the unit moves up.
func wrappedSpelledUnit(af, bf []string) (head int, ok bool) {
	for start := max(0, len(af)-6); start < len(af); start++ {
		fields := append(append([]string(nil), af[start:]...), bf[0])
		if _, end, _, ok := spelledAmount(fields, 0); ok && end == len(fields) {
			return 1, true
		}
	}
	return 0, false
}
