//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/pageimage"
	"github.com/clinicplatform/intake/internal/testing/browser"
	"github.com/clinicplatform/intake/internal/testing/corpus"
	"github.com/clinicplatform/intake/internal/testing/wordbox"
)

// fieldsOf are a record's findings by field name.
func fieldsOf(f *evidence.Findings) map[string]evidence.Finding {
	return map[string]evidence.Finding{"patientName": f.PatientName, "medicationName": f.MedicationName,
		"medicationDosage": f.MedicationDosage, "medicationDate": f.MedicationDate, "pharmacyName": f.PharmacyName}
}

// checkPage checks the review page written for rec at path: private, the
// five verdicts, the document and the lines read; and, drawn in headless
// Chromium, the page as wide for its height as aspect (when not 0: the
// photo turned upright), and a box for each field placed, drawn where its
// finding says and over the words it names (onWords checks that). It
// returns how many boxes it checked.
func checkPage(t *testing.T, path string, rec evidence.Record, onWords func(evidence.Finding, browser.ShownBox), aspect float64) int {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("%s has mode %v, want 0600", path, info.Mode().Perm())
	}
	page, _ := os.ReadFile(path)
	for _, want := range []string{`data-verdict-of="patientName"`, `data-verdict-of="medicationName"`, `data-verdict-of="medicationDosage"`,
		`data-verdict-of="medicationDate"`, `data-verdict-of="pharmacyName"`, `<image href="data:image/jpeg;base64,`,
		"MAPLE RIDGE PHARMACY", "Zepbound", "5 mg"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page lacks %q", want)
		}
	}
	shown := browser.ReviewBoxes(t, "file://"+path)
	if len(shown) != 1 {
		t.Fatalf("%d pages shown, want the label's one", len(shown))
	}
	if got := shown[0].Width / shown[0].Height; aspect != 0 && abs(got-aspect) > 0.02*aspect {
		t.Errorf("the page is drawn %.3f as wide as high, want %.3f: not turned as the reader turned it", got, aspect)
	}
	findings := fieldsOf(rec.Findings)
	ratings := map[string]evidence.Rating{"patientName": rec.Result.Data.PatientName, "medicationName": rec.Result.Data.MedicationName,
		"medicationDosage": rec.Result.Data.MedicationDosage, "medicationDate": rec.Result.Data.MedicationDate, "pharmacyName": rec.Result.Data.PharmacyName}
	placed := 0
	for field, f := range findings {
		if f.Box != nil {
			placed++
		}
		// A field found on the document (valid or invalid) is shown where.
		if v := ratings[field].Value; v != evidence.NotFound && (f.Box == nil || f.Page != 1) {
			t.Errorf("%s is %s by rule %s but not placed on the page: %+v", field, v, f.Rule, f)
		}
	}
	if len(shown[0].Boxes) != placed {
		t.Errorf("%d boxes drawn, want one for each of the %d fields placed", len(shown[0].Boxes), placed)
	}
	for _, b := range shown[0].Boxes {
		f := findings[b.Field]
		if f.Box == nil {
			t.Errorf("a box for %s, which was not placed", b.Field)
			continue
		}
		if d := wordbox.Distance(*f.Box, evidence.Box{Left: b.X - b.W/2, Top: b.Y - b.H/2, Width: b.W, Height: b.H}); d > 0.003 {
			t.Errorf("%s drawn %.3f of the page from where its finding is", b.Field, d)
		}
		onWords(f, b)
	}
	return len(shown[0].Boxes)
}

