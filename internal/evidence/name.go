// Rating the patient name: the evidence found and compared, weighed into a verdict.

package evidence

// ratePatientName rates patientName against the lead's forename and
// surname. A name after a patient label decides (valid, or invalid when it
// is someone else's); otherwise the full name anywhere on the document,
// except on a prescriber's or pharmacist's line, is valid, with at most
// medium confidence unless a title (Mrs, Mr) marks it as a person's name.
// A surname with only an initial is never valid.
//
// The order of the words is evidence (issue 9): the lead's surname written
// before their forename, with no comma to mark the surname-first form, is
// another person's name ("Owen Thomas" is not Thomas Owen). When a title,
// a salutation or the captions fix the order, that name is invalid; when
// nothing does, it is invalid with low confidence (the document may write
// surnames first without a comma), the note asking for a check by hand.
func ratePatientName(d document, exp Expected) finding {
	if !exp.PatientKnown {
		return finding{rating: Rating{NotFound, High}, problem: "no lead has this user id, so the patient name could not be checked"}
	}
	e := newExpectedName(exp.Forename, exp.Surname)
	if !e.usable() {
		return finding{rating: Rating{NotFound, High}, problem: "the lead has no name on record, so the patient name could not be checked"}
	}
	// A salutation or a title before a lone word names a surname ("Dear Mx
	// Morgan"): the lead's forename there fixes every swapped name's order.
	forenameAsSurname := !e.eitherWay() && titledSurnames(d)[e.forename[0].text]

	var match, other, addressee *patientValue
	var matchLevel matchLevel
	var swap swapSeen
	// partial: an initial or part of the name; nearly: a spelling close to
	// the lead's name, which may be a misreading of it or another person's.
	partial, nearly := false, false
	for _, v := range labelledPatientValues(d) {
		outcome, level := compareName(v.words, e, v.reading())
		switch {
		case outcome == nameSwapped:
			swap.add(v.certainOrder() || forenameAsSurname, min(readCertainty(v.conf), level.certainty()), v.ocr || v.paired)
		case outcome == nameFull && level < ocrMatch:
			// A letter or two from the lead's name, beyond what OCR confuses,
			// is a misreading or another person (Catherine, Katherine): too
			// far to call it theirs.
			nearly = true
		case outcome == nameFull && v.strength == strongLabel:
			if match == nil || level > matchLevel {
				match, matchLevel = &v, level
			}
		case outcome == nameOther && v.ocr && nearName(v.words, e, v.reading()) && !clearlyOther(v.words, e, v.reading()):
			// OCR may have garbled the lead's own name ("Jnae Smtih").
			nearly = true
		case outcome == nameOther && v.strength == strongLabel && looksLikeName(v.words):
			if other == nil {
				other = &v
			}
		case outcome == nameOther && looksLikeName(v.words) && allCapitalised(v.words):
			if addressee == nil {
				addressee = &v
			}
		case outcome == nameInitial || outcome == nameSurnameOnly || outcome == namePartial:
			partial = true
		}
	}

	// Look for the full name on any line that is not about the prescriber
	// or pharmacist.
	var best certainty // the surest full name found; 0 when none
	for _, l := range d.lines {
		if isPrescriberLine(l) {
			continue
		}
		outcome, level, titled, conf := searchName(l, e)
		switch {
		case outcome == nameSwapped:
			swap.add(titled || forenameAsSurname, min(readCertainty(conf), level.certainty()), l.ocr)
		case outcome == nameFull && level >= ocrMatch:
			c := min(readCertainty(conf), level.certainty())
			if !titled {
				// An unlabelled, untitled name may not be the patient's.
				c = min(c, mediumCertainty)
			}
			best = max(best, c)
		case outcome == nameFull:
			nearly = true
		case outcome == nameInitial, outcome == namePartial:
			partial = true
		}
	}

	const swapped = "the patient name on the document has the lead's forename and surname the other way round, "
	switch {
	case match != nil && other != nil, match != nil && swap.certain:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one patient"}
	case match != nil && forenameAsSurname:
		return finding{rating: Rating{NotFound, Low}, problem: "the document addresses the patient by a surname that is the lead's forename"}
	case match != nil:
		c := min(readCertainty(match.conf), matchLevel.certainty())
		if match.paired || swap.bare {
			// Paired with its caption by position, or the name also
			// appears the other way round: likely, not certain.
			c = min(c, mediumCertainty)
		}
		return withCaveat(finding{rating: Rating{Valid, c.Confidence()}}, "the patient name")
	case other != nil:
		c := readCertainty(other.conf)
		if other.ocr || other.paired {
			c = min(c, mediumCertainty)
		}
		return finding{rating: Rating{Invalid, c.Confidence()}, problem: "the patient name on the document is not the lead's name"}
	case swap.certain && best != 0:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one person as the patient"}
	case swap.certain:
		c := swap.certainConf
		if swap.certainOCR {
			c = min(c, mediumCertainty)
		}
		return finding{rating: Rating{Invalid, c.Confidence()}, problem: swapped + "and a title or caption fixes that order: another person"}
	}

	someoneElse, conf, several := uncaptionedPatient(d, e)
	switch {
	case best != 0 && someoneElse:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one person as the patient"}
	case best != 0 && swap.bare:
		return withCaveat(finding{rating: Rating{Valid, min(best, mediumCertainty).Confidence()}}, "the patient name")
	case best != 0 && forenameAsSurname:
		return finding{rating: Rating{NotFound, Low}, problem: "the document addresses the patient by a surname that is the lead's forename"}
	case best != 0:
		return withCaveat(finding{rating: Rating{Valid, best.Confidence()}}, "the patient name")
	case swap.bare:
		// Another person unless the document writes surnames first without
		// marking it: invalid, but only low.
		return finding{rating: Rating{Invalid, Low}, problem: swapped + "with nothing marking which is the surname: another person, unless the document writes surnames first; check by hand"}
	case nearly:
		return finding{rating: Rating{NotFound, Low}, problem: "the patient name on the document is spelt differently from the lead's (a misreading, or another person)"}
	case several:
		return finding{rating: Rating{NotFound, Low}, problem: "the document names more than one person as the patient"}
	case someoneElse:
		// A whole other name, clearly read, says more than a surname or an
		// initial that fits the lead ("Dear Mr Walsh" beside Steven Walsh).
		return finding{rating: Rating{Invalid, conf.Confidence()}, problem: "the patient name on the document is not the lead's name"}
	case partial:
		return finding{rating: Rating{NotFound, Low}, problem: "the patient name on the document only partly matches the lead's (an initial or part of the surname)"}
	case addressee != nil:
		// Whoever an order ships to is usually, not always, the patient.
		return finding{rating: Rating{Invalid, Low}, problem: "the document is made out to someone other than the lead"}
	}
	return finding{rating: Rating{NotFound, d.notFoundConfidence()}, missing: "the patient name"}
}

// swapSeen collects the names found with the lead's forename and surname
// the other way round: certain when a title or caption fixes their order,
// bare when nothing does.
type swapSeen struct {
	certain, bare bool
	certainConf   certainty
	certainOCR    bool
}

func (s *swapSeen) add(certain bool, c certainty, ocr bool) {
	if !certain {
		s.bare = true
		return
	}
	if !s.certain || c > s.certainConf {
		s.certainConf, s.certainOCR = c, ocr
	}
	s.certain = true
}
