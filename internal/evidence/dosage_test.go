package evidence

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRateDosage checks the dose field alone on small documents.
func TestRateDosage(t *testing.T) {
	tests := []struct {
		name      string
		lines     []string
		conf      float64 // of every line; 1 when unset
		medicine  string
		dosage    string
		want      Rating
		wantWords string // in the note clause
	}{
		{
			name:     "dose on the medicine's line",
			lines:    []string{"Wegovy 2.4mg/0.75ml solution for injection pre-filled pen"},
			medicine: "Wegovy", dosage: "2.4 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "brand and generic are the same medicine",
			lines:    []string{"Semaglutide 1 mg solution for injection"},
			medicine: "Ozempic", dosage: "1mg",
			want: Rating{Valid, High},
		},
		{
			name:     "OCR read a dose no product of the medicine has: a misreading, not a different dose",
			lines:    []string{"Mounjaro pre-filled pen 7.9 mg 1 £229.00"},
			conf:     0.9,
			medicine: "Mounjaro", dosage: "7.5 mg",
			want: Rating{NotFound, Low}, wantWords: "not a strength",
		},
		{
			name:     "a text layer's unlicensed dose is what the document says",
			lines:    []string{"Mounjaro pre-filled pen 7.9 mg 1 £229.00"},
			medicine: "Mounjaro", dosage: "7.5 mg",
			want: Rating{Invalid, High},
		},
		{
			name:     "OCR read another licensed strength: a different dose",
			lines:    []string{"Mounjaro pre-filled pen 5 mg"},
			conf:     0.9,
			medicine: "Mounjaro", dosage: "7.5 mg",
			want: Rating{Invalid, High},
		},
		{
			name:     "different licensed strength",
			lines:    []string{"Mounjaro 5mg/0.6ml KwikPen"},
			medicine: "Mounjaro", dosage: "2.5 mg",
			want: Rating{Invalid, High}, wantWords: "different dose (5 mg) from the one requested (2.5 mg)",
		},
		{
			name:     "US Ozempic pen content is not the dose; the directions are",
			lines:    []string{"OZEMPIC 2MG/1.5ML PEN", "INJECT 0.5MG UNDER THE SKIN ONCE WEEKLY"},
			medicine: "Ozempic", dosage: "0.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "US Ozempic pen: the pen content is not the requested dose",
			lines:    []string{"OZEMPIC 2MG/1.5ML PEN", "INJECT 0.5MG UNDER THE SKIN ONCE WEEKLY"},
			medicine: "Ozempic", dosage: "2 mg",
			want: Rating{Invalid, High}, wantWords: "different dose (0.5 mg)",
		},
		{
			name:     "Saxenda concentration and pen content are not the dose",
			lines:    []string{"Saxenda 6 mg/ml solution for injection 18 mg/3 ml pen", "Inject 1.8 mg once daily"},
			medicine: "Saxenda", dosage: "1.8mg",
			want: Rating{Valid, High},
		},
		{
			name:     "titration: the later dose is not the current one",
			lines:    []string{"Mounjaro KwikPen", "Inject 2.5 mg weekly for 4 weeks, then increase to 5 mg weekly"},
			medicine: "Mounjaro", dosage: "5 mg",
			want: Rating{Invalid, High}, wantWords: "different dose (2.5 mg)",
		},
		{
			// A dose review's caption "Missed doses" is no leaflet's advice
			// (unseen98's text PDF in round 33's replay).
			name: "a dose review's caption of missed doses over its supply",
			lines: []string{"Dose review: weight management (Wegovy)", "Current dose", "Wegovy 1mg once weekly (since 5 weeks)", "Missed doses",
				"None", "Prescriber decision", "Increase Wegovy 1mg to 1.7mg once weekly", "Dispensing", "Item", "Wegovy 1.7mg FlexTouch x1",
				"Dispensed", "22/11/2026"},
			medicine: "Wegovy", dosage: "1.7 mg",
			// Its two strengths leave the dose to a person; the supply's is
			// not taken away (invalid, 1 mg, when it was).
			want: Rating{NotFound, Low},
		},
		{
			// A discharge letter's restart plan beside the supply's label
			// (unseen190, round 33).
			name:     "a restart's dose is not the supply's",
			lines:    []string{"Wegovy (semaglutide) 2.4 mg once weekly: withheld", "Restart at 0.25 mg once weekly in 2 weeks if pain-free;", "Wegovy 2.4 mg FlexTouch pen, 1 pen, dispensed 29/10/2026"},
			medicine: "Wegovy", dosage: "0.25 mg",
			want: Rating{Invalid, High}, wantWords: "different dose (2.4 mg)",
		},
		{
			// A titration sticker beside a label (unseen22, round 13).
			name:     "titration: a sticker's next strength is not the current one",
			lines:    []string{"WEGOVY 0.5 MG/0.5 ML PEN", "semaglutide - INJECT 0.5 MG SUBCUT ONCE WEEKLY", "NEXT STRENGTH 1 MG", "QTY: 4 PENS (2 ML)"},
			medicine: "Wegovy", dosage: "0.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "requested dose not licensed for the medicine",
			lines:    []string{"Wegovy 3 mg"},
			medicine: "Wegovy", dosage: "3 mg",
			want: Rating{Invalid, High}, wantWords: "not a licensed strength of Wegovy",
		},
		{
			name:     "Rybelsus strength is not a Wegovy strength",
			lines:    []string{"Rybelsus 14 mg tablets"},
			medicine: "Wegovy", dosage: "14 mg",
			want: Rating{Invalid, High}, wantWords: "not a licensed strength of Wegovy",
		},
		{
			name:     "two doses of the medicine",
			lines:    []string{"Wegovy 0.25 mg pen x4", "Wegovy 0.5 mg pen x4"},
			medicine: "Wegovy", dosage: "0.5 mg",
			want: Rating{NotFound, Low}, wantWords: "more than one dose (0.25 mg, 0.5 mg)",
		},
		{
			name:     "another medicine's dose is not taken",
			lines:    []string{"Metformin 500mg tablets", "Take one twice daily", "", "Wegovy 1mg FlexTouch", "Inject 1 mg weekly"},
			medicine: "Wegovy", dosage: "1 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "a table medicine's block is not the requested one's",
			lines:    []string{"Ozempic", "Saxenda 3 mg daily", "Inject 0.5 mg weekly"},
			medicine: "Ozempic", dosage: "0.5 mg",
			want: Rating{NotFound, Medium},
		},
		{
			name:     "two medicines on one line",
			lines:    []string{"Mounjaro 5 mg, Wegovy 2.4 mg"},
			medicine: "Wegovy", dosage: "5 mg",
			want: Rating{Invalid, High}, wantWords: "not a licensed strength",
		},
		{
			name:     "two medicines on one line, the other's dose is not taken",
			lines:    []string{"Wegovy 1 mg; Ozempic 2 mg pen; Mounjaro 2.5 mg"},
			medicine: "Mounjaro", dosage: "2.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "two medicines on one line, only the other has a licensed dose",
			lines:    []string{"Wegovy pen, Mounjaro 5 mg"},
			medicine: "Wegovy", dosage: "1 mg",
			want: Rating{NotFound, Medium},
		},
		{
			name:     "decimal comma and micrograms",
			lines:    []string{"Wegovy 0,25 mg", "Inject 250 micrograms weekly"},
			medicine: "Wegovy", dosage: "0.25mg",
			want: Rating{Valid, High},
		},
		{
			name:     "dose two lines under the medicine",
			lines:    []string{"Mounjaro (tirzepatide)", "solution for injection", "7.5 mg single-dose pen"},
			medicine: "tirzepatide", dosage: "7.5",
			want: Rating{Valid, Medium},
		},
		{
			name:     "dose far from the medicine",
			lines:    []string{"Zepbound", "a", "b", "c", "Strength 10 mg"},
			medicine: "Zepbound", dosage: "10 mg",
			want: Rating{Valid, Low},
		},
		{
			name:     "no medicine, no dose",
			lines:    []string{"Inject 2.4 mg weekly"},
			medicine: "Wegovy", dosage: "2.4 mg",
			want: Rating{NotFound, Medium},
		},
		{
			name:     "the document's medicine is another one",
			lines:    []string{"Mounjaro 2.5 mg"},
			medicine: "Zepbound", dosage: "2.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "dose of a different medicine",
			lines:    []string{"Saxenda 2.4 mg"},
			medicine: "Wegovy", dosage: "2.4 mg",
			want: Rating{Invalid, Medium}, wantWords: "is for a different medicine",
		},
		{
			name:     "combination by its first amount",
			lines:    []string{"Qsymia 7.5 mg/46 mg capsules"},
			medicine: "Qsymia", dosage: "7.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "OCR: a dotted zero read as ©",
			lines:    []string{"SAXENDA 18MG/3ML PEN", "INJECT ©.6MG UNDER THE SKIN ONCE DAILY"},
			conf:     0.87,
			medicine: "Saxenda", dosage: "600 mcg",
			want: Rating{Valid, Medium},
		},
		{
			name:     "OCR: a dotted zero read as ©, another dose requested",
			lines:    []string{"WEGOVY 0.5MG/0.5ML PEN", "INJECT ©.5MG UNDER THE SKIN ONCE WEEKLY"},
			conf:     0.94,
			medicine: "Wegovy", dosage: "1.7 mg",
			want: Rating{Invalid, Medium}, wantWords: "different dose (0.5 mg)",
		},
		{
			name:     "OCR: 1mg read as Img",
			lines:    []string{"Ozempic 4 mg/3 ml pen", "Inject Img once weekly"},
			conf:     0.9,
			medicine: "Ozempic", dosage: "1 mg",
			want: Rating{Valid, Medium},
		},
		{
			name:     "OCR: 5mg read as Smg",
			lines:    []string{"Mounjaro 5mg/0.5ml solution for injection", "KwikPen", "Inject Smg once weekly"},
			conf:     0.9,
			medicine: "Mounjaro", dosage: "5 mg",
			want: Rating{Valid, Medium},
		},
		{
			name:     "OCR: a glyph before the point is no whole number",
			lines:    []string{"MOUNJARO PEN", "INJECT Z.5MG UNDER THE SKIN ONCE WEEKLY"},
			conf:     0.9,
			medicine: "Mounjaro", dosage: "5 mg",
			want: Rating{NotFound, Medium},
		},
		// A poorly read dose one digit from the requested one may be it,
		// misread: not_found. Read well, or further off, it is another dose.
		{
			name:     "photo: 1.7 mg read poorly as 1 mg",
			lines:    []string{"Wegovy (semaglutide) injection pen 1 mg/0.75 mL 4 pens $1,349.02"},
			conf:     0.58,
			medicine: "Wegovy", dosage: "1.7 mg",
			want: Rating{NotFound, Low}, wantWords: "close to the one requested",
		},
		{
			name:     "photo: 15 mg read fairly as 5 mg",
			lines:    []string{"Mounjaro 5mg/0.5ml KwikPen", "Inject 5mg once weekly"},
			conf:     0.85,
			medicine: "Mounjaro", dosage: "15 mg",
			want: Rating{NotFound, Low}, wantWords: "may be misread",
		},
		{
			name:     "read fairly: 15 mg for 12.5 mg is two glyphs off, another dose",
			lines:    []string{"Zepbound pre-filled pen 15 mg 1 $499.00"},
			conf:     0.89,
			medicine: "Zepbound", dosage: "12.5mg",
			want: Rating{Invalid, Medium}, wantWords: "different dose (15 mg)",
		},
		{
			name:     "read badly: 15 mg for 12.5 mg may be misread",
			lines:    []string{"Zepbound pre-filled pen 15 mg 1 $499.00"},
			conf:     0.55,
			medicine: "Zepbound", dosage: "12.5mg",
			want: Rating{NotFound, Low}, wantWords: "may be misread",
		},
		// An amount the named product does not come in was misread, though
		// another product of the generic comes in it (Rybelsus 7 mg).
		{
			name:     "photo: Wegovy 1.7 mg read as 7 mg, no Wegovy strength",
			lines:    []string{"Wegovy (semaglutide) injection pen a 7 mg/0. 75 mL 4 pens $1,349.02"},
			conf:     0.72,
			medicine: "Wegovy", dosage: "1.7 mg",
			want: Rating{NotFound, Low}, wantWords: "not a strength of Wegovy",
		},
		{
			name:     "photo: semaglutide alone at 7 mg is another dose",
			lines:    []string{"Semaglutide tablets 7 mg, one a day"},
			conf:     0.72,
			medicine: "Wegovy", dosage: "1.7 mg",
			want: Rating{Invalid, Medium}, wantWords: "different dose (7 mg)",
		},
		{
			name:     "read well: 5 mg for 15 mg is another dose",
			lines:    []string{"Mounjaro 5mg/0.5ml KwikPen", "Inject 5mg once weekly"},
			conf:     0.95,
			medicine: "Mounjaro", dosage: "15 mg",
			want: Rating{Invalid, High}, wantWords: "different dose (5 mg)",
		},
		{
			name:     "text layer: 1 mg for 1.7 mg is another dose",
			lines:    []string{"Wegovy 1mg/0.5ml FlexTouch", "Inject 1 mg once weekly"},
			medicine: "Wegovy", dosage: "1.7 mg",
			want: Rating{Invalid, High}, wantWords: "different dose (1 mg)",
		},
		{
			name:     "read fairly, more than a digit off: 2.4 mg for 0.25 mg",
			lines:    []string{"Wegovy 2.4mg/0.75ml FlexTouch", "Inject 2.4 mg once weekly"},
			conf:     0.8,
			medicine: "Wegovy", dosage: "0.25 mg",
			want: Rating{Invalid, Medium}, wantWords: "different dose (2.4 mg)",
		},
		{
			name:     "a digit put back from a letter, one digit from the request",
			lines:    []string{"Ozempic 4 mg/3 ml pen", "Inject Img once weekly"},
			conf:     0.95,
			medicine: "Ozempic", dosage: "2 mg",
			want: Rating{NotFound, Low}, wantWords: "may be misread",
		},
		{
			name:     "a leading decimal point on a text layer",
			lines:    []string{"Ozempic pen", "Inject .5 mg once weekly"},
			medicine: "Ozempic", dosage: "0.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "unparseable request",
			lines:    []string{"Wegovy 2.4 mg"},
			medicine: "Wegovy", dosage: "the big one",
			want: Rating{NotFound, High}, wantWords: "could not be understood",
		},
		{
			name:     "no dose requested",
			lines:    []string{"Wegovy 2.4 mg"},
			medicine: "Wegovy", dosage: " ",
			want: Rating{NotFound, High}, wantWords: "no dosage was given",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conf := tt.conf
			if conf == 0 {
				conf = 1
			}
			d := readDocument(textOf(conf, tt.lines...))
			want, ok := LookupMedicine(tt.medicine)
			if !ok {
				t.Fatalf("LookupMedicine(%q) failed", tt.medicine)
			}
			f := rateDosage(d, Expected{MedicationName: tt.medicine, MedicationDosage: tt.dosage}, want, ok, findMedicineMentions(d), Policy{Now: testNow, Market: "uk"})
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s", diff)
			}
			if !strings.Contains(f.problem, tt.wantWords) {
				t.Errorf("problem = %q, want it to contain %q", f.problem, tt.wantWords)
			}
		})
	}
}

