package evidence

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestVerifyLayouts runs whole documents of the layouts patients upload (issue
// 9, items 2, 3 and 5), as OCR or Textract reads them, top to bottom.
func TestVerifyLayouts(t *testing.T) {
	jane := Expected{PatientKnown: true, Forename: "Jane", Surname: "Doe", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}
	thomas := Expected{PatientKnown: true, Forename: "Thomas", Surname: "Owen", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	janeWegovy := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	v := func(c Confidence) Rating { return Rating{Valid, c} }
	iv := func(c Confidence) Rating { return Rating{Invalid, c} }
	nf := func(c Confidence) Rating { return Rating{NotFound, c} }
	tests := []struct {
		name        string
		text        Text
		exp         Expected
		market      string
		want        Fields
		wantSuccess bool
		noteWords   string
	}{
		{
			name: "another medicine on a UK label: medicine and dose invalid, its date not the requested one's, pharmacy checked",
			text: textOf(1, block(`
				Metformin 500mg tablets
				Take ONE tablet twice a day with food
				Mrs Jane Smith                      03/11/2026
				Keep out of the reach and sight of children
				Greenfield Pharmacy, 12 High Street, Leeds LS1 4AB`)...),
			exp: janeWegovy, market: "uk",
			want:      Fields{v(High), iv(High), iv(Medium), nf(Medium), v(High)},
			noteWords: "metformin",
		},
		{
			name: "another medicine read by OCR",
			text: Text{Source: "tesseract", Lines: linesOf(0.93, block(`
				SERTRALINE 50MG TABLETS
				Take ONE tablet daily
				Mrs Jane Smith   Date dispensed: 03/11/2026
				Greenfield Pharmacy, 12 High Street, Leeds LS1 4AB`))},
			exp: janeWegovy, market: "uk",
			want: Fields{v(High), iv(High), iv(Medium), nf(Medium), v(High)},
		},
		{
			name: "another medicine in an invoice's item table, its strength in the next column",
			text: textOf(1, block(`
				Brightwater Online Pharmacy
				INVOICE
				Order date: 16 Nov 2026
				Deliver to: Jane Smith
				Item
				Strength Qty
				Price
				Metformin tablets
				500 mg
				1
				£229.00`)...),
			exp: janeWegovy, market: "uk",
			want: Fields{v(Medium), iv(Medium), iv(Medium), nf(Medium), v(High)},
		},
		{
			name: "another medicine named without a dose",
			text: textOf(1, block(`
				Atorvastatin tablets
				Mrs Jane Smith   Date dispensed: 03/11/2026
				Greenfield Pharmacy, 12 High Street, Leeds LS1 4AB`)...),
			exp: janeWegovy, market: "uk",
			want: Fields{v(High), iv(Medium), nf(Medium), nf(Medium), v(High)},
		},
		{
			// A pet's dispensing label names a veterinary medicine, which
			// is another medicine than the requested (unseen162, round 31).
			name: "a pet's label: a veterinary medicine",
			text: textOf(1, block(`
				Thornbury Veterinary Centre   Date: 22/11/2026
				Owner: Mrs Jane Smith
				Animal: Biscuit (canine) Weight: 25 kg
				Carprofen 50 mg tablets x 28
				Give ONE tablet twice daily with food (4 mg/kg/day)
				FOR ANIMAL TREATMENT ONLY`)...),
			exp: janeWegovy, market: "uk",
			want: Fields{iv(Medium), iv(High), iv(Medium), nf(Medium), nf(Medium)},
		},
		{
			name: "the requested medicine beside another: the other does not count against it",
			text: textOf(1, block(`
				Wegovy 2.4mg/0.75ml FlexTouch   Inject 2.4mg once weekly
				Metformin 500mg tablets   Take ONE twice a day
				Mrs Jane Smith   Date dispensed: 03/11/2026
				Greenfield Pharmacy, 12 High Street, Leeds LS1 4AB`)...),
			exp: janeWegovy, market: "uk",
			want: Fields{v(High), v(High), v(High), v(High), v(High)}, wantSuccess: true,
		},
		{
			name: "US vial label read by Textract, city and state on their own line",
			text: textractOf(0.98, block(`
				WALGREENS #07731
				233 N MICHIGAN AVE
				CHICAGO, IL 60601
				CHICAGO, IL
				(312) 555-0100
				Rx# 1234567
				DOE, JANE
				Filled: 11/02/2026
				MOUNJARO 7.5MG/0.5ML PEN
				INJECT 7.5MG UNDER THE SKIN ONCE WEEKLY
				Qty: 2 ML   Refills: 2
				Dr. Emily Carter`)...),
			exp: jane, market: "us",
			want: Fields{v(Medium), v(High), v(High), v(High), v(High)}, wantSuccess: true,
		},
		{
			name: "clinic letter in prose",
			text: textOf(1, block(`
				Riverside Weight Management Clinic
				4th October 2026
				Dear Mrs Doe,
				I have today prescribed Mounjaro 7.5 mg once weekly for Mrs Jane Doe.
				Please collect it from Boots Pharmacy, 5 Market Street, Leeds.
				Dr A Patel`)...),
			exp: jane, market: "uk",
			want: Fields{v(High), v(High), v(High), v(Medium), v(High)}, wantSuccess: true,
		},
		{
			name: "details on page 2",
			text: textOf(1, block(`
				Northbridge Online Pharmacy
				Terms and conditions
				Page 1 of 2
				Order confirmation
				Delivery to: Jane Doe
				Item   Qty   Price
				Mounjaro 7.5mg/0.6ml KwikPen   1   £199.00
				Order placed: 3 November 2026
				Page 2 of 2`)...),
			exp: jane, market: "uk",
			want: Fields{v(Medium), v(High), v(High), v(High), v(High)}, wantSuccess: true,
		},
		{
			name: "FP10 with a swapped patient name",
			text: textOf(1, block(`
				NHS
				Title, Forename, Surname & Address
				Owen Thomas
				12 High Street, Cardiff CF10 1AA
				Wegovy 2.4mg/0.75ml solution for injection
				Inject 2.4mg once weekly
				Signature of Prescriber   Date 03/11/2026
				Dr A Patel   The Surgery, Cardiff
				Greenfield Pharmacy, 12 High Street, Leeds LS1 4AB`)...),
			exp: thomas, market: "uk",
			want: Fields{iv(High), v(High), v(High), v(Medium), v(High)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Verify(tt.text, tt.exp, Policy{Now: testNow, MaxAge: 90 * 24 * time.Hour, Market: tt.market})
			if diff := cmp.Diff(tt.want, got.Data); diff != "" {
				t.Errorf("fields mismatch (-want +got):\n%s\nnote: %s", diff, got.Note)
			}
			if got.Success != tt.wantSuccess {
				t.Errorf("success = %v, want %v", got.Success, tt.wantSuccess)
			}
			if !strings.Contains(strings.ToLower(got.Note), tt.noteWords) {
				t.Errorf("note %q does not say %q", got.Note, tt.noteWords)
			}
			assertNoPersonalData(t, got.Note, tt.exp, tt.text)
		})
	}
}

func linesOf(conf float64, texts []string) []Line {
	var ls []Line
	for _, s := range texts {
		ls = append(ls, Line{Text: s, Confidence: conf})
	}
	return ls
}

// wordsLine is a line of words as a reader that reports word confidences
// returns it.
func wordsLine(conf float64, words ...Word) Line {
	var ts []string
	for _, w := range words {
		ts = append(ts, w.Text)
	}
	return Line{Text: strings.Join(ts, " "), Confidence: conf, Words: words}
}

// TestWeakWordInConfidentLine: a name is read as well as its weakest word
// (issue 9, item 6).
func TestWeakWordInConfidentLine(t *testing.T) {
	john := Expected{PatientKnown: true, Forename: "John", Surname: "Doe"}
	line := func(conf float64, words ...Word) Text {
		return Text{Source: "textract", Lines: []Line{wordsLine(conf, words...)}}
	}
	tests := []struct {
		name string
		text Text
		want Rating
	}{
		{"every word read well", line(0.97, Word{Text: "Patient:", Confidence: 99}, Word{Text: "John", Confidence: 98}, Word{Text: "Doe", Confidence: 97}), Rating{Valid, High}},
		{"the surname read poorly", line(0.93, Word{Text: "Patient:", Confidence: 99}, Word{Text: "John", Confidence: 99}, Word{Text: "Doe", Confidence: 45}), Rating{Valid, Low}},
		{"a poorly read forename that differs is no certain other person", line(0.93, Word{Text: "Patient:", Confidence: 99}, Word{Text: "Jon", Confidence: 40}, Word{Text: "Doe", Confidence: 99}), Rating{NotFound, Low}},
		{"a well read forename that differs is another person", line(0.97, Word{Text: "Patient:", Confidence: 99}, Word{Text: "Jon", Confidence: 97}, Word{Text: "Doe", Confidence: 99}), Rating{Invalid, Medium}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ratePatientName(readDocument(tt.text), john, true)
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWellReadWordInLineOfSpecks: a photo's shadow seam read as specks at
// the end of a name's line ("Miss Catherine Lewis : °") brings the line's
// confidence down; the name's words are judged as they were read, and the
// specks are not part of the line that holds nothing but a name.
func TestWellReadWordInLineOfSpecks(t *testing.T) {
	katherine := Expected{PatientKnown: true, Forename: "Katherine", Surname: "Lewis"}
	line := func(conf float64, words ...Word) Text {
		return Text{Source: "tesseract", Lines: []Line{
			{Text: "Wegovy 1mg FlexTouch solution for injection pre-filled pen", Confidence: 0.88},
			wordsLine(conf, words...),
			{Text: "Superdrug Pharmacy, 5 Market St, Leeds LS1 6DT", Confidence: 0.95},
		}}
	}
	tests := []struct {
		name string
		text Text
		want Rating
	}{
		{"a near miss read well before specks is another person", line(0.73, Word{Text: "Miss", Confidence: 97}, Word{Text: "Catherine", Confidence: 96}, Word{Text: "Lewis", Confidence: 97}, Word{Text: ":", Confidence: 74}, Word{Text: "°", Confidence: 0}), Rating{Invalid, Medium}},
		{"before a weak word of letters too", line(0.77, Word{Text: "Miss", Confidence: 97}, Word{Text: "Catherine", Confidence: 96}, Word{Text: "Lewis", Confidence: 96}, Word{Text: "ec", Confidence: 20}), Rating{Invalid, Medium}},
		{"the near miss read poorly may be a misreading", line(0.42, Word{Text: "Miss", Confidence: 96}, Word{Text: "Catherine", Confidence: 7}, Word{Text: "Lewis.", Confidence: 79}, Word{Text: ":", Confidence: 0}, Word{Text: "a", Confidence: 30}), Rating{NotFound, Low}},
		{"the lead's name before specks", line(0.73, Word{Text: "Miss", Confidence: 97}, Word{Text: "Katherine", Confidence: 96}, Word{Text: "Lewis", Confidence: 97}, Word{Text: ":", Confidence: 74}, Word{Text: "°", Confidence: 0}), Rating{Valid, Medium}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ratePatientName(readDocument(tt.text), katherine, true)
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s (%s)", diff, f.problem)
			}
		})
	}
}

// TestWeakWordLowersEveryField: the medicine, the dose and the date are read
// as well as their own words, not as the line around them.
func TestWeakWordLowersEveryField(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	words := wordsLine
	text := Text{Source: "textract", Lines: []Line{
		words(0.96, Word{Text: "Wegovy", Confidence: 41}, Word{Text: "2.4mg", Confidence: 99}, Word{Text: "pen", Confidence: 99}),
		words(0.96, Word{Text: "Inject", Confidence: 99}, Word{Text: "2.4mg", Confidence: 52}, Word{Text: "weekly", Confidence: 99}),
		words(0.97, Word{Text: "Patient:", Confidence: 99}, Word{Text: "Jane", Confidence: 99}, Word{Text: "Smith", Confidence: 99}),
		words(0.95, Word{Text: "Date", Confidence: 99}, Word{Text: "dispensed:", Confidence: 99}, Word{Text: "03/11/2026", Confidence: 38}),
		words(0.97, Word{Text: "Greenfield", Confidence: 99}, Word{Text: "Pharmacy", Confidence: 99}),
	}}
	got := Verify(text, exp, Policy{Now: testNow, Market: "uk"}).Data
	want := Fields{
		PatientName:      Rating{Valid, High},
		MedicationName:   Rating{Valid, Low},
		MedicationDosage: Rating{Valid, Low},
		MedicationDate:   Rating{Valid, Low},
		PharmacyName:     Rating{Valid, High},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("fields mismatch (-want +got):\n%s", diff)
	}
}

// TestTitledNameInARow: a label's row holds the patient's titled name and
// the date ("Mr Stephen Carter   14/11/2026"). Another person's name there
// is another patient, as it is on a line of its own; a doctor's is not.
func TestTitledNameInARow(t *testing.T) {
	steven := Expected{PatientKnown: true, Forename: "Steven", Surname: "Carter"}
	tests := []struct {
		row  string
		want Rating
	}{
		{"Mr Stephen Carter 14/11/2026", Rating{Invalid, Medium}},
		{"Mr. Stephen Carter 14/11/2026", Rating{Invalid, Medium}},
		{"Mr Stephen Carter", Rating{Invalid, Medium}},
		{"Supplied for Mr Stephen Carter. Dispensed 14/11/2026", Rating{Invalid, Medium}},
		{"Mr Steven Carter 14/11/2026", Rating{Valid, High}},
		{"Dr Stephen Carter 14/11/2026", Rating{NotFound, Medium}},
	}
	for _, tt := range tests {
		t.Run(tt.row, func(t *testing.T) {
			text := Text{Source: "tesseract", Lines: []Line{
				{Text: "Mounjaro 5mg/0.5ml KwikPen", Confidence: 0.95},
				{Text: tt.row, Confidence: 0.96},
				{Text: "Rowlands Pharmacy, 2 Church Rd, Bath BA1 1AA", Confidence: 0.96},
			}}
			f := ratePatientName(readDocument(text), steven, true)
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s (%s)", diff, f.problem)
			}
		})
	}
}
