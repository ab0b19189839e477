// What a date is: the labels that name it, and the document's day/month order.

package evidence

import (
	"slices"
	"strings"
	"time"
)

// dateKind is what a label says a date is. Lower relevant kinds win.
type dateKind int

const (
	dispensedDate    dateKind = iota + 1 // dispensed, filled, supplied
	orderDate                            // ordered, order placed, shipped, invoice
	prescriptionDate                     // prescribed, issued, Rx date, written
	plainDate                            // "Date:"
	unlabelledDate
	otherDate // expiry, use by, date of birth, refill by, review: never the date
)

func (k dateKind) noun() string {
	switch k {
	case dispensedDate:
		return "dispensing date"
	case orderDate:
		return "order date"
	case prescriptionDate:
		return "prescription date"
	}
	return "date on the document"
}

func (k dateKind) pluralNoun() string {
	switch k {
	case dispensedDate, orderDate, prescriptionDate:
		return k.noun() + "s"
	}
	return "several dates"
}

// dateLabels: a date takes the kind of the nearest label before it on its
// line (the longest, when two end at the same place).
var dateLabels = newPhraseSet(map[dateKind][]string{
	otherDate: {
		"exp", "expiry", "expiration", "expires", "expire", "expiry date", "expiration date", "exp date",
		"date of expiry", "use by", "use before", "discard", "best before", "beyond use", "bud",
		"do not use after", "dob", "d o b", "date of birth", "birth date", "birthdate", "birthday", "born",
		"birth", "refill", "refills", "refill date", "next", "review", "review date", "due", "due date",
		"valid until", "valid to", "valid through", "valid thru", "estimated delivery", "expected delivery",
		// An estimate is of a day to come ("estimated w/c 30th November",
		// unseen42's order-status page, round 19).
		"estimated", "expected", "eta",
		"estimated arrival", "expected arrival", "arrive", "arrives", "arriving", "arrival", "delivery by",
		"delivered by", "deliver by", "start", "started", "start date", "last visit", "last seen",
		// Dates of another role than the dispensing (issue 18): when the
		// page was printed or sent, and when the next fill is due.
		"printed", "printed on", "print date", "date printed", "printed at", "generated", "generated on",
		// "Printed" as OCR reads it off a crease ("Primed 21/1 1/2026" in a
		// crumpled review pack's footer, unseen86, round 22: the print
		// date was rated the dispensing date). No pen's priming is dated.
		"primed",
		"report date", "run date", "as of", "accessed", "viewed", "sent", "sent on", "date sent", "received",
		"received on", "date received", "forwarded", "fwd", "fax", "faxed", "fax date", "transmitted",
		"next fill", "next fill date", "next refill", "next refill date", "refill due", "refill due date",
		// Pharmacy systems' short captions (round 18, unseen64's labels,
		// app and bag tags): the next fill, the prescription's original
		// fill, the discard date, the pick-up deadline.
		"nxt fill", "nxt refill", "nxt fill date", "orig", "orig date", "original date", "original fill",
		"disc", "disc date", "pu by", "pick up by", "pickup by", "pick up before", "coll by",
		// A medicine held around an operation (round 18, unseen68's wallet
		// card, "Last dose taken", "Hold from", "Restart on" columns read
		// by Textract: the last dose's day was rated the fill's).
		"last dose", "last dose taken", "date of last dose", "last taken", "last injection", "last injected",
		// An adherence app's timeline ("Missed dose" over "November 25, 2026",
		// "Dose taken - 1mg" over another, its only refill card 104 days
		// old; unseen184, round 33, a missed dose rated the latest fill, a
		// false accept at first measure on 2 uploads each reader).
		"missed dose", "dose missed", "missed injection", "dose taken", "injection taken", "dose logged",
		"hold from", "withhold from", "held from", "stop on", "stopped on", "restart", "restart on", "restart date",
		"resume", "resume on", "reviewed", "reviewed on", "reviewed at",
		"fill by", "refill by", "reorder", "reorder by", "reorder date", "eligible", "eligible for refill",
		"next dispensing", "next supply", "next order", "next delivery",
		// When a request was handed in or sent to the surgery ("Signed: G
		// Parfitt  Date handed in: 25/11/2026" on a repeat slip; unseen19, a
		// false accept at first measure), no supply.
		"handed in", "date handed in", "handed in on", "requested", "requested on", "date requested",
		// When a consent was given, signed or renewed, and when it falls
		// due again ("Consent renewed 26/11/2026", "Next renewal due" on
		// an online clinic's yearly data-sharing consent, beside the
		// patient's old label; unseen165, round 30, a false accept at
		// first measure).
		"consent renewed", "renewed", "renewed on", "renewal", "renewal due", "renewal date", "next renewal",
		"consent given", "consent date", "date of consent", "consented", "consented on",
		"request date", "date of request", "submitted", "submitted on", "date submitted",
		// When a prescription went to another pharmacy.
		"transferred", "transferred on", "transfer date", "date of transfer", "date transferred",
		// When a prescription reached the pharmacy from the surgery ("Your
		// repeat prescription for Mounjaro 5mg KwikPen arrived from Orchard
		// Vale Medical Centre on" over "Monday 23 November 2026."; unseen113,
		// round 24, a false accept at first measure: its arrival was rated
		// the dispensing date).
		"arrived from",
		// A price quoted and held ("Quoted: Nov 22, 2026  Price held until:
		// Dec 6, 2026" on a saved cash quote; unseen116, round 24).
		"quoted", "quoted on", "quote date", "date quoted", "price held until",
		// When an item was put in a basket ("4 doses · added 24 Nov 2026 ...
		// not yet ordered" in a basket reminder; "Added to basket: 23 Nov
		// 2026, 21:47"; unseen116, round 25).
		"added", "added on", "date added", "added to basket", "added to cart", "added to your basket",
		// When a review was posted on a review site ("GB · 2 reviews · Posted
		// 23 Nov 2026" over a patient's review and the pharmacy's public
		// reply; unseen120, round 25).
		"posted", "posted on", "date posted",
		// When a cost estimate was run ("Estimate run Nov 24, 2026 · This is
		// not a claim or a fill." over an insurer's estimate for the next
		// strength; unseen116, round 25).
		"estimate", "estimate run", "estimate date", "date of estimate", "estimated on", "run on",
		// A pharmacist's intervention (advice to stop, a referral) is dated
		// by the consultation, not by a supply ("Date of intervention" over
		// the day the patient was told to stop; unseen117, round 25).
		"intervention", "date of intervention", "intervention date",
		// When a patient was referred to a service ("Practice  Date of
		// referral" over the GP's row and "22/11/2026" on a referral to a
		// specialist weight management service, the private supply of
		// Saxenda undated; unseen167, round 31, a false accept at first
		// measure, both readers).
		"date of referral", "referral date", "referred on", "date referred", "referral received", "referral sent", "referral",
		// A donor centre's screening of the patient as a donor ("Screening
		// date" over "11/26/2026" on a plasma centre's deferral notice that
		// lists the donor's Mounjaro; unseen173, round 31, a false accept
		// at first measure on 2 uploads, each reader).
		"screening date", "date of screening", "screened on", "deferral date", "date of deferral", "eligible to return",
		// A court's and a claim's own dates ("Order made by District Judge
		// Amberley on 21 June 2026" over an exhibited dispensing label of
		// 16 Nov 2026 in a deputyship order; unseen170, round 32, the
		// court's order taken for the patient's order and rated old).
		"order made by", "hearing date", "date of hearing", "sealed on", "sworn", "sworn on", "subscribed and sworn",
		"executed on", "date of accident", "accident date", "date of loss", "date of incident", "incident date",
		"date of injury", "deposition date", "date of deposition",
		// A blood sample's dates ("Sample collected" over "25/11/2026 09:12",
		// "Received in lab", a tube's "Coll 25/11/2026" on a pathology
		// request whose Wegovy is only its clinical details; unseen177,
		// round 32, a false accept at first measure on 2 uploads).
		"sample collected", "specimen collected", "sample taken", "specimen taken", "sample date", "specimen date",
		"date of sample", "date sample taken", "received in lab", "lab received",
		// A support ticket's dates ("Requester: ... · Opened November 26,
		// 2026 · Status: Solved November 27, 2026" on a connected pen
		// cap's help-desk ticket; unseen150, round 28): when it was raised
		// and answered. "Opened" only with its date just after it (a bare
		// "Opened" column of a patient's spreadsheet is its pens' first use,
		// and taken so lost unseen139's dose in round 27 and again here).
		"opened", "solved", "resolved",
		// When a form was filled in ("Return completed" over "25/11/2026"
		// on a boxing board's annual medical return whose label's fill date
		// OCR spoilt; unseen147, round 28, a false accept at first measure).
		"return completed", "form completed", "date completed", "date of completion", "completed on",
		// A dictated letter's dates ("Dictated: November 24, 2026 ·
		// Transcribed: November 25, 2026" heading a letter of medical
		// necessity; unseen157, round 29, a false accept at first measure,
		// each reader): when it was spoken and typed.
		"dictated", "dictated on", "date dictated", "transcribed", "transcribed on", "date transcribed", "typed",
		"typed on", "date typed",
		// A home care aide's visit ("Visit date: 11/26/2026 9:00-11:00 AM"
		// over the client's "Last pickup from pharmacy" 08/16/2026 of her
		// Mounjaro; unseen156, round 29, a false accept at first measure):
		// when the carer came, no supply.
		"visit date", "date of visit", "visit on", "appointment", "appointment date", "date of appointment",
		// An assessment's own day ("Assessment date" over "24 November
		// 2026 (home visit)" in a council's care needs assessment, whose
		// medicines' "last delivery on 18/11/2026" is the supply's;
		// unseen156, round 29).
		"assessment date", "date of assessment", "assessed on", "date assessed",
		// A sharps mail-back's dates ("CONTAINER RECEIVED" over its day,
		// "TREATED AND DESTROYED" over another; unseen152, round 29, a false
		// accept at first measure, each reader): the used pens' disposal.
		"destroyed", "treated and destroyed", "destroyed on", "date destroyed", "date of destruction",
		"destruction date", "container received", "disposed", "disposed of", "disposed on", "disposal date",
		"date of disposal",
		// Bilingual pages (round 12, unseen14's Welsh and Spanish pages:
		// a Welsh app's "Casglwch erbyn" collection deadline was rated the
		// dispensing date in the future): Welsh, Spanish, Polish.
		"casglwch erbyn", "casglu erbyn", "dyddiad geni", "dyddiad dod i ben", "impreso", "fecha de impresion",
		"fecha de nacimiento", "vence", "vencimiento", "fecha de vencimiento", "caduca", "recoger antes de", "recoger antes del",
		"proximo surtido", "data urodzenia", "data waznosci", "wazne do",
		// Welsh "next step" (round 17, unseen59: "Cam nesaf: Wegovy 1.7mg
		// ... o 18 Rhagfyr 2026 ymlaen", from a day to come).
		"cam nesaf", "nesaf",
		// The same roles in the languages whose month names findDates reads
		// (round 15): when printed, born, expiring, due again.
		"argraffwyd", "dyddiad argraffu", "imprime le", "date dimpression", "impresso em", "data de impressao",
		// A duplicate invoice's reprint ("2.ª via emitida em 2026-11-24",
		// Portuguese; round 17, unseen59).
		"via emitida em", "segunda via", "2a via",
		"data tiparirii", "tiparit", "data wydruku", "wydrukowano", "date de naissance", "ne le", "nee le",
		"data de nascimento", "data nasterii", "date dexpiration", "expire le", "validade", "valido ate",
		"expira", "data expirarii", "proxima recarga", "proximo resurtido", "resurtir antes de",
		// When the reader last signed in to the page (round 15: "Signed
		// in as ... Last login Nov 25, 2026" took "signed" for a
		// prescription's signature).
		"last login", "last log in", "last logged in", "last signed in", "last sign in", "last active",
		"signed in", "logged in", "last accessed",
		// When a page's notice or terms were last changed ("Cookie Notice
		// (updated October 12, 2026)", "Terms of Use (last updated ...)").
		"updated", "last updated", "updated on", "revised", "last revised", "last modified", "modified",
		// A cold-chain box's times: when it was packed and by when to get
		// it into the fridge, no dispensing (unseen16, a false accept).
		"packed", "packed on", "date packed", "pack date", "packing date", "refrigerate by", "refrigerate within",
		"refrigerate before", "store by", "keep cold until", "fridge by",
		// A ward's record of a patient's own medicines ("Into fridge (date,
		// time)" over "24/11/2026 19:40" on a POD fridge record card whose
		// label was not yet checked; unseen190, round 33, a false accept at
		// first measure, each reader): when they came onto the ward.
		"into fridge", "into the fridge", "placed in fridge", "placed in the fridge", "put in fridge",
		"received on ward", "received on the ward", "brought in", "brought in on", "date brought in",
		"admission date", "date of admission", "admitted", "admitted on", "on admission",
		// How long a supply lasts ("dispensed on 6 November 2026 (four
		// weekly doses), so he has enough until about 4 December 2026";
		// unseen75's specialist letter, round 20: the two dates were one
		// supply's that disagreed).
		"until", "enough until", "last until", "lasts until", "runs out", "run out", "runs out on",
		// A supply still to come ("It will be dispensed after 28/11/2026").
		"dispensed after", "dispense after", "dispatched after", "supplied after", "not before",
		// A statement's or a claim's own dates, and a prior
		// authorisation's period (round 9: an insurer's statement date,
		// read from a fax, was rated a stopped medicine's dispensing date).
		"statement", "statement date", "statement period", "period", "processed", "processed on",
		"processed by", "approved", "approved on", "approval", "authorized", "authorised", "authorization",
		"authorisation", "effective", "effective date", "coverage", "through", "thru", "valid from",
		// The maker's dates on a carton or a pen: when it was made, never
		// when it was supplied (unseen32's carton without a pharmacy
		// label, "MFG 10/16/2026" rated the dispensing date at first
		// measure, round 14).
		"mfg", "mfd", "mfg date", "mfd date", "date of mfg", "manufactured", "manufactured on", "manufacture date",
		"manufacturing date", "date of manufacture", "manuf", "mfr date", "production date", "date of production",
		"produced", "produced on",
		// When a bank settled a card payment, after the sale
		// (unseen60's banking app, round 17: "Status Settled 21 Nov 2026"
		// under the sale's own day).
		"settled", "settled on", "date settled", "posting date",
		// A card's own issue and a study's enrolment (round 17, unseen62's
		// trial wallet card: "Enrolled 10 May 2026 Card issued 23 Nov 2026",
		// the card's date rated a prescription's), no supply.
		"card issued", "card issue date", "date card issued", "card issued on", "enrolled", "enrolled on", "date enrolled",
		// A savings card's activation (round 26: unseen134's "Activated on
		// November 9, 2026." over "Fills with this card: No fills yet."
		// rated the dispensing date, a false accept on 2 uploads, both
		// readers).
		"activated", "activated on", "date activated", "activation date", "card activated",
		// A pen's first use, written by the patient on its label or box
		// ("1st use 11/24/26 toss 01/19/27" on masking tape over a label's
		// fill date; "Ist" as OCR reads a handwritten 1; unseen136, round
		// 27, a false accept at first measure), and its opening: when the
		// patient began it, no supply.
		"first use", "1st use", "ist use", "lst use", "date of first use", "first used",
		"date opened",
		// A travel permit's or a licence's own issue, no prescription's
		// (round 21: unseen84's medicine permit for travellers, "Permit
		// issued 23 Nov 2026", rated the dispensing date).
		"permit issued", "permit issue date", "date permit issued", "licence issued", "license issued",
		"certificate issued", "visa issued",
		"enrolment date", "enrollment date", "randomised", "randomized", "date consented", "consented",
		// A deadline a message asks to meet ("Reply YES by 21 Nov").
		"reply", "reply by", "respond by", "collect by", "order by", "request by", "confirm by",
		// "please collect it before 15 December 2026" (unseen81's health
		// centre letter, round 20: rated a prescription's date in the
		// future, the line above saying "We will issue the 1.7mg
		// prescription").
		"collect before", "collect it before", "collect them before", "collect this before",
	},
	dispensedDate: {
		"dispensed", "dispensing", "dispense", "disp", "date dispensed", "date of dispensing", "date disp",
		// A US label's date of fill (round 18, unseen64).
		"dof", "date of fill", "lst fill", "lst filled", "disp'd", "dispd",
		"disp date", "dispensed date", "dispensing date", "dispense date", "filled", "fill", "fill date",
		"filled date", "date filled", "filled on", "supplied", "date of supply", "date supplied", "supply date",
		// Welsh, Spanish, Polish (round 12).
		"dyddiad rhoi", "dyddiad cyflenwi", "dyddiad dosbarthu", "dosbarthwyd", "paratowyd", "rhoddwyd", "fecha de surtido", "surtido", "surtida", "surtido el", "surtida el", "dispensado", "dispensada",
		"fecha de dispensacion", "data wydania", "wydano",
		// French, Portuguese, Romanian, Spanish (round 15).
		"delivre le", "date de delivrance", "dispense le", "dispensado em", "data de dispensa", "data da dispensa",
		"data eliberarii", "eliberat", "fecha de despacho", "despachado",
		// Polish e-prescriptions' "filled" (round 17, unseen59's
		// "Zrealizowana w całości ... Data realizacji").
		"data realizacji", "zrealizowana", "zrealizowano",
	},
	orderDate: {
		"order", "ordered", "order date", "ordered on", "order placed", "placed", "placed on", "purchase",
		"purchased", "purchase date", "date of purchase", "invoice date", "transaction date", "receipt date",
		"ship", "shipped", "shipped on", "ship date", "dispatch", "dispatched", "dispatched on", "dispatch date",
	},
	prescriptionDate: {
		"prescribed", "prescribed on", "date prescribed", "prescription", "date of prescription",
		"prescription date", "rx date", "issue", "issued", "issued on", "issue date", "date of issue",
		"date issued", "written", "date written", "written on", "signed",
		"data wystawienia", "data wystawienia recepty", "data da receita", "fecha de receta", "fecha de la receta",
	},
	// "Date" in the languages patients' pages come in (round 17,
	// unseen59's Portuguese invoice "Data: 2026-08-14").
	plainDate: {"date", "data", "fecha", "dyddiad"},
})

