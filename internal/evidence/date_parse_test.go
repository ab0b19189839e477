package evidence

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
)

func TestFindDates(t *testing.T) {
	type reading struct {
		Text                 string
		DayFirst, MonthFirst string
		Impossible           bool
	}
	r := func(text, dayFirst, monthFirst string) reading { return reading{text, dayFirst, monthFirst, false} }
	// misread is a numeric date with a full year that is no date either
	// way round: found, so that it is not passed over, but with no reading.
	misread := func(text string) reading { return reading{Text: text, Impossible: true} }
	tests := []struct {
		line string
		want []reading
	}{
		{"2026-11-03", []reading{r("2026-11-03", "3 Nov 2026", "3 Nov 2026")}},
		{"issued 2026-11-03t10:04:05z", []reading{r("2026-11-03", "3 Nov 2026", "3 Nov 2026")}},
		{"03/11/2026", []reading{r("03/11/2026", "3 Nov 2026", "11 Mar 2026")}},
		{"3/11/26", []reading{r("3/11/26", "3 Nov 2026", "11 Mar 2026")}},
		{"03.11.2026", []reading{r("03.11.2026", "3 Nov 2026", "11 Mar 2026")}},
		{"03-11-2026", []reading{r("03-11-2026", "3 Nov 2026", "11 Mar 2026")}},
		{"25/11/2026", []reading{r("25/11/2026", "25 Nov 2026", "")}},
		// OCR split the month with a space (unseen62's ward checklist
		// through Textract, round 17); a two-digit year is too short to
		// tell from other numbers.
		{"dispensed 23/1 1/2026", []reading{r("23/1 1/2026", "23 Nov 2026", "")}},
		{"tablets 23/1 1/26", nil},
		// A time after a yearless date is no year (unseen80's message
		// stamp, round 20); a two-figure year without one still is.
		{"text message - tue 24 nov 14:26", nil},
		// A quantity before a month-first date is no day, nor the date's
		// day its year (a packing slip's row, its cells' years put back;
		// unseen54, round 22); a two-figure year alone still is one.
		{"4 november 22, 2026", []reading{r("november 22, 2026", "22 Nov 2026", "22 Nov 2026")}},
		{"4 november 22", []reading{r("4 november 22", "4 Nov 2022", "4 Nov 2022")}},
		{"nov 24 14:26", nil},
		{"dispensed 24 nov 26", []reading{r("24 nov 26", "24 Nov 2026", "24 Nov 2026")}},
		// A calendar's row of yearless days: "25 nov 26" is no 25 November
		// 2026 when "nov" stands before its day (unseen169, round 32).
		{"nov 23 nov 24 nov 25 nov 26 nov 27 nov 28", nil},
		{"dec. 24 nov 25", nil},
		{"11/25/2026", []reading{r("11/25/2026", "", "25 Nov 2026")}},
		{"05/05/2026", []reading{r("05/05/2026", "5 May 2026", "5 May 2026")}},
		{"3 nov 2026", []reading{r("3 nov 2026", "3 Nov 2026", "3 Nov 2026")}},
		{"3rd november 2026", []reading{r("3rd november 2026", "3 Nov 2026", "3 Nov 2026")}},
		{"3rd of november, 2026", []reading{r("3rd of november, 2026", "3 Nov 2026", "3 Nov 2026")}},
		{"november 3, 2026", []reading{r("november 3, 2026", "3 Nov 2026", "3 Nov 2026")}},
		{"nov 3 2026", []reading{r("nov 3 2026", "3 Nov 2026", "3 Nov 2026")}},
		{"sept. 30, 2026", []reading{r("sept. 30, 2026", "30 Sep 2026", "30 Sep 2026")}},
		{"03 nov 26", []reading{r("03 nov 26", "3 Nov 2026", "3 Nov 2026")}},
		{"03nov26", []reading{r("03nov26", "3 Nov 2026", "3 Nov 2026")}},
		{"03-nov-2026", []reading{r("03-nov-2026", "3 Nov 2026", "3 Nov 2026")}},
		// Other languages' month names, day first (round 15).
		{"fecha: 12 dic 2025", []reading{r("12 dic 2025", "12 Dec 2025", "12 Dec 2025")}},
		{"12 de diciembre de 2025", []reading{r("12 de diciembre de 2025", "12 Dec 2025", "12 Dec 2025")}},
		{"rhoddwyd: 20 tachwedd 2026", []reading{r("20 tachwedd 2026", "20 Nov 2026", "20 Nov 2026")}},
		{"20 rhag. 2026", []reading{r("20 rhag. 2026", "20 Dec 2026", "20 Dec 2026")}},
		{"1er octobre 2026", []reading{r("1er octobre 2026", "1 Oct 2026", "1 Oct 2026")}},
		{"3 marzo 2026", []reading{r("3 marzo 2026", "3 Mar 2026", "3 Mar 2026")}},
		{"20 listopada 2026", []reading{r("20 listopada 2026", "20 Nov 2026", "20 Nov 2026")}},
		{"07-out-2026", []reading{r("07-out-2026", "7 Oct 2026", "7 Oct 2026")}},
		{"3 days ago, 2026", nil},
		{"1 pen 12 2026", nil},
		{"filled: 11/03/2026 discard after: 11/03/2027", []reading{
			r("11/03/2026", "11 Mar 2026", "3 Nov 2026"), r("11/03/2027", "11 Mar 2027", "3 Nov 2027"),
		}},
		{"31/02/2026", []reading{misread("31/02/2026")}}, // no such day either way
		{"29/02/2028", []reading{r("29/02/2028", "29 Feb 2028", "")}},
		{"29/02/2027", []reading{misread("29/02/2027")}},
		{"13/13/2026", []reading{misread("13/13/2026")}},
		{"date dispensed: 14/41/2026", []reading{misread("14/41/2026")}},
		{"14/41/26", nil}, // a two-digit year: no telling it is a date
		{"14/41/0026", nil},
		{"nov 2026", nil}, // no day
		{"11/2027", nil},  // month and year only (an expiry)
		{"2.4 mg/0.75 ml", nil},
		{"tel 0113 496 0000", nil},
		{"32 may 2026", nil},
		{"may 2026 take 3", nil},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			var got []reading
			for _, f := range findDates(tt.line) {
				got = append(got, reading{f.text, civilString(f.dayFirst), civilString(f.monthFirst), f.impossible})
			}
			if diff := gocmp.Diff(tt.want, got); diff != "" {
				t.Errorf("findDates(%q) mismatch (-want +got):\n%s", tt.line, diff)
			}
		})
	}
}

