// Another person of the lead's surname on the page: a spouse's claim, a child's row; whom the requested medicine's row names.

package evidence

import (
	"maps"
	"slices"
	"sort"
	"strings"
)

// namesake is another person with the lead's surname on a line that is not
// a prescriber's or pharmacist's, outside the roles already taken out: a
// forename before the surname ("Leo Huang" for the lead Patricia Huang), or
// after it behind a comma ("HUANG, LEO"), that is not the lead's forename,
// nor a letter or two from it (a misreading), nor a middle name after it
// ("Alejandro Ruiz Mendoza"), nor a caption's value; or the lead's surname
// with another generational suffix than the lead's. A bystander the page
// names in a role that is no patient's (bystanders, by bystanderRoles) is
// that person wherever it names them ("WITNESS STATEMENT OF DECLAN
// KINSELLA", then "Signed: Declan Kinsella" over his wife's exhibited
// label; unseen170, round 32); an account's holder may have rows of their
// own. Nil when there is none.
func namesake(d document, e expectedName, bystanders map[string]bool) *nameSeen {
	captioned := captionedWords(d)
	var towns map[string]bool
	for _, l := range d.lines {
		n := lineNamesake(l, e, captioned)
		if n == nil || bystanders[wordsText(wordsOfSpot(n.at))] {
			continue
		}
		if towns == nil {
			towns = postcodeTowns(d)
		}
		if ws := wordsOfSpot(n.at); commaOrdered(n.at) && len(ws) > 0 && towns[ws[len(ws)-1].text] {
			// "Harriet Vandermeer, Missoula MT, USA" over "MISSOULA MT
			// 59802": the lead's surname and the town (unseen84, round 21).
			continue
		}
		return n
	}
	return nil
}

// bystanderRoles are the roles of people who act on a page about someone
// else's medicine and are no patient on it: a witness or an interpreter, a
// deputy or an attorney.
var bystanderRoles = map[string]bool{"an interpreter or a witness": true, appointedRole: true}

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
	if isPrescriberLine(l) || len(vetMarkers.find(l.words)) > 0 {
		// A line that names an animal names the pet and its owner
		// ("Bella Okafor (feline)", "PET: LUNA KIM (FELINE)" beside the
		// lead's own label; unseen162, round 31): neither is a patient of
		// the lead's surname.
		return nil
	}
	n := len(e.surname)
	for k, w := range l.words {
		if !surnameAt(l, k, e) || captioned[wordPlace{l.norm, w.start}] {
			continue
		}
		last := k + n - 1
		if k > 0 && otherForename(l.words[k-1], e) && !(k > 1 && l.words[k-2].capital && isLeadForename(l.words[k-2], e)) &&
			!strings.Contains(l.norm[l.words[k-1].end:w.start], ":") {
			// A caption before the surname is no forename ("Witness:
			// Akintola" on a deposition's exhibit sticker over the lead's
			// own label; unseen170, round 32, 2 uploads).

			return &nameSeen{sure: readCertainty(l.conf), ocr: l.ocr, at: spotOfWords(l, l.words[k-1:last+1])}
		}
		if l.words[last].commaAfter && last+1 < len(l.words) && otherForename(l.words[last+1], e) {
			return &nameSeen{sure: readCertainty(l.conf), ocr: l.ocr, at: spotOfWords(l, l.words[k:last+2])}
		}
		if suffix := readSuffix(wordAt(l, last+1)); e.suffix != "" && suffix != "" && suffix != e.suffix {
			// The lead's names with another generation's suffix: a father
			// or a son ("WHITFIELD III, ROBERT" beside the lead Robert
			// Whitfield Jr's own tile; unseen71, round 19).
			return &nameSeen{sure: readCertainty(l.conf), ocr: l.ocr, at: spotOfWords(l, l.words[k:last+2])}
		}
	}
	return nil
}

// wordAt is word k of l, or no word past its end.
func wordAt(l docLine, k int) word {
	if k < 0 || k >= len(l.words) {
		return word{}
	}
	return l.words[k]
}

