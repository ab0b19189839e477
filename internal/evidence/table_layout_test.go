package evidence

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Drawn pages: each character of a drawing is drawnWidth of the page wide,
// each row drawnPitch down, its text drawnHeight tall.
const (
	drawnWidth  = 0.01
	drawnHeight = 0.012
	drawnPitch  = 0.018
)

// drawn is a page as a text layer reads it, from a drawing: each run of
// words one space apart is a line (two spaces or more split lines, as a
// reader splits a row at a column gap), each word boxed where it is drawn.
// A row drawn with a leading "+" sits half a row below the one before (a
// heading's wrapped line set tight, a cell centred on a wrapped neighbour). order, when given, lists the drawing's lines in the
// order the reader gives them (a spreadsheet read column by column).
func drawn(drawing string, order ...int) Text {
	var lines []Line
	top := -drawnPitch
	for _, row := range strings.Split(strings.Trim(drawing, "\n"), "\n") {
		if strings.HasPrefix(row, "+") {
			row, top = " "+row[1:], top+drawnPitch/2
		} else {
			top += drawnPitch
		}
		for col := 0; col < len(row); {
			if row[col] == ' ' {
				col++
				continue
			}
			end := col
			for end < len(row) && !(row[end] == ' ' && (end+1 >= len(row) || row[end+1] == ' ')) {
				end++
			}
			l := Line{Text: row[col:end], Confidence: 1, Page: 1}
			for at := col; at < end; {
				w := at
				for w < end && row[w] != ' ' {
					w++
				}
				box := Box{Left: float64(at) * drawnWidth, Top: top, Width: float64(w-at) * drawnWidth, Height: drawnHeight}
				l.Words = append(l.Words, Word{Text: row[at:w], Confidence: 1, Box: box})
				l.Box = l.Box.Union(box)
				at = w + 1
			}
			lines = append(lines, l)
			col = end
		}
	}
	if len(order) > 0 {
		ordered := make([]Line, len(order))
		for i, k := range order {
			ordered[i] = lines[k]
		}
		lines = ordered
	}
	return Text{Source: "pdf-text", Lines: lines}
}

// tilted is t photographed a little turned: each word lower by slope times
// how far right it lies.
func tilted(t Text, slope float64) Text {
	out := Text{Source: t.Source}
	for _, l := range t.Lines {
		l.Words = slices.Clone(l.Words)
		l.Box = Box{}
		for k := range l.Words {
			b := &l.Words[k].Box
			b.Top += slope * (b.Left + b.Width/2)
			l.Box = l.Box.Union(*b)
		}
		out.Lines = append(out.Lines, l)
	}
	return out
}

func lineTexts(ls []Line) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return out
}

