package evidence

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLookupMedicine(t *testing.T) {
	tests := []struct {
		in          string
		wantGeneric string
		wantName    string
		wantOK      bool
	}{
		{"Wegovy", "semaglutide", "Wegovy", true},
		{"wegovy", "semaglutide", "Wegovy", true},
		{"WEGOVY 2.4mg FlexTouch", "semaglutide", "Wegovy", true},
		{"Ozempic®", "semaglutide", "Ozempic", true},
		{"semaglutide", "semaglutide", "semaglutide", true},
		{"Semaglutide injection", "semaglutide", "semaglutide", true},
		{"Wegovy (semaglutide)", "semaglutide", "Wegovy", true},
		{"Rybelsus", "semaglutide", "Rybelsus", true},
		{"Mounjaro KwikPen", "tirzepatide", "Mounjaro", true},
		{"Zepbound", "tirzepatide", "Zepbound", true},
		{"tirzepatide", "tirzepatide", "tirzepatide", true},
		{"Saxenda", "liraglutide", "Saxenda", true},
		{"Victoza", "liraglutide", "Victoza", true},
		{"Monjaro", "tirzepatide", "Mounjaro", true}, // a typing slip
		{"Xenical", "orlistat", "Xenical", true},
		{"alli", "orlistat", "Alli", true},
		{"Adipex-P", "phentermine", "Adipex-P", true},
		{"phentermine", "phentermine", "phentermine", true},
		{"phentermine/topiramate", "phentermine/topiramate", "phentermine/topiramate", true},
		{"Phentermine and Topiramate ER", "phentermine/topiramate", "phentermine/topiramate", true},
		{"Qsymia", "phentermine/topiramate", "Qsymia", true},
		{"naltrexone-bupropion", "naltrexone/bupropion", "naltrexone/bupropion", true},
		{"Contrave", "naltrexone/bupropion", "Contrave", true},
		{"Mysimba", "naltrexone/bupropion", "Mysimba", true},
		{"Trulicity", "dulaglutide", "Trulicity", true},
		{"Bydureon BCise", "exenatide", "Bydureon", true},
		{"Imcivree", "setmelanotide", "Imcivree", true},
		{"topiramate", "", "", false}, // not a weight-loss medicine alone
		{"bupropion", "", "", false},
		{"metformin", "", "", false},
		{"Wegovy or Mounjaro", "", "", false},
		{"", "", "", false},
		{"pen", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, ok := LookupMedicine(tt.in)
			if ok != tt.wantOK || m.Generic != tt.wantGeneric || m.Name != tt.wantName {
				t.Errorf("LookupMedicine(%q) = %q %q %v; want %q %q %v", tt.in, m.Generic, m.Name, ok, tt.wantGeneric, tt.wantName, tt.wantOK)
			}
		})
	}
}

func TestMedicineStrengths(t *testing.T) {
	tests := []struct {
		name string
		want string
	}{
		{"Wegovy", "0.25 mg, 0.5 mg, 1 mg, 1.7 mg, 2.4 mg, 7.2 mg, 1.5 mg, 4 mg, 9 mg, 25 mg"},
		{"Ozempic", "0.25 mg, 0.5 mg, 1 mg, 2 mg"},
		{"Mounjaro", "2.5 mg, 5 mg, 7.5 mg, 10 mg, 12.5 mg, 15 mg"},
		{"liraglutide", "0.6 mg, 1.2 mg, 1.8 mg, 2.4 mg, 3 mg"},
		{"orlistat", "60 mg, 120 mg"},
		{"Byetta", "5 mcg, 10 mcg"},
		{"phentermine", "8 mg, 15 mg, 30 mg, 37.5 mg"},
		{"Contrave", "8 mg/90 mg"},
	}
	for _, tt := range tests {
		m, ok := LookupMedicine(tt.name)
		if !ok {
			t.Fatalf("LookupMedicine(%q) failed", tt.name)
		}
		if got := doseList(m.Strengths); got != tt.want {
			t.Errorf("%s strengths = %s, want %s", tt.name, got, tt.want)
		}
		if !m.Licensed(m.Strengths[0]) || m.Licensed(Dose{Micrograms: 123456}) {
			t.Errorf("%s: Licensed disagrees with Strengths", tt.name)
		}
	}
}

