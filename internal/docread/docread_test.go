package docread

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/pdftext"
	"github.com/google/go-cmp/cmp"
)

// fakeReader is a hand-written evidence.Reader.
type fakeReader struct {
	Fn func(ctx context.Context, doc evidence.Document) (evidence.Text, error)
}

func (f fakeReader) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	return f.Fn(ctx, doc)
}

// fakeLayerReader is a hand-written PDF reader that reports what it left out.
type fakeLayerReader struct {
	Fn func(ctx context.Context, doc evidence.Document) (pdftext.Layer, error)
}

func (f fakeLayerReader) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	layer, err := f.Fn(ctx, doc)
	return layer.Text, err
}

func (f fakeLayerReader) ReadLayer(ctx context.Context, doc evidence.Document) (pdftext.Layer, error) {
	return f.Fn(ctx, doc)
}

func text(source string, lines ...string) evidence.Text {
	t := evidence.Text{Source: source}
	for _, l := range lines {
		t.Lines = append(t.Lines, evidence.Line{Text: l, Confidence: 1})
	}
	return t
}

var (
	labelText = text("pdf-text", "RIVERSIDE COMMUNITY PHARMACY", "ALEX TESTPATIENT", "WEGOVY 2.4 MG")
	ocrText   = text("tesseract", "Highfield Pharmacy", "Ms Jo Fictional", "Mounjaro 5mg")
	noText    = text("pdf-text")
	soup      = text("pdf-text", "\u2022\u2023 12 \u25a0\u25a0 3/4 \u2022\u2022\u2022 ## 99 a", "Page 1")
	// A font's Unicode map shifted by seven letters (unseen145's
	// pdfnotounicode): letters, but no word of any page's.
	shifted = text("pdf-text", "Ovsspz{ly'Z{yll{'Wohythj", "Uv}ltily'9=3'979=", "Ohyypl{']vukyhjlr",
		"^l hyl ~yp{pun {v sl{ v| ruv~ {oh{ v|y wylzjypw{pvu mvy Vltwpj 8 tn")
	letter = text("pdf-text", "Hollister Street Pharmacy", "November 26, 2026", "Harriet Vondracek",
		"We are writing to let you know that your prescription for Ozempic 1 mg")
	errUnreadable = fmt.Errorf("malformed: %w", evidence.ErrUnreadable)
	errDown       = fmt.Errorf("engine crashed: %w", derrors.ErrUnavailable)
)

type result struct {
	text evidence.Text
	err  error
	// hidden, images and outlines are what a PDF reader reports with text.
	hidden, images, outlines int
}

