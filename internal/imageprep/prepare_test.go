package imageprep

import (
	"bytes"
	"fmt"
	"image"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBlur(t *testing.T) {
	// Middle pixel 90, a gradient and a bright edge: clamping shows at every border.
	bright := grayImage(3, 3, 0, 0, 0, 0, 90, 0, 0, 0, 0)
	ramp := grayImage(5, 4,
		0, 10, 20, 30, 40,
		50, 60, 70, 80, 90,
		255, 255, 255, 255, 255,
		1, 2, 3, 4, 5)
	padded := grayImage(6, 5,
		9, 9, 9, 9, 9, 9,
		9, 200, 0, 100, 50, 9,
		9, 0, 0, 255, 255, 9,
		9, 30, 60, 90, 120, 9,
		9, 9, 9, 9, 9, 9)
	tests := []struct {
		name string
		src  *image.Gray
		want []uint8 // nil: compare with the two-pass reference below
	}{
		{"one bright pixel", bright, []uint8{10, 10, 10, 10, 10, 10, 10, 10, 10}},
		{"one pixel", grayImage(1, 1, 77), []uint8{77}},
		{"one row", grayImage(4, 1, 0, 9, 18, 27), []uint8{3, 9, 18, 24}},
		{"one column", grayImage(1, 4, 0, 9, 18, 27), []uint8{3, 9, 18, 24}},
		{"ramp", ramp, nil},
		{"two rows", grayImage(3, 2, 0, 255, 0, 255, 0, 255), nil},
		// A sub-image: stride wider than the rows, origin not at zero.
		{"sub-image", padded.SubImage(image.Rect(1, 1, 5, 4)).(*image.Gray), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.want
			if want == nil {
				want = referenceBlur(tt.src)
			}
			w, h := tt.src.Rect.Dx(), tt.src.Rect.Dy()
			header := fmt.Sprintf("P5\n%d %d\n255\n", w, h)
			got := PGM(Blur(tt.src))
			if !bytes.HasPrefix(got, []byte(header)) {
				t.Fatalf("PGM header: got %q, want prefix %q", got[:min(len(got), len(header))], header)
			}
			if diff := cmp.Diff(want, got[len(header):]); diff != "" {
				t.Errorf("blurred pixels (-want +got):\n%s", diff)
			}
		})
	}
}

// referenceBlur is the 3×3 box blur (edges clamp, rounded) written plainly.
func referenceBlur(src *image.Gray) []uint8 {
	b := src.Rect
	at := func(x, y int) int {
		return int(src.GrayAt(min(max(x, b.Min.X), b.Max.X-1), min(max(y, b.Min.Y), b.Max.Y-1)).Y)
	}
	var out []uint8
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			sum := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					sum += at(x+dx, y+dy)
				}
			}
			out = append(out, uint8((sum+4)/9))
		}
	}
	return out
}

func grayImage(w, h int, pix ...uint8) *image.Gray {
	return &image.Gray{Pix: pix, Stride: w, Rect: image.Rect(0, 0, w, h)}
}

func TestGray(t *testing.T) {
	ycc := image.NewYCbCr(image.Rect(0, 0, 3, 2), image.YCbCrSubsampleRatio420)
	copy(ycc.Y, []uint8{10, 20, 30, 40, 50, 60})
	for i := range ycc.Cb {
		ycc.Cb[i], ycc.Cr[i] = 90, 200 // a strong colour: only Y' is kept
	}
	rgba := image.NewRGBA(image.Rect(2, 3, 4, 4)) // origin not at zero
	rgba.Pix = []uint8{255, 255, 255, 255, 255, 0, 0, 255}
	tests := []struct {
		name string
		src  image.Image
		want []uint8
	}{
		{"gray as it is", grayImage(2, 2, 1, 2, 3, 4), []uint8{1, 2, 3, 4}},
		{"Y'CbCr's luma plane", ycc, []uint8{10, 20, 30, 40, 50, 60}},
		{"RGBA converted", rgba, []uint8{255, 76}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Gray(tt.src)
			var got []uint8
			for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
				for x := g.Rect.Min.X; x < g.Rect.Max.X; x++ {
					got = append(got, g.GrayAt(x, y).Y)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("grey levels (-want +got):\n%s", diff)
			}
		})
	}
}
