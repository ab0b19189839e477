package evidence

import (
	"strings"
	"testing"
)

// nameCase is the patient name rated on a few lines read at conf by source
// ("test", a text layer, when empty).
type nameCase struct {
	name   string
	exp    Expected
	lines  []string
	conf   float64
	source string
	want   Rating
	rule   string
	words  string // in the note's clause
	text   *Text  // what a reader returned, words' boxes and all, instead of lines
}

func runNameCases(t *testing.T, cases []nameCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			conf := tt.conf
			if conf == 0 {
				conf = 1
			}
			text := textOf(conf, tt.lines...)
			if tt.text != nil {
				text = *tt.text
			}
			if tt.source != "" {
				text.Source = tt.source
			}
			doc := readDocument(text)
			want, _ := LookupMedicine(tt.exp.MedicationName)
			f := ratePatientNameBeside(doc, tt.exp, true, findRequested(findMedicineMentions(doc), want.Generic))
			if f.rating != tt.want || (tt.rule != "" && f.rule != tt.rule) {
				t.Errorf("rated %v by %q, want %v by %q", f.rating, f.rule, tt.want, tt.rule)
			}
			if clause := f.problem + f.caveat + f.missing; !strings.Contains(clause, tt.words) {
				t.Errorf("note clause %q, want it to hold %q", clause, tt.words)
			}
		})
	}
}

// TestForenameOfSeveralWords: a forename of several words is the lead's
// only with every word; one that differs by a letter read clearly is
// another person (issue 18: "NGUYEN, THI LAM" for the lead Thi Lan Nguyen).
func TestForenameOfSeveralWords(t *testing.T) {
	thiLan := Expected{PatientKnown: true, Forename: "Thi Lan", Surname: "Nguyen"}
	runNameCases(t, []nameCase{
		{name: "every word", exp: thiLan, lines: []string{"Patient: NGUYEN, THI LAN"}, want: Rating{Valid, High}, rule: "labelled-name"},
		{name: "a letter of the second word differs on a text layer", exp: thiLan, lines: []string{"Patient: NGUYEN, THI LAM"}, want: Rating{Invalid, High}, rule: "labelled-other-name"},
		{name: "a letter differs, read well by OCR", exp: thiLan, lines: []string{"Patient: NGUYEN, THI LAM"}, conf: 0.96, source: "tesseract", want: Rating{Invalid, Medium}, rule: "labelled-other-name"},
		{name: "a letter differs, read poorly: a misreading or another", exp: thiLan, lines: []string{"Patient: NGUYEN, THI LAM"}, conf: 0.7, source: "tesseract", want: Rating{NotFound, Low}, rule: "near-name"},
		{name: "unlabelled on a label", exp: thiLan, lines: []string{"Wegovy 2.4mg pen", "THI LAM NGUYEN", "Date dispensed: 12/11/2026"}, want: Rating{Invalid, Medium}, rule: "uncaptioned-other-name"},
		{name: "the second word left out", exp: thiLan, lines: []string{"Patient: NGUYEN, THI"}, want: Rating{NotFound, Low}, rule: "partial-name"},
		{name: "a hyphenated forename in full", exp: Expected{PatientKnown: true, Forename: "Ana-Lucía", Surname: "Ferreira"}, lines: []string{"Patient: Ana-Lucía Ferreira"}, want: Rating{Valid, High}, rule: "labelled-name"},
		{name: "a hyphenated forename with another second part", exp: Expected{PatientKnown: true, Forename: "Ana-Lucía", Surname: "Ferreira"}, lines: []string{"Patient: Ana-Maria Ferreira"}, want: Rating{Invalid, High}, rule: "labelled-other-name"},
	})
}

// TestInitialInAnotherName: a capital letter after a name's first word is
// an initial, so "PETTIGREW, DWAYNE A" under a patient caption is another
// patient's name; it was no name at all, "a" being a word no name has.
func TestInitialInAnotherName(t *testing.T) {
	lorraine := Expected{PatientKnown: true, Forename: "Lorraine", Surname: "Baptiste"}
	thomas := Expected{PatientKnown: true, Forename: "Thomas", Surname: "Owen"}
	runNameCases(t, []nameCase{
		{name: "a middle initial last", exp: lorraine, lines: []string{"Patient:", "PETTIGREW, DWAYNE A", "DOB: 04/05/1979"}, want: Rating{Invalid, High}, rule: "labelled-other-name"},
		{name: "a middle initial between", exp: lorraine, lines: []string{"Patient: Dwayne A. Pettigrew"}, want: Rating{Invalid, High}, rule: "labelled-other-name"},
		{name: "a capital first may be the article", exp: thomas, lines: []string{"Mr Thomas Owen", "A PATEL", "D.o.B 01/02/1980"}, want: Rating{Valid, High}, rule: "name-anywhere"},
	})
}

