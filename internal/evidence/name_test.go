package evidence

import (
	"regexp"
	"slices"
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

		// What OCR makes of accented letters, allowed on OCR output only.
		{"José Nufiez-Garcia", "José", "Núñez-García", true, nameFull, ocrMatch},       // ñ read as "fi"
		{"JOSE NUIIEZ-GARCIA", "José", "Núñez-García", true, nameFull, ocrMatch},       // ñ read as "ii"
		{"José Nufiez-Garcia", "José", "Núñez-García", false, namePartial, exactMatch}, // a text layer has no OCR noise
		{"Bjérn Akesson", "Björn", "Åkesson", true, nameFull, ocrMatch},                // ö read as é
		{"Z06 Fairbairn-Lowe", "Zoë", "Fairbairn-Lowe", true, nameFull, ocrMatch},      // ë read as 6, o as 0
		{"Mateus Conceigaéo", "Mateus", "Conceição", true, nameFull, fuzzyMatch1},      // ç read as g, a stray é
		{"Tomas 0 Briain", "Tomás", "Ó Briain", true, nameFull, ocrMatch},              // Ó read as 0
		{"Frangoise Martin", "Françoise", "Martin", true, nameFull, ocrMatch},
		{"Mateus Concei¢ao", "Mateus", "Conceição", true, nameFull, ocrMatch}, // ç read as ¢
		{"Mateus Concei¢ao", "Mateus", "Conceição", false, nameOther, noMatch},
		// A plain letter in place of an accented one is a different name.
		{"Josh Nunez", "José", "Núñez", true, nameOther, noMatch},
		{"Jose Nunes", "José", "Núñez", true, nameOther, noMatch},
		{"Rene Kowalczyk", "Renée", "Kowalczyk", true, nameOther, noMatch},
		{"José Ndfiez", "José", "Núñez", true, nameOther, noMatch}, // five letters: no edit allowed
		{"Zoa Lowe", "Zoë", "Lowe", true, nameOther, noMatch},
		{"", "Jane", "Smith", false, nameAbsent, noMatch},
	}
	for _, tt := range tests {
		t.Run(tt.value+"/"+tt.forename+" "+tt.surname, func(t *testing.T) {
			got, level := compareName(nameWords(tt.value), newExpectedName(tt.forename, tt.surname), tt.ocr)
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
		{name: "made out to someone else: invalid, but only low", exp: jane, lines: []string{"Ship to: Laura Brown"}, want: Rating{Invalid, Low}, wantWords: "made out to someone other than the lead"},
		{name: "shipped to a business is no person", exp: jane, lines: []string{"Ship to: Acme Supplies Ltd"}, want: Rating{NotFound, Medium}},
		{name: "ship to someone else, the lead named elsewhere", exp: jane, lines: []string{"Ship to: Laura Brown", "Jane Smith"}, want: Rating{Valid, Medium}},

		// A label's patient line without a caption.
		{name: "label: titled name of someone else", exp: jane, lines: block(`
			Harbourside Pharmacy
			Wegovy 2.4mg/0.75ml FlexTouch
			Inject 2.4mg once weekly
			Ms Laura Brown
			Keep out of reach of children`), want: Rating{Invalid, Medium}, wantWords: "not the lead's name"},
		{name: "label: SURNAME, FORENAME of someone else", exp: jane, lines: block(`
			RIVERBEND PHARMACY
			Rx# 1448704 Fill Date: 2026-10-26
			BROWN, LAURA
			SAXENDA 18MG/3ML PEN`), want: Rating{Invalid, Medium}},
		{name: "label: name beside the dispensing date", exp: jane, lines: block(`
			Wegovy 2.4mg/0.75ml FlexTouch
			Laura Brown
			Date dispensed: 12/11/2026`), want: Rating{Invalid, Medium}},
		{name: "label: a relative with the lead's surname", exp: jane, lines: block(`
			Wegovy 2.4mg/0.75ml FlexTouch
			John Smith
			Keep out of reach of children`), want: Rating{Invalid, Medium}},
		{name: "label: someone else read by OCR", exp: jane, lines: block(`
			Wegovy 2.4mg/0.75ml FlexTouch
			Ms Laura Brown
			Date dispensed: 12/11/2026`), conf: 0.95, want: Rating{Invalid, Medium}},
		{name: "label: the lead's own patient line", exp: jane, lines: block(`
			RIVERBEND PHARMACY
			Rx# 1448704 Fill Date: 2026-10-26
			SMITH, JANE
			SAXENDA 18MG/3ML PEN`), want: Rating{Valid, Medium}},
		{name: "label: an untitled name with nothing around it may be anyone's", exp: jane, lines: block(`
			Wegovy 2.4 mg
			Laura Brown
			Keep refrigerated`), want: Rating{NotFound, Medium}},
		{name: "label: a business name is no patient", exp: jane, lines: block(`
			NorthStar Wellness
			Rx# 1448704 Fill Date: 2026-10-26`), want: Rating{NotFound, Medium}},
		{name: "label: the doctor beside the Rx number is no patient", exp: jane, lines: block(`
			Dr Laura Brown
			Rx# 1448704 Fill Date: 2026-10-26`), want: Rating{NotFound, Medium}},
		{name: "label: a name under the prescriber's caption is theirs", exp: jane, lines: block(`
			Prescriber:
			Laura Brown
			DOB: 01/02/1980`), want: Rating{NotFound, Medium}},
		{name: "order: billed to a relative, shipped to the lead", exp: jane, lines: block(`
			Wegovy 2.4mg FlexTouch pen
			Ship to:
			Jane Smith
			Bill to:
			John Smith
			Order date: 12 Nov 2026`), want: Rating{Valid, Medium}},
		{name: "label: the lead and someone else", exp: jane, lines: block(`
			Mrs Jane Smith
			Mr Tom Green
			Date dispensed: 12/11/2026`), want: Rating{NotFound, Low}, wantWords: "more than one person"},
		{name: "label: two other people", exp: jane, lines: block(`
			Ms Laura Brown
			Mr Tom Green`), want: Rating{NotFound, Low}, wantWords: "more than one person"},
		{name: "label: the lead's name garbled by OCR is not someone else", exp: jane, lines: block(`
			Mrs Jnae Smtih
			Date dispensed: 12/11/2026`), conf: 0.9, want: Rating{NotFound, Medium}},
		{name: "label: a sentence is no name", exp: jane, lines: block(`
			Keep Out Of Reach
			Date dispensed: 12/11/2026`), want: Rating{NotFound, Medium}},

		{name: "label: a relative whose surname is close to the lead's forename", exp: Expected{PatientKnown: true, Forename: "Zoë", Surname: "Fairbairn-Lowe"}, lines: block(`
			Wegovy 1mg/0.5ml FlexTouch
			Lucia Fairbairn-Lowe
			Date dispensed: 19 Nov 2026`), conf: 0.92, want: Rating{Invalid, Medium}},

		// Accented names read by OCR.
		{name: "ñ read as fi", exp: Expected{PatientKnown: true, Forename: "José", Surname: "Núñez-García"}, lines: block(`
			José Nufiez-Garcia
			Date dispensed: 19 Oct 2026`), conf: 0.84, want: Rating{Valid, Medium}},
		{name: "ñ read as fi on a text layer is not the lead", exp: Expected{PatientKnown: true, Forename: "José", Surname: "Núñez-García"}, lines: block(`
			José Nufiez-Garcia
			Date dispensed: 19 Oct 2026`), want: Rating{NotFound, Medium}},
		{name: "accented name read well is still only medium", exp: Expected{PatientKnown: true, Forename: "Björn", Surname: "Åkesson"}, lines: []string{"Patient: Bjérn Akesson"}, conf: 0.97, want: Rating{Valid, Medium}},
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
	f.Add("José Nufiez-Garcia", "José", "Núñez-García")
	f.Add("Z06 Fairbairn-Lowe", "Zoë", "Fairbairn-Lowe")
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
		// A text layer matches names exactly or not at all; OCR allowances
		// are never an exact match.
		_, ws := normalise(value)
		for _, w := range ws {
			for _, n := range append(slices.Clone(e.forename), e.surname...) {
				if l := nameWordMatch(n, w, false); l != exactMatch && l != noMatch {
					t.Fatalf("text layer: %q against %q matched at %v", w.text, n.text, l)
				}
				if l := nameWordMatch(n, w, true); l == exactMatch && n.text != w.text {
					t.Fatalf("OCR: %q against %q is no exact match", w.text, n.text)
				}
			}
		}
		// The expected name, written out, always matches itself.
		if simpleNameWord.MatchString(forename) && simpleNameWord.MatchString(surname) && !titles[strings.ToLower(forename)] && !titles[strings.ToLower(surname)] {
			ws := nameWords(forename + " " + surname)
			if got, _ := compareName(ws, e, false); got != nameFull {
				t.Fatalf("compareName(%q %q) = %v, want nameFull", forename, surname, got)
			}
			r := ratePatientName(readDocument(textOf(1, "Patient: "+forename+" "+surname)), exp)
			if r.rating.Value != Valid && !isNonNameWord(strings.ToLower(forename)) && !isNonNameWord(strings.ToLower(surname)) {
				t.Fatalf("labelled %q %q rated %v", forename, surname, r.rating)
			}
		}
	})
}
