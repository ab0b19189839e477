package evidence

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRateDate(t *testing.T) {
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		lines     []string
		conf      float64
		market    string
		maxAge    time.Duration
		want      Rating
		wantWords string
	}{
		{name: "dispensed, ISO", lines: []string{"Dispensed: 2026-11-03"}, want: Rating{Valid, High}},
		{name: "today is fine", lines: []string{"Dispensed: 20 Nov 2026"}, want: Rating{Valid, High}},
		{name: "tomorrow is the future", lines: []string{"Dispensed: 21 Nov 2026"}, want: Rating{Invalid, High}, wantWords: "dispensing date (21 Nov 2026) is in the future"},
		{name: "exactly 90 days", lines: []string{"Date dispensed: 22 Aug 2026"}, want: Rating{Valid, High}},
		{name: "91 days", lines: []string{"Date dispensed: 21 Aug 2026"}, want: Rating{Invalid, High}, wantWords: "more than 90 days old"},
		{name: "custom max age", lines: []string{"Date dispensed: 1 Nov 2026"}, maxAge: 14 * 24 * time.Hour, want: Rating{Invalid, High}, wantWords: "more than 14 days old"},
		{name: "expiry is not the date", lines: []string{"Exp: 2027-01-31"}, want: Rating{NotFound, Medium}},
		{name: "expiry beside the fill date", lines: []string{"Date Filled: 11/13/2026   Exp: 11/13/2027"}, want: Rating{Valid, High}},
		{name: "date of birth is not the date", lines: []string{"DOB: 12/05/1980", "Use by 01/02/2027"}, want: Rating{NotFound, Medium}},
		{name: "refill-by is not the date", lines: []string{"Refills: 2 before 11/30/2027", "Next refill 12/01/2026"}, market: "us", want: Rating{NotFound, Medium}},
		{name: "label on the line above", lines: []string{"Date dispensed", "13/11/2026", "Expiry", "2027-02-01"}, want: Rating{Valid, High}},
		{name: "column headings over values", lines: []string{"Expiry        Date Filled", "01/02/2027    13/11/2026"}, want: Rating{Valid, High}},
		{name: "column headings: expiry is not taken", lines: []string{"Date Filled        Expiry", "01/02/2026    13/11/2026"}, want: Rating{Invalid, High}, wantWords: "1 Feb 2026"},
		{name: "dispensed beats prescribed", lines: []string{"Date prescribed: 15/06/2026", "Date dispensed: 13/11/2026"}, want: Rating{Valid, High}},
		{name: "prescription date alone", lines: []string{"Date of prescription: 3rd November 2026"}, want: Rating{Valid, High}},
		{name: "order confirmation", lines: []string{"Order placed: November 3, 2026"}, want: Rating{Valid, High}},
		{name: "plain Date label", lines: []string{"Date: 03 NOV 26"}, want: Rating{Valid, Medium}},
		{name: "unlabelled date", lines: []string{"Mrs Jane Smith   03 Nov 2026"}, want: Rating{Valid, Medium}},
		{name: "unlabelled date of birth is not the date", lines: []string{"Jane Smith 12/05/1980"}, want: Rating{NotFound, Medium}},
		{name: "labelled dates that disagree", lines: []string{"Dispensed: 03/11/2026", "Dispensed: 01/01/2025"}, want: Rating{NotFound, Low}, wantWords: "dispensing dates that disagree"},
		{name: "no date", lines: []string{"Wegovy 2.4 mg"}, want: Rating{NotFound, Medium}},
		{name: "no date, poor read", lines: []string{"Wegovy 2.4 mg"}, conf: 0.5, want: Rating{NotFound, Low}},
		{name: "poor read lowers the confidence", lines: []string{"Dispensed: 2026-11-03"}, conf: 0.7, want: Rating{Valid, Medium}},

		// A date that is no calendar date either way round was misread:
		// not_found, low, never a guess at which digit is wrong, and no date
		// of lower rank stands in for it.
		{name: "impossible dispensing date on a photo", lines: []string{"Date dispensed: 14/41/2026"}, conf: 0.7, want: Rating{NotFound, Low}, wantWords: "dispensing date on the document (14/41/2026) is no calendar date"},
		{name: "impossible date read well is still no date", lines: []string{"Dispensed: 31/02/2026"}, want: Rating{NotFound, Low}, wantWords: "no calendar date"},
		{name: "impossible dispensing date beside a prescription date", lines: []string{"Date prescribed: 10/11/2026", "Date dispensed: 14/41/2026"}, conf: 0.7, want: Rating{NotFound, Low}, wantWords: "no calendar date"},
		{name: "impossible date beside a readable one of its kind", lines: []string{"Date dispensed: 14/41/2026", "Dispensed: 14/11/2026"}, conf: 0.7, want: Rating{Valid, Medium}},
		{name: "impossible date with a two-digit year is no date at all", lines: []string{"Date dispensed: 14/41/26"}, conf: 0.7, want: Rating{NotFound, Low}},
		{name: "impossible unlabelled date is passed over", lines: []string{"Ref 14/41/2026", "Dispensed: 14/11/2026"}, conf: 0.7, want: Rating{Valid, Medium}},

		// Day and month order.
		{name: "part over 12 settles it", lines: []string{"Dispensed: 11/13/2026"}, market: "uk", want: Rating{Valid, High}},
		{name: "part over 12 settles it, too old", lines: []string{"Dispensed: 13/08/2026"}, market: "us", want: Rating{Invalid, High}, wantWords: "13 Aug 2026"},
		{name: "ambiguous, same verdict either way", lines: []string{"Dispensed: 10/11/2026"}, want: Rating{Valid, High}},
		{name: "ambiguous, only the market decides: not high", lines: []string{"Dispensed: 03/11/2026"}, market: "uk", want: Rating{Valid, Low}},
		{name: "ambiguous, market us reads it as 11 March", lines: []string{"Dispensed: 03/11/2026"}, market: "us", want: Rating{Invalid, Low}, wantWords: "reading 03/11/2026 month first"},
		{name: "printed format settles it", lines: []string{"Fill date (MM/DD/YYYY): 11/03/2026"}, market: "uk", want: Rating{Valid, High}},
		{name: "another date settles it", lines: []string{"Date filled: 11/03/2026", "Discard after: 11/28/2026"}, market: "uk", want: Rating{Valid, High}},
		{name: "US label style against a UK market", lines: []string{"Rx# 4829173  Refills: 2", "Springfield, IL 62701", "Date filled: 11/03/2026"}, market: "uk", want: Rating{Valid, Medium}},
		{name: "UK label style with a UK market", lines: []string{"Leeds LS1 4AB", "Date dispensed: 03/11/2026"}, market: "uk", want: Rating{Valid, High}},
		{name: "UK label style against a US market", lines: []string{"NHS prescription", "Leeds LS1 4AB", "Date dispensed: 03/11/2026"}, market: "us", want: Rating{Valid, Medium}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conf := tt.conf
			if conf == 0 {
				conf = 1
			}
			pol := Policy{Now: now, Market: tt.market, MaxAge: tt.maxAge}.withDefaults()
			f := rateDate(readDocument(textOf(conf, tt.lines...)), pol, dateMedicines{named: true})
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s", diff)
			}
			if !strings.Contains(f.problem, tt.wantWords) {
				t.Errorf("problem = %q, want it to contain %q", f.problem, tt.wantWords)
			}
		})
	}
}

