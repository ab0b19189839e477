package evidence

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCompareName(t *testing.T) {
	tests := []struct {
		value             string
		forename, surname string
		ocr               bool
		want              nameOutcome
		wantLevel         matchLevel
	}{
		{"Jane Smith", "Jane", "Smith", false, nameFull, exactMatch},
		{"JANE SMITH", "Jane", "Smith", false, nameFull, exactMatch},
		{"SMITH, Jane", "Jane", "Smith", false, nameFull, exactMatch},
		{"Mrs Jane Smith", "Jane", "Smith", false, nameFull, exactMatch},
		{"Jane Mary Smith", "Jane", "Smith", false, nameFull, exactMatch},
		{"José Álvarez", "Jose", "Alvarez", false, nameFull, exactMatch},
		{"Jose Alvarez", "José", "Álvarez", false, nameFull, exactMatch},
		{"Siobhan O'Neil", "Siobhan", "O’Neil", false, nameFull, exactMatch},
		{"Siobhan ONeil", "Siobhan", "O'Neil", false, nameFull, exactMatch},
		{"Anne-Marie Smith-Jones", "Anne-Marie", "Smith-Jones", false, nameFull, exactMatch},
		{"Anne Marie Smith Jones", "Anne-Marie", "Smith-Jones", false, nameFull, exactMatch},
		{"Jane Srnith", "Jane", "Smith", true, nameFull, ocrMatch},
		{"J0hn Doe", "John", "Doe", true, nameFull, ocrMatch},
		{"Jane Srnith", "Jane", "Smith", false, nameOther, noMatch}, // a text layer has no OCR noise
		{"Jonathon Whitehouse", "Jonathan", "Whitehouse", true, nameFull, fuzzyMatch1},
		{"Jonathon Whitehouse", "Jonathan", "Whitehouse", false, nameOther, noMatch},
		{"J SMITH", "Jane", "Smith", false, nameInitial, exactMatch},
		{"J. Smith", "Jane", "Smith", false, nameInitial, exactMatch},
		{"K Smith", "Jane", "Smith", false, nameOther, noMatch},
		{"SMITH", "Jane", "Smith", false, nameSurnameOnly, exactMatch},
		{"John Smith", "Jane", "Smith", false, nameOther, noMatch},
		{"Jane Doe", "Jane", "Smith", false, nameOther, noMatch},
		{"Maria Garcia", "Maria", "Garcia Lopez", false, namePartial, exactMatch},
		{"Jane Smyth", "Jane", "Smith", true, nameOther, noMatch}, // five letters: no edit allowed
		{"", "Jane", "Smith", false, nameAbsent, noMatch},
	}
	for _, tt := range tests {
		t.Run(tt.value+"/"+tt.forename+" "+tt.surname, func(t *testing.T) {
			_, ws := normalise(tt.value)
			var words []string
			for _, w := range ws {
				if !titles[w.text] {
					words = append(words, w.text)
				}
			}
			got, level := compareName(words, newExpectedName(tt.forename, tt.surname), tt.ocr)
			if got != tt.want || level != tt.wantLevel {
				t.Errorf("compareName(%q) = %v, %v; want %v, %v", tt.value, got, level, tt.want, tt.wantLevel)
			}
		})
	}
}

