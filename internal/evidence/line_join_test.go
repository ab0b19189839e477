package evidence

import (
	"strings"
	"testing"
)

// charW and textH are the size of a character in placedAt's lines, in
// fractions of the page's width and height.
const charW, textH = 0.006, 0.01

// placedAt lays a line's words out from left on row top of page 1, each
// word charW a character and one character apart, as a reader with
// geometry reports it.
func placedAt(left, top float64, text string) Line {
	l := Line{Text: text, Confidence: 0.95, Page: 1}
	for _, s := range strings.Fields(text) {
		b := Box{Left: left, Top: top, Width: charW * float64(len(s)), Height: textH}
		l.Words = append(l.Words, Word{Text: s, Confidence: 0.95, Box: b})
		l.Box = l.Box.Union(b)
		left += b.Width + charW
	}
	return l
}

// rightOf is a piece of a line that starts gap after where l ends, its
// baseline lifted by rise (a page turned a little).
func rightOf(l Line, gap, rise float64, text string) Line {
	return placedAt(l.Box.Left+l.Box.Width+gap, l.Box.Top-rise, text)
}

// TestJoinSplitLines: a printed line the reader gave in two pieces, the
// right one listed first, is one line again where its left piece stood; a
// gutter's width apart, or on another baseline, the pieces stay apart.
func TestJoinSplitLines(t *testing.T) {
	left := placedAt(0.05, 0.30, "Thank you for choosing us. Your heal")
	for _, tt := range []struct {
		name      string
		gap, rise float64
		want      []string
	}{
		{"mid-word, page turned", 0.0005, 0.002, []string{"Dear Nathan", "Thank you for choosing us. Your heal th plan did not approve"}},
		{"a space apart", 0.8 * charW, 0, []string{"Dear Nathan", "Thank you for choosing us. Your heal th plan did not approve"}},
		{"a table's cells apart", 1.3 * charW, 0, []string{"th plan did not approve", "Dear Nathan", "Thank you for choosing us. Your heal"}},
		{"a gutter apart", 4 * charW, 0, []string{"th plan did not approve", "Dear Nathan", "Thank you for choosing us. Your heal"}},
		{"the line below", 0.0005, -textH, []string{"th plan did not approve", "Dear Nathan", "Thank you for choosing us. Your heal"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := []Line{rightOf(left, tt.gap, tt.rise, "th plan did not approve"), placedAt(0.05, 0.28, "Dear Nathan"), left}
			var got []string
			for _, l := range joinSplitLines(in) {
				got = append(got, l.Text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRefusedMedicineAsReadersSplitIt: the welcome letter whose plan "did
// not approve" Zepbound (TestRefusedMedicineIsNotSupplied), photographed
// with its pages side by side (unseen86, round 21): the local reader gave
// each line of its sentence in two pieces, right pieces first; the
// production reader read across the pages, each line of the letter
// followed by the next page's. Either way the refused medicine is not the
// one supplied.
func TestRefusedMedicineAsReadersSplitIt(t *testing.T) {
	head := []Line{placedAt(0.05, 0.05, "Summit Specialty Pharmacy"), placedAt(0.05, 0.08, "Patient: Nathan Greenhalgh")}
	thank := placedAt(0.05, 0.11, "Thank you for choosing Summit Specialty Pharmacy. Your heal")
	refused := placedAt(0.05, 0.13, "Zepbound (tirzepatide) on prior authorization. Your prescriber,")
	tail := []Line{placedAt(0.05, 0.15, "Wegovy (semaglutide), which your plan covers."),
		placedAt(0.05, 0.18, "WEGOVY 0.25 MG/0.5 ML SINGLE-DOSE PEN (semaglutide)"), placedAt(0.05, 0.20, "Dispensed 11/17/2026")}
	pieces := append(append([]Line(nil), head...),
		rightOf(thank, 0.0005, 0.001, "th plan, Front Range Health, did not approve"),
		rightOf(refused, 0.0005, 0.001, "Alan Mireles, MD, sent us a new prescription for"), thank, refused)
	whole := placedAt(0.05, 0.11, "Thank you for choosing Summit Specialty Pharmacy. Your health plan, Front Range Health, did not approve")
	across := append(append([]Line(nil), head...),
		whole, placedAt(0.75, 0.11, "Prescriber Alan Mireles, MD"), refused, placedAt(0.75, 0.13, "Ship date 11/18/2026"))
	for _, tt := range []struct {
		name  string
		lines []Line
	}{
		{"pieces", append(pieces, tail...)},
		{"across pages", append(across, tail...)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			exp := Expected{PatientKnown: true, Forename: "Nathan", Surname: "Greenhalgh", MedicationName: "Zepbound", MedicationDosage: "2.5 mg"}
			r, f := Explain(Text{Source: "textract", Lines: tt.lines}, exp, Policy{Now: testNow, Market: "us"})
			if r.Data.MedicationName.Value != Invalid {
				t.Errorf("medicine %v by %s, want invalid (note: %s)", r.Data.MedicationName, f.MedicationName.Rule, r.Note)
			}
		})
	}
}

// TestPrintDateMisreadOffACrease: "Printed" read "Primed" off a crumpled
// page's footer (unseen86, round 22) still dates the printing, not a
// supply.
func TestPrintDateMisreadOffACrease(t *testing.T) {
	lines := []string{"Castlegate Medical Practice", "Mrs Anwen Gethin", "Your annual medication review",
		"Mounjaro 10mg/0.6ml solution for injection KwikPen 10mg once weekly", "Primed 18/11/2026"}
	exp := Expected{PatientKnown: true, Forename: "Anwen", Surname: "Gethin", MedicationName: "Mounjaro", MedicationDosage: "10 mg"}
	r, f := Explain(textOf(0.9, lines...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value == Valid {
		t.Errorf("date %v by %s, want not valid (note: %s)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
}

// TestTableOfAPageBesideAnother: a clinic's treatment summary scanned with
// its pages side by side on one image (unseen86, round 22): the log's
// heading shares its baseline with the consultations beside it, and the
// reader gave the log column by column. The log is still read row by row:
// the 7.5mg pen only prescribed is no supply, and the 5mg pen dispensed is
// not another dose than the one supplied.
func TestTableOfAPageBesideAnother(t *testing.T) {
	lines := []Line{
		placedAt(0.05, 0.05, "Patient Mr Declan Mulvey, 27 Sandpiper Way, Westport"),
		placedAt(0.05, 0.08, "Current treatment Mounjaro (tirzepatide) 7.5mg once weekly"),
		placedAt(0.05, 0.148, "19/11/2026 Review (video)"),
		placedAt(0.05, 0.170, "Agreed to increase to 7.5mg."),
		placedAt(0.05, 0.192, "10/11/2026 Review"),
		placedAt(0.55, 0.12, "Order and dispensing log"),
		placedAt(0.55, 0.135, "Dispensing pharmacy: Lumen Health Pharmacy, Westport"),
		placedAt(0.55, 0.30, "Lumen Health Ltd, 9 Quay Street, Westport WP99 9ZZ, 01632 960905"),
	}
	cols := []struct {
		left  float64
		cells []string
	}{
		{0.55, []string{"Order", "LH-5530", "LH-5391", "LH-5212"}},
		{0.60, []string{"Item", "Mounjaro 7.5mg/0.6ml KwikPen", "Mounjaro 5mg/0.6ml KwikPen", "Mounjaro 5mg/0.6ml KwikPen"}},
		{0.78, []string{"Prescribed", "19/11/2026", "10/11/2026", "10/10/2026"}},
		{0.86, []string{"Dispensed", "", "11/11/2026", "13/10/2026"}},
		{0.94, []string{"Status", "Awaiting dispensing", "Delivered", "Delivered"}},
	}
	for _, c := range cols {
		for k, cell := range c.cells {
			if cell != "" {
				lines = append(lines, placedAt(c.left, 0.150+0.022*float64(k), cell))
			}
		}
	}
	for _, tt := range []struct {
		dose string
		not  Verdict // the dose's verdict that would be wrong
	}{
		{"5 mg", Invalid},
		{"7.5 mg", Valid},
	} {
		exp := Expected{PatientKnown: true, Forename: "Declan", Surname: "Mulvey", MedicationName: "Mounjaro", MedicationDosage: tt.dose}
		r, f := Explain(Text{Source: "tesseract", Lines: lines}, exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationDosage.Value == tt.not || r.Data.MedicationDate.Value != Valid {
			t.Errorf("%s: dose %v by %s, date %v by %s; want dose not %s, date valid (note: %s)", tt.dose, r.Data.MedicationDosage,
				f.MedicationDosage.Rule, r.Data.MedicationDate, f.MedicationDate.Rule, tt.not, r.Note)
		}
	}
}
