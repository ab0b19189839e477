// Finding the patient's name under a caption: labelled values, form fields and prose.

package evidence

import (
	"cmp"
	"slices"
	"strings"
)

// patientLabelStrength: a strong label names the patient; a weak one names
// whoever receives the parcel or opened the e-mail, maybe a relative.
type patientLabelStrength int

const (
	weakLabel patientLabelStrength = iota + 1
	strongLabel
)

type patientLabel struct {
	re       *lazyRegexp
	strength patientLabelStrength
	// ordered: the caption says the name is written forename first
	// ("Title, Forename, Surname & Address" on an NHS FP10).
	ordered bool
}

// subjectCaption may head a letter's subject instead of its patient ("Re:
// Taking over prescribing of your weight management medicine"): its value
// is a name only when it reads as one (subjectIsName).
var subjectCaption = lazyRE(`^\s*re\s*:`)

// forCaption is whom something is for ("For: Mr Callum Osei-Bright"): a
// patient caption where a medicine is named on the next line, else only the
// addressee's.
var forCaption = lazyRE(`\bfor\s*:`)

var patientLabels = []patientLabel{
	{lazyRE(`^\s*(?:title\s*[,/&]?\s*)?(?:forenames?|first\s+names?)\s*[,/&]?\s*(?:surname|last\s+name)\b[^:]*:?\s*$`), strongLabel, true},
	// "Patient 2:" on a household's delivery note numbers its patients.
	// "Patient's" captions only the patient's name: "PATIENT'S
	// COUNTERFOIL - BRING THIS SLIP TO COLLECT" heads a slip, and its
	// words were taken for another patient's name (unseen11, round 12).
	{lazyRE(`\bpatient(?:'s\s+(?:full\s+)?name|(?:\s+\d{1,2}\b)?(?:\s+(?:full\s+)?name)?)(?:\s*[:-]|\s|$)`), strongLabel, false},
	// The patient's caption in the languages patients' pages come in
	// (round 17, unseen59: "PACIENTE: DE LA ROSA, MARISOL" on a bodega
	// pharmacy's receipt, "Claf:" on a Welsh app): Spanish and
	// Portuguese, Polish, Welsh, Portuguese's NHS "utente".
	{lazyRE(`\b(?:paciente|pacjent|pacjenta|claf|utente)(?:\s+(?:nombre|nome))?\s*[:-]`), strongLabel, false},
	{lazyRE(`\bpt\.?(?:\s+name)?\s*:`), strongLabel, false},
	{lazyRE(`^\s*(?:full\s+)?name\s*[:-]`), strongLabel, false},
	{lazyRE(`^\s*(?:full\s+)?name\s*$`), strongLabel, false},
	{subjectCaption, strongLabel, false},
	// Whose records a portal shows: a parent's account viewing a child's.
	{lazyRE(`\bviewing\s+(?:the\s+)?(?:health\s+|medical\s+)?(?:records?|prescriptions?|medications?|account|profile)\s+(?:for|of)\b\s*:?`), strongLabel, false},
	{lazyRE(`\b(?:(?:patient\s+)?records?|prescriptions?|medications?)\s+(?:for|of)\s*:`), strongLabel, false},
	// A message to a relative about the patient's prescription ("this
	// message is for Mrs Gwendolyn Arkwright ... I'm ringing about the
	// prescription for your husband, Clifford Arkwright", a pharmacy's
	// voicemail transcribed; unseen124, round 25, the wife rated the
	// patient at first measure): the name after the relation is the
	// patient's.
	{lazyRE(`\bprescriptions?\s+for\s+(?:your|her|his|their)\s+(?:husband|wife|partner|spouse|son|daughter|mother|father|mum|mom|dad|child|brother|sister)\s*,`), strongLabel, false},
	// Whose prescriptions a carer's account manages ("Signed in as Renata
	// Uribe · Caregiver managing prescriptions for Malcolm Featherstone";
	// unseen7's pharmacy chat through the production reader, round 12,
	// where the card's "Patient" caption lost its value to the chat beside
	// it and the carer was rated the patient).
	{lazyRE(`\bmanag(?:ing|es)\s+(?:the\s+)?(?:prescriptions?|medications?|medicines?|records?)\s+(?:for|of)\b\s*:?`), strongLabel, false},
	{lazyRE(`\b(?:dependent|dependant|child|minor)(?:'s)?(?:\s+name)?\s*:`), strongLabel, false},
	// A household's statement heads each member's fills with the member
	// ("Member: VUKOVICH, CARLA" over her Zepbound rows, "Member:
	// VUKOVICH, DENNIS (account holder)" over his; unseen149, round 29).
	{lazyRE(`^\s*(?:plan\s+|family\s+)?member(?:'s)?(?:\s+name)?\s*:`), weakLabel, false},
	{forCaption, weakLabel, false},
	{lazyRE(`\b(?:ship(?:ping)?|deliver(?:y|ed)?|bill(?:ing)?)\s+to\b\s*:?`), weakLabel, false},
	{lazyRE(`\b(?:recipient|customer(?:\s+name)?|delivery\s+name)\s*:`), weakLabel, false},
	{lazyRE(`^\s*(?:dear|hi|hello)\b`), weakLabel, false},
}

