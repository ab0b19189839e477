package docread

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/png"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/pdftext"
	"github.com/clinicplatform/intake/internal/tesseract"
	"github.com/clinicplatform/intake/internal/testing/corpus"
	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The real readers together: a text PDF is read from its text layer, a
// scanned one (a picture of the same label) through tesseract.
func TestReaderWithRealEngines(t *testing.T) {
	ocr, err := tesseract.New(context.Background())
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("tesseract is required in CI: %v", err)
		}
		t.Skipf("skipping: %v (Debian: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils)", err)
	}
	label := []string{"RIVERSIDE COMMUNITY PHARMACY", "ALEX TESTPATIENT", "WEGOVY 2.4 MG"}
	l := Reader{PDF: pdftext.Reader{}, OCR: ocr}

	// An invisible text layer over the scan that names someone else, as a
	// doctored file would; honest scanners put the scan's own words there.
	hidden := []string{"Patient: Dana Whitcombe", "Boots Pharmacy"}
	tests := []struct {
		name       string
		body       []byte
		wantSource string
		absent     []string
		// unseen is the invisible layer, carried beside what OCR read.
		unseen []string
	}{
		{"text PDF", textPDF(t, label, ""), "pdf-text", nil, nil},
		{"scanned PDF", scannedPDF(t, label, nil), "tesseract", nil, nil},
		// The Go parser refuses encrypted files; pdftoppm opens those that need no user password.
		{"encrypted text PDF", textPDF(t, label, "owner-secret"), "tesseract", nil, nil},
		{"scan under an invisible text layer", scannedPDF(t, label, hidden), "tesseract", hidden, hidden},
		// A browser prints "color: transparent" text at fill alpha 0: the
		// page is read as it looks.
		{"text PDF with transparent text", transparentTextPDF(t, label, hidden), "tesseract", hidden, hidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := l.Read(context.Background(), evidence.Document{Body: tt.body, MediaType: "application/pdf"})
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if got.Source != tt.wantSource {
				t.Errorf("Source = %q, want %q", got.Source, tt.wantSource)
			}
			var all []string
			for _, line := range got.Lines {
				all = append(all, strings.ToLower(line.Text))
			}
			joined := strings.Join(all, "\n")
			for _, want := range label {
				if !strings.Contains(joined, strings.ToLower(want)) {
					t.Errorf("no line contains %q in:\n%s", want, joined)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(joined, strings.ToLower(s)) {
					t.Errorf("hidden text %q was read", s)
				}
			}
			var unseen []string
			for _, l := range got.Unseen {
				unseen = append(unseen, l.Text)
			}
			if !slices.Equal(unseen, tt.unseen) {
				t.Errorf("Unseen = %q, want %q", unseen, tt.unseen)
			}
		})
	}
}

// textPDF writes lines with a text layer; a non-empty ownerPassword encrypts
// the file without requiring a password to open it.
func textPDF(t *testing.T, lines []string, ownerPassword string) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "A4", "")
	if ownerPassword != "" {
		f.SetProtection(fpdf.CnProtectPrint, "", ownerPassword)
	}
	f.AddPage()
	f.SetFont("Helvetica", "", 12)
	for i, s := range lines {
		f.Text(20, float64(20+8*i), s)
	}
	return pdfBytes(t, f)
}

// scannedPDF places a rendered picture of the lines on a page, with an
// invisible text layer (render mode 3) of the hidden lines over it.
func scannedPDF(t *testing.T, lines, hidden []string) []byte {
	t.Helper()
	face, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	ff, err := opentype.NewFace(face, &opentype.FaceOptions{Size: 40, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewGray(image.Rect(0, 0, 900, 80+64*len(lines)))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	d := font.Drawer{Dst: img, Src: image.Black, Face: ff}
	for i, s := range lines {
		d.Dot = fixed.P(40, 80+64*i)
		d.DrawString(s)
	}
	var pngBuf bytes.Buffer
	if err := png.Encode(&pngBuf, img); err != nil {
		t.Fatal(err)
	}
	f := fpdf.New("P", "mm", "A4", "")
	f.AddPage()
	f.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, &pngBuf)
	f.ImageOptions("scan", 15, 15, 180, 0, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	f.SetFont("Helvetica", "", 12)
	f.SetTextRenderingMode(3)
	for i, s := range hidden {
		f.Text(20, float64(20+8*i), s)
	}
	return pdfBytes(t, f)
}

// transparentTextPDF writes lines with a text layer, and the hidden lines
// at fill alpha 0 below them.
func transparentTextPDF(t *testing.T, lines, hidden []string) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "A4", "")
	f.AddPage()
	f.SetFont("Helvetica", "", 12)
	for i, s := range lines {
		f.Text(20, float64(20+8*i), s)
	}
	f.SetAlpha(0, "Normal")
	for i, s := range hidden {
		f.Text(20, float64(60+8*i), s)
	}
	return pdfBytes(t, f)
}

func pdfBytes(t *testing.T, f *fpdf.Fpdf) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A page the right way up whose prepared reading finds no text at all is
// read again from the plain page that way up, not the way a junk reading
// of it upside down suggested: the FP10 of corpus seed 1, sent as a photo
// with EXIF orientation 3, came back as upside-down junk.
func TestReaderReadsTheUprightPageWhenItsPreparedReadingFindsNothing(t *testing.T) {
	ocr, err := tesseract.New(context.Background())
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("tesseract is required in CI: %v", err)
		}
		t.Skipf("skipping: %v", err)
	}
	const name = "uk/nhs-fp10/swapped-name/exif-3"
	cases, err := corpus.Generate(1, time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), "uk")
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(cases, func(c corpus.Case) bool { return c.Name == name })
	if i < 0 {
		t.Fatalf("corpus seed 1 has no case %s", name)
	}
	doc := evidence.Document{Body: cases[i].File, MediaType: evidence.JPEG}
	text, err := (Reader{PDF: pdftext.Reader{}, OCR: ocr}).Read(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, l := range text.Lines {
		all.WriteString(l.Text + "\n")
	}
	if !strings.Contains(all.String(), "Forename, Surname") {
		t.Errorf("the FP10's caption was not read; got:\n%s", all.String())
	}
}
