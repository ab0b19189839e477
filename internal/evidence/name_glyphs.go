// Glyph distance: how OCR misreads the accented letters and ligatures of names.

package evidence

import (
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

// glyphDistance is an edit distance between the expected letters w and the
// OCR'd glyphs g (both lowercase, accents kept), or max+1 when it exceeds
// max. These cost nothing: a letter read without its accent; an accented
// letter read as another accented letter or as a digit (the mark garbles
// the glyph); ç read as g or ¢; ñ read as "fi", "ii" or "ri"; and OCR's usual confusions
// (0/o, 1/l/i, 5/s, rn/m, vv/w). A plain letter read as another plain
// letter is always an edit, so "José" never matches "Josh".
func glyphDistance(w, g []rune, max int) int {
	if len(w) > 64 || len(g) > 64 || len(g) > 2*len(w)+max || len(w) > len(g)+max {
		return max + 1
	}
	var rows [3][66]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(g); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(w); i++ {
		cur[0] = i
		for j := 1; j <= len(g); j++ {
			cost := 1
			if sameGlyph(w[i-1], g[j-1]) {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if j > 1 && twoGlyphs(w[i-1], g[j-2], g[j-1]) {
				v = min(v, prev[j-2])
			}
			if i > 1 && w[i-2] == 'r' && w[i-1] == 'n' && g[j-1] == 'm' {
				v = min(v, prev2[j-1])
			}
			if i > 1 && j > 1 && sameGlyph(w[i-1], g[j-2]) && sameGlyph(w[i-2], g[j-1]) {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[len(g)] > max {
		return max + 1
	}
	return prev[len(g)]
}

// sameGlyph reports whether OCR may have read the expected letter w as g.
func sameGlyph(w, g rune) bool {
	fw, fg := fold(w), fold(g)
	switch {
	case fw == fg:
		return true
	case isAccented(w) && (isAccented(g) || (g >= '0' && g <= '9')):
		return true
	case w == 'ç' && (g == 'g' || g == '¢'):
		// The cedilla closes the c into a g ("Françoise" read "Frangoise")
		// or strikes it through (¢).
		return true
	case len(fw) == 1 && len(fg) == 1:
		return ocrForm(fw) == ocrForm(fg)
	}
	return false
}

// twoGlyphs reports whether OCR may have read the expected letter w as the
// two glyphs a, b: ñ as "fi", "ii" or "ri"; m as "rn"; w as "vv"; a letter
// that folds to two ("ß", "æ") as those two.
func twoGlyphs(w, a, b rune) bool {
	switch {
	case w == 'ñ':
		return b == 'i' && (a == 'f' || a == 'i' || a == 'r')
	case w == 'm':
		return a == 'r' && b == 'n'
	case w == 'w':
		return a == 'v' && b == 'v'
	}
	f := fold(w)
	return len(f) == 2 && rune(f[0]) == a && rune(f[1]) == b
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
