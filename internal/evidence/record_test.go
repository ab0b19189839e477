package evidence_test

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/evidence"
)

func TestKeepReading(t *testing.T) {
	lines := func(n int, text string) []evidence.Line {
		ls := make([]evidence.Line, n)
		for i := range ls {
			ls[i] = evidence.Line{Text: text, Confidence: 0.9}
		}
		return ls
	}
	tests := []struct {
		name              string
		text              evidence.Text
		wantLines, wantOm int
	}{
		{name: "a label", text: evidence.Text{Lines: lines(30, "Dana Whitcombe")}, wantLines: 30},
		{name: "too many lines", text: evidence.Text{Lines: lines(evidence.MaxReadingLines+7, "x")}, wantLines: evidence.MaxReadingLines, wantOm: 7},
		{name: "too much text", text: evidence.Text{Lines: lines(40, strings.Repeat("a", 1000))}, wantLines: evidence.MaxReadingText / 1000, wantOm: 40 - evidence.MaxReadingText/1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := evidence.KeepReading(tt.text)
			if len(r.Lines) != tt.wantLines || r.Omitted != tt.wantOm {
				t.Errorf("kept %d lines, omitted %d; want %d and %d", len(r.Lines), r.Omitted, tt.wantLines, tt.wantOm)
			}
		})
	}
	off := evidence.KeepReading(evidence.Text{Lines: []evidence.Line{{Text: "x", Box: evidence.Box{Left: math.NaN(), Width: 0.1}}, {Text: "y", Box: evidence.Box{Left: 0.5, Width: 0.7}}}})
	if off.Lines[0].Box != nil || off.Lines[1].Box != nil {
		t.Errorf("boxes off the page kept: %+v, %+v", off.Lines[0].Box, off.Lines[1].Box)
	}
	if r := evidence.KeepReading(evidence.Text{Source: "tesseract"}); r != nil {
		t.Errorf("nothing read kept as %+v, want nil", r)
	}
	got := evidence.KeepReading(evidence.Text{
		Pages: []evidence.Page{{Turns: 1}},
		Lines: []evidence.Line{{Text: "Zepbound 5 mg", Confidence: 0.91234, Page: 1, Words: []evidence.Word{{Text: "Zepbound"}},
			Box: evidence.Box{Left: 0.123456, Top: 0.5, Width: 0.25, Height: 0.019999}}},
	})
	want := &evidence.Reading{Pages: []evidence.Page{{Turns: 1}}, Lines: []evidence.LineRead{
		{Text: "Zepbound 5 mg", Confidence: 0.912, Page: 1, Box: &evidence.Box{Left: 0.1235, Top: 0.5, Width: 0.25, Height: 0.02}},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("KeepReading (-want +got):\n%s", diff)
	}
}
