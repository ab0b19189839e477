package evidence

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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

// patientLabelStrength: a strong label names the patient; a weak one names
// whoever receives the parcel or opened the e-mail, maybe a relative.
type patientLabelStrength int

const (
	weakLabel patientLabelStrength = iota + 1
	strongLabel
)

type patientLabel struct {
	re       *regexp.Regexp
	strength patientLabelStrength
}

var patientLabels = []patientLabel{
	{regexp.MustCompile(`\bpatient(?:'s)?(?:\s+(?:full\s+)?name)?\s*[:-]?`), strongLabel},
	{regexp.MustCompile(`\bpt\.?(?:\s+name)?\s*:`), strongLabel},
	{regexp.MustCompile(`^\s*(?:full\s+)?name\s*[:-]`), strongLabel},
	{regexp.MustCompile(`^\s*(?:full\s+)?name\s*$`), strongLabel},
	{regexp.MustCompile(`\bfor\s*:`), weakLabel},
	{regexp.MustCompile(`\b(?:ship(?:ping)?|deliver(?:y|ed)?|bill(?:ing)?)\s+to\b\s*:?`), weakLabel},
	{regexp.MustCompile(`\b(?:recipient|customer(?:\s+name)?|delivery\s+name)\s*:`), weakLabel},
	{regexp.MustCompile(`^\s*(?:dear|hi|hello)\b`), weakLabel},
}

// patientLabelWords: a line without one of them has no patient label.
var patientLabelWords = newPhraseSet(map[bool][]string{true: {
	"patient", "patients", "pt", "name", "for", "ship", "shipping", "deliver", "delivery", "delivered", "bill",
	"billing", "recipient", "customer", "dear", "hi", "hello",
}})

// prescriberWords mark a line about the prescriber, pharmacist or doctor:
// a name there is not the patient's.
var prescriberWords = newPhraseSet(map[bool][]string{true: {
	"dr", "doctor", "prescriber", "prescribed by", "prescribing", "pharmacist", "rph", "md", "m d", "np", "gmc",
	"npi", "dea", "physician", "gphc", "clinician", "practitioner", "nurse", "signed", "signature", "checked by",
	"dispensed by", "surgery", "clinic", "hospital", "aprn", "fnp", "pa c", "d o",
}})

