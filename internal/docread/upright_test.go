package docread

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"testing"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
)

// sidewaysJPEG is a 40×20 JPEG, dark on its left half, with an APP1 Exif
// segment holding orientation o (big-endian TIFF, one IFD entry).
func sidewaysJPEG(t *testing.T, o byte) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 40, 20))
	for i := range img.Pix {
		if i%40 >= 20 {
			img.Pix[i] = 255
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	payload := append([]byte("Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00"), o, 0, 0, 0, 0, 0, 0)
	out := append([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0, byte(len(payload) + 2)}, payload...)
	return append(out, b.Bytes()[2:]...)
}

// Both OCR engines get a photo the right way up: the EXIF orientation is
// applied before either reads it, and the staged key is dropped so that
// Textract reads the upright bytes rather than the stored object.
func TestReadImageAppliesEXIFOrientation(t *testing.T) {
	tagged := sidewaysJPEG(t, 6)
	untagged := sidewaysJPEG(t, 1)
	tests := []struct {
		name      string
		doc       evidence.Document
		wantSize  image.Point
		wantKey   string
		unchanged bool
	}{
		{"tagged 6: turned, key dropped", evidence.Document{Body: tagged, MediaType: "image/jpeg", Key: "k"}, image.Pt(20, 40), "", false},
		{"tagged 1: as stored", evidence.Document{Body: untagged, MediaType: "image/jpeg", Key: "k"}, image.Pt(40, 20), "k", true},
		{"PNG: as stored", evidence.Document{Body: []byte("\x89PNG..."), MediaType: "image/png", Key: "k"}, image.Point{}, "k", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got evidence.Document
			l := Reader{OCR: fakeReader{Fn: func(_ context.Context, doc evidence.Document) (evidence.Text, error) {
				got = doc
				return ocrText, nil
			}}}
			if _, err := l.Read(context.Background(), tt.doc); err != nil {
				t.Fatalf("Read: %v", err)
			}
			if got.Key != tt.wantKey {
				t.Errorf("Key = %q, want %q", got.Key, tt.wantKey)
			}
			if tt.unchanged {
				if !bytes.Equal(got.Body, tt.doc.Body) {
					t.Error("body changed")
				}
				return
			}
			if got.MediaType != "image/jpeg" || imageprep.EXIFOrientation(got.Body) != imageprep.Upright {
				t.Errorf("got %s with orientation %d, want an untagged JPEG", got.MediaType, imageprep.EXIFOrientation(got.Body))
			}
			g, err := imageprep.Decode(got.Body)
			if err != nil {
				t.Fatal(err)
			}
			if g.Rect.Size() != tt.wantSize {
				t.Errorf("size %v, want %v", g.Rect.Size(), tt.wantSize)
			}
			if top := g.GrayAt(10, 5).Y; top > 60 {
				t.Errorf("top of the upright image is %d, want dark", top)
			}
		})
	}
}

func TestReadImageWithBrokenEXIFImageIsUnreadable(t *testing.T) {
	body := sidewaysJPEG(t, 6)
	body = body[:len(body)-200] // the tag parses, the pixels do not
	l := Reader{OCR: fakeReader{Fn: func(context.Context, evidence.Document) (evidence.Text, error) {
		t.Fatal("OCR called on an undecodable image")
		return evidence.Text{}, nil
	}}}
	if _, err := l.Read(context.Background(), evidence.Document{Body: body, MediaType: "image/jpeg"}); !errors.Is(err, evidence.ErrUnreadable) {
		t.Fatalf("Read error = %v, want ErrUnreadable", err)
	}
}
