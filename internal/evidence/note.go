// The result's note: the sentences a clinician reads.

package evidence

import (
	"errors"
	"strings"

	"github.com/clinicplatform/intake/internal/derrors"
)

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

	var wrong, unchecked, missing, own, scam []string
	for _, f := range fs {
		switch {
		case f.rating.Value == Invalid:
			wrong = append(wrong, f.problem)
		case f.rating.Value == NotFound && f.ownRecord != "":
			own = append(own, f.ownRecord)
		case f.rating.Value == NotFound && f.scam != "":
			scam = append(scam, f.scam)
		case f.rating.Value == NotFound && f.problem != "":
			unchecked = append(unchecked, f.problem)
		case f.rating.Value == NotFound:
			missing = append(missing, f.missing)
		}
	}
	if len(own) > 0 {
		unchecked = append(unchecked, "the document is a record the patient keeps (a tracker, a diary or notes), not a pharmacy's or a prescriber's, so "+
			joinAnd(own)+" on it "+verbFor(own)+" not taken as evidence")
	}
	if len(scam) > 0 {
		unchecked = append(unchecked, scamPage+joinAnd(scam)+" it names "+verbFor(scam)+" not taken as the patient's supply")
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

// verbFor is "was" for one field named, "were" for more.
func verbFor(fields []string) string {
	if len(fields) > 1 {
		return "were"
	}
	return "was"
}

// The notes for a document on which no field could be checked, the one
// home of their wording. There are three cases, worded differently since
// before this was their home (the API's answers keep them): the reader read
// the document and found no text on it (a blank page, a photo with nothing
// legible); no reader could read it at all (damaged, password-protected,
// over a PDF's work budget, an image with no OCR engine installed); and an
// image larger than the service decodes (its pixels, or the memory its
// decoder takes: a 12-megapixel HEIC saved as one image rather than as a
// phone's grid of tiles), which the patient can mend by sending it again
// in another form. An unknown lead adds a sentence to any of them.
const (
	noTextNote       = "No text could be read from the document; ask the patient for a clearer photo or the PDF."
	noTextNoLead     = "No lead has this user id."
	unreadableNote   = "The document could not be read (it may be damaged, password-protected or blank), so no field could be checked. Ask the patient to upload a clear photo or the original PDF."
	tooLargeNote     = "The image is larger than this service reads, so no field could be checked. Ask the patient to upload it again as a JPEG photo, a screenshot or a PDF."
	unreadableNoLead = "No lead has this user id, so the patient name could not be checked either."
)

// readFailure says why no field of a document could be checked.
type readFailure int

const (
	nothingLegible readFailure = iota // read, and no text on it
	unreadable                        // no reader could read it
	imageTooLarge                     // an image over the decoding budget
)

// failureOf is why a reader's error left nothing to check: an image over
// its budget (imagebudget's "image.*" and "heif.*" limits) is too large,
// anything else unreadable.
func failureOf(readErr error) readFailure {
	var budget *derrors.Budget
	if errors.As(readErr, &budget) && (strings.HasPrefix(budget.Name, "image.") || strings.HasPrefix(budget.Name, "heif.")) {
		return imageTooLarge
	}
	return unreadable
}

// nothingReadNote is the note for a document on which no field could be
// checked, for why; patientKnown false says no lead has the request's user
// id.
func nothingReadNote(why readFailure, patientKnown bool) string {
	note, noLead := noTextNote, noTextNoLead
	switch why {
	case unreadable:
		note, noLead = unreadableNote, unreadableNoLead
	case imageTooLarge:
		note, noLead = tooLargeNote, unreadableNoLead
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
