package evidence

import (
	"strings"
	"testing"
	"time"
)

// TestWriteSpelledDates: dates said in words are written in figures, and
// dates with no year take the year the page's own date gives them, or
// stay unread (round 19).
func TestWriteSpelledDates(t *testing.T) {
	today := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"a day and month in words under the letter's date",
			[]string{"Date: 25 November 2026", "We made them up a fortnight ago, on Wednesday the", "eleventh of November."},
			[]string{"Date: 25 November 2026", "We made them up a fortnight ago, on Wednesday the", "2026-11-11."}},
		{"a legal date with its year in words",
			[]string{"I attest that on the tenth day of November, two thousand twenty-six, we dispensed"},
			[]string{"I attest that on 2026-11-10, we dispensed"}},
		{"years in words said other ways",
			[]string{"born March ninth, nineteen seventy-one", "filled November the third, twenty twenty-six", "on the 3rd of November, two thousand and twenty-six"},
			[]string{"born 1971-03-09", "filled 2026-11-03", "on 2026-11-03"}},
		{"a yearless date after the page's date is last year's",
			[]string{"Letter date: 20 November 2026", "last filled on July thirty-first", "picked up on the twenty-second of November"},
			[]string{"Letter date: 20 November 2026", "last filled on 2026-07-31", "picked up on 2025-11-22"}},
		{"a date looked ahead to is the next such day",
			[]string{"Date: 20 November 2026", "Next refill due December 1st", "estimated w/c 30th November"},
			[]string{"Date: 20 November 2026", "Next refill due 2026-12-01", "estimated w/c 2026-11-30"}},
		{"the page's date split over two lines",
			[]string{"Outgoing - Wednesday, November 25,", "2026, 4:31 PM", "was last filled on July thirty-first."},
			[]string{"Outgoing - Wednesday, 2026-11-25,", "2026, 4:31 PM", "was last filled on 2026-07-31."}},
		{"a weekday with a bare day and month",
			[]string{"Rx date 12/11/2026 Printed 20/11/2026", "Disp: Fri 20 Nov"},
			[]string{"Rx date 12/11/2026 Printed 20/11/2026", "Disp: Fri 2026-11-20"}},
		{"no page date: yearless dates stay unread",
			[]string{"Receipt", "the eighteenth of July", "Filled Nov 3rd"},
			[]string{"Receipt", "the eighteenth of July", "Filled Nov 3rd"}},
		{"no page date: a weekday places the date in the last twelve months",
			[]string{"Thu, Nov 26", "Filled Wed, Nov 25", "Filled Tue, Dec 2", "Pick up by Wed, Dec 2"},
			[]string{"Thu, 2026-11-26", "Filled Wed, 2026-11-25", "Filled Tue, 2025-12-02", "Pick up by Wed, Dec 2"}},
		{"no page date: a weekday that does not fit",
			[]string{"Dispensed Tue 25 Nov", "DOB Wed 25 Nov"},
			[]string{"Dispensed Tue 25 Nov", "DOB Wed 25 Nov"}},
		{"an expiry and a birth date give no year",
			[]string{"Expires 2027-11-30", "DOB 1970-01-01", "Filled on November 3rd"},
			[]string{"Expires 2027-11-30", "DOB 1970-01-01", "Filled on November 3rd"}},
		{"a weekday the year contradicts",
			[]string{"Date: 25 November 2026", "dispensed on Thursday the eleventh of November"},
			[]string{"Date: 25 November 2026", "dispensed on Thursday the eleventh of November"}},
		{"a misread year after today sets no year",
			[]string{"PRINTED 11/22/28", "was last filled on November 3rd."},
			[]string{"PRINTED 11/22/28", "was last filled on November 3rd."}},
		{"dates already in figures are findDates's",
			[]string{"Wed, Nov 25, 2026", "3rd November 2026", "Nov 25, 26"},
			[]string{"Wed, Nov 25, 2026", "3rd November 2026", "Nov 25, 26"}},
		{"may and march as words",
			[]string{"Date: 25 November 2026", "you may first call us", "then march second to the desk"},
			[]string{"Date: 25 November 2026", "you may first call us", "then march second to the desk"}},
		{"a bare day with no weekday is no date",
			[]string{"Date: 25 November 2026", "Nov 22 pens"},
			[]string{"Date: 25 November 2026", "Nov 22 pens"}},
		{"a bare day before its month without a weekday is no date",
			[]string{"Date: 25 November 2026", "ATORVASTATIN 40MG TAB ACTIVE | 2099590 16 OCT"},
			[]string{"Date: 25 November 2026", "ATORVASTATIN 40MG TAB ACTIVE | 2099590 16 OCT"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var lines []Line
			for _, s := range tt.lines {
				lines = append(lines, Line{Text: s, Page: 1})
			}
			var got []string
			placed, _ := writeSpelledDates(lines, today)
			for _, l := range placed {
				got = append(got, l.Text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got\n  %q\nwant\n  %q", got, tt.want)
			}
		})
	}
}

