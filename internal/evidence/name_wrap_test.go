package evidence

import (
	"slices"
	"strings"
	"testing"
)

// TestWrappedLeadName: the lead's name wrapped over two lines of a
// sentence is put back together and judged as any other line's name, its
// role included; a name wrapped in a table's cell is left to the table's
// layout (unseen8's text thread, round 12).
func TestWrappedLeadName(t *testing.T) {
	oliver := Expected{PatientKnown: true, Forename: "Oliver", Surname: "Hartnell", MedicationName: "Saxenda"}
	thread := []string{
		"21 Aug 2026 10:12", "Kingsmere Pharmacy: Hi Oliver", "Hartnell, your Saxenda 6mg/ml pre-",
		"filled pens x5 (inject 3mg once daily)", "were dispensed today and are ready", "to collect.",
	}
	collected := []string{
		"Kingsmere Pharmacy", "Saxenda 6mg/ml pre-filled pens x5", "Patient: Mr Albert Hartnell",
		"Collected by: Oliver", "Hartnell on 21 Nov 2026",
	}
	for _, tt := range []struct {
		name  string
		lines []string
		want  Verdict
		rule  string
	}{
		{"a text message's greeting wrapped", thread, Valid, "name-anywhere"},
		{"a collector's name wrapped is still the collector's", collected, Invalid, "labelled-other-name"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(textOf(1, tt.lines...), oliver, Policy{Now: testNow, Market: "uk"})
			if r.Data.PatientName.Value != tt.want || f.PatientName.Rule != tt.rule {
				t.Errorf("patient name %+v by %s, want %s by %s", r.Data.PatientName, f.PatientName.Rule, tt.want, tt.rule)
			}
		})
	}
	cells := []Line{{Text: "GINA"}, {Text: "CASTELLANO"}}
	gina := Expected{PatientKnown: true, Forename: "Gina", Surname: "Castellano"}
	if got := joinWrappedLeadName(cells, gina); got[0].Text != "GINA" || got[1].Text != "CASTELLANO" {
		t.Errorf("a table cell's wrapped name was joined: %q, %q", got[0].Text, got[1].Text)
	}
	// A wrap goes back to the start of its own column: a vial stub's line
	// at the page's right, read just before the label's own line at its
	// left, wrapped nothing (unseen61's perforated bag label through the
	// production reader, round 18: the label's name was cut in two and its
	// panel lost to the stub's).
	cyrus := Expected{PatientKnown: true, Forename: "Cyrus", Surname: "Okafor-Lind"}
	stub := Line{Text: "' OKAFOR-LIND, CYRUS", Box: Box{Left: 0.743, Top: 0.218, Width: 0.134, Height: 0.03}}
	label := Line{Text: "OKAFOR-LIND, CYRUS", Box: Box{Left: 0.066, Top: 0.273, Width: 0.197, Height: 0.041}}
	if got := joinWrappedLeadName([]Line{stub, label}, cyrus); got[0].Text != stub.Text || got[1].Text != label.Text {
		t.Errorf("a line of another column was joined: %q, %q", got[0].Text, got[1].Text)
	}
	greeting := Line{Text: "Kingsmere Pharmacy: Hi Cyrus", Box: Box{Left: 0.1, Top: 0.2, Width: 0.5, Height: 0.03}}
	under := Line{Text: "Okafor-Lind, your pens are ready", Box: Box{Left: 0.1, Top: 0.24, Width: 0.55, Height: 0.03}}
	if got := joinWrappedLeadName([]Line{greeting, under}, cyrus); got[0].Text != "Kingsmere Pharmacy: Hi Cyrus Okafor-Lind," {
		t.Errorf("a name wrapped under its line was not joined: %q, %q", got[0].Text, got[1].Text)
	}
}

// TestWrappedLeadCell: the lead's name wrapped in a form's cell, the
// surname alone under the cell's first word, is put back together, and
// the page's table of fills is still read from where its words lie
// (unseen75's transfer summary, round 20).
func TestWrappedLeadCell(t *testing.T) {
	thomasina := Expected{PatientKnown: true, Forename: "Thomasina", Surname: "Larkworthy", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}
	word := func(text string, left, top float64) Word {
		return Word{Text: text, Confidence: 0.95, Box: Box{Left: left, Top: top, Width: 0.0075 * float64(len(text)), Height: 0.012}}
	}
	line := func(ws ...Word) Line {
		l := Line{Confidence: 0.95, Page: 1, Words: ws}
		for _, w := range ws {
			l.Text = strings.TrimSpace(l.Text + " " + w.Text)
			l.Box = l.Box.Union(w.Box)
		}
		return l
	}
	form := []Line{
		line(word("Patient", 0.107, 0.193), word("Miss", 0.298, 0.193), word("Thomasina", 0.333, 0.193), word("Date", 0.499, 0.193), word("of", 0.533, 0.193), word("birth", 0.55, 0.193), word("14/03/1986", 0.69, 0.193)),
		line(word("Larkworthy", 0.298, 0.212)),
		line(word("NHS", 0.107, 0.229), word("number", 0.141, 0.229), word("999", 0.298, 0.229), word("402", 0.328, 0.229), word("7781", 0.358, 0.229)),
	}
	got := joinWrappedLeadCell(form, thomasina)
	if got[0].Text != "Patient Miss Thomasina Larkworthy Date of birth 14/03/1986" || got[1].Text != "" || !got[1].Box.IsZero() || got[2].Text != form[2].Text {
		t.Fatalf("got %q, %q (box %+v), %q", got[0].Text, got[1].Text, got[1].Box, got[2].Text)
	}
	if w := got[0].Words[3]; w.Text != "Larkworthy" || w.Box != form[1].Words[0].Box {
		t.Errorf("the surname's word %+v: want it where it was read", w)
	}
	// Under another column's start, or after a word of the same cell, no
	// wrap of this cell.
	shifted := slices.Clone(form)
	shifted[1] = line(word("Larkworthy", 0.499, 0.212))
	if got := joinWrappedLeadCell(shifted, thomasina); got[0].Text != form[0].Text {
		t.Errorf("a surname under another column was joined: %q", got[0].Text)
	}
	r, f := Explain(Text{Source: "tesseract", Lines: form}, thomasina, Policy{Now: testNow, Market: "uk"})
	if r.Data.PatientName.Value != Valid || f.PatientName.Rule != "labelled-name" {
		t.Errorf("patient name %+v by %s, want valid by labelled-name", r.Data.PatientName, f.PatientName.Rule)
	}
}
