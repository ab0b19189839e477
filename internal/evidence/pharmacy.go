// Rating the pharmacy name: known chains and names with a pharmacy word.

package evidence

import (
	"slices"
	"strings"
	"unicode"
)

// pharmacyChain is a pharmacy business known by name. Some names are also
// shops or words ("Walmart", "Capsule", "Well"): those count only with a
// pharmacy word on the same line.
type pharmacyChain struct {
	words             []string
	ocr               []string // ocrForm of words
	needsPharmacyWord bool
}

var pharmacyChains = func() []pharmacyChain {
	plain := []string{
		"boots", "lloydspharmacy", "superdrug", "pharmacy2u", "chemist4u", "rowlands", "day lewis", "jhoots",
		"weldricks", "numark", "medino", "medexpress", "cvs", "walgreens", "rite aid", "duane reade",
		"pillpack", "optumrx", "caremark", "express scripts",
	}
	qualified := []string{
		"well", "lloyds", "asda", "tesco", "sainsburys", "morrisons", "walmart", "costco", "kroger", "publix",
		"amazon", "alto", "capsule", "safeway", "meijer", "wegmans", "albertsons", "heb", "cohens",
	}
	var cs []pharmacyChain
	add := func(n string, qualified bool) {
		c := pharmacyChain{words: strings.Fields(n), needsPharmacyWord: qualified}
		for _, w := range c.words {
			c.ocr = append(c.ocr, ocrForm(w))
		}
		cs = append(cs, c)
	}
	for _, n := range plain {
		add(n, false)
	}
	for _, n := range qualified {
		add(n, true)
	}
	return cs
}()

// pharmacyWords name a dispensing business when a proper name goes with them.
var pharmacyWords = map[string]certainty{
	"pharmacy": highCertainty, "pharmacies": highCertainty, "chemist": highCertainty, "chemists": highCertainty,
	"apothecary": mediumCertainty, "dispensary": mediumCertainty, "drugstore": mediumCertainty, "drugs": mediumCertainty, "drug": mediumCertainty,
	// A compounding pharmacy by its trade ("NORTHFIELD 503A COMPOUNDING",
	// unseen43's vial box).
	"compounding": mediumCertainty,
	// A label printer's abbreviation ("FILLED FOR BRKSIDE COMM PHCY #2",
	// unseen89's central fill label, round 22).
	"phcy": mediumCertainty, "phmcy": mediumCertainty,
}

// nameEndingPharmacyWords name a business only where they end its name
// ("Lakeshore Drug", "Harbor Drugs Inc", "Main Street Drugstore #4"):
// elsewhere they are ordinary words ("Drug interactions", "Drugs that
// interact with this medicine").
var nameEndingPharmacyWords = map[string]bool{"drug": true, "drugs": true, "drugstore": true, "compounding": true}

// businessSuffixes may follow the end of a business's name.
var businessSuffixes = map[string]bool{
	"inc": true, "llc": true, "ltd": true, "limited": true, "plc": true, "co": true, "corp": true,
	"company": true, "store": true, "stores": true, "mart": true,
}

// pharmacyDescriptors may sit between a name and its pharmacy word
// ("Simple Online Pharmacy", "St Mary's Hospital Pharmacy").
var pharmacyDescriptors = map[string]bool{
	"online": true, "community": true, "family": true, "independent": true, "mail": true, "order": true,
	"specialty": true, "speciality": true, "compounding": true, "discount": true, "retail": true, "hospital": true,
	"outpatient": true, "village": true, "healthcare": true, "health": true, "care": true, "dispensing": true,
	// A hospital's pharmacy is named after the hospital ("Hartsmere General
	// Hospital Pharmacy", "Fellgate General Hospital - Outpatient Pharmacy").
	"general": true, "university": true, "memorial": true, "regional": true, "infirmary": true,
	// Inside a brand: "Evergreen Rx Mail Pharmacy".
	"rx": true,
	// A US compounding pharmacy's kind: "Northfield 503A Compounding".
	"503a": true, "503b": true,
}