type labelMatch struct {
	start, end int
	kind       dateKind
}

func findDateLabels(l docLine) []labelMatch {
	ms := dateLabels.find(l.words)
	var out []labelMatch
	for _, m := range ms {
		if refillCount(l.words, m.first, m.last) || preFilled(l, m.first) || unknownCompound(l, m) || placeCaption(l, m) || afterFirstUse(l, m.first) {
			continue
		}
		if m.first == m.last && l.words[m.first].text == "opened" && !dateNext(l, m.last) {
			continue
		}
		kind := m.kind
		if kind == plainDate && m.first == m.last {
			// "Beyond-use date", "Discard date": a plain "date" just after
			// another label is that label's date.
			for _, o := range ms {
				if o.last == m.first-1 && o.kind != plainDate {
					kind = o.kind
				}
			}
		}
		out = append(out, labelMatch{m.start, m.end, kind})
	}
	return out
}

// dateNext reports a date, figures or a month, as the next word after word
// i ("Opened November 26, 2026", "Opened: 26/11/2026"), not a column's
// heading beside others ("Filled Opened Pharmacy").
func dateNext(l docLine, i int) bool {
	if i+1 >= len(l.words) {
		return false
	}
	next := l.words[i+1].text
	return isDigit(next[0]) || monthWords[next] != 0
}

