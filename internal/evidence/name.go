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
	// ordered: the caption says the name is written forename first
	// ("Title, Forename, Surname & Address" on an NHS FP10).
	ordered bool
}

var patientLabels = []patientLabel{
	{regexp.MustCompile(`^\s*(?:title\s*[,/&]?\s*)?(?:forenames?|first\s+names?)\s*[,/&]?\s*(?:surname|last\s+name)\b[^:]*:?\s*$`), strongLabel, true},
	{regexp.MustCompile(`\bpatient(?:'s)?(?:\s+(?:full\s+)?name)?\s*[:-]?`), strongLabel, false},
	{regexp.MustCompile(`\bpt\.?(?:\s+name)?\s*:`), strongLabel, false},
	{regexp.MustCompile(`^\s*(?:full\s+)?name\s*[:-]`), strongLabel, false},
	{regexp.MustCompile(`^\s*(?:full\s+)?name\s*$`), strongLabel, false},
	{regexp.MustCompile(`^\s*re\s*:`), strongLabel, false},
	{regexp.MustCompile(`\bfor\s*:`), weakLabel, false},
	{regexp.MustCompile(`\b(?:ship(?:ping)?|deliver(?:y|ed)?|bill(?:ing)?)\s+to\b\s*:?`), weakLabel, false},
	{regexp.MustCompile(`\b(?:recipient|customer(?:\s+name)?|delivery\s+name)\s*:`), weakLabel, false},
	{regexp.MustCompile(`^\s*(?:dear|hi|hello)\b`), weakLabel, false},
}