// isPrescriberLine reports a line about the prescriber, pharmacist or
// doctor. "Dr" after a house number is a street ("12 Oak Dr") and "MD"
// before a ZIP code is Maryland.
func isPrescriberLine(l docLine) bool {
	for _, m := range prescriberWords.find(l.words) {
		w := l.words[m.first].text
		if m.first != m.last {
			return true
		}
		switch {
		case w == "dr" && m.first > 0 && hasDigit(l.words[m.first-1].text):
		case w == "dr" && m.first > 1 && hasDigit(l.words[m.first-2].text):
		case w == "md" && m.first+1 < len(l.words) && len(l.words[m.first+1].text) == 5 && hasDigit(l.words[m.first+1].text):
		default:
			return true
		}
	}
	return false
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

var emailRe = regexp.MustCompile(`\S+@\S+`)

// titles are dropped from names; once a name has begun, a title starts the
// next person ("Jane Smith Dr Brown").
var titles = map[string]bool{"mr": true, "mrs": true, "ms": true, "miss": true, "mx": true, "dr": true, "prof": true, "sir": true, "dame": true, "master": true, "rev": true, "lady": true, "lord": true}

// nameStopWords end a name in a labelled value ("Jane Smith DOB ...").
var nameStopWords = map[string]bool{
	"dob": true, "date": true, "born": true, "birth": true, "address": true, "addr": true, "nhs": true, "mrn": true,
	"tel": true, "telephone": true, "phone": true, "mobile": true, "email": true, "prescriber": true, "doctor": true,
	"rx": true, "id": true, "no": true, "number": true, "ref": true, "age": true, "sex": true, "gender": true,
	"qty": true, "quantity": true, "order": true, "hospital": true, "ward": true, "gp": true, "pharmacy": true,
	"pharmacist": true, "chemist": true, "medication": true, "medicine": true, "drug": true, "item": true,
}

// nonNameWords never appear in a person's name: a value holding one is not
// a name ("Patient information leaflet", "For: weight management").
var nonNameWords = map[string]bool{
	"information": true, "leaflet": true, "copy": true, "details": true, "name": true, "the": true, "of": true,
	"and": true, "for": true, "use": true, "weight": true, "loss": true, "management": true, "injection": true,
	"pen": true, "pens": true, "tablet": true, "tablets": true, "capsule": true, "capsules": true, "label": true,
	"instructions": true, "only": true, "record": true, "here": true, "please": true, "see": true, "reverse": true,
	"counselling": true, "consent": true, "notes": true, "unknown": true, "none": true, "external": true,
	"internal": true, "your": true, "you": true, "our": true, "this": true, "with": true, "care": true, "services": true,
	"service": true, "support": true, "team": true, "order": true, "prescription": true, "weekly": true, "daily": true,
	"type": true, "diabetes": true, "obesity": true, "treatment": true, "address": true, "home": true, "same": true,
	"above": true, "below": true, "as": true, "customer": true, "patient": true, "to": true, "from": true, "by": true,
	"a": true, "an": true, "in": true, "on": true, "at": true, "is": true, "not": true, "valid": true, "uk": true,
	"usa": true, "us": true, "street": true, "road": true, "lane": true, "avenue": true, "st": true, "rd": true,
	"ave": true, "suite": true, "apt": true, "flat": true, "thank": true, "thanks": true, "there": true, "all": true,
	"solution": true, "dose": true, "mg": true, "ml": true, "mcg": true,
	// Businesses, not people ("NorthStar Wellness", "Acme Supplies Ltd").
	"ltd": true, "limited": true, "inc": true, "llc": true, "plc": true, "corp": true, "co": true,
	"company": true, "group": true, "wellness": true, "health": true, "medical": true, "centre": true,
	"center": true, "energy": true, "fitness": true, "electric": true, "gas": true, "store": true,
	"direct": true, "online": true, "supplies": true, "confirmation": true, "statement": true,
	"receipt": true, "invoice": true, "account": true, "delivery": true,
}

func isNonNameWord(w string) bool {
	if nonNameWords[w] || nameStopWords[w] {
		return true
	}
	_, level := matchMedicineWord(w, false)
	return level != noMatch || isPharmacyWord(w)
}

// expectedName is the lead's name, split into words.
type expectedName struct {
	forename []word
	surname  []word
}

func newExpectedName(forename, surname string) expectedName {
	return expectedName{forename: nameWords(forename), surname: nameWords(surname)}
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

// noisy reports a reading whose names may carry OCR noise: OCR output read
// less than well. A reader sure of a line that spelt a name otherwise read
// another name ("Amie" at 99.5% is not "Arnie").
func (r nameReading) noisy() bool { return r.ocr && r.conf < wellRead }

// anyOCR is how words are compared to tell whether they might be the
// expected name at all, however well they were read.
var anyOCR = nameReading{ocr: true}

// nameWordMatch compares one word of the expected name with one of the
// document. Text layers and well-read OCR lines match exactly (case,
// accents and apostrophes aside); OCR lines read less well may also differ
// by OCR confusions, by what OCR makes of accented letters (ñ read as "fi",
// ö as "é", ç as "g" or "¢", ë as "6"), or, for longer names, a small edit
// distance. Neither OCR allowance is ever an exact match.
func nameWordMatch(want, got word, r nameReading) matchLevel {
	if want.text == got.text {
		return exactMatch
	}
	if !r.noisy() || (len(got.text) < 2 && len(want.text) > 1) {
		return noMatch
	}
	if want.lower != want.text {
		return accentedNameMatch(want, got)
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
// with an OCR'd word, with the edit allowance of the word's length.
func accentedNameMatch(want, got word) matchLevel {
	w, g := []rune(want.lower), glyphs(got.lower)
	allow := fuzzyAllowance(len(want.text))
	switch d := glyphDistance(w, g, allow); {
	case d == 0:
		return ocrMatch
	case d == 1 && allow >= 1:
		return fuzzyMatch1
	case d == 2 && allow >= 2:
		return fuzzyMatch2
	}
	return noMatch
}

// glyphs are a word's runes with typographic ligatures split ("ﬁ" is f, i).
func glyphs(s string) []rune {
	rs := make([]rune, 0, len(s))
	for _, r := range s {
		switch r {
		case 'ﬁ':
			rs = append(rs, 'f', 'i')
		case 'ﬂ':
			rs = append(rs, 'f', 'l')
		default:
			rs = append(rs, r)
		}
	}
	return rs
}

// glyphDistance is an edit distance between the expected letters w and the
// OCR'd glyphs g (both lowercase, accents kept), or max+1 when it exceeds
// max. These cost nothing: a letter read without its accent; an accented
// letter read as another accented letter or as a digit (the mark garbles
// the glyph); ç read as g or ¢; ñ read as "fi", "ii" or "ri"; and OCR's usual confusions
// (0/o, 1/l/i, 5/s, rn/m, vv/w). A plain letter read as another plain
// letter is always an edit, so "José" never matches "Josh".
func glyphDistance(w, g []rune, max int) int {
	if len(w) > 64 || len(g) > 64 || len(g) > 2*len(w)+max || len(w) > len(g)+max {
		return max + 1
	}
	var rows [3][66]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(g); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(w); i++ {
		cur[0] = i
		for j := 1; j <= len(g); j++ {
			cost := 1
			if sameGlyph(w[i-1], g[j-1]) {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if j > 1 && twoGlyphs(w[i-1], g[j-2], g[j-1]) {
				v = min(v, prev[j-2])
			}
			if i > 1 && w[i-2] == 'r' && w[i-1] == 'n' && g[j-1] == 'm' {
				v = min(v, prev2[j-1])
			}
			if i > 1 && j > 1 && sameGlyph(w[i-1], g[j-2]) && sameGlyph(w[i-2], g[j-1]) {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[len(g)] > max {
		return max + 1
	}
	return prev[len(g)]
}

// sameGlyph reports whether OCR may have read the expected letter w as g.
func sameGlyph(w, g rune) bool {
	fw, fg := fold(w), fold(g)
	switch {
	case fw == fg:
		return true
	case isAccented(w) && (isAccented(g) || (g >= '0' && g <= '9')):
		return true
	case w == 'ç' && (g == 'g' || g == '¢'):
		// The cedilla closes the c into a g ("Françoise" read "Frangoise")
		// or strikes it through (¢).
		return true
	case len(fw) == 1 && len(fg) == 1:
		return ocrForm(fw) == ocrForm(fg)
	}
	return false
}

// twoGlyphs reports whether OCR may have read the expected letter w as the
// two glyphs a, b: ñ as "fi", "ii" or "ri"; m as "rn"; w as "vv"; a letter
// that folds to two ("ß", "æ") as those two.
func twoGlyphs(w, a, b rune) bool {
	switch {
	case w == 'ñ':
		return b == 'i' && (a == 'f' || a == 'i' || a == 'r')
	case w == 'm':
		return a == 'r' && b == 'n'
	case w == 'w':
		return a == 'v' && b == 'v'
	}
	f := fold(w)
	return len(f) == 2 && rune(f[0]) == a && rune(f[1]) == b
}

// isAccented reports a letter that carries a mark (é, ñ, ø): one that folds
// to a different single letter.
func isAccented(r rune) bool {
	if r < utf8.RuneSelf {
		return false
	}
	f := fold(r)
	return len(f) == 1 && f != string(unicode.ToLower(r))
}

// compareName compares a run of words (a labelled value, or a window of a
// line) with the expected name. The order of the words does not matter
// ("SMITH, Jane", "Jane Smith"); middle names are allowed.
func compareName(ws []word, e expectedName, r nameReading) (nameOutcome, matchLevel) {
	if len(ws) == 0 {
		return nameAbsent, noMatch
	}
	used := make([]bool, len(ws))
	level := exactMatch
	surnameFound := 0
	for _, s := range e.surname {
		bi, bl := -1, noMatch
		for i, w := range ws {
			if l := nameWordMatch(s, w, r); !used[i] && l > bl {
				bi, bl = i, l
			}
		}
		if bi >= 0 {
			used[bi] = true
			surnameFound++
			level = min(level, bl)
		}
	}
	f0 := e.forename[0]
	forename, initial, otherInitial := false, false, false
	fi, fl := -1, noMatch
	for i, w := range ws {
		if l := nameWordMatch(f0, w, r); !used[i] && l > fl {
			fi, fl = i, l
		}
	}
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
	others := 0
	for i, w := range ws {
		if !used[i] && len(w.text) > 1 {
			others++
		}
	}
	switch {
	case surnameFound == len(e.surname) && forename:
		return nameFull, level
	case surnameFound == len(e.surname) && initial && !otherInitial:
		return nameInitial, level
	case surnameFound == len(e.surname) && !initial && !otherInitial && others == 0:
		return nameSurnameOnly, level
	case surnameFound > 0 && forename:
		return namePartial, level
	}
	return nameOther, noMatch
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

// looksLikeName reports whether words could be a person's name: two to
// five words of letters, none of them a word no name has.
func looksLikeName(ws []word) bool {
	if len(ws) < 2 || len(ws) > 5 {
		return false
	}
	long := 0
	for _, w := range ws {
		if hasDigit(w.text) || isNonNameWord(w.text) {
			return false
		}
		if len(w.text) > 1 {
			long++
		}
	}
	return long >= 1
}

// patientValue is the name-like words after a patient label.
type patientValue struct {
	words    []word
	strength patientLabelStrength
	conf     float64
	ocr      bool
}

// labelledPatientValues finds the values of the document's patient labels:
// the words after the label up to a column gap, a digit, a mark or another
// label; or the next line's when the label ends its line.
func labelledPatientValues(d document) []patientValue {
	var out []patientValue
	for i, l := range d.lines {
		if !patientLabelWords.any(l.words) {
			continue
		}
		for _, pl := range patientLabels {
			loc := pl.re.FindStringIndex(l.norm)
			if loc == nil {
				continue
			}
			ws := valueWords(l, loc[1])
			line := l
			if len(ws) == 0 && strings.TrimSpace(l.norm[loc[1]:]) == "" && i+1 < len(d.lines) {
				line = d.lines[i+1]
				ws = valueWords(line, 0)
			}
			if len(ws) > 0 {
				out = append(out, patientValue{words: ws, strength: pl.strength, conf: line.conf, ocr: line.ocr})
			}
			break
		}
	}
	return out
}

var valueEndRe = regexp.MustCompile(`\s{2,}|[|;(\[@\d]`)

func valueWords(l docLine, from int) []word {
	to := len(l.norm)
	if loc := valueEndRe.FindStringIndex(l.norm[from:]); loc != nil {
		to = from + loc[0]
	}
	var out []word
	for _, w := range l.wordsIn(from, to) {
		if titles[w.text] {
			if len(out) >= 2 {
				break
			}
			continue
		}
		if nameStopWords[w.text] {
			break
		}
		out = append(out, w)
		if len(out) == 6 {
			break
		}
	}
	return out
}

// ratePatientName rates patientName against the lead's forename and
// surname. A name after a patient label decides (valid, or invalid when it
// is someone else's); otherwise the full name anywhere on the document,
// except on a prescriber's or pharmacist's line, is valid, with at most
// medium confidence unless a title (Mrs, Mr) marks it as a person's name.
// A surname with only an initial is never valid.
func ratePatientName(d document, exp Expected) finding {
	if !exp.PatientKnown {
		return finding{rating: Rating{NotFound, High}, problem: "no lead has this user id, so the patient name could not be checked"}
	}
	e := newExpectedName(exp.Forename, exp.Surname)
	if !e.usable() {
		return finding{rating: Rating{NotFound, High}, problem: "the lead has no name on record, so the patient name could not be checked"}
	}

	var match, other, addressee *patientValue
	var matchLevel matchLevel
	// partial: an initial or part of the name; nearly: a spelling close to
	// the lead's name, which may be a misreading of it or another person's.
	partial, nearly := false, false
	for _, v := range labelledPatientValues(d) {
		outcome, level := compareName(v.words, e, v.reading())
		switch {
		case outcome == nameFull && level <= fuzzyMatch2:
			// Two edits from the lead's name is too far to call it theirs.
			nearly = true
		case outcome == nameFull && v.strength == strongLabel:
			if match == nil || level > matchLevel {
				match, matchLevel = &v, level
			}
		case outcome == nameOther && v.ocr && nearName(v.words, e, v.reading()):
			// OCR may have garbled the lead's own name ("Jnae Smtih").
			nearly = true
		case outcome == nameOther && v.strength == strongLabel && looksLikeName(v.words):
			if other == nil {
				other = &v
			}
		case outcome == nameOther && looksLikeName(v.words) && allCapitalised(v.words):
			if addressee == nil {
				addressee = &v
			}
		case outcome == nameInitial || outcome == nameSurnameOnly || outcome == namePartial:
			partial = true
		}
	}
	switch {
	case match != nil && other != nil:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one patient"}
	case match != nil:
		c := lower(readConfidence(match.conf), matchLevel.confidence())
		return withCaveat(finding{rating: Rating{Valid, c}}, "the patient name")
	case other != nil:
		c := readConfidence(other.conf)
		if other.ocr {
			c = lower(c, Medium)
		}
		return finding{rating: Rating{Invalid, c}, problem: "the patient name on the document is not the lead's name"}
	}

	// No patient label settles it: look for the full name on any line that
	// is not about the prescriber or pharmacist.
	var best Confidence
	for _, l := range d.lines {
		if isPrescriberLine(l) {
			continue
		}
		outcome, level, titled := searchName(l, e)
		switch {
		case outcome == nameFull && level > fuzzyMatch2:
			c := lower(readConfidence(l.conf), level.confidence())
			if !titled {
				// An unlabelled, untitled name may not be the patient's.
				c = lower(c, Medium)
			}
			if best == "" || rank(c) > rank(best) {
				best = c
			}
		case outcome == nameFull:
			nearly = true
		case outcome == nameInitial, outcome == namePartial:
			partial = true
		}
	}
	someoneElse, conf, several := uncaptionedPatient(d, e)
	switch {
	case best != "" && someoneElse:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one person as the patient"}
	case best != "":
		return withCaveat(finding{rating: Rating{Valid, best}}, "the patient name")
	case partial:
		return finding{rating: Rating{NotFound, Low}, problem: "the patient name on the document only partly matches the lead's (an initial or part of the surname)"}
	case nearly:
		return finding{rating: Rating{NotFound, Low}, problem: "the patient name on the document is spelt differently from the lead's (a misreading, or another person)"}
	case several:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one person as the patient"}
	case someoneElse:
		return finding{rating: Rating{Invalid, conf}, problem: "the patient name on the document is not the lead's name"}
	case addressee != nil:
		// Whoever an order ships to is usually, not always, the patient.
		return finding{rating: Rating{Invalid, Low}, problem: "the document is made out to someone other than the lead"}
	}
	return finding{rating: Rating{NotFound, d.notFoundConfidence()}, missing: "the patient name"}
}

// patientFieldWords mark the details a dispensing label prints beside the
// patient's name: the Rx number, the dispensing date, the date of birth.
var patientFieldWords = newPhraseSet(map[bool][]string{true: {
	"rx", "dob", "d o b", "date of birth", "birth date", "born", "nhs no", "nhs number", "dispensed",
	"date dispensed", "filled", "fill date", "date filled", "mrn",
}})

// uncaptionedPatient finds the patient line of a label that has no
// caption: a line holding only a person's name, written as names are (every
// word capitalised), that the layout marks as a person's: a title (Mrs,
// Mr), the "SURNAME, Forename" order, the lead's own surname on a relative,
// or the line beside the label's Rx number, dispensing date or date of
// birth. someoneElse reports such a line that names someone other than the
// lead, with how sure it is (never high: there is no caption); several,
// that two such lines name different people. Prescribers' and pharmacists'
// lines, and names under a caption, never count.
func uncaptionedPatient(d document, e expectedName) (someoneElse bool, conf Confidence, several bool) {
	var found []word // the first word of each name found, to tell them apart
	conf = Medium
	for i, l := range d.lines {
		ws, marked, ok := standaloneName(l)
		if !ok || (i > 0 && captionAbove(d.lines[i-1])) {
			continue
		}
		if o, _ := compareName(ws, e, l.reading()); o != nameOther || (l.ocr && nearName(ws, e, l.reading())) {
			continue
		}
		if !marked && !sharesSurname(ws, e, l.reading()) && !besidePatientFields(d, i) {
			continue
		}
		if len(found) > 0 && found[0].text != ws[0].text {
			several = true
		}
		found = append(found, ws[0])
		conf = lower(conf, readConfidence(l.conf))
	}
	if several {
		return false, Low, true
	}
	return len(found) > 0, conf, false
}

// captionAbove reports a line that captions the next one ("Bill to:",
// "Prescriber"): a name under it is whoever it says, not the label's
// uncaptioned patient.
func captionAbove(l docLine) bool {
	return strings.HasSuffix(l.raw, ":") || (isPrescriberLine(l) && !hasDigit(l.norm))
}

// standaloneName reports a line that holds nothing but a name: two to four
// capitalised words of letters (a title and one comma aside) that no name
// lacks. marked reports a title in front (not "Dr": a doctor is not the
// patient) or the "SURNAME, Forename" order.
func standaloneName(l docLine) (ws []word, marked, ok bool) {
	if len(l.words) < 2 || len(l.words) > 5 || isPrescriberLine(l) {
		return nil, false, false
	}
	for _, r := range l.raw {
		switch {
		case r == ' ' || r == ',' || r == '.' || isApostrophe(r) || isDash(r):
		case !isWordRune(r) || (r >= '0' && r <= '9'):
			return nil, false, false
		}
	}
	if strings.Count(l.raw, ",") > 1 {
		return nil, false, false
	}
	for k, w := range l.words {
		if titles[w.text] {
			if k != 0 || w.text == "dr" || w.text == "prof" {
				return nil, false, false
			}
			marked = true
			continue
		}
		ws = append(ws, w)
	}
	if len(ws) < 2 || len(ws) > 4 || !looksLikeName(ws) || !allCapitalised(ws) {
		return nil, false, false
	}
	if comma := strings.IndexByte(l.norm, ','); comma >= 0 {
		// "SURNAME, Forename": the comma follows the first name word.
		if comma < ws[0].end || comma > ws[len(ws)-1].start {
			return nil, false, false
		}
		marked = true
	}
	return ws, marked, true
}

func allCapitalised(ws []word) bool {
	for _, w := range ws {
		if !w.capital {
			return false
		}
	}
	return true
}

// sharesSurname reports a name that holds every word of the lead's surname:
// a relative's, when its forename is not the lead's.
func sharesSurname(ws []word, e expectedName, r nameReading) bool {
	for _, s := range e.surname {
		if !slices.ContainsFunc(ws, func(w word) bool { return nameWordMatch(s, w, r) >= ocrMatch }) {
			return false
		}
	}
	return true
}

// besidePatientFields reports whether the line above or below line i holds
// the details a label prints beside the patient's name.
func besidePatientFields(d document, i int) bool {
	for _, k := range []int{i - 1, i + 1} {
		if k >= 0 && k < len(d.lines) && hasDigit(d.lines[k].norm) && patientFieldWords.any(d.lines[k].words) {
			return true
		}
	}
	return false
}

// searchName looks for the expected name in a window around each word of
// the line that matches a surname word. titled reports a title (Mrs, Mr)
// in front of the name found, which marks it as a person's name.
func searchName(l docLine, e expectedName) (outcome nameOutcome, level matchLevel, titled bool) {
	if !slices.ContainsFunc(l.words, func(w word) bool { return nameWordMatch(e.surname[0], w, l.reading()) != noMatch }) {
		return nameAbsent, noMatch, false
	}
	norm := l.norm
	if strings.Contains(norm, "@") {
		norm = emailRe.ReplaceAllStringFunc(norm, func(s string) string { return strings.Repeat(" ", len(s)) })
	}
	ws := make([]word, 0, len(l.words))
	afterTitle := make([]bool, 0, len(l.words))
	prevTitle := false
	for _, w := range l.words {
		if strings.TrimSpace(norm[w.start:w.end]) == "" {
			continue
		}
		if titles[w.text] {
			prevTitle = true
			continue
		}
		ws = append(ws, w)
		afterTitle = append(afterTitle, prevTitle)
		prevTitle = false
	}
	for i, w := range ws {
		if nameWordMatch(e.surname[0], w, l.reading()) == noMatch {
			continue
		}
		// Forenames come just before the surname, or just after it in
		// "SMITH, Jane Mary".
		lo, hi := max(0, i-3), min(len(ws), i+len(e.surname)+2)
		o, lv := compareName(ws[lo:hi], e, l.reading())
		if o == nameOther {
			continue
		}
		if o > outcome || (o == outcome && lv > level) {
			outcome, level = o, lv
			titled = false
			for k := lo; k < hi; k++ {
				titled = titled || afterTitle[k]
			}
		}
	}
	return outcome, level, titled
}

func withCaveat(f finding, field string) finding {
	if f.rating.Value == Valid && f.rating.Confidence != High {
		f.caveat = field
	}
	return f
}
