// A scam message or a fraud report: a page whose medicine, dose, dates and seller are the fraud's.

package evidence

import "slices"

// scamRe says a page is a scam message or a report of one: a mail
// client's warning over a phishing e-mail ("This message may be a phishing
// attempt"), a consumer-fraud report's confirmation. Boilerplate that only
// asks readers to report fraud (an insurer's "To report fraud, call ...")
// is not one, nor is a seller's "No prescription needed": a social
// seller's invoice is the patient's own purchase, whose medicine and
// strength unseen151's truths rate (round 31: 6 fields lost when it was).
var scamRe = lazyRE(`\bphishing\b|\bfraud\s+report\b|\bscam\s+(?:message|text|e-?mail|website|site|seller|call)\b`)

// scamOnly reports a page that is a scam message or a fraud report
// (scamRe) and shows no supply beside it: no dispensing, filling or
// dispatch date is labelled on it (a pharmacy's label photographed with
// the scam text has one). What it names, a medicine and a strength "on
// hold" for a fee, a date paid to a fake website, a spoofed or fake
// seller, is the fraud's and no supply of the patient's (unseen172, round
// 31: a phishing e-mail's "your Saxenda 3mg order is on hold" and a fraud
// report's "paid $289 ... on 11/08/2026" for Wegovy 2.4 mg rated the
// medicine, dose, date and pharmacy valid at first measure, 12 false
// accepts on each reader).
func scamOnly(d document) bool {
	if !slices.ContainsFunc(d.lines, func(l docLine) bool { return scamRe.MatchString(l.norm) }) {
		return false
	}
	return !slices.ContainsFunc(d.lines, func(l docLine) bool {
		return slices.ContainsFunc(findDateLabels(l), func(m labelMatch) bool { return m.kind == dispensedDate })
	})
}

// scamPage opens the note's clause of the scam rules (composeNote).
const scamPage = "the document is a scam message or a report of a fraud, which shows no supply to the patient, so "
