// Allowing for OCR noise: its usual confusions undone, digits put back, edit distances.

package evidence

import "strings"

// ocrForm undoes the confusions OCR makes most (0/o, 1/l/i, 5/s, rn/m,
// vv/w), so two words that differ only by them compare equal.
func ocrForm(s string) string {
	if !strings.ContainsAny(s, "015irv") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 'r' && i+1 < len(s) && s[i+1] == 'n':
			b = append(b, 'm')
			i++
		case c == 'v' && i+1 < len(s) && s[i+1] == 'v':
			b = append(b, 'w')
			i++
		case c == '0':
			b = append(b, 'o')
		case c == '1' || c == 'i':
			b = append(b, 'l')
		case c == '5':
			b = append(b, 's')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// ocrDigits puts back digits that OCR read as letters inside numbers
// ("O3/11/2O26", "l2.5 mg"): an o, l or i with no letter on either side
// and a digit or a date separator beside it; an I or l alone before a unit
// ("Img" for 1mg), an S a five ("Smg"); and a dotted or slashed zero read as a symbol ("©.5MG",
// "θ.25 mg") at the start of a number. Byte offsets are kept.
func ocrDigits(s string) string {
	if !strings.ContainsAny(s, "olis©θ@") {
		return s
	}
	b := []byte(s)
	for _, z := range zeroLookalikes {
		if !strings.Contains(s, z) {
			continue
		}
		for from := 0; ; {
			k := strings.Index(s[from:], z)
			if k < 0 {
				break
			}
			k += from
			from = k + len(z)
			end := k + len(z)
			startsNumber := k == 0 || !(isLetterByte(b[k-1]) || isDigit(b[k-1]))
			beforeDigit := end < len(b) && isDigit(b[end]) ||
				end+1 < len(b) && (b[end] == '.' || b[end] == ',') && isDigit(b[end+1])
			if startsNumber && beforeDigit {
				// Pad on the left so the zero stays glued to its number.
				for j := k; j < end-1; j++ {
					b[j] = ' '
				}
				b[end-1] = '0'
			}
		}
	}
	if !strings.ContainsAny(s, "olis") {
		return string(b)
	}
	numberish := func(c byte) bool { return isDigit(c) || c == '/' || c == '.' || c == ',' || c == '-' }
	for i, c := range b {
		if c != 'o' && c != 'l' && c != 'i' && c != 's' {
			continue
		}
		var prev, next byte = ' ', ' '
		if i > 0 {
			prev = b[i-1]
		}
		if i+1 < len(b) {
			next = b[i+1]
		}
		if c != 'o' && !isLetterByte(prev) && !isDigit(prev) && unitFollows(b, i+1) {
			// "Img", "lmg": a one read as a letter before its unit; "Smg"
			// a five.
			b[i] = '1'
			if c == 's' {
				b[i] = '5'
			}
			continue
		}
		if c == 's' {
			continue
		}
		if isLetterByte(prev) || isLetterByte(next) {
			continue
		}
		decimal := (next == '.' || next == ',') && i+2 < len(b) && isDigit(b[i+2])
		if (numberish(prev) && isDigit(next)) || (isDigit(prev) && numberish(next)) || (prev == ' ' && isDigit(next)) || (isDigit(prev) && next == ' ') || decimal {
			if c == 'o' {
				b[i] = '0'
			} else {
				b[i] = '1'
			}
		}
	}
	return string(b)
}

// unitFollows reports a unit of dose (mg, mcg, ml) at b[i:] that ends a word.
func unitFollows(b []byte, i int) bool {
	for _, u := range []string{"mg", "mcg", "ml"} {
		end := i + len(u)
		if end > len(b) || string(b[i:end]) != u {
			continue
		}
		if end == len(b) || strings.IndexByte(" /,.;)", b[end]) >= 0 {
			return true
		}
	}
	return false
}

// zeroLookalikes are what OCR makes of a zero with a dot or a slash in it,
// as label printers' fonts draw it (ø and Ø fold to o, handled as o).
var zeroLookalikes = []string{"©", "θ", "@"}

// editDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and adjacent transpositions, each
// costing one), or max+1 when it exceeds max.
func editDistance(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	return alignDistance([]byte(a), []byte(b), max, editCosts[byte]{})
}

// editCosts is what an alignment of expected letters with read glyphs may
// do at no cost, beyond matching a letter with itself. Everything else
// (inserting, deleting or substituting a glyph, or transposing two) costs
// one edit.
type editCosts[T comparable] struct {
	// same reports whether the letter w may be read as the glyph g; nil:
	// only as itself.
	same func(w, g T) bool
	// asTwo reports whether the letter w may be read as the two glyphs a,
	// b (ñ as "fi"); nil: never.
	asTwo func(w, a, b T) bool
	// twoAsOne reports whether the letters w1, w2 may be read as the one
	// glyph g (rn as m); nil: never.
	twoAsOne func(w1, w2, g T) bool
}

func (c editCosts[T]) match(w, g T) bool {
	if c.same == nil {
		return w == g
	}
	return c.same(w, g)
}

// alignDistance is the optimal string alignment distance between the
// expected letters w and the read glyphs g under the costs c, or max+1 when
// it exceeds max (or either is longer than 64).
func alignDistance[T comparable](w, g []T, max int, c editCosts[T]) int {
	if len(w) > 64 || len(g) > 64 {
		return max + 1
	}
	var rows [3][65]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(g); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(w); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(g); j++ {
			cost := 1
			if c.match(w[i-1], g[j-1]) {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if c.asTwo != nil && j > 1 && c.asTwo(w[i-1], g[j-2], g[j-1]) {
				v = min(v, prev[j-2])
			}
			if c.twoAsOne != nil && i > 1 && c.twoAsOne(w[i-2], w[i-1], g[j-1]) {
				v = min(v, prev2[j-1])
			}
			if i > 1 && j > 1 && c.match(w[i-1], g[j-2]) && c.match(w[i-2], g[j-1]) {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			best = min(best, v)
		}
		// A row's least cost never falls in the rows after it unless two
		// letters may be read as one glyph, free.
		if best > max && c.twoAsOne == nil {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[len(g)] > max {
		return max + 1
	}
	return prev[len(g)]
}

// fuzzyAllowance is how many edits a word of n letters may be from what it
// is matched against: none below 6 letters, one up to 9, two from 10.
func fuzzyAllowance(n int) int {
	switch {
	case n < 6:
		return 0
	case n < 10:
		return 1
	default:
		return 2
	}
}
