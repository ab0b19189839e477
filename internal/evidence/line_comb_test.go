package evidence

import (
	"strings"
	"testing"
)

// TestCombFieldsAreRead: a form's boxes, one character each, read as the
// name and the date they hold (unseen131, round 26), and nothing else
// joined: initials, a dose ladder, an ID of letters and digits.
func TestCombFieldsAreRead(t *testing.T) {
	for _, tt := range []struct {
		name  string
		lines []string
		at    int
		want  string
	}{
		{"a surname", []string{"Surname", "T R E L O A R - Q U I C K"}, 1, "TRELOAR-QUICK"},
		{"a date over its caption a part a line", []string{"Date of supply", "2 1 1 1 2 0 2 6", "DD", "MM", "YYYY"}, 1, "21 Nov 2026"},
		{"a date under a caption month first", []string{"MM DD YYYY", "BAYSIDE FAMILY", "MOUNJARO 5MG/0.5ML PEN", "0 8 0 1 2 0 2 6"}, 3, "1 Aug 2026"},
		{"a date captioned on its line", []string{"Date signed (MM DD YYYY) 1 1 2 5 2 0 2 6"}, 0, "Date signed (MM DD YYYY) 25 Nov 2026"},
		{"a date with no caption", []string{"1 4 0 3 1 9 7 9"}, 0, "14/03/1979"},
		{"no such day", []string{"3 1 0 2 2 0 2 6", "DD", "MM", "YYYY"}, 0, "3 1 0 2 2 0 2 6"},
		{"initials", []string{"J R R Tolkien"}, 0, "J R R Tolkien"},
		{"a dose ladder", []string{"Week 1 2 3 4 5 6 7 8"}, 0, "Week 1 2 3 4 5 6 7 8"},
		{"an ID", []string{"E 0 4 4 8 2 1 3"}, 0, "E 0 4 4 8 2 1 3"},
		{"a dash beside a word", []string{"A B C D - note"}, 0, "ABCD - note"},
		{"an ID run into a date, unplaced", []string{"1 2 3 4 5 6 7 0 1 0 1 2 0 2 6"}, 0, "1 2 3 4 5 6 7 0 1 0 1 2 0 2 6"},
	} {
		got := joinCombFields(textOf(1, tt.lines...).Lines)
		if got[tt.at].Text != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got[tt.at].Text, tt.want)
		}
	}
	// The words keep their places: one word over the boxes it joins.
	l := Line{Text: "M O R W E N N A", Words: []Word{}}
	for k, f := range strings.Fields(l.Text) {
		l.Words = append(l.Words, Word{Text: f, Confidence: 0.9 - float64(k)/100, Box: Box{Left: 0.1 + float64(k)*0.03, Top: 0.2, Width: 0.02, Height: 0.01}})
	}
	got := joinCombFields([]Line{l})[0]
	if len(got.Words) != 1 || got.Words[0].Text != "MORWENNA" || got.Words[0].Box.Left != 0.1 || got.Words[0].Box.Width < 0.23 || got.Words[0].Confidence > 0.84 {
		t.Errorf("joined words: %+v", got.Words)
	}
	// An empty box between an initial and a surname keeps them apart.
	l = Line{Text: "K B O L I T H O"}
	for k, f := range strings.Fields(l.Text) {
		left := 0.1 + float64(k)*0.03
		if k > 0 {
			left += 0.03
		}
		l.Words = append(l.Words, Word{Text: f, Confidence: 0.9, Box: Box{Left: left, Top: 0.5, Width: 0.02, Height: 0.01}})
	}
	if got := joinCombFields([]Line{l})[0]; got.Text != "K BOLITHO" {
		t.Errorf("an initial in its box: %q, want %q", got.Text, "K BOLITHO")
	}
	// A member's ID and a date of birth on one line, the date's boxes in
	// groups: the date alone is read, the ID left as it is.
	placed := func(groups ...string) Line {
		var l Line
		left := 0.1
		for _, g := range groups {
			for _, c := range strings.Fields(g) {
				l.Words = append(l.Words, Word{Text: c, Confidence: 0.9, Box: Box{Left: left, Top: 0.5, Width: 0.02, Height: 0.01}})
				left += 0.03
			}
			left += 0.03
		}
		for _, w := range l.Words {
			l.Text += w.Text + " "
		}
		l.Text = strings.TrimSpace(l.Text)
		return l
	}
	lines := []Line{{Text: "Member ID Date of birth (MM DD YYYY)"}, placed("C H P 6 6 0 4 1 2 7", "0 7", "2 2", "1 9 8 1")}
	if got := joinCombFields(lines)[1]; got.Text != "C H P 6 6 0 4 1 2 7 22 Jul 1981" {
		t.Errorf("an ID and a date of birth: %q", got.Text)
	}
}

// TestCombFormIsRated: a pharmacy's record of supply completed in boxes
// names the patient and the date of supply.
func TestCombFormIsRated(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Morwenna", Surname: "Treloar-Quick", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
	page := []string{"Kestle Mill Pharmacy", "Private service", "21 Quay Road, St Columb TR9 9ZZ · 01632 960552 · GPhC 1190553",
		"Weight management service: record of supply", "1. Patient", "Surname", "T R E L O A R - Q U I C K", "First name", "M O R W E N N A",
		"Date of birth", "1 4 0 3 1 9 7 9", "2. Medicine supplied", "Wegovy (semaglutide) FlexTouch pen", "Number of pens 1",
		"4. Supply", "Date of supply", "1 6 1 1 2 0 2 6", "DD", "MM", "YYYY", "Pharmacist (name)"}
	r, f := Explain(textOf(1, page...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.PatientName.Value != Valid || r.Data.MedicationDate.Value != Valid || !strings.Contains(strings.ToLower(f.MedicationDate.Text), "nov") {
		t.Errorf("a form in boxes: name %+v by %s, date %+v by %s read %q", r.Data.PatientName, f.PatientName.Rule, r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text)
	}
}

// TestNameCaptionsAloneOnTheirLines: a card's or a form's name fields
// captioned on lines of their own, each value on the line after its
// caption or both after both captions, in the captions' order (unseen66's
// forces card as a text PDF, unseen131's claim form).
func TestNameCaptionsAloneOnTheirLines(t *testing.T) {
	jordan := Expected{PatientKnown: true, Forename: "Jordan", Surname: "Hargreaves", MedicationName: "Wegovy", MedicationDosage: "1 mg"}
	for _, tt := range []struct {
		name  string
		lines []string
		want  Verdict
	}{
		{"each over its value", []string{"Medication card", "Surname", "HARGREAVES", "Forename(s)", "Jordan", "Wegovy 1 mg pen"}, Valid},
		{"both over both", []string{"Medication card", "Last name", "First name", "HARGREAVES", "JORDAN", "Wegovy 1 mg pen"}, Valid},
		{"both over both, another person", []string{"Medication card", "Last name", "First name", "HARGREAVES", "MORGAN", "Wegovy 1 mg pen"}, Invalid},
	} {
		r, f := Explain(textOf(1, tt.lines...), jordan, Policy{Now: testNow, Market: "uk"})
		if r.Data.PatientName.Value != tt.want {
			t.Errorf("%s: name %+v by %s read %q, want %s", tt.name, r.Data.PatientName, f.PatientName.Rule, f.PatientName.Text, tt.want)
		}
	}
}