// TestSpelledDateKeepsItsPlace: the date's words become one word where
// they were read, so the review page shows where the date was.
func TestSpelledDateKeepsItsPlace(t *testing.T) {
	l := Line{Text: "on the tenth of November, 2026 we", Page: 1, Words: []Word{
		{Text: "on", Confidence: 0.9, Box: Box{Left: 0.1, Top: 0.5, Width: 0.02, Height: 0.02}},
		{Text: "the", Confidence: 0.9, Box: Box{Left: 0.13, Top: 0.5, Width: 0.03, Height: 0.02}},
		{Text: "tenth", Confidence: 0.8, Box: Box{Left: 0.17, Top: 0.5, Width: 0.05, Height: 0.02}},
		{Text: "of", Confidence: 0.9, Box: Box{Left: 0.23, Top: 0.5, Width: 0.02, Height: 0.02}},
		{Text: "November,", Confidence: 0.7, Box: Box{Left: 0.26, Top: 0.5, Width: 0.09, Height: 0.02}},
		{Text: "2026", Confidence: 0.9, Box: Box{Left: 0.36, Top: 0.5, Width: 0.04, Height: 0.02}},
		{Text: "we", Confidence: 0.9, Box: Box{Left: 0.41, Top: 0.5, Width: 0.02, Height: 0.02}},
	}}
	placed, _ := writeSpelledDates([]Line{l}, time.Time{})
	out := placed[0]
	if out.Text != "on 2026-11-10 we" || len(out.Words) != 3 {
		t.Fatalf("got %q with %d words", out.Text, len(out.Words))
	}
	w := out.Words[1]
	if w.Text != "2026-11-10" || w.Confidence != 0.7 || w.Box.Left != 0.13 || w.Box.Left+w.Box.Width < 0.399 {
		t.Errorf("date word %+v: want the words' union from 'the' to '2026' at their lowest confidence", w)
	}
}

