package tesseract

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/go-pdf/fpdf"
	"github.com/google/go-cmp/cmp"
)

// newReader returns a Reader for the installed tesseract. Without one the
// test skips, except in CI (CI=true), which installs it and must run these.
func newReader(t *testing.T) *Reader {
	t.Helper()
	r, err := New(context.Background())
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("tesseract is required in CI: %v", err)
		}
		t.Skipf("skipping OCR test: %v (Debian: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils)", err)
	}
	return r
}

var (
	usLabel = []string{
		"RIVERSIDE COMMUNITY PHARMACY",
		"Rx 6023417  Filled 03/04/2026",
		"ALEX TESTPATIENT",
		"Wegovy 2.4 mg/0.75 mL pen",
		"Inject 2.4 mg once weekly",
	}
	ukLabel = []string{
		"Highfield Pharmacy, Leeds LS1 4AB",
		"Ms Jo Fictional   21/11/2026",
		"Mounjaro 5mg solution for injection",
		"Keep out of the sight and reach of children",
	}
)

// wantContains checks that each wanted phrase is in some line, ignoring case.
func wantContains(t *testing.T, got evidence.Text, want ...string) {
	t.Helper()
	var all []string
	for _, l := range got.Lines {
		all = append(all, strings.ToLower(l.Text))
		if l.Confidence <= 0 || l.Confidence > 1 {
			t.Errorf("line confidence %v outside (0, 1]", l.Confidence)
		}
	}
	for _, w := range want {
		found := false
		for _, l := range all {
			found = found || strings.Contains(l, strings.ToLower(w))
		}
		if !found {
			t.Errorf("no line contains %q; got %d lines:\n%s", w, len(all), strings.Join(all, "\n"))
		}
	}
}

func TestReadImages(t *testing.T) {
	r := newReader(t)
	us := renderLabel(t, usLabel, 40)
	uk := renderLabel(t, ukLabel, 36)
	tests := []struct {
		name      string
		mediaType string
		body      []byte
		want      []string
	}{
		{"US label PNG", "image/png", encodePNG(t, us), []string{"riverside community pharmacy", "alex testpatient", "wegovy 2.4 mg", "03/04/2026"}},
		{"UK label JPEG", "image/jpeg", encodeJPEG(t, uk, 80), []string{"highfield pharmacy", "jo fictional", "mounjaro 5mg", "21/11/2026"}},
		{"UK label TIFF", "image/tiff", encodeTIFF(t, uk), []string{"highfield pharmacy", "jo fictional", "mounjaro 5mg"}},
		{"photo-like JPEG", "image/jpeg", encodeJPEG(t, photoLike(us, 1.5, 20, 7), 85), []string{"riverside community pharmacy", "alex testpatient", "wegovy"}},
		// Unsmoothed, tesseract reads nothing from this one.
		{"noisy photo JPEG", "image/jpeg", encodeJPEG(t, photoLike(us, 3, 60, 11), 70), []string{"riverside community pharmacy", "alex testpatient", "wegovy"}},
		// A colour JPEG decodes to Y'CbCr, whose luma plane is read as the grey image.
		{"noisy colour photo JPEG", "image/jpeg", encodeJPEG(t, tinted(photoLike(us, 3, 60, 11)), 70), []string{"riverside community pharmacy", "alex testpatient", "wegovy"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := r.Read(context.Background(), evidence.Document{Body: tt.body, MediaType: tt.mediaType})
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if got.Source != "tesseract" {
				t.Errorf("Source = %q, want tesseract", got.Source)
			}
			wantContains(t, got, tt.want...)
		})
	}
}

