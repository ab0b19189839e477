package pdftext

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/testing/hostile"
	"github.com/go-pdf/fpdf"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"golang.org/x/image/font/gofont/goregular"
)

// textAt is one string placed on a page, in millimetres from the top left.
type textAt struct {
	x, y float64
	s    string
}

// labelPDF renders pages of text with fpdf. utf8 selects an embedded TrueType
// font (Type0 with a ToUnicode map) instead of the standard Helvetica.
func labelPDF(t *testing.T, utf8 bool, pages ...[]textAt) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "A4", "")
	f.SetAutoPageBreak(false, 0)
	family := "Helvetica"
	if utf8 {
		f.AddUTF8FontFromBytes("goregular", "", goregular.TTF)
		family = "goregular"
	}
	for _, page := range pages {
		f.AddPage()
		f.SetFont(family, "", 11)
		for _, ta := range page {
			f.Text(ta.x, ta.y, ta.s)
		}
	}
	return output(t, f)
}

func output(t *testing.T, f *fpdf.Fpdf) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatalf("render PDF: %v", err)
	}
	return buf.Bytes()
}

func lines(ss ...string) []evidence.Line {
	out := make([]evidence.Line, len(ss))
	for i, s := range ss {
		out[i] = evidence.Line{Text: s, Confidence: 1}
	}
	return out
}

// placeless compares lines by text and confidence: where they lie is
// TestReadPlacesWords'.
var placeless = cmpopts.IgnoreFields(evidence.Line{}, "Words", "Page", "Box")

func TestReadLabels(t *testing.T) {
	usLabel := []textAt{
		{20, 20, "RIVERSIDE COMMUNITY PHARMACY"},
		{20, 26, "120 Elm Street, Springfield, IL 62701"},
		{20, 38, "Rx# 6023417"},
		{20, 44, "ALEX TESTPATIENT"},
		{20, 50, "WEGOVY 2.4 MG/0.75 ML PEN"},
		{20, 56, "Inject 2.4 mg under the skin once weekly"},
		{20, 68, "Filled: 03/04/2026"},
	}
	// Written out of reading order: the reader sorts by position, not by stream.
	twoColumns := []textAt{
		{110, 20, "Date dispensed: 12/03/2026"},
		{20, 20, "Patient: Sam Example"},
		{110, 27, "Qty: 4 pens"},
		{20, 27, "Mounjaro 5 mg"},
		{20, 34, "Keep in a fridge"},
	}
	ukLabel := []textAt{
		{15, 15, "Highfield Pharmacy, 4 Mill Lane, Leeds LS1 4AB"},
		{15, 22, "Ms Jo Fictional"},
		{15, 29, "Saxenda 6 mg/ml solution for injection — 3 × 3 ml"},
		{15, 36, "Dose: 0.6 mg daily; £0.00 paid"},
		{120, 36, "21/11/2026"},
	}

	tests := []struct {
		name string
		body []byte
		max  int
		want []evidence.Line
	}{
		{
			name: "US label, standard font",
			body: labelPDF(t, false, usLabel),
			want: lines(
				"RIVERSIDE COMMUNITY PHARMACY",
				"120 Elm Street, Springfield, IL 62701",
				"Rx# 6023417",
				"ALEX TESTPATIENT",
				"WEGOVY 2.4 MG/0.75 ML PEN",
				"Inject 2.4 mg under the skin once weekly",
				"Filled: 03/04/2026",
			),
		},
		{
			name: "two columns become separate lines, row by row",
			body: labelPDF(t, false, twoColumns),
			want: lines(
				"Patient: Sam Example",
				"Date dispensed: 12/03/2026",
				"Mounjaro 5 mg",
				"Qty: 4 pens",
				"Keep in a fridge",
			),
		},
		{
			name: "UK label, embedded UTF-8 font",
			body: labelPDF(t, true, ukLabel),
			want: lines(
				"Highfield Pharmacy, 4 Mill Lane, Leeds LS1 4AB",
				"Ms Jo Fictional",
				"Saxenda 6 mg/ml solution for injection — 3 × 3 ml",
				"Dose: 0.6 mg daily; £0.00 paid",
				"21/11/2026",
			),
		},
		{
			name: "pages in order, stopping at MaxPages",
			body: labelPDF(t, false,
				[]textAt{{20, 20, "page one"}},
				[]textAt{{20, 20, "page two"}},
				[]textAt{{20, 20, "page three"}},
			),
			max:  2,
			want: lines("page one", "page two"),
		},
		{
			name: "image only, no text layer",
			body: imageOnlyPDF(t),
			want: nil,
		},
		{
			name: "invisible text as fpdf writes it",
			body: func() []byte {
				f := fpdf.New("P", "mm", "A4", "")
				f.AddPage()
				f.SetFont("Helvetica", "", 11)
				f.Text(20, 20, "Shown")
				f.SetTextRenderingMode(3)
				f.Text(20, 30, "Patient: Dana Whitcombe")
				f.SetTextRenderingMode(0)
				f.Text(20, 40, "Shown again")
				return output(t, f)
			}(),
			want: lines("Shown", "Shown again"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Reader{MaxPages: tt.max}.Read(context.Background(), evidence.Document{Body: tt.body, MediaType: "application/pdf"})
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if got.Source != "pdf-text" {
				t.Errorf("Source = %q, want pdf-text", got.Source)
			}
			if diff := cmp.Diff(tt.want, got.Lines, placeless); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
		})
	}
}