// compoundDateWords are "date" in languages that name a date's role in
// the words after it ("Fecha de nacimiento", "Data de validade", "Data
// urodzenia", "Dyddiad geni").
var compoundDateWords = map[string]bool{"fecha": true, "data": true, "dyddiad": true}

// unknownCompound reports such a word that is no caption of the date after
// it: a caption has a colon after it ("Data: 2026-08-14") or the date just
// after it. Followed by a word of letters it is a compound label this table
// lacks or OCR spoilt ("Fecha de natifnrens 05/02/1971", a date of birth;
// unseen34's translated portal, round 17), and ending its line it is a
// word ("Last fill (pharmacy data)", a column heading on unseen53's care
// record, whose fill dates it took over).
func unknownCompound(l docLine, m phraseMatch[dateKind]) bool {
	if m.kind != plainDate || !compoundDateWords[l.words[m.first].text] {
		return false
	}
	if m.first > 0 && !cellStart(l.norm[:m.start]) {
		// Inside a caption ("Last fill (pharmacy data):", a care record's
		// row as its cells are joined), the word is the caption's.
		return true
	}
	rest := l.norm[m.end:]
	if m.last+1 < len(l.words) {
		next := l.words[m.last+1]
		if hasDigit(next.text) {
			return false
		}
		rest = l.norm[m.end:next.start]
	}
	return !strings.Contains(rest, ":")
}

// cellStart reports text ending where a cell of a row starts: a tab, a bar,
// or a gap of two spaces.
func cellStart(before string) bool {
	t := strings.TrimRight(before, " ")
	return strings.HasSuffix(t, "|") || strings.HasSuffix(before, "\t") || strings.HasSuffix(before, "  ")
}

// refillCount reports the words first..last a count of refills ("1 refill
// left", "3 refills remaining"), not a label of the date after them.
func refillCount(ws []word, first, last int) bool {
	w := ws[first].text
	return first == last && (w == "refill" || w == "refills") && first > 0 && isDigit(ws[first-1].text[0]) &&
		last+1 < len(ws) && (ws[last+1].text == "left" || ws[last+1].text == "remaining")
}

// injectionSiteRe is where on the body a dose was injected, as a patient's
// log writes it ("L tum", "R thigh", "left arm").
var injectionSiteRe = lazyRE(`\b(?:(?:l|r|lt|rt|left|right)\.?\s*)?(?:tum|tummy|thigh|abdomen|abdo|stomach|belly|buttock|upper\s+arm|arm)(?:[^a-z]|$)`)

// injectionRows are the rows of a log of injections: two or more lines
// that each hold a date and where on the body it was injected, a few words
// besides ("18/11/2026 L thigh ok") and no medicine. Their dates say when
// a dose was taken, not when anything was dispensed (unseen185, round 33:
// a patient's log in biro inside a Wegovy carton's lid, "Gareth
// Pryce-Evans - my pens" over "25/11/2026 R thigh ok", its last injection
// rated the dispensing date, false accepts at first measure on both
// readers). nil when the page has fewer.
func injectionRows(d document) []bool {
	var out []bool
	n := 0
	for i, l := range d.lines {
		if !injectionSiteRe.MatchString(l.norm) || wordsOfLetters(l) > 6 || len(findDates(l.numberText())) == 0 || len(lineMentions(l, i)) > 0 {
			continue
		}
		if out == nil {
			out = make([]bool, len(d.lines))
		}
		out[i] = true
		n++
	}
	if n < 2 {
		return nil
	}
	return out
}

// measurementRows are the rows of a table of measurements: the lines that
// open with a date under a heading of two or more measurements ("Visit
// Weight (lb) BMI Waist (in) BP Initials"), naming no medicine. Their dates
// say when the patient was measured, not when anything was dispensed
// (round 16: unseen55's weigh-in card, a false accept at first measure, its
// latest weigh-in rated the dispensing date of the medicine it names). nil
// when the page has none.
func measurementRows(d document) []bool {
	// Most pages have no measurement: a look at the words first.
	if !slices.ContainsFunc(d.lines, func(l docLine) bool {
		return slices.ContainsFunc(l.words, func(w word) bool { return measurementWords[w.text] && w.text != "weight" }) ||
			strings.Contains(l.norm, "/") && bloodPressureRe.MatchString(l.norm)
	}) {
		return nil
	}
	out := make([]bool, len(d.lines))
	datedLine := make([]int8, len(d.lines)) // 0 unknown, 1 dated, 2 not
	dated := func(j int) bool {
		if datedLine[j] == 0 {
			datedLine[j] = 2
			if len(findDates(d.lines[j].numberText())) > 0 {
				datedLine[j] = 1
			}
		}
		return datedLine[j] == 1
	}
	// A row's or a cell's line: a few words at most besides its figures
	// (initials, OCR's specks), and no medicine.
	few := func(j int) bool { return wordsOfLetters(d.lines[j]) <= 3 && len(lineMentions(d.lines[j], j)) == 0 }
	// Or two readings and a remark ("26/11/2026 3.4 6.0 yes - 1 dose
	// given MF" under a fridge's "min °C" and "max °C").
	remarked := func(j int) bool {
		return len(readingRe.FindAllStringIndex(d.lines[j].norm, 3)) >= 2 && len(lineMentions(d.lines[j], j)) == 0
	}
	row := func(j int) bool { return dated(j) && (few(j) || remarked(j)) }
	for i := 0; i < len(d.lines); i++ {
		if strings.Contains(d.lines[i].norm, "/") && bloodPressureRe.MatchString(d.lines[i].norm) && row(i) {
			// A row of its own by its blood pressure ("10/23/26 208.2
			// 33.6 40 132/84"), where the reader put the heading elsewhere.
			out[i] = true
			continue
		}
		if !slices.ContainsFunc(d.lines[i].words, func(w word) bool { return measurementWords[w.text] }) {
			continue
		}
		// The heading: undated lines, one or a cell to a line as Textract
		// reads it ("Visit", "Weight (lb)", "BMI", ...), two measurements
		// besides the weight among them.
		seen, j := map[string]bool{}, i
		for ; j < len(d.lines) && j < i+8 && !dated(j); j++ {
			for _, w := range d.lines[j].words {
				if measurementWords[w.text] && w.text != "weight" {
					seen[w.text] = true
				}
			}
		}
		if len(seen) < 2 || j == i {
			// "Weight" alone is the programme's ("weight management").
			continue
		}
		// The rows: each opens with a date; a row's other cells may sit on
		// lines of their own ("34.6 41.5", "138/88 KM").
		for ; j < len(d.lines); j++ {
			switch {
			case row(j):
				out[j] = true
			case few(j):
			default:
				i = j - 1
				j = len(d.lines)
			}
		}
	}
	return out
}

// readingRe is a measurement's reading with one decimal ("3.4", "208.2").
var readingRe = lazyRE(`\b\d{1,3}\.\d\b`)

// bloodPressureRe is a blood pressure after a date: systolic over
// diastolic.
var bloodPressureRe = lazyRE(`\s(?:[89][0-9]|1[0-9][0-9]|2[0-2][0-9])/(?:[4-9][0-9]|1[0-3][0-9])\b`)

// measurementWords head a table of a patient's measurements.
var measurementWords = map[string]bool{
	"weight": true, "bmi": true, "bp": true, "waist": true, "height": true, "pressure": true, "hba1c": true,
	"a1c": true, "pulse": true, "temp": true, "temperature": true, "kg": true, "lb": true, "lbs": true,
	"ib": true, // OCR's lb
	// A fridge's log ("Daily check Fridge min °C Fridge max °C Items
	// present Initials" on a ward's record of a patient's own medicines;
	// unseen190, round 33, its last check rated the dispensing date, a
	// false accept at first measure).
	"min": true, "max": true,
}

// wordsOfLetters counts the words of l with no figure in them.
func wordsOfLetters(l docLine) int {
	n := 0
	for _, w := range l.words {
		if !strings.ContainsAny(w.text, "0123456789") {
			n++
		}
	}
	return n
}

