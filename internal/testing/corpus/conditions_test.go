package corpus

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/image/tiff"
)

// marked is a 4x2 image whose top-left pixel is red, so a turn shows where
// it went.
func marked() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 4, 2))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	return img
}

func redAt(img image.Image) image.Point {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, _, _ := img.At(x, y).RGBA()
			if r > 0xc000 && g < 0x4000 {
				return image.Pt(x, y)
			}
		}
	}
	return image.Pt(-1, -1)
}

func TestRotateClockwise(t *testing.T) {
	for _, tc := range []struct {
		turns int
		size  image.Point
		red   image.Point
	}{
		{0, image.Pt(4, 2), image.Pt(0, 0)},
		{1, image.Pt(2, 4), image.Pt(1, 0)}, // top-left goes top-right
		{2, image.Pt(4, 2), image.Pt(3, 1)},
		{3, image.Pt(2, 4), image.Pt(0, 3)}, // top-left goes bottom-left
		{-1, image.Pt(2, 4), image.Pt(0, 3)},
	} {
		got := rotateClockwise(marked(), tc.turns)
		if got.Bounds().Size() != tc.size || redAt(got) != tc.red {
			t.Errorf("%d turns: size %v red at %v, want %v and %v", tc.turns, got.Bounds().Size(), redAt(got), tc.size, tc.red)
		}
	}
}

// upright turns stored pixels the way a viewer honouring the EXIF/TIFF
// Orientation tag shows them (tags 3, 6, 8: the rotations, no mirrors).
func upright(img *image.RGBA, orientation uint16) *image.RGBA {
	switch orientation {
	case 6:
		return rotateClockwise(img, 1)
	case 8:
		return rotateClockwise(img, 3)
	case 3:
		return rotateClockwise(img, 2)
	}
	return img
}

func TestStoredTurnsAreUndoneByTheViewer(t *testing.T) {
	for _, o := range []uint16{1, 3, 6, 8} {
		got := upright(rotateClockwise(marked(), storedTurns(o)), o)
		if redAt(got) != image.Pt(0, 0) || got.Bounds().Size() != image.Pt(4, 2) {
			t.Errorf("orientation %d: the viewer's image has red at %v, size %v", o, redAt(got), got.Bounds().Size())
		}
	}
}

// exifOrientation reads the Orientation tag from a JPEG's APP1 segment.
func exifOrientation(t *testing.T, jpg []byte) uint16 {
	t.Helper()
	if !bytes.HasPrefix(jpg, []byte{0xFF, 0xD8, 0xFF, 0xE1}) {
		t.Fatalf("no APP1 right after SOI: % x", jpg[:4])
	}
	n := int(binary.BigEndian.Uint16(jpg[4:6]))
	seg := jpg[6 : 4+n]
	if !bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
		t.Fatalf("APP1 is not Exif: %q", seg[:6])
	}
	tf := seg[6:]
	var bo binary.ByteOrder = binary.BigEndian
	if string(tf[:2]) == "II" {
		bo = binary.LittleEndian
	}
	ifd := bo.Uint32(tf[4:8])
	count := int(bo.Uint16(tf[ifd:]))
	for i := range count {
		e := tf[int(ifd)+2+12*i:]
		if bo.Uint16(e) == 0x0112 {
			return bo.Uint16(e[8:])
		}
	}
	t.Fatal("no Orientation tag")
	return 0
}

func TestEXIFConditions(t *testing.T) {
	clean, err := SampleAs(testNow, ConditionClean)
	if err != nil {
		t.Fatal(err)
	}
	cleanImg, _, err := image.Decode(bytes.NewReader(clean.File))
	if err != nil {
		t.Fatal(err)
	}
	landscape := cleanImg.Bounds().Dx() > cleanImg.Bounds().Dy()
	for cond, want := range map[string]uint16{ConditionEXIF6: 6, ConditionEXIF8: 8, ConditionEXIF3: 3} {
		t.Run(cond, func(t *testing.T) {
			c, err := SampleAs(testNow, cond)
			if err != nil {
				t.Fatal(err)
			}
			if got := exifOrientation(t, c.File); got != want {
				t.Errorf("Orientation %d, want %d", got, want)
			}
			img, err := jpeg.Decode(bytes.NewReader(c.File))
			if err != nil {
				t.Fatalf("the JPEG with its Exif segment does not decode: %v", err)
			}
			// Stored sideways for 6 and 8: the long side swaps.
			stored := img.Bounds().Dx() > img.Bounds().Dy()
			if sideways := want != 3; (stored != landscape) != sideways {
				t.Errorf("stored %v landscape=%v; the page is landscape=%v", img.Bounds().Size(), stored, landscape)
			}
		})
	}
}

