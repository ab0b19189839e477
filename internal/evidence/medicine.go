// Rating the medication name: the requested medicine against the ones the document names.

package evidence

import "strings"

// rateMedicine rates medicationName: valid when the document names the
// requested medicine (by brand or generic), invalid when it names only other
// medicines, of the table or clearly named outside it (metformin 500 mg).
// collectMedicineEvidence picks the mentions; the first rule of
// medicineRules that holds decides (docs/evidence-rules.md, "Medication
// name").
func rateMedicine(d document, exp Expected, want Medicine, wantKnown bool, ms []medicineMention) finding {
	return decide(medicineRules, collectMedicineEvidence(d, exp, want, wantKnown, ms))
}

// medicineEvidence is what a document names of medicines, as against the
// requested one.
type medicineEvidence struct {
	// requested: a medicine was asked about; known: it is one this service
	// verifies, want.
	requested, known bool
	want             string
	// named is the best mention of the requested medicine (nil: none);
	// other the best of another weight-loss medicine of the table, or when
	// neither is on the document, of a medicine outside it.
	named, other *mentionSeen
	absent       Confidence
	// scam: the page is a scam message or a fraud report (scamOnly).
	scam bool
}

// mentionSeen is a medicine named on the document: how surely it was read
// and matched, its name as the note quotes it, and where it was read.
type mentionSeen struct {
	sure certainty
	name string
	// unlisted: a medicine outside the table; dosed: its line gives a dose.
	unlisted, dosed bool
	at              *spot
}

func seenMention(d document, m *medicineMention) *mentionSeen {
	if m == nil {
		return nil
	}
	l := d.lines[m.line]
	return &mentionSeen{
		sure: min(readCertainty(m.conf), m.level.certainty()), name: m.entry.displayName(m.brand),
		unlisted: m.unlisted, dosed: m.dosed, at: &spot{line: l, from: m.start, to: m.end},
	}
}

// collectMedicineEvidence picks the best mention of the requested medicine
// and of another.
func collectMedicineEvidence(d document, exp Expected, want Medicine, wantKnown bool, ms []medicineMention) medicineEvidence {
	ev := medicineEvidence{requested: strings.TrimSpace(exp.MedicationName) != "", known: wantKnown, want: want.Name, absent: d.notFoundConfidence()}
	ev.scam = scamOnly(d)
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
	ev.named, ev.other = seenMention(d, best), seenMention(d, other)
	return ev
}

// medicineRules decide medicationName, in the order of docs/evidence-rules.md.
var medicineRules = []rule[medicineEvidence]{
	{"no-medicine-requested", func(e medicineEvidence) bool { return !e.requested }, func(medicineEvidence) finding {
		return finding{rating: Rating{NotFound, High}, problem: "no medicine was given to check against"}
	}},
	{"medicine-not-verifiable", func(e medicineEvidence) bool { return !e.known }, func(medicineEvidence) finding {
		return finding{rating: Rating{NotFound, High}, problem: "the requested medicine is not one this service can verify"}
	}},
	{"medicine-in-scam", func(e medicineEvidence) bool { return e.scam && (e.named != nil || e.other != nil) }, func(e medicineEvidence) finding {
		at := e.other
		if e.named != nil {
			at = e.named
		}
		return finding{rating: Rating{NotFound, Medium}, scam: "the medicine", at: at.at}
	}},
	{"requested-medicine-beside-other", func(e medicineEvidence) bool { return e.named != nil && e.other != nil }, func(e medicineEvidence) finding {
		// The document names another weight-loss medicine as well.
		return finding{
			rating: Rating{Valid, min(e.named.sure, mediumCertainty).Confidence()},
			caveat: "the medicine (the document also names " + e.other.name + ")",
			at:     e.named.at,
		}
	}},
	{"requested-medicine", func(e medicineEvidence) bool { return e.named != nil }, func(e medicineEvidence) finding {
		return withCaveat(finding{rating: Rating{Valid, e.named.sure.Confidence()}, at: e.named.at}, "the medicine")
	}},
	{"other-medicine", func(e medicineEvidence) bool { return e.other != nil }, func(e medicineEvidence) finding {
		c := e.other.sure
		if e.other.unlisted && !e.other.dosed {
			// Named with a dosage form but no dose: likely the document's
			// medicine, not certainly.
			c = min(c, mediumCertainty)
		}
		return finding{
			rating:  Rating{Invalid, c.Confidence()},
			problem: "the document shows a different medicine (" + e.other.name + ") from the one requested (" + e.want + ")",
			at:      e.other.at,
		}
	}},
	{"no-medicine", nil, func(e medicineEvidence) finding {
		return finding{rating: Rating{NotFound, e.absent}, missing: "the medicine"}
	}},
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
