// Glyph distance: how OCR misreads the accented letters and ligatures of names.

package evidence

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// glyphs are a word's runes with typographic ligatures split ("ﬁ" is f, i).
func glyphs(s string) []rune {
	rs := make([]rune, 0, len(s))
	for _, r := range s {
		switch r {
		case 'ﬁ':
			rs = append(rs, 'f', 'i')
		case 'ﬂ':
			rs = append(rs, 'f', 'l')
		default:
			rs = append(rs, r)
		}
	}
	return rs
}

// markGlyphs is what OCR makes of an accented letter beyond the letter
// without its mark, letter by letter: the mark fused into the glyph (ñ read
// as f, or as "fi" or "ii"; ç read as g, or struck through as ¢). None of
// these readings is a spelling a name uses, so they explain a difference
// however sure the reader was of the line. Only the letters listed have
// such readings: a plain letter read as another plain letter (Müller read
// "Miller") is always an edit.
var markGlyphs = map[rune]struct {
	one []rune   // one glyph for the letter
	two []string // two glyphs for the letter
}{
	'ñ': {one: []rune{'f'}, two: []string{"fi", "ii"}},
	'ç': {one: []rune{'g', '¢'}, two: []string{"c¢"}},
}

// noisyGlyphs are readings of accented letters that OCR makes on lines it
// read less than well and that could also be another spelling: ö read as é,
// ñ as "ri" (Maña and Maria are two names). They explain a difference only
// on a noisy reading.
var noisyGlyphs = map[rune]struct {
	one []rune
	two []string
}{
	'ö': {one: []rune{'é'}},
	'ñ': {two: []string{"ri"}},
}

// glyphDistance is the edit distance (alignDistance) between the expected
// letters w and the OCR'd glyphs g (both lowercase, accents kept), or max+1
// when it exceeds max. These cost nothing: a letter read without its accent or with another
// accent on the same letter (é for è); an accented letter read as a digit
// (the mark garbles the glyph: ë as 6, Ó as 0); an accented letter read as
// one of its markGlyphs. On a noisy reading (noisy true) these cost nothing
// too: noisyGlyphs, and OCR's usual confusions (0/o, 1/l/i, 5/s, rn/m,
// vv/w). A plain letter read as another plain letter is always an edit, so
// "José" never matches "Josh" and "Müller" never matches "Miller".
func glyphDistance(w, g []rune, max int, noisy bool) int {
	if len(g) > 2*len(w)+max || len(w) > len(g)+max {
		return max + 1
	}
	c := editCosts[rune]{
		same:  func(w, g rune) bool { return sameGlyph(w, g, noisy) },
		asTwo: func(w, a, b rune) bool { return twoGlyphs(w, a, b, noisy) },
	}
	if noisy {
		c.twoAsOne = func(w1, w2, g rune) bool { return w1 == 'r' && w2 == 'n' && g == 'm' }
	}
	return alignDistance(w, g, max, c)
}

// sameGlyph reports whether OCR may have read the expected letter w as g;
// noisy allows the readings OCR makes only on lines it read less than well.
func sameGlyph(w, g rune, noisy bool) bool {
	fw, fg := fold(w), fold(g)
	switch {
	case fw == fg:
		return true
	case !isAccented(w):
		// A plain letter: only OCR's usual confusions, and only when noisy.
		return noisy && len(fw) == 1 && len(fg) == 1 && ocrForm(fw) == ocrForm(fg)
	case g >= '0' && g <= '9', slices.Contains(markGlyphs[w].one, g):
		return true
	case noisy && slices.Contains(noisyGlyphs[w].one, g):
		return true
	case noisy && len(fw) == 1 && len(fg) == 1:
		// í read as 1 or l, as its plain letter would be.
		return ocrForm(fw) == ocrForm(fg)
	}
	return false
}

// twoGlyphs reports whether OCR may have read the expected letter w as the
// two glyphs a, b: an accented letter as two of its markGlyphs (ñ as "fi");
// a letter that folds to two ("ß", "æ") as those two; on a noisy reading
// also m as "rn", w as "vv", the two-glyph noisyGlyphs (ñ as "ri") and an
// accented letter as its plain letter and the mark read as an accented
// letter of its own (ã as "aé").
func twoGlyphs(w, a, b rune, noisy bool) bool {
	ab := string([]rune{a, b})
	switch {
	case slices.Contains(markGlyphs[w].two, ab):
		return true
	case noisy && slices.Contains(noisyGlyphs[w].two, ab):
		return true
	case noisy && (w == 'm' && ab == "rn" || w == 'w' && ab == "vv"):
		return true
	case noisy && isAccented(w) && fold(w) == string(a) && isAccented(b):
		// The mark read as a letter of its own: ã as "aé" ("Conceigaéo").
		return true
	}
	f := fold(w)
	return len(f) == 2 && f == ab
}

// isAccented reports a letter that carries a mark (é, ñ, ø): one that folds
// to a different single letter.
func isAccented(r rune) bool {
	if r < utf8.RuneSelf {
		return false
	}
	f := fold(r)
	return len(f) == 1 && f != string(unicode.ToLower(r))
}
