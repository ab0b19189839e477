package main

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// TestSliceHasNoFalseAccept runs a small slice of the evaluation as `make
// eval` does (two label layouts, upright and turned, PDF and scans, both
// markets, every scenario) and fails on any false accept or false success:
// the bar that holds everywhere. The accuracy bars are `make eval`'s, on
// the whole corpus.
func TestSliceHasNoFalseAccept(t *testing.T) {
	if testing.Short() {
		t.Skip("the evaluation OCRs images; skipped with -short")
	}
	if _, err := exec.LookPath("tesseract"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tesseract is required under CI")
		}
		t.Skip("tesseract is not installed (apt-get install tesseract-ocr)")
	}
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	reader := docread.NewWithTesseract(t.Context())
	for _, market := range corpus.Markets {
		t.Run(market, func(t *testing.T) {
			cases, err := corpus.Generate(1, now, market, corpus.Options{
				Layouts:    []string{corpus.LayoutUKLabel, corpus.LayoutUSVial},
				Conditions: []string{corpus.ConditionPDF, corpus.ConditionClean, corpus.ConditionRotated180, corpus.ConditionEXIF6},
			})
			if err != nil {
				t.Fatal(err)
			}
			report, err := evaluate(t.Context(), market, now, reader, cases, nil)
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
