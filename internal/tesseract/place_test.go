package tesseract

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/testing/corpus"
	"github.com/clinicplatform/intake/internal/testing/wordbox"
)

// TestLevelledBack: a mark on a page, levelled as plan levels a skewed
// page, maps back to where it was on the page.
func TestLevelledBack(t *testing.T) {
	page := image.NewGray(image.Rect(0, 0, 400, 300))
	for i := range page.Pix {
		page.Pix[i] = 255
	}
	mark := image.Rect(250, 60, 330, 90)
	for y := mark.Min.Y; y < mark.Max.Y; y++ {
		for x := mark.Min.X; x < mark.Max.X; x++ {
			page.SetGray(x, y, color.Gray{})
		}
	}
	for _, degrees := range []float64{-4, 2.5, 7} {
		levelled := imageprep.Rotate(page, degrees)
		ink := image.Rectangle{}
		for y := range 300 {
			for x := range 400 {
				if levelled.GrayAt(x, y).Y < 128 {
					ink = ink.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		back := levelledBack(levelled.Rect.Size(), degrees)(pixelBox(ink))
		if d := wordbox.Distance(back, pixelBox(mark)); d > 1.5 {
			t.Errorf("levelled by %v: the mark maps back to %+v, %.1f px from %v", degrees, back, d, mark)
		}
		if back.Width < float64(mark.Dx()) || back.Height < float64(mark.Dy()) {
			t.Errorf("levelled by %v: %+v does not cover the mark %v", degrees, back, mark)
		}
	}
}

// TestReadPlacesWords: the sample label as a scanned PDF, and its page
// rendered by poppler and stored upright or turned each way: the page is
// reported turned as the reader turned it, and every word read as the PDF
// spells it lies where poppler has it on the PDF, within 1.5% of the page.
func TestReadPlacesWords(t *testing.T) {
	if testing.Short() {
		t.Skip("OCR test skipped in -short mode")
	}
	r := newReader(t)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	pdf, err := corpus.Sample(now)
	if err != nil {
		t.Fatal(err)
	}
	want := wordbox.Poppler(t, pdf.File, 1)
	scanned, err := corpus.SampleAs(now, corpus.ConditionScannedPDF)
	if err != nil {
		t.Fatal(err)
	}
	rendered := renderPage(t, pdf.File)
	for _, tt := range []struct {
		name  string
		doc   evidence.Document
		turns int
	}{
		{"scanned PDF", evidence.Document{Body: scanned.File, MediaType: "application/pdf"}, 0},
		{"upright", pngOf(t, rendered), 0},
		{"stored a quarter turn clockwise", pngOf(t, imageprep.Turn(rendered, 1)), 3},
		{"stored upside down", pngOf(t, imageprep.Turn(rendered, 2)), 2},
		{"stored a quarter turn anticlockwise", pngOf(t, imageprep.Turn(rendered, 3)), 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text, err := r.Read(context.Background(), tt.doc)
			if err != nil {
				t.Fatal(err)
			}
			if len(text.Pages) != 1 || text.Pages[0].Turns != tt.turns {
				t.Errorf("pages %+v, want one turned %d quarters", text.Pages, tt.turns)
			}
			matched := 0
			for _, l := range text.Lines {
				if l.Page != 1 {
					t.Errorf("line %q on page %d, want 1", l.Text, l.Page)
				}
				for _, w := range l.Words {
					if !inside(w.Box, l.Box) {
						t.Errorf("word %q (%+v) outside its line's box %+v", w.Text, w.Box, l.Box)
					}
					d, ok := wordbox.Nearest(want, w.Text, w.Box)
					if !ok || len(w.Text) < 3 || !engineSpanned(want, w) {
						continue
					}
					matched++
					if d > 0.015 {
						t.Errorf("word %q at %+v: %.3f of the page from where poppler has it on the PDF", w.Text, w.Box, d)
					}
				}
			}
			if matched*2 < len(want) {
				t.Errorf("only %d of the PDF's %d words read as spelt there", matched, len(want))
			}
		})
	}
}

// renderPage is the first page of pdf as pdftoppm renders it at 200 dpi.
// engineSpanned reports the engine's box of word w about as wide as the
// PDF's word of its text: where the base-14 font is substituted by one the
// engine boxes badly (Nimbus Sans, fonts-urw-base35, which ImageMagick's
// Ghostscript brings: Tesseract 5.3 gave "Springfield," twice its width,
// starting a third of the word early), the engine's own box is not the
// placement this test checks.
func engineSpanned(want []wordbox.Word, w evidence.Word) bool {
	for _, p := range want {
		if p.Text == w.Text && w.Box.Width > p.Box.Width*2/3 && w.Box.Width < p.Box.Width*3/2 {
			return true
		}
	}
	return false
}

func renderPage(t *testing.T, pdf []byte) *image.Gray {
	t.Helper()
	out, err := newReader(t).run(context.Background(), pdf, "pdftoppm", "-gray", "-r", "200", "-f", "1", "-l", "1", "-")
	if err != nil {
		t.Fatalf("pdftoppm: %v", err)
	}
	g, err := imageprep.Decode(out)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func pngOf(t *testing.T, g *image.Gray) evidence.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, g); err != nil {
		t.Fatal(err)
	}
	return evidence.Document{Body: buf.Bytes(), MediaType: "image/png"}
}

func inside(in, out evidence.Box) bool {
	const slack = 1e-9
	return in.Left >= out.Left-slack && in.Top >= out.Top-slack &&
		in.Left+in.Width <= out.Left+out.Width+slack && in.Top+in.Height <= out.Top+out.Height+slack
}

// TestBoxesHoldTheirWords: on photos the reader prepares (light
// flattened, noise smoothed, shrunk, levelled, lines read again), each
// word read well lies in its box: the box cut from the page as turned
// upright reads as the word again.
func TestBoxesHoldTheirWords(t *testing.T) {
	if testing.Short() {
		t.Skip("OCR test skipped in -short mode")
	}
	r := newReader(t)
	photo, err := corpus.SampleAs(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), corpus.ConditionPhonePhoto)
	if err != nil {
		t.Fatal(err)
	}
	shadowed, err := os.ReadFile("testdata/shadowed-label.jpg")
	if err != nil {
		t.Fatal(err)
	}
	invoice, err := os.ReadFile("testdata/shadowed-invoice.jpg")
	if err != nil {
		t.Fatal(err)
	}
	// An FP10 whose layout measure misleads: the plain page, read the
	// other way up, reads best (TestReaderTurnsAPlainPageThatReadsAsJunk).
	fp10s, err := corpus.Generate(7, time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), "uk",
		corpus.Options{Layouts: []string{"nhs-fp10"}, Conditions: []string{corpus.ConditionEXIF8}})
	if err != nil {
		t.Fatal(err)
	}
	var fp10 []byte
	for _, c := range fp10s {
		if c.Condition == corpus.ConditionEXIF8 {
			fp10 = c.File
		}
	}
	for _, tt := range []struct {
		name string
		body []byte
	}{
		{"phone photo of the sample", photo.File},
		{"shadowed label", shadowed},
		{"shadowed invoice, unsure lines read again", invoice},
		{"FP10 read the other way up", fp10},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text, err := r.Read(context.Background(), evidence.Document{Body: tt.body, MediaType: "image/jpeg"})
			if err != nil {
				t.Fatal(err)
			}
			g, err := imageprep.Decode(tt.body)
			if err != nil {
				t.Fatal(err)
			}
			page := imageprep.Turn(g, text.Pages[0].Turns)
			var read []evidence.Word
			for _, l := range text.Lines {
				for _, w := range l.Words {
					if len(wordbox.Letters(w.Text)) >= 4 && w.Confidence >= 0.9 {
						read = append(read, w)
					}
				}
			}
			// Twenty of them, spread over the page's reading, keep the time down.
			const most = 20
			checked, held := 0, 0
			var missed []string
			for i := range min(len(read), most) {
				w := read[i*len(read)/min(len(read), most)]
				checked++
				if got := wordbox.ReadBox(t, page, w.Box); wordbox.Reads(got, w.Text) {
					held++
				} else {
					missed = append(missed, w.Text+" read "+got)
				}
			}
			if checked < 10 || held*10 < checked*9 {
				t.Errorf("%d of %d words read well hold their box; missed: %q", held, checked, missed)
			}
		})
	}
}

