package tesseract

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/draw"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
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
		// Pages scanned or photographed turned: each is read the right way up.
		{"label turned a quarter clockwise", "image/png", encodePNG(t, imageprep.Turn(us, 1)), []string{"riverside community pharmacy", "alex testpatient", "wegovy 2.4 mg"}},
		{"label upside down", "image/png", encodePNG(t, imageprep.Turn(us, 2)), []string{"riverside community pharmacy", "alex testpatient", "wegovy 2.4 mg"}},
		{"label turned a quarter anticlockwise", "image/jpeg", encodeJPEG(t, imageprep.Turn(uk, 3), 85), []string{"highfield pharmacy", "jo fictional", "mounjaro 5mg"}},
		{"noisy photo upside down", "image/jpeg", encodeJPEG(t, imageprep.Turn(photoLike(us, 3, 60, 11), 2), 70), []string{"riverside community pharmacy", "alex testpatient", "wegovy"}},
		// Scanned 5 degrees askew: levelled before OCR.
		{"scan askew", "image/png", encodePNG(t, photoLike(us, 5, 0, 1)), []string{"riverside community pharmacy", "alex testpatient", "wegovy 2.4 mg"}},
		// Stored sideways with an EXIF tag saying to turn it clockwise.
		{"photo stored sideways, EXIF orientation 6", "image/jpeg", withOrientation(encodeJPEG(t, imageprep.Turn(uk, 3), 85), 6), []string{"highfield pharmacy", "jo fictional", "mounjaro 5mg"}},
		// Small, low-contrast print, as a dispensing label scanned at low
		// resolution: blurred, as every JPEG once was, it read as
		// "ightiehd Pharmacy" and "Mourparo Sang"; enlarged, it reads.
		// A shadow across the page: flattened, the text in it reads.
		{"photo with a shadow across it", "image/jpeg", encodeJPEG(t, shadowed(renderLabel(t, ukLabel, 24), 110, 245, 12, 5), 60), []string{"highfield pharmacy", "21/11/2026", "mounjaro", "reach of children"}},
		// A pharmacy's rubber stamp pressed on 11 degrees crooked below a
		// level page: the page's reading skips it, so it is read levelled
		// on its own.
		{"crooked rubber stamp", "image/png", encodePNG(t, withStamp(t, uk, []string{"NORTHGATE PHARMACY", "3 Northgate Parade", "Chester CH1 2HQ"}, 11)), []string{"mounjaro 5mg", "northgate pharmacy"}},
		// Small print inside a frame at about 100 dpi, blurred: the page
		// layout analysis finds no text in it, read as one block it reads.
		{"framed blurred small print", "image/jpeg", severeScan(t, renderLabel(t, []string{"Patient: Mr Owen Thomas", "Date filled: 11/09/2026", "Medication: Mounjaro 10 mg/0.5 mL single-dose pen", "Directions: Inject 10 mg once a week", "Rx 7718220   Refills: 1"}, 20)), []string{"owen thomas"}},
		{"small print JPEG scan", "image/jpeg", encodeJPEG(t, photoLike(renderLabel(t, ukLabel, 11), 0.5, 0, 3), 80), []string{"highfield pharmacy", "jo fictional", "mounjaro"}},
		// Light text on dark: an app in dark mode is read as dark on light,
		// and so is a pharmacy's name in a dark bar above a light label
		// (read again on its own, the label read as it is).
		{"app in dark mode", "image/png", encodePNG(t, inverted(renderLabel(t, usLabel, 30))), []string{"riverside community pharmacy", "alex testpatient", "wegovy 2.4 mg", "03/04/2026"}},
		{"app in dark mode, small", "image/jpeg", encodeJPEG(t, levels(inverted(renderLabel(t, usLabel, 13)), 25, 210), 80), []string{"riverside community pharmacy", "alex testpatient", "wegovy 2.4 mg", "03/04/2026"}},
		{"pharmacy name in a dark bar", "image/jpeg", encodeJPEG(t, stacked(inverted(renderLabel(t, []string{"NORTHGATE PHARMACY  Chester"}, 30)), renderLabel(t, ukLabel, 30)), 85), []string{"northgate pharmacy", "jo fictional", "mounjaro 5mg", "21/11/2026"}},
		{"pharmacy name in a dark bar, photo", "image/jpeg", encodeJPEG(t, shadowed(stacked(levels(inverted(renderLabel(t, []string{"NORTHGATE PHARMACY  Chester"}, 26)), 90, 250), renderLabel(t, ukLabel, 26)), 110, 245, 12, 5), 70), []string{"northgate pharmacy", "jo fictional", "mounjaro 5mg", "21/11/2026"}},
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
		page := renderLabel(t, label, 40)
		if i == 1 {
			page = imageprep.Turn(page, 1) // page two scanned sideways
		}
		f.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(encodePNG(t, page)))
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
		// Cut off by the request's deadline (a loaded machine; the helper
		// pool gives a slot only with 8 s left, and 1.5 s is kept to answer):
		// the client may retry
		// (503), it is no outage (500).
		{"out of time", "/bin/sleep 30", func() context.Context {
			ctx, cancel := context.WithTimeout(context.Background(), 11*time.Second)
			t.Cleanup(cancel)
			return ctx
		}, derrors.ErrBusy},
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

