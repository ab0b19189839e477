package evidence

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAHouseholdsTable: in a table whose rows each name their patient,
// the lead's own rows give the date and the dose; another person's fills
// never do.
func TestAHouseholdsTable(t *testing.T) {
	household := drawn(`
Harbourside Pharmacy: dispensing history (household)
Date dispensed  Patient        Item                   Strength
20/11/2026      Glenys Pardoe  Levothyroxine tablets  75 micrograms
18/11/2026      Martin Pardoe  Wegovy FlexTouch pen   1mg/0.74ml
21/10/2026      Martin Pardoe  Wegovy FlexTouch pen   0.5mg/0.37ml
14/08/2026      Glenys Pardoe  Wegovy FlexTouch pen   1mg/0.74ml
17/07/2026      Glenys Pardoe  Wegovy FlexTouch pen   0.5mg/0.37ml`)
	lead := func(forename string) Expected {
		return Expected{PatientKnown: true, Forename: forename, Surname: "Pardoe", MedicationName: "Wegovy", MedicationDosage: "1 mg"}
	}
	tests := []struct {
		name string
		exp  Expected
		want [fieldCount]Verdict
	}{
		{"the lead's own fill is old, another person's recent", lead("Glenys"), [fieldCount]Verdict{Valid, Valid, Valid, Invalid, Valid}},
		{"the lead's own fill is recent", lead("Martin"), [fieldCount]Verdict{Valid, Valid, Valid, Valid, Valid}},
		// The other fields are rated as they read: the patient decides.
		{"a lead with no row is not the patient", lead("Ruth"), [fieldCount]Verdict{Invalid, Valid, Valid, Valid, Valid}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := Explain(household, tc.exp, Policy{Now: testNow, Market: "uk"})
			f := got.Data
			if diff := cmp.Diff(tc.want, [fieldCount]Verdict{f.PatientName.Value, f.MedicationName.Value, f.MedicationDosage.Value, f.MedicationDate.Value, f.PharmacyName.Value}); diff != "" {
				t.Errorf("verdicts (-want +got):\n%s\nnote: %s", diff, got.Note)
			}
		})
	}
}

// TestAnInsurersTableOfRelations: an insurer's claims table names each
// row's patient with how they relate to the subscriber ("(spouse)",
// "(self)"). With the subscriber's own rows left out of the lead's
// reading, "(spouse)" still says a relationship, not another role.
func TestAnInsurersTableOfRelations(t *testing.T) {
	eob := drawn(`
Explanation of Benefits
Subscriber: Patricia Huang
Fill date    Patient                  Drug                         Qty
12/11/2026   Leo Huang (spouse)       WEGOVY 0.5 MG/0.5 ML PEN     2 mL
16/11/2026   Patricia Huang (self)    ATORVASTATIN 40 MG TAB       30`)
	got, f := Explain(eob, Expected{PatientKnown: true, Forename: "Leo", Surname: "Huang", MedicationName: "Wegovy", MedicationDosage: "0.5 mg"}, Policy{Now: testNow, Market: "uk"})
	if got.Data.PatientName.Value != Valid {
		t.Errorf("patient %v by %s, want valid: %s", got.Data.PatientName, f.PatientName.Rule, got.Note)
	}
}

// TestAHouseholdsTableOverTwoPages: a spreadsheet printed over two pages is
// a table a page; the lead's own Wegovy rows on page 2 leave out the
// spouse's on page 1 (unseen30, round 13: the spouse's recent fill was
// rated the lead's, a false accept at first measure).
func TestAHouseholdsTableOverTwoPages(t *testing.T) {
	doc := drawn(`
Pell household: pharmacy claims
Date filled  Member        Medication     Strength
16/11/2026   Janine Pell   Wegovy pen     2.4 mg/0.75 mL
09/11/2026   Marcus Pell   Lisinopril     20 mg
19/10/2026   Janine Pell   Wegovy pen     2.4 mg/0.75 mL`)
	page2 := drawn(`
Date filled  Member        Medication     Strength
12/08/2026   Marcus Pell   Wegovy pen     2.4 mg/0.75 mL
01/08/2026   Marcus Pell   Lisinopril     20 mg
15/07/2026   Marcus Pell   Wegovy pen     2.4 mg/0.75 mL`)
	for _, l := range page2.Lines {
		l.Page = 2
		doc.Lines = append(doc.Lines, l)
	}
	exp := Expected{PatientKnown: true, Forename: "Marcus", Surname: "Pell", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	got, f := Explain(doc, exp, Policy{Now: testNow, Market: "uk"})
	if got.Data.MedicationDate.Value != Invalid {
		t.Errorf("date %v by %s, want invalid (the lead's own fill is old): %s", got.Data.MedicationDate, f.MedicationDate.Rule, got.Note)
	}
}
