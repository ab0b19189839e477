// Rating the medication name: the requested medicine against the ones the document names.

package evidence

import "strings"

// rateMedicine rates medicationName: valid when the document names the
// requested medicine (by brand or generic), invalid when it names only other
// medicines, of the table or clearly named outside it (metformin 500 mg).
func rateMedicine(d document, exp Expected, want Medicine, wantKnown bool, ms []medicineMention) finding {
	if strings.TrimSpace(exp.MedicationName) == "" {
		return finding{rating: Rating{NotFound, High}, problem: "no medicine was given to check against"}
	}
	if !wantKnown {
		return finding{rating: Rating{NotFound, High}, problem: "the requested medicine is not one this service can verify"}
	}
	var best, other, unlisted *medicineMention
	for i := range ms {
		m := &ms[i]
		switch {
		case m.entry.generic == want.Generic:
			if best == nil || mentionBetter(*m, *best) {
				best = m
			}
		case m.unlisted:
			// Another medicine, not a weight-loss one: it counts only when
			// the requested medicine is not on the document.
			if unlisted == nil || mentionBetter(*m, *unlisted) {
				unlisted = m
			}
		case other == nil || mentionBetter(*m, *other):
			other = m
		}
	}
	if other == nil && best == nil {
		other = unlisted
	}
	switch {
	case best != nil:
		c := min(readCertainty(best.conf), best.level.certainty())
		if other != nil {
			// The document names another weight-loss medicine as well.
			return finding{
				rating: Rating{Valid, min(c, mediumCertainty).Confidence()},
				caveat: "the medicine (the document also names " + other.entry.displayName(other.brand) + ")",
			}
		}
		return withCaveat(finding{rating: Rating{Valid, c.Confidence()}}, "the medicine")
	case other != nil:
		c := min(readCertainty(other.conf), other.level.certainty())
		if other.unlisted && !other.dosed {
			// Named with a dosage form but no dose: likely the document's
			// medicine, not certainly.
			c = min(c, mediumCertainty)
		}
		return finding{
			rating:  Rating{Invalid, c.Confidence()},
			problem: "the document shows a different medicine (" + other.entry.displayName(other.brand) + ") from the one requested (" + want.Name + ")",
		}
	}
	return finding{rating: Rating{NotFound, d.notFoundConfidence()}, missing: "the medicine"}
}

func mentionBetter(a, b medicineMention) bool {
	if a.level != b.level {
		return a.level > b.level
	}
	if a.conf != b.conf {
		return a.conf > b.conf
	}
	// A brand says more than its generic (Wegovy, not semaglutide).
	return a.brand >= 0 && b.brand < 0
}
