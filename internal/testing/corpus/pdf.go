package corpus

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"time"

	"github.com/go-pdf/fpdf"
)

// fixedDate keeps PDF metadata, and so the bytes, the same on every run.
var fixedDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func newPDF() *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 100, Ht: 100}})
	pdf.SetCreationDate(fixedDate)
	pdf.SetModificationDate(fixedDate)
	pdf.SetCatalogSort(true)
	pdf.SetProducer("clinic intake corpus", false)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	return pdf
}

// renderPDF draws the pages with the PDF core fonts (Helvetica, Times,
// Courier), so the file has a real text layer in Windows-1252.
func renderPDF(pages []page) ([]byte, error) {
	pdf := newPDF()
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	setFont := func(s style) {
		family, styleStr := "Helvetica", ""
		switch {
		case s.mono:
			family = "Courier"
		case s.serif:
			family = "Times"
		}
		if s.bold {
			styleStr = "B"
		}
		pdf.SetFont(family, styleStr, s.size)
		pdf.SetTextColor(int(s.ink.R), int(s.ink.G), int(s.ink.B))
	}
	for _, p := range pages {
		o := p.layout()
		if err := o.checkFit(func(t textOp) float64 {
			setFont(t.style)
			return pdf.GetStringWidth(tr(t.text))
		}); err != nil {
			return nil, fmt.Errorf("pdf layout: %w", err)
		}
		pdf.AddPageFormat("P", fpdf.SizeType{Wd: p.width, Ht: o.height})
		var turned *rotation
		turn := func(r *rotation) {
			if r == turned {
				return
			}
			if turned != nil {
				pdf.TransformEnd()
			}
			if r != nil {
				pdf.TransformBegin()
				pdf.TransformRotate(r.angle, r.cx, r.cy)
			}
			turned = r
		}
		for _, l := range o.lines {
			pdf.SetDrawColor(int(l.ink.R), int(l.ink.G), int(l.ink.B))
			pdf.SetLineWidth(0.8)
			pdf.Line(l.x1, l.y1, l.x2, l.y2)
		}
		for _, r := range o.rects {
			turn(r.rot)
			pdf.SetDrawColor(int(r.ink.R), int(r.ink.G), int(r.ink.B))
			pdf.SetLineWidth(1.4)
			pdf.Rect(r.x, r.y, r.w, r.h, "D")
		}
		for _, t := range o.texts {
			turn(t.rot)
			setFont(t.style)
			s := tr(t.text)
			x := t.x
			if t.right {
				x -= pdf.GetStringWidth(s)
			}
			pdf.Text(x, t.baseline, s)
		}
		turn(nil)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("write pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// scannedPDF wraps page scans in a PDF with no text layer, one image per
// page, each page the size of its paper (widths in points).
func scannedPDF(scans []image.Image, widths []float64) ([]byte, error) {
	pdf := newPDF()
	for i, img := range scans {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 75}); err != nil {
			return nil, fmt.Errorf("encode scan: %w", err)
		}
		b := img.Bounds()
		w := widths[i]
		h := w * float64(b.Dy()) / float64(b.Dx())
		pdf.AddPageFormat("P", fpdf.SizeType{Wd: w, Ht: h})
		name := fmt.Sprintf("scan%d", i)
		opts := fpdf.ImageOptions{ImageType: "JPG"}
		pdf.RegisterImageOptionsReader(name, opts, &buf)
		pdf.ImageOptions(name, 0, 0, w, h, false, opts, 0, "")
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("write scanned pdf: %w", err)
	}
	return out.Bytes(), nil
}
