package tesseract

import (
	"sync"
	"testing"
	"time"

	"github.com/clinicplatform/intake/bench/sample"
)

var (
	photosOnce      sync.Once
	photo, bigPhoto sample.Document
	photosErr       error
)

// BenchmarkSmoothPhoto is the preparation of a photo for OCR, the work this
// reader adds to tesseract's: a phone photo of a label (1.2 megapixels,
// 90 kB) and the same enlarged to the upload limit (11 megapixels, 3.9 MB).
func BenchmarkSmoothPhoto(b *testing.B) {
	photosOnce.Do(func() {
		var docs sample.Documents
		if docs, photosErr = sample.Label(time.Now()); photosErr != nil {
			return
		}
		photo = docs.Photo
		bigPhoto, photosErr = sample.Enlarge(docs.Photo)
	})
	if photosErr != nil {
		b.Fatal(photosErr)
	}
	for _, doc := range []sample.Document{photo, bigPhoto} {
		b.Run(doc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.File)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := smoothPhoto(doc.File); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
