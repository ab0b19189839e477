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
