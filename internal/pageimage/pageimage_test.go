package pageimage_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"

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

// inkShare is the share of dark pixels: a label is mostly paper.
func inkShare(g *image.Gray) float64 {
	dark := 0
	for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
		for x := g.Rect.Min.X; x < g.Rect.Max.X; x++ {
			if g.GrayAt(x, y).Y < 128 {
				dark++
			}
		}
	}
	return float64(dark) / float64(g.Rect.Dx()*g.Rect.Dy())
}

func TestPages(t *testing.T) {
	tests := []struct {
		file, mediaType string
		pages           int
		label           int // index of the page holding the label
		asIs            bool
	}{
		{"label-transparent.png", pageimage.PNG, 1, 0, false},
		{"label.webp", pageimage.WebP, 1, 0, false},
		{"label-transparent.webp", pageimage.WebP, 1, 0, false},
		{"label-page2.tiff", pageimage.TIFF, 2, 1, false},
		{"label-jpeg.tiff", pageimage.TIFF, 1, 0, false},
		{"label-jpeg-ycbcr.tiff", pageimage.TIFF, 1, 0, false},
		{"label-cmyk.tiff", pageimage.TIFF, 1, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			body := readFixture(t, tt.file)
			pages, err := pageimage.Pages(context.Background(), body, tt.mediaType, pageimage.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(pages) != tt.pages {
				t.Fatalf("%d pages; want %d", len(pages), tt.pages)
			}
			g := pages[tt.label]
			if g.Rect.Dx() < 1300 || g.Rect.Dx() > 1400 || g.Rect.Dy() < 900 || g.Rect.Dy() > 950 {
				t.Errorf("label page is %v; want the 1360×938 label", g.Rect)
			}
			// Paper white, print dark: a transparent page read as black
			// would be nearly all ink.
			if ink := inkShare(g); ink < 0.01 || ink > 0.3 {
				t.Errorf("ink covers %.0f%% of the label page; want paper with print", 100*ink)
			}
			if got := pageimage.AsIs(body, tt.mediaType); got != tt.asIs {
				t.Errorf("AsIs = %v; want %v", got, tt.asIs)
			}
		})
	}
}

func TestPagesCapsTIFFPages(t *testing.T) {
	pages, err := pageimage.Pages(context.Background(), readFixture(t, "label-page2.tiff"), pageimage.TIFF, pageimage.Options{MaxPages: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 || inkShare(pages[0]) > 0.001 {
		t.Errorf("with a cap of 1, want the blank first page alone; got %d pages", len(pages))
	}
}

func TestPagesWithoutHEIFDecoder(t *testing.T) {
	_, err := pageimage.Pages(context.Background(), readFixture(t, "label.heic"), pageimage.HEIC, pageimage.Options{})
	if !errors.Is(err, pageimage.ErrUndecodable) {
		t.Errorf("err = %v; want ErrUndecodable", err)
	}
}

func TestAsIs(t *testing.T) {
	opaque := image.NewGray(image.Rect(0, 0, 4, 4))
	var opaquePNG, alphaPNG, plainJPEG bytes.Buffer
	if err := png.Encode(&opaquePNG, opaque); err != nil {
		t.Fatal(err)
	}
	nrgba := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	nrgba.Set(1, 1, color.NRGBA{A: 10})
	if err := png.Encode(&alphaPNG, nrgba); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&plainJPEG, opaque, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name      string
		body      []byte
		mediaType string
		want      bool
	}{
		{"opaque png", opaquePNG.Bytes(), pageimage.PNG, true},
		{"png with alpha", alphaPNG.Bytes(), pageimage.PNG, false},
		{"upright jpeg", plainJPEG.Bytes(), pageimage.JPEG, true},
		{"webp", readFixture(t, "label.webp"), pageimage.WebP, false},
		{"heic", readFixture(t, "label.heic"), pageimage.HEIC, false},
	} {
		if got := pageimage.AsIs(tt.body, tt.mediaType); got != tt.want {
			t.Errorf("%s: AsIs = %v; want %v", tt.name, got, tt.want)
		}
	}
}

func TestFlatGray(t *testing.T) {
	for _, tt := range []struct {
		name string
		img  image.Image
		want uint8
	}{
		{"transparent black on NRGBA is white paper", fill(image.NewNRGBA(image.Rect(0, 0, 2, 2)), color.NRGBA{}), 255},
		{"opaque black NRGBA stays black", fill(image.NewNRGBA(image.Rect(0, 0, 2, 2)), color.NRGBA{A: 255}), 0},
		{"half-transparent black NRGBA is mid grey", fill(image.NewNRGBA(image.Rect(0, 0, 2, 2)), color.NRGBA{A: 128}), 127},
		{"transparent premultiplied RGBA is white", fill(image.NewRGBA(image.Rect(0, 0, 2, 2)), color.RGBA{}), 255},
		{"transparent RGBA64 is white", fill(image.NewRGBA64(image.Rect(0, 0, 2, 2)), color.RGBA64{}), 255},
		{"grey stays grey", fill(image.NewGray(image.Rect(0, 0, 2, 2)), color.Gray{Y: 77}), 77},
	} {
		if got := pageimage.FlatGray(tt.img).GrayAt(1, 1).Y; got != tt.want {
			t.Errorf("%s: %d; want %d", tt.name, got, tt.want)
		}
	}
}

func fill[T interface {
	image.Image
	Set(x, y int, c color.Color)
}](img T, c color.Color) T {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			img.Set(x, y, c)
		}
	}
	return img
}
