// The result's note: the sentences a clinician reads.

package evidence

import "strings"

// composeNote writes the result's note: one or two plain sentences a
// clinician can act on. The first says what disagrees with the request
// (invalid fields), the second what could not be checked (not_found
// fields). A success says so, and names any field matched with less than
// high confidence. The note never quotes the patient's name or date of
// birth; it may quote the document's medicines, doses and dates.
func composeNote(fs [fieldCount]finding, success bool, poorRead bool) string {
	if success {
		var caveats []string
		for _, f := range fs {
			if f.caveat != "" {
				caveats = append(caveats, f.caveat)
			}
		}
		if len(caveats) == 0 {
			return "All five fields match the document."
		}
		subject := "it was"
		if len(caveats) > 1 {
			subject = "they were"
		}
		return "All five fields match the document, but check " + joinAnd(caveats) + " by hand: " + subject + " read or matched with less certainty."
	}

	var wrong, unchecked, missing []string
	for _, f := range fs {
		switch {
		case f.rating.Value == Invalid:
			wrong = append(wrong, f.problem)
		case f.rating.Value == NotFound && f.problem != "":
			unchecked = append(unchecked, f.problem)
		case f.rating.Value == NotFound:
			missing = append(missing, f.missing)
		}
	}
	if len(missing) > 0 {
		clause := joinAnd(missing) + " could not be found"
		if poorRead {
			clause += " (a clearer photo or the PDF may help)"
		}
		unchecked = append(unchecked, clause)
	}
	var sentences []string
	for _, group := range [][]string{wrong, unchecked} {
		if len(group) > 0 {
			sentences = append(sentences, sentence(strings.Join(group, "; ")))
		}
	}
	return strings.Join(sentences, " ")
}

func sentence(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// joinAnd joins ["a", "b", "c"] as "a, b and c".
func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
