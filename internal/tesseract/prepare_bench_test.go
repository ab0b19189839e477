package tesseract

import (
	"sync"
	"testing"
	"time"

	"github.com/clinicplatform/intake/bench/sample"
	"github.com/clinicplatform/intake/internal/imageprep"
)

var (
	photosOnce sync.Once
	photos     []sample.Document
	photosErr  error
)

// BenchmarkPrepare is the preparation of a photo for OCR, the work this
// reader adds to tesseract's, whole ("all": decode with EXIF orientation,
// measure the layout, plan) and step by step: a phone photo of a label
// (1.2 megapixels, 90 kB), the same turned a quarter, and the same enlarged
// to the upload limit (11 megapixels, 3.9 MB).
func BenchmarkPrepare(b *testing.B) {
	photosOnce.Do(func() {
		docs, err := sample.Label(time.Now())
		if err != nil {
			photosErr = err
			return
		}
		turned, err := sample.Turn(docs.Photo, 90)
		if err != nil {
			photosErr = err
			return
		}
		big, err := sample.Enlarge(docs.Photo)
		photos, photosErr = []sample.Document{docs.Photo, turned, big}, err
	})
	if photosErr != nil {
		b.Fatal(photosErr)
	}
	for _, doc := range photos {
		g, err := imageprep.Decode(doc.File)
		if err != nil {
			b.Fatal(err)
		}
		layout := imageprep.MeasureLayout(g)
		steps := []struct {
			name string
			fn   func() error
		}{
			{"all", func() error {
				g, err := imageprep.Decode(doc.File)
				if err != nil {
					return err
				}
				l := imageprep.MeasureLayout(g)
				if l.Sideways {
					g = imageprep.Turn(g, 1)
				}
				p, _, _ := plan(g, l)
				_ = imageprep.PGM(p)
				return nil
			}},
			{"decode", func() error { _, err := imageprep.Decode(doc.File); return err }},
			{"layout", func() error { imageprep.MeasureLayout(g); return nil }},
			{"noise", func() error { imageprep.NoiseSigma(g); return nil }},
			{"blur", func() error { imageprep.Blur(g); return nil }},
			{"turn", func() error { imageprep.Turn(g, 1); return nil }},
			{"deskew", func() error { imageprep.Rotate(g, 2); return nil }},
			{"plan", func() error { plan(g, layout); return nil }},
		}
		for _, step := range steps {
			b.Run(doc.Name+"/"+step.name, func(b *testing.B) {
				b.SetBytes(int64(len(doc.File)))
				b.ReportAllocs()
				for b.Loop() {
					if err := step.fn(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