func TestReadScannedPDF(t *testing.T) {
	r := newReader(t)
	if !r.PDFSupport() {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftoppm is required in CI (Debian: poppler-utils)")
		}
		t.Skip("skipping: pdftoppm not on PATH (Debian: apt-get install poppler-utils)")
	}
	f := fpdf.New("P", "mm", "A4", "")
	for i, label := range [][]string{usLabel, ukLabel} {
		f.AddPage()
		name := []string{"us", "uk"}[i]
		f.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(encodePNG(t, renderLabel(t, label, 40))))
		f.ImageOptions(name, 15, 15, 180, 0, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	}
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := r.Read(context.Background(), evidence.Document{Body: buf.Bytes(), MediaType: "application/pdf"})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	wantContains(t, got, "riverside community pharmacy", "wegovy 2.4 mg", "highfield pharmacy", "mounjaro 5mg")
	// Page one comes before page two.
	first, second := -1, -1
	for i, l := range got.Lines {
		if strings.Contains(strings.ToLower(l.Text), "riverside") && first < 0 {
			first = i
		}
		if strings.Contains(strings.ToLower(l.Text), "highfield") && second < 0 {
			second = i
		}
	}
	if first < 0 || second < 0 || first > second {
		t.Errorf("page order: riverside at line %d, highfield at line %d", first, second)
	}
}

func TestReadUnreadable(t *testing.T) {
	r := newReader(t)
	tests := []struct {
		name      string
		mediaType string
		body      []byte
	}{
		{"text claimed as PNG", "image/png", []byte("this is not an image")},
		{"empty JPEG", "image/jpeg", nil},
		{"PNG header with a broken body", "image/png", pngHeader(40, 40)},
		{"absurd dimensions", "image/png", pngHeader(100_000, 100_000)},
		{"unsupported media type", "text/plain", []byte("hello")},
		{"corrupt PDF", "application/pdf", []byte("%PDF-1.4\nnot really\n%%EOF\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := r.Read(context.Background(), evidence.Document{Body: tt.body, MediaType: tt.mediaType})
			if !errors.Is(err, evidence.ErrUnreadable) {
				t.Fatalf("Read error = %v, want one wrapping evidence.ErrUnreadable", err)
			}
			if len(got.Lines) != 0 {
				t.Errorf("got %d lines with an error", len(got.Lines))
			}
		})
	}
}

func TestReadBlankImage(t *testing.T) {
	r := newReader(t)
	got, err := r.Read(context.Background(), evidence.Document{Body: encodePNG(t, renderLabel(t, nil, 40)), MediaType: "image/png"})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	if len(got.Lines) != 0 {
		t.Errorf("blank image read as %d lines", len(got.Lines))
	}
}

// pngHeader is a PNG signature and a valid IHDR chunk claiming w×h pixels,
// with no image data after it.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 0 // 8-bit grayscale
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

