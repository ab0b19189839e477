package pdftext

import (
	"bytes"
	"context"
	"math"
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
