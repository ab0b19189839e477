package pdftext

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

// TestReadHostile: every hostile PDF class ends fast as unreadable and over
// a named budget, never as a dependency failure or a panic.
func TestReadHostile(t *testing.T) {
	tests := []struct {
		class  string
		body   []byte
		budget string // "" when the document is read within budget
	}{
		{"nested-arrays", hostile.NestedArrays(12_000_000), budgetNesting},
		{"nested-saves", hostile.NestedSaves(1_500_000), budgetSaves},
		{"self-drawing-form", hostile.SelfDrawingForm(64), budgetFormDepth},
		{"repeated-form", hostile.RepeatedForm(100_000), budgetForms},
		{"self-drawing-form-once", hostile.SelfDrawingForm(1), budgetFormDepth},
		{"many-operators", hostile.ManyOperators(15_000_000), budgetOps},
		{"flate-bomb", hostile.FlateBomb(256 << 20), budgetStreamBytes},
		{"huge-pdf-image", hostile.HugePDFImage(100_000, 100_000), budgetImagePixels},
		{"many-pages", hostile.ManyPages(20_000), ""},
		{"xref-reach", hostile.XrefReach(100_000_000), budgetObjects},
		{"trailer-size", hostile.TrailerSize(100_000_000), budgetObjects},
		{"self-extending object stream", []byte("%PDF-1.5\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Extends 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\n"), budgetExtends},
	}
	for _, tt := range tests {
		t.Run(tt.class, func(t *testing.T) {
			start := time.Now()
			layer, err := Reader{}.ReadLayer(context.Background(), evidence.Document{Body: tt.body, MediaType: "application/pdf"})
			t.Logf("%s: %d bytes, %v, err %v", tt.class, len(tt.body), time.Since(start), err)
			if tt.budget == "" {
				if err != nil {
					t.Fatalf("ReadLayer: %v", err)
				}
				if len(layer.Text.Lines) != DefaultMaxPages {
					t.Errorf("read %d lines, want one from each of the first %d pages", len(layer.Text.Lines), DefaultMaxPages)
				}
				return
			}
			var b *derrors.Budget
			if !errors.As(err, &b) || b.Name != tt.budget || !errors.Is(err, evidence.ErrUnreadable) {
				t.Fatalf("ReadLayer error = %v, want over budget %s and unreadable", err, tt.budget)
			}
			if len(layer.Text.Lines) != 0 {
				t.Errorf("lines returned with an error: %d", len(layer.Text.Lines))
			}
		})
	}
}

// Inline image data is scanned as the parser reads it; random bytes, as a
// compressed image's are, do not trip the budget.
func TestReadInlineImageWithinBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		data := make([]byte, 64<<10)
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		content := "q 100 0 0 100 72 600 cm BI /W 256 /H 256 /BPC 8 /CS /G /F /Fl ID " + string(data) + " EI Q\nBT /F1 12 Tf 72 700 Td (Wegovy) Tj ET"
		_, err := Reader{}.Read(context.Background(), evidence.Document{Body: rawPDF(content, ""), MediaType: "application/pdf"})
		if errors.Is(err, derrors.ErrOverBudget) {
			t.Errorf("inline image %d: %v", i, err)
		}
	}
}