// patientLabelWords: a line without one of them has no patient label.
var patientLabelWords = newPhraseSet(map[bool][]string{true: {
	"patient", "patients", "pt", "name", "for", "ship", "shipping", "deliver", "delivery", "delivered", "bill",
	"billing", "recipient", "customer", "dear", "hi", "hello", "title", "forename", "forenames", "first", "re",
	"viewing", "record", "records", "prescription", "prescriptions", "medication", "medications", "dependent",
	"dependant", "child", "minor", "member",
	"paciente", "pacjent", "pacjenta", "claf", "utente",
}})

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
	// at is where the name was read.
	at *spot
	// captioned: a caption on line caption gave the value (not a letter's
	// sentence, not forename and surname fields).
	captioned bool
	caption   int
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
			if patientInSentence(l, loc) {
				// "Collected by patient" says who collected: the name on
				// the next line is no value of it (unseen24's day log
				// through the production reader, round 14).
				break
			}
			if columnHeadings(l, loc) {
				// The last of several column headings on one line ("SHIP
				// TO  BILL TO / CARDHOLDER  PATIENT"): the line under it
				// holds every column's value, the first not this one's.
				break
			}
			if m := relationFirstRe.FindStringIndex(l.norm[loc[1]:]); m != nil {
				loc[1] += m[1]
			}
			v, ok := labelValue(d, i, loc[1])
			if ok && proseAfterCaption(l, loc, v) {
				// "... 1 = the" over "patient requested brand. NCPDP is
				// the pharmacy's ..." on a claim's footnotes (unseen91,
				// round 22, another patient on 2 uploads): a sentence.
				break
			}
			if pl.ordered && (!ok || !looksLikeName(v.words)) {
				// A form's caption box: the name may sit a line or two
				// below, past the next caption ("D.o.B").
				v, ok = nameBelow(d, i)
			}
			if pl.re == subjectCaption && ok && !subjectIsName(v.words) {
				// A letter's subject is no other person (unseen75's GP
				// letter "Re: Taking over prescribing of your ...", round
				// 20: the lead rated invalid on 3 uploads), unless it says
				// whom it is for.
				if v, ok = subjectFor(d, i, loc[1]); !ok {
					break
				}
			}
			if ok {
				v.strength, v.ordered = pl.strength, pl.ordered
				if pl.re == forCaption && forMedicine(d, i) {
					v.strength = strongLabel
				}
				v.captioned, v.caption = true, i
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

// forMedicine reports a "For:" caption on line i that says whose medicine
// it is: a medicine named on the next line ("For: SHANICE PRUITT" over
// "WEGOVY 2.4 MG/0.75 ML PEN" on a refill reminder to the family account's
// holder; unseen82, round 21, a false accept at first measure: the holder
// was rated the patient), or on one of the two lines above, an order
// card's item over its "For:" ("Zepbound 10 mg/0.5 mL", "4 single-dose
// pens - 28 days", "For: Desmond Whitlock" in an app whose referral banner
// below names a friend who "joined with your link"; unseen115, a false
// accept since round 24: the friend rated the patient).
func forMedicine(d document, i int) bool {
	for _, k := range []int{i + 1, i - 1, i - 2} {
		if k >= 0 && k < len(d.lines) && len(lineMentions(d.lines[k], k)) > 0 {
			return true
		}
	}
	return false
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
		if i > 0 && continuesSentence(d.lines[i-1]) {
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

// continuesSentence reports a line whose sentence may go on into the next:
// it neither ends one nor is a caption's ("Dispensed: 24 November 2026"
// over "Items for Owen Rhys-Mortimer" is no sentence about Owen), nor only
// a date and its label ("Dispensed 25/11/2026" over "For Mrs Zofia
// Nowak", the next person's items in a locker's e-mail; unseen12, round
// 12).
func continuesSentence(l docLine) bool {
	raw := strings.TrimSpace(l.raw)
	return !strings.ContainsAny(raw, ":") && !strings.HasSuffix(raw, ".") && !strings.HasSuffix(raw, "!") && !strings.HasSuffix(raw, "?") &&
		!(strings.ContainsAny(raw, "0123456789") && onlyADate(l))
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
		if p := withoutPossessive(l, w); p.text != w.text {
			// "Jane Doe's treatment": the name ends with the possessive.
			v.words = append(v.words, p)
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
	v.at = spotOfWords(l, v.words)
	return v, true
}

// labelValue is the value of the label that ends at byte from of line i.
func labelValue(d document, i, from int) (patientValue, bool) {
	l := d.lines[i]
	ws, titled := valueWords(l, from)
	if k := slices.IndexFunc(l.words, func(w word) bool { return w.start >= from }); k >= 0 && strings.ContainsAny(l.norm[from:l.words[k].start], ".,;!?") {
		// A sentence goes on past the label ("at the request of the
		// patient. Records request received"): no value follows it.
		return patientValue{}, false
	}
	line, paired := l, false
	if len(ws) == 0 && strings.TrimSpace(l.norm[from:]) == "" {
		k, p := captionValueLine(d, i)
		if h := headingValueLine(d, i); h >= 0 {
			k, p = h, true
		}
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
	return patientValue{words: ws, conf: r.conf, ocr: line.ocr, titled: titled, paired: paired, at: spotOfWords(line, ws)}, true
}

// relationFirstRe starts a patient caption's value that says how the
// patient stands to the page's reader before naming her: a letter's
// subject ("Re: your mother, Mrs Ivy Pryor, 6 Chantry Close", a pharmacy's
// letter to the son who looks after her medicines), an order's ("Ordering
// for: Mum - Mrs Brenda Blakemore (linked patient)", a daughter's account);
// unseen93, round 22, where the reader was rated the patient on 4 uploads
// and the patient named only as a parent on 3. The name follows it.
var relationFirstRe = lazyRE(`^\s*(?:(?:your|my|our|his|her|their)\s+)?(?:mother|father|mum|mom|dad|wife|husband|partner|son|daughter|sister|brother|grandmother|grandfather|grandma|grandpa|nan|aunt|uncle|friend|neighbour|neighbor|relative)\s*[,:-]\s*`)

// relationFirst reports a patient caption whose value names the patient
// after how she stands to the reader ("Re: your mother, Mrs Ivy Pryor"):
// the relation is the patient's to the reader, no role of the name's.
func relationFirst(l docLine) bool {
	if !patientLabelWords.any(l.words) {
		return false
	}
	for _, pl := range patientLabels {
		if loc := pl.re.FindStringIndex(l.norm); loc != nil && relationFirstRe.MatchString(l.norm[loc[1]:]) {
			return true
		}
	}
	return false
}

// subjectForRe ends a letter's subject up to whom it is for ("Re:
// Auto-refill paused for Mildred Okonkwo (member ID ...)").
var subjectForRe = lazyRE(`^.*?\bfor\s+`)

// subjectFor is the name a letter's subject (its value from byte start of
// line i) says it is for, when that reads as a name ("Re: Auto-refill
// paused for Mildred Okonkwo", a mail-order pharmacy's letter to a
// patient's daughter, "Dear Ms. Okonkwo-Hart"; unseen93, round 22, where
// the daughter was taken for a second patient and the lead not_found on 3
// uploads).
func subjectFor(d document, i, start int) (patientValue, bool) {
	m := subjectForRe.FindStringIndex(d.lines[i].norm[start:])
	if m == nil {
		return patientValue{}, false
	}
	v, ok := labelValue(d, i, start+m[1])
	return v, ok && subjectIsName(v.words)
}

// subjectIsName reports a "Re:" value that reads as a name: words a name
// may have, each capitalised but for a surname's particles ("Re: Mrs
// Fenella van der Berg"), not a subject's sentence.
func subjectIsName(ws []word) bool {
	if !looksLikeName(ws) {
		return false
	}
	for _, w := range ws {
		if !w.capital && !nameParticles[w.text] {
			return false
		}
	}
	return true
}

// nameBelow is the first name-like value on the three lines under caption
// line i.
func nameBelow(d document, i int) (patientValue, bool) {
	for k := i + 1; k <= i+3 && k < len(d.lines); k++ {
		l := d.lines[k]
		if ws, titled := valueWords(l, 0); looksLikeName(ws) {
			return patientValue{words: ws, conf: l.reading().of(ws).conf, ocr: l.ocr, titled: titled, at: spotOfWords(l, ws)}, true
		}
	}
	return patientValue{}, false
}

// sentenceWordsBefore are words that make a following "patient" the
// object of a sentence, not a caption ("collected by patient", "given to
// the patient").
var sentenceWordsBefore = map[string]bool{"by": true, "to": true, "the": true, "a": true, "each": true, "every": true, "your": true, "our": true, "this": true, "that": true}

// proseAfterCaption reports a caption in lower case, no colon or dash after
// it, whose value starts with a word in lower case: a sentence's words, not
// a caption and a name.
func proseAfterCaption(l docLine, loc []int, v patientValue) bool {
	k := slices.IndexFunc(l.words, func(w word) bool { return w.start >= loc[0] })
	return k >= 0 && !l.words[k].capital && !strings.ContainsAny(l.norm[loc[0]:loc[1]], ":-") && len(v.words) > 0 && !v.words[0].capital
}

// patientInSentence reports a patient label (at loc) that is the object of
// a sentence: the word before it is an article or a preposition, and no
// colon follows it.
func patientInSentence(l docLine, loc []int) bool {
	if !strings.HasPrefix(l.norm[loc[0]:], "patient") || strings.ContainsAny(l.norm[loc[0]:loc[1]], ":-") {
		return false
	}
	k := slices.IndexFunc(l.words, func(w word) bool { return w.start >= loc[0] })
	return k > 0 && sentenceWordsBefore[l.words[k-1].text]
}

// columnHeadings reports a patient label (at loc) that ends a line of
// column headings in capitals after others ("SHIP TO  BILL TO /
// CARDHOLDER  PATIENT"), no colon after it.
func columnHeadings(l docLine, loc []int) bool {
	raw := strings.TrimSpace(l.raw)
	return l.words[0].start < loc[0] && strings.TrimSpace(l.norm[loc[1]:]) == "" &&
		!strings.HasSuffix(raw, ":") && raw == strings.ToUpper(raw) && !hasDigit(raw)
}

// captionOnly reports a line that is nothing but a caption ("Patient:",
// "Emergency Contact 2:").
func captionOnly(l docLine) bool {
	return strings.HasSuffix(strings.TrimSpace(l.raw), ":") && len(l.words) <= 5
}

// headingOnly reports a form's column heading: a line in capitals, without
// a colon, whose every word belongs to a patient label or a role's caption
// ("SHIP TO", "BILL TO / CARDHOLDER", "PATIENT").
func headingOnly(l docLine) bool {
	raw := strings.TrimSpace(l.raw)
	if len(l.words) == 0 || len(l.words) > 5 || strings.HasSuffix(raw, ":") || raw != strings.ToUpper(raw) || hasDigit(raw) {
		return false
	}
	covered := make([]bool, len(l.words))
	for _, set := range []phraseSet[string]{roleCaptions, accountCaptions} {
		for _, m := range set.find(l.words) {
			for k := m.first; k <= m.last; k++ {
				covered[k] = true
			}
		}
	}
	for _, pl := range patientLabels {
		for _, loc := range pl.re.FindAllStringIndex(l.norm, -1) {
			for k, w := range l.words {
				if w.start >= loc[0] && w.end <= loc[1] {
					covered[k] = true
				}
			}
		}
	}
	return !slices.Contains(covered, false)
}

// headingValueLine is the value of heading line i in a row of two or more
// headings read one per line, then their values one per line (a packing
// slip's SHIP TO, BILL TO and PATIENT boxes): the n-th heading goes with
// the n-th line after the row, paired by position. -1 when i heads no such
// row or fewer values follow it.
func headingValueLine(d document, i int) int {
	if !headingOnly(d.lines[i]) {
		return -1
	}
	start, end := i, i+1
	for start > 0 && headingOnly(d.lines[start-1]) {
		start--
	}
	for end < len(d.lines) && headingOnly(d.lines[end]) {
		end++
	}
	n := end - start
	if n < 2 {
		return -1
	}
	for j := end; j < end+n; j++ {
		if j >= len(d.lines) || captionOnly(d.lines[j]) {
			return -1
		}
	}
	return end + (i - start)
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
	// The captions as OCR also reads them: "rn" and "m" are one glyph
	// apart ("Sumame:" for "Surname:", "First narne:" for "First name:").
	forenameFieldRe = lazyRE(`\b(?:(?:first|given|christian)\s*na(?:m|rn)es?|forena(?:m|rn)es?)(?:\(s\))?\s*[:-]`)
	surnameFieldRe  = lazyRE(`\b(?:(?:last|family)\s*na(?:m|rn)es?|su(?:rn|m)a(?:m|rn)e)\s*[:-]`)
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
			re  *lazyRegexp
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
		fore, sur = bareNameFields(d)
	}
	if fore == nil || sur == nil {
		return patientValue{}, false
	}
	v := patientValue{strength: strongLabel, ordered: true, conf: min(fore.conf, sur.conf), ocr: fore.ocr || sur.ocr, paired: fore.paired || sur.paired, at: joinSpots(fore.at, sur.at)}
	for _, f := range []*patientValue{fore, sur} {
		for _, w := range f.words {
			w.commaAfter = false
			// Each field was read on its own line: its words are read as
			// well as that line, whatever the other field's.
			if w.conf <= 0 || w.conf > f.conf {
				w.conf = f.conf
			}
			v.words = append(v.words, w)
		}
	}
	return v, true
}

var (
	// bareSurnameRe and bareForenameRe are the name fields' captions
	// without a colon, at the start of a line: a card's boxed fields.
	bareSurnameRe  = lazyRE(`^(?:(?:last|family)\s*na(?:m|rn)es?|su(?:rn|m)a(?:m|rn)e)\b`)
	bareForenameRe = lazyRE(`^(?:(?:first|given)\s*na(?:m|rn)es?|forena(?:m|rn)es?(?:\s*\(s\))?)`)
)

// bareNameFields finds a card's surname and forename fields captioned
// without colons (round 18, unseen66's forces medication card, whose
// patient was rated invalid as "HARGREAVES Jordan", a surname first with
// no comma): a caption row "SURNAME FORENAME(S)" over a line of the two
// words, in the captions' order, or each caption starting a line of its
// own before its value ("SURNAME HARGREAVES", "FORENAME(S) Jordan", as
// Textract reads the boxes). nil when either is missing.
func bareNameFields(d document) (fore, sur *patientValue) {
	for i, l := range d.lines {
		if isPrescriberLine(l) || otherPersonWords.any(l.words) {
			continue
		}
		sl, fl := bareSurnameRe.FindStringIndex(l.norm), bareForenameRe.FindStringIndex(l.norm)
		if sl == nil && fl == nil {
			continue
		}
		first, re := sl, bareForenameRe // the caption starting the line, and the other one
		if sl == nil {
			first, re = fl, bareSurnameRe
		}
		rest := strings.TrimSpace(l.norm[first[1]:])
		if loc := re.FindStringIndex(rest); loc != nil && strings.TrimSpace(rest[loc[1]:]) == "" {
			// A caption row: the value line under it, word for word, or
			// its two words read as lines of their own, left to right.
			a, b := captionRowValues(d, i)
			if a == nil {
				continue
			}
			if sl != nil {
				return b, a
			}
			return a, b
		}
		if rest == "" {
			// Captions alone on their lines, their values on the lines
			// after them in the same order (a form's boxes, unseen131).
			if f, s := captionLineValues(d, i); f != nil || s != nil {
				fore, sur = cmp.Or(fore, f), cmp.Or(sur, s)
			}
			continue
		}
		ws, _ := valueWords(l, first[1])
		if !fieldName(ws) || bareSurnameRe.MatchString(ws[0].text) || bareForenameRe.MatchString(ws[0].text) {
			continue
		}
		switch {
		case sl != nil && sur == nil:
			sur = fieldValue(l, ws)
		case sl == nil && fore == nil:
			fore = fieldValue(l, ws)
		}
	}
	if fore == nil || sur == nil {
		return nil, nil
	}
	return fore, sur
}

// captionLineValues reads the name fields captioned alone on line i and,
// when the other field's caption is alone on the next line, on that one
// too: their values are the lines after the captions, in the captions'
// order ("Surname" over "TRELOAR-QUICK", "Last name" and "First name" over
// "VANDERSLOOT" and "CORINNE"). nil for a field it did not read.
func captionLineValues(d document, i int) (fore, sur *patientValue) {
	alone := func(k int) (surname, ok bool) {
		if k >= len(d.lines) || d.lines[k].page != d.lines[i].page {
			return false, false
		}
		n := d.lines[k].norm
		if loc := bareSurnameRe.FindStringIndex(n); loc != nil && strings.Trim(n[loc[1]:], " :") == "" {
			return true, true
		}
		if loc := bareForenameRe.FindStringIndex(n); loc != nil && strings.Trim(n[loc[1]:], " :") == "" {
			return false, true
		}
		return false, false
	}
	firstSur, _ := alone(i)
	captions := []bool{firstSur}
	if s, ok := alone(i + 1); ok && s != firstSur {
		captions = append(captions, s)
	}
	for k, surname := range captions {
		j := i + len(captions) + k
		if j >= len(d.lines) || d.lines[j].page != d.lines[i].page || !fieldName(d.lines[j].words) || otherPersonWords.any(d.lines[j].words) {
			return nil, nil
		}
		v := fieldValue(d.lines[j], d.lines[j].words)
		if surname {
			sur = v
		} else {
			fore = v
		}
	}
	return fore, sur
}

// captionRowValues are the two values under a caption row at line i, left
// to right: a line of two words, or two lines of one word each (the local
// reader reads a card's boxes so). nil, nil when there are none.
func captionRowValues(d document, i int) (left, right *patientValue) {
	next := func(k int) (docLine, bool) {
		if k >= len(d.lines) || d.lines[k].page != d.lines[i].page {
			return docLine{}, false
		}
		return d.lines[k], true
	}
	v, ok := next(i + 1)
	switch {
	case !ok:
		return nil, nil
	case len(v.words) == 2 && fieldName(v.words):
		return fieldValue(v, v.words[:1]), fieldValue(v, v.words[1:])
	}
	w, ok := next(i + 2)
	if !ok || len(v.words) != 1 || len(w.words) != 1 || !fieldName(v.words) || !fieldName(w.words) || v.box.IsZero() || w.box.IsZero() {
		return nil, nil
	}
	if w.box.Left < v.box.Left {
		v, w = w, v
	}
	return fieldValue(v, v.words), fieldValue(w, w.words)
}

// fieldValue is a name field's value: words ws of line l, as well as they
// were read there.
func fieldValue(l docLine, ws []word) *patientValue {
	return &patientValue{words: ws, conf: l.reading().of(ws).conf, ocr: l.ocr, at: spotOfWords(l, ws)}
}

// fieldName reports a name field's value: one to three capitalised words
// with no digit that a name may have.
func fieldName(ws []word) bool {
	if len(ws) == 0 || len(ws) > 3 {
		return false
	}
	for _, w := range ws {
		if !w.capital || hasDigit(w.text) || isNonNameWord(w.text) || letterCount(w.text) < 2 {
			return false
		}
	}
	return true
}

var valueEndRe = lazyRE(`\s{2,}|[|;(\[@\d]`)

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