// TestDateNeedsAMedicine: a date is the medication's only on a document
// that names the requested medicine; a bill's or a receipt's recent date
// is not, nor the date of a label for another medicine.
func TestDateNeedsAMedicine(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	tests := []struct {
		name      string
		lines     []string
		want      Rating
		wantWords string
	}{
		{
			name: "utility bill",
			lines: block(`
				Northern Lights Energy
				Your energy bill
				Account holder: Jane Smith
				Bill date: 27 Oct 2026
				Payment due by: 17 Nov 2026`),
			want: Rating{NotFound, Medium}, wantWords: "no medicine could be found on the document",
		},
		{
			name: "gym receipt with an unlabelled date",
			lines: block(`
				IRONWORKS FITNESS
				RECEIPT
				11/11/2026  07:42
				Day pass  £8.00`),
			want: Rating{NotFound, Medium}, wantWords: "no medicine could be found",
		},
		{
			name:  "an old date on a bill is not an old medication date",
			lines: []string{"Bill date: 3 Feb 2025", "Amount due $137.25"},
			want:  Rating{NotFound, Medium}, wantWords: "no medicine could be found",
		},
		{
			name:  "a dispensing date without a medicine is still not taken",
			lines: []string{"Harbourside Pharmacy", "Date dispensed: 12/11/2026"},
			want:  Rating{NotFound, Medium}, wantWords: "no medicine could be found",
		},
		{
			name:  "no medicine and no date: simply missing",
			lines: []string{"Thank you for training with us"},
			want:  Rating{NotFound, Medium},
		},
		{
			name:  "a label naming the medicine keeps its date",
			lines: []string{"Wegovy 2.4mg/0.75ml FlexTouch", "Date dispensed: 12 Nov 2026"},
			want:  Rating{Valid, High},
		},
		{
			name:  "a label naming only another medicine: its date is that medicine's",
			lines: []string{"Saxenda 6 mg/ml pen", "Date dispensed: 12 Nov 2026"},
			want:  Rating{NotFound, Medium}, wantWords: "only another medicine",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Verify(textOf(1, tt.lines...), exp, Policy{Now: testNow, Market: "uk"})
			if diff := cmp.Diff(tt.want, got.Data.MedicationDate); diff != "" {
				t.Errorf("medicationDate mismatch (-want +got):\n%s", diff)
			}
			if !strings.Contains(strings.ToLower(got.Note), tt.wantWords) {
				t.Errorf("note = %q, want it to contain %q", got.Note, tt.wantWords)
			}
		})
	}
}

// TestRateDateNowZone: "today" is the calendar day of Policy.Now in its own
// zone.
func TestRateDateNowZone(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no time zone data:", err)
	}
	// 21 Nov 02:00 UTC is still 20 Nov in New York.
	now := time.Date(2026, 11, 21, 2, 0, 0, 0, time.UTC).In(ny)
	f := rateDate(readDocument(textOf(1, "Date filled: 2026-11-21")), Policy{Now: now}.withDefaults(), dateMedicines{named: true})
	if f.rating.Value != Invalid {
		t.Errorf("rating = %v, want invalid (21 Nov is tomorrow in New York)", f.rating)
	}
}
