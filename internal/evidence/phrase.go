// Finding phrases (runs of whole words) in a line's words.

package evidence

import "strings"

// phraseSet finds phrases (runs of whole words) in a line's words: faster
// than a regular expression of many alternatives, and word-exact.
type phraseSet[K comparable] struct {
	byFirst map[string][]phrase[K]
}

type phrase[K comparable] struct {
	words []string
	kind  K
}

// newPhraseSet builds a set from each kind's phrases ("date of birth").
func newPhraseSet[K comparable](phrases map[K][]string) phraseSet[K] {
	ps := phraseSet[K]{byFirst: map[string][]phrase[K]{}}
	for kind, list := range phrases {
		for _, p := range list {
			ws := strings.Fields(p)
			ps.byFirst[ws[0]] = append(ps.byFirst[ws[0]], phrase[K]{ws, kind})
		}
	}
	return ps
}

// phraseMatch is a phrase found at words[first:last+1].
type phraseMatch[K comparable] struct {
	first, last int
	start, end  int // byte offsets in norm
	kind        K
}

// find returns every phrase found in ws, longest first at each word.
func (ps phraseSet[K]) find(ws []word) []phraseMatch[K] {
	var out []phraseMatch[K]
	for i, w := range ws {
		for _, p := range ps.byFirst[w.text] {
			if p.at(ws, i) {
				last := i + len(p.words) - 1
				out = append(out, phraseMatch[K]{first: i, last: last, start: w.start, end: ws[last].end, kind: p.kind})
			}
		}
	}
	return out
}

// at reports whether the phrase's words are ws's from i on.
func (p phrase[K]) at(ws []word, i int) bool {
	if i+len(p.words) > len(ws) {
		return false
	}
	for k, pw := range p.words {
		if ws[i+k].text != pw {
			return false
		}
	}
	return true
}

// any reports whether a phrase of the set is in ws.
func (ps phraseSet[K]) any(ws []word) bool {
	for i, w := range ws {
		for _, p := range ps.byFirst[w.text] {
			if p.at(ws, i) {
				return true
			}
		}
	}
	return false
}