// notPharmacyNames are words before a pharmacy word that show it names no
// business ("your pharmacy", "NHS pharmacy services").
var notPharmacyNames = map[string]bool{
	"your": true, "the": true, "a": true, "an": true, "our": true, "this": true, "that": true, "any": true,
	"local": true, "nearest": true, "contact": true, "call": true, "ask": true, "from": true, "by": true, "at": true,
	"to": true, "or": true, "and": true, "of": true, "in": true, "registered": true, "registration": true,
	"general": true, "use": true, "only": true, "keep": true, "return": true, "visit": true, "nhs": true,
	"prescription": true, "controlled": true, "generic": true, "other": true, "all": true, "these": true,
	"illegal": true, "otc": true, "counter": true, "weight": true, "loss": true, "information": true,
	"details": true, "name": true, "address": true, "phone": true, "via": true, "with": true, "for": true,
	"my": true, "their": true, "his": true, "her": true, "its": true, "new": true, "please": true, "see": true,
	"dispensed": true, "consult": true, "tell": true, "inform": true, "pharmacist": true, "doctor": true,
	"brand": true, "study": true, "trial": true, "investigational": true, "illicit": true,
	"recreational": true, "federal": true, "food": true, "medicine": true, "medicines": true, "rx": true,
	"medication": true, "medications": true, "prescriptions": true,
	"schedule": true, "scheduled": true, "class": true,
	// Kinds of drug: "COMPOUNDED DRUG - KEEP REFRIGERATED" on a vial's
	// label (unseen61, round 18), a plan's "Covered Drug".
	"compounded": true, "covered": true, "formulary": true,
	// A pen's or a pack's word, run into a pharmacy word from the next
	// column ("Wegovy 0.5mg FlexTouch | Castlegate Hosp. Pharmacy" read
	// "FlexTouch Pharmacy" on unseen62's booklet, round 17).
	"flextouch": true, "kwikpen": true,
	// A table's column headings read onto one line ("Medicine Dose Qty
	// Pharmacy" over a care agency's medicines record, read "Qty Pharmacy"
	// by the production reader; unseen156, round 29, a false accept).
	"qty": true, "quantity": true, "dose": true, "strength": true, "item": true, "date": true, "supplied": true,
	// Labels of a patient's chosen pharmacy ("Nominated pharmacy: none").
	"nominated": true, "preferred": true, "selected": true, "chosen": true, "usual": true, "default": true,
	// A message's opening after its sender ("Kingsmere Pharmacy: Hi
	// Oliver, your pens ..."): the sender is the name, not the text.
	"hi": true, "hello": true, "hey": true, "dear": true, "thank": true, "thanks": true, "reminder": true,
	"we": true, "it's": true, "good": true,
	// A savings programme's words (unseen110, round 24, false accepts at
	// first measure on 3 uploads, both readers): the "Dispensing pharmacy"
	// column holding only "Claim ref. SP-28841907 (shown on your receipt)",
	// and "Partner pharmacies near 43017" heading pharmacies that stock it.
	"claim": true, "ref": true, "reference": true, "partner": true, "participating": true, "network": true,
	// The same reference run into one word ("Claimref. SP-28841907" on the
	// programme's PDF; unseen110, round 25).
	"claimref": true, "claimno": true, "refno": true, "ref#": true,
	// A question ("Amazing! Which chemist?" under a label photo in a
	// patients' group; unseen127, round 26).
	"which": true, "what": true, "whose": true,
	// "Same pharmacy the whole way" in a patient's blog post (unseen127).
	"same": true,
	// Which of a patient's pharmacies, not its name ("Last filled
	// 11/10/2026, before the move. Previous pharmacy not recorded." on a
	// new practice's intake summary; unseen174, round 31, a false accept
	// at first measure on both readers).
	"previous": true, "former": true, "current": true, "last": true, "another": true,
	"different": true, "original": true,
}

// pharmacyPlaceholders begin a value that stands in for a pharmacy's name
// ("Pharmacy: None", "Pharmacy: Not yet dispensed", "Unknown Pharmacy").
var pharmacyPlaceholders = map[string]bool{
	"none": true, "nil": true, "null": true, "na": true, "nk": true, "tbc": true, "tba": true, "tbd": true,
	"unknown": true, "pending": true, "not": true, "unassigned": true, "awaiting": true, "blank": true,
}

// namesBusiness reports whether words could be a business's name: they
// begin with a capitalised word that is neither a number, a placeholder nor
// a word no name starts with, and one of them has two letters or more
// ("N/A" and "T.B.C." have none).
func namesBusiness(ws []word) bool {
	if len(ws) == 0 {
		return false
	}
	first := ws[0]
	if !first.capital || isDigit(first.text[0]) || notPharmacyNames[first.text] || pharmacyPlaceholders[first.text] {
		return false
	}
	return slices.ContainsFunc(ws, func(w word) bool { return letterCount(w.text) >= 2 })
}

