package textract

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"

	"github.com/clinicplatform/intake/internal/evidence"
)

func near(a, b evidence.Box, within float64) bool {
	return math.Abs(a.Left-b.Left) <= within && math.Abs(a.Top-b.Top) <= within &&
		math.Abs(a.Width-b.Width) <= within && math.Abs(a.Height-b.Height) <= within
}

// contains reports in inside out, give or take 0.002 of the page: a LINE
// block's box is not exactly its words'.
func contains(out, in evidence.Box) bool {
	const slack = 2e-3
	return in.Left >= out.Left-slack && in.Top >= out.Top-slack &&
		in.Left+in.Width <= out.Left+out.Width+slack && in.Top+in.Height <= out.Top+out.Height+slack
}

// TestLinesLieWhereRead: each word lies where Textract read it on the page
// turned upright: the same label photographed turned each way places every
// word where the upright photo has it, and says how its page was turned; a
// row rebuilt from several LINE blocks holds each of them.
func TestLinesLieWhereRead(t *testing.T) {
	upright, pages := layout(decodeFixture(t, "us_vial_label_messy").Blocks)
	if len(pages) != 1 || pages[0].Turns != 0 {
		t.Errorf("upright page: %+v, want one page not turned", pages)
	}
	for _, tt := range []struct {
		name  string
		turns int
	}{
		// Photographed a quarter turn clockwise, the page is turned back
		// three quarters.
		{"us_vial_label_rotated_90", 3},
		{"us_vial_label_rotated_180", 2},
		{"us_vial_label_rotated_270", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, pages := layout(decodeFixture(t, tt.name).Blocks)
			if len(pages) != 1 || pages[0].Turns != tt.turns {
				t.Errorf("pages %+v, want one turned %d quarters", pages, tt.turns)
			}
			for i, l := range upright {
				if l.Page != 1 || got[i].Page != 1 {
					t.Errorf("line %q on page %d and %d, want 1", l.Text, l.Page, got[i].Page)
				}
				for k, w := range l.Words {
					// The turned fixtures' jitter differs by up to 0.0025 of the page.
					if g := got[i].Words[k]; g.Text != w.Text || !near(g.Box, w.Box, 5e-3) {
						t.Errorf("word %q at %+v, want %q at %+v as on the upright photo", g.Text, g.Box, w.Text, w.Box)
					}
				}
				if !near(got[i].Box, l.Box, 5e-3) {
					t.Errorf("line %q at %+v, want %+v", l.Text, got[i].Box, l.Box)
				}
			}
		})
	}

	out := decodeFixture(t, "us_vial_label_messy")
	byWord := map[string]evidence.Box{}
	for _, b := range out.Blocks {
		if b.BlockType == types.BlockTypeLine {
			bb := b.Geometry.BoundingBox
			byWord[aws.ToString(b.Text)] = evidence.Box{Left: float64(bb.Left), Top: float64(bb.Top), Width: float64(bb.Width), Height: float64(bb.Height)}
		}
	}
	joined := 0
	for _, l := range upright {
		held := 0
		for text, box := range byWord {
			if len(text) > 3 && containsText(l.Text, text) {
				held++
				if !contains(l.Box, box) {
					t.Errorf("line %q (%+v) does not hold its LINE block %q (%+v)", l.Text, l.Box, text, box)
				}
			}
		}
		if held > 1 {
			joined++
		}
	}
	if joined == 0 {
		t.Error("the fixture has no row joined from several LINE blocks: it tests nothing")
	}
}

func containsText(line, part string) bool {
	for i := 0; i+len(part) <= len(line); i++ {
		if line[i:i+len(part)] == part {
			return true
		}
	}
	return false
}

// TestPagesOfAJob: the lines of a multi-page job are placed on their own
// pages, and each page is reported.
func TestPagesOfAJob(t *testing.T) {
	var blocks []types.Block
	for _, name := range []string{"letter_two_pages.get_1", "letter_two_pages.get_2", "letter_two_pages.get_3"} {
		var out textract.GetDocumentTextDetectionOutput
		if err := json.Unmarshal(readFixture(t, name), &out); err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, out.Blocks...)
	}
	ls, pages := layout(blocks)
	if len(pages) != 2 {
		t.Errorf("pages %+v, want 2", pages)
	}
	on := map[int]int{}
	for _, l := range ls {
		on[l.Page]++
		if l.Box.IsZero() {
			t.Errorf("line %q has no box", l.Text)
		}
	}
	if on[1] == 0 || on[2] == 0 || len(on) != 2 {
		t.Errorf("lines by page: %v, want lines on pages 1 and 2 only", on)
	}
}