func TestRatePatientName(t *testing.T) {
	jane := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith"}
	tests := []struct {
		name      string
		exp       Expected
		lines     []string
		conf      float64
		want      Rating
		wantWords string
	}{
		{name: "no lead", exp: Expected{}, lines: []string{"Patient: Jane Smith"}, want: Rating{NotFound, High}, wantWords: "no lead has this user id"},
		{name: "lead without a name", exp: Expected{PatientKnown: true, Forename: "Jane"}, lines: []string{"Patient: Jane Smith"}, want: Rating{NotFound, High}, wantWords: "no name on record"},
		{name: "labelled", exp: jane, lines: []string{"Patient: Jane Smith"}, want: Rating{Valid, High}},
		{name: "labelled, surname first", exp: jane, lines: []string{"Patient name: SMITH, Jane   DOB: 01/02/1980"}, want: Rating{Valid, High}},
		{name: "Pt label", exp: jane, lines: []string{"Pt: Ms Jane A. Smith"}, want: Rating{Valid, High}},
		{name: "Name label", exp: jane, lines: []string{"Name: Jane Smith"}, want: Rating{Valid, High}},
		{name: "label above the value", exp: jane, lines: []string{"Patient name", "Jane Smith"}, want: Rating{Valid, High}},
		{name: "different patient", exp: jane, lines: []string{"Patient: Laura Brown"}, want: Rating{Invalid, High}, wantWords: "not the lead's name"},
		{name: "relative with the same surname", exp: jane, lines: []string{"Patient: John Smith"}, want: Rating{Invalid, High}},
		{name: "different patient though the lead's name is elsewhere", exp: jane, lines: []string{"Patient: Laura Brown", "Ship to: Jane Smith"}, want: Rating{Invalid, High}},
		{name: "two patients", exp: jane, lines: []string{"Patient: Jane Smith", "Patient: Laura Brown"}, want: Rating{NotFound, Low}, wantWords: "more than one patient"},
		{name: "prescriber is not the patient", exp: jane, lines: []string{"Prescriber: Dr Jane Smith", "Greenfield Pharmacy"}, want: Rating{NotFound, Medium}},
		{name: "prescribed by", exp: jane, lines: []string{"Prescribed by Jane Smith, GMC 1234567"}, want: Rating{NotFound, Medium}},
		{name: "pharmacist is not the patient", exp: jane, lines: []string{"Pharmacist: Jane Smith"}, want: Rating{NotFound, Medium}},
		{name: "doctor line", exp: jane, lines: []string{"JANE SMITH MD", "NPI 1234567890"}, want: Rating{NotFound, Medium}},
		{name: "unlabelled", exp: jane, lines: []string{"JANE SMITH", "123 ELM ST"}, want: Rating{Valid, Medium}},
		{name: "street called Dr is no doctor", exp: jane, lines: []string{"JANE SMITH  12 OAK DR"}, want: Rating{Valid, Medium}},
		{name: "Maryland is no doctor", exp: jane, lines: []string{"JANE SMITH BALTIMORE MD 21201"}, want: Rating{Valid, Medium}},
		{name: "unlabelled with a title", exp: jane, lines: []string{"Mrs Jane Smith      03/11/2026"}, want: Rating{Valid, High}},
		{name: "ship to", exp: jane, lines: []string{"Ship to:", "Jane Smith", "1 Main St"}, want: Rating{Valid, Medium}},
		{name: "ship to someone else is not a different patient", exp: jane, lines: []string{"Ship to: Laura Brown"}, want: Rating{NotFound, Medium}},
		{name: "initial only", exp: jane, lines: []string{"Patient: J SMITH"}, want: Rating{NotFound, Low}, wantWords: "only partly matches"},
		{name: "initial only, unlabelled", exp: jane, lines: []string{"J. SMITH"}, want: Rating{NotFound, Low}},
		{name: "OCR noise", exp: jane, lines: []string{"Patient: Jane Srnith"}, conf: 0.85, want: Rating{Valid, Medium}},
		{name: "OCR garble is not another patient", exp: jane, lines: []string{"Patient: Jnae Smtih"}, conf: 0.93, want: Rating{NotFound, Low}},
		{name: "another patient read by OCR", exp: jane, lines: []string{"Patient: Laura Brown"}, conf: 0.93, want: Rating{Invalid, Medium}},
		{name: "accents", exp: Expected{PatientKnown: true, Forename: "José", Surname: "Núñez"}, lines: []string{"PATIENT: JOSE NUNEZ"}, want: Rating{Valid, High}},
		{name: "apostrophe", exp: Expected{PatientKnown: true, Forename: "Siobhan", Surname: "O'Neil"}, lines: []string{"Patient: Siobhan O’Neil"}, want: Rating{Valid, High}},
		{name: "not a name after the label", exp: jane, lines: []string{"Patient information leaflet"}, want: Rating{NotFound, Medium}},
		{name: "For: not a person", exp: jane, lines: []string{"For: weight management"}, want: Rating{NotFound, Medium}},
		{name: "e-mail address is not a name", exp: jane, lines: []string{"jane.smith@example.com"}, want: Rating{NotFound, Medium}},
		{name: "two people on one line", exp: jane, lines: []string{"Jane Doe and Laura Brown and Tom Smith"}, want: Rating{NotFound, Medium}},
		{name: "greeting", exp: jane, lines: []string{"Dear Jane Smith,"}, want: Rating{Valid, Medium}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conf := tt.conf
			if conf == 0 {
				conf = 1
			}
			f := ratePatientName(readDocument(textOf(conf, tt.lines...)), tt.exp)
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s", diff)
			}
			if !strings.Contains(f.problem, tt.wantWords) {
				t.Errorf("problem = %q, want it to contain %q", f.problem, tt.wantWords)
			}
			if strings.Contains(strings.ToLower(f.problem+f.caveat+f.missing), "smith") {
				t.Errorf("note clause %q quotes the patient's name", f.problem)
			}
		})
	}
}

var simpleNameWord = regexp.MustCompile(`^[A-Za-z]{2,20}$`)

func FuzzMatchName(f *testing.F) {
	f.Add("Patient: Jane Smith", "Jane", "Smith")
	f.Add("SMITH, Jane", "Jane", "Smith")
	f.Add("Mrs José O’Neil-Núñez", "José", "O'Neil-Núñez")
	f.Add("J SMITH", "Jane", "Smith")
	f.Add("Jane Srnith", "Jane", "Smith")
	f.Fuzz(func(t *testing.T, value, forename, surname string) {
		e := newExpectedName(forename, surname)
		exp := Expected{PatientKnown: true, Forename: forename, Surname: surname}
		for _, conf := range []float64{1, 0.8} {
			r := ratePatientName(readDocument(textOf(conf, value)), exp)
			if r.rating.Value == Valid && !e.usable() {
				t.Fatalf("valid without a usable expected name (%q %q)", forename, surname)
			}
			if r.rating.Value == "" || r.rating.Confidence == "" {
				t.Fatalf("empty rating %+v", r.rating)
			}
		}
		// The expected name, written out, always matches itself.
		if simpleNameWord.MatchString(forename) && simpleNameWord.MatchString(surname) && !titles[strings.ToLower(forename)] && !titles[strings.ToLower(surname)] {
			ws := []string{strings.ToLower(forename), strings.ToLower(surname)}
			if got, _ := compareName(ws, e, false); got != nameFull {
				t.Fatalf("compareName(%q, %q %q) = %v, want nameFull", ws, forename, surname, got)
			}
			r := ratePatientName(readDocument(textOf(1, "Patient: "+forename+" "+surname)), exp)
			if r.rating.Value != Valid && !isNonNameWord(strings.ToLower(forename)) && !isNonNameWord(strings.ToLower(surname)) {
				t.Fatalf("labelled %q %q rated %v", forename, surname, r.rating)
			}
		}
	})
}
