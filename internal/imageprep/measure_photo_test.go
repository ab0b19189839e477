package imageprep_test

import (
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// TestMeasureLayoutTurnsAPhoto: the corpus's phone photo of a pharmacy
// label (the photo `make bench` times), turned by each quarter, is measured
// the way up it was turned. Its lines slope a little, and on the reduced
// page which rows a line's pixels fall in moved the upside-down measure by
// as much as its signal: the half-turned photo measured upright and was
// read twice.
func TestMeasureLayoutTurnsAPhoto(t *testing.T) {
	c, err := corpus.SampleAs(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), corpus.ConditionMildPhoto)
	if err != nil {
		t.Fatal(err)
	}
	photo, err := imageprep.Decode(c.File)
	if err != nil {
		t.Fatal(err)
	}
	for quarters := range 4 {
		got := imageprep.MeasureLayout(imageprep.Turn(photo, quarters))
		// Turned clockwise by quarters, the page is put upright by the
		// quarter turns left to a whole turn.
		want := (4 - quarters) % 4
		measured := 0
		if got.Sideways {
			measured++
		}
		if got.UpsideDown {
			measured += 2
		}
		if measured != want {
			t.Errorf("turned %d quarters clockwise: measured %d quarter turns to upright (%+v), want %d", quarters, measured, got, want)
		}
	}
}
