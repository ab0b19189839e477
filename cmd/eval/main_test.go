package main

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// TestSliceHasNoFalseAccept runs a small slice of the evaluation as `make
// eval` does (two label layouts, both markets, every scenario) through
// each reader and fails on any false accept: the bar that holds
// everywhere. The local reader gets PDFs and scans upright and turned; the
// production reader (internal/textract against the Textract stand-in)
// gets scans upright, turned and EXIF-rotated, phone photos, and scanned
// PDFs, which reach it by DetectDocumentText or a job (a PDF's text layer
// is read alike by both). The accuracy bars are `make eval`'s, on the
// whole corpus.
func TestSliceHasNoFalseAccept(t *testing.T) {
	if testing.Short() {
		t.Skip("the evaluation OCRs images; skipped with -short")
	}
	for _, tool := range []string{"tesseract", "pdfinfo", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is required under CI", tool)
			}
			t.Skipf("%s is not installed (apt-get install tesseract-ocr poppler-utils)", tool)
		}
	}
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	local := docread.NewWithTesseract(t.Context())
	for _, slice := range []struct {
		reader     string
		conditions []string
	}{
		{readerLocal, []string{corpus.ConditionPDF, corpus.ConditionClean, corpus.ConditionRotated180, corpus.ConditionEXIF6}},
		{readerTextract, []string{corpus.ConditionClean, corpus.ConditionRotated90, corpus.ConditionEXIF6, corpus.ConditionPhonePhoto, corpus.ConditionScannedPDF}},
	} {
		for _, market := range corpus.Markets {
			t.Run(slice.reader+"/"+market, func(t *testing.T) {
				cases, err := corpus.Generate(1, now, market, corpus.Options{
					Layouts:    []string{corpus.LayoutUKLabel, corpus.LayoutUSVial},
					Conditions: slice.conditions,
				})
				if err != nil {
					t.Fatal(err)
				}
				report, err := evaluate(t.Context(), market, now, slice.reader, local, cases, nil)
				if err != nil {
					t.Fatal(err)
				}
				var out bytes.Buffer
				if err := report.WriteText(&out); err != nil {
					t.Fatal(err)
				}
				t.Log("\n" + out.String())
				if report.Cases != len(cases) || len(report.ByCell) < 4 {
					t.Errorf("report covers %d cases in %d cells, want %d cases in at least 4", report.Cases, len(report.ByCell), len(cases))
				}
				for _, m := range report.FalseAccepts {
					t.Errorf("false accept: %s %s: want %s, got %s", m.Case, m.Field, m.Want, m.Got)
				}
			})
		}
	}
}

func TestSelectionErrors(t *testing.T) {
	if _, err := exec.LookPath("tesseract"); err != nil {
		t.Skip("tesseract is not installed")
	}
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	for _, cfg := range []config{
		{seed: 1, now: now, markets: []string{"fr"}},
		{seed: 1, now: now, conditions: []string{"sideways"}},
		{seed: 1, now: now, layouts: []string{"napkin"}},
	} {
		if err := run(t.Context(), cfg, &bytes.Buffer{}, nil); err == nil {
			t.Errorf("run(%+v) = nil, want an error", cfg)
		}
	}
}

func TestReaders(t *testing.T) {
	for v, want := range map[string][]string{
		"local": {readerLocal}, "textract": {readerTextract}, "both": {readerLocal, readerTextract}, "tesseract": nil, "": nil,
	} {
		got, err := readersOf(v)
		if (err == nil) != (want != nil) || !slices.Equal(got, want) {
			t.Errorf("readersOf(%q) = %v, %v; want %v", v, got, err, want)
		}
	}
}