func TestTIFFCondition(t *testing.T) {
	c, err := SampleAs(testNow, ConditionTIFFOrientation)
	if err != nil {
		t.Fatal(err)
	}
	if c.Format != FormatTIFF || c.MediaType() != "image/tiff" || !bytes.HasPrefix(c.File, []byte("II*\x00")) {
		t.Fatalf("format %s %s, starts % x", c.Format, c.MediaType(), c.File[:4])
	}
	if _, err := tiff.Decode(bytes.NewReader(c.File)); err != nil {
		t.Fatalf("decode: %v", err)
	}
	// The Orientation tag (274) is in the first IFD with a rotation.
	le := binary.LittleEndian
	ifd := le.Uint32(c.File[4:])
	var orientation uint16
	for i := range int(le.Uint16(c.File[ifd:])) {
		e := c.File[int(ifd)+2+12*i:]
		if le.Uint16(e) == 274 {
			orientation = le.Uint16(e[8:])
		}
	}
	if orientation != 3 && orientation != 6 && orientation != 8 {
		t.Errorf("Orientation %d, want 3, 6 or 8", orientation)
	}
}

func TestHomographyMapsCorners(t *testing.T) {
	from := [4][2]float64{{0, 0}, {100, 0}, {100, 50}, {0, 50}}
	to := [4][2]float64{{10, 5}, {95, 12}, {104, 60}, {-3, 49}}
	h := homography(from, to)
	for i, p := range from {
		d := h[6]*p[0] + h[7]*p[1] + h[8]
		u := (h[0]*p[0] + h[1]*p[1] + h[2]) / d
		v := (h[3]*p[0] + h[4]*p[1] + h[5]) / d
		if math.Abs(u-to[i][0]) > 1e-6 || math.Abs(v-to[i][1]) > 1e-6 {
			t.Errorf("corner %v maps to (%.3f, %.3f), want %v", p, u, v, to[i])
		}
	}
	inv, ok := invert3(h)
	if !ok {
		t.Fatal("not invertible")
	}
	var id [9]float64
	for r := range 3 {
		for c := range 3 {
			for k := range 3 {
				id[r*3+c] += h[r*3+k] * inv[k*3+c]
			}
		}
	}
	for i, v := range id {
		want := 0.0
		if i%4 == 0 {
			want = 1
		}
		if math.Abs(v-want) > 1e-9 {
			t.Errorf("h x inverse = %v, want the identity", id)
			break
		}
	}
}

// TestConditionsChangePixelsNotWords renders one page in every image
// condition: each gives a decodable file of its format, and the sizes follow
// the resolution each condition scans at.
func TestConditionsChangePixelsNotWords(t *testing.T) {
	width := map[string]int{}
	for _, cond := range Conditions {
		c, err := SampleAs(testNow, cond)
		if err != nil {
			t.Fatalf("%s: %v", cond, err)
		}
		if c.Truth != (Truth{Valid, Valid, Valid, Valid, Valid}) {
			t.Errorf("%s: truth %+v changed with the condition", cond, c.Truth)
		}
		if c.Format == FormatPDF {
			continue
		}
		img, _, err := image.Decode(bytes.NewReader(c.File))
		if err != nil {
			t.Fatalf("%s: decode: %v", cond, err)
		}
		width[cond] = max(img.Bounds().Dx(), img.Bounds().Dy())
	}
	if !(width[ConditionSevere] < width[ConditionSmallPrint] && width[ConditionSmallPrint] < width[ConditionClean]) {
		t.Errorf("long sides: severe %d, small print %d, clean %d; want increasing", width[ConditionSevere], width[ConditionSmallPrint], width[ConditionClean])
	}
	if _, _, err := render([]page{{width: 100}, {width: 100}}, ConditionClean, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("a multi-page document as a PNG: want an error")
	}
}
