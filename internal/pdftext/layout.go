package pdftext

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// Gaps are measured in ems of the larger font on either side.
const (
	// wordGap: a gap wider than this between two fragments is a space.
	wordGap = 0.15
	// columnGap: a gap wider than this starts a new line (another column or field).
	columnGap = 3.0
	// sameBaseline: fragments whose baselines differ by less than this share a row.
	sameBaseline = 0.4
)

// layoutLines groups a page's fragments into rows by baseline (top to
// bottom), orders each row left to right, joins fragments into words and
// splits a row where a wide gap separates columns.
func layoutLines(frags []fragment) []string {
	if len(frags) == 0 {
		return nil
	}
	frags = slices.Clone(frags)
	slices.SortStableFunc(frags, func(a, b fragment) int { return cmp.Compare(b.y, a.y) })

	var lines []string
	row := frags[:1]
	for _, f := range frags[1:] {
		if row[0].y-f.y <= sameBaseline*max(em(row[0]), em(f)) {
			row = append(row, f)
			continue
		}
		lines = append(lines, rowLines(row)...)
		row = []fragment{f}
	}
	return append(lines, rowLines(row)...)
}

func rowLines(row []fragment) []string {
	row = slices.Clone(row)
	slices.SortStableFunc(row, func(a, b fragment) int { return cmp.Compare(a.x, b.x) })

	var lines []string
	var b strings.Builder
	flush := func() {
		if s := strings.Join(strings.Fields(b.String()), " "); s != "" {
			lines = append(lines, s)
		}
		b.Reset()
	}
	prev := row[0]
	b.WriteString(prev.text)
	for _, f := range row[1:] {
		// Fake bold draws the same string twice, a hair apart.
		if f.text == prev.text && math.Abs(f.x-prev.x) < 0.2*em(f) {
			continue
		}
		gap := (f.x - prev.endX) / max(em(prev), em(f))
		switch {
		case gap > columnGap:
			flush()
		case gap > wordGap:
			b.WriteByte(' ')
		}
		b.WriteString(f.text)
		prev = f
	}
	flush()
	return lines
}

// em is a fragment's font size, with a floor for degenerate sizes.
func em(f fragment) float64 { return max(f.size, 1) }