// imageOnlyPDF is a scan-like PDF: one page holding a picture and no text.
func imageOnlyPDF(t *testing.T) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 60, 20))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for x := 5; x < 55; x++ {
		img.SetGray(x, 10, color.Gray{})
	}
	var pngBuf bytes.Buffer
	if err := png.Encode(&pngBuf, img); err != nil {
		t.Fatal(err)
	}
	f := fpdf.New("P", "mm", "A4", "")
	f.AddPage()
	f.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, &pngBuf)
	f.ImageOptions("scan", 20, 20, 120, 40, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	return output(t, f)
}

func TestReadUnreadable(t *testing.T) {
	good := labelPDF(t, false, []textAt{{20, 20, "Wegovy 1 mg"}})
	protected := func(user, owner string) []byte {
		f := fpdf.New("P", "mm", "A4", "")
		f.SetProtection(fpdf.CnProtectPrint, user, owner)
		f.AddPage()
		f.SetFont("Helvetica", "", 11)
		f.Text(20, 20, "Wegovy 1 mg")
		return output(t, f)
	}
	tests := []struct {
		name      string
		body      []byte
		mediaType string
	}{
		{name: "empty", body: nil},
		{name: "not a PDF", body: []byte("GIF89a this is not a pdf at all")},
		{name: "truncated", body: good[:len(good)/2]},
		{name: "garbage after a PDF header", body: append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte{0x8f, 0x00, 0x13}, 300)...)},
		{name: "user password required", body: protected("secret-user", "secret-owner")},
		{name: "encrypted, owner password only", body: protected("", "secret-owner")},
		// A broken table is rebuilt from the objects (TestDamagedFiles),
		// unless nothing names the document's catalogue.
		{name: "broken xref, no catalogue", body: []byte(strings.NewReplacer("xref", "xxxx", "/Root", "/Rxxx", "/Catalog", "/Cxxxxxx").Replace(string(good)))},
		{name: "image media type", body: good, mediaType: "image/png"},
		{name: "decompression bomb", body: flatePDF(t, bytes.Repeat([]byte("0 "), 20<<20))},
		{name: "operator flood", body: flatePDF(t, bytes.Repeat([]byte("q Q "), 1_100_000))},
		{name: "text under too many images", body: flatePDF(t, slices.Concat(
			[]byte("BT /F1 12 Tf 10 10 Td "), bytes.Repeat([]byte("(x) Tj 0 0 Td "), 100_000), []byte("ET "),
			bytes.Repeat([]byte("q 600 0 0 800 0 0 cm /Im1 Do Q "), 256)))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mt := tt.mediaType
			if mt == "" {
				mt = "application/pdf"
			}
			got, err := Reader{}.Read(context.Background(), evidence.Document{Body: tt.body, MediaType: mt})
			if !errors.Is(err, evidence.ErrUnreadable) {
				t.Fatalf("Read error = %v, want one wrapping evidence.ErrUnreadable", err)

			}
			if len(got.Lines) != 0 {
				t.Errorf("Read returned %d lines with an error", len(got.Lines))
			}
		})
	}
}

