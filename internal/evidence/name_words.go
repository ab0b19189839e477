// The vocabulary of names: titles, stop words, words no name has, prescribers' lines.

package evidence

import (
	"slices"
	"strings"
)

// prescriberWords mark a line about the prescriber, pharmacist or doctor:
// a name there is not the patient's.
var prescriberWords = newPhraseSet(map[bool][]string{true: append([]string{
	"dr", "doctor", "prescriber", "prescribed by", "prescribing", "pharmacist", "rph", "md", "m d", "np", "gmc",
	"npi", "dea", "physician", "gphc", "clinician", "practitioner", "nurse", "signed", "signature", "checked by",
	"dispensed by", "surgery", "clinic", "hospital", "aprn", "fnp", "pa c", "d o",
	// A pharmacist's and a technician's letters after a name ("Daniel
	// Whitcomb, PharmD" signing a counselling record; round 14).
	"pharmd", "pharm d", "mpharm", "cpht",
	// A nurse's letters ("Rachel Tamboer, RN" signing a clinic's e-mail to
	// a pharmacy, the patient copied in; unseen129, round 26, the nurse's
	// line beside the patient's made the patient one of two people).
	"rn", "lpn", "rgn",
	// A weight-loss programme's other staff, signing under their title
	// ("Tamsin Delacroix, Health Coach" beside the medical director on a
	// clinic's maintenance-dose certificate; unseen98, round 23, her name
	// taken for the patient's through the production reader).
	"coach", "health coach", "dietitian", "dietician", "nutritionist", "care coordinator", "medical director",
	"technician",
	// A clinical study's staff ("Bethan Okafor-Reece" over "Study
	// Coordinator, Clinical Research Facility" signing a visit letter;
	// unseen138, round 27).
	"study coordinator", "research coordinator", "trial coordinator", "research nurse", "research midwife",
	"investigator", "principal investigator", "chief investigator", "sub investigator",
	// A programme's coach signing for its team ("Priya Ramasamy-Holt, RD ·
	// Evenstride coaching team" under a check-in summary; unseen142, round
	// 27, her name rated the patient's when the lead was she).
	"coaching team", "registered dietitian", "registered dietician",
	// A pharmacy course's trainee and assessor ("Trainee: Priya Ramsden
	// Cohort: 2026-B Assessor: M. Okafor" heading a workbook page whose
	// worked example is a specimen label for "Mrs A N Other"; unseen145,
	// round 28, the trainee rated the patient, a false accept on 2
	// uploads, both readers).
	"trainee", "assessor",
	// Who takes the blood ("Sample taken by: Tamsin Ravenhill, HCA" on a
	// GP's blood test form beside a Saxenda label; unseen154, round 29,
	// the assistant made the patient one of two people on 3 uploads and
	// was rated the patient on 1 through the production reader).
	"hca", "healthcare assistant", "health care assistant", "phlebotomist", "biomedical scientist",
	"reporting pathologist", "pathologist",
	// Other clinicians who read a patient's form ("Assessed by: Tamsin Rowe
	// MCSP, HCPC PH99123" under a physiotherapy self-referral with the
	// patient's Wegovy label stuck in it; unseen173, round 31, the
	// physiotherapist rated the patient through the production reader, a
	// false accept at first measure), with their letters.
	"assessed by", "triaged by", "examined by", "physiotherapist", "mcsp", "hcpc", "optometrist", "mcoptom",
	"podiatrist", "dentist", "gdc", "dental surgeon", "donor screener", "screener",
}, staffCaptionPhrases...)})

