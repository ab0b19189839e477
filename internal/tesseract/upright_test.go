package tesseract

import (
	"context"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// TestReaderTurnsAPlainPageThatReadsAsJunk: an FP10 photo stored with
// EXIF orientation 8, put upright as the service does before OCR. The
// layout's measure finds it upside down (its boxes hang below the text),
// the prepared page reads nothing either way up, and the plain page as
// measured reads as junk: it must be read the other way up too.
func TestReaderTurnsAPlainPageThatReadsAsJunk(t *testing.T) {
	r := newReader(t)
	cases, err := corpus.Generate(7, time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), "uk",
		corpus.Options{Layouts: []string{"nhs-fp10"}, Conditions: []string{corpus.ConditionEXIF8}})
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	for _, c := range cases {
		if c.Condition != corpus.ConditionEXIF8 {
			continue
		}
		read++
		body, _, err := imageprep.UprightJPEG(c.File)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Read(context.Background(), evidence.Document{Body: body, MediaType: c.MediaType()})
		if err != nil {
			t.Fatal(err)
		}
		wantContains(t, got, "Title, Forename, Surname & Address", "Number of days")
	}
	if read == 0 {
		t.Fatal("the corpus has no EXIF-8 FP10 for seed 7")
	}
}
