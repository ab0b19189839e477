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

	var wrong, unchecked, missing, own []string
	for _, f := range fs {
		switch {
		case f.rating.Value == Invalid:
			wrong = append(wrong, f.problem)
		case f.rating.Value == NotFound && f.ownRecord != "":
			own = append(own, f.ownRecord)
		case f.rating.Value == NotFound && f.problem != "":
			unchecked = append(unchecked, f.problem)
		case f.rating.Value == NotFound:
			missing = append(missing, f.missing)
		}
	}
	if len(own) > 0 {
		verb := "was"
		if len(own) > 1 {
			verb = "were"
		}
		unchecked = append(unchecked, "the document is a record the patient keeps (a tracker, a diary or notes), not a pharmacy's or a prescriber's, so "+
			joinAnd(own)+" on it "+verb+" not taken as evidence")
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

// The notes for a document on which no field could be checked, the one
// home of their wording. There are two cases, worded differently since
// before this was their home (the API's answers keep both): the reader read
// the document and found no text on it (a blank page, a photo with nothing
// legible), and no reader could read it at all (damaged, password-protected,
// over the work budget, an image with no OCR engine installed). An unknown
// lead adds a sentence to either.
const (
	noTextNote       = "No text could be read from the document; ask the patient for a clearer photo or the PDF."
	noTextNoLead     = "No lead has this user id."
	unreadableNote   = "The document could not be read (it may be damaged, password-protected or blank), so no field could be checked. Ask the patient to upload a clear photo or the original PDF."
	unreadableNoLead = "No lead has this user id, so the patient name could not be checked either."
)

// nothingReadNote is the note for a document on which no field could be
// checked: unreadable when no reader could read it, otherwise it held no
// text; patientKnown false says no lead has the request's user id.
func nothingReadNote(unreadable, patientKnown bool) string {
	note, noLead := noTextNote, noTextNoLead
	if unreadable {
		note, noLead = unreadableNote, unreadableNoLead
	}
	if !patientKnown {
		note += " " + noLead
	}
	return note
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