// TestE2EReviewSampleLabel is the bar on the local store: the
// sample label, as its PDF, a phone photo and a scan stored a quarter turn
// clockwise (the last two read by Tesseract), verified as make run
// verifies; make review writes each page, and in Chromium each of the five
// fields has one box, placed by the rule that decided it, lying on its
// words: where poppler has them on the PDF, and on the photos a crop of the
// box, from the photo turned as the reader turned it, reads as the words
// again; the turned scan is shown upright.
func TestE2EReviewSampleLabel(t *testing.T) {
	if testing.Short() {
		t.Skip("OCR and browser test skipped in -short mode")
	}
	browser.Path(t)
	now := time.Now()
	pdf, err := corpus.Sample(now)
	if err != nil {
		t.Fatal(err)
	}
	photo, err := corpus.SampleAs(now, corpus.ConditionPhonePhoto)
	if err != nil {
		t.Fatal(err)
	}
	turned, err := corpus.SampleAs(now, corpus.ConditionRotated90)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	leadID, ids := verifyLocally(t, dir, pdf, photo, turned)
	out := filepath.Join(t.TempDir(), "reviews")
	var stdout bytes.Buffer
	if err := run(t.Context(), env(map[string]string{"LEAD_ID": leadID, "DATA_DIR": dir, "OUT": out}), &stdout); err != nil {
		t.Fatalf("review: %v", err)
	}
	if !strings.Contains(stdout.String(), "wrote 3 review pages") || !strings.Contains(stdout.String(), "health data") {
		t.Errorf("review said %q; want the pages written and that they hold health data", stdout.String())
	}
	if info, err := os.Stat(out); err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("OUT folder: %v, %v; want mode 0700", info.Mode().Perm(), err)
	}
	store := openStore(t, dir)

	t.Run("PDF", func(t *testing.T) {
		rec := record(t, store, ids[0])
		n := checkPage(t, filepath.Join(out, ids[0]+".html"), rec, onPDFWords(t, pdf.File), 0)
		if n != 5 {
			t.Errorf("%d boxes checked, want one for each of the five fields found", n)
		}
	})
	for i, c := range []corpus.Case{photo, turned} {
		t.Run(c.Condition, func(t *testing.T) {
			id := ids[i+1]
			rec := record(t, store, id)
			pages, err := pageimage.Pages(t.Context(), c.File, c.MediaType(), pageimage.Options{})
			if err != nil {
				t.Fatal(err)
			}
			upright := imageprep.Turn(pages[0], rec.Reading.Pages[0].Turns)
			n := checkPage(t, filepath.Join(out, id+".html"), rec, func(f evidence.Finding, b browser.ShownBox) {
				got := wordbox.ReadBox(t, upright, evidence.Box{Left: b.X - b.W/2, Top: b.Y - b.H/2, Width: b.W, Height: b.H})
				if !wordbox.Reads(got, f.Text) {
					t.Errorf("%s box reads %q, not %q", b.Field, got, f.Text)
				}
			}, float64(upright.Rect.Dx())/float64(upright.Rect.Dy()))
			if n != 5 {
				t.Errorf("%d boxes checked, want one for each of the five fields found", n)
			}
		})
	}
	if turns := record(t, store, ids[2]).Reading.Pages[0].Turns; turns != 3 {
		t.Errorf("the scan stored a quarter turn clockwise was read turned %d quarters, want 3", turns)
	}
}

// onPDFWords checks that a box lies over the words its finding names on
// page 1 of pdf, where poppler has them (each word the one spelt so nearest
// the box): centres within 1% of the page.
func onPDFWords(t *testing.T, pdf []byte) func(evidence.Finding, browser.ShownBox) {
	poppler := wordbox.Poppler(t, pdf, 1)
	return func(f evidence.Finding, b browser.ShownBox) {
		shown := evidence.Box{Left: b.X - b.W/2, Top: b.Y - b.H/2, Width: b.W, Height: b.H}
		var words evidence.Box
		for _, w := range strings.Fields(f.Text) {
			var nearest *wordbox.Word
			for i, p := range poppler {
				if wordbox.Letters(p.Text) == wordbox.Letters(w) && (nearest == nil || wordbox.Distance(p.Box, shown) < wordbox.Distance(nearest.Box, shown)) {
					nearest = &poppler[i]
				}
			}
			if nearest == nil {
				t.Errorf("%s: poppler has no word %q on the page", b.Field, w)
				return
			}
			words = words.Union(nearest.Box)
		}
		if wx, wy := wordbox.Centre(words); words.IsZero() || max(abs(wx-b.X), abs(wy-b.Y)) > 0.01 {
			t.Errorf("%s box centred at (%.3f, %.3f), not on %q at (%.3f, %.3f)", b.Field, b.X, b.Y, f.Text, wx, wy)
		}
	}
}

func abs(v float64) float64 { return max(v, -v) }
