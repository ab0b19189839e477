// Comparing a run of words with the lead's name: outcomes, readings and match levels.

package evidence

import (
	"slices"
	"strings"
)

// nameOutcome is how a run of words compares with the expected name.
type nameOutcome int

const (
	nameAbsent      nameOutcome = iota // nothing that reads as a person's name
	nameOther                          // another person's name
	nameSurnameOnly                    // the surname alone ("Patient: SMITH")
	nameInitial                        // the surname with the forename's initial ("J SMITH")
	namePartial                        // the forename and part of a compound surname
	nameFull                           // forename and surname
	nameSwapped                        // forename and surname, the surname first with nothing marking it
)

// expectedName is the lead's name, split into words.
type expectedName struct {
	forename []word
	surname  []word
	// suffix is the lead's generational suffix ("jr", "sr", "iii"), kept
	// apart from the surname: it tells a son from his father, so it is
	// matched exactly, never as OCR's slack allows ("Jr" is not "Sr").
	suffix string
}

func newExpectedName(forename, surname string) expectedName {
	e := expectedName{forename: nameWords(forename), surname: nameWords(surname)}
	if n := len(e.surname); n > 1 && generationalSuffix(e.surname[n-1].text) != "" {
		e.suffix, e.surname = generationalSuffix(e.surname[n-1].text), e.surname[:n-1]
	}
	return e
}

// generationalSuffix is the suffix a word is ("junior" and "jr" alike), or
// "" when it is none.
func generationalSuffix(w string) string {
	switch w {
	case "jr", "junior":
		return "jr"
	case "sr", "senior", "snr":
		return "sr"
	case "ii", "iii", "iv":
		return w
	}
	return ""
}

// forenameAt is the word of ws, not yet used, that is the lead's (first)
// forename and how well it matched; for a lead of one name, a filler for
// the forename she has not. -1 when there is none.
func forenameAt(ws []word, used []bool, e expectedName, r nameReading) (int, matchLevel) {
	fi, fl := bestUnused(ws, used, e.forename[0], r)
	if fi < 0 && e.singleName() {
		fi, fl = slices.IndexFunc(ws, func(w word) bool { return nameUnknownFillers[w.text] }), exactMatch
		if fi >= 0 && used[fi] {
			fi = -1
		}
	}
	return fi, fl
}

// nameUnknownFillers stand in US systems for the part of a one-word name
// that the person has not: "FNU" (first name unknown), "LNU", "NFN", "NLN".
var nameUnknownFillers = map[string]bool{"fnu": true, "lnu": true, "nfn": true, "nln": true}

// singleName reports a lead with one name, entered as both forename and
// surname: "SUHARTI, FNU" on a label is that person, the filler standing
// for the forename she has not (unseen71's community health centre label,
// round 19, where the lead was rated another person).
func (e expectedName) singleName() bool {
	return len(e.forename) == 1 && len(e.surname) == 1 && e.forename[0].text == e.surname[0].text
}

// readSuffix is the generational suffix a name's word is, as printed or
// as OCR reads III's strokes ("IH", "Ill", "1II"): "WHITFIELD IH, ROBERT"
// on a kiosk's tile is Robert Whitfield III, no misreading of the lead
// Robert Whitfield Jr (unseen71, a false accept at first measure, round
// 19). Two strokes are left as printed: "Li" is a name.
func readSuffix(w word) string {
	if s := generationalSuffix(w.text); s != "" || len(w.text) < 2 || len(w.text) > 3 {
		return s
	}
	strokes := strings.Map(func(r rune) rune {
		switch r {
		case 'l', '1', '|', '!':
			return 'i'
		}
		return r
	}, w.text)
	if strokes == "iii" || w.text == "ih" {
		return "iii"
	}
	return ""
}

func nameWords(s string) []word {
	_, ws := normalise(s)
	var out []word
	for _, w := range ws {
		if !titles[w.text] {
			out = append(out, w)
		}
	}
	return out
}

