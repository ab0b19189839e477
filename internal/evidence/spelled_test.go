package evidence

import "testing"

// TestSpelledDoses: doses said in words read as printed ones, a unit
// wrapped onto the next line included; a change of dose already made
// ("was increased from five milligrams to ... seven point five
// milligrams") states the new dose only (unseen67, numbers in words).
func TestSpelledDoses(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"Mounjaro seven point five milligrams once weekly", "Mounjaro 7.5 mg once weekly"},
		{"Each pen is one milligram.", "Each pen is 1 mg."},
		{"Label says Mounjaro two and a half milligrams, four pens", "Label says Mounjaro 2.5 mg, four pens"},
		{"your Wegovy nought point two five milligram pen", "your Wegovy 0.25 mg pen"},
		{"half a milligram weekly", "0.5 mg weekly"},
		{"one pen once a week", "one pen once a week"},
		{"two point four pens", "two point four pens"},
	} {
		if got := writeSpelledDoses([]Line{{Text: tc.in}}); got[0].Text != tc.want {
			t.Errorf("%q read %q, want %q", tc.in, got[0].Text, tc.want)
		}
	}
	got := writeSpelledDoses([]Line{{Text: "here your Wegovy nought point two five"}, {Text: "milligram pen was dispensed yesterday"}})
	if got[0].Text != "here your Wegovy 0.25 mg" || got[1].Text != "pen was dispensed yesterday" {
		t.Errorf("a wrapped unit: %q, %q", got[0].Text, got[1].Text)
	}

	exp := Expected{PatientKnown: true, Forename: "Fiona", Surname: "Caldwell-Reid", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}
	letter := []string{"Weight Management Service", "Ms Fiona Caldwell-Reid", "Dear Ms Caldwell-Reid",
		"Medication: following our telephone review last month, your dose was increased from",
		"five milligrams to Mounjaro seven point five milligrams once weekly, supplied on",
		"14 November 2026 by Fernhill Pharmacy."}
	r, f := Explain(textOf(0.95, letter...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDosage != (Rating{Valid, High}) || f.MedicationDosage.Rule != "requested-dose" {
		// Not "dose-of-latest-fill" among 5 mg and 7.5 mg: the 5 mg is no
		// fill, only the dose before the change.
		t.Errorf("dose %v by %q, want valid, high by requested-dose (note: %s)", r.Data.MedicationDosage, f.MedicationDosage.Rule, r.Note)
	}
	exp.MedicationDosage = "5 mg"
	if r, _ := Explain(textOf(0.95, letter...), exp, Policy{Now: testNow, Market: "uk"}); r.Data.MedicationDosage.Value == Valid {
		t.Errorf("the former dose was rated the dose: %v", r.Data.MedicationDosage)
	}
}