func letterCount(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// labelValueEndRe ends a label's value: a column gap or a field separator.
var labelValueEndRe = lazyRE(`\s{2,}|[|;]`)

// pharmacyLabelRe is a label whose value is the pharmacy's name.
var pharmacyLabelRe = lazyRE(`\b(?:dispensing\s+)?pharmacy(?:\s+name)?\s*:`)

func isPharmacyWord(w string) bool {
	if _, ok := pharmacyWords[w]; ok {
		return true
	}
	for _, c := range pharmacyChains {
		if len(c.words) == 1 && c.words[0] == w && !c.needsPharmacyWord {
			return true
		}
	}
	return false
}

// ratePharmacy rates pharmacyName: valid when the document names a
// dispensing pharmacy (a known chain, or a name with "Pharmacy", "Chemist",
// "Drugs" and the like). A pharmacist's name alone is not a pharmacy.
// collectPharmacyEvidence finds the surest such name; the first rule of
// pharmacyRules that holds decides (docs/evidence-rules.md, "Pharmacy
// name").
func ratePharmacy(d document, role pharmacyRole) finding {
	ev := collectPharmacyEvidence(d)
	ev.pharmacyRole = role
	return decide(pharmacyRules, ev)
}

// pharmacyRole is what the page says of the requested medicine's supplier
// (rateFields finds it): the pharmacy field's role.
type pharmacyRole struct {
	// unsupplied: the page says a pharmacy could not supply the requested
	// medicine and no dispensing date was found ("Sorry — we are unable to
	// supply your medicine" over Fernlea Pharmacy's slip, Kingsmead
	// Pharmacy "have stock" in its note; a clinic's "They told us they
	// cannot fill this prescription ... We sent it to Brightwater Specialty
	// Pharmacy ... Your medicine has not been filled yet"; unseen106, round
	// 23: false accepts on 6 uploads, both readers): the pharmacies it names
	// are ones that could not supply it, or that it was referred or sent to.
	unsupplied bool
	// unnamedSupplier: the page says the requested medicine came from a
	// supplier it does not name ("Bought from an online provider (name not
	// given by patient)" in a GP summary's Wegovy row, the practice's
	// nominated pharmacy in its banner and on other medicines' rows;
	// unseen105, round 23, false accepts on 3 uploads, both readers): the
	// pharmacies it names are the patient's others.
	unnamedSupplier bool
}

// supplierUnnamedRe says a supply came from a supplier the page does not
// name ("Bought from an online provider (name not given by patient)" in a
// GP record's medication row), or whose name was hidden ("Supplier blanked
// out as per rule 4" over a label photo in a patients' group, a commenter
// naming the chemist she uses; unseen127, round 26, a false accept on 3
// uploads, both readers). The state may stand in brackets ("supplied by
// the patient's community pharmacy (not recorded)" beside the clozapine
// clinic's hospital pharmacy; unseen168, round 31, a false accept at first
// measure, both readers).
var supplierUnnamedRe = lazyRE(`\bname\s+not\s+(?:given|known|recorded|stated)\b|\b(?:supplier|provider|pharmacy)\s+\(?(?:name\s+)?(?:unknown|not\s+(?:known|given|recorded|stated|named))\b|` +
	`\b(?:supplier|provider|pharmacy|chemist)(?:'?s)?\s+(?:name\s+)?(?:blanked|blacked|hidden|redacted|covered|scribbled|crossed)\s+(?:out|over)\b`)

// pharmacyKind is how a line names a pharmacy.
type pharmacyKind int

const (
	noPharmacy       pharmacyKind = iota
	chainPharmacy                 // a known chain ("Boots", "Walgreens")
	captionedName                 // the value of a "Pharmacy:" caption
	pharmacyWordName              // a proper name before a pharmacy word ("Greenfield Pharmacy")
)

// pharmacyEvidence is the surest pharmacy name on the document: how it
// was named, how sure it is (as read and as the kind of name allows), and
// where it was read.
type pharmacyEvidence struct {
	kind   pharmacyKind
	sure   certainty
	at     *spot
	absent Confidence
	// ownRecord: the page is only a record the patient keeps (ownRecord).
	ownRecord bool
	// pharmacyRole: what the page says of the requested medicine's
	// supplier.
	pharmacyRole
	// withoutFills: the surest name's line, or the next, says that
	// pharmacy has filled nothing for the patient yet (noFillsRe).
	withoutFills bool
	// scam: the page is a scam message or a fraud report (scamOnly).
	scam bool
}

// noFillsRe says a pharmacy has supplied the patient nothing yet ("New:
// Capitol Drug #212, ... No fills yet at this pharmacy." under a new
// practice's "Preferred pharmacy", the supply's own pharmacy "not
// recorded"; unseen174, round 31, a false accept at first measure on both
// readers).
var noFillsRe = lazyRE(`\bno\s+(?:fills|prescriptions\s+(?:filled|dispensed)|dispensing\s+history|orders\s+filled)\s+(?:yet|to\s+date|so\s+far|here)\b`)

func collectPharmacyEvidence(d document) pharmacyEvidence {
	ev := pharmacyEvidence{sure: lowCertainty, absent: d.notFoundConfidence(), ownRecord: ownRecord(d), scam: scamOnly(d)}
	best := noMatch
	for i, l := range d.lines {
		p := linePharmacy(l)
		if p.kind == noPharmacy {
			p = institutionsPharmacy(d, i)
		}
		if p.kind == noPharmacy {
			continue
		}
		c := min(p.sure, readCertainty(l.conf))
		if ev.kind == noPharmacy || c > ev.sure || (c == ev.sure && p.level > best) {
			best, ev.kind, ev.sure, ev.at = p.level, p.kind, c, p.at
			ev.withoutFills = noFillsRe.MatchString(l.norm) || i+1 < len(d.lines) && noFillsRe.MatchString(d.lines[i+1].norm)
		}
	}
	return ev
}

func pharmacyNamed(e pharmacyEvidence) finding {
	return withCaveat(finding{rating: Rating{Valid, e.sure.Confidence()}, at: e.at}, "the pharmacy name")
}

// pharmacyRules decide pharmacyName, in the order of docs/evidence-rules.md.
var pharmacyRules = []rule[pharmacyEvidence]{
	{"pharmacy-in-own-record", func(e pharmacyEvidence) bool { return e.ownRecord && e.kind != noPharmacy }, func(e pharmacyEvidence) finding {
		// "Picked up new pen from Fenbridge Pharmacy" in a notes list: the
		// patient's word for where it came from, no pharmacy's paper.
		return finding{rating: Rating{NotFound, Medium}, ownRecord: "the pharmacy", at: e.at}
	}},
	{"pharmacy-in-scam", func(e pharmacyEvidence) bool { return e.scam && e.kind != noPharmacy }, func(e pharmacyEvidence) finding {
		return finding{rating: Rating{NotFound, Medium}, scam: "the pharmacy", at: e.at}
	}},
	{"pharmacy-of-unsupplied-medicine", func(e pharmacyEvidence) bool { return e.unsupplied && e.kind != noPharmacy }, func(e pharmacyEvidence) finding {
		return finding{
			rating:  Rating{NotFound, Low},
			problem: "the document says the requested medicine has not been supplied (a pharmacy could not supply it, or it has not been sent to a pharmacy), so no pharmacy it names supplied it",
			at:      e.at,
		}
	}},
	{"pharmacy-of-unnamed-supplier", func(e pharmacyEvidence) bool { return e.unnamedSupplier && e.kind != noPharmacy }, func(e pharmacyEvidence) finding {
		return finding{
			rating:  Rating{NotFound, Low},
			problem: "the document says the requested medicine came from a supplier it does not name, so the pharmacy it names may not have supplied it",
			at:      e.at,
		}
	}},
	{"pharmacy-without-fills", func(e pharmacyEvidence) bool { return e.withoutFills && e.kind != noPharmacy }, func(e pharmacyEvidence) finding {
		return finding{
			rating:  Rating{NotFound, Low},
			problem: "the pharmacy the document names has filled nothing for the patient yet, so it did not supply the requested medicine",
			at:      e.at,
		}
	}},
	{"pharmacy-chain", func(e pharmacyEvidence) bool { return e.kind == chainPharmacy }, pharmacyNamed},
	{"captioned-pharmacy", func(e pharmacyEvidence) bool { return e.kind == captionedName }, pharmacyNamed},
	{"named-pharmacy", func(e pharmacyEvidence) bool { return e.kind == pharmacyWordName }, pharmacyNamed},
	{"no-pharmacy", nil, func(e pharmacyEvidence) finding {
		return finding{rating: Rating{NotFound, e.absent}, missing: "the pharmacy name"}
	}},
}

// linePharmacyName is a pharmacy named on a line: how, how well the name
// matched, how sure the kind of name makes us, and where it was read.
type linePharmacyName struct {
	kind  pharmacyKind
	level matchLevel
	sure  certainty
	at    *spot
}

// linePharmacy finds the pharmacy the line names (kind noPharmacy: none).
func linePharmacy(l docLine) linePharmacyName {
	hasPharmacyWord := false
	for i := range l.words {
		if pharmacyWordAt(l, i) {
			hasPharmacyWord = true
			break
		}
	}
	for _, c := range pharmacyChains {
		if c.needsPharmacyWord && !hasPharmacyWord {
			continue
		}
		if level, at := findChain(l, c); level != noMatch {
			return linePharmacyName{chainPharmacy, level, level.certainty(), at}
		}
	}
	if !hasPharmacyWord {
		return pharmacyNamedAfter(l)
	}
	if at := pharmacyAtBusiness(l); at != nil {
		return linePharmacyName{pharmacyWordName, exactMatch, mediumCertainty, at}
	}
	if at := rxBrand(l); at != nil {
		return linePharmacyName{pharmacyWordName, exactMatch, mediumCertainty, at}
	}
	if at := tradingAsPharmacy(l); at != nil {
		return linePharmacyName{pharmacyWordName, exactMatch, mediumCertainty, at}
	}
	if loc := pharmacyLabelRe.FindStringIndex(l.norm); loc != nil {
		end := len(l.norm)
		if gap := labelValueEndRe.FindStringIndex(l.norm[loc[1]:]); gap != nil && strings.TrimSpace(l.norm[loc[1]:loc[1]+gap[0]]) != "" {
			end = loc[1] + gap[0]
		}
		if ws := l.wordsIn(loc[1], end); namesBusiness(ws) && !startsWithDate(ws) {
			return linePharmacyName{captionedName, exactMatch, highCertainty, spotOfWords(l, ws)}
		}
	}
	for i, w := range l.words {
		c, ok := pharmacyWords[w.text]
		if !ok || !pharmacyWordAt(l, i) || topicPair(l, i) {
			continue
		}
		j := pastTrialWords(l, pastDescriptors(l, i-1))
		if j < 0 {
			continue
		}
		p := l.words[j]
		if p.text == "pharmacy" || p.text == "chemist" {
			// "Pharmacy pharmacy": a card's caption read into the sentence
			// beside it ("Pen supplied by your Pharmacy pharmacy on";
			// unseen94, round 22, a false accept on the production path)
			// names no pharmacy.
			continue
		}
		if gap := strings.TrimSpace(l.norm[p.end:w.start]); j == i-1 && gap != "" && gap != "." && gap != "'" {
			// A mark just before the pharmacy word parts a breadcrumb or
			// a title ("My Record - Medications - Pharmacy fills";
			// unseen56, a false accept at first measure, round 16): no one
			// name ("Medical Center - Outpatient Pharmacy" is one).
			continue
		}
		// Before describing words the name may be a common word ("Good
		// Health Pharmacy"; unseen14, round 12).
		described := j < i-1 && p.capital && letterCount(p.text) >= 2 && !isDigit(p.text[0]) && !possessives[p.text] &&
			!slices.ContainsFunc(l.words[j+1:i], func(w word) bool { return w.text == "rx" })
		if (namesBusiness([]word{p}) || described) && !romanNumerals[p.text] {
			return linePharmacyName{pharmacyWordName, exactMatch, c, spotOfWords(l, l.words[j:nameEnd(l, i)])}
		}
		// "An" (peace) ends many Vietnamese names ("Binh An Pharmacy";
		// unseen14, round 13): the capitalised name word before it starts
		// the name; an article after a verb or a stop word does not.
		if p.text == "an" && p.capital && j > 0 && namesBusiness(l.words[j-1:j]) {
			return linePharmacyName{pharmacyWordName, exactMatch, c, spotOfWords(l, l.words[j-1:i+1])}
		}
	}
	return pharmacyNamedAfter(l)
}

// pastDescriptors is the last word at or before word j of l that is none
// of pharmacyDescriptors (-1 when there is none).
func pastDescriptors(l docLine, j int) int {
	for j >= 0 && pharmacyDescriptors[l.words[j].text] {
		j--
	}
	return j
}

// trialWords describe a research pharmacy between its name and its
// pharmacy word ("Keystone Clinical Trial Pharmacy" shipping a study's
// open-label pens; unseen178, round 32, no name found on 3 uploads, each
// reader). Alone before the pharmacy word they name none ("the trial
// pharmacy"), and a department of nothing else ("Clinical Trials
// Pharmacy") is named as before.
var trialWords = map[string]bool{"clinical": true, "trial": true, "trials": true, "research": true, "investigational": true}

// pastTrialWords is where the name before word j+1 of l starts once the
// research pharmacy's describing words ending at word j are passed over
// (trialWords, pharmacyDescriptors): j itself unless a business's name
// stands before them.
func pastTrialWords(l docLine, j int) int {
	if j < 0 || !trialWords[l.words[j].text] {
		return j
	}
	k := j
	for k >= 0 && (trialWords[l.words[k].text] || pharmacyDescriptors[l.words[k].text]) {
		k--
	}
	if k >= 0 && namesBusiness(l.words[k:k+1]) {
		return k
	}
	return j
}

// institutionsPharmacy finds a hospital's or a health system's own
// pharmacy, named by the institution (round 16, unseen52's outpatient
// labels and receipts): a department of nothing but describing words and a
// pharmacy word ("Outpatient Pharmacy", "PHARMACY DEPARTMENT") with the
// institution's name after a comma or a dash on its line ("Outpatient
// Pharmacy, Eastbridge Royal Hospital NHS Trust"), or on the line just
// above or below ("ST. BRENDAN'S HEALTH" over "OUTPATIENT PHARMACY",
// "Hollins Park Hospital" under it). At most medium.
func institutionsPharmacy(d document, i int) linePharmacyName {
	l := d.lines[i]
	k := departmentEnd(l)
	if k < 0 && chemistsAlone(l) && i > 0 && d.lines[i-1].page == l.page && pageTop(d, i-1) && letterheadName(d.lines[i-1]) {
		// A chemist's letterhead in two lines ("HOLLIS & DENE" over
		// "CHEMISTS" heading a till slip; unseen134, round 26).
		return linePharmacyName{pharmacyWordName, exactMatch, mediumCertainty, joinSpots(spotOfWords(d.lines[i-1], d.lines[i-1].words), spotOfWords(l, l.words))}
	}
	if k < 0 {
		return institutionAfterPharmacy(l)
	}
	if k < len(l.words) {
		start := l.words[k].start
		if sep := strings.TrimSpace(l.norm[l.words[k-1].end:start]); sep != "," && sep != "-" {
			return linePharmacyName{}
		}
		end := len(l.norm) // the institution ends at the next comma or column gap
		if gap := institutionEndRe.FindStringIndex(l.norm[start:]); gap != nil {
			end = start + gap[0]
		}
		ws := l.wordsIn(start, end)
		if institutionName(ws) {
			return linePharmacyName{pharmacyWordName, exactMatch, mediumCertainty, spotOfWords(l, append(l.words[:k:k], ws...))}
		}
		// After the dash, the department's address ("Pharmacy Department
		// - Moor Lane, Ravensmoor" under "Ravensmoor Secure Hospital
		// NHS": unseen78, round 20): the institution is beside it.
	}
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(d.lines) && d.lines[j].page == l.page && institutionName(d.lines[j].words) {
			return linePharmacyName{pharmacyWordName, exactMatch, mediumCertainty, joinSpots(spotOfWords(l, l.words), spotOfWords(d.lines[j], d.lines[j].words))}
		}
	}
	if j := i - 1; j >= 0 && d.lines[j].page == l.page && (pageTop(d, j) || addressNext(d, i)) && letterheadName(d.lines[j]) {
		// A letterhead's name over its kind of pharmacy ("ALAMO HEIGHTS"
		// over "COMPOUNDING PHARMACY", a receipt's first two lines, or
		// over its street's line where the receipt sits in a chat's
		// screenshot; unseen23, round 18).
		return linePharmacyName{pharmacyWordName, exactMatch, mediumCertainty, joinSpots(spotOfWords(d.lines[j], d.lines[j].words), spotOfWords(l, l.words))}
	}
	return linePharmacyName{}
}