func (e expectedName) usable() bool { return len(e.forename) > 0 && len(e.surname) > 0 }

// nameReading is how the words compared with a name were read: by OCR or
// from a text layer, and with what line confidence.
type nameReading struct {
	ocr  bool
	conf float64
}

func (l docLine) reading() nameReading      { return nameReading{ocr: l.ocr, conf: l.conf} }
func (v patientValue) reading() nameReading { return nameReading{ocr: v.ocr, conf: v.conf} }

// of is the reading of the words ws: as good as the weakest of them, when
// the reader reported word confidences. A poorly read word inside a line
// read well is read poorly.
func (r nameReading) of(ws []word) nameReading {
	for _, w := range ws {
		if w.conf > 0 && w.conf < r.conf {
			r.conf = w.conf
		}
	}
	return r
}

// noisy reports a reading whose names may carry OCR noise: OCR output read
// less than well. A reader sure of a line that spelt a name otherwise read
// another name ("Amie" at 99.5% is not "Arnie").
func (r nameReading) noisy() bool { return r.ocr && r.conf < wellRead }

// anyOCR is how words are compared to tell whether they might be the
// expected name at all, however well they were read.
var anyOCR = nameReading{ocr: true}

// nameWordMatch compares one word of the expected name with one of the
// document. Text layers match exactly (case, accents and apostrophes
// aside). OCR lines may also differ where the lead's name has an accented
// letter and OCR read it as one of the glyphs it makes of that letter (ñ
// read as "f" or "fi", ç as "g" or "¢", ë as "6": see markGlyphs), however
// sure the reader was of the line. OCR lines read less well may also differ
// by OCR's usual confusions (rn/m, 1/l, 0/o), the readings of noisyGlyphs
// (ö as "é") or, for longer names, a small edit distance. No OCR allowance
// is ever an exact match. How well got was read is its own confidence when
// the reader reported one: "Catherine" read at 96% in a line that specks
// brought down to 73% is clearly not Katherine.
func nameWordMatch(want, got word, r nameReading) matchLevel {
	if want.text == got.text {
		return exactMatch
	}
	if got.conf > 0 {
		r.conf = got.conf
	}
	if !r.ocr || (len(got.text) < 2 && len(want.text) > 1) {
		return noMatch
	}
	if want.lower != want.text {
		return accentedNameMatch(want, got, r.noisy())
	}
	if !r.noisy() {
		return noMatch
	}
	ow, og := want.ocr, got.ocr
	if ow == og {
		return ocrMatch
	}
	switch d := editDistance(ow, og, fuzzyAllowance(len(want.text))); {
	case d == 1 && fuzzyAllowance(len(want.text)) >= 1:
		return fuzzyMatch1
	case d == 2 && fuzzyAllowance(len(want.text)) >= 2:
		return fuzzyMatch2
	}
	return noMatch
}

// accentedNameMatch compares an expected name word that has accented letters
// with an OCR'd word: on a noisy reading with the edit allowance of the
// word's length, on a line read well only through the glyphs OCR makes of
// accented letters.
func accentedNameMatch(want, got word, noisy bool) matchLevel {
	w, g := []rune(want.lower), glyphs(got.lower)
	allow := 0
	if noisy {
		allow = fuzzyAllowance(len(want.text))
	}
	switch d := glyphDistance(w, g, allow, noisy); {
	case d == 0:
		return ocrMatch
	case d == 1 && allow >= 1:
		return fuzzyMatch1
	case d == 2 && allow >= 2:
		return fuzzyMatch2
	}
	return noMatch
}

// bestUnused is the index of the word of ws not yet used that matches
// want best, and how well; -1 when none matches.
func bestUnused(ws []word, used []bool, want word, r nameReading) (int, matchLevel) {
	bi, bl := -1, noMatch
	for i, w := range ws {
		if l := nameWordMatch(want, w, r); !used[i] && l > bl {
			bi, bl = i, l
		}
	}
	return bi, bl
}

