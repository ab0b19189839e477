package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestCorpusMeetsTargets runs the accuracy evaluation as `make eval` does
// and fails when a target is missed: at least 97% of fields right on PDFs
// and clean images, 90% on photos, and no false accept at all.
func TestCorpusMeetsTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("the evaluation OCRs ~120 images; skipped with -short")
	}
	if _, err := exec.LookPath("tesseract"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tesseract is required under CI")
		}
		t.Skip("tesseract is not installed (apt-get install tesseract-ocr)")
	}
	var out bytes.Buffer
	err := run(t.Context(), 1, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), &out, nil)
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "market uk") || !strings.Contains(out.String(), "market us") {
		t.Errorf("the report does not cover both markets")
	}
}
