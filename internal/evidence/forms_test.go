package evidence

import "testing"

// The rules of round 18's first measure (unseen64-unseen66): a history's
// status codes by its key, pharmacy systems' short dosage forms, consent
// forms, a caption over a prescriber's name, a card's name fields without
// colons.

// TestStatusCodesOfAKey: a printout whose key defines a status code as not
// dispensed has rows with that code that supplied nothing, whether the
// code is read on the row's line or in a cell of its own (Textract), and
// the latest supply is older (unseen64's patient history, a false accept at
// first measure). Without the key, the code means nothing.
func TestStatusCodesOfAKey(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Bartholomew", Surname: "Eke", MedicationName: "Mounjaro", MedicationDosage: "10 mg"}
	key := "Key: D = dispensed   ND = not dispensed   O/S = owing"
	head := []string{"FENLAND ROW PHARMACY - PATIENT HISTORY", "Patient: Mr Bartholomew Eke DOB 11/09/64"}
	rows := []string{
		"Date Item Qty St Disp Chk",
		"14/11/26 Mounjaro 10mg/0.6ml inj KwikPen 1 ND -- --",
		"13/11/26 Amlodipine 5mg tab 28 D LF PA",
		"04/08/26 Mounjaro 10mg/0.6ml inj KwikPen 1 D LF PA",
	}
	cells := []string{
		"Date Item Qty St Disp Chk",
		"14/11/26 Mounjaro 10mg/0.6ml inj KwikPen", "1", "ND", "--",
		"13/11/26 Amlodipine 5mg tab", "28", "D",
		"04/08/26 Mounjaro 10mg/0.6ml inj KwikPen", "1", "D",
	}
	for _, tc := range []struct {
		name  string
		lines []string
		want  Verdict
	}{
		{"the code on the row's line", append(append(append([]string{}, head...), key), rows...), NotFound},
		{"the code in a cell of its own", append(append(append([]string{}, head...), key), cells...), NotFound},
		{"no key", append(append([]string{}, head...), rows...), Valid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, f := Explain(textOf(0.95, tc.lines...), exp, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationDate.Value != tc.want {
				t.Errorf("date %v by %q, want %s (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, tc.want, r.Note)
			}
		})
	}
}

// TestUnsuppliedCodes: a key's entry "ND = not dispensed" defines a code;
// a sentence "Rx: cancelled by the GP" defines none (or every "Rx" on the
// page would withdraw its row).
func TestUnsuppliedCodes(t *testing.T) {
	codes := unsuppliedCodes(readDocument(textOf(0.95, "Key: D = dispensed ND = not dispensed RTS = RETURNED TO STOCK")))
	if !codes["nd"] || !codes["rts"] || codes["d"] {
		t.Errorf("codes %v, want nd and rts", codes)
	}
	if codes := unsuppliedCodes(readDocument(textOf(0.95, "Rx: cancelled by the GP, a new one sent"))); codes != nil {
		t.Errorf("a sentence defined codes %v", codes)
	}
}

// TestPharmacySystemsDosageForms: "tab", "inj" and the like make a word
// with a medicine's stem another medicine's row, even with its strength
// misread ("Amlodipine Seg tab" off a dot-matrix print, unseen64).
func TestPharmacySystemsDosageForms(t *testing.T) {
	d := readDocument(textOf(0.9, "19/11/26 Amlodipine Seg tab 28 a LF OPA"))
	ms := findMedicineMentions(d)
	if len(ms) != 1 || ms[0].entry.generic != "amlodipine" {
		t.Errorf("mentions %+v, want amlodipine's", ms)
	}
}

// TestConsentFormDates: a parent's consent to a child's treatment is
// signed before anything is supplied: its dates, a signature's included,
// are no dispensing date (unseen65, a false accept at first measure). A
// dispensing date on such a form still counts.
func TestConsentFormDates(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Ruby", Surname: "Okonedo-Hart", MedicationName: "Wegovy", MedicationDosage: "0.25 mg"}
	form := []string{
		"Kestrel Vale NHS Foundation Trust", "Consent form 2",
		"Parental agreement to investigation or treatment for a child or young person",
		"Patient's surname/family name: OKONEDO-HART Patient's first names: Ruby Adanna",
		"Name of proposed procedure or course of treatment",
		"Start semaglutide (Wegovy) 0.25mg injection once weekly for weight management.",
		"Signed: T. Wilk Date: 17/11/2026 Name (PRINT): TOMASZ WILK",
		"Signature: A. Okonedo-Hart Date: 17/11/2026",
	}
	r, f := Explain(textOf(0.95, form...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value != NotFound {
		t.Errorf("consent form: date %v by %q, want not_found (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
	r, f = Explain(textOf(0.95, append(form, "Dispensed: 18/11/2026")...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value != Valid {
		t.Errorf("consent form with a dispensing date: date %v by %q, want valid (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
}

// TestCardNameFields: a card's boxed name fields, captioned without
// colons, name the patient whichever way the reader returns them; the name
// under a "PRESCRIBED BY" caption is the prescriber's (unseen66's forces
// medication card: a false accept at first measure for the prescriber, a
// wrong invalid for the patient).
func TestCardNameFields(t *testing.T) {
	jordan := Expected{PatientKnown: true, Forename: "Jordan", Surname: "Hargreaves", MedicationName: "Mounjaro", MedicationDosage: "10 mg"}
	imogen := jordan
	imogen.Forename, imogen.Surname = "Imogen", "Tarrant"
	tail := []string{"Mounjaro 10mg/0.6ml KwikPen", "10mg once weekly, subcutaneous", "DISPENSED 16 NOV 2026 By Pharmacy, RAF Brackenmoor Medical Centre",
		"PRESCRIBED BY", "Flt Lt Imogen Tarrant, Medical Officer"}
	head := []string{"MEDICAL CENTRE, RAF BRACKENMOOR", "Medication record card", "SERVICE NO. RANK", "30099123 Cpl"}
	captionRow := append(append(append([]string{}, head...), "SURNAME FORENAME(S)", "HARGREAVES Jordan"), tail...)
	boxes := append(append(append([]string{}, head...), "SURNAME HARGREAVES", "FORENAME(S) Jordan"), tail...)
	split := textOf(0.95, append(append(append([]string{}, head...), "SURNAME FORENAME(S)", "Jordan", "HARGREAVES"), tail...)...)
	split.Lines[5].Box = Box{Left: 0.5, Top: 0.30, Width: 0.1, Height: 0.02}
	split.Lines[6].Box = Box{Left: 0.08, Top: 0.31, Width: 0.2, Height: 0.02}
	for _, tc := range []struct {
		name string
		text Text
		exp  Expected
		want Verdict
	}{
		{"a caption row over the values", textOf(0.95, captionRow...), jordan, Valid},
		{"each caption before its value", textOf(0.95, boxes...), jordan, Valid},
		{"the values read as lines of their own", split, jordan, Valid},
		{"the prescriber under its caption", textOf(0.95, captionRow...), imogen, Invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, f := Explain(tc.text, tc.exp, Policy{Now: testNow, Market: "uk"})
			if r.Data.PatientName.Value != tc.want {
				t.Errorf("patient %v by %q, want %s (note: %s)", r.Data.PatientName, f.PatientName.Rule, tc.want, r.Note)
			}
		})
	}
}

// TestPharmacyShorthand: a US label's and a UK bag sticker's short
// captions date the fill and the other dates ("DOF", "LST FILL" against
// "ORIG", "DISC", "NXT FILL", "PU BY", "Coll by"); a page that declares
// its dates YYMMDD has them read so; a name cut to a system's field width
// is the medicine's (unseen64, pharmacy shorthand, whose losses were read
// after its first measure).
func TestPharmacyShorthand(t *testing.T) {
	wegovy := Expected{PatientKnown: true, Forename: "Tobias", Surname: "Rennick", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	for _, tc := range []struct {
		name  string
		lines []string
		exp   Expected
		want  [fieldCount]Verdict
	}{
		{"a US label's DOF beside ORIG and DISC", []string{"HARBORVIEW PHARMACY #0417", "RX# 4417-20938 DOF: 11/16/26", "PT: RENNICK, TOBIAS",
			"SEMAGLUT 2.4MG/0.75ML PEN", "SIG: INJ 2.4MG SQ QWK", "ORIG: 07/25/26 DISC: 11/16/27"}, wegovy,
			[fieldCount]Verdict{Valid, Valid, Valid, Valid, Valid}},
		{"an app's LST FILL beside NXT FILL", []string{"Rx Details", "Tobias Rennick - Corner Rx #2291", "WEGOVY 2.4MG/0.75ML PEN", "LST FILL", "11/15/26",
			"NXT FILL", "12/13/26", "SIG", "INJ 2.4MG SQ QWK", "STORE", "CORNER RX #2291"}, wegovy,
			[fieldCount]Verdict{Valid, Valid, Valid, Valid, Valid}},
		{"a bag sticker's Disp'd beside Coll by", []string{"Mr Tobias Rennick", "WEGOVY 2.4MG/0.75ML FT PEN x1 FRIDGE",
			"Disp'd 16-NOV-26 Coll by 30-NOV-26", "Llanfaes Pharmacy, 3 Heol y Dwr, Brecon"}, wegovy,
			[fieldCount]Verdict{Valid, Valid, Valid, Valid, Valid}},
		{"dates declared YYMMDD", []string{"CASCADE RIDGE MAIL ORDER PHARMACY - PICK TICKET", "DATES: YYMMDD", "SHIP TO: RENNICK, TOBIAS",
			"LN BIN LOC ITEM QTY DS RX# FILL", "01 FR-C-12-4 WEGOVY 2.4MG/0.75ML PEN 4 28 7718204-1 261115"}, wegovy,
			[fieldCount]Verdict{Valid, Valid, Valid, Valid, Valid}},
		{"a generic cut short is another medicine", []string{"LIRAGLUT 6MG/ML 3ML PEN x5", "Inj 2.4mg s.c. o.d. as directed.",
			"Mr Tobias Rennick 15 Nov 2026", "Westgate Chemists, 12 Westgate, Ripon"}, wegovy,
			[fieldCount]Verdict{Valid, Invalid, Invalid, NotFound, Valid}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := Explain(textOf(0.95, tc.lines...), tc.exp, Policy{Now: testNow, Market: "us"})
			f := r.Data
			got := [fieldCount]Verdict{f.PatientName.Value, f.MedicationName.Value, f.MedicationDosage.Value, f.MedicationDate.Value, f.PharmacyName.Value}
			if got != tc.want {
				t.Errorf("verdicts %v, want %v (note: %s)", got, tc.want, r.Note)
			}
		})
	}
	// Without the page's declaration a six-figure number is no date.
	if got := readDeclaredDates([]Line{{Text: "RX 261115 FILL"}}); got[0].Text != "RX 261115 FILL" {
		t.Errorf("an undeclared six-figure number was read as a date: %q", got[0].Text)
	}
}

// TestReturnedToStockRowContinued: a fill log's "RTS = RETURNED TO STOCK"
// code, read by Textract on the rest of the row cut at a wide gap, withdraws
// the row (unseen64's fill log).
func TestReturnedToStockRowContinued(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Everett", Surname: "Kaminski", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
	log := []string{
		"PRAIRIE LANTERN PHARMACY #031 RX FILL LOG", "PATIENT: KAMINSKI, EVERETT J DOB 03/14/71",
		"STATUS: F = FILLED/DISPENSED RTS = RETURNED TO STOCK (NOT DISPENSED)",
		"DATE RX# DRUG", "QTY DS RF ST RPH TECH",
		"11/11/26 5530217 WEGOVY 1.7MG/0.75ML", "3ML 28 1 RTS KB",
		"08/09/26 5530217 WEGOVY 1.7MG/0.75ML", "3ML 28 2 F DW KB",
	}
	r, f := Explain(textractOf(0.95, log...), exp, Policy{Now: testNow, Market: "us"})
	if r.Data.MedicationDate.Value == Valid {
		t.Errorf("a row returned to stock dated the fill: %v by %q (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
}

// TestAroundAnOperation: a letter's own date, above its salutation, is
// when it was written, not the supply its prose dates; a wallet card's
// columns of a medicine held around an operation ("Last dose taken",
// "Hold from", "Restart on") date no fill, and "Filled at" heads a column
// of places (unseen68, false accepts at first measure).
func TestAroundAnOperation(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Gillian", Surname: "Ormerod", MedicationName: "Mounjaro", MedicationDosage: "10 mg"}
	letter := []string{
		"Anaesthetic Pre-operative Assessment Clinic", "Date: 18 November 2026", "Mrs Gillian Ormerod", "Dear Mrs Ormerod,",
		"Please withhold Mounjaro for 7 days before surgery.",
		"Harrowgate Pharmacy, Halton Brook on 8 August 2026. If you have had a supply since then, please",
		"Our check of your Summary Care Record shows Mounjaro 10mg KwikPen last dispensed by",
	}
	r, f := Explain(textOf(0.95, letter...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value == Valid {
		t.Errorf("a letter's own date dated the supply: %v by %q (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
	card := []string{
		"My Medication List", "Last dose Hold from | Restart on", "Medicine & Filled at", "dose", "taken",
		"Name: Gillian Ormerod", "Mounjaro 10mg weekly | Fairmont Pharmacy 11/15/26 11/15/26 11/27/26",
		"REVIEWED AT PRE-OP 11/18/2026",
	}
	r, f = Explain(textractOf(0.95, card...), exp, Policy{Now: testNow, Market: "us"})
	if r.Data.MedicationDate.Value != NotFound {
		t.Errorf("a card's last dose dated the fill: %v by %q (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
}

// TestProseSupplyDate: "on August 6, 2026 we dispensed to you" dates the
// supply, whatever caption Textract put on the line above it; the
// letter's report dates do not (unseen69's recall letter, a false accept
// at first measure).
func TestProseSupplyDate(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Cornelius", Surname: "Abernathy", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
	letter := []string{
		"PALMETTO CORNER DRUG", "November 17, 2026", "Cornelius Abernathy", "RE: Recall of Wegovy 1.7 mg/0.75 mL pen, lot RW3J8840",
		"Dear Mr. Abernathy:", "FDA Enforcement Report - Drugs", "11/10/2026", "Recall initiated", "11/14/2026", "Report date",
		"Our records show that on July 31, 2026 we dispensed to you Wegovy 1.7 mg/0.75 mL pen, 4 pens, lot RW3J8840",
	}
	r, f := Explain(textractOf(0.95, letter...), exp, Policy{Now: testNow, Market: "us"})
	if r.Data.MedicationDate.Value != Invalid {
		t.Errorf("date %v by %q, want invalid by the dispensing in the prose (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
}

// TestUnderPrescriberCaption: the line under a prescriber's caption is the
// prescriber's, unless the caption is one of a run of captions read one
// under another (their values follow by position), or a sentence's word.
func TestUnderPrescriberCaption(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  bool
	}{
		{"a card's caption under its date line", []string{"DISPENSED 16 NOV 2026 By Pharmacy", "PRESCRIBED BY", "Flt Lt Imogen Tarrant"}, true},
		{"a run of captions", []string{"First dispensed", "Dispensed by", "Tamsin Okafor-Hale"}, false},
		{"a sentence's word", []string{"Your dose change was approved by your", "prescriber", "Gretchen Aldana"}, false},
		{"a place's caption", []string{"To be dispensed by the hospital pharmacy only - Form CHT/PH/07", "CLINIC", "GALLAGHER, Siobhan Mary (Mrs)"}, false},
	} {
		d := readDocument(textOf(0.95, tc.lines...))
		if got := underPrescriberCaption(d, 2); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestNextCaptionIsNoProse: a caption after a date is the next date's
// ("Week commencing: Monday 30 November 2026 Dispensed: 23/11/2026" on a
// blister pack's card, unseen50), not prose dating the one before it.
func TestNextCaptionIsNoProse(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Mary", Surname: "Quayle", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	card := []string{"Mrs Mary Quayle", "Mounjaro 5mg/0.6ml KwikPen", "Week commencing: Monday 30 November 2026 Dispensed: 16/11/2026", "Ashby Pharmacy"}
	r, f := Explain(textOf(0.95, card...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value != Valid || f.MedicationDate.Text != "16 11 2026" {
		t.Errorf("date %v by %q from %q, want valid from 16/11/2026 (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, r.Note)
	}
}

// TestOtherRoleHeadings: a page's date columns headed only by other roles,
// their headings split over lines, make its unlabelled dates those roles';
// a signature's "Received by" beside an "Expiry" column does not, nor a
// heading of fills.
func TestOtherRoleHeadings(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  bool
	}{
		{"split headings of a held medicine", []string{"Medicine &", "Filled at", "Hold from Restart on", "taken", "Last dose", "Ozempic | Fairmont 11/14/26"}, true},
		{"a signature beside an expiry", []string{"Received by | Expiry", "Quantity received", "Medicine received into San", "11/11/2026"}, false},
		{"a fill column beside them", []string{"Last dose Hold from Restart on", "Date filled", "11/14/26"}, false},
	} {
		if got := otherRoleHeadings(readDocument(textOf(0.95, tc.lines...))); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
