package imageprep

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/image/tiff"
)

// tiffWithOrientation is a TIFF structure (header and first IFD) whose
// IFD holds a dummy tag and then the orientation tag with value v and
// field type typ.
func tiffWithOrientation(order binary.ByteOrder, typ uint16, count uint32, v uint16) []byte {
	var b bytes.Buffer
	if order == binary.LittleEndian {
		b.WriteString("II")
	} else {
		b.WriteString("MM")
	}
	binary.Write(&b, order, uint16(42))
	binary.Write(&b, order, uint32(8))
	binary.Write(&b, order, uint16(2)) // two entries
	// ImageWidth, LONG, 1, 100
	binary.Write(&b, order, []uint16{0x0100, 4})
	binary.Write(&b, order, []uint32{1, 100})
	binary.Write(&b, order, []uint16{0x0112, typ})
	binary.Write(&b, order, count)
	binary.Write(&b, order, []uint16{v, 0})
	binary.Write(&b, order, uint32(0)) // no next IFD
	return b.Bytes()
}

// jpegWithSegments is a JPEG start-of-image marker, the given segments
// (marker, payload) and the rest of a real JPEG after its own SOI.
func jpegWithSegments(t *testing.T, segs ...[]byte) []byte {
	t.Helper()
	var img bytes.Buffer
	if err := jpeg.Encode(&img, image.NewGray(image.Rect(0, 0, 4, 2)), nil); err != nil {
		t.Fatal(err)
	}
	out := []byte{0xFF, 0xD8}
	for _, s := range segs {
		out = append(out, 0xFF, s[0], byte((len(s)+1)>>8), byte(len(s)+1))
		out = append(out, s[1:]...)
	}
	return append(out, img.Bytes()[2:]...)
}

func app1(payload []byte) []byte { return append([]byte{0xE1}, payload...) }

func exif(t []byte) []byte { return append([]byte("Exif\x00\x00"), t...) }

func TestEXIFOrientation(t *testing.T) {
	var plainTIFF bytes.Buffer
	if err := tiff.Encode(&plainTIFF, image.NewGray(image.Rect(0, 0, 2, 2)), nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		body []byte
		want Orientation
	}{
		{"JPEG, big-endian Exif, 6", jpegWithSegments(t, app1(exif(tiffWithOrientation(binary.BigEndian, 3, 1, 6)))), 6},
		{"JPEG, little-endian Exif, 8", jpegWithSegments(t, app1(exif(tiffWithOrientation(binary.LittleEndian, 3, 1, 8)))), 8},
		{"JPEG, Exif after JFIF APP0", jpegWithSegments(t, append([]byte{0xE0}, "JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"...), app1(exif(tiffWithOrientation(binary.BigEndian, 3, 1, 3)))), 3},
		{"JPEG, XMP APP1 before Exif", jpegWithSegments(t, app1([]byte("http://ns.adobe.com/xap/1.0/\x00<x/>")), app1(exif(tiffWithOrientation(binary.BigEndian, 3, 1, 5)))), 5},
		{"JPEG without Exif", jpegWithSegments(t), Upright},
		{"JPEG, orientation out of range", jpegWithSegments(t, app1(exif(tiffWithOrientation(binary.BigEndian, 3, 1, 9)))), Upright},
		{"JPEG, orientation of the wrong type", jpegWithSegments(t, app1(exif(tiffWithOrientation(binary.BigEndian, 4, 1, 6)))), Upright},
		{"JPEG, orientation with count 2", jpegWithSegments(t, app1(exif(tiffWithOrientation(binary.BigEndian, 3, 2, 6)))), Upright},
		{"JPEG, Exif cut short", jpegWithSegments(t, app1(exif(tiffWithOrientation(binary.BigEndian, 3, 1, 6)[:20]))), Upright},
		{"JPEG, segment length past the end", []byte{0xFF, 0xD8, 0xFF, 0xE1, 0x10, 0x00, 'E', 'x'}, Upright},
		{"JPEG, IFD offset past the end", jpegWithSegments(t, app1(exif([]byte{'M', 'M', 0, 42, 0xFF, 0, 0, 0}))), Upright},
		{"TIFF file, little-endian, 7", tiffWithOrientation(binary.LittleEndian, 3, 1, 7), 7},
		{"TIFF file without the tag", plainTIFF.Bytes(), Upright},
		{"PNG", []byte("\x89PNG\r\n\x1a\n"), Upright},
		{"empty", nil, Upright},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := EXIFOrientation(tt.body); got != tt.want {
				t.Errorf("EXIFOrientation = %d, want %d", got, tt.want)
			}
		})
	}
}

// FuzzEXIFOrientation: any input gives a valid orientation and no panic.
func FuzzEXIFOrientation(f *testing.F) {
	f.Add(tiffWithOrientation(binary.BigEndian, 3, 1, 6))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x08, 'E', 'x', 'i', 'f', 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		if o := EXIFOrientation(b); o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
		if o := EXIFOrientation(append([]byte{0xFF, 0xD8, 0xFF, 0xE1, byte((len(b) + 8) >> 8), byte(len(b) + 8), 'E', 'x', 'i', 'f', 0, 0}, b...)); o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
	})
}

