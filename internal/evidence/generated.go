// Machine-written text beside the page it is about: an assistant's answer,
// a mail program's or a reader's summary, a notes app's transcription.

package evidence

import "strings"

// Patients paste a label into an assistant, or upload a mail whose program
// summarised it, and the page shows the machine's words beside the
// original: "Quill ... It was filled on October 23, 2026" over a label
// "FILLED: 10/23/25", "✦ Summary by AI ... dispensed on 25 November 2026"
// over an order still "waiting to be dispensed" (unseen133, round 26:
// false accepts on 14 fields at first measure). The machine's words are no
// evidence: a person trusts the original beside them. A block starts at a
// line that says the text under it was generated (genStartRe), or at the
// assistant's name alone on its line, and ends at the disclaimer under it
// (genEndRe: "Quill can make mistakes", "may be inaccurate"), or, with
// none, before the original's first header (an address, "From:", a
// greeting), at most genMaxLines lines on.
var (
	genStartRe = lazyRE(`^\W{0,3}(?:\+\s*)?(?:a[il]\s+summary|summary\s+by\s+a[il]|a[il][- ]generated\b|generated\s+by\s+a[il]|text\s+from\s+scan\s*\(automatic\)|automatic\s+transcription|✦\s*summary)`)
	// genTitleRe is a summary's title at the end of a line a sidebar ran
	// into ("Inbox (3) + Summary by AI": a webmail's folder list read
	// across, unseen133's rotated scan), at most three words before it.
	genTitleRe = lazyRE(`^(?:\S+\s+){0,3}(?:[+✦]\s*)?(?:a[il]\s+summary|summary\s+by\s+a[il])\W*$`)
	genEndRe   = lazyRE(`\b(?:can|may)\s+make\s+mistakes\b|\bmay\s+(?:be|contain)\s+(?:inaccurate|inaccuracies|errors|mistakes)\b|\bgenerated\s+automatically\b|\bcheck\s+important\s+info`)
	// assistantRe reads the assistant's name from its disclaimer
	// ("Quill can make mistakes").
	assistantRe = lazyRE(`^\W*([a-z][\w.-]*(?:\s+[a-z][\w.-]*)?)\s+(?:can|may)\s+make\s+mistakes\b`)
	// assistantTitleRe reads the assistant's name from the app's own title
	// ("Quill AI" over its chat list), for a page whose disclaimer was not
	// read (cut off at the foot of a scan).
	assistantTitleRe = lazyRE(`^\W*([a-z][\w.-]*)\s+a[il]\W*$`)
	// originalStartRe opens the original under a summary: a sender's
	// address, a mail header, a greeting.
	originalStartRe = lazyRE(`<[^>@\s]+@|^\W*(?:from|to|subject|date)\s*:|^\W*(?:dear|hi|hello)\b`)
)

// genMaxLines bounds a generated block without a disclaimer.
const genMaxLines = 10

// generatedLines are the lines of d that a machine wrote about the page
// (nil: none).
func generatedLines(d document) map[int]bool {
	var out map[int]bool
	mark := func(from, to int) {
		if out == nil {
			out = map[int]bool{}
		}
		for k := from; k <= to; k++ {
			out[k] = true
		}
	}
	titled := assistantTitled(d)
	for i, l := range d.lines {
		if titled != "" && strings.TrimSpace(strings.Trim(l.norm, ".:")) == titled {
			mark(i, generatedEnd(d, i))
		}
		if genStartRe.MatchString(l.norm) || genTitleRe.MatchString(l.norm) {
			mark(i, generatedEnd(d, i))
		}
		if m := assistantRe.FindStringSubmatch(l.norm); m != nil {
			if s := assistantLine(d, i, m[1]); s >= 0 {
				mark(s, i)
			}
		}
	}
	return out
}

// assistantTitled is the assistant's name when one of the page's first
// lines is its app's title ("Quill AI"), "" otherwise: its name alone on a
// line below starts its answer.
func assistantTitled(d document) string {
	for _, l := range d.lines[:min(len(d.lines), 3)] {
		if m := assistantTitleRe.FindStringSubmatch(l.norm); m != nil {
			return m[1]
		}
	}
	return ""
}

// generatedEnd is the last line of the block that line i starts.
func generatedEnd(d document, i int) int {
	last := min(len(d.lines)-1, i+genMaxLines)
	for k := i; k <= last; k++ {
		if genEndRe.MatchString(d.lines[k].norm) {
			return k
		}
	}
	for k := i + 1; k <= last; k++ {
		if originalStartRe.MatchString(d.lines[k].norm) {
			return k - 1
		}
	}
	return last
}

// assistantLine is the line above line i that holds nothing but the
// assistant's name, where its answer starts (-1: none in the fifteen lines
// above).
func assistantLine(d document, i int, name string) int {
	for k := i - 1; k >= 0 && k >= i-15; k-- {
		if strings.TrimSpace(strings.Trim(d.lines[k].norm, ".:")) == name {
			return k
		}
	}
	return -1
}
