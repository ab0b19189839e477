package textractstandin

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/evidence"
)

func runTexts(runs []run) []string {
	var out []string
	for _, r := range runs {
		var ws []string
		for _, w := range r.words {
			ws = append(ws, w.text)
		}
		out = append(out, strings.Join(ws, " "))
	}
	return out
}

// TestPageRuns: an engine's lines become Textract's LINEs.
func TestPageRuns(t *testing.T) {
	tests := []struct {
		name  string
		lines []evidence.Line
		want  []string
	}{
		{"words close together are one line",
			[]evidence.Line{ln(w("Take", 0.1, 0.1), w("one", 0.15, 0.1), w("weekly", 0.19, 0.1))},
			[]string{"Take one weekly"}},
		{"a wide gap splits a line",
			[]evidence.Line{ln(w("CHICAGO,", 0.1, 0.1), w("IL", 0.19, 0.1), w("60610", 0.4, 0.1))},
			[]string{"CHICAGO, IL", "60610"}},
		{"lines of one row close together are joined",
			[]evidence.Line{ln(w("Patient:", 0.1, 0.1)), ln(w("JANE", 0.19, 0.101), w("DOE", 0.24, 0.101))},
			[]string{"Patient: JANE DOE"}},
		{"columns are listed row by row",
			[]evidence.Line{
				ln(w("a1", 0.1, 0.1)), ln(w("a2", 0.1, 0.14)), ln(w("a3", 0.1, 0.18)),
				ln(w("b1", 0.6, 0.1)), ln(w("b2", 0.6, 0.14)),
			},
			[]string{"a1", "b1", "a2", "b2", "a3"}},
		{"words read twice are given once, the better reading",
			[]evidence.Line{
				ln(w("Fi1ed", 0.1, 0.1), w("on", 0.16, 0.1)),
				ln(w("Take", 0.1, 0.2)),
				ln(w("Filled", 0.101, 0.1), w("on", 0.161, 0.1), w("11/02/2026", 0.19, 0.1)),
			},
			[]string{"Filled on 11/02/2026", "Take"}},
		// unseen26's travel letter through the production reader (round
		// 14): "Wegovy" boxed with the table's rule under it held the
		// centre of the next line's "injection" and was left out.
		{"a word boxed tall over the next line's word is still a word",
			[]evidence.Line{
				ln(evidence.Word{Text: "Wegovy", Confidence: 0.84, Box: evidence.Box{Left: 0.1, Top: 0.1, Width: 0.06, Height: 0.045}}, w("2.4mg", 0.2, 0.105)),
				ln(w("injection", 0.1, 0.13)),
			},
			[]string{"Wegovy 2.4mg", "injection"}},
		{"a speck boxed wide over a word is still left out",
			[]evidence.Line{
				ln(w("SUNDERLAND", 0.1, 0.1), w("PHARMACY", 0.21, 0.1)),
				ln(evidence.Word{Text: "ne", Confidence: 0.2, Box: evidence.Box{Left: 0.12, Top: 0.1, Width: 0.2, Height: 0.045}}),
			},
			[]string{"SUNDERLAND PHARMACY"}},
		{"words without boxes share their line's",
			[]evidence.Line{{Text: "Rx 12345", Words: []evidence.Word{{Text: "Rx"}, {Text: "12345"}}, Box: evidence.Box{Left: 0.1, Top: 0.1, Width: 0.07, Height: 0.02}}},
			[]string{"Rx 12345"}},
		{"a first word boxed as its whole line ends where the next begins",
			[]evidence.Line{ln(evidence.Word{Text: "November", Confidence: 0.9, Box: evidence.Box{Left: 0.1, Top: 0.1, Width: 0.2, Height: 0.02}},
				w("6th,", 0.19, 0.1), w("2026", 0.24, 0.1)),
				ln(w("Nov", 0.1, 0.1))},
			[]string{"November 6th, 2026"}},
		{"a line without words or boxes is not placed",
			[]evidence.Line{{Text: "lost"}, ln(w("kept", 0.1, 0.1))},
			[]string{"kept"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, runTexts(pageRuns(tt.lines, image.Pt(1000, 1000)))); diff != "" {
				t.Errorf("LINEs (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGeometryTurned: a word on a page stored turned has its polygon in
// the stored frame, its first two points along the text: turned one
// quarter clockwise to be upright, the text runs up the stored image.
func TestGeometryTurned(t *testing.T) {
	b := evidence.Box{Left: 0.1, Top: 0.2, Width: 0.3, Height: 0.05}
	for _, tt := range []struct {
		turns int
		// direction of the text in the stored image, in degrees (y down).
		angle float64
		box   boundingBox
	}{
		{0, 0, boundingBox{Width: 0.3, Height: 0.05, Left: 0.1, Top: 0.2}},
		{1, -90, boundingBox{Width: 0.05, Height: 0.3, Left: 0.2, Top: 0.6}},
		{2, 180, boundingBox{Width: 0.3, Height: 0.05, Left: 0.6, Top: 0.75}},
		{3, 90, boundingBox{Width: 0.05, Height: 0.3, Left: 0.75, Top: 0.1}},
	} {
		g := geometryOf([4][2]float64{{b.Left, b.Top}, {b.Left + b.Width, b.Top}, {b.Left + b.Width, b.Top + b.Height}, {b.Left, b.Top + b.Height}}, tt.turns)
		p0, p1 := g.Polygon[0], g.Polygon[1]
		angle := math.Atan2(float64(p1.Y-p0.Y), float64(p1.X-p0.X)) * 180 / math.Pi
		if d := math.Mod(angle-tt.angle+540, 360) - 180; math.Abs(d) > 1e-3 {
			t.Errorf("turns %d: text runs at %.0f degrees, want %.0f", tt.turns, angle, tt.angle)
		}
		if diff := cmp.Diff(tt.box, g.BoundingBox, cmp.Comparer(func(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-6 })); diff != "" {
			t.Errorf("turns %d: bounding box (-want +got):\n%s", tt.turns, diff)
		}
		// Turned back, the polygon is the upright box.
		for i, want := range [4][2]float64{{0.1, 0.2}, {0.4, 0.2}, {0.4, 0.25}, {0.1, 0.25}} {
			x, y := float64(g.Polygon[i].X), float64(g.Polygon[i].Y)
			for range tt.turns {
				x, y = 1-y, x // a quarter turn clockwise
			}
			if math.Abs(x-want[0]) > 1e-6 || math.Abs(y-want[1]) > 1e-6 {
				t.Errorf("turns %d: point %d turned upright is (%.3f, %.3f), want %v", tt.turns, i, x, y, want)
			}
		}
	}
}

// sloped is a line of words of 0.02 height, 0.012 wide per letter, 0.008
// apart, starting at (x, y) and running at degrees on a square page: each
// word boxed as an engine boxes a word printed at a slope, by the box
// around it.
func sloped(degrees, x, y float64, texts ...string) evidence.Line {
	sin, cos := math.Sincos(degrees * math.Pi / 180)
	var words []evidence.Word
	along := 0.0
	for _, t := range texts {
		width, height := 0.012*float64(len(t)), 0.02
		cx, cy := x+(along+width/2)*cos, y+(along+width/2)*sin
		bw, bh := width*cos+height*math.Abs(sin), width*math.Abs(sin)+height*cos
		words = append(words, evidence.Word{Text: t, Confidence: 0.9, Box: evidence.Box{Left: cx - bw/2, Top: cy - bh/2, Width: bw, Height: bh}})
		along += width + 0.008
	}
	return ln(words...)
}

// TestSlopes: a page photographed at a slant gives LINEs at its slope, and
// a stamp pressed on crooked gives LINEs at the stamp's: each LINE's
// polygon runs along its own text, as Textract's do, and a crooked line is
// never joined to the page's.
func TestSlopes(t *testing.T) {
	angleOf := func(b Block) float64 {
		p0, p1 := b.Geometry.Polygon[0], b.Geometry.Polygon[1]
		return math.Atan2(float64(p1.Y-p0.Y), float64(p1.X-p0.X)) * 180 / math.Pi
	}
	for _, tt := range []struct {
		name  string
		lines []evidence.Line
		want  map[string]float64 // LINE text -> its slope in degrees
	}{
		{"a page at a slant", []evidence.Line{
			sloped(4, 0.1, 0.1, "Take", "one", "pen", "weekly"),
			sloped(4, 0.1, 0.2, "Patient:"), sloped(4, 0.2, 0.2+0.1*math.Tan(4*math.Pi/180), "JANE", "DOE"),
			sloped(4, 0.1, 0.3, "Filled", "on", "11/02/2026"),
		}, map[string]float64{"Take one pen weekly": 4, "Patient: JANE DOE": 4, "Filled on 11/02/2026": 4}},
		{"a crooked stamp on a level page", []evidence.Line{
			sloped(0, 0.1, 0.1, "Take", "one", "pen", "weekly"),
			sloped(0, 0.1, 0.15, "Filled", "on", "11/02/2026"),
			sloped(-12, 0.1, 0.6, "HARBOURSIDE", "PHARMACY"),
			sloped(-12, 0.1, 0.63, "14", "Quay", "Street"),
			sloped(0, 0.6, 0.3, "Refills:", "2"),
		}, map[string]float64{"Take one pen weekly": 0, "Filled on 11/02/2026": 0, "HARBOURSIDE PHARMACY": -12, "14 Quay Street": -12, "Refills: 2": 0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := map[string]float64{}
			for _, b := range pageBlocks(Page{Lines: tt.lines}, image.Pt(1000, 1000), 0, ids{}) {
				if b.BlockType == "LINE" {
					got[b.Text] = math.Round(angleOf(b))
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("LINE slopes (-want +got):\n%s", diff)
			}
		})
	}
}