func TestMatchMedicineWord(t *testing.T) {
	tests := []struct {
		word      string
		ocr       bool
		want      string // the name matched, "" for none
		wantLevel matchLevel
	}{
		{"ozempic", false, "ozempic", exactMatch},
		{"0zempic", false, "", noMatch}, // a text layer has no OCR noise
		{"0zempic", true, "ozempic", ocrMatch},
		{"mounjar0", true, "mounjaro", ocrMatch},
		{"rnounjaro", true, "mounjaro", ocrMatch},
		{"wegovyflextouch", false, "wegovy", exactMatch},
		{"wegovy2", false, "wegovy", exactMatch},
		{"semag1utide", true, "semaglutide", ocrMatch},
		{"ozernpic", true, "ozempic", ocrMatch},
		{"ozempc", true, "ozempic", fuzzyMatch1},
		{"tirzepatlde", true, "tirzepatide", ocrMatch},
		{"tirzepatdie", true, "tirzepatide", fuzzyMatch1},
		{"trizepatide", true, "tirzepatide", fuzzyMatch1},
		// Between two -glutides: not at least two edits closer to one.
		{"seraglutide", true, "", noMatch},
		{"siraglutide", true, "", noMatch},
		{"lemaglutide", true, "", noMatch},
		{"victory", true, "", noMatch},
		{"agenda", true, "", noMatch},
		{"contract", true, "", noMatch},
		{"allison", true, "", noMatch},
		{"all", true, "", noMatch},
		{"alli", true, "alli", exactMatch},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			n, level := matchMedicineWord(tt.word, tt.ocr)
			if n.text != tt.want || level != tt.wantLevel {
				t.Errorf("matchMedicineWord(%q, %v) = %q, %v; want %q, %v", tt.word, tt.ocr, n.text, level, tt.want, tt.wantLevel)
			}
		})
	}
}