// supplyToCome reports a supply's or an order's label at byte start of
// line i in the future tense, the words before it perhaps at the end of the
// line before ("A replacement Wegovy 1.7 mg pen will be dispensed
// and shipped on 11/28/2026": unseen120's care team chat, round 26, the
// replacement's day rated the requested strength's dispensing date, in the
// future): the day of a supply still to come, as "dispensed after" is.
func supplyToCome(d document, i, start int) bool {
	before := d.lines[i].norm[:start]
	if i > 0 {
		before = d.lines[i-1].norm + " " + before
	}
	return supplyToComeRe.MatchString(before)
}

// supplyToComeRe ends the words before such a label: "will be", "to be" or
// "will", perhaps with another supply's verb and "and" between ("will be
// dispensed and").
var supplyToComeRe = lazyRE(`\b(?:(?:will|shall|to)\s+be|will)\s+(?:[a-z]+\s+(?:and|or|&)\s+)?$`)

// preFilled reports word i ("filled") the end of "pre-filled", a pen's
// form, not a label of the date after it (round 16: unseen53's GP record
// read "Tirzepatide 5mg/0.6ml solution for injection pre-filled pen
// (Mounjaro ... 25/01/2027", its repeat's review date, as filled on it).
// placeCaption reports "Filled at" or "Dispensed at" ending its line, a
// column's heading of places (unseen68's wallet card, round 18). "Last
// filled at Pinecrest" over a date is that fill's date's caption.
func placeCaption(l docLine, m phraseMatch[dateKind]) bool {
	return m.kind == dispensedDate && m.last+2 == len(l.words) && l.words[m.last+1].text == "at"
}

func preFilled(l docLine, i int) bool {
	if i == 0 || l.words[i-1].text != "pre" {
		return false
	}
	sep := strings.TrimSpace(l.norm[l.words[i-1].end:l.words[i].start])
	return sep == "-" || sep == ""
}

// afterFirstUse reports a label word i after "after" ("Discard each pen 1
// month after first use."): a discard period's end, not a caption of the
// day a pen was first used.
func afterFirstUse(l docLine, i int) bool {
	switch l.words[i].text {
	case "first", "1st", "ist", "lst":
		return i > 0 && l.words[i-1].text == "after"
	}
	return false
}

// labelBefore is the label nearest before pos: the one ending last, and of
// those the longest ("dispensed date" beats "date").
func labelBefore(ls []labelMatch, pos int) (labelMatch, bool) {
	var best labelMatch
	found := false
	for _, l := range ls {
		if l.end > pos {
			continue
		}
		if !found || l.end > best.end || (l.end == best.end && l.start < best.start) {
			best, found = l, true
		}
	}
	return best, found
}

// datedMention is a date with the kind its label gives it, on line line.
type datedMention struct {
	foundDate
	kind dateKind
	conf float64
	line int
	// at is where the date was read.
	at *spot
	// sent: the date says when a text message was sent (stamps.sent).
	sent bool
}

func findLabelledDates(d document) []datedMention {
	var out []datedMention
	stamps := stampLines(d)
	// column is the kind a heading gave the date-only line before this one:
	// a column of dates under one heading ("Last filled") all take it.
	column, columnLine := dateKind(0), -2
	// otherLabelled: the lines (by the text of their date) where an other
	// role's label names a date ("started 22/11/26").
	otherLabelled := map[string][]docLine{}
	captioned := captionColumns(d)
	for i, l := range d.lines {
		if !strings.ContainsAny(l.norm, "0123456789") {
			continue
		}
		dates := findDates(l.numberText())
		if len(dates) == 0 {
			continue
		}
		labels, above := findDateLabels(l), labelsAbove(d, i)
		for k, f := range dates {
			kind := unlabelledDate
			sent := false
			if lb, ok := dateLabelOf(d, i, labels, f); ok {
				kind = lb.kind
				if kind == otherDate {
					otherLabelled[f.text] = append(otherLabelled[f.text], l)
				}
			} else if stamps.sent(l, f) {
				// When a text was sent, not when the medicine was dispensed.
				kind, sent = otherDate, true
			} else if stamps.stamp(l, i, f) {
				// A stamp takes no label from the line above.
				kind = otherDate
			} else if stamps.diaryDay != nil && stamps.diaryDay[i] && k == 0 || stamps.measured != nil && stamps.measured[i] {
				// A diary's day, or a row of a patient's measurements.
				kind = otherDate
			} else if suppliedAfter(d, i, f) {
				// Prose that says the supply was made that day, whatever
				// caption the line above holds ("Report date" over "Our
				// records show that on August 6, 2026 we dispensed ...").
				kind = dispensedDate
			} else {
				// A label on the line above ("Date dispensed" / "03/11/2026"),
				// or a row of column headings over a row of dates.
				switch {
				case captioned[i] != 0 && len(dates) == 1:
					kind = captioned[i]
				case len(above) == 0 && len(dates) == 1 && columnLine == i-1 && onlyADate(l):
					kind = column
				case len(above) == 0 && len(dates) == 1 && onlyADate(l) && otherCaptionBelow(d, i):
					kind = otherDate
				case len(above) == 0 && len(dates) >= 2:
					if cols := headingColumns(d, i); len(cols) >= len(dates) {
						kind = cols[k]
					}
				case len(above) == 0:
				case len(above) == len(dates):
					kind = above[k].kind
				case len(dates) == 1:
					kind = above[len(above)-1].kind
				}

				if len(dates) == 1 && kind != unlabelledDate && onlyADate(l) {
					column, columnLine = kind, i
				}
			}
			kind = placeRole(d, i, dates, k, declarantsDate(d, i, kind))
			kind = stamps.kind(l, i, f, kind, labels)
			out = append(out, datedMention{foundDate: f, kind: kind, conf: l.confIn(f.start, f.end), line: i, at: &spot{line: l, from: f.start, to: f.end}, sent: sent})
		}
	}
	readTwice(d, out, otherLabelled)
	if stamps.thread {
		out = append(out, dispensedToday(d, out)...)
	}
	return out
}

// declarantsDate is the kind of a date on line i labelled kind: another
// role's on the line where a form's patient signs their own declaration
// ("Athlete signature and date R. MacLeod 23/11/2026"), unless it is
// labelled a dispensing date; or on the line under such a caption alone
// (Textract reads a form's caption cell and its value apart). unseen81's
// scholarship form, its fill date misread, had the signature's date rated
// the dispensing date (round 20, a false accept at first measure).
func declarantsDate(d document, i int, kind dateKind) dateKind {
	underCaption := i > 0 && declarantSignatureRe.MatchString(d.lines[i-1].norm) && !strings.ContainsAny(d.lines[i-1].norm, "0123456789")
	if kind != dispensedDate && (declarantSignature(d, i) || underCaption) {
		return otherDate
	}
	if kind != dispensedDate && callDurationRe.MatchString(d.lines[i].norm) {
		// A call's start and length ("27 Nov 2026, 11:42 - duration
		// 12:04" under "Call ended" on a video consultation's last screen;
		// unseen166, round 30, a false accept at first measure, each
		// reader): when the call was, no supply.
		return otherDate
	}
	if kind == plainDate && signedAbove(d, i) && !prescriberSignatureRe.MatchString(d.lines[i].norm) {
		// A bare "Date:" under whoever signed ("signature: Rhodri
		// Tavistock" over "Date: 26/11/2026" on a consent renewal; unseen165,
		// round 30): when it was signed. A prescriber's signature's date is
		// the prescription's, and stays.
		return otherDate
	}
	if (kind == prescriptionDate || kind == unlabelledDate || kind == plainDate) && examinerSignatureRe.MatchString(d.lines[i].norm) {
		// An examiner's signature on a form is no prescription's
		// ("Medical Officer: Dr Lowri Jenkins Signed L. Jenkins 25/11/2026"
		// on a boxing board's medical return; unseen147, round 28, a false
		// accept at first measure where the label's fill date was
		// misread).
		return otherDate
	}
	return kind
}

// signedAbove reports a signer's line (signerLineRe, no prescriber's)
// just above line i, or two above with a line between that gives no date
// (the signature's scrawl as OCR reads it: "Bath CA gpa te Oe" between
// "Signature: Rhodri Tavistock" and "Date: 26/11/2026" on a crumpled
// consent renewal; unseen165), on a page about a consent or where the
// signer is named as the patient's side (a patient's, a parent's, a
// witness's signature). A bare "Signature:" over "Date:" on a prescription
// is its prescriber's, its date the prescription's (make eval's private
// prescriptions and multi-page records lost their dates to a first cut
// that took every signature so).
func signedAbove(d document, i int) bool {
	for k := i - 1; k >= max(0, i-2); k-- {
		l := d.lines[k]
		if l.page != d.lines[i].page {
			return false
		}
		if m := signerLineRe.FindStringSubmatch(l.norm); m != nil {
			if prescriberSignatureRe.MatchString(l.norm) {
				return false
			}
			// So is a signature just under a declaration in the signer's
			// own words ("I confirm that the information I have given is
			// correct" over "Signed (on screen) G Alcock-Reeves" and "Date
			// 24/11/2026" on an optician's questionnaire; unseen173, round
			// 31, a false accept at first measure).
			return m[1] != "" || slices.ContainsFunc(d.lines, func(l docLine) bool { return strings.Contains(l.norm, "consent") }) ||
				declarantSignature(d, k)
		}
		if len(findDates(l.numberText())) > 0 {
			return false
		}
	}
	return false
}