// TestYearlessDatesRated: a letter's supply said in words is dated by the
// letter's own date; with none, the date is not found (round 19, unseen67).
func TestYearlessDatesRated(t *testing.T) {
	wegovy := Expected{PatientKnown: true, Forename: "Brenda", Surname: "Hollick", MedicationName: "Wegovy", MedicationDosage: "1 mg"}
	letter := func(date string) []string {
		return []string{"Hollybrook Pharmacy", "Mrs Brenda Hollick", date, "Dear Brenda,", "This letter is about your Wegovy pens.",
			"Each pen is one milligram.", "We made them up a week ago, on Friday the", "thirteenth of November."}
	}
	tests := []struct {
		name  string
		lines []string
		want  Rating
		rule  string
	}{
		{"dated by the letter", letter("Date: 19 November 2026"), Rating{Valid, Medium}, "date-in-window"},
		{"the letter's year makes it old", letter("Date: 19 November 2025"), Rating{Invalid, Medium}, "old-date"},
		{"no letter date", letter("About your medicine"), Rating{NotFound, Medium}, "no-date"},
		// A watch's notification: no year anywhere, the weekday fits
		// this year's day (round 20, unseen74).
		{"a screen's date with its weekday", []string{"Fri 20  16:20", "Hollybrook Pharmacy", "Order dispatched", "Wegovy 1mg FlexTouch x1",
			"For: Brenda Hollick", "Dispensed Wed 18 Nov"}, Rating{Valid, Medium}, "date-year-fitted"},
		{"a screen's date whose weekday does not fit", []string{"Fri 20  16:20", "Hollybrook Pharmacy", "Order dispatched", "Wegovy 1mg FlexTouch x1",
			"For: Brenda Hollick", "Dispensed Tue 18 Nov"}, Rating{NotFound, Medium}, "no-date"},
		// An order's status page read column by column, its dispensing
		// cell a dash (unseen42, a false accept once its dates were placed
		// in their year).
		{"captions of several kinds over fewer dates", []string{
			"11/19/26, 10:32 PM", "Order status", "Brenda Hollick", "Order placed", "Prescription approved", "Dispensed", "Dispatched",
			"13th November", "14th November", "-", "estimated w/c 23rd November", "Item", "Wegovy 1 mg FlexTouch pen",
			"https://pharmacy.example.org/orders/1   1/1"},
			Rating{NotFound, Medium}, "no-date"},
		{"captions of several kinds over as many dates", []string{
			"11/19/26, 10:32 PM", "Your order GOP-641930", "Order placed", "Dispensed",
			"2 September 2026", "13 November 2026", "Item", "Wegovy 1 mg FlexTouch pen", "https://pharmacy.example.org/orders/1   1/1"},
			Rating{Valid, High}, "date-in-window"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, findings := Explain(textOf(0.95, tt.lines...), wegovy, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationDate != tt.want || findings.MedicationDate.Rule != tt.rule {
				t.Errorf("date rated %v by %q, want %v by %q (note: %s)", r.Data.MedicationDate, findings.MedicationDate.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// TestCaptionColumns: a column of captions read before a column of dates
// gives them kinds only as a key column can (round 19).
func TestCaptionColumns(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  map[int]dateKind
	}{
		{"as many dates as captions: not paired by order", []string{"Order placed", "Dispensed", "12/11/2026", "13/11/2026"}, nil},
		{"a section's title is no caption", []string{"Order summary", "Placed", "Approved", "Dispensed", "12/11/2026", "13/11/2026", "14/11/2026"}, nil},
		{"fewer dates than captions of several kinds", []string{"Order placed", "Approved", "Dispensed", "Dispatched", "12/11/2026", "13/11/2026"},
			map[int]dateKind{4: otherDate, 5: otherDate}},
		{"one date under the captions", []string{"RX WRITTEN", "FILLED", "11/23/2026", "BUD"}, nil},
		{"more dates than captions: a column under its heading", []string{"Order activity", "Date", "13/11/2026", "14/11/2026", "15/11/2026"}, nil},
		{"a date with other words is no cell", []string{"Last shipped", "Pharmacy", "Stopped 10/09/2026", "08/15/2026"}, nil},
		// A form's captions read before its values, the only date caption
		// another role's (unseen167's referral through Textract, round 32).
		{"a referral's caption column over its value column", []string{"GP", "Practice", "t", "referral", "Dr Naomi Fairbrother", "Quayside Medical Group, HB1 9ZZ", "22/11/2026", "3. Eligibility"},
			map[int]dateKind{6: otherDate}},
		{"a supply's caption among the captions", []string{"GP", "Date of referral", "Dispensed", "Dr Naomi Fairbrother", "22/11/2026"}, nil},
		{"a caption among the values ends them", []string{"GP", "Referral", "Dr Naomi Fairbrother", "Dispensed", "22/11/2026"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := captionColumns(readDocument(textOf(0.95, tt.lines...)))
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("line %d: kind %v, want %v (all: %v)", k, got[k], v, got)
				}
			}
		})
	}
}

// TestUKPhoneSetsDayFirst: a UK telephone number on a page for the US
// stack says its numeric dates are day first (round 19, unseen70).
func TestUKPhoneSetsDayFirst(t *testing.T) {
	for _, tt := range []struct {
		line     string
		dayFirst bool
	}{
		{"Warrender Pharmacy, 31 Warrender Park Road, Edinburgh EH9 922 - 01632 960508", true},
		{"Call +44 20 7946 0000", true},
		{"Pinecrest Pharmacy (555) 555-0123", false},
		{"NDC 00169-4060-12", false},
	} {
		d := readDocument(textOf(0.95, "Wegovy 1mg FlexTouch", "06/11/2026", tt.line))
		if got := documentDateOrder(d, nil, "us"); got.dayFirst != tt.dayFirst {
			t.Errorf("%q: day first %v, want %v", tt.line, got.dayFirst, tt.dayFirst)
		}
	}
}