// TestNameWrappedOverTwoLines: a narrow label wraps a long name after the
// forename; the surname starts the next line.
func TestNameWrappedOverTwoLines(t *testing.T) {
	lead := Expected{PatientKnown: true, Forename: "Oluwaseun", Surname: "Adeyemi-Clarke"}
	label := func(a, b string) []string {
		return []string{"Saxenda 6mg/ml solution for injection in pre-filled pen", a, b, "Marlowe Pharmacy, 14 Quay Street"}
	}
	runNameCases(t, []nameCase{
		{name: "titled forename, surname on the next line", exp: lead, lines: label("Mr Oluwaseun", "Adeyemi-Clarke 18/11/2026"), want: Rating{Valid, High}, rule: "name-anywhere"},
		{name: "forename alone on its line: maybe two fields' values", exp: lead, lines: label("Oluwaseun", "Adeyemi-Clarke 18/11/2026"), want: Rating{NotFound, Medium}, rule: "no-name"},
		{name: "an untitled forename ending another line", exp: lead, lines: label("Directions for Oluwaseun", "Adeyemi-Clarke 18/11/2026"), want: Rating{NotFound, Medium}, rule: "no-name"},
		{name: "another surname on the next line", exp: lead, lines: label("Mr Oluwaseun", "Adeyemi 18/11/2026"), want: Rating{NotFound, Medium}, rule: "no-name"},
		{name: "the surname above the forename", exp: lead, lines: label("Adeyemi-Clarke", "Mr Oluwaseun 18/11/2026"), want: Rating{NotFound, Medium}, rule: "no-name"},
		// Round 10 (a sharps bin's label through Textract): the patient's
		// name wrapped, the lead's own name alone where a garbled caption
		// said who assembled the bin. Two people are named.
		{name: "another person by title and one name, the lead's name alone", exp: Expected{PatientKnown: true, Forename: "Nia", Surname: "Parry"},
			lines: []string{"Bryn Pharmacy", "hlad tue", "Nia Parry", "Griffiths-Rowe", "Mr Gethin", "1X Mounjaro 10mg/0.6ml KwikPen", "Dispensed: 18/11/2026"},
			want:  Rating{NotFound, Low}, rule: "name-beside-uncaptioned-other"},
		{name: "the lead's own title and forename wrapped", exp: Expected{PatientKnown: true, Forename: "Gethin", Surname: "Griffiths-Rowe"},
			lines: []string{"Bryn Pharmacy", "Mr Gethin", "Griffiths-Rowe", "1X Mounjaro 10mg/0.6ml KwikPen", "Dispensed: 18/11/2026"},
			want:  Rating{Valid, High}, rule: "name-anywhere"},
	})
}

// TestNamesOfColumnsRunTogether: OCR runs a packing slip's columns
// together ("SHIP TO  BILL TO  PATIENT" over three names). The PATIENT
// heading, last of the row, is not the caption of the line's first name
// (the cardholder's, who was rated the labelled patient), and the lead's
// own order there is no swap with the surname before it: which name is
// under which heading cannot be told, and two people of one surname are
// on the line.
func TestNamesOfColumnsRunTogether(t *testing.T) {
	jonah := Expected{PatientKnown: true, Forename: "Jonah", Surname: "Whitcombe"}
	runNameCases(t, []nameCase{
		{name: "the patient column after two of a namesake", exp: jonah, lines: []string{"SHIP TO BILL TO / CARDHOLDER PATIENT", "DANA WHITCOMBE DANA WHITCOMBE JONAH WHITCOMBE", "WEGOVY 2.4MG/0.75ML PEN-INJECTOR"},
			want: Rating{NotFound, Low}, rule: "name-beside-namesake"},
		{name: "the cardholder of the same line", exp: Expected{PatientKnown: true, Forename: "Dana", Surname: "Whitcombe"}, lines: []string{"SHIP TO BILL TO / CARDHOLDER PATIENT", "DANA WHITCOMBE DANA WHITCOMBE JONAH WHITCOMBE", "WEGOVY 2.4MG/0.75ML PEN-INJECTOR"},
			want: Rating{NotFound, Low}, rule: "name-beside-namesake"},
		{name: "a swap alone is still a swap", exp: jonah, lines: []string{"WHITCOMBE JONAH", "WEGOVY 2.4MG/0.75ML PEN-INJECTOR"},
			want: Rating{Invalid, Low}, rule: "swapped-name-bare"},
	})
}

// TestSurnameReadInPieces: a script font's O'Driscoll read "0 D riscoll",
// the forename garbled, on a line read poorly: a misreading of the lead's
// name as likely as another person's, never another name for certain.
func TestSurnameReadInPieces(t *testing.T) {
	niamh := Expected{PatientKnown: true, Forename: "Niamh", Surname: "O'Driscoll"}
	runNameCases(t, []nameCase{
		{name: "the surname in pieces, read poorly", exp: niamh, lines: []string{"Patient's name Ne tamh 0 D riscoll", "Wegovy 0.25mg FlexTouch pen"}, conf: 0.55, source: "tesseract",
			want: Rating{NotFound, Low}, rule: "near-name"},
		{name: "another surname in pieces", exp: niamh, lines: []string{"Patient's name Ne tamh 0 D rummond", "Wegovy 0.25mg FlexTouch pen"}, conf: 0.55, source: "tesseract",
			want: Rating{Invalid, Low}, rule: "labelled-other-name"},
	})
}

// TestSpecksAreNoName: a glare-washed photo's noise reads like a name
// written surname first ("AE, O"); read poorly, it is no one.
func TestSpecksAreNoName(t *testing.T) {
	anneliese := Expected{PatientKnown: true, Forename: "Anneliese", Surname: "Druckmann"}
	runNameCases(t, []nameCase{
		{name: "two-letter specks read poorly", exp: anneliese, lines: []string{"tirzepatide injection,", "AE, O Sa", "4 ar roars"}, conf: 0.4, source: "tesseract",
			want: Rating{NotFound, Low}, rule: "no-name"},
		{name: "specks between a caption and the name", exp: Expected{PatientKnown: true, Forename: "Tariq", Surname: "Haddadin"},
			lines: []string{"New Medicine Service patient record", "Patient me BE. \"Mr Tariq Haddadin", "Wegovy 0.25mg FlexTouch pen"}, conf: 0.5, source: "tesseract",
			want: Rating{Valid, Low}, rule: "name-anywhere"},
		{name: "a short name read well", exp: anneliese, lines: []string{"tirzepatide injection,", "LI, JO", "Dayton OH"}, conf: 0.95, source: "tesseract",
			want: Rating{Invalid, Medium}, rule: "uncaptioned-other-name"},
	})
}
