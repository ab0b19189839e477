package pdftext

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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

// line is a line laid out from a page's fragments: its words (text is
// them joined by spaces) and the box of each, in default user space.
type line struct {
	text  string
	words []string
	boxes []rect
}

// layoutLines groups a page's fragments into rows by baseline (top to
// bottom), orders each row left to right, joins fragments into words and
// splits a row where a wide gap separates columns.
func layoutLines(frags []fragment) []line {
	if len(frags) == 0 {
		return nil
	}
	frags = slices.Clone(frags)
	slices.SortStableFunc(frags, func(a, b fragment) int { return cmp.Compare(b.y, a.y) })

	var lines []line
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

func rowLines(row []fragment) []line {
	row = slices.Clone(row)
	slices.SortStableFunc(row, func(a, b fragment) int { return cmp.Compare(a.x, b.x) })

	var lines []line
	var words []string
	var boxes []rect
	// open is true while the last word may go on in the next fragment.
	open := false
	flush := func() {
		if len(words) > 0 {
			lines = append(lines, line{text: strings.Join(words, " "), words: words, boxes: boxes})
		}
		words, boxes, open = nil, nil, false
	}
	add := func(f fragment) {
		n := 0
		for range strings.FieldsSeq(f.text) {
			n++
		}
		spans := f.words
		if len(spans) != n {
			spans = shares(f, strings.Fields(f.text))
		}
		joins := open && !startsWithSpace(f.text)
		i := 0
		for p := range strings.FieldsSeq(f.text) {
			b := wordBox(f, spans[i])
			if i == 0 && joins {
				words[len(words)-1] += p
				boxes[len(boxes)-1] = boxes[len(boxes)-1].union(b)
			} else {
				words, boxes = append(words, p), append(boxes, b)
			}
			i++
		}
		open = n > 0 && !endsWithSpace(f.text)
	}
	prev := row[0]
	add(prev)
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
			open = false
		}
		add(f)
		prev = f
	}
	flush()
	return lines
}

func startsWithSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
}

func endsWithSpace(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsSpace(r)
}

// shares places the words of a fragment whose word spans were not measured
// (or do not line up with its text) by their share of its characters.
func shares(f fragment, parts []string) []span {
	total := utf8.RuneCountInString(f.text)
	if total == 0 {
		return make([]span, len(parts))
	}
	per := (f.endX - f.x) / float64(total)
	spans := make([]span, 0, len(parts))
	rest, at := f.text, 0
	for _, p := range parts {
		i := strings.Index(rest, p)
		at += utf8.RuneCountInString(rest[:i])
		n := utf8.RuneCountInString(p)
		spans = append(spans, span{f.x + float64(at)*per, f.x + float64(at+n)*per})
		at += n
		rest = rest[i+len(p):]
	}
	return spans
}

// Glyphs reach about this far above and below the baseline, in ems.
const ascent, descent = 0.8, 0.22

// wordBox is the box of a word of f along s.
func wordBox(f fragment, s span) rect {
	return emptyRect.add(s.x0, f.y-descent*f.size).add(s.x1, f.y+ascent*f.size)
}

// em is a fragment's font size, with a floor for degenerate sizes.
func em(f fragment) float64 { return max(f.size, 1) }