// pixels lists g's grey levels row by row.
func pixels(g *image.Gray) [][]uint8 {
	var rows [][]uint8
	for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
		var row []uint8
		for x := g.Rect.Min.X; x < g.Rect.Max.X; x++ {
			row = append(row, g.GrayAt(x, y).Y)
		}
		rows = append(rows, row)
	}
	return rows
}

func TestOrient(t *testing.T) {
	// 1 2 3
	// 4 5 6
	src := grayImage(3, 2, 1, 2, 3, 4, 5, 6)
	tests := []struct {
		o    Orientation
		want [][]uint8
	}{
		{1, [][]uint8{{1, 2, 3}, {4, 5, 6}}},
		{2, [][]uint8{{3, 2, 1}, {6, 5, 4}}},
		{3, [][]uint8{{6, 5, 4}, {3, 2, 1}}},
		{4, [][]uint8{{4, 5, 6}, {1, 2, 3}}},
		{5, [][]uint8{{1, 4}, {2, 5}, {3, 6}}},
		{6, [][]uint8{{4, 1}, {5, 2}, {6, 3}}},
		{7, [][]uint8{{6, 3}, {5, 2}, {4, 1}}},
		{8, [][]uint8{{3, 6}, {2, 5}, {1, 4}}},
		{9, [][]uint8{{1, 2, 3}, {4, 5, 6}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, pixels(Orient(src, tt.o))); diff != "" {
			t.Errorf("Orient(%d) (-want +got):\n%s", tt.o, diff)
		}
	}
	// A sub-image (stride wider than its rows, origin not at zero).
	padded := grayImage(4, 3, 0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0)
	sub := padded.SubImage(image.Rect(1, 1, 3, 3)).(*image.Gray)
	if diff := cmp.Diff([][]uint8{{3, 1}, {4, 2}}, pixels(Orient(sub, 6))); diff != "" {
		t.Errorf("Orient(sub-image, 6) (-want +got):\n%s", diff)
	}
	for q, want := range [][][]uint8{{{1, 2, 3}, {4, 5, 6}}, {{4, 1}, {5, 2}, {6, 3}}, {{6, 5, 4}, {3, 2, 1}}, {{3, 6}, {2, 5}, {1, 4}}} {
		if diff := cmp.Diff(want, pixels(Turn(src, q))); diff != "" {
			t.Errorf("Turn(%d) (-want +got):\n%s", q, diff)
		}
	}
}

func TestDecodeAppliesEXIF(t *testing.T) {
	// A 40×20 JPEG, dark on its left half, tagged 6 (turn clockwise):
	// upright it is 20×40, dark on its top half.
	src := image.NewGray(image.Rect(0, 0, 40, 20))
	for y := range 20 {
		for x := range 40 {
			src.Pix[y*40+x] = map[bool]uint8{true: 0, false: 255}[x < 20]
		}
	}
	var img bytes.Buffer
	if err := jpeg.Encode(&img, src, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	seg := exif(tiffWithOrientation(binary.BigEndian, 3, 1, 6))
	body := append([]byte{0xFF, 0xD8, 0xFF, 0xE1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}, seg...)
	body = append(body, img.Bytes()[2:]...)

	g, err := Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rect.Dx() != 20 || g.Rect.Dy() != 40 {
		t.Fatalf("decoded %v, want 20×40", g.Rect.Size())
	}
	if top, bottom := g.GrayAt(10, 5).Y, g.GrayAt(10, 35).Y; top > 40 || bottom < 215 {
		t.Errorf("top %d, bottom %d: want dark over light", top, bottom)
	}

	out, ok, err := UprightJPEG(body)
	if err != nil || !ok {
		t.Fatalf("UprightJPEG: ok %v, err %v", ok, err)
	}
	if o := EXIFOrientation(out); o != Upright {
		t.Errorf("re-encoded orientation %d, want none", o)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(out))
	if err != nil || cfg.Width != 20 || cfg.Height != 40 {
		t.Errorf("re-encoded %d×%d (%v), want 20×40", cfg.Width, cfg.Height, err)
	}
	if same, ok, err := UprightJPEG(img.Bytes()); ok || err != nil || !bytes.Equal(same, img.Bytes()) {
		t.Errorf("UprightJPEG of an untagged JPEG: ok %v, err %v, changed %v", ok, err, !bytes.Equal(same, img.Bytes()))
	}
}

func TestDecodePGM(t *testing.T) {
	g, err := DecodePGM([]byte("P5\n# made by hand\n3 2\n255\n\x01\x02\x03\x04\x05\x06"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]uint8{{1, 2, 3}, {4, 5, 6}}, pixels(g)); diff != "" {
		t.Errorf("DecodePGM (-want +got):\n%s", diff)
	}
	round, err := DecodePGM(PGM(g))
	if err != nil || !cmp.Equal(pixels(round), pixels(g)) {
		t.Errorf("PGM round trip: %v, %v", pixels(round), err)
	}
	for _, bad := range []string{"P5\n3 2\n255\n\x01", "P5\n3 2\n65535\n\x00\x01\x00\x02\x00\x03\x00\x04\x00\x05\x00\x06", "P5\nx y\n255\n", "P5\n0 2\n255\n"} {
		if _, err := DecodePGM([]byte(bad)); err == nil {
			t.Errorf("DecodePGM(%q): no error", bad)
		}
	}
}
