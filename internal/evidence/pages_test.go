package evidence

import (
	"strings"
	"testing"
)

// textOfPages makes a Text of pages, each a list of lines.
func textOfPages(pages ...[]string) Text {
	t := Text{Source: "test"}
	for p, lines := range pages {
		for _, l := range lines {
			t.Lines = append(t.Lines, Line{Text: l, Confidence: 0.95, Page: p + 1})
		}
	}
	return t
}

// TestOtherPeoplesPages: a document whose pages each open with their own
// person gives the lead's pages' fills, not the next patient's (a
// pharmacy's batch print of two records: unseen30, round 13, a false
// accept at first measure); a page that opens with no one stays.
func TestOtherPeoplesPages(t *testing.T) {
	ruth := Expected{PatientKnown: true, Forename: "Ruth", Surname: "Kettering", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}
	dennis := Expected{PatientKnown: true, Forename: "Dennis", Surname: "Marlow", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}
	batch := textOfPages([]string{
		"Tollgate Pharmacy - Patient medication record Printed 20/11/2026 08:41 - page 1 of 2",
		"Mrs Ruth Kettering DOB 12/05/1966 NHS No. 999 213 4470",
		"Date dispensed: 12/11/2026 Item: Mounjaro 5mg/0.5ml KwikPen (tirzepatide) Qty: 1 pen",
		"Date dispensed: 15/10/2026 Item: Mounjaro 5mg/0.5ml KwikPen (tirzepatide) Qty: 1 pen",
	}, []string{
		"Tollgate Pharmacy - Patient medication record Printed 20/11/2026 08:41 - page 2 of 2",
		"Mr Dennis Marlow DOB 30/01/1971 NHS No. 999 640 1182",
		"Date dispensed: 17/11/2026 Item: Mounjaro 7.5mg/0.5ml KwikPen (tirzepatide) Qty: 1 pen",
		"Date dispensed: 20/10/2026 Item: Mounjaro 7.5mg/0.5ml KwikPen (tirzepatide) Qty: 1 pen",
	})
	pol := Policy{Now: testNow, Market: "uk"}
	if got := Verify(batch, ruth, pol).Data.MedicationDosage; got.Value == Valid {
		t.Errorf("the lead's 5 mg beside the next patient's 7.5 mg: dose %v, want not valid", got)
	}
	if got := Verify(batch, dennis, pol).Data.MedicationDosage; got.Value != Valid {
		t.Errorf("the second patient's own 7.5 mg: dose %v, want valid", got)
	}
	continued := textOfPages([]string{
		"Mrs Ruth Kettering DOB 12/05/1966 NHS No. 999 213 4470",
		"Date dispensed: 15/10/2026 Item: Mounjaro 5mg/0.5ml KwikPen (tirzepatide) Qty: 1 pen",
	}, []string{
		"Medication record continued - page 2 of 2",
		"Date dispensed: 17/11/2026 Item: Mounjaro 7.5mg/0.5ml KwikPen (tirzepatide) Qty: 1 pen",
	})
	if got := Verify(continued, ruth, pol).Data.MedicationDosage; got.Value != Valid {
		t.Errorf("the lead's record continued on a page that names no one: dose %v, want valid", got)
	}
}

// TestPagesOfOtherMedicines: on a printout whose first page lists other
// prescriptions' fills and whose second holds the requested one, never
// filled, the first page's dates are the other medicines' (unseen30, round
// 13, a false accept at first measure through the production reader).
func TestPagesOfOtherMedicines(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Colin", Surname: "Marchetti", MedicationName: "Ozempic", MedicationDosage: "1 mg"}
	doc := textOfPages([]string{
		"Cedar Row Pharmacy | My prescriptions", "Colin Marchetti DOB 06/21/1974 Member since 2019",
		"Amlodipine 5 mg tablet", "Rx 5104473 Last filled: 11/18/2026", "Status: Ready for pickup",
		"Metformin 1000 mg tablet", "Rx 5100087 Last filled: 11/01/2026",
	}, []string{
		"Cedar Row Pharmacy | My prescriptions", "Colin Marchetti DOB 06/21/1974 Member since 2019",
		"Ozempic 1 mg/dose pen (semaglutide) 4 mg/3 mL", "Rx 5106650 Last filled: none on file",
		"Status: New prescription received 11/16/2026. Not yet filled: waiting for insurance approval",
	})
	if got := Verify(doc, exp, Policy{Now: testNow, Market: "us"}).Data.MedicationDate; got.Value == Valid {
		t.Errorf("another page's fills: date %v, want not valid", got)
	}
}

