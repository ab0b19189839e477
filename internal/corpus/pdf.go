package corpus

import (
	"bytes"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"
)

// fixedDate keeps PDF metadata, and so the bytes, the same on every run.
var fixedDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// renderPDF draws the page with the PDF core fonts (Helvetica, Courier),
// so the file has a real text layer in Windows-1252.
func renderPDF(p page) ([]byte, error) {
	o := p.layout()
	pdf := fpdf.NewCustom(&fpdf.InitType{
		UnitStr: "pt",
		Size:    fpdf.SizeType{Wd: p.width, Ht: o.height},
	})
	pdf.SetCreationDate(fixedDate)
	pdf.SetModificationDate(fixedDate)
	pdf.SetCatalogSort(true)
	pdf.SetProducer("clinic intake corpus", false)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.AddPage()
	tr := pdf.UnicodeTranslatorFromDescriptor("")

	setFont := func(s style) {
		family, styleStr := "Helvetica", ""
		if s.mono {
			family = "Courier"
		}
		if s.bold {
			styleStr = "B"
		}
		pdf.SetFont(family, styleStr, s.size)
		pdf.SetTextColor(int(s.ink.R), int(s.ink.G), int(s.ink.B))
	}
	if err := o.checkFit(func(t textOp) float64 {
		setFont(t.style)
		return pdf.GetStringWidth(tr(t.text))
	}); err != nil {
		return nil, fmt.Errorf("pdf layout: %w", err)
	}

	for _, l := range o.lines {
		pdf.SetDrawColor(int(l.ink.R), int(l.ink.G), int(l.ink.B))
		pdf.SetLineWidth(0.8)
		pdf.Line(l.x1, l.y1, l.x2, l.y2)
	}
	for _, r := range o.rects {
		pdf.SetDrawColor(int(r.ink.R), int(r.ink.G), int(r.ink.B))
		pdf.SetLineWidth(1.4)
		pdf.Rect(r.x, r.y, r.w, r.h, "D")
	}
	for _, t := range o.texts {
		setFont(t.style)
		s := tr(t.text)
		x := t.x
		if t.right {
			x -= pdf.GetStringWidth(s)
		}
		pdf.Text(x, t.baseline, s)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("write pdf: %w", err)
	}
	return buf.Bytes(), nil
}
