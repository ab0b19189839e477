//go:build unix

package review

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/testing/browser"
	"github.com/clinicplatform/intake/internal/testing/wordbox"
)

// TestE2EBoxesLieOverTheirWords: the review page of a two-page label,
// drawn in headless Chromium: each field found has one box, drawn in its
// verdict's colour over the words it names (centres within 1% of the page
// of where poppler has those words), the page with no finding has none,
// and nothing is requested from outside the page.
func TestE2EBoxesLieOverTheirWords(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	browser.Path(t)
	pdf := twoPageLabel(t)
	rec := reviewed(t, readPDF(t, pdf))
	images, note := NewPages().Of(context.Background(), evidence.Upload{Body: pdf, MediaType: "application/pdf"}, rec.Reading.Pages)
	if note != "" {
		t.Skip(note) // no pdftoppm
	}
	path := filepath.Join(t.TempDir(), rec.ID+".html")
	if err := os.WriteFile(path, []byte(render(t, Input{Record: rec, Patient: &lead.Patient{Forename: "Dana", Surname: "Whitcombe"}, Images: images})), 0o600); err != nil {
		t.Fatal(err)
	}
	pages := browser.ReviewBoxes(t, "file://"+path)
	if len(pages) != 2 {
		t.Fatalf("%d pages shown, want 2", len(pages))
	}
	if len(pages[1].Boxes) != 0 {
		t.Errorf("page 2, where no field was found, shows boxes: %+v", pages[1].Boxes)
	}
	poppler := wordbox.Poppler(t, pdf, 1)
	union := func(words ...string) evidence.Box {
		var b evidence.Box
		for _, w := range words {
			for _, p := range poppler {
				if p.Text == w {
					b = b.Union(p.Box)
				}
			}
		}
		return b
	}
	want := map[string]struct {
		words  evidence.Box
		stroke string
	}{
		"patientName":      {union("Dana", "Whitcombe"), "rgb(26, 127, 55)"},
		"medicationName":   {union("Zepbound"), "rgb(26, 127, 55)"},
		"medicationDosage": {union("5", "mg/0.5"), "rgb(207, 34, 46)"},
		"medicationDate":   {union("11/11/2026"), "rgb(26, 127, 55)"},
	}
	seen := map[string]bool{}
	for _, b := range pages[0].Boxes {
		w, ok := want[b.Field]
		if !ok || seen[b.Field] {
			t.Errorf("unexpected box %+v", b)
			continue
		}
		seen[b.Field] = true
		wx, wy := wordbox.Centre(w.words)
		if d := max(abs(wx-b.X), abs(wy-b.Y)); d > 0.01 {
			t.Errorf("%s box centred at (%.3f, %.3f), %.3f of the page from its words at (%.3f, %.3f)", b.Field, b.X, b.Y, d, wx, wy)
		}
		if b.Stroke != w.stroke {
			t.Errorf("%s box drawn in %s, want %s (its verdict's colour: is the style sheet allowed by the policy?)", b.Field, b.Stroke, w.stroke)
		}
	}
	if len(seen) != len(want) {
		t.Errorf("boxes for %v, want one for each of the four fields found", seen)
	}
}

func abs(v float64) float64 { return max(v, -v) }