// TestCancelledSupplyDate: a history's row that says its supply was
// cancelled gives no dispensing date; the requested medicine's supplied
// rows do (unseen31, round 13: a cancelled row's recent date was rated
// the dispensing date, a false accept at first measure). A notice about
// cancelled items in general cancels nothing.
func TestCancelledSupplyDate(t *testing.T) {
	wegovy := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	history := func(second string) []string {
		return []string{
			"Prescription history", "Patient: Jane Smith", "Date Medication Rx # Qty Status",
			"11/18/2026 Wegovy 2.4 mg/0.75 mL pen 6120448 3mL Cancelled not picked up, returned to stock",
			"11/15/2026 Lisinopril 20 mg tablet 6120311 90 Picked up",
			second,
		}
	}
	tests := []struct {
		name  string
		lines []string
		want  Rating
		rule  string
	}{
		{"a cancelled row over an old fill", history("07/31/2026 Wegovy 2.4 mg/0.75 mL pen 6118902 3mL Picked up"), Rating{NotFound, Low}, "date-of-withdrawn-supply"},
		{"a status cell under its row", []string{"Date Item", "18/11/2026 Wegovy 2.4mg FlexTouch pen", "Qty Status sf CANCELLED - not collected,",
			"returned to stock 24/11/2026", "18/07/2026 Wegovy 1.7mg FlexTouch pen Dispensed"}, Rating{NotFound, Low}, "date-of-withdrawn-supply"},
		{"a notice about cancelled items", []string{"Patient Medication Record", "Wegovy 2.4mg FlexTouch pen",
			"Dispensed 18/11/2026", "Cancelled items were not supplied. End of record."}, Rating{Valid, High}, "date-in-window"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(textOf(1, tt.lines...), wegovy, Policy{Now: testNow, Market: "us"})
			if r.Data.MedicationDate != tt.want || f.MedicationDate.Rule != tt.rule {
				t.Errorf("date rated %v by %q, want %v by %q (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// TestAFamilysSections: a household plan's e-mail lists each member's
// medicine under their name; the lead's own section gives the dose and the
// date (unseen27, round 13), while a heading that is no other member of
// the lead's family (the lead's name read twice) leaves the page whole.
func TestAFamilysSections(t *testing.T) {
	lines := []string{
		"Your household plan update", "Hi Rohan and Meera,",
		"Both prescriptions were dispensed by our partner pharmacy, Sunridge Pharmacy.",
		"Rohan Kulkarni", "Starting dose: Mounjaro 2.5 mg/0.5 mL pen, 4 pens", "Dispensed November 17, 2026 - Rx 2207719",
		"Next step: 5 mg from about December 15, 2026, if tolerated",
		"Meera Kulkarni", "Current dose: Mounjaro 7.5 mg/0.5 mL pen, 4 pens", "Dispensed November 17, 2026 - Rx 2207720",
		"Next step: stay on 7.5 mg until your check-in",
	}
	for _, tt := range []struct {
		forename, dosage string
		want             Verdict
	}{
		{"Rohan", "2.5 mg", Valid},
		{"Rohan", "7.5 mg", Invalid},
		{"Meera", "7.5 mg", Valid},
	} {
		exp := Expected{PatientKnown: true, Forename: tt.forename, Surname: "Kulkarni", MedicationName: "Mounjaro", MedicationDosage: tt.dosage}
		r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationDosage.Value != tt.want {
			t.Errorf("%s, %s: dose %v by %s, want %s (note: %s)", tt.forename, tt.dosage, r.Data.MedicationDosage, f.MedicationDosage.Rule, tt.want, r.Note)
		}
	}
}

// TestPatientsUnderTheirCaptions: a drive-through receipt of two patients'
// fills, each under its "PATIENT:" caption, one on Mounjaro and one on
// Zepbound (unseen79, round 20): the lead's block, holding the requested
// product, gives the name, the medicine, the dose and the date; a page whose
// blocks both name the requested product, or a substance asked for by its
// own name, says nothing of whose each dose is, as before.
func TestPatientsUnderTheirCaptions(t *testing.T) {
	receipt := func(second string) []string {
		return []string{
			"CORNERSTONE PHARMACY", "OPEN 24 HOURS", "901 W Grand Ave", "Rivermead, IL 60999",
			"DRIVE-THRU PICKUP", "11/18/2026 02:14 AM",
			"PATIENT: OKONKWO, CHIDI", "RX# 8104472", "MOUNJARO 5 MG/0.5 ML PEN", "QTY 2 ML (4 PENS) DS 28",
			"FILLED 11/18/2026 01:58 AM", "COPAY $25.00",
			"PATIENT: ABERNATHY, JOLENE", "RX# 8104469", second + " 2.5 MG/0.5 ML PEN", "QTY 2 ML (4 PENS) DS 28",
			"FILLED 11/18/2026 01:41 AM", "COPAY $25.00",
			"2 RX TOTAL $50.00", "RPH ON DUTY: S. NAKAGAWA",
		}
	}
	for _, tt := range []struct {
		second, forename, surname, medicine, dosage string
		name, dose                                  Verdict
		medicineAt                                  string
	}{
		{"ZEPBOUND", "Chidi", "Okonkwo", "Mounjaro", "5 mg", Valid, Valid, "MOUNJARO"},
		{"ZEPBOUND", "Chidi", "Okonkwo", "Mounjaro", "2.5 mg", Valid, Invalid, "MOUNJARO"},
		{"ZEPBOUND", "Jolene", "Abernathy", "Zepbound", "2.5 mg", Valid, Valid, "ZEPBOUND"},
		{"ZEPBOUND", "Jolene", "Abernathy", "Zepbound", "5 mg", Valid, Invalid, "ZEPBOUND"},
		// Both blocks the requested brand, or the substance asked for:
		// each caption still heads its own.
		{"MOUNJARO", "Chidi", "Okonkwo", "Mounjaro", "5 mg", Valid, Valid, "MOUNJARO"},
		{"MOUNJARO", "Jolene", "Abernathy", "Mounjaro", "5 mg", Valid, Invalid, "MOUNJARO"},
		{"ZEPBOUND", "Chidi", "Okonkwo", "tirzepatide", "5 mg", Valid, Valid, "MOUNJARO"},
		// The lead's block holds another brand than the one asked for:
		// the brand asked for is another patient's.
		{"ZEPBOUND", "Jolene", "Abernathy", "Mounjaro", "2.5 mg", Invalid, NotFound, ""},
	} {
		exp := Expected{PatientKnown: true, Forename: tt.forename, Surname: tt.surname, MedicationName: tt.medicine, MedicationDosage: tt.dosage}
		r, f := Explain(textOf(1, receipt(tt.second)...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.PatientName.Value != tt.name || r.Data.MedicationDosage.Value != tt.dose {
			t.Errorf("%s for %s %s %s: name %v by %s, dose %v by %s, want %s, %s (note: %s)", tt.second, tt.forename, tt.medicine, tt.dosage,
				r.Data.PatientName, f.PatientName.Rule, r.Data.MedicationDosage, f.MedicationDosage.Rule, tt.name, tt.dose, r.Note)
		}
		if tt.medicineAt != "" && !strings.EqualFold(f.MedicationName.Text, tt.medicineAt) {
			t.Errorf("%s for %s: medicine read at %q, want %q", tt.second, tt.forename, f.MedicationName.Text, tt.medicineAt)
		}
	}
}

// TestHouseholdRowsOfTwoBrands: a pharmacy's message listing a couple's
// supplies, one on Wegovy and one on Ozempic (both semaglutide): the row of
// the brand asked for names its patient (unseen83, round 21).
func TestHouseholdRowsOfTwoBrands(t *testing.T) {
	lines := []string{"Teifi Pharmacy", "Hello Mrs Baptiste, both of your household's prescriptions were dispensed today:",
		"Mrs Marcia Baptiste - Wegovy 1mg", "FlexTouch pen x1", "Dispensed 18/11/2026",
		"Mr Clive Baptiste - Ozempic 1mg pen (4", "doses) x1", "Dispensed 18/11/2026"}
	// The production reader joins the message's sentence and the first row.
	joined := append([]string{"Teifi Pharmacy", "dispensed today and are ready to collect: Mrs Marcia Baptiste - Wegovy 1mg"}, lines[3:]...)
	r, f := Explain(textOf(1, joined...), Expected{PatientKnown: true, Forename: "Clive", Surname: "Baptiste", MedicationName: "Ozempic", MedicationDosage: "1 mg"}, Policy{Now: testNow, Market: "uk"})
	if r.Data.PatientName.Value != Valid {
		t.Errorf("joined rows: name %v by %s, want valid (note: %s)", r.Data.PatientName, f.PatientName.Rule, r.Note)
	}
	for _, tt := range []struct {
		forename, medicine string
		want               Verdict
	}{
		{"Clive", "Ozempic", Valid},
		{"Clive", "Wegovy", Invalid},
		{"Marcia", "Ozempic", NotFound},
		{"Clive", "semaglutide", NotFound},
	} {
		exp := Expected{PatientKnown: true, Forename: tt.forename, Surname: "Baptiste", MedicationName: tt.medicine, MedicationDosage: "1 mg"}
		r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.PatientName.Value != tt.want {
			t.Errorf("%s, %s: name %v by %s, want %s (note: %s)", tt.forename, tt.medicine, r.Data.PatientName, f.PatientName.Rule, tt.want, r.Note)
		}
	}
}

// TestCouplesLetter: a clinic's letter to a couple, each one's supply under
// their name and NHS number: the lead heads the requested medicine's
// section, and the other, addressed beside the lead, is no one in the
// lead's place (unseen83, round 21).
func TestCouplesLetter(t *testing.T) {
	lines := []string{"Harbourside Weight Clinic", "Mr Idris Okonjo and Ms Ruth Adeyemi", "Flat 3, 27 Cotham Vale", "Bristol BS6 9ZZ",
		"18 November 2026", "Dear Idris and Ruth,", "Your medicines have been supplied as follows.",
		"Ms Ruth Adeyemi (NHS number 999 481 2276)", "Wegovy 1.7mg FlexTouch pen, one pen (4 doses). Dispensed on 17 November",
		"2026 by Clifton Park Pharmacy, 8 Whiteladies Road, Bristol BS8 9ZZ.",
		"Mr Idris Okonjo (NHS number 999 481 2284)", "Mounjaro 7.5mg KwikPen, one pen (4 doses). Dispensed on 17 November 2026 by",
		"Clifton Park Pharmacy, 8 Whiteladies Road, Bristol BS8 9ZZ."}
	for _, tt := range []struct {
		forename, surname, medicine, dose string
		want                              Verdict
	}{
		{"Ruth", "Adeyemi", "Wegovy", "1.7 mg", Valid},
		{"Idris", "Okonjo", "Mounjaro", "7.5 mg", Valid},
		{"Ruth", "Adeyemi", "Mounjaro", "7.5 mg", Invalid},
	} {
		exp := Expected{PatientKnown: true, Forename: tt.forename, Surname: tt.surname, MedicationName: tt.medicine, MedicationDosage: tt.dose}
		r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.PatientName.Value != tt.want {
			t.Errorf("%s, %s: name %v by %s, want %s (note: %s)", tt.forename, tt.medicine, r.Data.PatientName, f.PatientName.Rule, tt.want, r.Note)
		}
	}
}

// TestOrderedItemReplaced: an online order changed after it was placed,
// "Ordered: Wegovy 1mg" over "Supplied: Mounjaro 5mg ... switched by our
// prescriber": the medicine ordered was not supplied (unseen87, round 21,
// a false accept and a false success at first measure). Another brand of
// the same substance supplied in its place is one medicine substituted.
func TestOrderedItemReplaced(t *testing.T) {
	page := func(supplied string) []string {
		return []string{"Order FOP-302915 | Fernhill Online Pharmacy", "Placed 16 Nov 2026 · Patient: Mr Ewan Tulloch · DOB 17/04/1985",
			"This order was changed after you placed it", "Ordered: Wegovy 1mg FlexTouch pen x1",
			"Supplied: " + supplied + " — switched by our prescriber after your consultation on 17 Nov 2026",
			"Item Qty Dispensed Dispatched", supplied + " 1 18 Nov 2026 19 Nov 2026", "Dispensed by Fernhill Online Pharmacy"}
	}
	for _, tt := range []struct {
		supplied, medicine, dose string
		want                     Verdict
	}{
		{"Mounjaro 5mg KwikPen x1", "Wegovy", "1 mg", Invalid},
		{"Mounjaro 5mg KwikPen x1", "Mounjaro", "5 mg", Valid},
		{"Ozempic 1mg pen x1", "Wegovy", "1 mg", Valid},
	} {
		exp := Expected{PatientKnown: true, Forename: "Ewan", Surname: "Tulloch", MedicationName: tt.medicine, MedicationDosage: tt.dose}
		r, f := Explain(textOf(1, page(tt.supplied)...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationName.Value != tt.want {
			t.Errorf("%s supplied, %s asked: medicine %v by %s, want %s (note: %s)", tt.supplied, tt.medicine, r.Data.MedicationName, f.MedicationName.Rule, tt.want, r.Note)
		}
	}
}

// TestRefusedMedicineIsNotSupplied: a specialty pharmacy's welcome letter
// names the medicine the plan did not approve, then the one it sent
// (unseen86, round 21, a false accept at first measure).
func TestRefusedMedicineIsNotSupplied(t *testing.T) {
	lines := []string{"Summit Specialty Pharmacy", "Patient: Nathan Greenhalgh",
		"Thank you for choosing Summit Specialty Pharmacy. Your health plan, Front Range Health, did not approve",
		"Zepbound (tirzepatide) on prior authorization. Your prescriber sent us a new prescription for",
		"Wegovy (semaglutide), which your plan covers.",
		"WEGOVY 0.25 MG/0.5 ML SINGLE-DOSE PEN (semaglutide)", "Dispensed 11/17/2026"}
	for _, tt := range []struct {
		medicine, dose string
		want           Verdict
	}{
		{"Zepbound", "2.5 mg", Invalid},
		{"Wegovy", "0.25 mg", Valid},
	} {
		exp := Expected{PatientKnown: true, Forename: "Nathan", Surname: "Greenhalgh", MedicationName: tt.medicine, MedicationDosage: tt.dose}
		r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationName.Value != tt.want {
			t.Errorf("%s: medicine %v by %s, want %s (note: %s)", tt.medicine, r.Data.MedicationName, f.MedicationName.Rule, tt.want, r.Note)
		}
	}
}

// TestMedicineAnotherProductIsUsedWith: a label of anti-sickness tablets
// whose directions name the pen they are taken after supplies no pen
// (unseen92, round 22, a false accept at first measure); an order that
// supplies the pen and needles for it names the pen.
func TestMedicineAnotherProductIsUsedWith(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Ravinder", Surname: "Sohal", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	for _, tt := range []struct {
		name  string
		lines []string
		want  Verdict
	}{
		{"the tablets' label", []string{"Ondansetron 4mg tablets 10 tablets",
			"Take ONE tablet up to TWICE a day if you feel sick after your Mounjaro injection.", "Mr Ravinder Sohal 16 Nov 2026",
			"Kingsholm Pharmacy, 112 Oxford Road, Reading"}, Invalid},
		{"the pen and its needles", []string{"Kingsholm Pharmacy", "Mr Ravinder Sohal", "Mounjaro 5mg/0.5ml KwikPen x1",
			"BD Micro-Fine 4mm pen needles for your Mounjaro pen x100", "Dispensed 16 Nov 2026"}, Valid},
	} {
		r, f := Explain(textOf(0.95, tt.lines...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationName.Value != tt.want {
			t.Errorf("%s: medicine %v by %s, want %s (note: %s)", tt.name, r.Data.MedicationName, f.MedicationName.Rule, tt.want, r.Note)
		}
	}
}

// TestMedicineOfClaimRejected: a benefit manager's step therapy letter
// whose table shows the requested medicine's claim rejected and another's
// paid and filled supplies only the other (unseen100, round 23, false
// accepts at first measure on 4 uploads), also when the reader reads a
// row's result cell before the row.
func TestMedicineOfClaimRejected(t *testing.T) {
	letter := func(resultFirst bool) []string {
		row := []string{"11/13/2026 Halberd Drug #51 MOUNJARO 5 MG/0.5 ML PEN", "Rejected: step therapy"}
		if resultFirst {
			row[0], row[1] = row[1], row[0]
		}
		return append(append([]string{"Keystone Rx Benefits", "Date: November 18, 2026", "YVETTE CASTELLUCCI",
			"Step therapy: your plan needs you to try another drug first", "Dear Yvette Castellucci,",
			"Your pharmacy sent us a claim for Mounjaro (tirzepatide) 5 mg/0.5 mL pen. Your plan covers this drug only after",
			"you have tried the plan's preferred drug in the same class. We could not find that trial in your records, so the claim",
			"was not covered.", "Preferred drug to try first: Ozempic (semaglutide).", "What happened at your pharmacy"}, row...),
			"11/16/2026 Halberd Drug #51 OZEMPIC 0.5 MG DOSE PEN Paid: filled", "(2 MG/3 ML) You paid $30.00",
			"If your prescriber believes you need", "Mounjaro, they can call us or send an exception request. You may also appeal this decision",
			"within 180 days of this letter.")
	}
	for _, tt := range []struct {
		name, medicine, dose string
		resultFirst          bool
		want                 Verdict
	}{
		{"the rejected claim's medicine", "Mounjaro", "5 mg", false, Invalid},
		{"the rejected claim's medicine, its result read first", "Mounjaro", "5 mg", true, Invalid},
		{"the medicine filled instead", "Ozempic", "0.5 mg", false, Valid},
	} {
		exp := Expected{PatientKnown: true, Forename: "Yvette", Surname: "Castellucci", MedicationName: tt.medicine, MedicationDosage: tt.dose}
		r, f := Explain(textOf(0.95, letter(tt.resultFirst)...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationName.Value != tt.want {
			t.Errorf("%s: medicine %v by %s, want %s (note: %s)", tt.name, r.Data.MedicationName, f.MedicationName.Rule, tt.want, r.Note)
		}
	}
}

// TestMedicineOfferedBesideAnOrder: an order page's "Customers also bought"
// panel offers another medicine; read by the local reader onto the order's
// own lines beside it (unseen91, round 22, a false accept at first
// measure), it is still no medicine the order supplied.
func TestMedicineOfferedBesideAnOrder(t *testing.T) {
	side := func(top float64, text string) Line { return placedAt(0.70, top, text) }
	join := func(a, b Line) Line { return joinLines(a, b) }
	lines := []Line{
		placedAt(0.05, 0.05, "Penrose Pharmacy Online"),
		join(placedAt(0.05, 0.10, "Order confirmed - thank you, Hamish"), side(0.10, "Customers also bought")),
		join(placedAt(0.05, 0.13, "Delivery to: Mr Hamish Carrodus, 4 Lochview Road, Perth"), side(0.13, "Wegovy 1mg FlexTouch")),
		side(0.16, "from £179.00 - consultation required"),
		placedAt(0.05, 0.19, "Mounjaro 7.5mg/0.6ml solution for injection KwikPen x 1"),
		placedAt(0.05, 0.22, "Patient: Mr Hamish Carrodus"),
		placedAt(0.05, 0.25, "Dispensed: 17 November 2026"),
		placedAt(0.05, 0.28, "Dispensed by: Penrose Pharmacy, Dundee"),
	}
	for _, tt := range []struct {
		medicine, dose string
		want           Verdict
	}{
		{"Wegovy", "1 mg", Invalid},
		{"Mounjaro", "7.5 mg", Valid},
	} {
		exp := Expected{PatientKnown: true, Forename: "Hamish", Surname: "Carrodus", MedicationName: tt.medicine, MedicationDosage: tt.dose}
		r, f := Explain(Text{Source: "tesseract", Lines: lines}, exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationName.Value != tt.want {
			t.Errorf("%s: medicine %v by %s, want %s (note: %s)", tt.medicine, r.Data.MedicationName, f.MedicationName.Rule, tt.want, r.Note)
		}
	}
}