// surnameAt reports the lead's surname, every word of it ("OKAFOR-REID"),
// at word k of l; possessive or not ("DARNELL WHITACRE's").
func surnameAt(l docLine, k int, e expectedName) bool {
	if k+len(e.surname) > len(l.words) {
		return false
	}
	for i, s := range e.surname {
		if withoutPossessive(l, l.words[k+i]).text != s.text {
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
// WEGOVY 0.5 MG"), that person is the requested medicine's patient; so is
// the person whose heading (heads: householdHeadings) the row stands under.
func medicineRowNames(d document, e expectedName, rows, heads []int) (lead, other, otherHeading *nameSeen) {
	if len(rows) == 0 {
		return nil, nil, nil
	}
	captioned := captionedWords(d)
	leadHeads := slices.ContainsFunc(heads, func(k int) bool {
		o, level := compareName(headingName(d.lines[k]), e, d.lines[k].reading())
		return o == nameFull && level >= ocrMatch
	})
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
		if k := sort.SearchInts(heads, i) - 1; k >= 0 {
			// The row stands in a section headed by one person of a
			// household's: the heading names its patient. Another
			// person's heading counts only where the lead heads a section
			// of their own (the page is a household's list), or where it
			// names a relative of the lead's surname (a day log's "Mrs
			// Imelda Farrow" over her Wegovy, her daughter the lead, who
			// collected it; unseen24 through the production reader, round
			// 14).
			h := d.lines[heads[k]]
			ws := headingName(h)
			switch outcome, level := compareName(ws, e, h.reading()); {
			case outcome == nameFull && level >= ocrMatch:
				firstSeen(&lead, nameSeen{sure: min(readCertainty(h.reading().of(ws).conf), level.certainty()), ocr: h.ocr, at: spotOfWords(h, ws)})
			case outcome == nameOther && (leadHeads || sharesSurname(ws, e, h.reading())) && !(h.ocr && nearName(ws, e, h.reading()) && !clearlyOther(ws, e, h.reading())) && !misreadPart(ws, e, h.reading()):
				firstSeen(&otherHeading, nameSeen{sure: readCertainty(h.reading().of(ws).conf), ocr: h.ocr, at: spotOfWords(h, ws)})
			}
		}
	}
	return lead, other, otherHeading
}

// otherForename reports a word that names another person than the lead
// when it stands beside the lead's surname: capitalised, letters only, two
// or more of them, no title or word no name has, and neither the lead's
// forename nor within two letters of it.
func otherForename(w word, e expectedName) bool {
	if !w.capital || len(w.text) < 2 || hasDigit(w.text) || titles[w.text] || ranks[w.text] || isNonNameWord(w.text) || w.commaAfter {
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

// householdHeadings are the lines that head a section of one person's
// medicines on a page listing several people's ("Keisha Baptiste-Lowe
// (you)" over her Wegovy, "Andre Baptiste-Lowe" over his statins; "Mr
// Chidi Okonjo", "Mrs Adaeze Okonjo"; "PETTIBONE, HARLAN"): a person's
// name heading its line (headingName) with a medicine named on one of the
// next three lines, no other heading between (ms: the medicines d names;
// three since Textract splits a receipt's "RX 7730921   FILLED 11/23/26"
// in two at its gap: unseen42's family receipt, round 15, where the
// production path lost the headings). A page with fewer than two has none:
// one name over a medicine is a label's patient, judged as such.
func householdHeadings(d document, ms []medicineMention) []int {
	medicineLines := map[int]bool{}
	for _, m := range ms {
		medicineLines[m.line] = true
	}
	var heads []int
	for i, l := range d.lines {
		if headingName(l) == nil || medicineLines[i] {
			continue
		}
		med := i + 1
		for med <= i+3 && !medicineLines[med] {
			med++
		}
		if med > i+3 {
			continue
		}
		headed := true
		for k := i + 1; k < med && headed; k++ {
			headed = headingName(d.lines[k]) == nil
		}
		if headed {
			heads = append(heads, i)
		}
	}
	if len(heads) < 2 {
		return nil
	}
	return heads
}

// headingName is the name of a person that a line heads with: the line is
// nothing but the name (standaloneName), or "(you)" follows it, or their
// date of birth or how they relate to an account does, set off by a mark
// ("Mateo Castellanos · DOB 07/02/1979 · Spouse"), or it says whose a
// section is ("Items for Sian Rhys-Mortimer", "For Mr Tomasz Nowak"). Nil
// when it is not.
func headingName(l docLine) []word {
	if ws, _, _, ok := standaloneName(l); ok {
		return ws
	}
	words := l.words
	if k := slices.IndexFunc(words, func(w word) bool { return w.text == "for" }); k == 0 || k >= 1 && k <= 2 && sectionNouns[words[0].text] {
		// "Items for Sian Rhys-Mortimer", "For Mr Tomasz Nowak" (a
		// locker's e-mail, each person's items under their own; unseen12,
		// round 12): the rest of the line is the name.
		run := nameRun(words[k+1:])
		if len(run) >= 2 && len(run) == len(words)-k-1 && looksLikeName(run) && allCapitalised(run) {
			return run
		}
		return nil
	}
	if ws := sectionAboutName(l); ws != nil {
		return ws
	}
	if ws := rxItemName(words); ws != nil {
		return ws
	}
	if len(words) > 0 && titles[words[0].text] && words[0].text != "dr" && words[0].text != "prof" {
		words = words[1:]
	}
	run := nameRun(words)
	if len(run) > 4 {
		run = run[:4]
	}
	if len(run) < 2 || !looksLikeName(run) || !allCapitalised(run) || len(run) == len(words) || isPrescriberLine(l) {
		return nil
	}
	if next := words[len(run)]; headingTail(l, run[len(run)-1], next) {
		return run
	}
	return nil
}

// sectionAboutName is the person a numbered or short section heading names
// after a dash, the name ending the line ("4. Health and medicines — Mr
// Albert Cheetham" over his medicines, "5. Health and medicines — Mrs Irene
// Cheetham" over hers, in a council's joint care needs assessment of a
// couple; unseen156, round 29, each the other's namesake on 5 uploads, both
// readers). The heading before the dash is at most six words, no digit but
// a section's number; nil when the line is no such heading.
func sectionAboutName(l docLine) []word {
	k := strings.LastIndexAny(l.norm, "—–")
	if k < 0 {
		k = strings.LastIndex(l.norm, " - ")
	}
	if k < 0 {
		return nil
	}
	var head, tail []word
	for _, w := range l.words {
		if w.start < k {
			head = append(head, w)
		} else {
			tail = append(tail, w)
		}
	}
	if len(head) == 0 || len(head) > 6 || len(tail) < 2 {
		return nil
	}
	for j, w := range head {
		if hasDigit(w.text) && (j > 0 || !sectionNumberRe.MatchString(w.text)) {
			return nil
		}
	}
	if titles[tail[0].text] && tail[0].text != "dr" && tail[0].text != "prof" {
		tail = tail[1:]
	}
	run := nameRun(tail)
	if len(run) != len(tail) || len(run) < 2 || len(run) > 4 || !looksLikeName(run) || !allCapitalised(run) {
		return nil
	}
	return run
}

// sectionNumberRe is a section's number ("4", "4.", "4.2").
var sectionNumberRe = lazyRE(`^\d{1,2}(?:\.\d{1,2})?\.?$`)

// sectionNouns start a heading that names whose a section is ("Items for
// Sian Rhys-Mortimer", "Prescriptions for Mr Chidi Okonjo").
var sectionNouns = map[string]bool{
	"items": true, "item": true, "order": true, "orders": true, "prescriptions": true, "prescription": true,
	"medicines": true, "medications": true, "medication": true, "parcel": true, "bag": true, "supplies": true,
}

// headingTail reports the words after a heading's name starting with a
// date of birth, a relationship or a record's number, set off from the name by a mark
// ("·", "-", "|", a comma or a bracket).
func headingTail(l docLine, last, next word) bool {
	gap := l.norm[last.end:next.start]
	if !strings.ContainsAny(gap, "·|-–—,(") {
		return false
	}
	switch next.text {
	case "you", "me", "dob", "born", "date", "d", "self", "spouse", "husband", "wife", "partner", "child", "son",
		"daughter", "dependent", "dependant", "parent", "mother", "father", "account", "primary", "member",
		// A record's number after the name ("Ms Ruth Adeyemi (NHS number
		// 999 481 2276)" over her supply in a couple's letter; unseen83,
		// round 21).
		"nhs", "mrn", "chi":
		return true
	}
	return false
}

// rxItemName is the name ending a till receipt's prescription item line,
// "RX 4471902 KIM, DANA" over the item's medicine and "RX 4471903 KIM,
// DANIEL" over the next (a drugstore's receipt for a household; unseen162,
// round 31): the item's patient. Nil when the line is no such item.
func rxItemName(words []word) []word {
	if len(words) < 4 || words[0].text != "rx" || words[1].text == "" || strings.Trim(words[1].text, "0123456789") != "" {
		return nil
	}
	run := nameRun(words[2:])
	if len(run) < 2 || len(run) > 4 || len(run) != len(words)-2 || !looksLikeName(run) || !allCapitalised(run) {
		return nil
	}
	return run
}