// chemistsAlone reports a line of nothing but "Chemist" or "Chemists".
func chemistsAlone(l docLine) bool {
	return len(l.words) == 1 && (l.words[0].text == "chemist" || l.words[0].text == "chemists")
}

// pageTop reports line j the first of its page with a word of three
// letters or more: OCR's specks from a photo's background may come first
// ("yo" over "HOLLIS & DENE" over "CHEMISTS", a chemist's till slip
// photographed on a table; unseen134, round 26, no pharmacy on 5 uploads).
func pageTop(d document, j int) bool {
	for k := j - 1; k >= 0 && d.lines[k].page == d.lines[j].page; k-- {
		if slices.ContainsFunc(d.lines[k].words, func(w word) bool { return len(w.text) > 2 }) {
			return false
		}
	}
	return true
}

// addressNext reports a street's line after line i: it opens with a house
// number ("615 BRACKEN DR").
func addressNext(d document, i int) bool {
	return i+1 < len(d.lines) && d.lines[i+1].page == d.lines[i].page && len(d.lines[i+1].words) >= 2 && isDigit(d.lines[i+1].words[0].text[0])
}

// letterheadName reports a page's first line that could be a business's
// name: one to three capitalised words of letters, none a word no name
// has.
func letterheadName(l docLine) bool {
	if len(l.words) > 3 || !namesBusiness(l.words) {
		return false
	}
	return !slices.ContainsFunc(l.words, func(w word) bool {
		return !w.capital || letterCount(w.text) != len(w.text) || notPharmacyNames[w.text] || isNonNameWord(w.text)
	})
}