// TestReflowTables reads tables of fills from where their words lie.
func TestReflowTables(t *testing.T) {
	tests := []struct {
		name    string
		text    Text
		want    []string
		patient []string // each line's patient cell, "" for none
	}{
		{
			name: "a claims history whose medicine and pharmacy cells wrap onto a line of their own",
			text: drawn(`
Claims history
DATE OF      MEDICATION            STRENGTH     PHARMACY          PROCESSED
+SERVICE
11/15/2026   Mounjaro (tirzepatide) 7.5 mg/0.5   Lakeshore #07,    11/16/2026
+            pen                   mL           Evanston IL
10/17/2026   Mounjaro (tirzepatide) 5 mg/0.5     Lakeshore #07,    10/18/2026
+            pen                   mL           Evanston IL
Claims appear here once processed. Printed 11/26/2026.`),
			want: []string{
				"Claims history",
				"DATE OF SERVICE: 11/15/2026\tMEDICATION: Mounjaro (tirzepatide) pen\tSTRENGTH: 7.5 mg/0.5 mL\tPHARMACY: Lakeshore #07, Evanston IL\tPROCESSED: 11/16/2026",
				"DATE OF SERVICE: 10/17/2026\tMEDICATION: Mounjaro (tirzepatide) pen\tSTRENGTH: 5 mg/0.5 mL\tPHARMACY: Lakeshore #07, Evanston IL\tPROCESSED: 10/18/2026",
				"Claims appear here once processed. Printed 11/26/2026.",
			},
			patient: []string{"", "", "", ""},
		},
		{
			name: "a statement's rows centred on a patient's name that wraps, a hyphen joining it again",
			text: drawn(`
Date filled   Patient            Drug and strength      Qty
              NKECHI OKAFOR-
+11/17/2026                      ZEPBOUND 7.5 MG PEN    2
+             REID
              DARNELL OKAFOR-
+11/12/2026                      ATORVASTATIN 20 MG     90
+             REID`),
			want: []string{
				"Date filled: 11/17/2026\tPatient: NKECHI OKAFOR-REID\tDrug and strength: ZEPBOUND 7.5 MG PEN\tQty: 2",
				"Date filled: 11/12/2026\tPatient: DARNELL OKAFOR-REID\tDrug and strength: ATORVASTATIN 20 MG\tQty: 90",
			},
			patient: []string{"NKECHI OKAFOR-REID", "DARNELL OKAFOR-REID"},
		},
		{
			name: "a spreadsheet read column by column, its row numbers and a line exported under it left out",
			text: drawn(`
1  Date dispensed  Patient        Item
2  20/11/2026      Glenys Pardoe  Levothyroxine tablets
3  18/11/2026      Martin Pardoe  Wegovy FlexTouch pen

   Exported 26/11/2026 from Harbourside Pharmacy`,
				// Row numbers, then each column top to bottom, then the footer.
				0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12),
			want: []string{
				"1", "2", "3",
				"Date dispensed: 20/11/2026\tPatient: Glenys Pardoe\tItem: Levothyroxine tablets",
				"Date dispensed: 18/11/2026\tPatient: Martin Pardoe\tItem: Wegovy FlexTouch pen",
				"Exported 26/11/2026 from Harbourside Pharmacy",
			},
			patient: []string{"", "", "", "Glenys Pardoe", "Martin Pardoe", ""},
		},
		{
			name: "a web page's padded rows, wrapped cells, and a table of payments below it",
			text: drawn(`
Date filled   Medication              Strength

11/15/2026    Mounjaro (tirzepatide)  7.5 mg/0.5
+             pen                     mL


10/17/2026    Levothyroxine tablet    50 mcg


Ozempic Rx 3297702: no refills remaining.
Date          Description             Amount
11/24/2026    Payment received        -$10.50`),
			want: []string{
				"Date filled: 11/15/2026\tMedication: Mounjaro (tirzepatide) pen\tStrength: 7.5 mg/0.5 mL",
				"Date filled: 10/17/2026\tMedication: Levothyroxine tablet\tStrength: 50 mcg",
				"Ozempic Rx 3297702: no refills remaining.",
				// Its rows name no medicine: left as read.
				"Date", "Description", "Amount", "11/24/2026", "Payment received", "-$10.50",
			},
			patient: make([]string, 9),
		},
		{
			name: "a titration plan's steps name no medicine: left as read",
			text: drawn(`
Medicine: Wegovy (semaglutide) FlexTouch pen
Step   Strength   Supplied     Status
1      0.25 mg    14/08/2026   completed
2      1.7 mg     20/11/2026   current`),
			want: []string{
				"Medicine: Wegovy (semaglutide) FlexTouch pen",
				"Step", "Strength", "Supplied", "Status",
				"1", "0.25 mg", "14/08/2026", "completed",
				"2", "1.7 mg", "20/11/2026", "current",
			},
			patient: make([]string, 13),
		},
		{
			name: "a photo turned a little: its rows are levelled first",
			text: tilted(drawn(`
Date filled   Patient        Item                   Strength
20/11/2026    Glenys Pardoe  Levothyroxine tablets  75 micrograms
18/11/2026    Martin Pardoe  Wegovy FlexTouch pen   1mg/0.74ml`), 0.03),
			want: []string{
				"Date filled: 20/11/2026\tPatient: Glenys Pardoe\tItem: Levothyroxine tablets\tStrength: 75 micrograms",
				"Date filled: 18/11/2026\tPatient: Martin Pardoe\tItem: Wegovy FlexTouch pen\tStrength: 1mg/0.74ml",
			},
			patient: []string{"Glenys Pardoe", "Martin Pardoe"},
		},
		{
			name: "a photo turned too far to level is left as read",
			text: tilted(drawn(`
Date filled   Patient        Item
18/11/2026    Martin Pardoe  Wegovy FlexTouch pen`), 0.08),
			want:    []string{"Date filled", "Patient", "Item", "18/11/2026", "Martin Pardoe", "Wegovy FlexTouch pen"},
			patient: make([]string, 6),
		},
		{
			name: "a label's two columns are no table: no row of headings over dates",
			text: drawn(`
Patient: Jane Smith       Rx 3307715
Wegovy 2.4mg pen          Date filled: 03/11/2026
Qty: 4                    Greenfield Pharmacy`),
			want: []string{
				"Patient: Jane Smith", "Rx 3307715",
				"Wegovy 2.4mg pen", "Date filled: 03/11/2026",
				"Qty: 4", "Greenfield Pharmacy",
			},
			patient: make([]string, 6),
		},
		{
			name: "headings that name no date of a fill head no table",
			text: drawn(`
Item             Strength   Next refill
Wegovy pen       2.4 mg     03/12/2026`),
			want:    []string{"Item", "Strength", "Next refill", "Wegovy pen", "2.4 mg", "03/12/2026"},
			patient: make([]string, 6),
		},
		{
			name: "a letter's table whose dispensed cell goes on past its date, its cells wrapped",
			text: drawn(`
Medication     Strength and form        Dispensed
Zepbound       12.5 mg/0.5 mL single-   11/12/2026, Pinecrest
(tirzepatide)  dose pen, 4 pens         Pharmacy, Port Edwin
Ondansetron    4 mg tablets, 10         09/17/2026, Pinecrest
                                        Pharmacy, Port Edwin
Please allow her to keep these medications with her.`),
			want: []string{
				"Medication: Zepbound (tirzepatide)\tStrength and form: 12.5 mg/0.5 mL single-dose pen, 4 pens\tDispensed: 11/12/2026, Pinecrest Pharmacy, Port Edwin",
				"Medication: Ondansetron\tStrength and form: 4 mg tablets, 10\tDispensed: 09/17/2026, Pinecrest Pharmacy, Port Edwin",
				"Please allow her to keep these medications with her.",
			},
			patient: make([]string, 3),
		},
		{
			name: "a heading of who dispensed heads no date: the rows are anchored on the date's",
			text: drawn(`
Pen                              Dispensed by          Dispensed
Mounjaro 5mg/0.6ml KwikPen       Northlight Pharmacy   30/10/2026
Mounjaro 2.5mg/0.6ml KwikPen     Northlight Pharmacy   29/09/2026`),
			want: []string{
				"Pen: Mounjaro 5mg/0.6ml KwikPen\tDispensed by: Northlight Pharmacy\tDispensed: 30/10/2026",
				"Pen: Mounjaro 2.5mg/0.6ml KwikPen\tDispensed by: Northlight Pharmacy\tDispensed: 29/09/2026",
			},
			patient: make([]string, 2),
		},
		{
			name: "an order number's heading gives way to the dispensed date's, written with a month's name",
			text: drawn(`
Order      Item                          Dispensed     Dispatched    Delivered
FH-20931   Mounjaro 7.5mg KwikPen x1     14 Nov 2026   15 Nov 2026   16 Nov 2026
FH-19876   Mounjaro 5mg KwikPen x1       17 Oct 2026   18 Oct 2026   19 Oct 2026`),
			want: []string{
				"Order: FH-20931\tItem: Mounjaro 7.5mg KwikPen x1\tDispensed: 14 Nov 2026\tDispatched: 15 Nov 2026\tDelivered: 16 Nov 2026",
				"Order: FH-19876\tItem: Mounjaro 5mg KwikPen x1\tDispensed: 17 Oct 2026\tDispatched: 18 Oct 2026\tDelivered: 19 Oct 2026",
			},
			patient: make([]string, 2),
		},
		{
			name: "a cell with words before its date is no row's date",
			text: drawn(`
Medication     Strength     Dispensed
Zepbound pen   12.5 mg      see 11/12/2026 note`),
			want:    []string{"Medication", "Strength", "Dispensed", "Zepbound pen", "12.5 mg", "see 11/12/2026 note"},
			patient: make([]string, 6),
		},
		{
			name: "lines whose words were not placed are left as read",
			text: textOf(1, "Date filled   Patient   Item", "03/11/2026   Jane Smith   Wegovy pen"),
			want: []string{"Date filled   Patient   Item", "03/11/2026   Jane Smith   Wegovy pen"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, rows := reflowTables(tc.text.Lines)
			if diff := cmp.Diff(tc.want, lineTexts(got)); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
			if tc.patient == nil {
				return
			}
			var patients []string
			for _, r := range rows {
				patients = append(patients, r.patient)
			}
			if diff := cmp.Diff(tc.patient, patients); diff != "" {
				t.Errorf("patient cells (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReflowedRowsKeepTheirPlace: a row's box is its cells' (where review
// shows it), on the page it was read on.
func TestReflowedRowsKeepTheirPlace(t *testing.T) {
	got, _ := reflowTables(drawn(`
Date filled   Item         Qty
03/11/2026    Wegovy pen   4`).Lines)
	if len(got) != 1 {
		t.Fatalf("got %q, want one row", lineTexts(got))
	}
	want := Box{Left: 0, Top: drawnPitch, Width: 28 * drawnWidth, Height: drawnHeight}
	if diff := cmp.Diff(want, got[0].Box, cmpopts.EquateApprox(0, 1e-9)); diff != "" || got[0].Page != 1 {
		t.Errorf("page %d, box (-want +got):\n%s", got[0].Page, diff)
	}
}

// BenchmarkVerifyHousehold verifies a household's dispensing history of 40
// fills, placed as a reader places it: the geometry's reading of its table
// (reflowTables, splitAtGutters) is in every verification's time.
func BenchmarkVerifyHousehold(b *testing.B) {
	var page strings.Builder
	page.WriteString("Harbourside Pharmacy: dispensing history (household)\n")
	page.WriteString("Date dispensed  Patient        Item                   Strength\n")
	for i := range 40 {
		who, item := "Glenys Pardoe", "Wegovy FlexTouch pen   1mg/0.74ml"
		if i%2 == 1 {
			who, item = "Martin Pardoe", "Levothyroxine tablets  75 micrograms"
		}
		fmt.Fprintf(&page, "%02d/%02d/2026      %s  %s\n", 1+i%28, 1+i%11, who, item)
	}
	text := drawn(page.String())
	exp := Expected{PatientKnown: true, Forename: "Glenys", Surname: "Pardoe", MedicationName: "Wegovy", MedicationDosage: "1 mg"}
	pol := Policy{Now: testNow, Market: "uk"}
	b.ReportAllocs()
	for b.Loop() {
		Verify(text, exp, pol)
	}
}
