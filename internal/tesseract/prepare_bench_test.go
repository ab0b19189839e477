package tesseract

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clinicplatform/intake/bench/sample"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

var (
	photosOnce sync.Once
	photos     []sample.Document
	photosErr  error
)

// BenchmarkPrepare is the preparation of a photo for OCR, the work this
// reader adds to tesseract's, whole ("all": decode with EXIF orientation,
// measure the layout, plan) and step by step: a phone photo of a label
// (1.2 megapixels, 90 kB), the same turned a quarter, the same enlarged
// to the upload limit (11 megapixels, 3.9 MB), and two of issue 18's hard
// photos (sample.HardPhotos): a label in low light with glare and a
// 12-megapixel photo of a letter.
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
		if err != nil {
			photosErr = err
			return
		}
		hard, err := sample.HardPhotos(time.Now(), corpus.ConditionLowLight, corpus.ConditionPhoto12MP)
		if err != nil {
			photosErr = err
			return
		}
		photos = []sample.Document{docs.Photo, turned, big}
		// A label in low light (2000 by 1500) and a 12-megapixel letter.
		for _, d := range hard {
			if strings.HasPrefix(d.Name, corpus.ConditionLowLight+" "+corpus.LayoutUSLabel) || strings.HasPrefix(d.Name, corpus.ConditionPhoto12MP+" "+corpus.LayoutClinicLetter) {
				d.Name = strings.ReplaceAll(d.Name, " ", "-")
				photos = append(photos, d)
			}
		}
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