// A hand-written content stream in the style of browser and office
// producers: Tm placement, TJ kerning and word spacing, fake bold, and text
// in a form XObject.
func TestReadContentStream(t *testing.T) {
	content := `BT /F1 1 Tf 12 0 0 12 72 700 Tm [(W)120(egovy)-300(2.4)( mg)] TJ ET
BT /F1 12 Tf 72 680 Td (Jane) Tj ET
BT /F1 12 Tf 72.3 680 Td (Jane) Tj ET
BT /F1 12 Tf 1 0 0 1 110 680 Tm (Doe) Tj ET
q 1 0 0 1 72 600 cm /Fm1 Do Q`
	form := `BT /F1 10 Tf 0 0 Td (Form text) Tj ET`
	body := rawPDF(content, form)
	got, err := Reader{}.Read(context.Background(), evidence.Document{Body: body, MediaType: "application/pdf"})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	want := lines("Wegovy 2.4 mg", "Jane Doe", "Form text")
	if diff := cmp.Diff(want, got.Lines, placeless); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

// TestOutlinedLetters: letters drawn as filled curves (a page's text turned
// into outlines) are counted, a ruled box's rectangles and a stroked curve
// are not (round 29, unseen156's pdfcurves).
func TestOutlinedLetters(t *testing.T) {
	glyph := "72 700 m 80 720 90 720 98 700 c 90 690 80 690 72 700 c f\n"
	content := strings.Repeat(glyph, 5) + "10 10 100 20 re f\n10 10 m 20 30 40 30 50 10 c S\n" + "BT /F1 12 Tf 72 650 Td (Header) Tj ET"
	layer, err := Reader{}.ReadLayer(context.Background(), evidence.Document{Body: rawPDF(content, ""), MediaType: "application/pdf"})
	if err != nil {
		t.Fatalf("ReadLayer: %v", err)
	}
	if layer.Outlines != 5 {
		t.Errorf("Outlines = %d, want 5", layer.Outlines)
	}
}

// rawPDF builds a one-page PDF whose font F1 has a width table (every glyph
// 500/1000 em) and whose form XObject Fm1 holds form.
func rawPDF(content, form string) []byte {
	return rawPage{content: content, form: form}.pdf()
}

// flatePDF is rawPDF with a Flate-compressed content stream.
func flatePDF(t *testing.T, content []byte) []byte {
	t.Helper()
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	if _, err := zw.Write(content); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return rawPage{contentObj: fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes())}.pdf()
}

// rawPage is a hand-written one-page PDF. Its resources are the font F1
// (every glyph 500/1000 em), the form XObject Fm1 (BBox 0 0 300 50, holding
// form), the opaque 1×1 image Im1, the image Im2 with a soft mask, and the
// ExtGStates GSa (fill alpha 0.5), GSz (fill alpha 0), GSs (stroke alpha 0)
// and GSo (fill alpha 1).
type rawPage struct {
	content    string
	contentObj string // the content stream object, instead of content
	form       string
	// pageAttrs are the page's box entries ("/MediaBox [0 0 612 792]" when
	// empty); pagesAttrs go on the parent Pages node, for the page to inherit.
	pageAttrs, pagesAttrs string
}

func (p rawPage) pdf() []byte {
	if p.contentObj == "" {
		p.contentObj = fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(p.content)+1, p.content)
	}
	if p.pageAttrs == "" && p.pagesAttrs == "" {
		p.pageAttrs = "/MediaBox [0 0 612 792]"
	}
	widths := bytes.Repeat([]byte("500 "), 95)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [3 0 R] /Count 1 %s >>", p.pagesAttrs),
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R %s /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R /Im1 7 0 R /Im2 8 0 R >> /ExtGState << /GSa << /ca 0.5 >> /GSz << /ca 0 >> /GSs << /CA 0 >> /GSo << /ca 1 >> >> >> >>", p.pageAttrs),
		p.contentObj,
		fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /FirstChar 32 /LastChar 126 /Widths [%s] >>", widths),
		fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 300 50] /Resources << /Font << /F1 5 0 R >> >> /Length %d >>\nstream\n%s\nendstream", len(p.form)+1, p.form),
		"<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\x80\nendstream",
		"<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /SMask 7 0 R /Length 1 >>\nstream\n\x80\nendstream",
	}
	return hostile.PDFFile(objs)
}

