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
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/go-pdf/fpdf"
	"github.com/google/go-cmp/cmp"
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
			if diff := cmp.Diff(tt.want, got.Lines); diff != "" {
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
		{name: "broken xref", body: bytes.Replace(good, []byte("xref"), []byte("xxxx"), 1)},
		{name: "image media type", body: good, mediaType: "image/png"},
		{name: "decompression bomb", body: flatePDF(t, bytes.Repeat([]byte("0 "), 20<<20))},
		{name: "operator flood", body: flatePDF(t, bytes.Repeat([]byte("q Q "), 1_100_000))},
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
	if diff := cmp.Diff(want, got.Lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

// rawPDF builds a one-page PDF whose font F1 has a width table (every glyph
// 500/1000 em) and whose form XObject Fm1 holds form.
func rawPDF(content, form string) []byte {
	return rawPDFWithStream(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content)+1, content), form)
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
	return rawPDFWithStream(fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes()), "")
}

func rawPDFWithStream(contentObj, form string) []byte {
	widths := bytes.Repeat([]byte("500 "), 95)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >> >> >>",
		contentObj,
		fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /FirstChar 32 /LastChar 126 /Widths [%s] >>", widths),
		fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 300 50] /Resources << /Font << /F1 5 0 R >> >> /Length %d >>\nstream\n%s\nendstream", len(form)+1, form),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
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
			if diff := cmp.Diff(tt.want, layoutLines(tt.frags)); diff != "" {
				t.Errorf("layoutLines (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzRead checks that no input makes Read panic or return lines with an error.
func FuzzRead(f *testing.F) {
	f.Add(rawPDF(`BT /F1 12 Tf 72 700 Td (Wegovy) Tj ET`, `BT /F1 10 Tf (x) Tj ET`))
	f.Add([]byte("%PDF-1.4\n%%EOF\n"))
	f.Fuzz(func(t *testing.T, body []byte) {
		got, err := Reader{}.Read(context.Background(), evidence.Document{Body: body, MediaType: "application/pdf"})
		if err != nil && len(got.Lines) != 0 {
			t.Fatalf("lines with error %v", err)
		}
		if err != nil && !errors.Is(err, evidence.ErrUnreadable) {
			t.Fatalf("error %v does not wrap ErrUnreadable", err)
		}
	})
}