// TestDoseOfLatestFill: a page of the requested medicine's fills at several
// doses (a titration), each on a record of its own with a date: the latest
// record's dose is the one the patient is on; anything less clear stays
// not_found.
func TestDoseOfLatestFill(t *testing.T) {
	claims := func(recent, earlier string) []string {
		return []string{
			"Zepbound Savings Program",
			"DATE FILLED MEDICATION QTY PHARMACY CLAIM STATUS",
			"11/09/2026 ZEPBOUND " + recent + "/0.5ML SOLN AUTO-INJ 2mL Larkspur Pharmacy #31 Paid",
			"10/12/2026 ZEPBOUND " + earlier + "/0.5ML SOLN AUTO-INJ 2mL Larkspur Pharmacy #31 Paid",
			"09/14/2026 LEVOTHYROXINE 50MCG TAB 90 Larkspur Pharmacy #31 Paid",
		}
	}
	app := []string{
		"Your prescriptions",
		"Mounjaro 5mg/0.5ml solution for injection", "KwikPen", "Inject 5mg once weekly", "Issued: 14 November 2026",
		"Omeprazole 20mg gastro-resistant capsules", "Take one each morning", "Issued: 19 November 2026",
		"Mounjaro 2.5mg/0.5ml solution for injection KwikPen", "Inject 2.5mg once weekly", "Issued: 13 October 2026",
	}
	// Pages of dose changes with no records: the latest supply's dose
	// (unseen27, round 13).
	portal := []string{
		"Hi Alicia, great to hear. We are increasing", "your Zepbound from 2.5 mg to 5 mg once",
		"weekly. If you tolerate 5 mg we will move to 7.5 mg in 4 weeks.", "Pharmacy update",
		"Zepbound 5 mg/0.5 mL single-dose vial", "Qty: 4 vials Rx #7730418", "Status: Filled Nov 17, 2026",
		"at Bayfront Pharmacy", "Previous: Zepbound 2.5 mg/0.5 mL vial, last filled Oct 20, 2026",
	}
	labels := func(newFill string) []string {
		return []string{
			"FILLED: 10/20/2026", "RX# 6602185", "ODUYA, TERRENCE", "MOUNJARO 2.5MG/0.5ML PEN",
			"INJECT 2.5 MG UNDER THE SKIN ONCE WEEKLY", "QTY: 4 PENS (2 ML) REFILLS: 0",
			"RX# 6604471 " + newFill, "ODUYA, TERRENCE", "MOUNJARO 5MG/0.5ML PEN", "INJECT 5 MG UNDER THE SKIN ONCE WEEKLY",
		}
	}
	consultation := []string{
		"Dose reduced from Wegovy 1.7mg to 1mg weekly on the prescriber's instruction", "Supplied",
		"Wegovy 1mg FlexTouch x1 pen - 18/11/2026 (1.7mg pen returned unopened for", "destruction)",
	}
	cancelledExport := []string{
		"orders:", "product: \"Mounjaro 12.5mg KwikPen\"", "ordered_at: \"2026-11-18T19:04:11Z\"", "status: \"cancelled\"",
		"dispensed_at: null", "product: \"Mounjaro 10mg KwikPen\"", "ordered_at: \"2026-11-08T08:30:52Z\"",
		"dispensed_at: \"2026-11-10T10:45:03Z\"", "status: \"dispatched\"", "product: \"Mounjaro 7.5mg KwikPen\"",
		"dispensed_at: \"2026-10-12T11:20:37Z\"", "status: \"delivered\"",
	}
	clickCard := []string{
		"Your dose in clicks", "A full dial is 60 clicks = 10mg; each click is 1/6mg", "Your dose: 45 clicks = 7.5mg.",
		"Ms Imelda Throssell Dispensed: 18/11/2026", "Mounjaro 10mg/0.6ml solution for injection KwikPen",
		"Inject 7.5mg (dial 45 clicks) ONCE a week as directed", "Quantity: 1 pen", "Ashcombe Clinic Pharmacy, 14 Mill Lane",
	}
	planned := []string{
		"Your medicines", "Wegovy 1mg FlexTouch pen", "Dispensed: 20 November 2026",
		"Wegovy 1.7mg FlexTouch pen", "from 18 December 2026, if your doctor agrees",
	}
	basketReminder := []string{
		"Still thinking it over, Callum?", "Pennant Pharmacy Direct", "orders@pennantpharmacy-direct.co.uk", "19 Nov 2026, 19:02",
		"Hi Callum, you left something in your basket.", "Wegovy 1mg FlexTouch", "4 doses : added 18 Nov 2026",
		"£249.00 - not yet ordered", "Complete your order", "Your last order", "Patient: Mr Callum Ferriday",
		"Wegovy 0.5mg FlexTouch, 1 pen", "Dispensed: 25 October 2026", "Dispatched: 25 October 2026 (Royal Mail",
	}
	estimate := []string{
		"Member: Gerald Okafor-Reyes · ID KMH 999-40-2217", "Drug cost estimate",
		"Zepbound 7.5 mg/0.5 mL single-dose pen, 4 pens (28-day supply)", "Tier 3 preferred brand · prior authorization on file",
		"$75.00", "your estimated cost", "Estimated at a preferred mail-order pharmacy price",
		"Estimate run Nov 18, 2026 · This is not a claim or a fill.", "Your recent pharmacy claims",
		"Fill date: 11/02/2026\tDrug: ZEPBOUND 5 MG/0.5 ML PEN\tQty: 2 mL (4 pens)\tPharmacy: Cedar Run Pharmacy #114",
		"Fill date: 10/04/2026\tDrug: ZEPBOUND 5 MG/0.5 ML PEN\tQty: 2 mL (4 pens)\tPharmacy: Cedar Run Pharmacy #114",
	}
	tests := []struct {
		name, medicine, dosage, market string
		lines                          []string
		want                           Rating
		rule                           string
	}{
		{"a portal's dose change: the strength filled", "Zepbound", "5 mg", "us", portal, Rating{Valid, Medium}, "dose-of-latest-fill"},
		{"a portal's dose change: the previous strength", "Zepbound", "2.5 mg", "us", portal, Rating{Invalid, Medium}, "latest-fill-other-dose"},
		{"the old and the new label: the new one's strength", "Mounjaro", "5 mg", "us", labels("FILLED: 11/17/2026"), Rating{Valid, Medium}, "dose-of-latest-fill"},
		{"the old and the new label, the new one's date unread", "Mounjaro", "5 mg", "us", labels(""), Rating{NotFound, Low}, "several-doses"},
		{"a consultation record's supply beside a returned pen", "Wegovy", "1 mg", "uk", consultation, Rating{Valid, Medium}, "dose-of-latest-fill"},
		{"claims: the latest fill's dose asked for", "Zepbound", "10 mg", "us", claims("10MG", "7.5MG"), Rating{Valid, Medium}, "dose-of-latest-fill"},
		{"claims: an earlier fill's dose asked for", "Zepbound", "7.5 mg", "us", claims("10MG", "7.5MG"), Rating{NotFound, Low}, "several-doses"},
		{"a health app's cards: the latest issue's dose", "Mounjaro", "5 mg", "uk", app, Rating{Valid, Medium}, "dose-of-latest-fill"},
		{"a health app's cards: an earlier issue's dose", "Mounjaro", "2.5 mg", "uk", app, Rating{NotFound, Low}, "several-doses"},
		// A table of the old and the new strength side by side read column
		// by column (unseen27's dose-change e-mail, round 14): the old
		// pen's directions are no directions of the new pen's.
		{"two strengths' columns read one after the other", "Mounjaro", "7.5 mg", "uk", []string{
			"Previous", "New", "Medicine", "Mounjaro 5mg/0.6ml KwikPen", "Mounjaro 7.5mg/0.6ml KwikPen", "Dose",
			"5mg once weekly", "7.5mg once weekly"}, Rating{NotFound, Low}, "several-doses"},
		// A telehealth note beside a pharmacy's fill, two apps side by
		// side (unseen36, a false accept at first measure, round 14): the
		// note's history is no direction for the pen filled.
		{"a visit note's dose beside another strength's fill", "Zepbound", "2.5 mg", "us", []string{
			"Visit summary - Nov 5, 2026", "Patient: Jane Smith", "Recent fills", "ZEPBOUND 5 MG/0.5 ML PEN",
			"Weight management follow-up. On Zepbound 2.5 mg weekly for 4 weeks, tolerating well.", "Rx 6604517 - Qty 4 pens",
			"Filled 11/17/2026 - Ready for pickup"}, Rating{NotFound, Low}, "several-doses"},
		{"two doses on one date", "Zepbound", "10 mg", "us", []string{
			"11/09/2026 ZEPBOUND 10MG/0.5ML SOLN AUTO-INJ", "11/09/2026 ZEPBOUND 7.5MG/0.5ML SOLN AUTO-INJ"}, Rating{NotFound, Low}, "several-doses"},
		{"an undated record", "Zepbound", "10 mg", "us", []string{
			"ZEPBOUND 10MG/0.5ML SOLN AUTO-INJ", "10/12/2026 ZEPBOUND 7.5MG/0.5ML SOLN AUTO-INJ"}, Rating{NotFound, Low}, "several-doses"},
		{"a fill's second pen without a date of its own", "Zepbound", "10 mg", "us", []string{
			"11/09/2026 Zepbound 10 mg pen", "Zepbound 7.5 mg pen", "10/12/2026 Zepbound 7.5 mg pen"}, Rating{NotFound, Low}, "several-doses"},
		{"each date above its medicine: a record would take the next one's", "Zepbound", "10 mg", "us", []string{
			"Filled 11/09/2026", "Zepbound 7.5 mg pen", "Filled 10/12/2026", "Zepbound 10 mg pen", "11/19/2026 Thank you"}, Rating{NotFound, Low}, "several-doses"},
		{"a prescription's date against a fill's", "Mounjaro", "5 mg", "uk", []string{
			"Mounjaro 5mg KwikPen", "Issued: 14 November 2026", "Mounjaro 2.5mg KwikPen", "Dispensed: 13 October 2026"}, Rating{NotFound, Low}, "several-doses"},
		// An order history under its next step, a strength not yet filled
		// (unseen12): the latest fill is the dose the patient is on.
		{"orders under a next step not yet filled: the latest fill's dose", "Zepbound", "10 mg", "us", pendingOrders, Rating{Valid, Medium}, "dose-of-latest-fill"},
		{"orders under a next step not yet filled: the next step's dose", "Zepbound", "12.5 mg", "us", pendingOrders, Rating{Invalid, Medium}, "latest-fill-other-dose"},
		// A data export's latest order cancelled (unseen53, a false accept
		// at first measure, round 16): no fill, so the latest fill is the
		// one before it.
		{"a cancelled latest order's strength", "Mounjaro", "12.5 mg", "uk", cancelledExport, Rating{NotFound, Low}, "several-doses"},
		{"the fill before a cancelled order", "Mounjaro", "10 mg", "uk", cancelledExport, Rating{Valid, Medium}, "dose-of-latest-fill"},
		// A strength to start on a day to come is a plan, not a fill
		// (unseen59's Welsh app, a false accept at first measure, round
		// 17): the fill before it is the dose the patient is on.
		{"a strength from a day to come beside the fill", "Wegovy", "1.7 mg", "uk", planned, Rating{NotFound, Low}, "several-doses"},
		{"the fill beside a strength from a day to come", "Wegovy", "1 mg", "uk", planned, Rating{Valid, Medium}, "dose-of-latest-fill"},
		// A step up agreed for the next pen (unseen81's health centre
		// letter, round 20).
		{"a letter's step up from the next pen", "Wegovy", "1 mg", "uk", []string{
			"Dear Saskia,", "Medicine Last supplied By", "Wegovy 1mg FlexTouch solution Dispensed 15 November 2026 Campus Pharmacy",
			"for injection pre-filled pen", "1mg once weekly",
			"When we reviewed you in clinic on 14 November 2026 we agreed that you will step up to Wegovy 1.7mg",
			"once weekly from your next pen. We will issue the 1.7mg prescription to the campus pharmacy before you"},
			Rating{Valid, High}, "requested-dose"},
		{"an order e-mail's next pen", "Wegovy", "1.7 mg", "uk", []string{
			"Patient Ms Nia Pritchard", "Item Wegovy 1.7mg FlexTouch solution for injection pre-filled pen x 1",
			"Dispensed 23rd November 2026", "Dispatched 24th November 2026",
			"Your next pen: Wegovy 2.4mg FlexTouch (your prescriber has approved the increase). We will remind",
			"you when it is due, around 21st December 2026."}, Rating{Valid, High}, "requested-dose"},
		{"a Welsh app's next step", "Wegovy", "1.7 mg", "uk", []string{
			"Fy meddyginiaethau", "Claf: Heledd Prys-Davies", "Wedi'i ddosbarthu", "Wegovy 1mg FlexTouch",
			"Sut i'w gymryd: chwistrellu 1mg unwaith yr", "wythnos", "Dyddiad dosbarthu: 20 Tachwedd 2026",
			"Fferyllfa: Fferyllfa Pen-y-Garn, Aberystwyth", "Cam nesaf: Wegovy 1.7mg FlexTouch o", "18 Rhagfyr 2026 ymlaen, os bydd eich",
			"meddyg yn cytuno"}, Rating{Invalid, High}, "different-dose"},
		// A pen dialled to less than its strength: the directions state
		// none of the product's strengths, and its supply's date settles
		// neither (unseen61's clinic card, a false accept at first
		// measure, round 17).
		{"a pen dialled below its strength: the pen's strength", "Mounjaro", "10 mg", "uk", clickCard, Rating{NotFound, Low}, "several-doses"},
		// A titration plan's table rebuilt row by row, next month's row
		// "Dispensed: Planned" with its date to come: a plan, no fill
		// (unseen111, round 24, a false accept at first measure).
		{"a titration plan's next month, planned under the fills' caption", "Mounjaro", "5 mg", "uk", []string{
			"Your Mounjaro titration plan", "Patient: Ms Tamsin Keverne",
			"Month: 1\tStrength: 2.5mg once weekly\tPen: Mounjaro 2.5mg/0.6ml KwikPen\tDispensed: 17/10/2026\tStatus: Dispensed",
			"Month: 2\tStrength: 5mg once weekly\tPen: Mounjaro 5mg/0.6ml KwikPen\tDispensed: 14/11/2026\tStatus: Dispensed current",
			"Month: 3 4\tStrength: 7.5mg once weekly to be reviewed\tPen: Mounjaro 7.5mg/0.6ml KwikPen –\tDispensed: Planned 12/12/2026 –\tStatus: Planned after your check-in To be reviewed"},
			Rating{Valid, Medium}, "dose-of-latest-fill"},
		// A basket reminder over the last order (unseen116, round 25, a
		// false accept at first measure): the strength in the basket, added
		// and "not yet ordered", is no fill.
		{"a basket's strength, not yet ordered, over the last order's", "Wegovy", "0.5 mg", "uk", basketReminder, Rating{Valid, Medium}, "dose-of-latest-fill"},
		{"the basket's strength asked for", "Wegovy", "1 mg", "uk", basketReminder, Rating{NotFound, Low}, "several-doses"},
		// An insurer's cost estimate for the next strength over the claims
		// (unseen116, round 25): "not a claim or a fill".
		{"an estimate's strength over the claims'", "Zepbound", "7.5 mg", "us", estimate, Rating{NotFound, Low}, "several-doses"},
		{"the claims' strength beside an estimate", "Zepbound", "5 mg", "us", estimate, Rating{Valid, Medium}, "dose-of-latest-fill"},
		// An order still with the prescriber gives no dose (unseen13's app).
		{"an order awaiting the prescriber above the one dispensed", "Wegovy", "0.5 mg", "uk", []string{
			"Orders for Shona McAteer", "Order PH-88213 - placed 19 Nov 2026", "Wegovy 1 mg FlexTouch pen",
			"Awaiting prescriber review. Nothing dispensed", "yet.", "Order PH-80522 - placed 10 Nov 2026",
			"Wegovy 0.5 mg FlexTouch pen", "Dispensed 12 Nov 2026 by Pillhaven Pharmacy"}, Rating{Valid, High}, "requested-dose"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exp := Expected{MedicationName: tt.medicine, MedicationDosage: tt.dosage}
			r, f := Explain(textOf(1, tt.lines...), exp, Policy{Now: testNow, Market: tt.market})
			if r.Data.MedicationDosage != tt.want || f.MedicationDosage.Rule != tt.rule {
				t.Errorf("dose rated %v by %q, want %v by %q (note: %s)", r.Data.MedicationDosage, f.MedicationDosage.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// TestLatestFillGlyphFromRequested: a history read poorly whose latest
// fill is a glyph from the dose asked for (2.5 mg, 12.5 mg) may be that
// dose misread: never another dose on it.
// restartSheet is a pharmacist's restart sheet after missed doses: the
// dose last injected, then the lower one supplied today.
var restartSheet = []string{
	"Copperfield Drug", "Missed doses: restart assessment (GLP-1)",
	"Completed by the pharmacist with the patient at the counter. Keep this sheet with your medicine.",
	"PATIENT VENKATARAMAN-HALE, PRIYA DOB 09/02/1986", "LAST INJECTION Zepbound 10 mg on 11/03/2026",
	"Doses missed 2 (travel, pens left at home)", "PRESCRIBER CONTACTED 11/19/2026, Dr. Leonard Abaroa, agreed",
	"Under 2 weeks:", "f take the same dose", ". last dose? then back up after 4 weeks", "| 2 weeks or mor",
	"restart one step lower", "SUPPLIED TODAY", "Zepbound 7.5 mg/0.5 mL pen x4_ Inject 7.5 mg once weekly",
	"Filled 11/20/2026 - Rx 7730915 - RPh MT - Copperfield Drug",
	"If you miss doses again, call us before your next injection: (520) 555-0137--This sheet is not a prescription.",
	"Restart at 7.5 mg",
}

// TestDoseLastInjected: a dose the page says was last injected is not the
// supply's when the page names the medicine otherwise too (unseen98,
// round 23, the sheet read by the local reader: not_found on 3 uploads).
func TestDoseLastInjected(t *testing.T) {
	checkTwoZepboundDoses(t, restartSheet, "Priya", "Venkataraman-Hale", "7.5 mg", "10 mg")
}

// TestDoseOfMissedDoses: the strength of doses a patient missed is not the
// supply's when the page names the medicine otherwise too (unseen184,
// round 33: a restart e-mail's two strengths left the dose not_found).
func TestDoseOfMissedDoses(t *testing.T) {
	restart := []string{"Restarting Zepbound after your missed weeks", "Hi Anneliese,",
		"Dr. Okonkwo-Hale reviewed your check-in. You missed three weekly doses of Zepbound 10 mg while you",
		"were unwell, so going straight back to 10 mg could make nausea much worse. She has restarted you at the",
		"starting dose and we will step up again every 4 weeks.",
		"Restart prescription Zepbound 2.5 mg/0.5 mL single-dose pens, 4 pens", "Filled by",
		"Summit Ridge Pharmacy, 90 Aspen Loop, Boulder CO", "Date filled", "11/16/2026"}
	checkTwoZepboundDoses(t, restart, "Anneliese", "Kowalczyk-Reyes", "2.5 mg", "10 mg")
}

// checkTwoZepboundDoses verifies lines for the patient's Zepbound at the
// dose supplied (valid) and at the other dose the page names (invalid).
func checkTwoZepboundDoses(t *testing.T, lines []string, forename, surname, supplied, other string) {
	t.Helper()
	for _, tt := range []struct {
		dose string
		want Rating
		rule string
	}{
		{supplied, Rating{Valid, High}, "requested-dose"},
		{other, Rating{Invalid, High}, "different-dose"},
	} {
		exp := Expected{PatientKnown: true, Forename: forename, Surname: surname, MedicationName: "Zepbound", MedicationDosage: tt.dose}
		r, f := Explain(textOf(0.9, lines...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationDosage != tt.want || f.MedicationDosage.Rule != tt.rule {
			t.Errorf("%s: dose rated %v by %q, want %v by %q (note: %s)", tt.dose, r.Data.MedicationDosage, f.MedicationDosage.Rule, tt.want, tt.rule, r.Note)
		}
	}
}

func TestLatestFillGlyphFromRequested(t *testing.T) {
	lines := []string{"11/09/2026 ZEPBOUND 2.5MG/0.5ML SOLN AUTO-INJ", "10/12/2026 ZEPBOUND 10MG/0.5ML SOLN AUTO-INJ"}
	exp := Expected{MedicationName: "Zepbound", MedicationDosage: "12.5 mg"}
	for _, tt := range []struct {
		name string
		conf float64
		want Rating
		rule string
	}{
		{"read well", 0.95, Rating{Invalid, Medium}, "latest-fill-other-dose"},
		{"read poorly", 0.55, Rating{NotFound, Low}, "dose-close-to-requested"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := textOf(tt.conf, lines...)
			text.Source = "tesseract"
			r, f := Explain(text, exp, Policy{Now: testNow, Market: "us"})
			if r.Data.MedicationDosage != tt.want || f.MedicationDosage.Rule != tt.rule {
				t.Errorf("dose rated %v by %q, want %v by %q (note: %s)", r.Data.MedicationDosage, f.MedicationDosage.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// pendingOrders is a mail pharmacy's order history under its next step, a
// strength awaiting approval and not yet filled.
var pendingOrders = []string{
	"CrestRx Mail Pharmacy - Everett Nakashima",
	"Next step: Zepbound 12.5 mg/0.5 mL — awaiting", "prescriber approval. Not yet filled.",
	"Zepbound 10 mg/0.5 mL pen Delivered", "Qty 4 pens - Rx #8830175", "Filled 11/20/2026 - Delivered 11/22/2026",
	"Zepbound 7.5 mg/0.5 mL pen Delivered", "Qty 4 pens - Rx #8829412", "Filled 10/22/2026 - Delivered 10/24/2026",
	"Zepbound 2.5 mg/0.5 mL pen Delivered", "Qty 4 pens - Rx #8827903", "Filled 08/23/2026 - Delivered 08/25/2026",
}

// TestDoseNotYetSupplied: a new strength sent to the pharmacy and not yet
// filled, beside the strength last dispensed, is no dose the patient has
// had.
func TestDoseNotYetSupplied(t *testing.T) {
	summary := []string{
		"After Visit Summary", "CHANGES MADE TODAY",
		"START Rybelsus 14 mg tablet - take 1 tablet by mouth once daily. Sent to Desert Bloom",
		"Pharmacy #12 today; not yet filled.",
		"STOP Rybelsus 7 mg tablet when you finish your current bottle.",
		"YOUR MEDICATION LIST", "Rybelsus (semaglutide) 7 mg tablet  Last dispensed 11/11/2026",
	}
	tests := []struct {
		name, dosage string
		want         Rating
	}{
		{"the strength not yet filled", "14 mg", Rating{Invalid, High}},
		{"the strength last dispensed", "7 mg", Rating{Valid, High}},
	}
	// A clinic's e-mail: a table of the pens dispensed, then the strength
	// approved for the next order (unseen12, where the table's second
	// row was taken for the approval's wrap).
	email := drawn(`
Pen                              Dispensed by          Dispensed
Mounjaro 5mg/0.6ml KwikPen       Northlight Pharmacy   30/10/2026
Mounjaro 2.5mg/0.6ml KwikPen     Northlight Pharmacy   29/09/2026
Approved: your prescriber has approved Mounjaro 7.5mg for your next order. It will be dispensed after
28/11/2026, when your current pen is finished.`)
	for _, tt := range []struct {
		dosage string
		want   Rating
		rule   string
	}{
		{"5 mg", Rating{Valid, Medium}, "dose-of-latest-fill"},
		{"7.5 mg", Rating{Invalid, Medium}, "latest-fill-other-dose"},
	} {
		t.Run("approved for the next order, "+tt.dosage, func(t *testing.T) {
			r, f := Explain(email, Expected{MedicationName: "Mounjaro", MedicationDosage: tt.dosage}, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationDosage != tt.want || f.MedicationDosage.Rule != tt.rule {
				t.Errorf("dose rated %v by %q, want %v by %q (note: %s)", r.Data.MedicationDosage, f.MedicationDosage.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := readDocument(textOf(1, summary...))
			want, _ := LookupMedicine("Rybelsus")
			f := rateDosage(d, Expected{MedicationName: "Rybelsus", MedicationDosage: tt.dosage}, want, true, findMedicineMentions(d), Policy{Now: testNow, Market: "us"})
			if f.rating != tt.want {
				t.Errorf("dose %s rated %v, want %v (%s)", tt.dosage, f.rating, tt.want, f.problem)
			}
		})
	}
}

// TestMedicationRecordOverTwoPages: a pharmacy's medication record sent as
// a letter, its own date above the list and its name printed at the top of
// each page (unseen12): the page's header is no record's heading, and the
// letter's date no record's date; the latest fill gives the dose.
func TestMedicationRecordOverTwoPages(t *testing.T) {
	var lines []Line
	add := func(page int, ss ...string) {
		for _, s := range ss {
			lines = append(lines, Line{Text: s, Confidence: 1, Page: page})
		}
	}
	add(1, "Trevose Pharmacy", "Market Street, Padstow PL28 9ZZ", "19 November 2026", "Mrs Rosalind Pengelly",
		"Dear Mrs Pengelly,", "Here is a copy of your patient medication record.",
		"Item: Bisoprolol 2.5mg tablets	Quantity: 28	Date dispensed: 15/11/2026",
		"Item: Metformin 500mg tablets	Quantity: 56	Date dispensed: 15/11/2026", "Page 1 of 2")
	add(2, "Trevose Pharmacy", "Patient medication record · Mrs Rosalind Pengelly · continued",
		"Item: Wegovy 1.7mg FlexTouch pen (semaglutide)	Quantity: 1 pen	Date dispensed: 14/11/2026",
		"Item: Wegovy 1mg FlexTouch pen (semaglutide)	Quantity: 1 pen	Date dispensed: 16/10/2026", "Page 2 of 2")
	r, f := Explain(Text{Source: "pdf-text", Lines: lines}, Expected{MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDosage != (Rating{Valid, Medium}) || f.MedicationDosage.Rule != "dose-of-latest-fill" {
		t.Errorf("dose rated %v by %q, want valid, medium by dose-of-latest-fill (note: %s)", r.Data.MedicationDosage, f.MedicationDosage.Rule, r.Note)
	}
	if r.Data.MedicationDate.Value != Valid || f.MedicationDate.Text != "14 11 2026" {
		t.Errorf("date rated %v by %q from %q, want valid from the latest fill (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, r.Note)
	}
}

// TestLatestFillOfTwoPeople: two labels side by side, one for each of two
// people of one surname (unseen32, a false accept at first measure, round
// 14). The latest fill's dose is the lead's only where its label names
// them.
func TestLatestFillOfTwoPeople(t *testing.T) {
	labels := []string{
		"Wegovy 1mg FlexTouch pre-filled pen 1 pen", "Inject 1mg ONCE a WEEK under the skin.", "Mrs Joan Whitlow", "11 Nov 2026",
		"Cloverdale Pharmacy, 9 Green Lane, Frome BA11 9ZZ", "Wegovy 1.7mg FlexTouch pre-filled pen 1 pen",
		"Inject 1.7mg ONCE a WEEK under the skin.", "Mr Peter Whitlow", "20 Nov 2026", "Cloverdale Pharmacy, 9 Green Lane, Frome BA11 9ZZ",
	}
	for _, tt := range []struct {
		forename string
		want     Rating
		rule     string
	}{
		{"Joan", Rating{NotFound, Low}, "several-doses"},
		{"Peter", Rating{Valid, Medium}, "dose-of-latest-fill"},
	} {
		t.Run(tt.forename, func(t *testing.T) {
			exp := Expected{PatientKnown: true, Forename: tt.forename, Surname: "Whitlow", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
			r, f := Explain(textOf(1, labels...), exp, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationDosage != tt.want || f.MedicationDosage.Rule != tt.rule {
				t.Errorf("dose rated %v by %q, want %v by %q (note: %s)", r.Data.MedicationDosage, f.MedicationDosage.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// TestPensMakingUpADose: two pens of a lower strength make up each dose
// when the prescribed strength is out of stock; the dose is what the
// patient injects, the pens' strength a unit's (unseen63's carton label, a
// false accept at first measure, round 17).
func TestPensMakingUpADose(t *testing.T) {
	label := []string{
		"REDWOOD HOLLOW PHARMACY 1880 Alder Ave, Bakersfield, CA 93301", "Filled: 11/18/2026", "Rx# 6120448",
		"DELAHUNT, MARCUS", "WEGOVY 0.5 MG/0.5 ML SINGLE-DOSE PEN", "(semaglutide) QTY: 8 PENS (28 DAYS)",
		"INJECT 1 MG (USE TWO 0.5 MG PENS) UNDER THE SKIN", "ONCE WEEKLY ON THE SAME DAY EACH WEEK",
		"1 MG PENS ON BACKORDER: DISPENSED AS 2 X 0.5 MG PER DOSE, PRESCRIBER OK",
	}
	checkDoses(t, label, "Wegovy", "us", []doseCase{
		{"1 mg", Rating{Valid, High}, "requested-dose"},
		{"0.5 mg", Rating{Invalid, High}, "different-dose"},
	})
	for _, line := range []string{"qty: 2 wegovy 0.5 mg pens", "take 2 tablets daily"} {
		if partDoseRe.MatchString(line) {
			t.Errorf("%q read as units making up a dose", line)
		}
	}
}

// TestDateOfAnotherDose: a ledger of supplies whose latest fill is of
// another dose than the one requested; its date is that dose's (unseen61,
// a false accept at first measure, round 17).
func TestDateOfAnotherDose(t *testing.T) {
	ledger := []string{
		"Dose and supply ledger", "Date supplied Pen Dose per week",
		"11/11/2026 Mounjaro 5mg/0.6ml KwikPen 5 mg", "13/10/2026 Mounjaro 5mg/0.6ml KwikPen 5 mg",
		"15/08/2026 Mounjaro 2.5mg/0.6ml KwikPen 2.5 mg", "18/07/2026 Mounjaro 2.5mg/0.6ml KwikPen 2.5 mg",
	}
	tests := []struct {
		dosage string
		want   Rating
		rule   string
	}{
		{"5 mg", Rating{Valid, High}, "date-in-window"},
		{"2.5 mg", Rating{NotFound, Low}, "date-of-other-dose"},
	}
	for _, tt := range tests {
		t.Run(tt.dosage, func(t *testing.T) {
			r, f := Explain(textOf(1, ledger...), Expected{MedicationName: "Mounjaro", MedicationDosage: tt.dosage}, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationDate != tt.want || f.MedicationDate.Rule != tt.rule {
				t.Errorf("date rated %v by %q, want %v by %q (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// TestDirectionsUnderTheirHeading: a sheet or an app that puts each field
// under its own heading has the directions a few lines below the
// medicine's name; under a "Directions" heading they are its directions
// (unseen43's medication information sheet, unseen61's compounding app,
// round 17).
func TestDirectionsUnderTheirHeading(t *testing.T) {
	sheet := []string{
		"LARKSPUR PHARMACY #0417", "PATIENT MEDICATION INFORMATION", "PATIENT", "MCALLISTER, JUNE", "MEDICATION",
		"OZEMPIC 2 MG/3 ML PEN-INJECTOR (DELIVERS 0.25 MG OR 0.5 MG PER INJECTION)", "RX NUMBER", "7704152-04417",
		"DIRECTIONS", "Inject 0.25 mg under the skin once weekly for 4 weeks, then increase to 0.5 mg once weekly",
		"QUANTITY ; DATE FILLED", "1 pen (3 mL) 11/16/2026",
	}
	checkDoses(t, sheet, "Ozempic", "us", []doseCase{
		{"0.25 mg", Rating{Valid, High}, "requested-dose"},
		{"0.5 mg", Rating{Invalid, High}, "different-dose"},
	})
}

// TestDoseOnAnErrorLine: a pharmacy's letter correcting a label quotes the
// wrong directions; their dose is the mistake's, not the medicine's
// (unseen31's labelling-error letter, round 17).
func TestDoseOnAnErrorLine(t *testing.T) {
	letter := []string{
		"Riverbend Community Pharmacy", "Dear Ms. Fairweather,",
		"We are writing about a labeling error on a prescription we dispensed to you.",
		"Medicine dispensed: Ozempic 1 mg/dose pen (semaglutide)", "Rx# 5530917 · Date dispensed: November 10, 2026",
		"Error: the label's directions read \"inject 0.5 mg once weekly\".",
		"Correct directions: inject 1 mg under the skin once weekly.",
	}
	checkDoses(t, letter, "Ozempic", "us", []doseCase{
		{"1 mg", Rating{Valid, High}, "requested-dose"},
		{"0.5 mg", Rating{Invalid, High}, "different-dose"},
	})
}

// doseCase is a dosage asked for and the rating (and rule) its dose gets.
type doseCase struct {
	dosage string
	want   Rating
	rule   string
}

// checkDoses verifies lines once for each case's dosage of medicine and
// checks the dose's rating and rule.
func checkDoses(t *testing.T, lines []string, medicine, market string, cases []doseCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.dosage, func(t *testing.T) {
			r, f := Explain(textOf(1, lines...), Expected{MedicationName: medicine, MedicationDosage: tt.dosage}, Policy{Now: testNow, Market: market})
			if r.Data.MedicationDosage != tt.want || f.MedicationDosage.Rule != tt.rule {
				t.Errorf("dose rated %v by %q, want %v by %q (note: %s)", r.Data.MedicationDosage, f.MedicationDosage.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// TestDoseToRestartFromADayToCome: a fertility unit's form asks for the
// strength last supplied and the restart planned with the prescriber
// (unseen148, round 28): "2.5 mg, not before" a day months ahead is no
// dose supplied; the strength supplied is.
func TestDoseToRestartFromADayToCome(t *testing.T) {
	form := func(strength string) []string {
		return []string{"Medicines declaration before treatment", "Full name (patient having treatment)", "Priya Castellane-Moss",
			"Medicine Strength (dose per injection) How often", "Mounjaro KwikPen " + strength + " Once weekly",
			"Dispensing pharmacy (name and town) Date last dispensed", "Ashgrove Pharmacy, Wakeley 06/11/2026",
			"Date stopped Planned restart agreed with your prescriber (dose, earliest date)", "19/11/2026 2.5 mg, not before 28/03/2027"}
	}
	for _, tt := range []struct {
		name, strength, dose string
		want                 Verdict
	}{
		{"the restart's strength, the supplied one unread", "", "2.5 mg", NotFound},
		{"the supplied strength", "10 mg", "10 mg", Valid},
		{"the restart's strength beside the supplied one", "10 mg", "2.5 mg", Invalid},
	} {
		exp := Expected{PatientKnown: true, Forename: "Priya", Surname: "Castellane-Moss", MedicationName: "Mounjaro", MedicationDosage: tt.dose}
		r, f := Explain(textOf(1, form(tt.strength)...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationDosage.Value != tt.want {
			t.Errorf("%s: dose %+v by %s read %q, want %s", tt.name, r.Data.MedicationDosage, f.MedicationDosage.Rule, f.MedicationDosage.Text, tt.want)
		}
	}
}