// callDurationRe is a call's or a meeting's length after its time
// ("11:42 - duration 12:04", "call length 08:15").
var callDurationRe = lazyRE(`\b\d{1,2}[:.]\d{2}\b.{0,12}\b(?:duration|call length|length of call)\b`)

// signerLineRe is a line that opens with a signature or a signer ("Patient
// signature: ...", "Signature: R Tavistock", "Signed: ...").
var signerLineRe = lazyRE(`^\s*(?:(patient|client|member|customer|parent|guardian|witness|interpreter)(?:'s)?\s+)?(?:signature|signed)\b`)

// examinerSignatureRe is a signature of a form's examiner or reviewer:
// the role, then "signed" or "signature".
var examinerSignatureRe = lazyRE(`\b(?:medical\s+officer|medical\s+adviser|medical\s+advisor|examiner|examining\s+(?:doctor|physician|clinician)|assessor|(?:club|team)\s+(?:doctor|physician))\b.*\bsign(?:ed|ature)\b`)

// otherCaptionBelow reports a date alone on line i with, on the next line,
// nothing but another role's caption that no date of its own follows: a
// value read above its caption ("11/26/2026" over "Screening date" on a
// plasma centre's deferral notice, its cells read value first by the local
// reader; unseen173, round 31, a false accept at first measure on 2
// uploads). Only another role's: a supply's caption below a date is left
// to the captions above (a caption over its value is the commoner order,
// and "Date filled" / "11/12/2026" / "Expiry" / "12/12/2026" must not give
// the fill's date the expiry's role).
func otherCaptionBelow(d document, i int) bool {
	if i+1 >= len(d.lines) || d.lines[i+1].page != d.lines[i].page {
		return false
	}
	next := d.lines[i+1]
	if len(findDates(next.numberText())) > 0 {
		return false
	}
	labels := outermostLabels(findDateLabels(next))
	if len(labels) == 0 || slices.ContainsFunc(labels, func(m labelMatch) bool { return m.kind != otherDate }) {
		return false
	}
	for _, w := range next.words {
		if !slices.ContainsFunc(labels, func(m labelMatch) bool { return w.start >= m.start && w.end <= m.end }) {
			return false
		}
	}
	return i+2 >= len(d.lines) || d.lines[i+2].page != next.page || len(findDates(d.lines[i+2].numberText())) == 0
}

// labelsAbove are the date labels of the line above line i, when it has
// no date of its own: they may caption the dates of line i.
func labelsAbove(d document, i int) []labelMatch {
	if i == 0 {
		return nil
	}
	prev := d.lines[i-1]
	if timeOnlyRe.MatchString(prev.norm) && i >= 2 && d.lines[i-2].page == prev.page {
		// A time of day alone between a caption and its date ("LAST
		// INJECTION" / "Sun 08:40" / "22 November 2026 : recorded by your
		// pen" on a connected pen's app; unseen150, round 28, where the
		// injection's day was rated the dispensing date at first measure):
		// the caption is the date's.
		prev = d.lines[i-2]
	}
	if len(findDates(prev.numberText())) > 0 {
		return nil
	}
	above := sortedLabels(outermostLabels(findDateLabels(prev)))
	if len(above) > 0 && periodAfterRe.MatchString(prev.numberText()[above[len(above)-1].end:]) {
		// "Discard each pen 1 month after first use.": the label has its
		// time on its own line, and the date under it is not its
		// (unseen43's Saxenda label, round 15).
		return nil
	}
	return above
}

// suppliedAfterRe is prose that says a supply was made on the date before
// it: "on August 6, 2026 we dispensed to you Wegovy" (unseen69's pharmacy
// recall letter, a false accept at first measure, round 18: the letter's
// report dates were rated over it). Not the next date's caption: "Week
// commencing: Monday 30 November 2026 Dispensed: 23/11/2026" (unseen50).
var suppliedAfterRe = lazyRE(`^\s*,?\s*(?:(?:we|i|they|the pharmacy|your pharmacy)\s+)?(?:dispensed|filled|supplied)(?:\s+[a-z]|\s*[,.;]|\s*$)`)

// suppliedAfter reports prose after date f of line i that says a supply
// was made that day (suppliedAfterRe), the sentence running on to the next
// line when the date ends its line ("You state that on July 21, 2026" over
// "Pinecrest Pharmacy dispensed your prescription for Mounjaro"; a state
// board's complaint acknowledgement, unseen120, round 25, whose letter date
// was rated the dispensing date at first measure).
func suppliedAfter(d document, i int, f foundDate) bool {
	after := d.lines[i].numberText()[f.end:]
	if strings.TrimSpace(after) == "" && i+1 < len(d.lines) && d.lines[i+1].page == d.lines[i].page && continuesSentence(d.lines[i]) {
		// The next line must go on as a sentence does, its subject and
		// more after the verb: "Dispensed" alone under "Week commencing 28
		// Nov 2026" is the next date's caption (unseen57's backing sheet).
		return suppliedNextRe.MatchString(d.lines[i+1].norm)
	}
	return suppliedAfterRe.MatchString(after)
}

// suppliedNextRe opens a line that goes on a sentence from a date at the
// end of the line before: a subject, a supply's verb, and more words.
var suppliedNextRe = lazyRE(`^\s*(?:we|they|the pharmacy|your pharmacy|(?:[a-z][\w&'.-]*\s+){1,3}(?:pharmacy|chemist|chemists|drug|drugs))\s+(?:dispensed|filled|supplied)\s+[a-z]`)

// dateLabelOf is the label of date f on line i (labels: the line's), the
// nearest before it, unless it is another role's that ended an earlier
// sentence of the line and the date's own sentence says the supply was made
// that day ("The Board has received your complaint against the licensee
// named above. You state that on July 21, 2026" over "Pinecrest Pharmacy
// dispensed your prescription"): that date is the supply's.
func dateLabelOf(d document, i int, labels []labelMatch, f foundDate) (labelMatch, bool) {
	lb, ok := labelBefore(labels, f.start)
	if ok && lb.kind == otherDate && sentenceBetween(d.lines[i], lb.end, f.start) && suppliedAfter(d, i, f) {
		return labelMatch{}, false
	}
	if ok && (lb.kind == dispensedDate || lb.kind == orderDate) && supplyToCome(d, i, lb.start) {
		lb.kind = otherDate
	}
	return lb, ok
}

// sentenceBetween reports the end of a sentence in l between byte offsets
// from and to (a full stop, a question or an exclamation mark before a
// space).
func sentenceBetween(l docLine, from, to int) bool {
	return from < to && sentenceEndRe.MatchString(l.norm[from:to])
}

// periodWords join the two ends of a period ("11/27/2025 through
// 11/26/2026", "1 Oct to 31 Oct 2026").
var periodWords = []string{"-", "through", "thru", "to", "until", "till"}

// inPeriod reports whether dates[k] of line l is an end of a period: only
// a period word stands between it and the date next to it.
func inPeriod(l docLine, dates []foundDate, k int) bool {
	text := l.numberText()
	between := func(a, b foundDate) bool {
		return slices.Contains(periodWords, strings.TrimSpace(text[a.end:b.start]))
	}
	return (k+1 < len(dates) && between(dates[k], dates[k+1])) || (k > 0 && between(dates[k-1], dates[k]))
}

// dispensedToday is, in a thread of text messages, the dispensing date of a
// text that says its medicine was dispensed (filled, supplied) "today": the
// date the text was sent, the nearest sent date above it (a pharmacy's
// "your Saxenda pens were dispensed today", sent 97 days ago, where the
// thread's recent texts were reminders to reorder: round 9). It is placed
// on the text's line, so that the text's medicine owns it.
func dispensedToday(d document, dates []datedMention) []datedMention {
	var out []datedMention
	var last *datedMention
	next := 0
	for i, l := range d.lines {
		for ; next < len(dates) && dates[next].line <= i; next++ {
			if dates[next].sent {
				last = &dates[next]
			}
		}
		if last == nil || last.line == i {
			continue
		}
		for _, m := range dateLabels.find(l.words) {
			if m.kind == dispensedDate && m.last+1 < len(l.words) && l.words[m.last+1].text == "today" {
				at := *last
				at.kind, at.sent, at.line = dispensedDate, false, i
				out = append(out, at)
				break
			}
		}
	}
	return out
}

// headingColumns are the kinds of a row of column headings that a reader
// split into a line each (Textract: "Last filled", "Refill due", "Status")
// just above line i, perhaps past one line of another cell ("Rx 3307715 -
// 4 pens"), top to bottom: a heading's label's kind, unlabelledDate for a
// heading that names no date. nil unless two or more such lines of at most
// three words and no digits run there, one of them a date's label.
func headingColumns(d document, i int) []dateKind {
	k := i - 1
	if k >= 0 && !isHeadingCell(d.lines[k]) && len(findDates(d.lines[k].numberText())) == 0 && len(findDateLabels(d.lines[k])) == 0 {
		k--
	}
	top := k
	for top >= 0 && isHeadingCell(d.lines[top]) {
		top--
	}
	if k-top < 2 {
		return nil
	}
	var cols []dateKind
	labelled := false
	for _, l := range d.lines[top+1 : k+1] {
		kind := unlabelledDate
		if ls := sortedLabels(outermostLabels(findDateLabels(l))); len(ls) == 1 {
			kind, labelled = ls[0].kind, true
		}
		cols = append(cols, kind)
	}
	if !labelled {
		return nil
	}
	return cols
}

