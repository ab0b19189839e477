package evidence

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// boxedLine lays a line's words out left to right on row top of page 1,
// each word 0.1 wide and 0.02 high, 0.01 apart, and gives the line their
// union: as a reader with geometry reports it.
func boxedLine(top float64, texts ...string) Line {
	l := Line{Confidence: 0.97, Page: 1}
	left := 0.05
	for i, s := range texts {
		b := Box{Left: left, Top: top, Width: 0.1, Height: 0.02}
		l.Words = append(l.Words, Word{Text: s, Confidence: 0.97, Box: b})
		l.Box = l.Box.Union(b)
		if i > 0 {
			l.Text += " "
		}
		l.Text += s
		left += 0.11
	}
	return l
}

// wordBoxes is the union of the boxes of words from..to (inclusive) of l.
func wordBoxes(l Line, from, to int) *Box {
	var b Box
	for _, w := range l.Words[from : to+1] {
		b = b.Union(w.Box)
	}
	return &b
}

// TestExplainNamesTheRuleAndWhereItWasRead: each field's Finding names the
// rule of docs/evidence-rules.md that decided it and the words it rests on
// (the patient's name, not its caption; the dose, not its line), so a
// reviewer's box sits on them.
func TestExplainNamesTheRuleAndWhereItWasRead(t *testing.T) {
	pharmacy := boxedLine(0.05, "Greenfield", "Pharmacy", "Leeds")
	patient := boxedLine(0.10, "Patient:", "Mrs", "Jane", "Smith")
	medicine := boxedLine(0.15, "Wegovy", "2.4mg/0.75ml", "pen")
	date := boxedLine(0.20, "Date", "dispensed:", "03/11/2026")
	text := Text{Source: "textract", Lines: []Line{pharmacy, patient, medicine, date}}
	exp := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	res, got := Explain(text, exp, Policy{Now: testNow, Market: "uk"})
	if !res.Success {
		t.Fatalf("not a success: %+v", res)
	}
	want := Findings{
		PatientName:      Finding{Rule: "labelled-name", Page: 1, Box: wordBoxes(patient, 2, 3), Text: "Jane Smith", Confidence: 0.97},
		MedicationName:   Finding{Rule: "requested-medicine", Page: 1, Box: wordBoxes(medicine, 0, 0), Text: "Wegovy", Confidence: 0.97},
		MedicationDosage: Finding{Rule: "requested-dose", Page: 1, Box: wordBoxes(medicine, 1, 1), Text: "2.4mg/0.75ml", Confidence: 0.97},
		MedicationDate:   Finding{Rule: "date-in-window", Page: 1, Box: wordBoxes(date, 2, 2), Text: "03/11/2026", Confidence: 0.97},
		PharmacyName:     Finding{Rule: "named-pharmacy", Page: 1, Box: wordBoxes(pharmacy, 0, 1), Text: "Greenfield Pharmacy", Confidence: 0.97},
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
		t.Errorf("Explain findings (-want +got):\n%s", diff)
	}
}

// TestExplainFindingsOfOtherVerdicts: an invalid field points at what the
// document says instead; a field not found points nowhere; a name joined
// from forename and surname fields points at both values.
func TestExplainFindingsOfOtherVerdicts(t *testing.T) {
	forename := boxedLine(0.10, "First", "Name:", "Laura")
	surname := boxedLine(0.13, "Last", "Name:", "Brown")
	medicine := boxedLine(0.20, "Mounjaro", "5mg", "KwikPen")
	text := Text{Source: "textract", Lines: []Line{forename, surname, medicine}}
	exp := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	_, got := Explain(text, exp, Policy{Now: testNow, Market: "uk"})
	want := Findings{
		PatientName:      Finding{Rule: "labelled-other-name", Page: 1, Box: wordBoxes(forename, 2, 2).union(wordBoxes(surname, 2, 2)), Text: "Laura Brown", Confidence: 0.97},
		MedicationName:   Finding{Rule: "other-medicine", Page: 1, Box: wordBoxes(medicine, 0, 0), Text: "Mounjaro", Confidence: 0.97},
		MedicationDosage: Finding{Rule: "dose-of-other-medicine", Page: 1, Box: wordBoxes(medicine, 1, 1), Text: "5mg", Confidence: 0.97},
		MedicationDate:   Finding{Rule: "no-date"},
		PharmacyName:     Finding{Rule: "no-pharmacy"},
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
		t.Errorf("Explain findings (-want +got):\n%s", diff)
	}
}

func (b *Box) union(o *Box) *Box {
	u := b.Union(*o)
	return &u
}

// TestExplainWithoutText: nothing read, every field says so.
func TestExplainWithoutText(t *testing.T) {
	_, got := Explain(Text{}, Expected{}, Policy{Now: testNow})
	if got.PatientName.Rule != ruleNothingRead || got.PharmacyName.Rule != ruleNothingRead {
		t.Errorf("findings of an empty text: %+v", got)
	}
}