// TestMatchMedicineWordNeverAnotherMedicine: no single slip (an edit or an
// OCR confusion) of a medicine's name matches a different medicine.
func TestMatchMedicineWordNeverAnotherMedicine(t *testing.T) {
	const alphabet = "abcdefghijklmnopqrstuvwxyz015"
	checked := 0
	for _, n := range medicineNames {
		for _, v := range oneEditVariants(n.text, alphabet) {
			got, level := matchMedicineWord(v, true)
			if level == noMatch || got.entry == n.entry {
				continue
			}
			// The variant may itself be another name, or start with one.
			if exact, l := matchMedicineWord(v, false); l == exactMatch && exact.entry == got.entry {
				continue
			}
			t.Errorf("%q (a slip of %q, %s) matched %q (%s)", v, n.text, n.entry.generic, got.text, got.entry.generic)
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d names checked", checked)
	}
}

func oneEditVariants(s, alphabet string) []string {
	var out []string
	for i := 0; i <= len(s); i++ {
		for _, c := range alphabet {
			out = append(out, s[:i]+string(c)+s[i:]) // insertion
			if i < len(s) {
				out = append(out, s[:i]+string(c)+s[i+1:]) // substitution
			}
		}
		if i < len(s) {
			out = append(out, s[:i]+s[i+1:]) // deletion
		}
		if i+1 < len(s) {
			out = append(out, s[:i]+string(s[i+1])+string(s[i])+s[i+2:]) // transposition
		}
	}
	return out
}

func TestFindMedicineMentions(t *testing.T) {
	type mention struct {
		Line    int
		Generic string
		Name    string
	}
	tests := []struct {
		name  string
		lines []string
		want  []mention
	}{
		{"brand and generic", []string{"Wegovy (semaglutide) 2.4 mg"}, []mention{{0, "semaglutide", "Wegovy"}, {0, "semaglutide", "semaglutide"}}},
		{"combination on one line", []string{"Qsymia (phentermine and topiramate) 7.5 mg/46 mg"}, []mention{{0, "phentermine/topiramate", "Qsymia"}, {0, "phentermine/topiramate", "phentermine/topiramate"}}},
		{"combination over two lines", []string{"Phentermine and", "topiramate ER 7.5 mg/46 mg"}, []mention{{1, "phentermine/topiramate", "phentermine/topiramate"}}},
		{"phentermine alone", []string{"Phentermine 37.5 mg tablets"}, []mention{{0, "phentermine", "phentermine"}}},
		{"component alone is nothing", []string{"Topiramate 25 mg"}, nil},
		{"two medicines and one outside the table", []string{"Metformin 500 mg", "Ozempic 1 mg", "Mounjaro 5 mg"}, []mention{{0, "metformin", "metformin"}, {1, "semaglutide", "Ozempic"}, {2, "tirzepatide", "Mounjaro"}}},
		{"a class stem with a dosage form", []string{"Fluvastatin capsules"}, []mention{{0, "fluvastatin", "fluvastatin"}}},
		{"a listed name without a dose or a form is not a mention", []string{"Warfarin clinic appointments"}, nil},
		{"a name outside the table misread is not a mention", []string{"Metf0rmin 500 mg"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []mention
			for _, m := range findMedicineMentions(readDocument(textOf(1, tt.lines...))) {
				got = append(got, mention{m.line, m.entry.generic, m.entry.displayName(m.brand)})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mentions mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRateMedicine(t *testing.T) {
	tests := []struct {
		name      string
		medicine  string
		lines     []string
		conf      float64
		want      Rating
		wantWords string
	}{
		{name: "brand", medicine: "Wegovy", lines: []string{"Wegovy 2.4 mg"}, want: Rating{Valid, High}},
		{name: "generic on the document", medicine: "Wegovy", lines: []string{"Semaglutide 2.4 mg"}, want: Rating{Valid, High}},
		{name: "other brand of the same generic", medicine: "Wegovy", lines: []string{"Ozempic 1 mg"}, want: Rating{Valid, High}},
		{name: "OCR noise", medicine: "Ozempic", lines: []string{"0zempic 1 mg"}, conf: 0.92, want: Rating{Valid, Medium}},
		{name: "different medicine", medicine: "Wegovy", lines: []string{"Mounjaro 5 mg"}, want: Rating{Invalid, High}, wantWords: "different medicine (Mounjaro) from the one requested (Wegovy)"},
		{name: "different medicine by generic", medicine: "Zepbound", lines: []string{"Liraglutide 3 mg"}, want: Rating{Invalid, High}, wantWords: "(liraglutide)"},
		{name: "both the requested and another", medicine: "Wegovy", lines: []string{"Wegovy 2.4 mg", "Saxenda 3 mg"}, want: Rating{Valid, Medium}},
		{name: "none", medicine: "Wegovy", lines: []string{"Take one daily"}, want: Rating{NotFound, Medium}},
		// Issue 9, item 2: a document that clearly names another medicine,
		// in the table or not, is about that medicine.
		{name: "a medicine outside the table with its dose", medicine: "Wegovy", lines: []string{"Paracetamol 500 mg"}, want: Rating{Invalid, High}, wantWords: "paracetamol"},
		{name: "a medicine outside the table with only a form", medicine: "Wegovy", lines: []string{"Sertraline tablets"}, want: Rating{Invalid, Medium}},
		{name: "a medicine outside the table beside the requested one", medicine: "Wegovy", lines: []string{"Wegovy 2.4 mg", "Metformin 500 mg tablets"}, want: Rating{Valid, High}},
		{name: "unknown request", medicine: "Metformin", lines: []string{"Metformin 500 mg"}, want: Rating{NotFound, High}, wantWords: "not one this service can verify"},
		{name: "no request", medicine: "", lines: []string{"Wegovy"}, want: Rating{NotFound, High}, wantWords: "no medicine was given"},
		{name: "phentermine is not Qsymia", medicine: "Qsymia", lines: []string{"Phentermine 37.5 mg"}, want: Rating{Invalid, High}},
		{name: "Qsymia is not phentermine", medicine: "phentermine", lines: []string{"Phentermine/topiramate ER 7.5/46 mg"}, want: Rating{Invalid, High}},
		// A medicine named in a warning or an advert is not supplied
		// (round 15, unseen45's false accepts at first measure).
		{name: "named only in a warning over lines", medicine: "Ozempic", lines: []string{
			"MOUNJARO 10MG/0.5ML PEN", "DO NOT USE WITH OTHER GLP-", "1 MEDICINES SUCH AS", "OZEMPIC (SEMAGLUTIDE)."},
			want: Rating{Invalid, High}, wantWords: "(Mounjaro)"},
		{name: "a warning's sentence ended before the medicine", medicine: "Ozempic", lines: []string{
			"Do not use with insulin.", "Ozempic 1 mg pen"}, want: Rating{Valid, High}},
		{name: "named only in an advert", medicine: "Mounjaro", lines: []string{
			"Treatment", "Wegovy 0.5mg FlexTouch pen x 1", "ADVERTISEMENT", "Switch to a weekly pen today",
			"Mounjaro 2.5mg, 5mg and 7.5mg KwikPens"}, want: Rating{Invalid, High}, wantWords: "(Wegovy)"},
		{name: "an advert's own words", medicine: "Mounjaro", lines: []string{
			"Wegovy 0.5mg FlexTouch pen x 1", "Mounjaro KwikPens now in stock from £129"}, want: Rating{Invalid, High}},
		// A subscription box's offer of more (unseen183, round 33).
		{name: "named only in a box's offer of more", medicine: "Zepbound", lines: []string{
			"Rx # Item Qty Dispensed", "00311 Finasteride 1 mg tablet 90 11/23/2026", "Add Zepbound to your next box",
			"Ask about weight care: Zepbound 2.5 mg starter pens, if your provider approves. Not", "included in this box."},
			want: Rating{Invalid, High}, wantWords: "(finasteride)"},
		// A missed-dose leaflet's table beside an Ozempic label (unseen184,
		// round 33).
		{name: "named only in a leaflet's advice on missed doses", medicine: "Mounjaro", lines: []string{
			"Ozempic 0.5mg solution for injection in pre-filled pen", "19/11/2026", "If you miss a dose",
			"| Your medicine | Take the missed dose if | Otherwise", "Ozempic (semaglutide) | within 5 days of the missed day | skip it",
			"| Mounjaro (tirzepatide) | within 4 days of the missed day | skip it"},
			want: Rating{Invalid, High}, wantWords: "(Ozempic)"},
		{name: "an item not included in this box", medicine: "Wegovy", lines: []string{
			"Finasteride 1 mg tablet 90", "Wegovy 0.25 mg pen: not included in this box"}, want: Rating{Invalid, High}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conf := tt.conf
			if conf == 0 {
				conf = 1
			}
			d := readDocument(textOf(conf, tt.lines...))
			want, ok := LookupMedicine(tt.medicine)
			f := rateMedicine(d, Expected{MedicationName: tt.medicine}, want, ok, findMedicineMentions(d))
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s", diff)
			}
			if !strings.Contains(f.problem, tt.wantWords) {
				t.Errorf("problem = %q, want it to contain %q", f.problem, tt.wantWords)
			}
		})
	}
}

// TestOCRSourceToleratesNoise: a Textract or Tesseract line is OCR output
// however sure the reader was; a text layer's is not.
func TestOCRSourceToleratesNoise(t *testing.T) {
	for _, tt := range []struct {
		source string
		want   Verdict
	}{{"textract", Valid}, {"tesseract", Valid}, {"pdf-text", NotFound}} {
		text := Text{Source: tt.source, Lines: []Line{{Text: "0zempic 1 mg", Confidence: 0.995}}}
		d := readDocument(text)
		want, _ := LookupMedicine("Ozempic")
		f := rateMedicine(d, Expected{MedicationName: "Ozempic"}, want, true, findMedicineMentions(d))
		if f.rating.Value != tt.want {
			t.Errorf("%s: rating %v, want %v", tt.source, f.rating, tt.want)
		}
	}
}

// TestMedicineThePharmacyHoldsNoneOf: a pharmacy's assistant saying it
// holds no prescription of the requested medicine, beside another
// medicine's fill, leaves the page's undated mentions of it as the
// patient's words (unseen119, round 25: a virtual assistant's chat, false
// accepts at first measure on 3 uploads, both readers, for the medicine
// and the date). A fill of it the page dates still names it.
func TestMedicineThePharmacyHoldsNoneOf(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Odessa", Surname: "Whitcombe", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	chat := func(last string) []string {
		return []string{"Hi Odessa Whitcombe! I'm Sunny. How can I help?", "I found 1 recent prescription order on your account:",
			"Saxenda (liraglutide) 18 mg/3 mL pen x 5", "Patient: Odessa Whitcombe", "Filled: Nov 17, 2026",
			"Store: Prairie Sun Pharmacy #0412, Elm St", "I don't see a Wegovy prescription on your account.", last}
	}
	for _, tt := range []struct {
		name           string
		lines          []string
		medicine, date Verdict
	}{
		{"the patient's word that it was prescribed", chat("My doctor switched me to Wegovy 2.4 last week"), Invalid, NotFound},
		{"a fill of it dated on the page", chat("Your Wegovy 2.4 mg pen was filled on Nov 12, 2026 at our Oak St store"), Valid, Valid},
	} {
		r, f := Explain(textOf(1, tt.lines...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationName.Value != tt.medicine || r.Data.MedicationDate.Value != tt.date {
			t.Errorf("%s: medicine %+v by %s, date %+v by %s; want %s and %s (note %q)", tt.name, r.Data.MedicationName, f.MedicationName.Rule,
				r.Data.MedicationDate, f.MedicationDate.Rule, tt.medicine, tt.date, r.Note)
		}
	}
}

// TestMedicineGivenInsteadOfAnother: a medicine the page says another was
// prescribed instead of is none the page supplies (unseen129, round 26: a
// pharmacy's message centre, "Your prescription: Ozempic 1mg pens" over
// "Ozempic 1mg pens are out of stock" and "Your GP has prescribed Mounjaro
// instead of Ozempic", the Mounjaro's fill rated the Ozempic's, false
// accepts at first measure, both readers).
func TestMedicineGivenInsteadOfAnother(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Constance", Surname: "Pike", MedicationName: "Ozempic", MedicationDosage: "1 mg"}
	lines := []string{"Your prescription: Ozempic 1mg pens", "We are sorry: Ozempic 1mg pens are out of stock with our suppliers.",
		"Your GP has prescribed Mounjaro instead of Ozempic. We have dispensed it today:", "Patient", "Mrs Constance Pike",
		"Item", "Mounjaro 5mg/0.6ml KwikPen x1", "Dispensed", "17 November 2026", "Branch", "Marlowe Chemists, 9 Market Square"}
	r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationName.Value != Invalid || r.Data.MedicationDosage.Value == Valid || r.Data.MedicationDate.Value == Valid {
		t.Errorf("medicine %+v by %s, dose %+v, date %+v by %s; want the medicine invalid and neither dose nor date valid (note %q)",
			r.Data.MedicationName, f.MedicationName.Rule, r.Data.MedicationDosage, r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
}

// TestSwitchToComeAndQuestionsSupplyNone: a patient's summary for a visit
// names the medicine she may switch to and asks about it, above the label
// of the one she takes (unseen139, round 27): the one to come is no supply,
// the label's is; a table's "Still taking?" caption asks nothing.
func TestSwitchToComeAndQuestionsSupplyNone(t *testing.T) {
	page := []string{"Medication summary for my visit with Dr. Okonjo", "Ruthanne Baxter",
		"Saxenda 3 mg once daily (since August)",
		"Dr. Okonjo's office said I can switch to Zepbound, starting at 2.5 mg once a week after this visit.",
		"Do I stop the Saxenda the day before my first Zepbound shot?",
		"Copy of the label on my current Saxenda box", "MARIGOLD PHARMACY #12", "BAXTER, RUTHANNE",
		"SAXENDA 18MG/3ML PEN INJECTOR", "INJECT 3 MG UNDER THE SKIN ONCE DAILY", "FILLED 11/16/2026"}
	baxter := func(med, dose string) Expected {
		return Expected{PatientKnown: true, Forename: "Ruthanne", Surname: "Baxter", MedicationName: med, MedicationDosage: dose}
	}
	r, f := Explain(textOf(1, page...), baxter("Zepbound", "2.5 mg"), Policy{Now: testNow, Market: "us"})
	if r.Data.MedicationName.Value == Valid || r.Data.MedicationDosage.Value == Valid || r.Data.MedicationDate.Value == Valid {
		t.Errorf("a switch to come: medicine %+v by %s, dose %+v by %s, date %+v by %s; want none valid",
			r.Data.MedicationName, f.MedicationName.Rule, r.Data.MedicationDosage, f.MedicationDosage.Rule, r.Data.MedicationDate, f.MedicationDate.Rule)
	}
	r, _ = Explain(textOf(1, page...), baxter("Saxenda", "3 mg"), Policy{Now: testNow, Market: "us"})
	if !r.Success {
		t.Errorf("the label's Saxenda: %+v", r.Data)
	}
	medrec := []string{"Medication and strength  How you take it  Last filled  Still taking?",
		"Ozempic 1 mg/dose pen  1 mg once weekly  11/11/2026 at Orchard Lane Pharmacy  Yes"}
	r, f = Explain(textOf(1, medrec...), Expected{PatientKnown: true, Forename: "Ana", Surname: "Ruiz", MedicationName: "Ozempic", MedicationDosage: "1 mg"}, Policy{Now: testNow, Market: "us"})
	if r.Data.MedicationName.Value != Valid {
		t.Errorf("a med rec's row under \"Still taking?\": medicine %+v by %s", r.Data.MedicationName, f.MedicationName.Rule)
	}
}

// TestBlindedTrialTreatmentIsNoSupply: a trial kit's "Semaglutide 2.4 mg
// or Placebo" names no medicine the participant is known to have had, and
// an unblinding letter that says the treatment was placebo names none
// either; an open-label supply beside a blinded phase's description does
// (unseen138, round 27).
func TestBlindedTrialTreatmentIsNoSupply(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Gwenllian", Surname: "Rhosier", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	kit := []string{"Sponsor: Veritane Therapeutics Ltd", "Protocol: VRT-3107-08", "Semaglutide 2.4 mg or Placebo",
		"Solution for injection in pre-filled pen", "Participant: Mrs Gwenllian Rhosier", "Dispensed by: Clinical Trials Pharmacy", "Date dispensed: 16/11/2026"}
	letter := []string{"Dear Ms Rhosier,", "The study compared semaglutide 2.4 mg given once a week with placebo.", "Your study treatment was:", "PLACEBO",
		"All of your study injections were dispensed to you by the Clinical Trials Pharmacy on 16 November 2026."}
	ole := []string{"Open-label extension: dispensing record", "Participant: Gwenllian Rhosier",
		"After the double-blind period (semaglutide 2.4 mg or placebo) every participant receives open-label treatment.",
		"Wegovy 2.4 mg FlexTouch pen x1 dispensed 16/11/2026 by Clinical Trials Pharmacy"}
	for _, tt := range []struct {
		name  string
		lines []string
		want  Verdict
	}{
		{"a blinded kit", kit, NotFound},
		{"an unblinding letter: placebo", letter, NotFound},
		{"an open-label supply after a blinded phase", ole, Valid},
		// A wallet card's cells interleaved by Textract (unseen178, round 32).
		{"a blinded card read across its columns", []string{"RESEARCH PARTICIPANT CARD", "Study medicine (blinded)",
			"subcutaneous semaglutide injection, 2.4 mg or once placebo weekly", "Participant", "Gwenllian Rhosier"}, NotFound},
	} {
		r, f := Explain(textOf(1, tt.lines...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationName.Value != tt.want || tt.want != Valid && (r.Data.MedicationDosage.Value == Valid || r.Data.MedicationDate.Value == Valid) {
			t.Errorf("%s: medicine %+v by %s, dose %+v, date %+v; want medicine %s", tt.name, r.Data.MedicationName, f.MedicationName.Rule, r.Data.MedicationDosage, r.Data.MedicationDate, tt.want)
		}
	}
}

// TestExampleMedicinesAreNoSupply: an insurer's welcome to its weight
// programme names the medicines it may offer as examples (unseen142,
// round 27): neither is supplied.
func TestExampleMedicinesAreNoSupply(t *testing.T) {
	letter := []string{"Welcome to the Healthy Weight Programme", "Dear Ms Ramasamy,",
		"If your clinician thinks it right, you may be offered a weekly", "injection such as Wegovy or Mounjaro. Not everyone is suitable.",
		"Your programme started on 16 November 2026."}
	for _, med := range []string{"Wegovy", "Mounjaro"} {
		r, f := Explain(textOf(1, letter...), Expected{PatientKnown: true, Forename: "Leela", Surname: "Ramasamy", MedicationName: med, MedicationDosage: "5 mg"}, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationName.Value == Valid {
			t.Errorf("%s given as an example: medicine %+v by %s", med, r.Data.MedicationName, f.MedicationName.Rule)
		}
	}
}

// TestAnotherPersonsMedicineIsNoSupply: a pharmacy's apology for a parcel
// that held another customer's pen, and the patient's own replacement
// (unseen144, round 28). The other customer's medicine, its strength and
// the replacement's date are no supply of it to the patient; the
// replacement is.
func TestAnotherPersonsMedicineIsNoSupply(t *testing.T) {
	email := []string{"We sent you the wrong item - your replacement is on its way",
		"Dear Priya Halloran-Shah,",
		"Thank you for letting us know. The parcel you received on order PNT-448190 contained a Wegovy 2.4mg",
		"FlexTouch pen that was meant for another customer. This was our packing error and we are sorry. Please",
		"do not use it: a prepaid return bag is on its way to you.",
		"Your replacement", "Mounjaro 12.5mg KwikPen x1 (4 doses)",
		"Dispensed: 24 November 2026 by Pennant Online Pharmacy"}
	belonging := []string{"Dear Priya Halloran-Shah,", "The Wegovy 2.4mg pen in your bag belonged to another patient and has been collected.",
		"Your own Mounjaro 12.5mg KwikPen was dispensed on 24 November 2026 by Pennant Online Pharmacy."}
	for _, tt := range []struct {
		name, med, dose string
		lines           []string
		want            Verdict
	}{
		{"the other customer's pen", "Wegovy", "2.4 mg", email, Invalid},
		{"the replacement", "Mounjaro", "12.5 mg", email, Valid},
		{"a pen that belonged to another patient", "Wegovy", "2.4 mg", belonging, Invalid},
		{"the patient's own pen beside it", "Mounjaro", "12.5 mg", belonging, Valid},
	} {
		exp := Expected{PatientKnown: true, Forename: "Priya", Surname: "Halloran-Shah", MedicationName: tt.med, MedicationDosage: tt.dose}
		r, f := Explain(textOf(1, tt.lines...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationName.Value != tt.want || tt.want != Valid && (r.Data.MedicationDosage.Value == Valid || r.Data.MedicationDate.Value == Valid) {
			t.Errorf("%s: medicine %+v by %s, dose %+v, date %+v; want medicine %s", tt.name, r.Data.MedicationName, f.MedicationName.Rule, r.Data.MedicationDosage, r.Data.MedicationDate, tt.want)
		}
	}
}

// TestMedicineCheckedOnlyIsNoSupply: a sports federation's substance check
// beside a member's declared medicine (unseen147, round 28): the medicine
// looked up "checked only, not taken" is no supply; the declared one is.
func TestMedicineCheckedOnlyIsNoSupply(t *testing.T) {
	page := []string{"Pre-contest medication declaration & substance check", "Member: Deshawn Pruitt",
		"Zepbound 7.5 mg/0.5 mL pen 7.5 mg once weekly Filled 11/07/2026 at Magnolia Pharmacy",
		"SUBSTANCE CHECK RESULTS", "Zepbound", "tirzepatide - permitted in and out of competition Yes (declared above)",
		"Wegovy", "semaglutide - permitted in and out of competition No - checked only, not", "taken"}
	for med, want := range map[string]Verdict{"Wegovy": Invalid, "Zepbound": Valid} {
		exp := Expected{PatientKnown: true, Forename: "Deshawn", Surname: "Pruitt", MedicationName: med, MedicationDosage: "7.5 mg"}
		r, f := Explain(textOf(1, page...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationName.Value != want {
			t.Errorf("%s: medicine %+v by %s, want %s", med, r.Data.MedicationName, f.MedicationName.Rule, want)
		}
	}
}

// TestProductThatDoesNotContainTheMedicine: a supplement's receipt that
// says it does not contain semaglutide names no Wegovy (unseen151, round
// 29: a false accept at first measure on 3 uploads, each reader).
func TestProductThatDoesNotContainTheMedicine(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Dominic", Surname: "Harrowgate", MedicationName: "Wegovy", MedicationDosage: "0.25mg"}
	for _, tt := range []struct {
		line string
		want Verdict
	}{
		{"food supplement, does not contain semaglutide or any medicine", NotFound},
		{"contains no semaglutide", NotFound},
		{"Wegovy 0.25mg FlexTouch, contains semaglutide", Valid},
	} {
		r, f := Explain(textOf(1, "HEALTHY HARVEST", "SEMA-LITE 5 GLP SUPPORT 60 CAPS", tt.line), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationName.Value != tt.want {
			t.Errorf("%q: medicine %+v by %s, want %s", tt.line, r.Data.MedicationName, f.MedicationName.Rule, tt.want)
		}
	}
}

// TestComparedMedicineIsNotThePatients: a progress chart's legend names
// another medicine as what is typical, for comparison (unseen164, round 30:
// the requested Saxenda rated the patient's, a false accept at first
// measure, each reader); the patient's own line still names theirs.
func TestComparedMedicineIsNotThePatients(t *testing.T) {
	lines := []string{"Your progress vs. typical", "Patient: Evan Quist", "You (Wegovy 1 mg)",
		"Typical: Saxenda 3 mg (published trial average)", "Your supply",
		"Wegovy 1 mg/0.5 mL single-dose pen, 4 pens · shipped 11/15/2026", "Ashford Lane Pharmacy"}
	for _, tt := range []struct {
		medicine, dose string
		want           Verdict
	}{
		{"Saxenda", "3 mg", Invalid},
		{"Wegovy", "1 mg", Valid},
	} {
		exp := Expected{PatientKnown: true, Forename: "Evan", Surname: "Quist", MedicationName: tt.medicine, MedicationDosage: tt.dose}
		r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationName.Value != tt.want {
			t.Errorf("%s: medicine %+v by %s, want %s", tt.medicine, r.Data.MedicationName, f.MedicationName.Rule, tt.want)
		}
	}
}

// TestProductsListOfMedicinesItFits: a travel cool bag's leaflet lists the
// pens it fits beside the patient's own label (unseen179, round 32): the
// listed medicines are not supplied, the label's is; the list may wrap, and
// Textract may run the label's line into its first line after a bar.
func TestProductsListOfMedicinesItFits(t *testing.T) {
	label := []string{"Saxenda 6mg/ml solution for injection pre-filled pen (18mg/3ml) x1", "Inject 3mg under the skin ONCE DAILY.",
		"Ms Priya Ramdass 16 Nov 2026"}
	for _, tt := range []struct {
		name  string
		lines []string
	}{
		{"the list wrapped", []string{"Suitable for pen boxes of Saxenda,", "Wegovy, Ozempic and Mounjaro and most", "insulin pens."}},
		{"a label's line run into it", []string{"Suitable for pen boxes of Saxenda, | 01632 960915 Oakmere Pharmacy, 9 Oakmere Road -",
			"Wegovy, Ozempic and Mounjaro and most |", "insulin pens."}},
	} {
		lines := append(slices.Clone(tt.lines), label...)
		for med, want := range map[string]Verdict{"Wegovy": Invalid, "Saxenda": Valid} {
			r, f := Explain(textOf(1, lines...), Expected{PatientKnown: true, Forename: "Priya", Surname: "Ramdass", MedicationName: med, MedicationDosage: "3 mg"}, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationName.Value != want {
				t.Errorf("%s, %s: medicine %+v by %s, want %s", tt.name, med, r.Data.MedicationName, f.MedicationName.Rule, want)
			}
		}
	}
}