// captionColumns are the dates that a column of captions read before
// them leaves of unknown role, by line: a reader that reads a two-column
// table column by column ("Order placed", "Prescription approved",
// "Dispensed", "Dispatched" over "20th November", "21st November", "-",
// "estimated w/c 30th November": unseen42's order-status page, its dates
// placed in their year in round 19) gives two or more caption lines
// (headings of one to three words, one a date's label; a section's title,
// "Order summary", is none), then lines of a date alone (a line with other
// words, "Stopped 10/09/2026", is no such cell). Two dates or more under
// more captions (a cell with no date, "-", is no line) of more than one
// kind could each be any of them, and are taken as another role's:
// before, each took the last caption's kind and an order's date was rated
// its dispensing date. As many dates as captions are not paired by order
// (Textract put a vial's beyond-use date before its fill date under
// "Filled", "Compounded": unseen16), nor are one date, more dates than
// captions (a column under its heading, "Order activity", "Date"), or
// dates under captions of one kind: the line above labels them as before.
func captionColumns(d document) map[int]dateKind {
	var out map[int]dateKind
	for i := 0; i < len(d.lines); {
		top := i
		for i < len(d.lines) && isHeadingCell(d.lines[i]) {
			i++
		}
		if i-top < 2 {
			i = max(i, top+1)
			continue
		}
		kinds := map[dateKind]bool{}
		var caps []dateKind
		for _, l := range d.lines[top:i] {
			if sectionTitle(l) {
				continue
			}
			kind := unlabelledDate
			if ls := sortedLabels(outermostLabels(findDateLabels(l))); len(ls) == 1 {
				kind = ls[0].kind
				kinds[kind] = true
			}
			if len(kinds) > 0 {
				caps = append(caps, kind) // from the first date's caption
			}
		}
		first := i
		for i < len(d.lines) && len(findDates(d.lines[i].numberText())) == 1 && onlyADate(d.lines[i]) {
			i++
		}
		if k, ok := otherCaptionValue(d, first, first-top, kinds); ok && i == first {
			out = putKind(out, k, otherDate)
		}
		if len(kinds) == 0 || i == first {
			continue
		}
		if out == nil {
			out = map[int]dateKind{}
		}
		for k := first; k < i; k++ {
			if i-first >= 2 && i-first < len(caps) && (len(kinds) > 1 || kinds[otherDate]) {
				out[k] = otherDate
			}
		}
	}
	return out
}

// putKind sets m[k] to kind, making m if it is nil.
func putKind(m map[int]dateKind, k int, kind dateKind) map[int]dateKind {
	if m == nil {
		m = map[int]dateKind{}
	}
	m[k] = kind
	return m
}

// otherCaptionValue is the one date-only line among the n value lines from
// line first, after a run of n captions whose only date captions are of
// another role (kinds): a form's caption column read before its value
// column, "GP", "Practice", "Date of referral" (OCR cut to "t",
// "referral") over "Dr Naomi Fairbrother", "Quayside Medical Group",
// "22/11/2026" (unseen167's tier 3 referral through the production
// reader, round 32: the referral's date rated the supply's). A date
// caption among the values ends them.
func otherCaptionValue(d document, first, n int, kinds map[dateKind]bool) (int, bool) {
	if len(kinds) != 1 || !kinds[otherDate] {
		return 0, false
	}
	found := -1
	for k := first; k < min(first+n, len(d.lines)); k++ {
		l := d.lines[k]
		if len(findDateLabels(l)) > 0 {
			break
		}
		if dates := findDates(l.numberText()); len(dates) == 1 && onlyADate(l) {
			if found >= 0 {
				return 0, false
			}
			found = k
		}
	}
	return found, found >= 0
}

// sectionTitles end a heading that titles a section rather than captions a
// date ("Order summary", "Order status").
var sectionTitles = map[string]bool{"summary": true, "status": true, "details": true, "history": true, "tracking": true, "timeline": true, "progress": true}

// sectionTitle reports a heading that titles a section: its last word is
// a title noun.
func sectionTitle(l docLine) bool {
	return len(l.words) >= 2 && sectionTitles[l.words[len(l.words)-1].text]
}

// writtenColumnAbove reports a fill record's headings on one of the two
// lines above line i whose only date column is when the prescription was
// written (the headings read over two lines: "Qty Prescriber Written L",
// "Medication Strength").
func writtenColumnAbove(d document, i int) bool {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if !fillRecordHeadings(d.lines[k]) {
			continue
		}
		ls := findDateLabels(d.lines[k])
		return len(ls) > 0 && !slices.ContainsFunc(ls, func(m labelMatch) bool { return m.kind != prescriptionDate })
	}
	return false
}

// fillRecordHeadings reports a row of a pharmacy's record of what it
// supplied, its column headings or a row of its cells read with them
// ("Qty: 4  Prescriber: H. Vance, MD  Written: 10/13/2026"): a quantity's
// column and the prescriber's.
func fillRecordHeadings(l docLine) bool {
	has := func(ws ...string) bool {
		return slices.ContainsFunc(l.words, func(w word) bool { return slices.Contains(ws, w.text) })
	}
	return len(l.words) >= 4 && has("qty", "quantity") && has("prescriber")
}

// isHeadingCell reports a line that may be one column's heading: one to
// three words, no digit.
func isHeadingCell(l docLine) bool {
	return len(l.words) >= 1 && len(l.words) <= 3 && !strings.ContainsAny(l.norm, "0123456789")
}

// outermostLabels drops labels inside longer ones ("date" in "date filled").
func outermostLabels(ls []labelMatch) []labelMatch {
	var out []labelMatch
	for _, l := range ls {
		inside := false
		for _, o := range ls {
			if o != l && o.start <= l.start && l.end <= o.end && (o.end-o.start) > (l.end-l.start) {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, l)
		}
	}
	return out
}

func sortedLabels(ls []labelMatch) []labelMatch {
	out := slices.Clone(ls)
	slices.SortFunc(out, func(a, b labelMatch) int { return a.start - b.start })
	return out
}

// dateOrder is how a document writes numeric dates, and how sure we are.
type dateOrder struct {
	dayFirst bool
	// strength: 2 the document settles it (a printed "MM/DD/YYYY", another
	// date with a part over 12, or its style agrees with the market), 1 its
	// style suggests it (a US state and ZIP code, "Rx#", a UK postcode,
	// "NHS") against the market, 0 only the market says so.
	strength int
}

var (
	// Case-sensitive, on the raw line: two capitals and a ZIP code.
	usStateZipRe = lazyRE(`\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\s+\d{5}(?:-\d{4})?\b`)
	fiveDigitsRe = lazyRE(`\d{5}`)
	ukPostcodeRe = lazyRE(`\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[ABD-HJLNP-UW-Z]{2}\b`)
	// ukPhoneRe is a UK telephone number: 0 and an area code, or +44 ("01632
	// 960508", "0131 496 0000", "+44 20 7946 0000"), spaced so an NDC
	// ("00169-4060-12") is none; no US number starts with 0 (round 19,
	// unseen70: an Edinburgh pharmacy's label for a US student, its
	// postcode misread "EH9 922", had "06/11/2026" read month first, in the
	// future).
	ukPhoneRe = lazyRE(`(?:\+44\s?|\b0)\d{2,4}[\s-]\d{3,4}[\s-]?\d{3,4}\b`)
	usStyle   = newPhraseSet(map[bool][]string{true: {"rx no", "rx number", "refill", "refills", "ndc", "npi", "dea"}})
	ukStyle   = newPhraseSet(map[bool][]string{true: {"nhs", "gphc", "gmc", "mhra", "chemist"}})
)

// documentDateOrder decides the day/month order of the document's numeric
// dates from its own cues, falling back to the market (UK: day first).
func documentDateOrder(d document, dates []datedMention, market string) dateOrder {
	dmy, mdy := 0, 0
	for _, f := range dates {
		switch f.numericOrder {
		case "dmy":
			dmy++
		case "mdy":
			mdy++
		}
	}
	for _, l := range d.lines {
		for _, sep := range []string{"/", "-", "."} {
			if strings.Contains(l.norm, "mm"+sep+"dd"+sep+"yy") {
				mdy++
			}
			if strings.Contains(l.norm, "dd"+sep+"mm"+sep+"yy") {
				dmy++
			}
		}
	}
	if dmy != mdy && (dmy == 0 || mdy == 0) {
		return dateOrder{dayFirst: dmy > 0, strength: 2}
	}
	us, uk := 0, 0
	for _, l := range d.lines {
		if fiveDigitsRe.MatchString(l.raw) && usStateZipRe.MatchString(l.raw) {
			us++
		}
		if usStyle.any(l.words) || strings.Contains(l.norm, "rx#") || strings.Contains(l.norm, "rx #") || strings.Contains(l.norm, "$") {
			us++
		}
		if capitalThenDigit(l.raw) && ukPostcodeRe.MatchString(l.raw) || ukPhoneRe.MatchString(l.raw) {
			uk++
		}
		if ukStyle.any(l.words) || strings.Contains(l.norm, "£") {
			uk++
		}
	}
	if us != uk {
		o := dateOrder{dayFirst: uk > us, strength: 1}
		// The document's style and the clinic's market agree.
		if (market == "uk" && o.dayFirst) || (market == "us" && !o.dayFirst) {
			o.strength = 2
		}
		return o
	}
	return dateOrder{dayFirst: market != "us", strength: 0}
}

