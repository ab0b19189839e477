package evidence

import "testing"

// TestWrappedPharmacyName: a pharmacy's name that a line wrapped after its
// proper name ("by Kirkby" over "Chemist, 9 Westgate") is put back
// together, in prose and in a table cell whose next column was read between
// its lines (unseen147, round 29); a pharmacy word that starts a sentence
// under the line, or that starts another column's line, is left alone.
func TestWrappedPharmacyName(t *testing.T) {
	tevita := Expected{PatientKnown: true, Forename: "Tevita", Surname: "Hallworth", MedicationName: "Mounjaro", MedicationDosage: "7.5mg"}
	letter := []string{
		"Tevita is prescribed Mounjaro (tirzepatide) 7.5mg KwikPen, injected once weekly. I have",
		"seen the pharmacy label on his current pen: it was supplied on 12 November 2026 by Kirkby",
		"Chemist, 9 Westgate, Otley LS21 9ZZ.",
	}
	team := []string{
		"Tevita is prescribed Mounjaro (tirzepatide) 7.5mg KwikPen, supplied on 12 November 2026 from Kirkby",
		"Pharmacy team members will call you about your next supply.",
	}
	for _, tt := range []struct {
		name  string
		lines []string
		want  Verdict
		rule  string
	}{
		{"a letter's sentence wrapped before Chemist", letter, Valid, "named-pharmacy"},
		{"a sentence under the line starting with Pharmacy", team, NotFound, "no-pharmacy"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(textOf(1, tt.lines...), tevita, Policy{Now: testNow, Market: "uk"})
			if r.Data.PharmacyName.Value != tt.want || f.PharmacyName.Rule != tt.rule {
				t.Errorf("pharmacy %+v by %s (%q), want %s by %s", r.Data.PharmacyName, f.PharmacyName.Rule, f.PharmacyName.Text, tt.want, tt.rule)
			}
		})
	}

	// A clinic summary's table: the medicine's column read between the
	// supply cell's two lines.
	box := func(left, top, width float64) Box { return Box{Left: left, Top: top, Width: width, Height: 0.015} }
	cell := Line{Text: "Dispensed 19 Oct 2026 by Craven", Box: box(0.55, 0.50, 0.25)}
	between := []Line{{Text: "Mounjaro", Box: box(0.10, 0.50, 0.08)}, {Text: "10mg", Box: box(0.30, 0.50, 0.04)}}
	under := Line{Text: "Pharmacy, 14 High Street, Skipton", Box: box(0.552, 0.52, 0.26)}
	got := joinWrappedPharmacy([]Line{cell, between[0], between[1], under})
	if got[0].Text != "Dispensed 19 Oct 2026 by Craven Pharmacy," || got[3].Text != "14 High Street, Skipton" {
		t.Errorf("a cell's wrapped pharmacy was not joined: %q, %q", got[0].Text, got[3].Text)
	}
	// The same line under another column's start is another cell.
	aside := under
	aside.Box.Left = 0.10
	if got := joinWrappedPharmacy([]Line{cell, between[0], aside}); got[0].Text != cell.Text || got[2].Text != aside.Text {
		t.Errorf("a line of another column was joined: %q, %q", got[0].Text, got[2].Text)
	}
	// Far below is no wrap.
	far := under
	far.Box.Top = 0.60
	if got := joinWrappedPharmacy([]Line{cell, far}); got[0].Text != cell.Text {
		t.Errorf("a line far below was joined: %q", got[0].Text)
	}
}