// isPrescriberLine reports a line about the prescriber, pharmacist or
// doctor. "Dr" after a house number is a street ("12 Oak Dr") and "MD"
// before a ZIP code is Maryland.
func isPrescriberLine(l docLine) bool {
	greeted := max(greetedEnd(l), patientFieldEnd(l))
	for _, m := range prescriberWords.find(l.words) {
		w := l.words[m.first].text
		if m.start >= greeted && greeted > 0 {
			// "Hi Tamsin Okafor-Reid, your prescriber has reviewed your
			// check-in": the greeting names its reader, and the sentence
			// after it speaks of the prescriber (unseen96, round 22, the
			// lead named "only as the prescriber" on 5 uploads).
			continue
		}
		if m.first != m.last {
			return true
		}
		switch {
		case w == "dr" && m.first > 0 && hasDigit(l.words[m.first-1].text):
		case w == "dr" && m.first > 1 && hasDigit(l.words[m.first-2].text):
		// A drive's "Dr" ends an address's street: "2214 W Solano Dr,
		// Tempe" (unseen10's order page, round 12, where the lead's name
		// before it was taken for a prescriber's).
		case w == "dr" && m.first > 2 && hasDigit(l.words[m.first-3].text):
		case w == "dr" && l.words[m.first].commaAfter && m.first > 0 && l.words[m.first-1].capital:
		// A parcel's delivery option ("Tracked 24, signature required"),
		// read into the patient's line from the column beside it
		// (unseen13's dispatch note, round 12), is no one's signature.
		case w == "signature" && m.first+1 < len(l.words) && (l.words[m.first+1].text == "required" || l.words[m.first+1].text == "not"):
		case w == "md" && m.first+1 < len(l.words) && len(l.words[m.first+1].text) == 5 && hasDigit(l.words[m.first+1].text):
		default:
			return true
		}
	}
	return false
}

// greetingRe opens a message or a letter by its reader's name, up to the
// comma after it ("Hi Tamsin Okafor-Reid,", "Dear Mrs Gethin,"). Only the
// prescriber words after it are passed over: a doctor greeted ("Dear Dr
// Okoro,") still makes the line a prescriber's.
var greetingRe = lazyRE(`^\W*(?:hi|hello|hey|dear)\s+(?:(?:mr|mrs|ms|miss|mx)\.?\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}\s*,`)

// patientFieldRe is a line that opens with the patient's field and goes on
// to another caption ("For: Mrs Glenys Atherton  Reviewed: 24/11/2026 at
// the counter, by Owen Prentice (pharmacist)"): the group ends where the
// next caption starts.
//
// A line that opens with a name and its date of birth is the patient's
// field too ("Lorna Bascombe DOB: 04/19/1968 Visit: 11/26/2026 with Dr.
// Samuel Ferrante, MD" heading an after-visit summary; unseen175, round 32,
// the patient taken for a prescriber on 3 uploads): the group ends at "DOB".
var patientFieldRe = lazyRE(`^\W*(?:for|patient|patient name|name)\s*:[^:]*?\s(?:[a-z]+\s+){0,2}[a-z]+\s*:|^\W*(?:[a-z][\w'-]*\s+){2,4}(?:dob|d\s?o\s?b|date\s+of\s+birth)\s*:`)

// patientFieldEnd is where a line's opening patient field ends, at the next
// caption, whose words are another field's (a pharmacist's name after
// "Reviewed:" makes the patient before it no pharmacist; unseen95, round
// 22, the lead named "only as the pharmacist" on 3 uploads); 0: none.
func patientFieldEnd(l docLine) int {
	loc := patientFieldRe.FindStringIndex(l.norm)
	if loc == nil {
		return 0
	}
	return strings.LastIndexByte(l.norm[:loc[1]-1], ' ') + 1
}

// greetedEnd is where a line's greeting of its reader ends (0: none).
func greetedEnd(l docLine) int {
	if loc := greetingRe.FindStringIndex(l.norm); loc != nil {
		return loc[1]
	}
	return 0
}

// doctorAfter reports a line whose only prescriber words are a doctor's
// title after the name read at: a register's row, the patient in one
// column and the prescriber in a later one ("22/11/2026 | Ewan Lockhart |
// Mounjaro 10mg | Walking holiday, pens left Dr Haldane,"; unseen79's
// emergency supply register, round 21, whose lead was passed over as the
// prescriber and an address in the next row taken for another person). A
// title names the person after it, never one before it; letters after a
// name (MD, RPh) and roles (pharmacist, signed) name the one before, and
// keep the line the prescriber's.
func doctorAfter(l docLine, at *spot) bool {
	if at == nil {
		return false
	}
	ms := prescriberWords.find(l.words)
	return len(ms) > 0 && !slices.ContainsFunc(ms, func(m phraseMatch[bool]) bool {
		w := l.words[m.first]
		return m.first != m.last || w.text != "dr" && w.text != "doctor" || w.start < at.to
	})
}

