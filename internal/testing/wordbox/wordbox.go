// Package wordbox tells where words lie on a page, independently of the
// readers under test: poppler's pdftotext -bbox for a PDF's text, and
// Tesseract run again on a box's crop of a page image. Tests of the
// readers' boxes and of the review page compare against it.
package wordbox

import (
	"bytes"
	"encoding/xml"
	"image"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
)

// Word is a word and its box in fractions of its page, top-left origin.
type Word struct {
	Text string
	Box  evidence.Box
}

// Centre is the centre of b.
func Centre(b evidence.Box) (x, y float64) { return b.Left + b.Width/2, b.Top + b.Height/2 }

// Distance is the larger of the horizontal and vertical distances between
// the centres of a and b.
func Distance(a, b evidence.Box) float64 {
	ax, ay := Centre(a)
	bx, by := Centre(b)
	return math.Max(math.Abs(ax-bx), math.Abs(ay-by))
}

// Nearest is the distance from b to the nearest of words spelt text, and
// false when none is.
func Nearest(words []Word, text string, b evidence.Box) (float64, bool) {
	best, found := math.Inf(1), false
	for _, w := range words {
		if w.Text == text {
			best, found = min(best, Distance(w.Box, b)), true
		}
	}
	return best, found
}

// tool finds a command, skipping the test when it is missing outside CI.
func tool(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	msg := name + " is not installed (Debian: apt-get install " + pkg + ")"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// Poppler is where pdftotext -bbox (poppler, as pdftoppm renders the page
// for OCR and review) has each word of page n (from 1) of pdf.
func Poppler(t *testing.T, pdf []byte, n int) []Word {
	t.Helper()
	page := strconv.Itoa(n)
	cmd := exec.Command(tool(t, "pdftotext", "poppler-utils"), "-bbox", "-f", page, "-l", page, "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	var doc struct {
		Pages []struct {
			Width  float64 `xml:"width,attr"`
			Height float64 `xml:"height,attr"`
			Words  []struct {
				XMin float64 `xml:"xMin,attr"`
				YMin float64 `xml:"yMin,attr"`
				XMax float64 `xml:"xMax,attr"`
				YMax float64 `xml:"yMax,attr"`
				Text string  `xml:",chardata"`
			} `xml:"word"`
		} `xml:"body>doc>page"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil || len(doc.Pages) == 0 {
		t.Fatalf("read pdftotext's words: %v", err)
	}
	p := doc.Pages[0]
	if quarterTurned(t, pdf, page) {
		// pdftotext gives a turned page's width and height as stored,
		// its words' boxes as shown.
		p.Width, p.Height = p.Height, p.Width
	}
	var words []Word
	for _, w := range p.Words {
		words = append(words, Word{Text: w.Text, Box: evidence.Box{
			Left: w.XMin / p.Width, Top: w.YMin / p.Height,
			Width: (w.XMax - w.XMin) / p.Width, Height: (w.YMax - w.YMin) / p.Height,
		}})
	}
	return words
}

// quarterTurned reports whether page of pdf is shown turned a quarter
// (its /Rotate 90 or 270), by pdfinfo.
func quarterTurned(t *testing.T, pdf []byte, page string) bool {
	t.Helper()
	cmd := exec.Command(tool(t, "pdfinfo", "poppler-utils"), "-f", page, "-l", page, "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	m := regexp.MustCompile(`(?m)^Page\s+\d+\s+rot:\s+(\d+)`).FindSubmatch(out)
	return m != nil && (string(m[1]) == "90" || string(m[1]) == "270")
}

// ReadBox is what Tesseract reads, as one line of text, in box (fractions)
// of page, with a margin of a quarter of the box's height around it:
// letters and digits only, lower-cased.
func ReadBox(t *testing.T, page *image.Gray, box evidence.Box) string {
	t.Helper()
	w, h := float64(page.Rect.Dx()), float64(page.Rect.Dy())
	m := box.Height * h / 4
	r := image.Rect(int(box.Left*w-m), int(box.Top*h-m), int((box.Left+box.Width)*w+m), int((box.Top+box.Height)*h+m))
	crop := imageprep.Crop(page, r)
	cmd := exec.Command(tool(t, "tesseract", "tesseract-ocr"), "stdin", "stdout", "-l", "eng", "--psm", "7")
	cmd.Stdin = bytes.NewReader(imageprep.PGM(crop))
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("tesseract on a box: %v", err)
	}
	return Letters(string(out))
}

// Letters is s's letters and digits, lower-cased.
func Letters(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return -1
	}, s)
}

// Reads reports whether got (Letters of an OCR reading of a box) reads as
// want: holds it, or differs by OCR's usual confusions (5 read s, 0 read
// o), up to one edit in three letters.
func Reads(got, want string) bool {
	want = Letters(want)
	if strings.Contains(got, want) {
		return true
	}
	// The best alignment of want inside got, allowing edits.
	return substringDistance(got, want) <= max(1, len(want)/3)
}

// substringDistance is the least edit distance between want and any
// substring of got.
func substringDistance(got, want string) int {
	prev := make([]int, len(got)+1) // a match may start anywhere: row 0 is all 0
	for i := 1; i <= len(want); i++ {
		cur := make([]int, len(got)+1)
		cur[0] = i
		for j := 1; j <= len(got); j++ {
			cost := 1
			if want[i-1] == got[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return min(prev[0], minOf(prev[1:]))
}

func minOf(vs []int) int {
	m := len(vs) + 1<<20
	for _, v := range vs {
		m = min(m, v)
	}
	return m
}