// patientLabelWords: a line without one of them has no patient label.
var patientLabelWords = newPhraseSet(map[bool][]string{true: {
	"patient", "patients", "pt", "name", "for", "ship", "shipping", "deliver", "delivery", "delivered", "bill",
	"billing", "recipient", "customer", "dear", "hi", "hello", "title", "forename", "forenames", "first", "re",
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
	// The next field's caption ("Surname: OWEN Forename: THOMAS").
	"surname": true, "forename": true, "forenames": true, "first": true, "last": true, "given": true, "family": true,
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
	r = r.of(ws)
	used := make([]bool, len(ws))
	level := exactMatch
	surnameFound, surnameFirst := 0, len(ws)
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
			surnameFirst = min(surnameFirst, bi)
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
	case surnameFound == len(e.surname) && forename && surnameFirst < fi && !surnameMarked(ws[surnameFirst:fi]) && !e.eitherWay():
		// The surname before the forename with no comma after it: written
		// the other way round, this is another person's name.
		return nameSwapped, level
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

// surnameMarked reports a comma after one of the words before the forename:
// the "SURNAME, Forename" form.
func surnameMarked(ws []word) bool {
	return slices.ContainsFunc(ws, func(w word) bool { return w.commaAfter })
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
	if want.text == got.text || want.ocr == got.ocr {
		return true
	}
	return want.lower != want.text && accentedNameMatch(want, got) != noMatch
}

// clearlyOther reports a name read well that is another person's, however
// close its spelling: one part of the lead's name (the forename, or the
// whole surname) is there exactly, and the other is there only as a word no
// OCR confusion explains ("Jon Doe", "John Dowd", "Katherine Doe" for
// Catherine). A name read poorly, or garbled in both parts ("Jnae Smtih"),
// may still be a misreading of the lead's.
func clearlyOther(ws []word, e expectedName, r nameReading) bool {
	r = r.of(ws)
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
	forename := has(e.forename[0])
	surname := !slices.ContainsFunc(e.surname, func(s word) bool { return !has(s) })
	switch {
	case forename && !surname:
		return !slices.ContainsFunc(e.surname, func(s word) bool { return !has(s) && misread(s, e.forename[:1]) })
	case surname && !forename:
		return !misread(e.forename[0], e.surname)
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
	// titled: a title (Mr, Mrs, Mx) stood before the name, which fixes
	// the order of its words; ordered: the caption fixes it (separate
	// forename and surname fields, an FP10's "Forename, Surname").
	titled, ordered bool
	// paired: the value was paired with its caption by position among
	// several captions and values on separate lines (columns read row by
	// row), which is likely, not certain.
	paired bool
}

// certainOrder reports whether the value's words are known to be in
// forename-surname order.
func (v patientValue) certainOrder() bool { return v.titled || v.ordered }

// labelledPatientValues finds the values of the document's patient labels:
// the words after the label up to a column gap, a digit, a mark or another
// label; or, when the label ends its line, the value line that goes with it
// (see captionValueLine). Separate forename and surname fields give one
// value, forename first.
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
			v, ok := labelValue(d, i, loc[1])
			if pl.ordered && (!ok || !looksLikeName(v.words)) {
				// A form's caption box: the name may sit a line or two
				// below, past the next caption ("D.o.B").
				v, ok = nameBelow(d, i)
			}
			if ok {
				v.strength, v.ordered = pl.strength, pl.ordered
				out = append(out, v)
			}
			break
		}
	}
	if v, ok := nameFieldsValue(d); ok {
		out = append(out, v)
	}
	return append(out, proseRecipients(d)...)
}

// prescribingWords mark a sentence about prescribing or dispensing.
var prescribingWords = []string{"prescrib", "dispens", "supplied", "issued"}

// proseRecipients finds whom a letter's prescribing sentence names ("I have
// today prescribed Mounjaro 7.5 mg once weekly for Mrs Jane Doe."): the
// capitalised words after "for", on the line or at the start of the next,
// when the line or the one above speaks of prescribing or dispensing. The
// name ends at a mark or at the first word that is not a name's.
func proseRecipients(d document) []patientValue {
	var out []patientValue
	for i, l := range d.lines {
		if isPrescriberLine(l) {
			continue
		}
		context := l.norm
		if i > 0 {
			context = d.lines[i-1].norm + " " + context
		}
		if !slices.ContainsFunc(prescribingWords, func(p string) bool { return strings.Contains(context, p) }) {
			continue
		}
		for j, w := range l.words {
			if w.text != "for" {
				continue
			}
			line, ws := l, l.words[j+1:]
			if len(ws) == 0 && i+1 < len(d.lines) {
				line = d.lines[i+1]
				ws = line.words
			}
			if v, ok := capitalisedName(line, ws); ok {
				out = append(out, v)
			}
			break
		}
	}
	return out
}

// capitalisedName is the run of capitalised name words at the start of ws,
// after any title, up to a mark or a word no name has.
func capitalisedName(l docLine, ws []word) (patientValue, bool) {
	v := patientValue{strength: strongLabel, ocr: l.ocr}
	for k, w := range ws {
		if titles[w.text] && len(v.words) == 0 && w.text != "dr" && w.text != "prof" {
			v.titled = true
			continue
		}
		if !w.capital || hasDigit(w.text) || isNonNameWord(w.text) || len(v.words) == 4 {
			break
		}
		if strings.HasSuffix(l.norm[w.start:w.end], "'s") && len(w.text) > 2 {
			// "Jane Doe's treatment": the name ends with the possessive.
			w.text = strings.TrimSuffix(w.text, "s")
			w.ocr, w.lower = ocrForm(w.text), w.text
			v.words = append(v.words, w)
			break
		}
		v.words = append(v.words, w)
		if k+1 < len(ws) && strings.ContainsAny(l.norm[w.end:ws[k+1].start], ",.;:()") {
			break
		}
	}
	if len(v.words) < 2 {
		return patientValue{}, false
	}
	v.conf = l.reading().of(v.words).conf
	return v, true
}

// labelValue is the value of the label that ends at byte from of line i.
func labelValue(d document, i, from int) (patientValue, bool) {
	l := d.lines[i]
	ws, titled := valueWords(l, from)
	line, paired := l, false
	if len(ws) == 0 && strings.TrimSpace(l.norm[from:]) == "" {
		k, p := captionValueLine(d, i)
		if k < 0 {
			return patientValue{}, false
		}
		line, paired = d.lines[k], p
		ws, titled = valueWords(line, 0)
	}
	if len(ws) == 0 {
		return patientValue{}, false
	}
	r := line.reading().of(ws)
	return patientValue{words: ws, conf: r.conf, ocr: line.ocr, titled: titled, paired: paired}, true
}

// nameBelow is the first name-like value on the three lines under caption
// line i.
func nameBelow(d document, i int) (patientValue, bool) {
	for k := i + 1; k <= i+3 && k < len(d.lines); k++ {
		l := d.lines[k]
		if ws, titled := valueWords(l, 0); looksLikeName(ws) {
			return patientValue{words: ws, conf: l.reading().of(ws).conf, ocr: l.ocr, titled: titled}, true
		}
	}
	return patientValue{}, false
}

// captionOnly reports a line that is nothing but a caption ("Patient:",
// "Emergency Contact 2:").
func captionOnly(l docLine) bool {
	return strings.HasSuffix(strings.TrimSpace(l.raw), ":") && len(l.words) <= 5
}

// captionValueLine finds the value of the caption that ends line i. Readers
// that take side-by-side columns row by row (Textract) give a row of
// captions, then the row of their values: the n-th caption of a run of
// caption lines goes with the n-th line after the run. paired reports such
// a run of more than one caption. When fewer values than captions follow
// the run, which goes with which cannot be told: none (-1).
func captionValueLine(d document, i int) (k int, paired bool) {
	start, end := i, i+1
	for start > 0 && captionOnly(d.lines[start-1]) && captionOnly(d.lines[i]) {
		start--
	}
	for end < len(d.lines) && captionOnly(d.lines[end]) {
		end++
	}
	n := end - start
	for j := end; j < end+n; j++ {
		if j >= len(d.lines) || captionOnly(d.lines[j]) {
			return -1, false
		}
	}
	return end + (i - start), n > 1
}

var (
	forenameFieldRe = regexp.MustCompile(`\b(?:(?:first|given|christian)\s*names?|forenames?)(?:\(s\))?\s*[:-]`)
	surnameFieldRe  = regexp.MustCompile(`\b(?:(?:last|family)\s*names?|surname)\s*[:-]`)
	// otherPersonWords mark a field about someone other than the patient.
	otherPersonWords = newPhraseSet(map[bool][]string{true: {
		"contact", "kin", "emergency", "guardian", "parent", "carer", "spouse", "partner", "relationship",
	}})
)

// nameFieldsValue joins the first forename field and the first surname
// field ("First Name: Jane", "Last Name: Smith") into one value, forename
// first: the captions fix the order. Fields about a prescriber, an
// emergency contact or the like are not the patient's.
func nameFieldsValue(d document) (patientValue, bool) {
	var fore, sur *patientValue
	for i, l := range d.lines {
		if isPrescriberLine(l) || otherPersonWords.any(l.words) {
			continue
		}
		for _, f := range []struct {
			re  *regexp.Regexp
			dst **patientValue
		}{{forenameFieldRe, &fore}, {surnameFieldRe, &sur}} {
			if *f.dst != nil {
				continue
			}
			loc := f.re.FindStringIndex(l.norm)
			if loc == nil {
				continue
			}
			if v, ok := labelValue(d, i, loc[1]); ok {
				*f.dst = &v
			}
		}
	}
	if fore == nil || sur == nil {
		return patientValue{}, false
	}
	v := patientValue{strength: strongLabel, ordered: true, conf: min(fore.conf, sur.conf), ocr: fore.ocr || sur.ocr, paired: fore.paired || sur.paired}
	for _, w := range append(slices.Clone(fore.words), sur.words...) {
		w.commaAfter = false
		v.words = append(v.words, w)
	}
	return v, true
}

var valueEndRe = regexp.MustCompile(`\s{2,}|[|;(\[@\d]`)

func valueWords(l docLine, from int) (out []word, titled bool) {
	// The value may sit in the next column, after a gap.
	for from < len(l.norm) && l.norm[from] == ' ' {
		from++
	}
	to := len(l.norm)
	if loc := valueEndRe.FindStringIndex(l.norm[from:]); loc != nil {
		to = from + loc[0]
	}
	for _, w := range l.wordsIn(from, to) {
		if titles[w.text] {
			if len(out) >= 2 {
				break
			}
			titled = titled || (len(out) == 0 && w.text != "dr" && w.text != "prof")
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
	return out, titled
}

// ratePatientName rates patientName against the lead's forename and
// surname. A name after a patient label decides (valid, or invalid when it
// is someone else's); otherwise the full name anywhere on the document,
// except on a prescriber's or pharmacist's line, is valid, with at most
// medium confidence unless a title (Mrs, Mr) marks it as a person's name.
// A surname with only an initial is never valid.
//
// The order of the words is evidence (issue 9): the lead's surname written
// before their forename, with no comma to mark the surname-first form, is
// another person's name ("Owen Thomas" is not Thomas Owen). When a title,
// a salutation or the captions fix the order, that name is invalid; when
// nothing does, it is invalid with low confidence (the document may write
// surnames first without a comma), the note asking for a check by hand.
func ratePatientName(d document, exp Expected) finding {
	if !exp.PatientKnown {
		return finding{rating: Rating{NotFound, High}, problem: "no lead has this user id, so the patient name could not be checked"}
	}
	e := newExpectedName(exp.Forename, exp.Surname)
	if !e.usable() {
		return finding{rating: Rating{NotFound, High}, problem: "the lead has no name on record, so the patient name could not be checked"}
	}
	// A salutation or a title before a lone word names a surname ("Dear Mx
	// Morgan"): the lead's forename there fixes every swapped name's order.
	forenameAsSurname := !e.eitherWay() && titledSurnames(d)[e.forename[0].text]

	var match, other, addressee *patientValue
	var matchLevel matchLevel
	var swap swapSeen
	// partial: an initial or part of the name; nearly: a spelling close to
	// the lead's name, which may be a misreading of it or another person's.
	partial, nearly := false, false
	for _, v := range labelledPatientValues(d) {
		outcome, level := compareName(v.words, e, v.reading())
		switch {
		case outcome == nameSwapped:
			swap.add(v.certainOrder() || forenameAsSurname, lower(readConfidence(v.conf), level.confidence()), v.ocr || v.paired)
		case outcome == nameFull && level <= fuzzyMatch2:
			// Two edits from the lead's name is too far to call it theirs.
			nearly = true
		case outcome == nameFull && v.strength == strongLabel:
			if match == nil || level > matchLevel {
				match, matchLevel = &v, level
			}
		case outcome == nameOther && v.ocr && nearName(v.words, e, v.reading()) && !clearlyOther(v.words, e, v.reading()):
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

	// Look for the full name on any line that is not about the prescriber
	// or pharmacist.
	var best Confidence
	for _, l := range d.lines {
		if isPrescriberLine(l) {
			continue
		}
		outcome, level, titled, conf := searchName(l, e)
		switch {
		case outcome == nameSwapped:
			swap.add(titled || forenameAsSurname, lower(readConfidence(conf), level.confidence()), l.ocr)
		case outcome == nameFull && level > fuzzyMatch2:
			c := lower(readConfidence(conf), level.confidence())
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

	const swapped = "the patient name on the document has the lead's forename and surname the other way round, "
	switch {
	case match != nil && other != nil, match != nil && swap.certain:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one patient"}
	case match != nil && forenameAsSurname:
		return finding{rating: Rating{NotFound, Low}, problem: "the document addresses the patient by a surname that is the lead's forename"}
	case match != nil:
		c := lower(readConfidence(match.conf), matchLevel.confidence())
		if match.paired || swap.bare {
			// Paired with its caption by position, or the name also
			// appears the other way round: likely, not certain.
			c = lower(c, Medium)
		}
		return withCaveat(finding{rating: Rating{Valid, c}}, "the patient name")
	case other != nil:
		c := readConfidence(other.conf)
		if other.ocr || other.paired {
			c = lower(c, Medium)
		}
		return finding{rating: Rating{Invalid, c}, problem: "the patient name on the document is not the lead's name"}
	case swap.certain && best != "":
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one person as the patient"}
	case swap.certain:
		c := swap.certainConf
		if swap.certainOCR {
			c = lower(c, Medium)
		}
		return finding{rating: Rating{Invalid, c}, problem: swapped + "and a title or caption fixes that order: another person"}
	}

	someoneElse, conf, several := uncaptionedPatient(d, e)
	switch {
	case best != "" && someoneElse:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one person as the patient"}
	case best != "" && swap.bare:
		return withCaveat(finding{rating: Rating{Valid, lower(best, Medium)}}, "the patient name")
	case best != "" && forenameAsSurname:
		return finding{rating: Rating{NotFound, Low}, problem: "the document addresses the patient by a surname that is the lead's forename"}
	case best != "":
		return withCaveat(finding{rating: Rating{Valid, best}}, "the patient name")
	case swap.bare:
		// Another person unless the document writes surnames first without
		// marking it: invalid, but only low.
		return finding{rating: Rating{Invalid, Low}, problem: swapped + "with nothing marking which is the surname: another person, unless the document writes surnames first; check by hand"}
	case nearly:
		return finding{rating: Rating{NotFound, Low}, problem: "the patient name on the document is spelt differently from the lead's (a misreading, or another person)"}
	case several:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one person as the patient"}
	case someoneElse:
		// A whole other name, clearly read, says more than a surname or an
		// initial that fits the lead ("Dear Mr Walsh" beside Steven Walsh).
		return finding{rating: Rating{Invalid, conf}, problem: "the patient name on the document is not the lead's name"}
	case partial:
		return finding{rating: Rating{NotFound, Low}, problem: "the patient name on the document only partly matches the lead's (an initial or part of the surname)"}
	case addressee != nil:
		// Whoever an order ships to is usually, not always, the patient.
		return finding{rating: Rating{Invalid, Low}, problem: "the document is made out to someone other than the lead"}
	}
	return finding{rating: Rating{NotFound, d.notFoundConfidence()}, missing: "the patient name"}
}

// swapSeen collects the names found with the lead's forename and surname
// the other way round: certain when a title or caption fixes their order,
// bare when nothing does.
type swapSeen struct {
	certain, bare bool
	certainConf   Confidence
	certainOCR    bool
}

func (s *swapSeen) add(certain bool, c Confidence, ocr bool) {
	if !certain {
		s.bare = true
		return
	}
	if !s.certain || rank(c) > rank(s.certainConf) {
		s.certainConf, s.certainOCR = c, ocr
	}
	s.certain = true
}

// titledSurnames are the words a title stands before alone ("Dear Mx
// Morgan,", "Mrs Doe will"): surnames, as a title goes with the surname
// when no forename follows. Prescribers' lines do not count.
func titledSurnames(d document) map[string]bool {
	out := map[string]bool{}
	for _, l := range d.lines {
		if isPrescriberLine(l) {
			continue
		}
		for k := 0; k+1 < len(l.words); k++ {
			w, next := l.words[k], l.words[k+1]
			if !titles[w.text] || w.text == "dr" || w.text == "prof" || !next.capital || hasDigit(next.text) || len(next.text) < 2 || titles[next.text] {
				continue
			}
			// A hyphen or an apostrophe joins the parts of one name
			// ("Ms Ana-Lucía Ferreira"); other marks end it.
			alone := k+2 == len(l.words) || next.commaAfter || !l.words[k+2].capital ||
				strings.ContainsAny(l.norm[next.end:l.words[k+2].start], ",.;:()/|")
			if alone {
				out[next.text] = true
			}
		}
	}
	return out
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
// birth, or a letter's salutation by the same surname. someoneElse reports such a line that names someone other than the
// lead, with how sure it is (never high: there is no caption); several,
// that two such lines name different people. Prescribers' and pharmacists'
// lines, and names under a caption, never count.
func uncaptionedPatient(d document, e expectedName) (someoneElse bool, conf Confidence, several bool) {
	var found []word // the first word of each name found, to tell them apart
	conf = Medium
	addressed := titledSurnames(d)
	for i, l := range d.lines {
		ws, marked, ok := standaloneName(l)
		// A letter's address block: the name whose surname the salutation
		// uses ("Callum Fraser" ... "Dear Mr Fraser").
		marked = marked || (ok && addressed[ws[len(ws)-1].text])
		if !ok || (i > 0 && captionAbove(d.lines[i-1])) {
			continue
		}
		if o, _ := compareName(ws, e, l.reading()); o != nameOther || (l.ocr && nearName(ws, e, l.reading()) && !clearlyOther(ws, e, l.reading())) {
			continue
		}
		if !marked && !sharesSurname(ws, e, l.reading()) && !besidePatientFields(d, i) {
			continue
		}
		if len(found) > 0 && found[0].text != ws[0].text {
			several = true
		}
		found = append(found, ws[0])
		conf = lower(conf, readConfidence(l.reading().of(ws).conf))
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
	if placeLine(l, ws) {
		return nil, false, false
	}
	return ws, marked, true
}

// placeLine reports a line that names a place, not a person: a US city and
// its state code in capitals ("CHICAGO, IL", "SPRINGFIELD IL"), or a town
// and its county or nation ("Leeds, West Yorkshire").
func placeLine(l docLine, ws []word) bool {
	fields := strings.Fields(l.raw)
	lastRaw := strings.TrimRight(fields[len(fields)-1], ".,;")
	if usStates[ws[len(ws)-1].text] && lastRaw == strings.ToUpper(lastRaw) {
		return true
	}
	return slices.ContainsFunc(ws[1:], func(w word) bool { return ukRegions[w.text] })
}

// ukRegions are UK nations and counties a town line names after the town.
var ukRegions = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(`england scotland wales yorkshire lancashire cheshire derbyshire nottinghamshire
		lincolnshire leicestershire warwickshire staffordshire shropshire worcestershire gloucestershire oxfordshire
		buckinghamshire bedfordshire hertfordshire cambridgeshire northamptonshire wiltshire hampshire berkshire
		somerset dorset devon cornwall essex kent surrey sussex suffolk norfolk cumbria northumberland durham merseyside
		midlands tyne wear glamorgan gwent powys gwynedd dyfed lanarkshire ayrshire fife lothian antrim`) {
		m[c] = true
	}
	return m
}()

// usStates are the US state and territory codes a city line ends with.
var usStates = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(`al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt
		ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy pr gu vi as mp`) {
		m[c] = true
	}
	return m
}()

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
// in front of the name found, which marks it as a person's name; conf is
// how well its words were read.
func searchName(l docLine, e expectedName) (outcome nameOutcome, level matchLevel, titled bool, conf float64) {
	if !slices.ContainsFunc(l.words, func(w word) bool { return nameWordMatch(e.surname[0], w, l.reading()) != noMatch }) {
		return nameAbsent, noMatch, false, 0
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
			prevTitle = w.text != "dr" && w.text != "prof"
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
		if better(o, outcome) || (o == outcome && lv > level) {
			outcome, level = o, lv
			conf = l.reading().of(ws[lo:hi]).conf
			titled = false
			for k := lo; k < hi; k++ {
				titled = titled || afterTitle[k]
			}
		}
	}
	return outcome, level, titled, conf
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

func withCaveat(f finding, field string) finding {
	if f.rating.Value == Valid && f.rating.Confidence != High {
		f.caveat = field
	}
	return f
}