// capitalThenDigit reports a capital letter followed by a digit, which every
// UK postcode has ("LS1 4AB").
func capitalThenDigit(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' && isDigit(s[i+1]) {
			return true
		}
	}
	return false
}

// stamps are the lines where a date says when the page was printed, sent
// or viewed rather than anything about a medicine: a browser's print header
// and footer, an e-mail's or a fax's header.
type stamps struct {
	// printed: the first or last line of a page whose first or last lines
	// show a web address, a page count or a fax header, as a browser or a fax
	// machine prints them; mail: a line of an e-mail header block (From:,
	// To:, Subject:, Sent: within four lines).
	printed, mail []bool
	// underHeader: a line at most three under an e-mail header's "To:" or
	// an address line ("Slimline Health <care@...>", "To: Tobias Rennard",
	// then "Tuesday 24 November 2026 08:14": a webmail's message header;
	// the mail program's folder list may run into it, "7 To: Tobias
	// Rennard" then "Archive" before the date, as a forwarded photo of
	// unseen117's e-mail reads, round 25).
	underHeader []bool
	// thread: the document is a thread of text messages (a line of nothing
	// but "Text Message", "iMessage", "SMS" as a phone's messages app
	// shows it).
	thread bool
	// diaryDay: a line that heads a day of a diary or a planner, a weekday
	// and its date ("Tuesday 17 November 2026"), among three or more such
	// within a fortnight (diaryDays).
	diaryDay []bool
	// measured: a row of a table of the patient's measurements
	// (measurementRows).
	measured []bool
	// timestampColumn: a line of nothing but a date and a time of day
	// among three or more such in a row (timestampColumns).
	timestampColumn []bool
}

// weekdayWord is a weekday's name, whole or cut short, as the line
// patterns below read it ("Tue", "Tues", "Tuesday").
const weekdayWord = `(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?`

var (
	// periodAfterRe is a period of time after a label on its line ("1
	// month after first use", "within 28 days").
	periodAfterRe = lazyRE(`\b\d+\s*(?:day|days|week|weeks|wk|wks|month|months|year|years)\b`)
	mailHeaderRe  = lazyRE(`^\s*(?:from|to|cc|bcc|subject|sent|reply-to)\s*:`)
	// timeAfterRe is a time of day just after a date ("11/25/26, 3:04 PM").
	timeAfterRe = lazyRE(`^\s*,?\s*(?:at\s+)?\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?(?:\s|$)`)
	urlRe       = lazyRE(`https?://|\bwww\.`)
	// pageMarkRe is what a browser, a mail program or a fax machine prints
	// at a page's top or bottom besides the date: a web address, a page
	// count ("Page 1 of 2", "P.001/001", "1/2" at the end of the line), a
	// sender or an addressee, a fax.
	pageMarkRe = lazyRE(`https?://|\bwww\.|\bpage\s+\d+\s*(?:of|/)\s*\d+\b|\bp\.?\s*\d{1,3}\s*(?:/|of)\s*\d{1,3}\b|(?:^|\s)\d{1,3}\s*/\s*\d{1,3}\s*$|\b(?:from|to)\s*:|\bfax\b`)
	// threadMarkRe is a line of nothing but what a phone's messages app
	// writes over a thread of texts ("Text Message", "iMessage", "SMS").
	threadMarkRe = lazyRE(`^\W*(?:text\s+message|imessage|sms|mms|rcs|sms\s*/\s*mms|rcs\s+message|chat\s+message)s?\W*$`)
	// weekdayRe is what may stand before a message's date and time: its
	// weekday ("Tue, 24 Nov 2026 09:14").
	weekdayRe = lazyRE(`^\W*(?:` + weekdayWord + `\W*)?$`)
	// timeOnlyRe is a line of nothing but a time of day, a weekday at most
	// before it ("Sun 08:40", "9:05 PM").
	timeOnlyRe = lazyRE(`^\W*(?:` + weekdayWord + `\W+)?\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?\W*$`)
	// dayHeadingRe is a weekday alone before a date, as a diary heads
	// its days ("Tuesday 17 November 2026").
	dayHeadingRe = lazyRE(`^\W*` + weekdayWord + `\W*$`)
)

func stampLines(d document) stamps {
	n := len(d.lines)
	s := stamps{printed: make([]bool, n), mail: make([]bool, n), underHeader: make([]bool, n)}
	header := make([]bool, n)
	first := make([]int, n) // the first line of each line's page
	for i, l := range d.lines {
		header[i] = mailHeaderRe.MatchString(l.norm)
		if i > 0 && l.page == d.lines[i-1].page {
			first[i] = first[i-1]
		} else {
			first[i] = i
		}
	}
	for i := 0; i < n; {
		last := i
		for last+1 < n && first[last+1] == i {
			last++
		}
		marked := false
		for _, k := range []int{i, i + 1, last - 1, last} {
			marked = marked || k >= i && k <= last && pageMarkRe.MatchString(d.lines[k].norm)
		}
		s.printed[i], s.printed[last] = marked, marked
		i = last + 1
	}
	for i := 1; i < n; i++ {
		for k := max(0, i-3); k < i; k++ {
			s.underHeader[i] = s.underHeader[i] || d.lines[k].page == d.lines[i].page && (header[k] || emailRe.MatchString(d.lines[k].norm))
		}
	}
	s.thread = slices.ContainsFunc(d.lines, func(l docLine) bool { return threadMarkRe.MatchString(l.norm) })
	s.diaryDay = diaryDays(d)
	s.measured = measurementRows(d)
	if rows := injectionRows(d); rows != nil {
		for i, m := range s.measured {
			rows[i] = rows[i] || m
		}
		s.measured = rows
	}
	s.timestampColumn = timestampColumns(d)
	for i := range d.lines {
		near := 0
		for k := max(0, i-4); k <= min(n-1, i+4); k++ {
			if k != i && header[k] {
				near++
			}
		}
		s.mail[i] = near >= 2
	}
	return s
}

// placeRole is the kind of date k of line i (dates: the line's) given
// where it stands: a period's ends ("Filled 11/27/2025 through 11/26/2026",
// whatever labels the period) and, unlabelled between a carton's LOT and
// EXP lines, a date whose label OCR lost ("MEG 10/16/2026" for MFG: when
// the pens were made; unseen32, a false accept at first measure, round 14)
// and a fill record's "Written" date (fillRecordHeadings, writtenColumnAbove)
// are in another role. Otherwise kind.
func placeRole(d document, i int, dates []foundDate, k int, kind dateKind) dateKind {
	if inPeriod(d.lines[i], dates, k) || kind == unlabelledDate && makersBlock(d, i) {
		return otherDate
	}
	if kind == prescriptionDate && fillRecordHeadings(d.lines[i]) || (kind == prescriptionDate || kind == unlabelledDate) && writtenColumnAbove(d, i) {
		// "Medication Strength Qty Prescriber Written L...": a pharmacy's
		// record of its fills, whose "Written" column says when the
		// prescriber wrote, not when it was supplied (unseen46's portal,
		// its last column cut off: round 15, a false accept at first
		// measure).
		return otherDate
	}
	return kind
}

// lotWords and expiryWords mark a maker's block on a carton, a pen or a
// vial: its lot number and expiry.
var (
	lotWords    = newPhraseSet(map[bool][]string{true: {"lot", "batch", "lot no", "batch no"}})
	expiryWords = newPhraseSet(map[bool][]string{true: {"exp", "expiry", "expires", "expiration", "use by"}})
)

// makersBlock reports line i between a lot number's line and an expiry's,
// each within two lines of it, one above and one below ("LOT 19388A" /
// "MFG 10/16/2026" / "EXP 04/09/2028"): the maker's print, whose dates are
// never a supply's.
func makersBlock(d document, i int) bool {
	has := func(set phraseSet[bool], from, to int) bool {
		for k := max(0, from); k <= min(len(d.lines)-1, to); k++ {
			if len(set.find(d.lines[k].words)) > 0 {
				return true
			}
		}
		return false
	}
	return has(lotWords, i-2, i-1) && has(expiryWords, i+1, i+2) || has(expiryWords, i-2, i-1) && has(lotWords, i+1, i+2)
}

// readTwice gives an unlabelled date the other role a label gives the same
// date written the same way where the reader read the same place twice,
// its label misread once ("Slarted 22/11/26" on a photo whose second
// reading of the sticky note says "started 22/11/26"; unseen20, round 12,
// a false accept). otherLabelled holds the lines, by their date's text,
// where such a label names a date.
func readTwice(d document, dates []datedMention, otherLabelled map[string][]docLine) {
	for k, m := range dates {
		l := d.lines[m.line]
		if m.kind == unlabelledDate && slices.ContainsFunc(otherLabelled[m.text], func(o docLine) bool { return o.page == l.page && boxesOverlap(o.box, l.box) }) {
			dates[k].kind = otherDate
		}
	}
}

