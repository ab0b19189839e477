package evidence

import "testing"

// TestJoinWrappedDates: a date a narrow column wrapped over two lines is
// put back together on the first ("Dispensed by Hollybank Pharmacy on 14" /
// "November 2026"), and nothing else is joined.
func TestJoinWrappedDates(t *testing.T) {
	tests := []struct {
		name       string
		lines      []string
		want0      string
		want1      string
		wantJoined bool
	}{
		{"a day over its month and year", []string{"Dispensed by Hollybank Pharmacy on 14", "November 2026"}, "Dispensed by Hollybank Pharmacy on 14 November 2026", "", true},
		{"a month and day over the year", []string{"Filled on November 14,", "2026 at Walgreens"}, "Filled on November 14, 2026", "at Walgreens", true},
		{"a whole date stays", []string{"Dispensed on 14 November 2026", "November 2026 statement"}, "", "", false},
		{"a quantity over a month is no day", []string{"Tablets: 28", "November 2026"}, "", "", false},
		{"a count after on is no date without its month", []string{"Repeats left on 2", "of 6 issued"}, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in []Line
			for _, s := range tt.lines {
				in = append(in, Line{Text: s, Confidence: 1})
			}
			out := joinWrappedDates(in)
			joined := out[0].Text != in[0].Text
			if joined != tt.wantJoined {
				t.Fatalf("joined = %v (%q, %q), want %v", joined, out[0].Text, out[1].Text, tt.wantJoined)
			}
			if joined && (out[0].Text != tt.want0 || out[1].Text != tt.want1) {
				t.Errorf("got %q, %q; want %q, %q", out[0].Text, out[1].Text, tt.want0, tt.want1)
			}
			if in[0].Text != tt.lines[0] {
				t.Errorf("the reader's lines were changed")
			}
		})
	}
	// Through the verifier: the NHS App's wrapped dispensing date counts.
	exp := Expected{PatientKnown: true, Forename: "Ernest", Surname: "Pilkington", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	r, f := Explain(textOf(1, "Ernest Pilkington", "Mounjaro 5mg/0.5ml solution for injection KwikPen",
		"1 pre-filled pen. Inject 5mg once weekly.", "Dispensed", "Dispensed by Hollybank Pharmacy on 14", "November 2026"),
		exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value != Valid || f.MedicationDate.Text != "14 november 2026" {
		t.Errorf("wrapped dispensing date: %+v read from %q (note %q)", r.Data.MedicationDate, f.MedicationDate.Text, r.Note)
	}
}

// TestJoinCellYears: a table cell that wrapped its year under its day and
// month ("19 Jul" over "2026") is put back together, by where the words
// lie; a year elsewhere on the next line is left alone (unseen26's travel
// clinic summary, round 12).
func TestJoinCellYears(t *testing.T) {
	w := func(s string, left, top float64) Word {
		return Word{Text: s, Confidence: 0.9, Box: Box{Left: left, Top: top, Width: 0.02 * float64(len(s)) / 2, Height: 0.015}}
	}
	line := func(ws ...Word) Line {
		l := Line{Confidence: 0.9, Page: 1, Words: ws}
		l.Text = wordsJoined(ws)
		return l
	}
	row := line(w("Mounjaro", 0.06, 0.775), w("5mg", 0.22, 0.775), w("19", 0.35, 0.768), w("Jul", 0.373, 0.766), w("Clearleaf", 0.45, 0.76))
	tests := []struct {
		name  string
		next  Line
		want0 string
		want1 string
	}{
		{"the year under its cell", line(w("KwikPen", 0.06, 0.806), w("weekly", 0.22, 0.792), w("2026", 0.348, 0.791), w("(GPhC", 0.45, 0.785)),
			"Mounjaro 5mg 19 Jul 2026 Clearleaf", "KwikPen weekly (GPhC"},
		{"a year in another column", line(w("KwikPen", 0.06, 0.806), w("weekly", 0.22, 0.792), w("2099327", 0.45, 0.785), w("2026", 0.80, 0.785)),
			"Mounjaro 5mg 19 Jul Clearleaf", "KwikPen weekly 2099327 2026"},
	}
	// Month first ("November 21," over "2026": a US visit summary's cell
	// through the production reader; unseen62, round 17); a first name
	// that starts like a month is none.
	usCell := line(w("November", 0.675, 0.312), w("21,", 0.76, 0.312))
	named := line(w("Marisol", 0.36, 0.344), w("21", 0.45, 0.344))
	for _, tt := range []struct {
		name         string
		a, b         Line
		want0, want1 string
	}{
		{"month then day, the year under them", usCell, line(w("2026", 0.674, 0.323)), "November 21, 2026", ""},
		{"a name like a month", named, line(w("2026", 0.36, 0.36)), "Marisol 21", "2026"},
		// An expiry's month beside a dispensing date's day, each cell's
		// year under it (unseen91's delivery note, round 22): "Sep 24" is
		// two cells, not a date.
		{"an expiry's month beside the next cell's day",
			line(w("D791146", 0.40, 0.5), w("Sep", 0.55, 0.5), w("24", 0.68, 0.5), w("Nov", 0.71, 0.5)),
			line(w("2027", 0.55, 0.515), w("2026", 0.68, 0.515)), "D791146 Sep 24 Nov 2026", "2027"},
	} {
		out := joinCellYears([]Line{tt.a, tt.b})
		if out[0].Text != tt.want0 || out[1].Text != tt.want1 {
			t.Errorf("%s: got %q / %q, want %q / %q", tt.name, out[0].Text, out[1].Text, tt.want0, tt.want1)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := joinCellYears([]Line{row, tt.next})
			if out[0].Text != tt.want0 || out[1].Text != tt.want1 {
				t.Errorf("got %q / %q, want %q / %q", out[0].Text, out[1].Text, tt.want0, tt.want1)
			}
		})
	}
}

// TestJoinCellYearsPastAnotherCell: through the production reader a row's
// cells are LINEs of their own, so another column's cell may stand between
// the day and month and the year under them (unseen11's delivery note,
// round 14); a year further down than that is another row's.
func TestJoinCellYearsPastAnotherCell(t *testing.T) {
	w := func(s string, left, top float64) Word {
		return Word{Text: s, Confidence: 0.9, Box: Box{Left: left, Top: top, Width: 0.02 * float64(len(s)) / 2, Height: 0.015}}
	}
	line := func(ws ...Word) Line {
		l := Line{Confidence: 0.9, Page: 1, Words: ws}
		l.Text = wordsJoined(ws)
		return l
	}
	date := line(w("24", 0.80, 0.50), w("November", 0.83, 0.50))
	between := line(w("(tirzepatide)", 0.06, 0.515))
	for _, tt := range []struct {
		name      string
		yearTop   float64
		wantFirst string
	}{
		{"the year right under, past another cell", 0.52, "24 November 2026"},
		{"a year three rows down", 0.56, "24 November"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := joinCellYears([]Line{date, between, line(w("doses)", 0.62, tt.yearTop), w("2026", 0.80, tt.yearTop))})
			if out[0].Text != tt.wantFirst || out[1].Text != "(tirzepatide)" {
				t.Errorf("got %q / %q, want %q / %q", out[0].Text, out[1].Text, tt.wantFirst, "(tirzepatide)")
			}
		})
	}
}
