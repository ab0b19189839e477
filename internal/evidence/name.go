package evidence

import (
	"regexp"
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
	forename []string
	surname  []string
}

func newExpectedName(forename, surname string) expectedName {
	return expectedName{forename: nameWords(forename), surname: nameWords(surname)}
}

func nameWords(s string) []string {
	_, ws := normalise(s)
	var out []string
	for _, w := range ws {
		if !titles[w.text] {
			out = append(out, w.text)
		}
	}
	return out
}

func (e expectedName) usable() bool { return len(e.forename) > 0 && len(e.surname) > 0 }

// nameWordMatch compares one word of the expected name with one of the
// document. Text layers match exactly (case, accents and apostrophes
// aside); OCR output may also differ by OCR confusions or, for longer
// names, a small edit distance.
func nameWordMatch(want, got string, ocr bool) matchLevel {
	if want == got {
		return exactMatch
	}
	if !ocr || len(got) < 2 {
		return noMatch
	}
	ow, og := ocrForm(want), ocrForm(got)
	if ow == og {
		return ocrMatch
	}
	switch d := editDistance(ow, og, fuzzyAllowance(len(want))); {
	case d == 1 && fuzzyAllowance(len(want)) >= 1:
		return fuzzyMatch1
	case d == 2 && fuzzyAllowance(len(want)) >= 2:
		return fuzzyMatch2
	}
	return noMatch
}

// compareName compares a run of words (a labelled value, or a window of a
// line) with the expected name. The order of the words does not matter
// ("SMITH, Jane", "Jane Smith"); middle names are allowed.
func compareName(ws []string, e expectedName, ocr bool) (nameOutcome, matchLevel) {
	if len(ws) == 0 {
		return nameAbsent, noMatch
	}
	used := make([]bool, len(ws))
	level := exactMatch
	surnameFound := 0
	for _, s := range e.surname {
		bi, bl := -1, noMatch
		for i, w := range ws {
			if l := nameWordMatch(s, w, ocr); !used[i] && l > bl {
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
		if l := nameWordMatch(f0, w, ocr); !used[i] && l > fl {
			fi, fl = i, l
		}
	}
	if fi >= 0 {
		used[fi] = true
		forename = true
		level = min(level, fl)
	} else {
		for i, w := range ws {
			if used[i] || len(w) != 1 {
				continue
			}
			if w[0] == f0[0] {
				initial = true
			} else {
				otherInitial = true
			}
		}
	}
	others := 0
	for i, w := range ws {
		if !used[i] && len(w) > 1 {
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

// nearName reports whether words hold something within two edits of both
// the forename and the surname: too close to call another person's name
// when OCR read it.
func nearName(ws []string, e expectedName) bool {
	near := func(want string) bool {
		for _, w := range ws {
			if editDistance(ocrForm(w), ocrForm(want), 2) <= 2 {
				return true
			}
		}
		return false
	}
	return near(e.forename[0]) && near(e.surname[len(e.surname)-1])
}

// looksLikeName reports whether words could be a person's name: two to
// five words of letters, none of them a word no name has.
func looksLikeName(ws []string) bool {
	if len(ws) < 2 || len(ws) > 5 {
		return false
	}
	long := 0
	for _, w := range ws {
		for i := 0; i < len(w); i++ {
			if isDigit(w[i]) {
				return false
			}
		}
		if isNonNameWord(w) {
			return false
		}
		if len(w) > 1 {
			long++
		}
	}
	return long >= 1
}

// patientValue is the name-like words after a patient label.
type patientValue struct {
	words    []string
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

func valueWords(l docLine, from int) []string {
	to := len(l.norm)
	if loc := valueEndRe.FindStringIndex(l.norm[from:]); loc != nil {
		to = from + loc[0]
	}
	var out []string
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
		out = append(out, w.text)
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

	var match, other *patientValue
	var matchLevel matchLevel
	partial := false
	for _, v := range labelledPatientValues(d) {
		outcome, level := compareName(v.words, e, v.ocr)
		switch {
		case outcome == nameFull && v.strength == strongLabel:
			if match == nil || level > matchLevel {
				match, matchLevel = &v, level
			}
		case outcome == nameOther && v.ocr && nearName(v.words, e):
			// OCR may have garbled the lead's own name ("Jnae Smtih").
			partial = true
		case outcome == nameOther && v.strength == strongLabel && looksLikeName(v.words):
			if other == nil {
				other = &v
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
		switch outcome {
		case nameFull:
			c := lower(readConfidence(l.conf), level.confidence())
			if !titled {
				// An unlabelled, untitled name may not be the patient's.
				c = lower(c, Medium)
			}
			if best == "" || rank(c) > rank(best) {
				best = c
			}
		case nameInitial, namePartial:
			partial = true
		}
	}
	if best != "" {
		return withCaveat(finding{rating: Rating{Valid, best}}, "the patient name")
	}
	if partial {
		return finding{rating: Rating{NotFound, Low}, problem: "the patient name on the document only partly matches the lead's (an initial or part of the surname)"}
	}
	return finding{rating: Rating{NotFound, d.notFoundConfidence()}, missing: "the patient name"}
}

// searchName looks for the expected name in a window around each word of
// the line that matches a surname word. titled reports a title (Mrs, Mr)
// in front of the name found, which marks it as a person's name.
func searchName(l docLine, e expectedName) (outcome nameOutcome, level matchLevel, titled bool) {
	norm := l.norm
	if strings.Contains(norm, "@") {
		norm = emailRe.ReplaceAllStringFunc(norm, func(s string) string { return strings.Repeat(" ", len(s)) })
	}
	var ws []string
	var afterTitle []bool
	prevTitle := false
	for _, w := range l.words {
		if strings.TrimSpace(norm[w.start:w.end]) == "" {
			continue
		}
		if titles[w.text] {
			prevTitle = true
			continue
		}
		ws = append(ws, w.text)
		afterTitle = append(afterTitle, prevTitle)
		prevTitle = false
	}
	for i, w := range ws {
		if nameWordMatch(e.surname[0], w, l.ocr) == noMatch {
			continue
		}
		// Forenames come just before the surname, or just after it in
		// "SMITH, Jane Mary".
		lo, hi := max(0, i-3), min(len(ws), i+len(e.surname)+2)
		o, lv := compareName(ws[lo:hi], e, l.ocr)
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
