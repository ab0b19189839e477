// A pharmacy's name wrapped over two lines, put back together.

package evidence

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// joinWrappedPharmacy puts back together a pharmacy's name that a line
// wrapped after its proper name, the pharmacy word starting the line under
// it: "it was supplied on 12 November 2026 by Kirkby" over "Chemist, 9
// Westgate, Otley" (a club doctor's letter), "Dispensed 19 Oct 2026 by
// Craven" over "Pharmacy, 14 High Street, Skipton" in a clinic summary's
// table cell, with the next column's lines read between them (unseen147,
// round 29: the pharmacy not found on 6 uploads, both readers). The
// pharmacy word moves up to the end of the line it belongs to.
//
// Only where a supplier is said ("by", "from", "at" and one to three
// capitalised words end the line), and only the high pharmacy words
// ("Pharmacy", "Chemist", "Chemists") ending the name there (a comma or a
// full stop after them, or nothing): "from Brook Lane" over "Pharmacy
// team will call you" is left alone. The line under is the next one, or,
// when both have places, the first of the next few that starts under
// the line's start (a wrap goes back to the start of its column) within
// three of its lines' heights below.
func joinWrappedPharmacy(lines []Line) []Line {
	var out []Line
	for i, a := range lines {
		if out != nil {
			a = out[i]
		}
		af := strings.Fields(a.Text)
		if !wordsLineUp(a, af) || !endsWithSupplierName(af) {
			continue
		}
		k := wrappedPharmacyLine(lines, i)
		if k < 0 {
			continue
		}
		b := lines[k]
		if out != nil {
			b = out[k]
		}
		bf := strings.Fields(b.Text)
		a.Text = strings.Join(append(af, bf[0]), " ")
		b.Text = strings.Join(bf[1:], " ")
		if len(b.Words) > 0 {
			a.Words = append(append([]Word(nil), a.Words...), b.Words[0])
			a.Box = a.Box.Union(b.Words[0].Box)
			b.Words = b.Words[1:]
		}
		if strings.TrimSpace(b.Text) == "" {
			b.Words, b.Box = nil, Box{}
		}
		if out == nil {
			out = append([]Line(nil), lines...)
		}
		out[i], out[k] = a, b
	}
	if out == nil {
		return lines
	}
	return out
}

// endsWithSupplierName reports a line ending "by", "from" or "at" and one
// to three capitalised words of letters, none of them a pharmacy word.
func endsWithSupplierName(af []string) bool {
	for n := 1; n <= 3 && n < len(af); n++ {
		w := af[len(af)-n]
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '-' }) >= 0 {
			return false
		}
		if _, ok := pharmacyWords[strings.ToLower(w)]; ok {
			return false
		}
		switch af[len(af)-n-1] {
		case "by", "from", "at":
			return true
		}
	}
	return false
}

// wrappedPharmacyLine finds the line under lines[i] that starts with the
// rest of its pharmacy's name (see joinWrappedPharmacy); -1 when none.
func wrappedPharmacyLine(lines []Line, i int) int {
	a := lines[i]
	for k := i + 1; k < len(lines) && k <= i+6; k++ {
		b := lines[k]
		if b.Page != a.Page {
			return -1
		}
		placed := !a.Box.IsZero() && !b.Box.IsZero()
		if !placed && k > i+1 {
			return -1
		}
		bf := strings.Fields(b.Text)
		if placed && !startsUnder(a, b) || len(bf) == 0 || !wordsLineUp(b, bf) {
			continue
		}
		w := strings.TrimRight(bf[0], ",.")
		if c, ok := pharmacyWords[strings.ToLower(w)]; ok && c == highCertainty && (len(bf) == 1 || w != bf[0]) {
			return k
		}
	}
	return -1
}

// startsUnder reports b starting under a's start, within two of a's
// characters, its top from half of a's height to three heights below a's
// top.
func startsUnder(a, b Line) bool {
	cw := a.Box.Width / float64(max(1, utf8.RuneCountInString(a.Text)))
	below := b.Box.Top - a.Box.Top
	return b.Box.Left >= a.Box.Left-2*cw && b.Box.Left <= a.Box.Left+2*cw &&
		below >= a.Box.Height/2 && below <= 3*a.Box.Height
}
