package pdftext

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// denseLetter is a five-page letter of 60 lines of 12 words a page.
func denseLetter(tb testing.TB) []byte {
	tb.Helper()
	f := fpdf.New("P", "pt", "A4", "")
	f.SetAutoPageBreak(false, 0)
	for p := range 5 {
		f.AddPage()
		f.SetFont("Helvetica", "", 9)
		for l := range 60 {
			f.Text(40, float64(40+12*l), fmt.Sprintf("Page %d line %d: Dana Whitcombe Zepbound 5 mg pen inject weekly, keep refrigerated", p+1, l+1))
		}
	}
	var dense bytes.Buffer
	if err := f.Output(&dense); err != nil {
		tb.Fatal(err)
	}
	return dense.Bytes()
}

// BenchmarkRead reads the sample label and a dense five-page letter (60
// lines of 12 words a page): what measuring and placing each word costs.
func BenchmarkRead(b *testing.B) {
	sample, err := corpus.Sample(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	if err != nil {
		b.Fatal(err)
	}
	for _, bb := range []struct {
		name string
		pdf  []byte
	}{{"sample label", sample.File}, {"dense letter", denseLetter(b)},
		// The same four lines upright, and on a page turned by /Rotate whose
		// text runs up user space: read twice (turn.go).
		{"upright page", turnedPDF(-1)}, {"turned page", turnedPDF(90)}} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (Reader{}).Read(context.Background(), evidence.Document{Body: bb.pdf, MediaType: "application/pdf"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