// compareName compares a run of words (a labelled value, or a window of a
// line) with the expected name. The order of the words does not matter
// ("SMITH, Jane", "Jane Smith"); middle names are allowed.
func compareName(ws []word, e expectedName, r nameReading) (nameOutcome, matchLevel) {
	o, l, _ := matchName(ws, e, r)
	return o, l
}

// matchName is compareName that also reports which words of ws were taken
// for the lead's forename and surname.
func matchName(ws []word, e expectedName, r nameReading) (nameOutcome, matchLevel, []bool) {
	if len(ws) == 0 {
		return nameAbsent, noMatch, nil
	}
	r = r.of(ws)
	used, otherSuffix := suffixesUsed(ws, e)
	if otherSuffix {
		return nameOther, noMatch, used
	}
	level := exactMatch
	surnameFound, surnameFirst := 0, len(ws)
	for _, s := range e.surname {
		if bi, bl := bestUnused(ws, used, s, r); bi >= 0 {
			used[bi] = true
			surnameFound++
			surnameFirst = min(surnameFirst, bi)
			level = min(level, bl)
		}
	}
	f0 := e.forename[0]
	forename, initial, otherInitial := false, false, false
	fi, fl := forenameAt(ws, used, e, r)
	if fi >= 0 {
		used[fi] = true
		forename = true
		level = min(level, fl)
	} else {
		for i, w := range ws {
			if used[i] || len(w.text) != 1 {
				continue
			}
			if w.text[0] == f0.text[0] {
				initial = true
			} else {
				otherInitial = true
			}
		}
	}
	// A forename of several words ("Thi Lan", "Ana-Lucía") is the lead's
	// only with every word: "Thi Lam" is another person.
	allForenames := forename
	if forename {
		for _, f := range e.forename[1:] {
			if bi, bl := bestUnused(ws, used, f, r); bi >= 0 {
				used[bi] = true
				level = min(level, bl)
			} else {
				allForenames = false
			}
		}
	}
	others := 0
	for i, w := range ws {
		if !used[i] && len(w.text) > 1 {
			others++
		}
	}
	switch {
	case surnameFound == len(e.surname) && forename && !allForenames && others > 0:
		// Another word where a word of the lead's forename should be.
		return nameOther, noMatch, used
	case surnameFound == len(e.surname) && forename && !allForenames:
		return namePartial, level, used
	case surnameFound == len(e.surname) && forename && surnameFirst < fi && !surnameMarked(ws[surnameFirst:fi], ws[fi]) && !e.eitherWay():
		// The surname before the forename with no comma after it: written
		// the other way round, this is another person's name.
		return nameSwapped, level, used
	case surnameFound == len(e.surname) && forename:
		return nameFull, level, used
	case surnameFound == len(e.surname) && initial && !otherInitial:
		return nameInitial, level, used
	case surnameFound == len(e.surname) && !initial && !otherInitial && others == 0:
		return nameSurnameOnly, level, used
	case surnameFound > 0 && forename:
		return namePartial, level, used
	}
	return nameOther, noMatch, used
}

// suffixesUsed marks the generational suffixes among ws (not a name's
// first word) as used: a suffix the lead's name lacks is no other word of
// it. otherSuffix reports one that differs from the lead's ("OKAFOR SR,
// EMMANUEL" is not the lead Emmanuel Okafor Jr).
func suffixesUsed(ws []word, e expectedName) (used []bool, otherSuffix bool) {
	used = make([]bool, len(ws))
	for i, w := range ws {
		// A lead whose own name is such a word ("Iv", a surname) keeps it.
		if suffix := readSuffix(w); i > 0 && suffix != "" && !e.nameHas(w.text) {
			otherSuffix = otherSuffix || e.suffix != "" && suffix != e.suffix
			used[i] = true
		}
	}
	return used, otherSuffix
}

