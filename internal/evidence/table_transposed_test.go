package evidence

import (
	"slices"
	"testing"
)

// TestTransposedTables: a table turned on its side, a column of captions
// and a column per record, is read record by record (unseen153, round 29):
// a history's fills across the page, each column one supply, and a
// family's account, each column one member under their name. A row's
// wrapped end ("pen" under each "Wegovy FlexTouch") stays with its cell.
func TestTransposedTables(t *testing.T) {
	history := drawn(`
Kestrel Lane Pharmacy
Patient: Ms Arabella THISTLEWOOD
Supplies (one column per supply, oldest left)
                Supply 1          Supply 2          Supply 3          Supply 4
Date supplied   21 Jul 2026       18 Aug 2026       15 Oct 2026       12 Nov 2026
Item            Wegovy FlexTouch  Wegovy FlexTouch  Wegovy FlexTouch  Wegovy FlexTouch
                pen               pen               pen               pen
Strength        0.25 mg           0.5 mg            1 mg              1.7 mg
Quantity        1 pen             1 pen             1 pen             1 pen`)
	doc := readDocument(history)
	var got []string
	for _, l := range doc.lines {
		got = append(got, l.raw)
	}
	want := "Date supplied: 12 Nov 2026\tItem: Wegovy FlexTouch pen\tStrength: 1.7 mg\tQuantity: 1 pen"
	if !slices.Contains(got, want) {
		t.Errorf("the last supply's column not read as one record; lines:\n%q", got)
	}
	arabella := func(dose string) Expected {
		return Expected{PatientKnown: true, Forename: "Arabella", Surname: "Thistlewood", MedicationName: "Wegovy", MedicationDosage: dose}
	}
	for _, tt := range []struct {
		dose           string
		dosage, date   Verdict
		doseRule, rule string
	}{
		{"1.7mg", Valid, Valid, "dose-of-latest-fill", "date-of-latest-fill"},
		{"0.5mg", NotFound, NotFound, "several-doses", "date-of-other-dose"},
	} {
		r, f := Explain(history, arabella(tt.dose), Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationDosage.Value != tt.dosage || f.MedicationDosage.Rule != tt.doseRule ||
			r.Data.MedicationDate.Value != tt.date || f.MedicationDate.Rule != tt.rule {
			t.Errorf("%s: dose %v by %s, date %v by %s; want %s by %s, %s by %s", tt.dose, r.Data.MedicationDosage, f.MedicationDosage.Rule,
				r.Data.MedicationDate, f.MedicationDate.Rule, tt.dosage, tt.doseRule, tt.date, tt.rule)
		}
	}
	// A printed spreadsheet numbers its rows before the captions.
	sheet := drawn(`
supply_record.ods
1    Patient          Ms Arabella Thistlewood
3    Date supplied    31/07/2026     28/08/2026
4    Medicine         Wegovy pen     Wegovy pen
5    Strength         1 mg           1.7 mg
8    Notes            transferred out`)
	var rows []string
	for _, l := range readDocument(sheet).lines {
		rows = append(rows, l.raw)
	}
	if want := "Patient: Ms Arabella Thistlewood\tDate supplied: 28/08/2026\tMedicine: Wegovy pen\tStrength: 1.7 mg"; !slices.Contains(rows, want) {
		t.Errorf("a spreadsheet's numbered rows not read as records; lines:\n%q", rows)
	}
	// A field every record shares, its one cell across their columns (a
	// titration record's medicine over its month columns; unseen153,
	// round 30): each record gets it.
	titration := drawn(`
Titration record: Mrs Morwenna Tregarthen
Week           Month 1        Month 2        Month 3        Month 4
Medicine                      Mounjaro KwikPen, one injection weekly
Dose           2.5 mg         5 mg           7.5 mg         10 mg (planned)
Pen supplied   16 Aug 2026    13 Sep 2026    11 Oct 2026    —
Weight (kg)    104.2          101.8          99.7           98.8`)
	rows = nil
	for _, l := range readDocument(titration).lines {
		rows = append(rows, l.raw)
	}
	if want := "Medicine: Mounjaro KwikPen, one injection weekly\tDose: 7.5 mg\tPen supplied: 11 Oct 2026"; !slices.Contains(rows, want) {
		t.Errorf("a titration record's shared medicine not given to each month; lines:\n%q", rows)
	}
	// Captions that head no record's fields (a form's two columns of
	// questions) are no turned table.
	form := drawn(`
Name            Arabella Thistlewood      Phone        01632 960418
Address         3 Corve Street            Postcode     SY8 9ZZ`)
	if doc := readDocument(form); len(doc.lines) != 8 {
		t.Errorf("a form's two columns were rewritten: %d lines", len(doc.lines))
	}
}