func TestRead(t *testing.T) {
	tests := []struct {
		name      string
		mediaType string
		pdf       *result // nil: must not be called
		ocr       *result // nil: must not be called
		noOCR     bool
		want      evidence.Text
		wantErr   error
	}{
		{name: "PDF with a text layer", mediaType: "application/pdf", pdf: &result{text: labelText}, want: labelText},
		{name: "scanned PDF goes to OCR", mediaType: "application/pdf", pdf: &result{text: noText}, ocr: &result{text: ocrText}, want: ocrText},
		{name: "symbol soup goes to OCR", mediaType: "application/pdf", pdf: &result{text: soup}, ocr: &result{text: ocrText}, want: ocrText},
		{name: "letters but no words (a wrong Unicode map) go to OCR", mediaType: "application/pdf", pdf: &result{text: shifted}, ocr: &result{text: ocrText}, want: ocrText},
		{name: "a letter's words stay", mediaType: "application/pdf", pdf: &result{text: letter}, want: letter},
		{name: "PDF the parser refuses goes to OCR", mediaType: "application/pdf", pdf: &result{err: errUnreadable}, ocr: &result{text: ocrText}, want: ocrText},
		{name: "OCR finds nothing either: keep the thin text layer", mediaType: "application/pdf", pdf: &result{text: soup}, ocr: &result{text: text("tesseract")}, want: soup},
		{name: "OCR fails on a thin text layer: keep it", mediaType: "application/pdf", pdf: &result{text: soup}, ocr: &result{err: errUnreadable}, want: soup},
		{name: "both unreadable", mediaType: "application/pdf", pdf: &result{err: errUnreadable}, ocr: &result{err: errUnreadable}, wantErr: evidence.ErrUnreadable},
		{name: "blank scan", mediaType: "application/pdf", pdf: &result{text: noText}, ocr: &result{text: text("tesseract")}, want: text("tesseract")},
		{name: "PDF reader failing is not hidden", mediaType: "application/pdf", pdf: &result{err: errDown}, wantErr: derrors.ErrUnavailable},
		{name: "scanned PDF without OCR", mediaType: "application/pdf", pdf: &result{text: noText}, noOCR: true, wantErr: ErrNoOCR},
		{name: "thin text layer without OCR", mediaType: "application/pdf", pdf: &result{text: soup}, noOCR: true, want: soup},
		{name: "broken PDF without OCR", mediaType: "application/pdf", pdf: &result{err: errUnreadable}, noOCR: true, wantErr: evidence.ErrUnreadable},
		{name: "image goes to OCR", mediaType: "image/jpeg", ocr: &result{text: ocrText}, want: ocrText},
		{name: "OCR unavailable", mediaType: "image/png", ocr: &result{err: errDown}, wantErr: derrors.ErrUnavailable},
		{name: "image without OCR", mediaType: "image/png", noOCR: true, wantErr: ErrNoOCR},
		{name: "other media type", mediaType: "text/plain", wantErr: evidence.ErrUnreadable},

		// A text layer that hid text, or pages with images as well as text,
		// are read as the page looks.
		{name: "hidden text: OCR instead of the visible layer", mediaType: "application/pdf", pdf: &result{text: labelText, hidden: 2}, ocr: &result{text: ocrText}, want: ocrText},
		{name: "all text hidden (a scan's OCR layer)", mediaType: "application/pdf", pdf: &result{text: noText, hidden: 40, images: 1}, ocr: &result{text: ocrText}, want: ocrText},
		{name: "hidden text, OCR sees none: nothing", mediaType: "application/pdf", pdf: &result{text: labelText, hidden: 2}, ocr: &result{text: text("tesseract")}, want: text("tesseract")},
		{name: "hidden text, OCR cannot open the file: the visible layer", mediaType: "application/pdf", pdf: &result{text: labelText, hidden: 2}, ocr: &result{err: errUnreadable}, want: labelText},
		{name: "hidden text, nothing visible, OCR cannot open the file", mediaType: "application/pdf", pdf: &result{text: noText, hidden: 2}, ocr: &result{err: errUnreadable}, wantErr: evidence.ErrUnreadable},
		{name: "hidden text, OCR down: no verdict on the layer", mediaType: "application/pdf", pdf: &result{text: labelText, hidden: 2}, ocr: &result{err: errDown}, wantErr: derrors.ErrUnavailable},
		{name: "hidden text without OCR: the visible layer", mediaType: "application/pdf", pdf: &result{text: labelText, hidden: 2}, noOCR: true, want: labelText},
		{name: "images and text: OCR", mediaType: "application/pdf", pdf: &result{text: labelText, images: 1}, ocr: &result{text: ocrText}, want: ocrText},
		{name: "images and text, OCR cannot open the file: the layer", mediaType: "application/pdf", pdf: &result{text: labelText, images: 1}, ocr: &result{err: errUnreadable}, want: labelText},
		{name: "images and text without OCR: the layer", mediaType: "application/pdf", pdf: &result{text: labelText, images: 3}, noOCR: true, want: labelText},
		// Text turned into outlines but for a header left as text (round
		// 29, unseen156's pdfcurves): read as the page looks. A letter with
		// a vector logo keeps its layer.
		{name: "outlined text beside a header: OCR", mediaType: "application/pdf", pdf: &result{text: labelText, outlines: 700}, ocr: &result{text: ocrText}, want: ocrText},
		{name: "a logo's curves beside a page of text: the layer", mediaType: "application/pdf", pdf: &result{text: letter, outlines: 60}, want: letter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := func(name string, r *result) func(context.Context, evidence.Document) (evidence.Text, error) {
				return func(context.Context, evidence.Document) (evidence.Text, error) {
					if r == nil {
						t.Fatalf("%s reader called", name)
					}
					return r.text, r.err
				}
			}
			pdf := func(context.Context, evidence.Document) (pdftext.Layer, error) {
				if tt.pdf == nil {
					t.Fatal("PDF reader called")
				}
				return pdftext.Layer{Text: tt.pdf.text, Hidden: tt.pdf.hidden, Images: tt.pdf.images, Outlines: tt.pdf.outlines}, tt.pdf.err
			}
			l := Reader{PDF: fakeLayerReader{Fn: pdf}}
			if !tt.noOCR {
				l.OCR = fakeReader{Fn: fake("OCR", tt.ocr)}
			}
			got, err := l.Read(context.Background(), evidence.Document{Body: []byte("x"), MediaType: tt.mediaType, Key: "k"})
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("Read error = %v, want one wrapping %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("text (-want +got):\n%s", diff)
			}
		})
	}
}

// A PDF reader that reports nothing but text is trusted as before.
func TestReadPlainPDFReader(t *testing.T) {
	ocrCalled := false
	l := Reader{
		PDF: fakeReader{Fn: func(context.Context, evidence.Document) (evidence.Text, error) { return labelText, nil }},
		OCR: fakeReader{Fn: func(context.Context, evidence.Document) (evidence.Text, error) {
			ocrCalled = true
			return ocrText, nil
		}},
	}
	got, err := l.Read(context.Background(), evidence.Document{Body: []byte("x"), MediaType: "application/pdf"})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	if diff := cmp.Diff(labelText, got); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
	if ocrCalled {
		t.Error("OCR called for a text layer")
	}
}

func TestErrNoOCRIsUnreadable(t *testing.T) {
	if !errors.Is(ErrNoOCR, evidence.ErrUnreadable) {
		t.Fatal("ErrNoOCR does not wrap evidence.ErrUnreadable")
	}
}