// departmentEnd is where a line that opens with a pharmacy department
// ("Outpatient Pharmacy", "Pharmacy Department") leaves it: the index of
// the first word after it, or -1 when the line opens otherwise.
func departmentEnd(l docLine) int {
	if investigationalService(l) {
		return 3
	}
	k, pharmacy := 0, false
	for ; k < len(l.words); k++ {
		w := l.words[k].text
		if w == "pharmacy" || w == "dispensary" {
			pharmacy = true
		} else if !pharmacyDescriptors[w] && w != "department" && w != "dept" {
			break
		}
	}
	if !pharmacy || k < 2 && l.words[0].text != "dispensary" || !l.words[0].capital {
		// "Pharmacy" alone is a caption; "Dispensary" alone is a
		// practice's or a hospital's (round 20, unseen76's dispensing
		// practice's label: "Brackenfold & Lowther Medical Practice" over
		// "Dispensary").
		return -1
	}
	return k
}

// investigationalService reports a line that opens with a US hospital's
// research pharmacy, its investigational drug service ("Summit Ridge
// University Hospital" over "Investigational Drug Service" under
// "Dispensed by" on a research participant's alert card; unseen178, round
// 32): a department named by its institution, as an outpatient pharmacy is.
func investigationalService(l docLine) bool {
	return len(l.words) >= 3 && l.words[0].capital && l.words[0].text == "investigational" && l.words[1].text == "drug" &&
		(l.words[2].text == "service" || l.words[2].text == "services")
}