// TestReadHiddenText: text no reader of the page sees is not read.
func TestReadHiddenText(t *testing.T) {
	// at shows s with F1 at 12 pt from (x, y).
	at := func(x, y int, s string) string { return fmt.Sprintf("BT /F1 12 Tf %d %d Td (%s) Tj ET\n", x, y, s) }
	tests := []struct {
		name       string
		page       rawPage
		want       []string
		wantHidden int
		// wantCovered: painted over or white on white (Layer.Covered).
		wantCovered int
	}{
		{name: "ordinary text", page: rawPage{content: at(72, 700, "Shown")}, want: []string{"Shown"}},
		{
			name:       "render mode 3 is invisible",
			page:       rawPage{content: at(72, 700, "Shown") + "BT /F1 12 Tf 3 Tr 72 680 Td (Hidden) Tj ET"},
			want:       []string{"Shown"},
			wantHidden: 1,
		},
		{
			name:       "render mode 7 only clips",
			page:       rawPage{content: "BT /F1 12 Tf 7 Tr 72 680 Td (Hidden) Tj ET"},
			wantHidden: 1,
		},
		{
			name:       "render mode outlives BT and ET",
			page:       rawPage{content: "3 Tr " + at(72, 700, "Hidden") + at(72, 680, "Also hidden")},
			wantHidden: 2,
		},
		{
			name:       "Q restores the render mode",
			page:       rawPage{content: "q 3 Tr " + at(72, 700, "Hidden") + "Q " + at(72, 680, "Shown")},
			want:       []string{"Shown"},
			wantHidden: 1,
		},
		{
			name:       "back to mode 0",
			page:       rawPage{content: "BT /F1 12 Tf 3 Tr 72 700 Td (Hidden) Tj 0 Tr 0 -20 Td (Shown) Tj ET"},
			want:       []string{"Shown"},
			wantHidden: 1,
		},
		{
			name: "stroked and filled modes are visible",
			page: rawPage{content: "BT /F1 12 Tf 1 Tr 72 700 Td (Stroked) Tj 2 Tr 0 -20 Td (Filled and stroked) Tj ET"},
			want: []string{"Stroked", "Filled and stroked"},
		},
		{
			// A browser prints "color: transparent" text so (issue 18).
			name:       "filled at alpha 0 is invisible",
			page:       rawPage{content: at(72, 700, "Shown") + "q /GSz gs " + at(72, 680, "Transparent") + "Q " + at(72, 660, "Shown again")},
			want:       []string{"Shown", "Shown again"},
			wantHidden: 1,
		},
		{
			name:       "alpha back to 1",
			page:       rawPage{content: "/GSz gs " + at(72, 700, "Transparent") + "/GSo gs " + at(72, 680, "Shown")},
			want:       []string{"Shown"},
			wantHidden: 1,
		},
		{
			name:       "stroked at alpha 0 is invisible, filled is not",
			page:       rawPage{content: "/GSs gs BT /F1 12 Tf 1 Tr 72 700 Td (Unstroked) Tj 0 Tr 0 -20 Td (Filled) Tj ET"},
			want:       []string{"Filled"},
			wantHidden: 1,
		},
		{
			name:       "text too small to see",
			page:       rawPage{content: at(72, 700, "Shown") + "BT /F1 0.75 Tf 72 680 Td (One pixel text) Tj ET"},
			want:       []string{"Shown"},
			wantHidden: 1,
		},
		{
			name: "small print is seen",
			page: rawPage{content: "BT /F1 5 Tf 72 680 Td (Keep out of reach of children) Tj ET"},
			want: []string{"Keep out of reach of children"},
		},
		{
			name:       "a form inherits the render mode",
			page:       rawPage{content: "q 3 Tr 1 0 0 1 72 600 cm /Fm1 Do Q", form: "BT /F1 10 Tf 0 0 Td (Form text) Tj ET"},
			wantHidden: 1,
		},
		{
			name:       "far outside the page",
			page:       rawPage{content: at(72, 700, "Shown") + at(5000, 5000, "Boots Pharmacy")},
			want:       []string{"Shown"},
			wantHidden: 1,
		},
		{
			name:       "left of and below the page",
			page:       rawPage{content: at(-400, 700, "Left") + at(72, -30, "Below")},
			wantHidden: 2,
		},
		{
			name:       "moved off the page by the CTM",
			page:       rawPage{content: "q 1 0 0 1 10000 0 cm " + at(72, 700, "Moved") + "Q"},
			wantHidden: 1,
		},
		{
			name:       "moved off the page by Tm",
			page:       rawPage{content: "BT /F1 12 Tf 1 0 0 1 700 400 Tm (Right) Tj ET"},
			wantHidden: 1,
		},
		{
			name:       "outside the CropBox, inside the MediaBox",
			page:       rawPage{content: at(72, 700, "Top half") + at(72, 100, "Bottom half"), pageAttrs: "/MediaBox [0 0 612 792] /CropBox [0 396 612 792]"},
			want:       []string{"Top half"},
			wantHidden: 1,
		},
		{
			name:       "CropBox inherited from the Pages node",
			page:       rawPage{content: at(72, 700, "Top half") + at(72, 100, "Bottom half"), pageAttrs: "/MediaBox [0 0 612 792]", pagesAttrs: "/CropBox [0 396 612 792]"},
			want:       []string{"Top half"},
			wantHidden: 1,
		},
		{
			name:       "MediaBox inherited from the Pages node",
			page:       rawPage{content: at(20, 150, "Inside") + at(300, 300, "Outside"), pagesAttrs: "/MediaBox [0 0 200 200]"},
			want:       []string{"Inside"},
			wantHidden: 1,
		},
		{
			name: "MediaBox corners in either order",
			page: rawPage{content: at(20, 150, "Inside"), pageAttrs: "/MediaBox [200 200 0 0]"},
			want: []string{"Inside"},
		},
		{
			name:       "clipped away by a rectangle",
			page:       rawPage{content: "q 0 0 100 100 re W n " + at(72, 700, "Clipped") + at(20, 50, "In the clip") + "Q " + at(72, 650, "Shown")},
			want:       []string{"Shown", "In the clip"},
			wantHidden: 1,
		},
		{
			name:       "clipped away by a path",
			page:       rawPage{content: "q 0 0 m 100 0 l 100 100 l h W* n " + at(300, 300, "Clipped") + "Q"},
			wantHidden: 1,
		},
		{
			name: "a path that is not a clip hides nothing",
			page: rawPage{content: "0 0 100 100 re f " + at(300, 300, "Shown")},
			want: []string{"Shown"},
		},
		{
			name:       "outside the form's bounding box",
			page:       rawPage{content: "q 1 0 0 1 72 600 cm /Fm1 Do Q", form: "BT /F1 10 Tf 0 10 Td (Form text) Tj 0 100 Td (Outside) Tj ET"},
			want:       []string{"Form text"},
			wantHidden: 1,
		},
		{
			name:       "text clip then text outside the glyphs",
			page:       rawPage{content: "q BT /F1 12 Tf 7 Tr 72 700 Td (Clip) Tj ET " + at(300, 300, "Clipped") + "Q " + at(72, 650, "Shown")},
			want:       []string{"Shown"},
			wantHidden: 2,
		},
		{
			name:       "under an opaque image drawn later",
			page:       rawPage{content: at(72, 700, "Covered") + "q 300 0 0 100 50 650 cm /Im1 Do Q " + at(72, 680, "On top") + at(72, 500, "Beside")},
			want:       []string{"On top", "Beside"},
			wantHidden: 1,
		},
		{
			name: "an image drawn first is a background",
			page: rawPage{content: "q 300 0 0 100 50 650 cm /Im1 Do Q " + at(72, 700, "On the background")},
			want: []string{"On the background"},
		},
		{
			name: "an image with a soft mask may show what is under it",
			page: rawPage{content: at(72, 700, "Under a mask") + "q 300 0 0 100 50 650 cm /Im2 Do Q"},
			want: []string{"Under a mask"},
		},
		{
			name: "an image drawn half transparent",
			page: rawPage{content: at(72, 700, "Under glass") + "q /GSa gs 300 0 0 100 50 650 cm /Im1 Do Q"},
			want: []string{"Under glass"},
		},
		{
			name: "an image covering part of a string does not hide it",
			page: rawPage{content: at(72, 700, "Half covered") + "q 40 0 0 100 50 650 cm /Im1 Do Q"},
			want: []string{"Half covered"},
		},
		// Round 30 (unseen159's pdfcovered: a superseded dose, an old
		// date, another patient's name painted over or written in white).
		{
			name:        "white text on the white page",
			page:        rawPage{content: at(72, 700, "Shown") + "1 g " + at(72, 680, "White") + "0 g " + at(72, 660, "Black again")},
			want:        []string{"Shown", "Black again"},
			wantCovered: 1,
		},
		{
			name:        "white text on a white box",
			page:        rawPage{content: "1 1 1 rg 60 670 300 40 re f " + at(72, 680, "White on white")},
			wantCovered: 1,
		},
		{
			name: "white text on a dark banner",
			page: rawPage{content: "0.1 0.2 0.6 rg 60 670 300 40 re f 1 1 1 rg " + at(72, 680, "Banner")},
			want: []string{"Banner"},
		},
		{
			name: "white text running past a dark bar's end",
			page: rawPage{content: "0.1 0.2 0.4 rg 0 670 150 40 re f 1 g " + at(72, 680, "Signed in as Philippa Grennan")},
			want: []string{"Signed in as Philippa Grennan"},
		},
		{
			name: "white text on a caption box of black at part alpha",
			page: rawPage{content: "q /GSa gs 0 g 60 670 300 40 re f Q 1 g " + at(72, 680, "Double-tap to open")},
			want: []string{"Double-tap to open"},
		},
		{
			name: "a patterned overlay hides nothing",
			page: rawPage{content: at(72, 700, "Faded") + "/Pattern cs /P1 scn 60 690 200 30 re f"},
			want: []string{"Faded"},
		},
		{
			name: "a white band across the middle of the words hides nothing",
			page: rawPage{content: at(72, 700, "Dead dots") + "1 g 60 703 200 4 re f"},
			want: []string{"Dead dots"},
		},
		{
			name: "white text on a shading",
			page: rawPage{content: "q 60 670 300 40 re W n /Sh1 sh Q 1 g " + at(72, 680, "On a gradient")},
			want: []string{"On a gradient"},
		},
		{
			name: "white text on a picture with a soft mask",
			page: rawPage{content: "q 300 0 0 100 50 650 cm /Im2 Do Q 1 g " + at(72, 700, "On a masked photo")},
			want: []string{"On a masked photo"},
		},
		{
			name: "white text on a faint white panel over a dark card",
			page: rawPage{content: "0.1 0.2 0.5 rg 50 600 400 200 re f q /GSa gs 1 g 60 670 300 40 re f Q 1 g " + at(72, 680, "Your plan")},
			want: []string{"Your plan"},
		},
		{
			name: "white letters on a ring round a white disc",
			page: rawPage{content: "0.4 0.1 0.2 rg 40 640 m 140 640 l 140 740 l 40 740 l h f 1 g 60 660 m 120 660 l 130 700 120 720 80 720 c h f 1 g " + at(62, 712, "AB")},
			want: []string{"AB"},
		},
		{
			name: "white text on a rounded button",
			page: rawPage{content: "0.2 0.4 0.2 rg 60 670 m 300 670 l 310 670 310 680 310 690 c 60 710 l h f 1 g " + at(72, 680, "Shipped")},
			want: []string{"Shipped"},
		},
		{
			name: "white text on a picture",
			page: rawPage{content: "q 300 0 0 100 50 650 cm /Im1 Do Q 1 g " + at(72, 700, "On the photo")},
			want: []string{"On the photo"},
		},
		{
			name: "white CMYK text on a patterned fill",
			page: rawPage{content: "/Pattern cs /P1 scn 60 670 300 40 re f 0 0 0 0 k " + at(72, 680, "On a pattern")},
			want: []string{"On a pattern"},
		},
		{
			name:        "a correction box drawn over the words",
			page:        rawPage{content: at(72, 700, "Old date") + "1 g 60 690 200 30 re f 0 g " + at(72, 700, "New date")},
			want:        []string{"New date"},
			wantCovered: 1,
		},
		{
			name:        "a redaction bar drawn over the words",
			page:        rawPage{content: at(72, 700, "Secret") + at(72, 680, "Open") + "0 0 0 rg 60 695 200 16 re f"},
			want:        []string{"Open"},
			wantCovered: 1,
		},
		{
			name: "a strike-through line hides nothing",
			page: rawPage{content: at(72, 700, "Struck") + "0 g 70 703 60 1 re f"},
			want: []string{"Struck"},
		},
		{
			name: "a box over part of the words hides nothing",
			page: rawPage{content: at(72, 700, "Partly boxed") + "1 g 60 690 30 30 re f"},
			want: []string{"Partly boxed"},
		},
		{
			name: "a half transparent highlight hides nothing",
			page: rawPage{content: at(72, 700, "Highlighted") + "q /GSa gs 1 1 0 rg 60 690 200 30 re f Q"},
			want: []string{"Highlighted"},
		},
		{
			name: "a background drawn first hides nothing",
			page: rawPage{content: "0.9 g 60 690 200 30 re f 0 g " + at(72, 700, "On grey")},
			want: []string{"On grey"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := evidence.Document{Body: tt.page.pdf(), MediaType: "application/pdf"}
			got, err := Reader{}.Read(context.Background(), doc)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			var gotLines []string
			for _, l := range got.Lines {
				gotLines = append(gotLines, l.Text)
			}
			if diff := cmp.Diff(tt.want, gotLines); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
			layer, err := Reader{}.ReadLayer(context.Background(), doc)
			if err != nil {
				t.Fatalf("ReadLayer: %v", err)
			}
			if layer.Hidden != tt.wantHidden || layer.Covered != tt.wantCovered {
				t.Errorf("Hidden, Covered = %d, %d, want %d, %d", layer.Hidden, layer.Covered, tt.wantHidden, tt.wantCovered)
			}
		})
	}
}