// nameHas reports a word of the lead's forename or surname.
func (e expectedName) nameHas(t string) bool {
	has := func(w word) bool { return w.text == t }
	return slices.ContainsFunc(e.forename, has) || slices.ContainsFunc(e.surname, has)
}

// surnameMarked reports the words before the forename marked as the
// surname: a comma after one of them (the "SURNAME, Forename" form), or
// all of them in capitals before a forename that is not ("KIM Min-seo",
// "HARGREAVES Jordan": how UK forms and many countries' papers set a
// surname first; round 19, unseen71's clinic letter, where "Patient: KIM
// Min-seo (Ms)" was taken for another person beside "Ms Min-seo Kim").
func surnameMarked(ws []word, forename word) bool {
	if slices.ContainsFunc(ws, func(w word) bool { return w.commaAfter }) {
		return true
	}
	return forename.capital && !forename.upper && !slices.ContainsFunc(ws, func(w word) bool { return !w.upper })
}

// eitherWay reports a lead whose forename is also a word of their surname
// ("Thomas Thomas"): the order of the words cannot tell them apart.
func (e expectedName) eitherWay() bool {
	return slices.ContainsFunc(e.surname, func(s word) bool { return s.text == e.forename[0].text })
}

// possibleMisreading reports whether OCR may have read the expected word
// want as got: equal once OCR's usual confusions (rn/m, 1/l, 0/o) are
// undone, or, for a word with accented letters, which OCR garbles even on
// lines it is sure of ("Conceição" read "Conceicdo"), within the word's edit
// allowance of what it makes of them.
func possibleMisreading(want, got word) bool {
	if want.text == got.text || want.ocr == got.ocr || lostLastLetter(want, got) {
		return true
	}
	return want.lower != want.text && accentedNameMatch(want, got, true) != noMatch
}

// lostLastLetter reports got as want, a name of five letters or more, without
// its last letter: OCR drops a word's last glyph on lines it is otherwise
// sure of ("Paciente: Teodoro Villalobo" for Villalobos, white print on a
// green bar; unseen41's app, round 17, where it was rated another person).
// A misreading maybe, never the lead's name for sure: near, not found.
func lostLastLetter(want, got word) bool {
	return len(want.ocr) >= 5 && got.ocr == want.ocr[:len(want.ocr)-1]
}

// otherPartReading is how well the words of ws that are not words of the
// lead's name were read: the part of a name that may be a misreading. When
// each of them carries its own confidence (the reader reported words, or
// the name was joined from forename and surname fields on lines of their
// own), theirs decides: "Forename: John" read well beside a smudged
// "Surname: Ellis" is clearly John. Otherwise the whole run's reading does.
func otherPartReading(ws []word, e expectedName, r nameReading) nameReading {
	lead := func(w word) bool {
		return slices.ContainsFunc(e.forename, func(f word) bool { return f.text == w.text }) ||
			slices.ContainsFunc(e.surname, func(s word) bool { return s.text == w.text })
	}
	conf, own := 2.0, false
	for _, w := range ws {
		if lead(w) {
			continue
		}
		if w.conf <= 0 {
			return r.of(ws)
		}
		conf, own = min(conf, w.conf), true
	}
	if !own {
		return r.of(ws)
	}
	return nameReading{ocr: r.ocr, conf: conf}
}

