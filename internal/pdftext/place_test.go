package pdftext

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ledongthuc/pdf"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/testing/corpus"
	"github.com/clinicplatform/intake/internal/testing/wordbox"
)

// TestReadPlacesWords: every word read from a text layer lies where
// poppler draws it: the centres agree within 1% of the page, for the
// standard 14 fonts, an embedded font with a ToUnicode map, and the sample
// label.
func TestReadPlacesWords(t *testing.T) {
	sample, err := corpus.Sample(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	kerned := rawPDF(`BT /F1 1 Tf 12 0 0 12 72 700 Tm [(W)120(egovy)-300(2.4)( mg)] TJ ET
BT /F1 12 Tf 72 680 Td 2 Tw (Patient:  Dana Whitcombe) Tj ET`, "")
	for _, tt := range []struct {
		name string
		pdf  []byte
	}{
		{"sample label", sample.File},
		{"Helvetica", labelPDF(t, false, []textAt{{20, 20, "RIVERSIDE COMMUNITY PHARMACY"}, {20, 38, "Rx# 6023417    Filled: 03/04/2026"}})},
		{"embedded font", labelPDF(t, true, []textAt{{20, 20, "Saxenda 6 mg/ml solution — 3 × 3 ml"}, {120, 60, "Ms Jo Fictional"}})},
		{"kerning and word spacing", kerned},
		{"a page turned 270 degrees, its content turned back, its box off the origin", turnedPDF(270)},
		{"a page turned 90 degrees, its content turned back", turnedPDF(90)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text, err := Reader{}.Read(context.Background(), evidence.Document{Body: tt.pdf, MediaType: "application/pdf"})
			if err != nil {
				t.Fatal(err)
			}
			want := wordbox.Poppler(t, tt.pdf, 1)
			matched := 0
			for _, l := range text.Lines {
				if l.Page != 1 || l.Box.IsZero() {
					t.Errorf("line %q: page %d, box %+v; want page 1 and a box", l.Text, l.Page, l.Box)
				}
				for _, w := range l.Words {
					if !inside(w.Box, l.Box) {
						t.Errorf("word %q (%+v) outside its line's box %+v", w.Text, w.Box, l.Box)
					}
					best, ok := wordbox.Nearest(want, w.Text, w.Box)
					if !ok {
						continue // poppler split or joined it otherwise
					}
					matched++
					if best > 0.01 {
						t.Errorf("word %q at %+v: %.3f of the page from where poppler has it", w.Text, w.Box, best)
					}
				}
			}
			if matched*10 < len(want)*9 {
				t.Errorf("only %d of poppler's %d words matched by text", matched, len(want))
			}
		})
	}
}

func inside(in, out evidence.Box) bool {
	const slack = 1e-9
	return in.Left >= out.Left-slack && in.Top >= out.Top-slack &&
		in.Left+in.Width <= out.Left+out.Width+slack && in.Top+in.Height <= out.Top+out.Height+slack
}

