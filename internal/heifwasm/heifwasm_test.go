package heifwasm_test

import (
	"context"
	"errors"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/clinicplatform/intake/internal/heif"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/pageimage"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "formats", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// turned is body with its primary item's pixi property rewritten as an
// irot of quarter turns (testdata/formats/make.sh's files: pixi at that
// offset is associated with the primary item).
func turned(body []byte, pixiAt, quarters int) []byte {
	b := append([]byte(nil), body...)
	copy(b[pixiAt+4:], "irot")
	b[pixiAt+8] = byte(quarters)
	return b
}

// meanDiff is the mean absolute difference of two same-sized grey images.
func meanDiff(a, b *image.Gray) float64 {
	sum := 0
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			d := int(a.GrayAt(a.Rect.Min.X+x, a.Rect.Min.Y+y).Y) - int(b.GrayAt(b.Rect.Min.X+x, b.Rect.Min.Y+y).Y)
			sum += max(d, -d)
		}
	}
	return float64(sum) / float64(a.Rect.Dx()*a.Rect.Dy())
}

func TestDecodeGray(t *testing.T) {
	for _, tt := range []struct {
		file   string
		pixiAt int
	}{
		{"label.heic", 386}, // a grid of tiles, as iPhones save
		{"label.avif", 223},
	} {
		t.Run(tt.file, func(t *testing.T) {
			body := readFixture(t, tt.file)
			g, err := heifwasm.Decoder{}.DecodeGray(context.Background(), body)
			if err != nil {
				t.Fatal(err)
			}
			if g.Rect.Dx() != 1359 || g.Rect.Dy() != 938 {
				t.Fatalf("decoded %v; want 1359×938", g.Rect)
			}
			if c := g.GrayAt(5, 5).Y; c < 200 {
				t.Errorf("corner is %d; want white paper", c)
			}
			rot := turned(body, tt.pixiAt, 1)
			info, err := heif.Parse(rot)
			if err != nil || info.Rotation != 1 {
				t.Fatalf("Parse of the turned file = %+v, %v; want Rotation 1", info, err)
			}
			r, err := heifwasm.Decoder{}.DecodeGray(context.Background(), rot)
			if err != nil {
				t.Fatal(err)
			}
			want := imageprep.Turn(g, 3) // a quarter turn anticlockwise
			if r.Rect.Size() != want.Rect.Size() {
				t.Fatalf("turned file decoded %v; want %v", r.Rect, want.Rect)
			}
			if d := meanDiff(r, want); d > 2 {
				t.Errorf("turned file differs from the image turned anticlockwise by %.1f on average", d)
			}
		})
	}
}

func TestDecodeGrayRefusesGarbage(t *testing.T) {
	body := readFixture(t, "label.heic")
	cut := body[:len(body)/2]
	if _, err := (heifwasm.Decoder{}).DecodeGray(context.Background(), cut); !errors.Is(err, pageimage.ErrUndecodable) {
		t.Errorf("half a file: err = %v; want ErrUndecodable", err)
	}
	if _, err := (heifwasm.Decoder{}).DecodeGray(context.Background(), []byte("\x00\x00\x00\x10ftypheic\x00\x00\x00\x00")); !errors.Is(err, pageimage.ErrUndecodable) {
		t.Errorf("a header alone: err = %v; want ErrUndecodable", err)
	}
}
