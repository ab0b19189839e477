// Another person of the lead's surname on the page: a spouse's claim, a child's row; whom the requested medicine's row names.

package evidence

import (
	"maps"
	"slices"
	"sort"
)

// namesake is another person with the lead's surname on a line that is not
// a prescriber's or pharmacist's, outside the roles already taken out: a
// forename before the surname ("Leo Huang" for the lead Patricia Huang), or
// after it behind a comma ("HUANG, LEO"), that is not the lead's forename,
// nor a letter or two from it (a misreading), nor a middle name after it
// ("Alejandro Ruiz Mendoza"), nor a caption's value. Nil when there is
// none.
func namesake(d document, e expectedName) *nameSeen {
	captioned := captionedWords(d)
	for _, l := range d.lines {
		if n := lineNamesake(l, e, captioned); n != nil {
			return n
		}
	}
	return nil
}

// wordPlace is where a word stands: its line's text and its offset there.
type wordPlace struct {
	line  string
	start int
}

// captionedWords are the words of the patient captions' values ("Bill to:
// John Smith"), which are judged with the captions, as the addressee or
// another patient, never as a namesake.
func captionedWords(d document) map[wordPlace]bool {
	captioned := map[wordPlace]bool{}
	for _, v := range labelledPatientValues(d) {
		if v.at == nil {
			continue
		}
		for _, w := range v.words {
			captioned[wordPlace{v.at.line.norm, w.start}] = true
		}
	}
	return captioned
}

// lineNamesake is another person with the lead's surname on line l (see
// namesake), nil when there is none.
func lineNamesake(l docLine, e expectedName, captioned map[wordPlace]bool) *nameSeen {
	if isPrescriberLine(l) {
		return nil
	}
	n := len(e.surname)
	for k, w := range l.words {
		if !surnameAt(l, k, e) || captioned[wordPlace{l.norm, w.start}] {
			continue
		}
		last := k + n - 1
		if k > 0 && otherForename(l.words[k-1], e) && !(k > 1 && l.words[k-2].capital && isLeadForename(l.words[k-2], e)) {
			return &nameSeen{sure: readCertainty(l.conf), ocr: l.ocr, at: spotOfWords(l, l.words[k-1:last+1])}
		}
		if l.words[last].commaAfter && last+1 < len(l.words) && otherForename(l.words[last+1], e) {
			return &nameSeen{sure: readCertainty(l.conf), ocr: l.ocr, at: spotOfWords(l, l.words[k:last+2])}
		}
	}
	return nil
}

// surnameAt reports the lead's surname, every word of it ("OKAFOR-REID"),
// at word k of l.
func surnameAt(l docLine, k int, e expectedName) bool {
	if k+len(e.surname) > len(l.words) {
		return false
	}
	for i, s := range e.surname {
		if l.words[k+i].text != s.text {
			return false
		}
	}
	return true
}

// medicineRowNames finds who the rows of the requested medicine name
// (rows: the lines that name it and no other medicine): the lead's full
// name (lead), and another person of the lead's surname (other). On a
// household's statement or list, where each row gives a medicine and the
// person it is for ("11/12/2026  Leo Huang (spouse)  Coastline Drug #77
// WEGOVY 0.5 MG"), that person is the requested medicine's patient.
func medicineRowNames(d document, e expectedName, rows []int) (lead, other *nameSeen) {
	if len(rows) == 0 {
		return nil, nil
	}
	captioned := captionedWords(d)
	for _, i := range rows {
		l := d.lines[i]
		if isPrescriberLine(l) {
			continue
		}
		if n := lineNamesake(l, e, captioned); n != nil {
			firstSeen(&other, *n)
		}
		if outcome, level, _, conf, at := searchName(l, e); outcome == nameFull && level >= ocrMatch {
			firstSeen(&lead, nameSeen{sure: min(readCertainty(conf), level.certainty()), ocr: l.ocr, at: at})
		}
	}
	return lead, other
}

// otherForename reports a word that names another person than the lead
// when it stands beside the lead's surname: capitalised, letters only, two
// or more of them, no title or word no name has, and neither the lead's
// forename nor within two letters of it.
func otherForename(w word, e expectedName) bool {
	if !w.capital || len(w.text) < 2 || hasDigit(w.text) || titles[w.text] || isNonNameWord(w.text) || w.commaAfter {
		return false
	}
	for _, c := range w.text {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return !isLeadForename(w, e)
}

// isLeadForename reports a word that is one of the lead's forenames, or
// within a letter of one (two for forenames of five letters or more):
// OCR's misreading of it.
func isLeadForename(w word, e expectedName) bool {
	for _, f := range e.forename {
		slack := 1
		if len(f.text) >= 5 {
			slack = 2
		}
		if editDistance(w.text, f.text, slack) <= slack {
			return true
		}
	}
	return false
}

// requestedUnder tells whose caption the requested medicine is listed
// under on a page that captions two or more patients (captions: each strong
// caption's line, and whether its value is the lead's name), lines being
// those that name the requested medicine (requestedMedicine): a block runs
// from its caption to the next. A family's pickup receipt lists each
// member's medicines under their own "PATIENT:" line. underLead: under the
// lead's caption and no other's; underOther: under another's and none of
// the lead's.
func requestedUnder(lines []int, captions map[int]bool) (underLead, underOther bool) {
	if len(captions) < 2 {
		return false, false
	}
	heads := slices.Sorted(maps.Keys(captions))
	lead, other := false, false
	for _, line := range lines {
		k := sort.SearchInts(heads, line+1) - 1
		if k < 0 {
			continue
		}
		if captions[heads[k]] {
			lead = true
		} else {
			other = true
		}
	}
	return lead && !other, other && !lead
}
