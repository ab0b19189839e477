// A patient's own record: a tracker, diary or notes page the patient keeps, no pharmacy's word.

package evidence

import "slices"

// ownRecordPhrases say the page is a record its patient keeps of their own
// doses: a tracking app's export or screen ("Entries are added by you in
// the app", "Doses are entered by you", "Set by you · 6-week streak"), a
// paper diary or journal ("This diary belongs to"), a notes list headed
// "Mounjaro log" (ownRecordHeading).
var ownRecordPhrases = []string{
	"added by you", "entered by you", "set by you", "logged by you", "recorded by you", "created by you",
	"entries are added", "doses are entered", "you logged", "you entered",
	"diary belongs to", "journal belongs to", "book belongs to", "log belongs to", "planner belongs to",
	"streak", "my log", "my journal", "my diary", "my doses", "my shots", "my injections", "my jabs",
	"my medicine this week", "my meds", "my tracker", "my journey",
	"dose log", "injection log", "shot log", "jab log", "medication log", "medicine log",
	"date taken", "injection history", "injection site",
}

// supplyPhrases are what a pharmacy's, a prescriber's or a seller's paper
// says and a record a patient keeps does not: a prescription number, a
// quantity, refills, dispensing, a prescriber, a label's warnings, an
// order's number. One on the page (a label photographed beside the diary)
// makes the page more than the patient's own record.
var supplyPhrases = []string{
	"rx", "rx#", "rx no", "ndc", "npi", "gphc", "qty", "quantity", "refills", "refills remaining",
	"dispensed", "dispensing", "dispense", "disp", "filled", "fill date", "supplied",
	"pharmacist", "prescriber", "prescribed", "prescription", "prescriptions",
	"keep out of", "out of the reach", "under the skin", "directions", "sig",
	"order number", "order no", "order ref", "order reference", "your order", "invoice", "receipt",
	"exp", "expiry", "discard after", "use by",
}

var (
	ownRecordWords = newPhraseSet(map[bool][]string{true: ownRecordPhrases})
	supplyWords    = newPhraseSet(map[bool][]string{true: supplyPhrases})
)

// ownRecord reports a page that is only a record its patient keeps (a dose
// tracker's export, a notes list, a diary, a weight journal, a reminder
// app): it says so (ownRecordPhrases, or a short heading ending "log") and
// nothing on it is a pharmacy's or a prescriber's (supplyPhrases). Its
// doses, dates and pharmacy are the patient's word, which is what the
// clinician asked evidence of (unseen20, round 11: five such pages had
// their doses and dates rated valid).
func ownRecord(d document) bool {
	own := false
	for i, l := range d.lines {
		if supplyWords.any(l.words) {
			return false
		}
		if ownRecordWords.any(l.words) || ownRecordHeading(d, i) {
			own = true
		}
	}
	return own
}

// ownRecordHeading is a short line ending in "log" ("Harriet Quayle -
// Mounjaro log", "Weight log"): a list kept under that title. A narrow
// screen may wrap the last word onto a line of its own.
func ownRecordHeading(d document, i int) bool {
	ws := d.lines[i].words
	n := len(ws)
	if n == 1 && ws[0].text == "log" && i > 0 {
		n += len(d.lines[i-1].words)
	}
	return n >= 2 && n <= 6 && ws[len(ws)-1].text == "log"
}

// keepsOwnRecord reports a page on which a record the patient keeps is
// shown, alone or beside a pharmacy's paper (ownRecordPhrases): its dated
// entries ("Nov 25, 2026  5 mg ✓" under "MY DOSES") are doses taken, no
// fills, so they make no history of fills (latestFillDose).
func keepsOwnRecord(d document) bool {
	return slices.ContainsFunc(d.lines, func(l docLine) bool { return ownRecordWords.any(l.words) })
}
