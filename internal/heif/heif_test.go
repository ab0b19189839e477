package heif_test

import (
	"errors"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/clinicplatform/intake/internal/heif"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

func TestParse(t *testing.T) {
	fixture := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "formats", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name string
		body []byte
		want heif.Info
		avif bool
	}{
		// A grid: the primary item is the 1359×938 canvas, its one tile 1360×938.
		{"HEIC grid", fixture("label.heic"), heif.Info{Width: 1359, Height: 938, Items: 2, MaxItemPixels: 1360 * 938}, false},
		{"AVIF", fixture("label.avif"), heif.Info{Width: 1359, Height: 938, Items: 1, MaxItemPixels: 1359 * 938}, true},
		{"header only", hostile.HEIFHeader("heic", 640, 480), heif.Info{Width: 640, Height: 480, Items: 1, MaxItemPixels: 640 * 480}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := heif.Parse(tt.body)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Parse = %+v; want %+v", got, tt.want)
			}
			if heif.IsAVIF(tt.body) != tt.avif {
				t.Errorf("IsAVIF = %v; want %v", !tt.avif, tt.avif)
			}
		})
	}
	for _, bad := range [][]byte{nil, []byte("\x00\x00\x00\x10ftypheic\x00\x00\x00\x00"), fixture("label.webp")} {
		if _, err := heif.Parse(bad); !errors.Is(err, heif.ErrNotHEIF) {
			t.Errorf("Parse(%.16q) error = %v; want ErrNotHEIF", bad, err)
		}
	}
}

// Orient applies irot (anticlockwise) and imir in the order the file
// associates them.
func TestOrient(t *testing.T) {
	// A 3×2 image whose top-left pixel alone is dark.
	g := image.NewGray(image.Rect(0, 0, 3, 2))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	g.Pix[0] = 0
	dark := func(g *image.Gray) image.Point {
		for y := range g.Rect.Dy() {
			for x := range g.Rect.Dx() {
				if g.GrayAt(x, y).Y == 0 {
					return image.Pt(x, y)
				}
			}
		}
		return image.Pt(-1, -1)
	}
	tests := []struct {
		name   string
		info   heif.Info
		size   image.Point
		darkAt image.Point
	}{
		{"none", heif.Info{}, image.Pt(3, 2), image.Pt(0, 0)},
		{"a quarter anticlockwise", heif.Info{Rotation: 1}, image.Pt(2, 3), image.Pt(0, 2)},
		{"half", heif.Info{Rotation: 2}, image.Pt(3, 2), image.Pt(2, 1)},
		{"three quarters anticlockwise", heif.Info{Rotation: 3}, image.Pt(2, 3), image.Pt(1, 0)},
		{"mirrored left to right", heif.Info{Mirror: 'v'}, image.Pt(3, 2), image.Pt(2, 0)},
		{"mirrored top to bottom", heif.Info{Mirror: 'h'}, image.Pt(3, 2), image.Pt(0, 1)},
		{"turned, then mirrored left to right", heif.Info{Rotation: 1, Mirror: 'v'}, image.Pt(2, 3), image.Pt(1, 2)},
		{"mirrored left to right, then turned", heif.Info{Rotation: 1, Mirror: 'v', MirrorFirst: true}, image.Pt(2, 3), image.Pt(0, 0)},
	}
	for _, tt := range tests {
		got := tt.info.Orient(g)
		if got.Rect.Size() != tt.size || dark(got) != tt.darkAt {
			t.Errorf("%s: %v with the dark pixel at %v; want %v at %v", tt.name, got.Rect.Size(), dark(got), tt.size, tt.darkAt)
		}
	}
}

// FuzzParse: no file makes Parse panic, and what it accepts is a size.
func FuzzParse(f *testing.F) {
	f.Add(hostile.HEIFHeader("heic", 640, 480))
	f.Add(hostile.HEIFHeader("avif", 100_000, 100_000))
	f.Add(hostile.HEIFItems(3))
	for _, name := range []string{"label.heic", "label.avif"} {
		if b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "formats", name)); err == nil {
			f.Add(b[:min(len(b), 1024)])
		}
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		info, err := heif.Parse(body)
		if err != nil {
			if !errors.Is(err, heif.ErrNotHEIF) {
				t.Fatalf("error %v does not wrap ErrNotHEIF", err)
			}
			return
		}
		if info.Width < 0 || info.Height < 0 || info.Rotation < 0 || info.Rotation > 3 || info.Items < 0 {
			t.Fatalf("Parse accepted %+v", info)
		}
		if info.Width <= 64 && info.Height <= 64 {
			info.Orient(image.NewGray(image.Rect(0, 0, info.Width, info.Height)))
		}
	})
}
