// Normalising text: lowercased, accents folded, marks unified and split into words.

package evidence

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// normalise lowercases s, folds accents and unifies apostrophes, dashes and
// spaces (a tab becomes two spaces, a column gap), and splits it into words.
func normalise(s string) (string, []word) {
	var b strings.Builder
	b.Grow(len(s))
	words := make([]word, 0, strings.Count(s, " ")+1)
	inWord := false
	var cur strings.Builder
	var w word
	runes := []rune(s)
	wordRune, accented := 0, false // where the word began in runes; whether it has a folded letter
	flush := func(i int) {
		if inWord {
			w.text = cur.String()
			w.ocr = ocrForm(w.text)
			w.lower = w.text
			if accented {
				w.lower = lowerWord(runes[wordRune:i])
			}
			w.end = b.Len()
			w.upper = inCapitals(runes[wordRune:i])
			words = append(words, w)
			cur.Reset()
			inWord, accented = false, false
		}
	}
	for i, r := range runes {
		switch {
		case r == '\t':
			flush(i)
			b.WriteString("  ")
			continue
		case isApostrophe(r):
			b.WriteByte('\'')
			// An apostrophe between letters joins them into one word.
			if inWord && i+1 < len(runes) && isWordRune(runes[i+1]) {
				continue
			}
			flush(i)
			continue
		case isDash(r):
			flush(i)
			b.WriteByte('-')
			continue
		case unicode.IsSpace(r):
			flush(i)
			b.WriteByte(' ')
			continue
		case r == utf8.RuneError:
			flush(i)
			b.WriteByte(' ')
			continue
		}
		folded := fold(r)
		// OCR reads ç as ¢: between letters it is part of the word.
		cedilla := r == '¢' && inWord && i+1 < len(runes) && unicode.IsLetter(runes[i+1])
		if isWordRune(r) || cedilla {
			if !inWord {
				inWord = true
				wordRune = i
				w = word{start: b.Len(), capital: unicode.IsUpper(r) || unicode.IsDigit(r)}
			}
			accented = accented || r >= utf8.RuneSelf
			cur.WriteString(folded)
		} else {
			flush(i)
		}
		b.WriteString(folded)
	}
	flush(len(runes))
	norm := b.String()
	for i := range words {
		rest := strings.TrimLeft(norm[words[i].end:], " ")
		words[i].commaAfter = strings.HasPrefix(rest, ",")
	}
	return norm, words
}

// inCapitals reports a word of two or more letters and no small one
// ("KIM", not "Kim", "K" or "Min").
func inCapitals(rs []rune) bool {
	n := 0
	for _, r := range rs {
		switch {
		case unicode.IsLower(r):
			return false
		case unicode.IsUpper(r):
			n++
		}
	}
	return n >= 2
}

// lowerWord lowercases a word's runes without folding accents, dropping the
// apostrophes inside it and writing ligatures as their letters.
func lowerWord(rs []rune) string {
	var b strings.Builder
	for _, r := range rs {
		switch {
		case isApostrophe(r):
		case r >= 0xFB00 && r <= 0xFB06:
			b.WriteString(foldTable[r]) // a ligature is its letters
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func isApostrophe(r rune) bool {
	switch r {
	case '\'', '’', '‘', '`', '´', 'ʼ', '′':
		return true
	}
	return false
}

func isDash(r rune) bool {
	switch r {
	case '-', '‐', '‑', '‒', '–', '—', '−':
		return true
	}
	return false
}

// fold lowercases r and strips its accent (é -> e, ß -> ss).
func fold(r rune) string {
	r = unicode.ToLower(r)
	if r < utf8.RuneSelf {
		return string(r)
	}
	if f, ok := foldTable[r]; ok {
		return f
	}
	return string(r)
}

var foldTable = func() map[rune]string {
	groups := []struct{ from, to string }{
		{"àáâãäåāăą", "a"}, {"çćĉċč", "c"}, {"ďđ", "d"}, {"èéêëēĕėęě", "e"},
		{"ĝğġģ", "g"}, {"ĥħ", "h"}, {"ìíîïĩīĭįı", "i"}, {"ĵ", "j"}, {"ķ", "k"},
		{"ĺļľŀł", "l"}, {"ñńņňŉ", "n"}, {"òóôõöøōŏő", "o"}, {"ŕŗř", "r"},
		{"śŝşšș", "s"}, {"ţťŧț", "t"}, {"ùúûüũūŭůűų", "u"}, {"ŵ", "w"},
		{"ýÿŷ", "y"}, {"źżž", "z"}, {"ß", "ss"}, {"æ", "ae"}, {"œ", "oe"},
		{"þ", "th"}, {"ð", "d"}, {"ﬁ", "fi"}, {"ﬂ", "fl"},
		// The other ligatures a PDF's text may carry (round 19: Chromium's
		// print of a pay-later e-mail gave "Saﬀron Mabey", rated another
		// person than the lead Saffron Mabey; unseen73).
		{"ﬀ", "ff"}, {"ﬃ", "ffi"}, {"ﬄ", "ffl"}, {"ﬅﬆ", "st"},
		{"µμ", "u"}, // micro sign and Greek mu: "µg" is "ug"
	}
	m := make(map[rune]string)
	for _, g := range groups {
		for _, r := range g.from {
			m[r] = g.to
		}
	}
	return m
}()