// TestBlockLines: words read from a block cut out of a page and levelled
// are moved back into the page's pixels.
func TestBlockLines(t *testing.T) {
	crop := image.Rect(100, 200, 300, 260)
	lines := []evidence.Line{{Text: "Boots", Words: []evidence.Word{{Text: "Boots", Box: px(10, 20, 50, 20)}, {Text: "?"}}}}
	got := blockLines(lines, crop, 0)
	if w := got[0].Words; w[0].Box != px(110, 220, 50, 20) || !w[1].Box.IsZero() {
		t.Errorf("words = %+v, want Boots at (110, 220) and no box for the word that had none", w)
	}
	// Levelled half a turn, the block's top-left corner is its bottom right.
	got = blockLines([]evidence.Line{{Words: []evidence.Word{{Text: "x", Box: px(0, 0, 20, 10)}}}}, crop, 180)
	if d := wordbox.Distance(got[0].Words[0].Box, px(279, 249, 20, 10)); d > 1e-6 {
		t.Errorf("levelled half a turn: %+v, want (279, 249) 20 x 10", got[0].Words[0].Box)
	}
}

// TestUncrop: lines read from a crop of the page are placed on the whole
// page, turned upright the same way.
func TestUncrop(t *testing.T) {
	crop, size := image.Rect(300, 400, 900, 1000), image.Pt(1200, 1600)
	whole := evidence.Box{Left: 0, Top: 0, Width: 1, Height: 1}
	half := evidence.Box{Left: 0.5, Top: 0, Width: 0.5, Height: 0.5}
	for _, tt := range []struct {
		turns int
		in    evidence.Box
		want  evidence.Box
	}{
		{0, whole, evidence.Box{Left: 0.25, Top: 0.25, Width: 0.5, Height: 0.375}},
		{0, half, evidence.Box{Left: 0.5, Top: 0.25, Width: 0.25, Height: 0.1875}},
		// Turned a quarter clockwise, the crop's top-left corner is at
		// the top right.
		{1, whole, evidence.Box{Left: 0.375, Top: 0.25, Width: 0.375, Height: 0.5}},
		{2, whole, evidence.Box{Left: 0.25, Top: 0.375, Width: 0.5, Height: 0.375}},
	} {
		lines := uncrop([]evidence.Line{{Box: tt.in, Words: []evidence.Word{{Box: tt.in}, {}}}}, crop, size, tt.turns)
		if got := lines[0].Box; !sameBox(got, tt.want) || !sameBox(lines[0].Words[0].Box, tt.want) || !lines[0].Words[1].Box.IsZero() {
			t.Errorf("turns %d, %+v: got %+v (words %+v), want %+v", tt.turns, tt.in, got, lines[0].Words, tt.want)
		}
	}
}

func sameBox(a, b evidence.Box) bool {
	near := func(x, y float64) bool { return x-y < 1e-9 && y-x < 1e-9 }
	return near(a.Left, b.Left) && near(a.Top, b.Top) && near(a.Width, b.Width) && near(a.Height, b.Height)
}