// TestPlacementTurnsWithThePage: a page's /Rotate turns where its text
// lies as a viewer (and pdftoppm) shows it; the MediaBox, not the CropBox,
// is the page.
func TestPlacementTurnsWithThePage(t *testing.T) {
	// A 600 x 800 page; the text's box is 100..200 across, 700..750 up.
	text := rect{100, 700, 200, 750}
	tests := []struct {
		attrs string
		want  evidence.Box
	}{
		{"/MediaBox [0 0 600 800]", evidence.Box{Left: 1.0 / 6, Top: 50.0 / 800, Width: 1.0 / 6, Height: 50.0 / 800}},
		{"/MediaBox [0 0 600 800] /CropBox [50 50 550 750]", evidence.Box{Left: 1.0 / 6, Top: 50.0 / 800, Width: 1.0 / 6, Height: 50.0 / 800}},
		// Turned a quarter clockwise, the page's top runs down its right side.
		{"/MediaBox [0 0 600 800] /Rotate 90", evidence.Box{Left: 1 - 100.0/800, Top: 1.0 / 6, Width: 50.0 / 800, Height: 1.0 / 6}},
		{"/MediaBox [0 0 600 800] /Rotate 180", evidence.Box{Left: 4.0 / 6, Top: 1 - 100.0/800, Width: 1.0 / 6, Height: 50.0 / 800}},
		{"/MediaBox [0 0 600 800] /Rotate -90", evidence.Box{Left: 50.0 / 800, Top: 4.0 / 6, Width: 50.0 / 800, Height: 1.0 / 6}},
	}
	for _, tt := range tests {
		t.Run(tt.attrs, func(t *testing.T) {
			text2 := rawPage{pageAttrs: tt.attrs, content: "BT /F1 12 Tf 100 700 Td (x) Tj ET"}.pdf()
			rd, err := pdfPage(text2)
			if err != nil {
				t.Fatal(err)
			}
			got := pagePlacement(rd).place(text)
			if !near(got, tt.want) {
				t.Errorf("place = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func near(a, b evidence.Box) bool {
	const e = 1e-9
	return math.Abs(a.Left-b.Left) < e && math.Abs(a.Top-b.Top) < e && math.Abs(a.Width-b.Width) < e && math.Abs(a.Height-b.Height) < e
}

// pdfPage is the first page of a PDF.
func pdfPage(body []byte) (pdf.Value, error) {
	rd, err := pdf.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		return pdf.Value{}, err
	}
	return rd.Page(1).V, nil
}

// TestPlaceRefusesWhatIsNotANumber: a hostile matrix makes infinities, and
// a record cannot keep NaN: such a box is left out.
func TestPlaceRefusesWhatIsNotANumber(t *testing.T) {
	p := placement{media: letter}
	for _, r := range []rect{{math.Inf(-1), 0, 10, 10}, {0, 0, math.NaN(), 10}, {0, math.Inf(1), 10, math.Inf(1)}} {
		if b := p.place(r); !b.IsZero() {
			t.Errorf("place(%v) = %+v, want no box", r, b)
		}
	}
	text, err := Reader{}.Read(context.Background(), evidence.Document{MediaType: "application/pdf",
		Body: rawPDF("q 1e300 0 0 1e300 0 0 cm 1e300 0 0 1e300 0 0 cm BT /F1 12 Tf 0 0 Td (Far) Tj ET Q BT /F1 12 Tf 72 700 Td (Near) Tj ET", "")})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range text.Lines {
		if math.IsNaN(l.Box.Left+l.Box.Top+l.Box.Width+l.Box.Height) || l.Box.Left+l.Box.Width > 1 {
			t.Errorf("line %q placed at %+v", l.Text, l.Box)
		}
	}
}

// turnedLines are what turnedPDF's page shows, top to bottom.
var turnedLines = []string{"Medicines Reconciliation Record", "Patient: Dana Whitcombe DOB: 02/07/1961",
	"Wegovy 2.4 mg FlexTouch pen weekly", "Last fill 16/11/2026 Westgate Pharmacy"}

// turnedPDF is a page turned by /Rotate (90 or 270) whose content is drawn
// turned back, so that it shows upright, as imposition tools write it
// (unseen190's pdfoddboxes): in default user space its text runs up or
// down the page. The 270-degree page's MediaBox is off the origin. With
// rotate 0 the same content shows sideways (unseen170's pdfsideways).
func turnedPDF(rotate int) []byte {
	var content strings.Builder
	// Text placed in the page as shown (612 wide, 792 high, y up), mapped
	// into user space by cm.
	cm, attrs := "0 1 -1 0 792 0 cm", "/MediaBox [0 0 792 612] /Rotate 90"
	switch rotate {
	case 270:
		cm, attrs = "0 -1 1 0 -300 212 cm", "/MediaBox [-300 -400 492 212] /Rotate 270"
	case 0:
		// Not turned back: the portrait page lies sideways, its text
		// running up the landscape page.
		attrs = "/MediaBox [0 0 792 612]"
	case -1:
		// The same page upright, for comparison (BenchmarkRead).
		cm, attrs = "1 0 0 1 0 0 cm", "/MediaBox [0 0 612 792]"
	}
	content.WriteString("q " + cm + "\n")
	for i, l := range turnedLines {
		fmt.Fprintf(&content, "BT /F1 12 Tf 72 %d Td (%s) Tj ET\n", 700-24*i, l)
	}
	content.WriteString("Q")
	return rawPage{content: content.String(), pageAttrs: attrs}.pdf()
}

// TestReadTurnedPage: a page turned by /Rotate with its content turned
// back reads as it shows, line by line (before, its text running down
// user space was cut into columns of letters); a portrait page drawn
// sideways on a landscape one (rotate 0 here) reads turned a quarter
// clockwise, its boxes in the frame it was read in, top line on top.
func TestReadTurnedPage(t *testing.T) {
	for _, tt := range []struct {
		rotate, turns int
	}{{90, 0}, {270, 0}, {0, 1}} {
		text, err := Reader{}.Read(context.Background(), evidence.Document{Body: turnedPDF(tt.rotate), MediaType: "application/pdf"})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range text.Lines {
			got = append(got, l.Text)
		}
		if !slices.Equal(got, turnedLines) {
			t.Errorf("rotate %d: read %q, want %q", tt.rotate, got, turnedLines)
			continue
		}
		if len(text.Pages) != 1 || text.Pages[0].Turns != tt.turns {
			t.Errorf("rotate %d: pages %+v, want one turned %d", tt.rotate, text.Pages, tt.turns)
		}
		first, last := text.Lines[0].Box, text.Lines[len(text.Lines)-1].Box
		if first.Width <= first.Height || first.Top >= last.Top {
			t.Errorf("rotate %d: first line's box %+v, last's %+v; want wide boxes, the first above", tt.rotate, first, last)
		}
	}
}