// institutionEndRe ends an institution's name on a department's line.
var institutionEndRe = lazyRE(`,|\s{2,}|[|;]`)

// institutionWords end or hold the name of an institution with a pharmacy
// of its own.
var institutionWords = map[string]bool{
	"hospital": true, "hospitals": true, "infirmary": true, "trust": true, "health": true, "healthcare": true,
	"clinic": true, "university": true, "medical": true, "surgery": true,
}

// institutionConnectors join an institution's name ("University of
// Eastbridge Hospitals").
var institutionConnectors = map[string]bool{"of": true, "the": true, "and": true, "for": true}

// institutionAfterPharmacy finds, inside a line, "Pharmacy" named by the
// institution after a comma ("DISPENSED 16 NOV 2026 By Pharmacy, RAF
// Brackenmoor Medical Centre": unseen66's forces medication card, round
// 18), or starting it where a sentence wrapped ("dispensed ... by the
// Outpatient" over "Pharmacy, Lisnacree Hospital, and you collected it":
// unseen70's trust letter, round 19). At most medium.
func institutionAfterPharmacy(l docLine) linePharmacyName {
	for k := 0; k+1 < len(l.words); k++ {
		w := l.words[k]
		if w.text != "pharmacy" && w.text != "dispensary" || !w.capital || strings.TrimSpace(l.norm[w.end:l.words[k+1].start]) != "," {
			continue
		}
		start, end := l.words[k+1].start, len(l.norm)
		if gap := institutionEndRe.FindStringIndex(l.norm[start:]); gap != nil {
			end = start + gap[0]
		}
		if ws := l.wordsIn(start, end); institutionName(ws) {
			return linePharmacyName{pharmacyWordName, exactMatch, mediumCertainty, spotOfWords(l, append([]word{w}, ws...))}
		}
	}
	return linePharmacyName{}
}

// institutionName reports words that are a hospital's or a health
// system's name: one to eight capitalised words, no figure, one an
// institution's word.
func institutionName(ws []word) bool {
	if len(ws) == 0 || len(ws) > 8 || !namesBusiness(ws) {
		return false
	}
	institution := false
	for _, w := range ws {
		if isDigit(w.text[0]) || !w.capital && !institutionConnectors[w.text] {
			return false
		}
		institution = institution || institutionWords[w.text]
	}
	return institution
}

// pharmacyNamedAfter finds a pharmacy named in a language that puts the
// name after its pharmacy word ("Farmacia Buena Salud", "Fferyllfa
// Glannau", "Apteka Zdrowie"; unseen14's Spanish and Welsh pages, round
// 12): a capitalised name follows the word. At most medium.
func pharmacyNamedAfter(l docLine) linePharmacyName {
	for i, w := range l.words {
		if !pharmacyWordsFirst[w.text] || !w.capital {
			continue
		}
		k := i + 1
		for k < len(l.words) && k <= i+2 && businessParticles[l.words[k].text] {
			k++
		}
		if k >= len(l.words) {
			continue
		}
		if n := l.words[k]; n.capital && namesBusiness([]word{n}) && !isPharmacyWord(n.text) {
			return linePharmacyName{pharmacyWordName, exactMatch, mediumCertainty, spotOfWords(l, l.words[i:k+1])}
		}
	}
	return linePharmacyName{}
}

// tradingAsPharmacy finds the name a registered pharmacy trades under, on
// the footer line that says it is one ("MedsByPost Ltd trading as Pillbox
// Direct - Registered pharmacy, GPhC premises 9014402"; unseen76's
// rebranded online pharmacy, whose name has no pharmacy word, round 20):
// up to four capitalised words after "trading as", up to a mark. At most
// medium.
func tradingAsPharmacy(l docLine) *spot {
	if !strings.Contains(l.norm, "registered pharmacy") && !strings.Contains(l.norm, "gphc") {
		return nil
	}
	k := slices.IndexFunc(l.words, func(w word) bool { return w.text == "trading" })
	if k < 0 || k+2 >= len(l.words) || l.words[k+1].text != "as" {
		return nil
	}
	start, end := k+2, k+2
	for end < len(l.words) && end < start+4 && l.words[end].capital && !isPharmacyWord(l.words[end].text) {
		end++
		if end < len(l.words) && strings.TrimSpace(l.norm[l.words[end-1].end:l.words[end].start]) != "" {
			break // a mark ends the name
		}
	}
	if !namesBusiness(l.words[start:end]) {
		return nil
	}
	return spotOfWords(l, l.words[start:end])
}