func px(left, top, width, height float64) evidence.Box {
	return evidence.Box{Left: left, Top: top, Width: width, Height: height}
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
	rd, err := parseReading(tsv)
	if err != nil {
		t.Fatalf("parseReading: %v", err)
	}
	got := rd.Lines
	want := []evidence.Line{
		// Each word keeps its own confidence (0: tesseract gave none), so
		// that a weak word in a line read well, or a word read well in a
		// line of specks, is judged as it was read.
		// Boxes are in the image's pixels until readPage places them.
		{Text: "RIVERSIDE PHARMACY", Confidence: 0.85, Words: []evidence.Word{{Text: "RIVERSIDE", Confidence: 0.90, Box: px(68, 57, 67, 10)}, {Text: "PHARMACY", Confidence: 0.80, Box: px(142, 57, 78, 10)}}},
		{Text: "Wegovy", Confidence: 0.70, Words: []evidence.Word{{Text: "Wegovy", Confidence: 0.70, Box: px(68, 91, 56, 10)}}},
		{Text: "2.4mg", Confidence: 0, Words: []evidence.Word{{Text: "2.4mg", Box: px(68, 91, 56, 10)}}},
		{Text: "page two", Confidence: 0.75, Words: []evidence.Word{{Text: "page", Confidence: 0.50, Box: px(68, 91, 56, 10)}, {Text: "two", Confidence: 1, Box: px(68, 91, 56, 10)}}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parseReading (-want +got):\n%s", diff)
	}
	if _, err := parseReading("Tesseract Open Source OCR Engine\n"); !errors.Is(err, derrors.ErrUnavailable) {
		t.Errorf("parseReading without header: error %v, want ErrUnavailable", err)
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

// withOrientation inserts an APP1 Exif segment holding only the
// orientation tag (big-endian TIFF, one IFD entry) after a JPEG's SOI.
func withOrientation(jpg []byte, o uint8) []byte {
	payload := append([]byte("Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00"), o, 0, 0, 0, 0, 0, 0)
	out := append([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0, byte(len(payload) + 2)}, payload...)
	return append(out, jpg[2:]...)
}

// TestReaderReadsTheLinesItsLayoutAnalysisMissed: a phone photo of a UK
// dispensing label with a shadow across it (from make heldout's set).
// Tesseract's page layout analysis reads the label's middle lines well and
// leaves out its bold first line, the medicine, and the date set apart at
// the right; the marks left outside its words are read again as sparse
// text and their lines kept.
func TestReaderReadsTheLinesItsLayoutAnalysisMissed(t *testing.T) {
	got := readPhoto(t, "testdata/shadowed-label.jpg")
	wantContains(t, got, "Mounjaro 7.5mg", "14/11/2026", "Mr Thomas Owen", "Boots Pharmacy")
	for _, l := range got.Lines {
		if alnum(l.Text) < 2 {
			t.Errorf("line %q holds no word", l.Text)
		}
	}
}

// TestReaderReadsAnAppInDarkMode: a screenshot of a pharmacy app in dark
// mode as a messaging app sends it, 600 pixels long (from make heldout's
// round 6). Tesseract's page layout analysis found no text in it at all.
func TestReaderReadsAnAppInDarkMode(t *testing.T) {
	got := readPhoto(t, "testdata/dark-app-600px.jpg")
	wantContains(t, got, "Prescriptions", "Wegovy 2.4 mg/0.75 mL pen", "Atorvastatin 20 mg tablet", "Sunbelt Family Pharmacy")
}

// TestReaderReadsATableHeaderRowInADarkBar: an insurer's statement as a
// messaging app sends it (from make heldout's round 6), its claims table
// headed by white words on a blue bar, which the page's reading passes
// over: the bar is read again inverted. The page itself is read as it is:
// inverted in the page, the header row gave tesseract's layout analysis
// columns, and each claim's date, patient and medicine came apart.
func TestReaderReadsATableHeaderRowInADarkBar(t *testing.T) {
	got := readPhoto(t, "testdata/claims-header-row.jpg")
	wantContains(t, got, "Fill date Patient Pharmacy Drug Qty", "11/23/2026 Patricia Huang (self) Coastline Drug #77 ATORVASTATIN 40 MG TAB")
}

// TestReaderReadsA600PixelPhoto: a till receipt as a messaging app sends
// it, 600 pixels long at JPEG 85 (from make heldout's round 7). Its small
// print's edges and the JPEG's blocks measure as noise; smoothed before
// it was enlarged, the print read "WEGOVY 1. 796/0. 75" and "HOLLOMAY".
func TestReaderReadsA600PixelPhoto(t *testing.T) {
	got := readPhoto(t, "testdata/receipt-600px.jpg")
	wantContains(t, got, "WEGOVY 1.7MG/0.75ML", "FILLED 11/22/2026", "HOLLOWAY, RENEE", "PATIENT: HOLLOWAY, DESMOND", "PICKED UP BY: DESMOND HOLLOWAY")
}

// readPhoto reads a JPEG from testdata with the installed tesseract.
func readPhoto(t *testing.T, path string) evidence.Text {
	t.Helper()
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := newReader(t).Read(context.Background(), evidence.Document{Body: body, MediaType: "image/jpeg"})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestReaderReadsAPageFromAfar: a label a third of a 12-megapixel frame
// wide, on a checked rug, is read as the label alone (round 20, unseen73's
// "faraway": measured with the frame, the rug's checks took the place of
// its characters and the page was reduced until nothing on it read), and
// its lines are placed where they lie in the whole frame.
func TestReaderReadsAPageFromAfar(t *testing.T) {
	r := newReader(t)
	label := renderLabel(t, []string{"Patient: Jonathan Kerridge", "Item: Mounjaro 10mg KwikPen x1", "Dispatched: 11 November 2026"}, 40)
	frame := image.NewGray(image.Rect(0, 0, 3000, 4000))
	for y := range 4000 {
		for x := range 3000 {
			frame.Pix[y*3000+x] = [2]uint8{95, 165}[(x/72+y/72)%2]
		}
	}
	at := image.Pt(1000, 1700)
	draw.Draw(frame, label.Bounds().Add(at), label, image.Point{}, draw.Src)
	got, err := r.Read(context.Background(), evidence.Document{Body: encodeJPEG(t, frame, 90), MediaType: "image/jpeg"})
	if err != nil {
		t.Fatal(err)
	}
	wantContains(t, got, "Jonathan Kerridge", "Mounjaro", "KwikPen", "11 November 2026")
	area := evidence.Box{Left: 1000.0 / 3000, Top: 1700.0 / 4000, Width: float64(label.Rect.Dx()) / 3000, Height: float64(label.Rect.Dy()) / 4000}
	for _, l := range got.Lines {
		if b := l.Box; b.Left < area.Left-0.01 || b.Top < area.Top-0.01 || b.Left+b.Width > area.Left+area.Width+0.01 || b.Top+b.Height > area.Top+area.Height+0.01 {
			t.Errorf("line %q at %+v, outside the label at %+v", l.Text, b, area)
		}
	}
}

// TestReadLongPagePDF: a page far longer than paper (a browser extension's
// "full page to PDF": 210 mm by 1.8 m here), its label in small print in the
// middle, is rendered with as many pixels across as A4 gets and read; at
// A4's 3508 pixels along, as before, its 9 pt print was 5 pixels high and
// nothing of it was read (unseen181's pdflongpage, round 32). The A4 page
// after it is rendered as before.
func TestReadLongPagePDF(t *testing.T) {
	r := newReader(t)
	if !r.PDFSupport() || r.pdfinfo == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftoppm and pdfinfo are required in CI (Debian: poppler-utils)")
		}
		t.Skip("skipping: poppler-utils not on PATH")
	}
	f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 1800}})
	f.AddPage()
	f.SetFont("Helvetica", "", 9)
	for i, l := range usLabel {
		f.Text(20, 900+float64(i)*5, l)
	}
	f.AddPageFormat("P", fpdf.SizeType{Wd: 210, Ht: 297})
	f.SetFont("Helvetica", "", 12)
	f.Text(20, 40, "Highfield Pharmacy")
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	if got := r.longSides(context.Background(), buf.Bytes(), 2); len(got) != 2 || got[0] <= pageSide || got[1] != pageSide {
		t.Fatalf("long sides = %v, want the long page's over %d and the A4 page's %d", got, pageSide, pageSide)
	}
	got, err := r.Read(context.Background(), evidence.Document{Body: buf.Bytes(), MediaType: "application/pdf"})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	wantContains(t, got, "riverside community pharmacy", "wegovy 2.4 mg", "highfield pharmacy")
}

// TestLongSide: the long side a page is rendered to, by how much longer
// than wide it is: A4 and Letter as before, a long page with A4's short
// side, within the page's pixel bound.
func TestLongSide(t *testing.T) {
	for _, tt := range []struct {
		aspect float64
		want   int
	}{
		{1.414, pageSide}, {1.294, pageSide}, {2.0, pageSide},
		{3.0, 3 * shortSide},
		{8.5, int(math.Sqrt(maxPagePixels * 8.5))},
	} {
		if got := longSide(tt.aspect); got != tt.want {
			t.Errorf("longSide(%v) = %d, want %d", tt.aspect, got, tt.want)
		}
	}
}