// clearlyOther reports a name read well that is another person's, however
// close its spelling: one part of the lead's name (the forename, or the
// whole surname) is there exactly, and the other is there only as a word no
// OCR confusion explains ("Jon Doe", "John Dowd", "Katherine Doe" for
// Catherine). Read well is the other part's reading (otherPartReading): a
// word that is the lead's exactly needs no confidence. A name whose other
// part was read poorly, or garbled in both parts ("Jnae Smtih"), may still
// be a misreading of the lead's.
func clearlyOther(ws []word, e expectedName, r nameReading) bool {
	if _, otherSuffix := suffixesUsed(ws, e); otherSuffix {
		return true // "Sr" for the lead's "Jr": a father is no misreading of his son
	}
	r = otherPartReading(ws, e, r)
	if r.noisy() || len(ws) < 2 {
		return false
	}
	has := func(want word) bool { return slices.ContainsFunc(ws, func(w word) bool { return w.text == want.text }) }
	misread := func(want word, skip []word) bool {
		for _, w := range ws {
			if !slices.ContainsFunc(skip, func(s word) bool { return s.text == w.text }) && possibleMisreading(want, w) {
				return true
			}
		}
		return false
	}
	forename := !slices.ContainsFunc(e.forename, func(f word) bool { return !has(f) })
	surname := !slices.ContainsFunc(e.surname, func(s word) bool { return !has(s) })
	switch {
	case forename && !surname:
		return !slices.ContainsFunc(e.surname, func(s word) bool { return !has(s) && misread(s, e.forename) })
	case surname && !forename:
		// The words of the name that are not the lead's may be misreadings
		// of the forename's missing words.
		skip := append(slices.Clone(e.surname), slices.DeleteFunc(slices.Clone(e.forename), func(f word) bool { return !has(f) })...)
		return slices.ContainsFunc(e.forename, func(f word) bool { return !has(f) && !misread(f, skip) })
	}
	return false
}

// misreadPart reports a name OCR read poorly (under fairlyRead) that has
// one part of the lead's name, the forename or the whole surname: its other
// part is as likely the lead's misread ("Mr Tires Owen" from a blurred
// "Mr Thomas Owen") as another person's, so it is not evidence of another
// person. Only a name read with good confidence that differs is.
func misreadPart(ws []word, e expectedName, r nameReading) bool {
	r = otherPartReading(ws, e, r)
	if !r.ocr || r.conf >= fairlyRead {
		return false
	}
	has := func(want word) bool { return slices.ContainsFunc(ws, func(w word) bool { return w.text == want.text }) }
	return has(e.forename[0]) || !slices.ContainsFunc(e.surname, func(s word) bool { return !has(s) })
}

// splitSurname reports the lead's surname read in pieces ("0 D riscoll"
// for O'Driscoll): two or three consecutive words that join, OCR's
// confusions undone, into the surname's letters.
func splitSurname(ws []word, e expectedName) bool {
	var want strings.Builder
	for _, s := range e.surname {
		want.WriteString(s.ocr)
	}
	for i := range ws {
		joined := ws[i].ocr
		for k := i + 1; k < len(ws) && k <= i+2; k++ {
			joined += ws[k].ocr
			if joined == want.String() {
				return true
			}
		}
	}
	return false
}

// nearName reports whether words hold something close to both the forename
// and the surname: too close to call another person's name when OCR read
// it. Close is within two edits on a line read less than well, and within
// one once OCR confusions (rn/m, 1/l) are undone on a well-read line, where
// "Walker" is not a misreading of "Warner". A word that is the surname is
// not also taken for the forename: "Lucia Fairbairn-Lowe" is a relative of
// "Zoë Fairbairn-Lowe", however close "Lowe" is to "Zoe".
func nearName(ws []word, e expectedName, r nameReading) bool {
	edits := 1
	if r.noisy() {
		edits = 2
	}
	near := func(want word, skipSurname bool) bool {
		for _, w := range ws {
			if skipSurname && slices.ContainsFunc(e.surname, func(s word) bool { return nameWordMatch(s, w, anyOCR) != noMatch }) {
				continue
			}
			if editDistance(w.ocr, want.ocr, edits) <= edits {
				return true
			}
		}
		return false
	}
	return near(e.forename[0], true) && near(e.surname[len(e.surname)-1], false)
}

// better reports whether outcome a says more about the lead than b: the
// full name first, then the name the other way round, then the rest in
// order of how much of the name they hold.
func better(a, b nameOutcome) bool {
	score := func(o nameOutcome) int {
		switch o {
		case nameFull:
			return 10
		case nameSwapped:
			return 9
		}
		return int(o)
	}
	return score(a) > score(b)
}