// pharmacyAtBusiness finds a pharmacy named by the business it is in or
// run by, after its pharmacy word: "Pharmacy at Dunmore's Superstore" on a
// supermarket's bag label, "Pharmacy operated by Aldgate & Rowe (Pharmacy)
// Ltd" on a department store's receipt (unseen89, round 22, whose pharmacy
// was not found on 5 uploads): the capitalised words after "at",
// "operated by" or "run by", up to four, to a mark or a word in lower
// case. At most medium.
func pharmacyAtBusiness(l docLine) *spot {
	for i, w := range l.words {
		if !w.capital || !isPharmacyWord(w.text) || i+2 >= len(l.words) {
			continue
		}
		start := i + 1
		switch {
		case l.words[start].text == "at":
			start++
		case (l.words[start].text == "operated" || l.words[start].text == "run") && l.words[start+1].text == "by":
			start += 2
		default:
			continue
		}
		end := start
		for end < len(l.words) && end < start+4 && l.words[end].capital {
			end++
			if end < len(l.words) && strings.TrimSpace(l.norm[l.words[end-1].end:l.words[end].start]) != "" && l.norm[l.words[end-1].end] != '\'' {
				break // a mark ends the name ("Dunmore's" goes on)
			}
		}
		if end > start && namesBusiness(l.words[start:end]) {
			return spotOfWords(l, l.words[start:end])
		}
	}
	return nil
}

// possessives are whose a pharmacy is, not its name ("Your Rx pharmacy").
var possessives = map[string]bool{"your": true, "my": true, "our": true, "their": true, "his": true, "her": true, "its": true, "the": true, "a": true}

// pharmacyWordsFirst are pharmacy words of languages that put the name
// after them: Spanish and Italian, Welsh, Polish, French, German.
var pharmacyWordsFirst = map[string]bool{
	"farmacia": true, "fferyllfa": true, "apteka": true, "pharmacie": true, "apotheke": true,
	// A chain's plural, and the Spanish of the US border and of Latin
	// America (round 17: unseen41's "BOTICA SAN RAFAEL", "Farmacias Sol").
	"farmacias": true, "botica": true, "drogueria": true,
	// Scandinavian, Maltese, Dutch, Finnish, Czech and Slovenian (round 21:
	// unseen84's Bergen "APOTEK BRYGGEKAIEN" and Sliema "SPIZERIJA SAN
	// GORG", labels of pharmacies abroad, had no pharmacy).
	"apotek": true, "apoteket": true, "spizerija": true, "apotheek": true, "apteekki": true, "lekarna": true,
}

// businessParticles join the words of a name given after a pharmacy word
// ("Farmacia del Valle", "Farmacia de la Cruz", "Farmácia dos Santos").
var businessParticles = map[string]bool{
	"de": true, "del": true, "la": true, "las": true, "los": true, "el": true, "do": true, "da": true,
	"dos": true, "das": true, "du": true, "des": true, "y": true, "e": true,
}

// notRxBrands are words before "Rx" that make a heading, not a pharmacy's
// name ("Refill Rx", "Transfer Rx", "Manage Rx").
var notRxBrands = map[string]bool{
	"refill": true, "refills": true, "transfer": true, "manage": true, "view": true, "mail": true,
	"order": true, "orders": true, "active": true, "current": true, "pending": true, "ready": true,
	"home": true, "search": true, "add": true, "total": true, "copay": true, "paid": true,
}

// rxBrand finds a pharmacy's brand ending in "Rx" standing alone on its
// line, as an app's title bar or a bag's header prints it ("SUNBELT RX",
// "Harbor Rx #12"): one to three capitalised words, none a medicine's name,
// a heading's word or a word no name starts with, then "Rx" ending the
// line (after it only a store number or a company suffix).
func rxBrand(l docLine) *spot {
	k := slices.IndexFunc(l.words, func(w word) bool { return w.text == "rx" })
	if k < 1 || k > 3 || !endsName(l, k) || strings.Contains(l.norm[:l.words[k].start], ":") {
		return nil
	}
	for _, w := range l.words[k+1:] {
		if !isDigit(w.text[0]) && !businessSuffixes[w.text] {
			return nil
		}
	}
	name := l.words[:k]
	if !namesBusiness(name) {
		return nil
	}
	for _, w := range name {
		if !w.capital || notRxBrands[w.text] || notPharmacyNames[w.text] || isDigit(w.text[0]) {
			return nil
		}
		if _, medicine := LookupMedicine(w.text); medicine {
			return nil
		}
	}
	return spotOfWords(l, l.words[:k+1])
}

// romanNumerals number drug schedules and classes ("Schedule II Drug").
var romanNumerals = map[string]bool{"i": true, "ii": true, "iii": true, "iv": true, "v": true}

// startsWithDate reports a caption's value that is a date ("Dispensed by
// our partner pharmacy: November 19, 2026"; unseen144, round 28): a
// month or a weekday, then a figure.
func startsWithDate(ws []word) bool {
	return len(ws) >= 2 && (monthWords[ws[0].text] != 0 || isWeekday(ws[0].text)) && isDigit(ws[1].text[0])
}