// fakeTesseract puts a shell script named tesseract first on PATH. It
// answers --list-langs with langs and otherwise runs body.
func fakeTesseract(t *testing.T, langs, body string) {
	t.Helper()
	dir := t.TempDir()
	script := "#!/bin/sh\nif [ \"$1\" = --list-langs ]; then printf 'List of available languages (2):\\n" + langs + "\\n'; exit 0; fi\ncat >/dev/null\n" + body + "\n"
	if err := os.WriteFile(filepath.Join(dir, "tesseract"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
}

func TestNew(t *testing.T) {
	t.Run("not installed", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		if _, err := New(context.Background()); !errors.Is(err, derrors.ErrUnavailable) {
			t.Fatalf("New error = %v, want one wrapping derrors.ErrUnavailable", err)
		}
	})
	t.Run("no English data", func(t *testing.T) {
		fakeTesseract(t, "osd", "exit 0")
		if _, err := New(context.Background()); !errors.Is(err, derrors.ErrUnavailable) {
			t.Fatalf("New error = %v, want one wrapping derrors.ErrUnavailable", err)
		}
	})
	t.Run("no pdftoppm", func(t *testing.T) {
		fakeTesseract(t, "eng", "exit 0")
		r, err := New(context.Background())
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		if r.PDFSupport() {
			t.Error("PDFSupport() = true without pdftoppm on PATH")
		}
		_, err = r.Read(context.Background(), evidence.Document{Body: []byte("%PDF-1.4"), MediaType: "application/pdf"})
		if !errors.Is(err, evidence.ErrUnreadable) || !strings.Contains(err.Error(), "pdftoppm") {
			t.Fatalf("Read PDF error = %v, want ErrUnreadable naming pdftoppm", err)
		}
	})
}

func TestReadFailures(t *testing.T) {
	img := encodePNG(t, renderLabel(t, []string{"x"}, 20))
	tests := []struct {
		name   string
		script string
		ctx    func() context.Context
		want   error
	}{
		{"tesseract rejects the image", "echo 'Error in pixReadMem' >&2; exit 1", nil, evidence.ErrUnreadable},
		{"output is not TSV", "echo garbage", nil, derrors.ErrUnavailable},
		{"canceled", "sleep 5", func() context.Context {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx
		}, derrors.ErrUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fakeTesseract(t, "eng", tt.script)
			r, err := New(context.Background())
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			ctx := context.Background()
			if tt.ctx != nil {
				ctx = tt.ctx()
			}
			_, err = r.Read(ctx, evidence.Document{Body: img, MediaType: "image/png"})
			if !errors.Is(err, tt.want) {
				t.Fatalf("Read error = %v, want one wrapping %v", err, tt.want)
			}
		})
	}
}

func TestBlurredPGM(t *testing.T) {
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
			got := blurredPGM(tt.src)
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

func TestGrayOf(t *testing.T) {
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
			g := grayOf(tt.src)
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

func TestParseTSV(t *testing.T) {
	const header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
	tsv := header +
		"1\t1\t0\t0\t0\t0\t0\t0\t708\t1000\t-1\t\n" +
		"4\t1\t1\t1\t1\t0\t68\t57\t229\t10\t-1\t\n" +
		"5\t1\t1\t1\t1\t1\t68\t57\t67\t10\t90\tRIVERSIDE\n" +
		"5\t1\t1\t1\t1\t2\t142\t57\t78\t10\t80\tPHARMACY\n" +
		"5\t1\t1\t1\t1\t3\t142\t57\t78\t10\t95\t \n" +
		"5\t1\t2\t1\t1\t1\t68\t91\t56\t10\t70\tWegovy\n" +
		"5\t1\t2\t1\t2\t1\t68\t91\t56\t10\t-1\t2.4mg\n" +
		"5\t2\t1\t1\t1\t1\t68\t91\t56\t10\t50\tpage\n" +
		"5\t2\t1\t1\t1\t2\t68\t91\t56\t10\t100\ttwo\n"
	got, err := parseTSV(tsv)
	if err != nil {
		t.Fatalf("parseTSV: %v", err)
	}
	want := []evidence.Line{
		{Text: "RIVERSIDE PHARMACY", Confidence: 0.85},
		{Text: "Wegovy", Confidence: 0.70},
		{Text: "2.4mg", Confidence: 0},
		{Text: "page two", Confidence: 0.75},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parseTSV (-want +got):\n%s", diff)
	}
	if _, err := parseTSV("Tesseract Open Source OCR Engine\n"); !errors.Is(err, derrors.ErrUnavailable) {
		t.Errorf("parseTSV without header: error %v, want ErrUnavailable", err)
	}
}

// BenchmarkReadLabel times one OCR of a typical label photo-sized PNG.
func BenchmarkReadLabel(b *testing.B) {
	r, err := New(context.Background())
	if err != nil {
		b.Skipf("tesseract not available: %v", err)
	}
	body := encodePNG(b, renderLabel(b, usLabel, 40))
	for b.Loop() {
		if _, err := r.Read(context.Background(), evidence.Document{Body: body, MediaType: "image/png"}); err != nil {
			b.Fatal(err)
		}
	}
}