// fillEntryWords say a calendar's entry is a supply, not a dose taken.
var fillEntryWords = newPhraseSet(map[bool][]string{true: {
	"picked up", "pick up", "pickup", "collected", "collect", "refill", "refilled", "delivered", "delivery",
	"ready", "shipped", "arrived", "ordered",
}})

// boxesOverlap reports two places on a page that share some of it (never
// when either is unknown).
func boxesOverlap(a, b Box) bool {
	if a.IsZero() || b.IsZero() {
		return false
	}
	return a.Left < b.Left+b.Width && b.Left < a.Left+a.Width && a.Top < b.Top+b.Height && b.Top < a.Top+a.Height
}

// diaryDays finds the lines that head a diary's or a planner's days: a
// line that starts with a weekday and its date, when three or more do,
// no two of their dates are more than a week apart (a side effects diary
// kept over three weeks, "Mon 9 Nov — JAB (L tummy). nausea 4/10", whose
// last day was rated the dispensing date; unseen102, round 23: a history
// of fills is a month apart) and no entry under them says a
// medicine was supplied (fillEntryWords: a calendar of
// fills dates each fill by its day). They say which day the page's
// entries were written on ("Wegovy 1.7 ✓ (L tummy)" under "Tuesday 17
// November 2026"), no dispensing: a diary photographed beside a label
// dispensed 104 days earlier had its days rated the dispensing date
// (unseen20, round 12).
func diaryDays(d document) []bool {
	var at []int
	var days []civilDate
	for i, l := range d.lines {
		ws := l.words
		if l.ocr && len(ws) > 0 && (ws[0].text == "l" || ws[0].text == "i") {
			// A ruled margin read as a letter ("l Thu 19 Nov — good day").
			ws = ws[1:]
		}
		if len(ws) < 2 || !isWeekday(ws[0].text) {
			continue
		}
		text := l.numberText()
		fs := findDates(text)
		if len(fs) == 0 || fs[0].start < ws[0].start || !dayHeadingRe.MatchString(text[ws[0].start:fs[0].start]) || fs[0].ambiguous() {
			continue
		}
		at, days = append(at, i), append(days, fs[0].reading(true))
	}
	if len(at) < 3 {
		return nil
	}
	slices.SortFunc(days, civilDate.compare)
	for k := 1; k < len(days); k++ {
		if days[k].time().Sub(days[k-1].time()) > 7*24*time.Hour {
			return nil
		}
	}
	for k := at[0]; k < len(d.lines) && k <= at[len(at)-1]+2; k++ {
		if fillEntryWords.any(d.lines[k].words) {
			// A calendar of fills ("Wegovy picked up" under its day):
			// the day is the fill's.
			return nil
		}
	}
	out := make([]bool, len(d.lines))
	for _, i := range at {
		out[i] = true
	}
	return out
}

// kind is the kind of date f on line i given the stamps: a plain "Date:"
// in an e-mail header is when it was sent, otherDate, never the
// medication's; so is a date and time of day on a line with an e-mail
// address and no label before it there (labels: the line's), as webmail
// prints its sender ("Prairie Meadow Mail Pharmacy <orders@...> Tuesday,
// November 24, 2026, 10:14 AM": unseen40, round 15).
func (s stamps) kind(l docLine, i int, f foundDate, kind dateKind, labels []labelMatch) dateKind {
	switch {
	case kind == plainDate && s.mail[i]:
		return otherDate
	case kind == unlabelledDate && s.underHeader[i] && sentStamp(l, f):
		// A message's date and time alone on the line under its sender
		// or its addressee: when it was sent (a webmail's "Your treatment
		// is paused", its header's date rated the dispensing date;
		// unseen117, round 24, false accepts at first measure on 3
		// uploads, both readers).
		return otherDate
	case kind == unlabelledDate && bylineStamp(l, f):
		// A post's or a message's byline: who wrote it, then when.
		return otherDate
	case kind == unlabelledDate && (doseLogRow(l, f) || s.timestampColumn[i]):
		// A device's or an app's log of injections: when a dose was taken.
		return otherDate
	case emailRe.MatchString(l.norm) && timeAfterRe.MatchString(l.numberText()[f.end:]):
		if _, labelled := labelBefore(labels, f.start); !labelled {
			return otherDate
		}
	}
	return kind
}

// sent reports a date without a label of its own that says when a text
// message was sent: in a thread of messages, a line of nothing but the
// date and a time of day, and perhaps the weekday before them, as a
// messages app writes between the texts.
func (s stamps) sent(l docLine, f foundDate) bool {
	return s.thread && sentStamp(l, f)
}

// bylineRe is a message's or a post's author before its date, parted
// from it by a dot, a bar or a dash, as OCR reads a middle dot too
// ("Dorian Kettleby · ", "Marisol (NeedleNote Support) - "): words without
// figures or a caption's colon.
var bylineRe = lazyRE(`^\s*[^\d:·•|]{2,60}?\s[·•|.–—-]\s*$`)

// bylineStamp reports a date and a time of day that end their line after
// an author's name, as a support ticket's, a forum's or a chat's messages
// are headed ("Dorian Kettleby · November 26, 2026 10:14 AM"; unseen150's
// help-desk ticket about a connected pen cap, round 28, where the ticket's
// messages' dates were rated the dispensing date at first measure, the
// page naming no supply): when the message was written.
func bylineStamp(l docLine, f foundDate) bool {
	text := l.numberText()
	after := timeAfterRe.FindStringIndex(text[f.end:])
	return after != nil && strings.TrimSpace(text[f.end+after[1]:]) == "" && bylineRe.MatchString(text[:f.start])
}

// doseEventRe is a log's event of an injection just after its date and
// time ("DOSE 0.5 mg", "PRIME 2 clicks", "CAP_OFF", "Injection taken").
var doseEventRe = lazyRE(`^\W*(?:dose|doses|injection|injected|inject|prime|primed|priming|cap[\s_-]*(?:off|on|removed|attached)|missed|skipped|taken)\b`)

// doseLogRow reports a date that opens a row of a log of injections, its
// time of day and then the event ("11/25/2026 08:43 DOSE 0.5 mg (not
// synced)" in a connected pen cap's log quoted by its maker's help desk;
// unseen150, round 28, a false accept at first measure): when the patient
// injected, not when a pharmacy supplied the pen.
func doseLogRow(l docLine, f foundDate) bool {
	text := l.numberText()
	if strings.TrimSpace(strings.Trim(text[:f.start], "•·-* ")) != "" {
		return false
	}
	after := timeAfterRe.FindStringIndex(text[f.end:])
	return after != nil && doseEventRe.MatchString(text[f.end+after[1]:])
}

// timestampColumns marks the lines of a column of date-and-time stamps,
// three or more lines in a row of nothing but a date and a time of day, as
// a log's time column reads when OCR takes its columns apart
// ("11/25/2026 08:41" over "11/25/2026 08:42" over "11/25/2026 08:43",
// their events "CAP_OFF", "PRIME 2 clicks", "DOSE 0.5 mg" below; unseen150,
// round 28): when a device recorded each event, no supply. A fill's date
// is not written to the minute down a column.
func timestampColumns(d document) []bool {
	stamp := make([]bool, len(d.lines))
	for i, l := range d.lines {
		if dates := findDates(l.numberText()); len(dates) == 1 && sentStamp(l, dates[0]) {
			stamp[i] = true
		}
	}
	out := make([]bool, len(d.lines))
	for i := 0; i < len(d.lines); {
		j := i
		for j < len(d.lines) && stamp[j] && d.lines[j].page == d.lines[i].page {
			j++
		}
		if j-i >= 3 && !supplyNear(d, i, j) {
			for k := i; k < j; k++ {
				out[k] = true
			}
		}
		i = max(j, i+1)
	}
	return out
}

// supplyStepRe names a step of a supply, as an order's tracking timeline
// heads its time stamps ("Checked & dispensed", "Dispatched", "Delivered").
var supplyStepRe = lazyRE(`\b(?:dispens|filled|fill\b|supplied|dispatch|shipped|deliver|collected|picked\s+up|ready)`)

// supplyNear reports a step of a supply named within six lines of the
// column of lines i..j-1: a tracking timeline's times, read apart from their
// steps, date the steps (unseen116's parcel tracking page, whose dispensing
// time the rule lost when first written).
func supplyNear(d document, i, j int) bool {
	for k := max(0, i-6); k < min(len(d.lines), j+6); k++ {
		if d.lines[k].page == d.lines[i].page && supplyStepRe.MatchString(d.lines[k].norm) {
			return true
		}
	}
	return false
}

// sentStamp reports a date that stands on its line as a message's time
// stamp: a weekday at most before it, a time of day after it, nothing more.
func sentStamp(l docLine, f foundDate) bool {
	text := l.numberText()
	after := timeAfterRe.FindStringIndex(text[f.end:])
	return weekdayRe.MatchString(text[:f.start]) && after != nil && strings.TrimSpace(text[f.end+after[1]:]) == ""
}

// stamp reports a date without a label of its own that says when the page
// was printed or viewed: a date and time at the top or bottom of a printed
// page, or any date beside a web address.
func (s stamps) stamp(l docLine, i int, f foundDate) bool {
	return s.printed[i] && timeAfterRe.MatchString(l.numberText()[f.end:]) || urlRe.MatchString(l.norm)
}