// topicPair reports pharmacy word i paired with a common word after "&"
// ("Pharmacy & shipping", "Pharmacy & prescriptions"): a topic,
// a category or a menu's heading, as a support ticket's chips show it
// ("Solved  Pharmacy & shipping  Priority: high", read "Solved Pharmacy" as
// a pharmacy on unseen144's telehealth ticket, round 28, a false accept at
// first measure on both readers). A business pairs capitalised words
// ("Boots Pharmacy & Opticians"). Not "and": prose runs on after a name
// ("Pinecrest Community Pharmacy and they told us").
func topicPair(l docLine, i int) bool {
	if i+1 >= len(l.words) || strings.TrimSpace(l.norm[l.words[i].end:l.words[i+1].start]) != "&" {
		return false
	}
	next := l.words[i+1]
	return !next.capital && letterCount(next.text) >= 3
}

// pharmacyWordAt reports whether word i is a pharmacy word ("Rx" included)
// where it stands: "Drug" only where it ends a name.
func pharmacyWordAt(l docLine, i int) bool {
	w := l.words[i].text
	if _, ok := pharmacyWords[w]; !ok && w != "rx" {
		return false
	}
	if serviceAt(l, i) {
		return endsName(l, i+1)
	}
	return !nameEndingPharmacyWords[w] || endsName(l, i)
}

// nameEnd is the index just past a business's name whose pharmacy word is
// word i of l: past "Service" for an investigational drug service.
func nameEnd(l docLine, i int) int {
	if serviceAt(l, i) {
		return i + 2
	}
	return i + 1
}

// serviceAt reports the "Drug" of a hospital's "Investigational Drug
// Service" at word i of l, named after its institution on one line
// ("Cedarview Medical Center Investigational Drug Service, 300 Elm Ridge
// Rd" under "Dispensed by" on a study's dispensing e-mail; unseen178,
// round 32, no pharmacy found on 3 uploads, each reader): the service
// ends the name as "Pharmacy" would.
func serviceAt(l docLine, i int) bool {
	return i > 0 && i+1 < len(l.words) && l.words[i].text == "drug" && l.words[i-1].text == "investigational" &&
		l.words[i-1].capital && l.words[i].capital && l.words[i+1].capital &&
		(l.words[i+1].text == "service" || l.words[i+1].text == "services")
}

// endsName reports whether word i ends a business's name on its line: the
// line ends there, or a mark or a column gap follows, or only company
// suffixes ("Inc", "Co") and a store number ("#12", "0451") follow.
func endsName(l docLine, i int) bool {
	pos := l.words[i].end
	for k := i + 1; ; k++ {
		rest := l.norm[pos:]
		trimmed := strings.TrimLeft(rest, " ")
		switch {
		case trimmed == "":
			return true
		case strings.HasPrefix(rest, "  ") || strings.ContainsAny(trimmed[:1], ",.;|(#-"):
			return true
		case k >= len(l.words):
			return false
		}
		next := l.words[k]
		if isDigit(next.text[0]) {
			return true
		}
		if strings.HasPrefix(trimmed, "&") || next.text == "and" {
			return tradeLineEnd(l, k)
		}
		if !businessSuffixes[next.text] {
			return false
		}
		pos = next.end
	}
}

// pharmacyTrades are what a drugstore's name may add after "&" ("Corliss
// Drug & Wellness", "Main Street Drugs and Gifts").
var pharmacyTrades = map[string]bool{
	"wellness": true, "health": true, "healthcare": true, "gift": true, "gifts": true, "home": true,
	"medical": true, "surgical": true, "supply": true, "supplies": true, "beauty": true, "compounding": true,
	"variety": true, "nutrition": true, "vitamins": true, "fountain": true, "company": true, "co": true,
}

// tradeLineEnd reports whether words k... (after an "&" or "and" that
// follows a pharmacy word) are one or two trades and then the line's end,
// a mark or a store number: the rest of a drugstore's name, not a phrase
// about drugs ("Drug & Alcohol Services").
func tradeLineEnd(l docLine, k int) bool {
	if l.words[k].text == "and" {
		k++
	}
	n := 0
	for ; k < len(l.words) && pharmacyTrades[l.words[k].text]; k++ {
		n++
	}
	if n == 0 || n > 2 {
		return false
	}
	if k == len(l.words) {
		return true
	}
	rest := strings.TrimLeft(l.norm[l.words[k-1].end:], " ")
	return strings.HasPrefix(l.norm[l.words[k-1].end:], "  ") || strings.ContainsAny(rest[:1], ",.;|(#-") || isDigit(l.words[k].text[0])
}

// findChain finds a chain's name in the line: exactly on a text layer, or
// equal after undoing OCR confusions on OCR output. A name that needs a
// pharmacy word needs it within the next two words ("Walmart Pharmacy",
// "Costco Pharmacy #123"), not anywhere on the line. at is where the name
// (and its pharmacy word) was read.
func findChain(l docLine, c pharmacyChain) (matchLevel, *spot) {
	for i := 0; i+len(c.words) <= len(l.words); i++ {
		level := exactMatch
		for k, w := range c.words {
			got := l.words[i+k]
			switch {
			case got.text == w:
			case l.ocr && len(w) >= 4 && got.ocr == c.ocr[k]:
				level = ocrMatch
			default:
				level = noMatch
			}
			if level == noMatch {
				break
			}
		}
		if level == noMatch {
			continue
		}
		end := i + len(c.words)
		if !c.needsPharmacyWord {
			return level, spotOfWords(l, l.words[i:end])
		}
		for k := end; k < min(end+2, len(l.words)); k++ {
			if pharmacyWordAt(l, k) {
				return level, spotOfWords(l, l.words[i:k+1])
			}
		}
	}
	return noMatch, nil
}

// supplierUnnamed reports a line that says a supply's supplier is not named.
func supplierUnnamed(l docLine) bool { return supplierUnnamedRe.MatchString(l.norm) }