// The reviewer's case: a picture of a label with an invisible text layer
// that claims a whole dispensing label, and a pharmacy drawn off the page.
// Nothing of it may reach Verify as text a person could see.
func TestReadHiddenLabel(t *testing.T) {
	content := `q 500 0 0 300 50 400 cm /Im1 Do Q
BT /F1 11 Tf 3 Tr 72 680 Td (Patient: Dana Whitcombe) Tj 0 -14 Td (Wegovy 2.4 mg solution for injection) Tj
0 -14 Td (Dispensed: 12/11/2026) Tj ET
BT /F1 11 Tf 5000 5000 Td (Boots Pharmacy) Tj ET`
	doc := evidence.Document{Body: rawPDF(content, ""), MediaType: "application/pdf"}
	layer, err := Reader{}.ReadLayer(context.Background(), doc)
	if err != nil {
		t.Fatalf("ReadLayer: %v", err)
	}
	want := Layer{Text: evidence.Text{Source: Source, Pages: []evidence.Page{{}}}, Hidden: 4, Images: 1}
	if diff := cmp.Diff(want, layer, cmpopts.IgnoreFields(Layer{}, "Unseen")); diff != "" {
		t.Errorf("layer (-want +got):\n%s", diff)
	}
	// The invisible layer is kept apart, for docread to hold up against
	// what OCR reads on the image; the text off the page is not.
	var unseen []string
	for _, l := range layer.Unseen {
		unseen = append(unseen, l.Text)
	}
	if diff := cmp.Diff([]string{"Patient: Dana Whitcombe", "Wegovy 2.4 mg solution for injection", "Dispensed: 12/11/2026"}, unseen); diff != "" {
		t.Errorf("unseen lines (-want +got):\n%s", diff)
	}
	res := evidence.Verify(layer.Text, evidence.Expected{
		PatientKnown: true, Forename: "Dana", Surname: "Whitcombe", MedicationName: "Wegovy", MedicationDosage: "2.4 mg",
	}, evidence.Policy{Now: time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC), Market: "uk"})
	for name, r := range map[string]evidence.Rating{
		"patientName": res.Data.PatientName, "medicationName": res.Data.MedicationName,
		"medicationDosage": res.Data.MedicationDosage, "medicationDate": res.Data.MedicationDate,
		"pharmacyName": res.Data.PharmacyName,
	} {
		if r.Value == evidence.Valid {
			t.Errorf("%s rated valid from hidden text", name)
		}
	}
	if res.Success {
		t.Error("Verify succeeded on hidden text")
	}
}

func TestReadCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	body := labelPDF(t, false, []textAt{{20, 20, "Wegovy 1 mg"}})
	_, err := Reader{}.Read(ctx, evidence.Document{Body: body, MediaType: "application/pdf"})
	if !errors.Is(err, derrors.ErrUnavailable) || !errors.Is(err, context.Canceled) {
		t.Fatalf("Read error = %v, want one wrapping derrors.ErrUnavailable and context.Canceled", err)
	}
}

func TestLayoutLines(t *testing.T) {
	tests := []struct {
		name  string
		frags []fragment
		want  []string
	}{
		{name: "none", frags: nil, want: nil},
		{
			name: "touching fragments join without a space",
			frags: []fragment{
				{x: 10, endX: 20, y: 100, size: 10, text: "Sema"},
				{x: 20.5, endX: 40, y: 100, size: 10, text: "glutide"},
			},
			want: []string{"Semaglutide"},
		},
		{
			name: "a word gap becomes one space",
			frags: []fragment{
				{x: 10, endX: 20, y: 100, size: 10, text: "2.4"},
				{x: 23, endX: 30, y: 100, size: 10, text: "mg"},
			},
			want: []string{"2.4 mg"},
		},
		{
			name: "small baseline shift stays on the row",
			frags: []fragment{
				{x: 10, endX: 20, y: 100, size: 10, text: "Rx"},
				{x: 23, endX: 30, y: 102, size: 10, text: "42"},
				{x: 10, endX: 30, y: 85, size: 10, text: "next"},
			},
			want: []string{"Rx 42", "next"},
		},
		{
			name: "a wide gap splits the row",
			frags: []fragment{
				{x: 10, endX: 60, y: 100, size: 10, text: "Name: A Person"},
				{x: 200, endX: 260, y: 100, size: 10, text: "DOB: 01/01/1990"},
			},
			want: []string{"Name: A Person", "DOB: 01/01/1990"},
		},
		{
			name: "whitespace is collapsed and blank rows dropped",
			frags: []fragment{
				{x: 10, endX: 60, y: 100, size: 10, text: "  two   spaces  "},
				{x: 10, endX: 60, y: 80, size: 10, text: "   "},
			},
			want: []string{"two spaces"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, l := range layoutLines(tt.frags) {
				got = append(got, l.text)
				if len(l.boxes) != len(l.words) || strings.Join(l.words, " ") != l.text {
					t.Errorf("line %q has words %q and %d boxes", l.text, l.words, len(l.boxes))
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("layoutLines (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzRead checks that no input makes Read panic or return lines with an error.
func FuzzRead(f *testing.F) {
	f.Add(rawPDF(`BT /F1 12 Tf 72 700 Td (Wegovy) Tj ET`, `BT /F1 10 Tf (x) Tj ET`))
	f.Add([]byte("%PDF-1.4\n%%EOF\n"))
	// Issue 10's classes, small enough to mutate quickly; some just past a budget.
	f.Add(hostile.NestedArrays(maxNesting + 1))
	f.Add(hostile.NestedSaves(maxSaves + 1))
	f.Add(hostile.SelfDrawingForm(2))
	f.Add(hostile.RepeatedForm(maxForms + 1))
	f.Add(hostile.ManyOperators(1000))
	f.Add(hostile.FlateBomb(1 << 20)) // within budget: a bomb is its ratio
	f.Add(hostile.HugePDFImage(100_000, 100_000))
	f.Add(hostile.ManyPages(8))
	f.Add(hostile.XrefReach(100_000_000))
	f.Add(hostile.TrailerSize(100_000_000))
	f.Fuzz(func(t *testing.T, body []byte) {
		got, err := Reader{}.Read(context.Background(), evidence.Document{Body: body, MediaType: "application/pdf"})
		if err != nil && len(got.Lines) != 0 {
			t.Fatalf("lines with error %v", err)
		}
		// Boxes are kept with the record (DynamoDB takes no NaN): numbers on the page.
		for _, l := range got.Lines {
			for _, b := range append([]evidence.Box{l.Box}, boxesOf(l.Words)...) {
				for _, v := range []float64{b.Left, b.Top, b.Width, b.Height, b.Left + b.Width, b.Top + b.Height} {
					if !(v >= 0 && v <= 1) {
						t.Fatalf("line %q: box %+v is not on the page", l.Text, b)
					}
				}
			}
		}
		if err != nil && !errors.Is(err, evidence.ErrUnreadable) {
			t.Fatalf("error %v does not wrap ErrUnreadable", err)
		}
	})
}

func boxesOf(ws []evidence.Word) []evidence.Box {
	bs := make([]evidence.Box, len(ws))
	for i, w := range ws {
		bs[i] = w.Box
	}
	return bs
}