func civilString(c civilDate) string {
	if !c.valid() {
		return ""
	}
	return c.String()
}

func FuzzFindDates(f *testing.F) {
	for _, s := range []string{"2026-11-03", "03/11/2026", "3 nov 2026", "november 3, 2026", "03nov26", "filled: 11/03/26 exp 11/2027", "29/02/2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		norm, _ := normalise(s)
		prevEnd := 0
		for _, d := range findDates(norm) {
			if d.start < prevEnd || d.end <= d.start || d.end > len(norm) {
				t.Fatalf("findDates(%q): bad span %d..%d", norm, d.start, d.end)
			}
			prevEnd = d.end
			if !d.dayFirst.valid() && !d.monthFirst.valid() && !d.impossible {
				t.Fatalf("findDates(%q): %q has no valid reading and is not marked impossible", norm, d.text)
			}
			if d.impossible && (d.dayFirst != civilDate{} || d.monthFirst != civilDate{}) {
				t.Fatalf("findDates(%q): impossible %q has a reading", norm, d.text)
			}
			for _, c := range []civilDate{d.dayFirst, d.monthFirst} {
				if c != (civilDate{}) && !c.valid() {
					t.Fatalf("findDates(%q): invalid reading %+v", norm, c)
				}
			}
			if d.reading(true) != d.dayFirst && d.dayFirst.valid() {
				t.Fatalf("reading(true) is not the day-first reading")
			}
		}
	})
}

// TestForeignMonthPattern: the expression's alternatives are the listed
// names, longest first.
func TestForeignMonthPattern(t *testing.T) {
	var names []string
	for _, ns := range foreignMonthNames {
		names = append(names, strings.Fields(ns)...)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	if want := "(" + strings.Join(names, "|") + ")"; foreignMonthPattern != want {
		t.Errorf("foreignMonthPattern = %s\nwant %s", foreignMonthPattern, want)
	}
}