// prescriberCaption reports a line that is nothing but a prescriber's or
// a pharmacist's caption ("PRESCRIBED BY", "Pharmacist:"): the line under
// it is theirs (unseen66's forces medication card, a false accept at first
// measure, round 18: "Flt Lt Imogen Tarrant, Medical Officer" under
// "PRESCRIBED BY" was rated the patient's name).
func prescriberCaption(l docLine) bool {
	covered := 0
	for _, m := range prescriberWords.find(l.words) {
		if placeCaptions[l.words[m.first].text] {
			return false
		}
		covered += m.last - m.first + 1
	}
	return covered > 0 && covered == len(l.words) && !hasDigit(l.norm) && l.words[0].capital
}

// placeCaptions caption where, not who: a form's "CLINIC" box over the
// patient's name (unseen66's outpatient prescription form) is no one's.
var placeCaptions = map[string]bool{"clinic": true, "surgery": true, "hospital": true}

// underPrescriberCaption reports line i under a prescriber's caption
// (prescriberCaption) that is not one of a run of captions: captions read
// one under another ("First dispensed", "Dispensed by", then their values)
// pair with their values by position, and the line under the last is not
// its value (unseen56's PDF viewer, unseen61's dosing chart, round 18).
func underPrescriberCaption(d document, i int) bool {
	if i == 0 || d.lines[i-1].page != d.lines[i].page || !prescriberCaption(d.lines[i-1]) {
		return false
	}
	if i < 2 || d.lines[i-2].page != d.lines[i].page {
		return true
	}
	prev := d.lines[i-2]
	return hasDigit(prev.norm) || len(prev.words) > 4
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

var emailRe = lazyRE(`\S+@\S+`)

// titles are dropped from names; once a name has begun, a title starts the
// next person ("Jane Smith Dr Brown").
var titles = map[string]bool{"mr": true, "mrs": true, "ms": true, "miss": true, "mx": true, "dr": true, "prof": true, "sir": true, "dame": true, "master": true, "rev": true, "lady": true, "lord": true}

// ranks are service ranks, as military, police and veterans' paper writes
// them before a surname ("Sgt R Coates", "Sgt Coates,"): no forename of a
// namesake (unseen78, round 20, where "Sgt" was one and the lead
// Rhiannon Coates not_found). Unlike a title they do not mark a name as
// the patient's: a supervisor's "Lt. Greg Ambrose" on a police officer's
// form is no one's patient name (unseen72, in replay).
var ranks = map[string]bool{
	"sgt": true, "ssgt": true, "cpl": true, "lcpl": true, "pte": true, "pvt": true, "pfc": true, "spc": true, "sfc": true,
	"msgt": true, "capt": true, "maj": true, "lt": true, "cdr": true, "cmdr": true, "brig": true, "sqn": true,
	"ldr": true, "flt": true, "sergeant": true, "corporal": true, "private": true, "captain": true, "major": true,
	"lieutenant": true, "commander": true, "colonel": true, "officer": true,
}

// nameStopWords end a name in a labelled value ("Jane Smith DOB ...").
var nameStopWords = map[string]bool{
	"dob": true, "date": true, "born": true, "birth": true, "address": true, "addr": true, "nhs": true, "mrn": true,
	"tel": true, "telephone": true, "phone": true, "mobile": true, "email": true, "prescriber": true, "doctor": true,
	"rx": true, "id": true, "no": true, "number": true, "ref": true, "age": true, "sex": true, "gender": true,
	"qty": true, "quantity": true, "order": true, "hospital": true, "ward": true, "gp": true, "pharmacy": true,
	"pharmacist": true, "chemist": true, "medication": true, "medicine": true, "drug": true, "item": true,
	// The next field's caption ("Surname: OWEN Forename: THOMAS").
	"surname": true, "forename": true, "forenames": true, "first": true, "last": true, "given": true, "family": true,
	// A signature's caption ("Patient signature  Storage counselling
	// given": unseen78's leave supply record, round 20, whose next
	// caption was rated another patient's name).
	"signature": true, "signatures": true, "initials": true,
	// A sentence going on after the name ("the prescription for your
	// husband, Clifford Arkwright, his ozempic 1 mg": unseen124, round 25).
	"his": true, "her": true, "their": true, "your": true,
}

// nonNameWords never appear in a person's name: a value holding one is not
// a name ("Patient information leaflet", "For: weight management").
var nonNameWords = map[string]bool{
	// A sentence's pronouns and verbs: "... THAN THE PATIENT FOR WHOM IT WAS
	// PRESCRIBED." on a carton's warning, in capitals after "for" on a
	// line that speaks of prescribing (unseen91, round 22, the lead rated
	// invalid on its carton photo).
	"whom": true, "who": true, "whose": true, "which": true, "it": true, "was": true, "were": true, "are": true,
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
	// A group chat's name ("Castellanos Crew" heading a family's Messenger
	// chat over the father's label; unseen127, round 26, the chat's name
	// made the patient one of two people on 3 uploads).
	"crew": true, "squad": true, "fam": true, "gang": true, "chat": true, "club": true, "members": true,
	// What a supply comes as ("Patient  Starter pack", a clinic's handover
	// receipt's captions read as one line through the production path;
	// unseen62, round 17, where "Starter pack" was rated another patient).
	"pack": true, "packs": true, "kit": true, "kits": true, "starter": true, "supply": true, "items": true,
	// A portal's header ("Patient Portal Signed in: Genevieve Halloran -
	// Sign out", unseen61): no one's name.
	"portal": true, "signed": true, "sign": true, "logout": true, "login": true,
	// A statement's column headings ("Insurance paid  You paid").
	"insurance": true, "paid": true, "copay": true, "total": true, "amount": true, "balance": true,
	"savings": true, "refund": true, "claim": true, "claims": true, "status": true,
	// Public insurance programmes ("PLANS  MS MEDICAID (FFS)": Mississippi's
	// code read as the title Ms; unseen78's claim printout, round 20, where
	// "Ms Medicaid" was another patient on 3 uploads).
	"medicaid": true, "medicare": true, "tricare": true,
	// A prescriber's caption beside the patient's on a form ("Patient  Prescribing
	// clinician": unseen77's e-signed consent, round 21, read row by row).
	"clinician": true, "clinicians": true, "prescribing": true,
	// A clinical note's sentence about the patient ("Patient reports Willow
	// Creek Pharmacy has not received ...": unseen85's telephone encounter,
	// round 21, read as another patient's name).
	"reports": true, "reported": true, "states": true, "stated": true, "says": true, "said": true,
	"informed": true, "advised": true, "notified": true, "confirms": true, "confirmed": true, "asked": true,
	"called": true, "agrees": true, "agreed": true,
	// A reprinted label's stamp ("DUPLICATE REPRINT" over the patient's
	// line; unseen87, round 21, another patient on a scan).
	"duplicate": true, "reprint": true, "reprinted": true, "reissued": true,
	// A page's headings and directions in capitals ("TODAY'S VISIT VITALS",
	// "TAKE ONE EACH MORNING", "DISPENSING PHARMA"), taken for another
	// person's name (unseen8, unseen10; round 11).
	"today": true, "todays": true, "visit": true, "vitals": true, "take": true, "each": true, "every": true,
	"morning": true, "evening": true, "bedtime": true, "dispensing": true, "dispensed": true, "pharma": true,
	"once": true, "twice": true, "changes": true, "summary": true, "medications": true, "medicines": true,
	"history": true, "orders": true, "refill": true, "refills": true, "inject": true, "subcutaneous": true,
	"directions": true, "collection": true, "pickup": true,
	// A clinical note's title ("Psychiatric Progress Note" over the
	// client's line; unseen168, round 31, read as another person's name
	// beside the lead's on 3 uploads, both readers).
	"note": true, "progress": true, "psychiatric": true, "encounter": true, "consultation": true,
	// A card's title after its patient caption ("Patient Insulin Passport"
	// at a diabetes passport's foot, beside the patient's label; unseen175,
	// round 32, taken for another patient on 3 uploads).
	"insulin": true, "passport": true,
	// A greeting ("Hi, Marcus" on a reminder app's screen, read as the
	// surname Hi before the forename Marcus; unseen20, round 12).
	"hi": true, "hello": true, "hey": true, "dear": true, "welcome": true,
	// A form's yes/no field after "Patient" ("Patient counselled: Yes
	// HB", a hospital prescription's pharmacist's tick; unseen10, round
	// 12, read as another patient's name).
	"counselled": true, "counseled": true, "consented": true, "yes": true,
	// A carton's warnings in capitals ("KEEP REFRIGERATED"; unseen12, read
	// as another person's name beside the lead's).
	"keep": true, "refrigerated": true, "refrigerate": true, "fridge": true, "freeze": true,
	"caution": true, "warning": true, "shake": true,
	// A letter's subject after "RE:" ("RE: Prior authorization request -
	// APPROVED"; unseen11, round 12, read as another patient's name).
	"authorization": true, "authorisation": true, "request": true, "approved": true, "denied": true,
	"pending": true, "appeal": true,
	// A titration sticker beside a label ("NEXT STRENGTH 1 MG / WHEN
	// TITRATION DUE"; unseen22 through the production reader, round 13,
	// read as another person's name beside the lead's).
	"titration": true, "titrate": true, "strength": true, "when": true,
	// An order's status beside its number ("J Delivered" on a mail-order
	// history; unseen27, round 14, read as another person's name).
	"delivered": true, "shipped": true, "dispatched": true, "collected": true, "ready": true, "cancelled": true,
	"canceled": true, "processing": true, "returned": true,
}

func isNonNameWord(w string) bool {
	if nonNameWords[w] || nameStopWords[w] {
		return true
	}
	_, level := matchMedicineWord(w, false)
	return level != noMatch || isPharmacyWord(w) || pharmacyWordsFirst[w]
}

// looksLikeName reports whether words could be a person's name: two to
// five words of letters, none of them a word no name has (an initial
// aside).
func looksLikeName(ws []word) bool {
	if len(ws) < 2 || len(ws) > 5 {
		return false
	}
	long, languages := 0, 0
	for k, w := range ws {
		if languageNames[w.text] {
			languages++
		}
		// A capital letter alone after a name's first word is an initial
		// ("PETTIGREW, DWAYNE A", "Jane A. Smith"), though "a" is no name;
		// first, it may be the article ("A PATEL" is no one).
		initial := k > 0 && len(w.text) == 1 && w.capital
		suffix := k > 0 && readSuffix(w) != ""
		if hasDigit(w.text) || isNonNameWord(w.text) && !initial && !suffix {
			return false
		}
		if len(w.text) > 1 {
			long++
		}
	}
	return long >= 1 && languages < long
}

// languageNames are languages a form asks about ("Language" over
// "English, Spanish" on a birth centre's intake form, read as the surname
// English before the forename Spanish; unseen148, round 29, another person
// beside the patient on 3 uploads). Some are surnames too ("Dawn French"),
// so only a name of nothing but languages is none.
var languageNames = map[string]bool{
	"english": true, "spanish": true, "french": true, "german": true, "italian": true, "portuguese": true,
	"polish": true, "welsh": true, "irish": true, "gaelic": true, "arabic": true, "urdu": true, "hindi": true,
	"punjabi": true, "bengali": true, "gujarati": true, "tamil": true, "chinese": true, "mandarin": true,
	"cantonese": true, "vietnamese": true, "tagalog": true, "korean": true, "japanese": true, "russian": true,
	"ukrainian": true, "romanian": true, "turkish": true, "somali": true, "farsi": true, "persian": true,
	"greek": true, "dutch": true, "haitian": true, "creole": true, "asl": true, "bsl": true, "sign": true,
}

// nameRun is the words of ws up to the first that no name has: the name a
// caption's value starts with ("Freya Lindqvist" of "Freya Lindqvist with
// proxy access").
func nameRun(ws []word) []word {
	for k, w := range ws {
		if hasDigit(w.text) || isNonNameWord(w.text) && !(k > 0 && (len(w.text) == 1 && w.capital || generationalSuffix(w.text) != "")) {
			return ws[:k]
		}
	}
	return ws
}

// anyCapitalised reports a capitalised word among ws.
func anyCapitalised(ws []word) bool {
	return slices.ContainsFunc(ws, func(w word) bool { return w.capital })
}

func allCapitalised(ws []word) bool {
	for _, w := range ws {
		if !w.capital {
			return false
		}
	}
	return true
}
