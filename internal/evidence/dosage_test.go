package evidence

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func mg(v float64) Dose { return mgs(v)[0] }

func TestParseDosage(t *testing.T) {
	tests := []struct {
		in     string
		want   Dose
		wantOK bool
	}{
		{"2.4 mg", mg(2.4), true},
		{"2.4mg", mg(2.4), true},
		{"2,4 mg", mg(2.4), true},
		{"2,4mg", mg(2.4), true},
		{"0.25 MG", mg(0.25), true},
		{"0.25mg", mg(0.25), true},
		{".", Dose{}, false},
		{"250 mcg", mg(0.25), true},
		{"250mcg", mg(0.25), true},
		{"250 µg", mg(0.25), true}, // micro sign
		{"250 μg", mg(0.25), true}, // Greek mu
		{"250 ug", mg(0.25), true},
		{"250 micrograms", mg(0.25), true},
		{"1 microgram", Dose{Micrograms: 1}, true},
		{"2.5 milligrams", mg(2.5), true},
		{"1 milligram", mg(1), true},
		{"5mg/0.5ml", mg(5), true},           // dose per injection volume
		{"2.4 mg/0.75 mL", mg(2.4), true},    // Wegovy single-dose pen
		{"5 mg/0.6 ml KwikPen", mg(5), true}, // Mounjaro KwikPen
		{"6 mg/mL", Dose{}, false},           // concentration, not a dose
		{"6 mg per ml", Dose{}, false},
		{"18 mg/3 mL", Dose{}, false},      // pen content
		{"2 mg/1.5 mL pen", Dose{}, false}, // US Ozempic pen content
		{"18 mg in 3 ml", Dose{}, false},
		{"7.5 mg/46 mg", combo(7.5, 46), true}, // Qsymia
		{"7.5/46 mg", combo(7.5, 46), true},
		{"8 mg/90 mg", combo(8, 90), true}, // Contrave
		{"2.5mg/5mg", Dose{}, false},       // a list of two strengths
		{"0.25 mg or 0.5 mg", Dose{}, false},
		{"0.5 mg, 0.5 mg", mg(0.5), true},
		{"Wegovy 2.4 mg weekly", mg(2.4), true},
		{"10 mcg", Dose{Micrograms: 10}, true},
		{"1,000 mcg", mg(1), true}, // thousands separator
		{"0,5 mg", mg(0.5), true},
		{"O.5 mg", mg(0.5), true},  // OCR read a letter O for the zero
		{"2.4 rng", mg(2.4), true}, // OCR read rn for m
		{"12.5 mg", mg(12.5), true},
		{"37.5 mg", mg(37.5), true},
		{"0 mg", Dose{}, false},
		{"0.0001 mg", Dose{}, false}, // finer than a microgram
		{"0.5 mcg", Dose{}, false},
		{"99999999999 mg", Dose{}, false},
		{"2.4", Dose{}, false}, // no unit
		{"mg", Dose{}, false},
		{"", Dose{}, false},
		{"two milligrams", Dose{}, false},
		{"rx12 mg", Dose{}, false}, // a number glued to a word is no amount
		{"2.40 mg", mg(2.4), true},
		{"3 MG TABLET", mg(3), true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := ParseDosage(tt.in)
			if ok != tt.wantOK || got != tt.want {
				t.Errorf("ParseDosage(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestParseRequestedDosage(t *testing.T) {
	tests := []struct {
		in     string
		want   Dose
		wantOK bool
	}{
		{"2.4", mg(2.4), true},
		{"2,4", mg(2.4), true},
		{" 5 ", mg(5), true},
		{"2.4 mg", mg(2.4), true},
		{"abc", Dose{}, false},
		{"2.4.1", Dose{}, false},
		{"-2.4", Dose{}, false},
	}
	for _, tt := range tests {
		got, ok := parseRequestedDosage(tt.in)
		if ok != tt.wantOK || got != tt.want {
			t.Errorf("parseRequestedDosage(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestDoseString(t *testing.T) {
	tests := []struct {
		d    Dose
		want string
	}{
		{mg(2.4), "2.4 mg"},
		{mg(0.25), "0.25 mg"},
		{mg(15), "15 mg"},
		{mg(12.5), "12.5 mg"},
		{mg(0.125), "0.125 mg"},
		{Dose{Micrograms: 5}, "5 mcg"},
		{Dose{Micrograms: 1001}, "1.001 mg"},
		{combo(7.5, 46), "7.5 mg/46 mg"},
		{combo(3.75, 23), "3.75 mg/23 mg"},
	}
	for _, tt := range tests {
		if got := tt.d.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.d, got, tt.want)
		}
		if back, ok := ParseDosage(tt.want); !ok || back != tt.d {
			t.Errorf("ParseDosage(%q) = %v, %v; want %v", tt.want, back, ok, tt.d)
		}
	}
}

func TestScanDoses(t *testing.T) {
	type found struct {
		Dose string
		Kind doseKind
	}
	tests := []struct {
		line string
		want []found
	}{
		{"ozempic 2mg/1.5ml (0.25 or 0.5mg dose) pen", []found{{"2 mg", contentDose}, {"0.5 mg", plainDose}}},
		{"saxenda 6 mg/ml, 18 mg/3 ml pen", []found{{"6 mg", concentration}, {"18 mg", contentDose}}},
		{"mounjaro 2.5mg/0.5ml pen", []found{{"2.5 mg", perVolumeDose}}},
		{"qsymia 7.5 mg/46 mg capsules", []found{{"7.5 mg/46 mg", combinationDose}}},
		{"mounjaro 2.5mg/5mg/7.5mg", []found{{"2.5 mg", plainDose}, {"5 mg", plainDose}, {"7.5 mg", plainDose}}},
		{"inject 0.6 mg once daily", []found{{"0.6 mg", plainDose}}},
		{"qty: 2 ml refills: 2", nil},
		{"price $499.00 for 4 pens", nil},
		{"date filled: 11/03/2026", nil},
		// A number written from its decimal point is less than one.
		{"inject .5 mg weekly", []found{{"0.5 mg", plainDose}}},
		{"wegovy pen (.25mg)", []found{{"0.25 mg", plainDose}}},
		// After a glyph OCR could not read, the amount is unknown: not 5.
		{"inject z.5mg weekly", nil},
		{"inject ©.6mg daily", nil},
		{"pen.2.4mg", nil},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			var got []found
			for _, m := range scanDoses(tt.line) {
				got = append(got, found{m.dose.String(), m.kind})
				amount := strings.Fields(m.dose.String())[0]
				if !strings.Contains(tt.line[m.start:m.end], amount[len(amount)-1:]) {
					t.Errorf("mention span %q does not hold the amount %v", tt.line[m.start:m.end], m.dose)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("scanDoses(%q) mismatch (-want +got):\n%s", tt.line, diff)
			}
		})
	}
}

// TestRateDosage checks the dose field alone on small documents.
func TestRateDosage(t *testing.T) {
	tests := []struct {
		name      string
		lines     []string
		conf      float64 // of every line; 1 when unset
		medicine  string
		dosage    string
		want      Rating
		wantWords string // in the note clause
	}{
		{
			name:     "dose on the medicine's line",
			lines:    []string{"Wegovy 2.4mg/0.75ml solution for injection pre-filled pen"},
			medicine: "Wegovy", dosage: "2.4 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "brand and generic are the same medicine",
			lines:    []string{"Semaglutide 1 mg solution for injection"},
			medicine: "Ozempic", dosage: "1mg",
			want: Rating{Valid, High},
		},
		{
			name:     "OCR read a dose no product of the medicine has: a misreading, not a different dose",
			lines:    []string{"Mounjaro pre-filled pen 7.9 mg 1 £229.00"},
			conf:     0.9,
			medicine: "Mounjaro", dosage: "7.5 mg",
			want: Rating{NotFound, Low}, wantWords: "not a strength",
		},
		{
			name:     "a text layer's unlicensed dose is what the document says",
			lines:    []string{"Mounjaro pre-filled pen 7.9 mg 1 £229.00"},
			medicine: "Mounjaro", dosage: "7.5 mg",
			want: Rating{Invalid, High},
		},
		{
			name:     "OCR read another licensed strength: a different dose",
			lines:    []string{"Mounjaro pre-filled pen 5 mg"},
			conf:     0.9,
			medicine: "Mounjaro", dosage: "7.5 mg",
			want: Rating{Invalid, High},
		},
		{
			name:     "different licensed strength",
			lines:    []string{"Mounjaro 5mg/0.6ml KwikPen"},
			medicine: "Mounjaro", dosage: "2.5 mg",
			want: Rating{Invalid, High}, wantWords: "different dose (5 mg) from the one requested (2.5 mg)",
		},
		{
			name:     "US Ozempic pen content is not the dose; the directions are",
			lines:    []string{"OZEMPIC 2MG/1.5ML PEN", "INJECT 0.5MG UNDER THE SKIN ONCE WEEKLY"},
			medicine: "Ozempic", dosage: "0.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "US Ozempic pen: the pen content is not the requested dose",
			lines:    []string{"OZEMPIC 2MG/1.5ML PEN", "INJECT 0.5MG UNDER THE SKIN ONCE WEEKLY"},
			medicine: "Ozempic", dosage: "2 mg",
			want: Rating{Invalid, High}, wantWords: "different dose (0.5 mg)",
		},
		{
			name:     "Saxenda concentration and pen content are not the dose",
			lines:    []string{"Saxenda 6 mg/ml solution for injection 18 mg/3 ml pen", "Inject 1.8 mg once daily"},
			medicine: "Saxenda", dosage: "1.8mg",
			want: Rating{Valid, High},
		},
		{
			name:     "titration: the later dose is not the current one",
			lines:    []string{"Mounjaro KwikPen", "Inject 2.5 mg weekly for 4 weeks, then increase to 5 mg weekly"},
			medicine: "Mounjaro", dosage: "5 mg",
			want: Rating{Invalid, High}, wantWords: "different dose (2.5 mg)",
		},
		{
			name:     "requested dose not licensed for the medicine",
			lines:    []string{"Wegovy 3 mg"},
			medicine: "Wegovy", dosage: "3 mg",
			want: Rating{Invalid, High}, wantWords: "not a licensed strength of Wegovy",
		},
		{
			name:     "Rybelsus strength is not a Wegovy strength",
			lines:    []string{"Rybelsus 14 mg tablets"},
			medicine: "Wegovy", dosage: "14 mg",
			want: Rating{Invalid, High}, wantWords: "not a licensed strength of Wegovy",
		},
		{
			name:     "two doses of the medicine",
			lines:    []string{"Wegovy 0.25 mg pen x4", "Wegovy 0.5 mg pen x4"},
			medicine: "Wegovy", dosage: "0.5 mg",
			want: Rating{NotFound, Low}, wantWords: "more than one dose (0.25 mg, 0.5 mg)",
		},
		{
			name:     "another medicine's dose is not taken",
			lines:    []string{"Metformin 500mg tablets", "Take one twice daily", "", "Wegovy 1mg FlexTouch", "Inject 1 mg weekly"},
			medicine: "Wegovy", dosage: "1 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "a table medicine's block is not the requested one's",
			lines:    []string{"Ozempic", "Saxenda 3 mg daily", "Inject 0.5 mg weekly"},
			medicine: "Ozempic", dosage: "0.5 mg",
			want: Rating{NotFound, Medium},
		},
		{
			name:     "two medicines on one line",
			lines:    []string{"Mounjaro 5 mg, Wegovy 2.4 mg"},
			medicine: "Wegovy", dosage: "5 mg",
			want: Rating{Invalid, High}, wantWords: "not a licensed strength",
		},
		{
			name:     "two medicines on one line, the other's dose is not taken",
			lines:    []string{"Wegovy 1 mg; Ozempic 2 mg pen; Mounjaro 2.5 mg"},
			medicine: "Mounjaro", dosage: "2.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "two medicines on one line, only the other has a licensed dose",
			lines:    []string{"Wegovy pen, Mounjaro 5 mg"},
			medicine: "Wegovy", dosage: "1 mg",
			want: Rating{NotFound, Medium},
		},
		{
			name:     "decimal comma and micrograms",
			lines:    []string{"Wegovy 0,25 mg", "Inject 250 micrograms weekly"},
			medicine: "Wegovy", dosage: "0.25mg",
			want: Rating{Valid, High},
		},
		{
			name:     "dose two lines under the medicine",
			lines:    []string{"Mounjaro (tirzepatide)", "solution for injection", "7.5 mg single-dose pen"},
			medicine: "tirzepatide", dosage: "7.5",
			want: Rating{Valid, Medium},
		},
		{
			name:     "dose far from the medicine",
			lines:    []string{"Zepbound", "a", "b", "c", "Strength 10 mg"},
			medicine: "Zepbound", dosage: "10 mg",
			want: Rating{Valid, Low},
		},
		{
			name:     "no medicine, no dose",
			lines:    []string{"Inject 2.4 mg weekly"},
			medicine: "Wegovy", dosage: "2.4 mg",
			want: Rating{NotFound, Medium},
		},
		{
			name:     "the document's medicine is another one",
			lines:    []string{"Mounjaro 2.5 mg"},
			medicine: "Zepbound", dosage: "2.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "dose of a different medicine",
			lines:    []string{"Saxenda 2.4 mg"},
			medicine: "Wegovy", dosage: "2.4 mg",
			want: Rating{Invalid, Medium}, wantWords: "is for a different medicine",
		},
		{
			name:     "combination by its first amount",
			lines:    []string{"Qsymia 7.5 mg/46 mg capsules"},
			medicine: "Qsymia", dosage: "7.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "OCR: a dotted zero read as ©",
			lines:    []string{"SAXENDA 18MG/3ML PEN", "INJECT ©.6MG UNDER THE SKIN ONCE DAILY"},
			conf:     0.87,
			medicine: "Saxenda", dosage: "600 mcg",
			want: Rating{Valid, Medium},
		},
		{
			name:     "OCR: a dotted zero read as ©, another dose requested",
			lines:    []string{"WEGOVY 0.5MG/0.5ML PEN", "INJECT ©.5MG UNDER THE SKIN ONCE WEEKLY"},
			conf:     0.94,
			medicine: "Wegovy", dosage: "1.7 mg",
			want: Rating{Invalid, Medium}, wantWords: "different dose (0.5 mg)",
		},
		{
			name:     "OCR: 1mg read as Img",
			lines:    []string{"Ozempic 4 mg/3 ml pen", "Inject Img once weekly"},
			conf:     0.9,
			medicine: "Ozempic", dosage: "1 mg",
			want: Rating{Valid, Medium},
		},
		{
			name:     "OCR: a glyph before the point is no whole number",
			lines:    []string{"MOUNJARO PEN", "INJECT Z.5MG UNDER THE SKIN ONCE WEEKLY"},
			conf:     0.9,
			medicine: "Mounjaro", dosage: "5 mg",
			want: Rating{NotFound, Medium},
		},
		{
			name:     "a leading decimal point on a text layer",
			lines:    []string{"Ozempic pen", "Inject .5 mg once weekly"},
			medicine: "Ozempic", dosage: "0.5 mg",
			want: Rating{Valid, High},
		},
		{
			name:     "unparseable request",
			lines:    []string{"Wegovy 2.4 mg"},
			medicine: "Wegovy", dosage: "the big one",
			want: Rating{NotFound, High}, wantWords: "could not be understood",
		},
		{
			name:     "no dose requested",
			lines:    []string{"Wegovy 2.4 mg"},
			medicine: "Wegovy", dosage: " ",
			want: Rating{NotFound, High}, wantWords: "no dosage was given",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conf := tt.conf
			if conf == 0 {
				conf = 1
			}
			d := readDocument(textOf(conf, tt.lines...))
			want, ok := LookupMedicine(tt.medicine)
			if !ok {
				t.Fatalf("LookupMedicine(%q) failed", tt.medicine)
			}
			f := rateDosage(d, Expected{MedicationName: tt.medicine, MedicationDosage: tt.dosage}, want, ok, findMedicineMentions(d))
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s", diff)
			}
			if !strings.Contains(f.problem, tt.wantWords) {
				t.Errorf("problem = %q, want it to contain %q", f.problem, tt.wantWords)
			}
		})
	}
}

func FuzzParseDosage(f *testing.F) {
	for _, s := range []string{"2.4 mg", "2,4mg", "250 µg", "5mg/0.5ml", "6 mg/mL", "7.5/46 mg", "O.5 mg", "1,000 mcg", "0.25 MG"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := ParseDosage(s)
		if !ok {
			if d != (Dose{}) {
				t.Fatalf("ParseDosage(%q) failed but returned %v", s, d)
			}
			return
		}
		if d.Micrograms <= 0 || d.Plus < 0 {
			t.Fatalf("ParseDosage(%q) = %#v: a dose must be positive", s, d)
		}
		back, ok := ParseDosage(d.String())
		if !ok || back != d {
			t.Fatalf("ParseDosage(%q) = %v, but its String %q parses as %v, %v", s, d, d.String(), back, ok)
		}
	})
}
