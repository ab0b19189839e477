package evidence

import (
	"strings"
	"testing"
)

// TestOwnRecord: a page that is only a record its patient keeps (a dose
// tracker's export, a notes list, a diary, a reminder app) gives no dose,
// date or pharmacy: they are the patient's word, which is what the
// clinician asked evidence of. The same record beside a pharmacy's label is
// more than that, and the label's fields count (unseen20, round 12).
func TestOwnRecord(t *testing.T) {
	tracker := []string{
		"Dose Log", "Export created November 19, 2026", "Injection history", "Profile: Jane Smith",
		"Medication: Wegovy 2.4 mg (weekly)", "Pharmacy: not recorded",
		"Date taken Medication Dose Site Notes",
		"11/17/2026 Wegovy 2.4 mg Abdomen, left felt fine",
		"11/10/2026 Wegovy 2.4 mg Thigh, right",
		"Entries are added by you in the app. DoseLog does not connect to your pharmacy. Streak: 7 weeks on time.",
	}
	// A notes app's list whose title wrapped its last word ("log").
	notes := []string{
		"19 November 2026 at 20:11", "Jane Smith - Wegovy", "log",
		"18/11/26 2.4mg tummy L v", "11/11/26 2.4mg tummy R v",
		"Picked up new pen from Fenbridge Pharmacy 16/11/26",
		"Shopping", "- oat milk", "- batch cook on Sunday",
	}
	journal := []string{
		"This journal belongs to: Jane Smith", "My medicine this week",
		"Wegovy 2.4 mg weekly", "new box collected 14/11/2026 - 4 pens", "batch cook on Sunday",
	}
	beside := append(append([]string(nil), tracker...),
		"NORTHGATE PHARMACY", "RX# 5520931 FILLED 11/13/2026", "SMITH, JANE", "WEGOVY 2.4MG/0.75ML PEN",
		"INJECT 2.4 MG UNDER THE SKIN ONCE A WEEK", "QTY: 3 ML (4 PENS) REFILLS: 0")
	exp := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	pol := Policy{Now: testNow, Market: "us"}
	type fields struct{ dose, date, pharmacy string }
	tests := []struct {
		name  string
		lines []string
		own   bool
		rules fields
	}{
		{"a tracker app's export", tracker, true, fields{"dose-in-own-record", "date-in-own-record", "no-pharmacy"}},
		{"a notes list, its title wrapped", notes, true, fields{"dose-in-own-record", "date-in-own-record", "pharmacy-in-own-record"}},
		{"a journal, a word of a label's in its prose", journal, true, fields{"dose-in-own-record", "date-in-own-record", "no-pharmacy"}},
		{"the tracker beside the pharmacy's label", beside, false, fields{"requested-dose", "date-in-window", "named-pharmacy"}},
		{"a label alone", beside[len(tracker):], false, fields{"requested-dose", "date-in-window", "named-pharmacy"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := readDocument(textOf(1, tt.lines...))
			if got := ownRecord(d); got != tt.own {
				t.Errorf("ownRecord = %v, want %v", got, tt.own)
			}
			r, f := Explain(textOf(1, tt.lines...), exp, pol)
			got := fields{f.MedicationDosage.Rule, f.MedicationDate.Rule, f.PharmacyName.Rule}
			if got != tt.rules {
				t.Errorf("rules = %+v, want %+v (note %q)", got, tt.rules, r.Note)
			}
			if tt.own && (r.Data.MedicationDosage.Value == Valid || r.Data.MedicationDate.Value == Valid || r.Data.PharmacyName.Value == Valid) {
				t.Errorf("a field of the patient's own record rated valid: %+v", r.Data)
			}
			if tt.own && !strings.Contains(r.Note, "record the patient keeps (a tracker, a diary or notes), not a pharmacy's or a prescriber's, so the dose") {
				t.Errorf("note %q does not say the page is the patient's own record once, for the dose and the date", r.Note)
			}
		})
	}
}

// TestOwnRecordBesideLabel: a tracker's dated doses beside a label are
// doses taken, no history of fills: the label's own strength is not
// outweighed by the tracker's latest entry (unseen20's tracker beside a
// label of another strength, round 12, a false accept through the
// production reader).
func TestOwnRecordBesideLabel(t *testing.T) {
	// As Textract returns the two side by side, their lines interleaved.
	page := []string{
		"7:48", "5G 73%", "ShotTrack", "NEXT DOSE", "- FRIDAY", "Mounjaro 5 mg", "weekly : rotate sites",
		"CEDAR ROW PHARMACY", "MY DOSES", "88 Cedar Row, Dayton, OH 45499 - (937) 555-0118",
		"Nov 18, 2026", "5 mg ✓", "RX# 5520931", "FILLED 11/13/2026", "Nov 11, 2026", "5 mg ✓", "SMITH, JANE",
		"Nov 4, 2026", "2.5 mg ✓", "MOUNJARO 2.5MG/0.5ML PEN", "Oct 28, 2026", "2.5 mg ✓",
		"INJECT 2.5 MG UNDER THE SKIN ONCE A WEEK", "QTY: 2 ML (4 PENS) REFILLS: 0", "Doses are entered by you.",
	}
	exp := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	text := textOf(0.95, page...)
	text.Source = "textract"
	r, f := Explain(text, exp, Policy{Now: testNow, Market: "us"})
	if r.Data.MedicationDosage.Value == Valid {
		t.Errorf("the tracker's latest dose was rated the dose supplied: %+v by %s", r.Data.MedicationDosage, f.MedicationDosage.Rule)
	}
}
