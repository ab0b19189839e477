// Rating the medication dosage: the doses in the medicine's block weighed against the request.

package evidence

import (
	"math"
	"slices"
	"strings"
)

var (
	// directionRe marks a line that says how the medicine is taken; a dose
	// stated there is the dose.
	directionRe = lazyRE(`\b(?:inject|injects|take|takes|administer|sig|directions?|instructions?|strength)\b|\bdos(?:e|age)\s*[:=-]|\b(?:once|twice)\s+(?:a\s+)?(?:week|weekly|day|daily)\b|\bweekly\b|\bdaily\b|\bevery\s+(?:week|day|morning|\d+\s+days?)\b|\b(?:per|each|a)\s+week\b`)
	// notBeforeRe follows a dose to be taken from a day to come.
	notBeforeRe = lazyRE(`^\s*[,;:-]?\s*(?:not\s+before|no\s+earlier\s+than|not\s+until|not\s+till)\b`)
	// futureDoseRe starts the part of a line about later or maximum doses
	// ("then increase to 5 mg", "do not exceed 2.4 mg"), or a restart's
	// ("Restart at 0.25 mg once weekly in 2 weeks" in a discharge letter
	// whose supply was 2.4 mg; unseen190, round 33, not_found on 3 uploads).
	futureDoseRe = lazyRE(`\b(?:then|thereafter|increas\w*|titrat\w*|escalat\w*|step\s+up|max|maximum|exceed\w*|up\s+to|next\s+(?:dose|strength|step)|cam\s+nesaf|from\s+week|after\s+\d+\s+weeks?|restart\w*\s+(?:at|on)|resum\w*\s+(?:at|on)|new\s+supply\s+at)\b`)
)

// Dose tiers, best first: where a dose sits relative to the medicine.
const (
	directionTier = iota // a directions line in the medicine's block
	medicineTier         // the medicine's own line
	nearTier             // the two lines after it
	elsewhereTier        // any line outside every medicine's block
	ignoredTier          // another medicine's block
)

// rateDosage rates medicationDosage: the requested dose must be a licensed
// strength of the requested medicine and the dose the document states for
// that medicine. Doses are taken from the medicine's block (its line and the
// next two) before the rest of the document; directions lines count first;
// concentrations, pen contents and doses after "then"/"increase to" are not
// the dose. collectDoseEvidence gathers them; the first rule of doseRules
// that holds decides (docs/evidence-rules.md, "Medication dosage").
func rateDosage(d document, exp Expected, want Medicine, wantKnown bool, ms []medicineMention, pol Policy) finding {
	return decide(doseRules, collectDoseEvidence(d, exp, want, wantKnown, ms, pol))
}

// doseEvidence is what a document says about the requested medicine's dose.
type doseEvidence struct {
	// requested: a dosage was given; medicineKnown: the requested medicine
	// is one of the table; understood: the dosage could be read as a dose,
	// want; licensed: want is a strength of medicine.
	requested, medicineKnown, understood, licensed bool
	want                                           Dose
	medicine                                       string
	// anchored: the document names a medicine to take doses from;
	// otherMedicine: only other medicines than the requested one.
	anchored, otherMedicine bool
	// doses are the distinct doses found in the best tier that has any
	// (sorted), and at where each was first read; tier is that tier, read
	// how well the weakest was read, and repaired whether any was read only
	// after putting back a digit OCR read as a letter.
	doses    []Dose
	at       []*spot
	tier     int
	read     float64
	repaired bool
	// named are the strengths of the products the document names for the
	// medicine, product the name to quote; ocr: some line was read by OCR.
	named   []Dose
	product string
	ocr     bool
	absent  Confidence
	// latest is the dose of the medicine's latest dated record, where it
	// shows several doses each on a record of its own (latestKnown).
	latest      Dose
	latestKnown bool
	// ownRecord: the page is only a record the patient keeps (ownRecord).
	ownRecord bool
	// scam: the page is a scam message or a fraud report (scamOnly).
	scam bool
	// research: the page sells its product for research, not for people
	// (researchOnlyRe), and names no pharmacy (a pharmacy's letter warning
	// of research peptides beside its own supply keeps its dose).
	research bool
}

// researchOnlyRe says a product is sold for research, not to be taken
// ("FOR RESEARCH USE ONLY - NOT FOR HUMAN CONSUMPTION" on a peptide
// seller's order e-mail, its "Tirzepatide 10mg ... 1 vial (10 mg per
// vial)" a vial's powder; unseen151, round 29, rated the requested
// Mounjaro 10 mg, a false accept at first measure on 3 uploads, each
// reader).
var researchOnlyRe = lazyRE(`\bfor\s+research\s+(?:use|purposes)\s+only\b|\bnot\s+for\s+human\s+(?:consumption|use)\b`)

// collectDoseEvidence gathers the doses the document states for the
// requested medicine.
func collectDoseEvidence(d document, exp Expected, want Medicine, wantKnown bool, ms []medicineMention, pol Policy) doseEvidence {
	ev := doseEvidence{requested: strings.TrimSpace(exp.MedicationDosage) != "", medicineKnown: wantKnown, medicine: want.Name, absent: d.notFoundConfidence()}
	if !ev.requested || !wantKnown {
		return ev
	}
	ev.want, ev.understood = parseRequestedDosage(exp.MedicationDosage)
	if !ev.understood {
		return ev
	}
	ev.want = want.resolveCombination(ev.want)
	ev.licensed = want.Licensed(ev.want)
	if !ev.licensed {
		return ev
	}
	var anchors []medicineMention
	for _, m := range ms {
		if m.entry.generic == want.Generic {
			anchors = append(anchors, m)
		}
	}
	if supplied := slices.DeleteFunc(slices.Clone(anchors), func(m medicineMention) bool {
		return notYetSupplied(d, m.line) || pastDoseRe.MatchString(d.lines[m.line].norm) || missedDoseRe.MatchString(d.lines[m.line].norm)
	}); len(supplied) > 0 {
		anchors = supplied
	}
	if len(anchors) == 0 {
		anchors, ev.otherMedicine = ms, true
	}
	ev.anchored = len(anchors) > 0
	if !ev.anchored {
		return ev
	}
	var contradicted bool
	ev.doses, ev.at, ev.tier, ev.read, ev.repaired, contradicted = blockDosesContradicted(d, anchors, ms)
	ev.ownRecord = ownRecord(d)
	ev.scam = scamOnly(d)
	ev.research = slices.ContainsFunc(d.lines, func(l docLine) bool { return researchOnlyRe.MatchString(l.norm) }) &&
		collectPharmacyEvidence(d).kind == noPharmacy
	ev.named, ev.product = namedStrengths(anchors)
	ev.ocr = slices.ContainsFunc(d.lines, func(l docLine) bool { return l.ocr })
	if len(ev.doses) >= 2 && !ev.otherMedicine && !keepsOwnRecord(d) && !contradicted {
		ev.latest, ev.latestKnown = latestFillDose(d, anchors, ms, want.Generic, newExpectedName(exp.Forename, exp.Surname), pol)
		if !ev.latestKnown {
			ev.latest, ev.latestKnown = latestSupplyDose(d, anchors, ms, pol)
		}
	}
	return ev
}

// sure is how sure the doses found are: as well as they were read, and as
// near the medicine's name as they were.
func (e doseEvidence) sure() certainty {
	c := min(readCertainty(e.read), [...]certainty{highCertainty, highCertainty, mediumCertainty, lowCertainty}[e.tier])
	if e.repaired {
		// A digit OCR read as a letter ("Img") was put back: likely, not certain.
		c = min(c, mediumCertainty)
	}
	return c
}

// shown lists the doses found, for the note.
func (e doseEvidence) shown() string { return doseList(e.doses) }

// wantAt is where the requested dose was read (nil when it was not).
func (e doseEvidence) wantAt() *spot { return e.doseAt(e.want) }

// doseAt is where dose x was read (nil when it was not).
func (e doseEvidence) doseAt(x Dose) *spot {
	if i := slices.Index(e.doses, x); i >= 0 {
		return e.at[i]
	}
	return nil
}

const theDose = "the dose"

// doseRules decide medicationDosage, in the order of docs/evidence-rules.md.
var doseRules = []rule[doseEvidence]{
	{"no-dose-requested", func(e doseEvidence) bool { return !e.requested }, func(doseEvidence) finding {
		return finding{rating: Rating{NotFound, High}, problem: "no dosage was given to check against"}
	}},
	{"dose-of-unknown-medicine", func(e doseEvidence) bool { return !e.medicineKnown }, func(doseEvidence) finding {
		return finding{rating: Rating{NotFound, High}, problem: "the dose could not be checked without a known medicine"}
	}},
	{"requested-dose-not-understood", func(e doseEvidence) bool { return !e.understood }, func(doseEvidence) finding {
		return finding{rating: Rating{NotFound, High}, problem: "the requested dosage could not be understood"}
	}},
	{"requested-dose-not-licensed", func(e doseEvidence) bool { return !e.licensed }, func(e doseEvidence) finding {
		return finding{rating: Rating{Invalid, High}, problem: "the requested dose (" + e.want.String() + ") is not a licensed strength of " + e.medicine}
	}},
	{"no-medicine-for-dose", func(e doseEvidence) bool { return !e.anchored }, func(e doseEvidence) finding {
		return finding{rating: Rating{NotFound, e.absent}, missing: theDose}
	}},
	{"no-dose", func(e doseEvidence) bool { return len(e.doses) == 0 }, func(e doseEvidence) finding {
		return finding{rating: Rating{NotFound, e.absent}, missing: theDose}
	}},
	{"dose-of-research-chemical", func(e doseEvidence) bool { return e.research }, func(e doseEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: "the document sells its product for research, not for people, so its amounts are no dose prescribed", at: e.at[0]}
	}},
	{"dose-in-scam", func(e doseEvidence) bool { return e.scam }, func(e doseEvidence) finding {
		return finding{rating: Rating{NotFound, Medium}, scam: "the dose", at: e.at[0]}
	}},
	{"dose-in-own-record", func(e doseEvidence) bool { return e.ownRecord }, func(e doseEvidence) finding {
		// A tracker's "5 mg ✓" is what the patient says they injected,
		// which is what the clinician asked evidence of.
		return finding{rating: Rating{NotFound, Medium}, ownRecord: theDose, at: e.at[0]}
	}},
	{"dose-of-other-medicine", func(e doseEvidence) bool { return e.otherMedicine }, func(e doseEvidence) finding {
		return finding{rating: Rating{Invalid, min(e.sure(), mediumCertainty).Confidence()}, problem: "the dose on the document (" + e.shown() + ") is for a different medicine", at: e.at[0]}
	}},
	{"requested-dose", func(e doseEvidence) bool { return len(e.doses) == 1 && e.doses[0] == e.want }, func(e doseEvidence) finding {
		f := finding{rating: Rating{Valid, e.sure().Confidence()}, at: e.at[0]}
		if e.sure() != highCertainty {
			f.caveat = theDose
		}
		return f
	}},
	{"dose-of-latest-fill", func(e doseEvidence) bool {
		return e.latestKnown && e.latest == e.want && slices.Contains(e.doses, e.want)
	}, func(e doseEvidence) finding {
		// A titration's history: 7.5 mg filled in October, 10 mg in
		// November; the latest is the dose the patient is on.
		return finding{rating: Rating{Valid, min(e.sure(), mediumCertainty).Confidence()}, caveat: "the dose (the latest of fills at " + e.shown() + ")", at: e.wantAt()}
	}},
	{"several-doses", func(e doseEvidence) bool { return slices.Contains(e.doses, e.want) }, func(e doseEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: "the document shows more than one dose (" + e.shown() + ")", at: e.wantAt()}
	}},
	{"latest-fill-other-dose", func(e doseEvidence) bool {
		return e.latestKnown && e.latest != e.want && !((e.read < wellRead || e.repaired) && glyphApart(e.latest, e.want, e.read < fairlyRead))
	}, func(e doseEvidence) finding {
		// A titration's history whose latest fill is another dose than
		// the one requested, which no fill shows (10 mg filled, 12.5 mg
		// asked for): the patient is on the latest, and an older fill's
		// dose a glyph from the requested one is no misreading of it.
		return finding{rating: Rating{Invalid, min(e.sure(), mediumCertainty).Confidence()}, problem: "the latest fill on the document is of a different dose (" + e.latest.String() + ") from the one requested (" + e.want.String() + ")", at: e.doseAt(e.latest)}
	}},
	{"dose-not-a-strength-of-product", func(e doseEvidence) bool {
		// OCR read an amount that the product the document names does not
		// come in (7.9 mg of Mounjaro; 7 mg of Wegovy, though Rybelsus
		// tablets of the same generic come in 7 mg): more likely a misread
		// digit than a different dose.
		return e.ocr && !slices.ContainsFunc(e.doses, func(x Dose) bool { return slices.Contains(e.named, x) })
	}, func(e doseEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: "the dose read from the document (" + e.shown() + ") is not a strength of " + e.product + ", so it may be misread", at: e.at[0]}
	}},
	{"dose-close-to-requested", func(e doseEvidence) bool {
		// Read less than well, a dose a glyph from the requested one ("5 mg"
		// for 15 mg, "7.5 mg" for 2.5 mg) is as likely the requested dose
		// misread as another dose; read badly, a digit and the point ("1 mg"
		// for 1.7 mg). Only a dose read well, or one that differs by more,
		// is a different dose. As with names, never guessed.
		return (e.read < wellRead || e.repaired) && slices.ContainsFunc(e.doses, func(x Dose) bool { return glyphApart(x, e.want, e.read < fairlyRead) })
	}, func(e doseEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: "the dose read from the document (" + e.shown() + ") is close to the one requested and was not read clearly, so it may be misread", at: e.at[0]}
	}},
	{"different-dose", nil, func(e doseEvidence) finding {
		c := e.sure()
		if len(e.doses) > 1 {
			c = min(c, mediumCertainty)
		}
		return finding{rating: Rating{Invalid, c.Confidence()}, problem: "the document shows a different dose (" + e.shown() + ") from the one requested (" + e.want.String() + ")", at: e.at[0]}
	}},
}

// namedStrengths are the strengths of the products the document names for
// the medicine, and the name to quote: the brands it names (Wegovy, even
// written "Wegovy (semaglutide)"), else every product of the generic.
func namedStrengths(anchors []medicineMention) ([]Dose, string) {
	var brands, all []Dose
	var brandName, genericName string
	for _, a := range anchors {
		all = append(all, a.entry.medicine(-1).Strengths...)
		genericName = a.entry.generic
		if a.brand >= 0 && !a.unlisted {
			m := a.entry.medicine(a.brand)
			brands = append(brands, m.Strengths...)
			if brandName == "" {
				brandName = m.Name
			}
		}
	}
	if len(brands) > 0 {
		return brands, brandName
	}
	return all, genericName
}

// glyphApart reports two single doses whose amounts, written as a label
// would, are one glyph apart: a digit or the point lost, added or changed
// ("5" and "15", "7.9" and "7.5", "0.5" and "0.25"), as OCR makes by
// misreading one glyph. With badly, the point does not count: one digit
// apart ("1" and "1.7", "15" and "12.5"), as a badly read line loses a
// faint point with its digit.
func glyphApart(a, b Dose, badly bool) bool {
	if a.Plus != 0 || b.Plus != 0 || a == b {
		return false
	}
	amount := func(d Dose) string {
		s := amountString(d.Micrograms)
		s = strings.TrimSuffix(strings.TrimSuffix(s, " mg"), " mcg")
		if badly {
			s = strings.ReplaceAll(s, ".", "")
		}
		return s
	}
	return editDistance(amount(a), amount(b), 1) <= 1
}

// blockDoses returns the distinct doses of the best tier that has any
// (sorted) and where each was first read, that tier, the lowest read
// confidence of the lines they came from, and whether any was read only
// after putting back digits OCR read as letters.
func blockDoses(d document, anchors, all []medicineMention) ([]Dose, []*spot, int, float64, bool) {
	doses, at, tier, read, repaired, _ := blockDosesContradicted(d, anchors, all)
	return doses, at, tier, read, repaired
}

// blockDosesContradicted is blockDoses that also reports directions that
// state none of the strengths the product's line beside them does
// (productDisagrees): which dose was supplied is then no record's to
// settle. unseen61's clinic card, a 10 mg KwikPen dispensed with "Inject
// 7.5mg (dial 45 clicks)", had the pen's strength rated the dose by its
// supply's date (a false accept at first measure, round 17).
func blockDosesContradicted(d document, anchors, all []medicineMention) ([]Dose, []*spot, int, float64, bool, bool) {
	b := blocksOf(d, anchors, all)
	byTier := b.found(d, anchors, all)
	for t, fs := range byTier {
		if len(fs) == 0 {
			continue
		}
		contradicted := false
		if t == directionTier && productDisagrees(fs, slices.DeleteFunc(slices.Clone(byTier[medicineTier]), func(f foundDose) bool { return b.parts[f.dose] })) {
			contradicted = true
			// Directions that agree with no strength a product's line
			// states beside them (a visit note's "On Zepbound 2.5 mg
			// weekly" beside a pharmacy's "ZEPBOUND 5 MG/0.5 ML PEN" fill,
			// two apps side by side; unseen36, a false accept at first
			// measure, round 14) do not settle the dose alone.
			fs = append(slices.Clone(fs), byTier[medicineTier]...)
		}
		// Prefer licensed strengths: an unlicensed amount on the same line
		// usually belongs to something else (a second medicine, a pack size).
		if slices.ContainsFunc(fs, func(f foundDose) bool { return f.licensed }) {
			fs = slices.DeleteFunc(fs, func(f foundDose) bool { return !f.licensed })
		}
		var doses []Dose
		var at []*spot
		conf, repaired := 1.0, false
		for _, f := range fs {
			if !slices.Contains(doses, f.dose) {
				doses, at = append(doses, f.dose), append(at, f.at)
			}
			conf = min(conf, f.conf)
			repaired = repaired || f.repaired
		}
		sortDoses(doses, at)
		return doses, at, t, conf, repaired, contradicted
	}
	return nil, nil, 0, 0, false, false
}

// productDisagrees reports licensed doses on the medicine's own lines
// (product) none of which the directions (directed) state.
func productDisagrees(directed, product []foundDose) bool {
	stated := false
	for _, p := range product {
		if !p.licensed {
			continue
		}
		stated = true
		if slices.ContainsFunc(directed, func(f foundDose) bool { return f.dose == p.dose }) {
			return false
		}
	}
	return stated
}

// sortDoses sorts doses, and at with them.
func sortDoses(doses []Dose, at []*spot) {
	idx := make([]int, len(doses))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return compareDoses(doses[a], doses[b]) })
	ds, as := slices.Clone(doses), slices.Clone(at)
	for i, k := range idx {
		doses[i], at[i] = ds[k], as[k]
	}
}

// foundDose is a dose stated on the document, in a tier of doseBlocks.
type foundDose struct {
	dose     Dose
	licensed bool
	conf     float64
	repaired bool
	at       *spot
}

// doseBlocks (blocksOf) is how each line of a document stands to the requested
// medicine: its tier, whether its block is of a medicine outside the table
// (anyStrength: any dose there is its dose, "Metformin tablets" over
// "500 mg" in an invoice's next column), and the medicine's licensed
// strengths.
type doseBlocks struct {
	tiers       []int
	anyStrength []bool
	licensed    map[Dose]bool
	// parts are the strengths of the pens several of which make up one
	// dose ("INJECT 1 MG (USE TWO 0.5 MG PENS)"): a unit's, not the dose.
	parts map[Dose]bool
}

// partDoseRe ends the text before a strength that several units make up a
// dose of: "use two", "2 x", "2.x" (unseen63's carton label, round 17: 1 mg
// pens on back order, two 0.5 mg pens a dose; 0.5 mg was rated the dose).
var partDoseRe = lazyRE(`(?:\buse\s+(?:two|three|four|[2-4])|\b(?:two|three|four|[2-4])\s*\.?\s*x)\s*$`)

func blocksOf(d document, anchors, all []medicineMention) doseBlocks {
	b := doseBlocks{tiers: make([]int, len(d.lines)), anyStrength: make([]bool, len(d.lines)), licensed: map[Dose]bool{}, parts: map[Dose]bool{}}
	for i := range b.tiers {
		b.tiers[i] = elsewhereTier
	}
	mentionsOn := make([][]*medicineEntry, len(d.lines))
	for _, m := range all {
		mentionsOn[m.line] = append(mentionsOn[m.line], m.entry)
	}
	direction := make([]int8, len(d.lines)) // 0 unknown, 1 yes, -1 no
	isDirection := func(k int) bool {
		if direction[k] == 0 {
			direction[k] = -1
			if directionRe.MatchString(d.lines[k].norm) {
				direction[k] = 1
			}
		}
		return direction[k] == 1
	}
	for _, a := range anchors {
		for _, s := range a.entry.medicine(-1).Strengths {
			b.licensed[s] = true
		}
		for k := a.line; k <= a.line+2 && k < len(d.lines); k++ {
			if k > a.line && slices.ContainsFunc(mentionsOn[k], func(e *medicineEntry) bool { return e.generic != a.entry.generic }) {
				break
			}
			t := nearTier
			if k == a.line {
				t = medicineTier
			}
			b.anyStrength[k] = b.anyStrength[k] || a.unlisted
			if isDirection(k) && (k == a.line || !otherStrength(d, anchors, a.line, k)) {
				t = directionTier
			}
			b.tiers[k] = min(b.tiers[k], t)
		}
		if k := headedDirections(d, a.line, mentionsOn); k > 0 && isDirection(k) {
			b.tiers[k] = min(b.tiers[k], directionTier)
		}
	}
	for _, m := range all {
		if slices.ContainsFunc(anchors, func(a medicineMention) bool { return a.entry == m.entry }) {
			continue
		}
		for k := m.line; k <= m.line+2 && k < len(d.lines); k++ {
			if b.tiers[k] == elsewhereTier {
				b.tiers[k] = ignoredTier
			}
		}
	}
	for k, l := range d.lines {
		if b.tiers[k] != medicineTier && errorLineRe.MatchString(l.norm) {
			// A line that tells of an error ("Error: the label's
			// directions read "inject 0.5 mg once weekly"", a pharmacy's
			// letter correcting a label; unseen31) states the wrong dose.
			b.tiers[k] = ignoredTier
		}
	}
	return b
}

// errorLineRe marks a line about a mistake: its doses are the mistake's.
var errorLineRe = lazyRE(`\b(?:error|incorrect(?:ly)?|wrong(?:ly)?|mistaken(?:ly)?|misprint\w*)\b`)

// directionsHeadingRe is a heading of nothing but "Directions" (or
// "Instructions", "Sig", "How to use", ...).
var directionsHeadingRe = lazyRE(`^\W*(?:directions(?:\s+for\s+use)?|instructions(?:\s+for\s+use)?|sig|how\s+to\s+(?:use|take)|your\s+dose)\W*$`)

// headedDirections is the line under a directions heading a few lines below
// the medicine's line at line, no other medicine named between (0: none):
// a card's or an app's fields each under its heading ("Medication",
// "SEMAGLUTIDE 5 MG/2 ML VIAL", "compounded", "Directions", "Draw up 0.68
// mL (68 units) = 1.7 mg"; unseen61's compounding app, round 17, whose
// current strength was then no record's dose and the older fills' dose
// stood alone).
func headedDirections(d document, line int, mentionsOn [][]*medicineEntry) int {
	for k := line + 2; k <= line+6 && k < len(d.lines); k++ {
		if len(mentionsOn[k]) > 0 {
			return 0
		}
		if directionsHeadingRe.MatchString(d.lines[k-1].norm) {
			return k
		}
	}
	return 0
}

// otherStrength reports directions on line k whose doses are none of
// those the medicine's own line (line) states, and all another line of
// the medicine's (anchors) does: another column's, where a table of two
// strengths side by side is read column by column ("Mounjaro 5mg/0.6ml
// KwikPen", "Mounjaro 7.5mg/0.6ml KwikPen", "Dose", "5mg once weekly",
// "7.5mg once weekly"; unseen27's dose-change e-mail, whose 5 mg
// directions were taken for the 7.5 mg pen's, round 14). Directions of
// another dose than a pen's strength alone (an Ozempic pen's 0.5 mg) stay
// directions.
func otherStrength(d document, anchors []medicineMention, line, k int) bool {
	doses := func(i int) []Dose {
		var out []Dose
		for _, m := range scanDoses(d.lines[i].numberText()) {
			if m.kind.isDose() {
				out = append(out, m.dose)
			}
		}
		return out
	}
	own, directed := doses(line), doses(k)
	if len(own) == 0 || len(directed) == 0 || slices.ContainsFunc(directed, func(x Dose) bool { return slices.Contains(own, x) }) {
		return false
	}
	for _, a := range anchors {
		if a.line == line {
			continue
		}
		if other := doses(a.line); !slices.ContainsFunc(directed, func(x Dose) bool { return !slices.Contains(other, x) }) {
			return true
		}
	}
	return false
}

// found is the doses stated on each line, by tier (other medicines' blocks
// left out).
func (b doseBlocks) found(d document, anchors, all []medicineMention) [][]foundDose {
	byTier := make([][]foundDose, ignoredTier)
	for i, l := range d.lines {
		t := b.tiers[i]
		if t == ignoredTier {
			continue
		}
		text := l.numberText()
		ms := scanDoses(text)
		if len(ms) == 0 {
			continue
		}
		from, cut := lineSegment(anchors, all, i)
		prev := ""
		if i > 0 && d.lines[i-1].page == l.page {
			prev = d.lines[i-1].norm
		}
		former, after := pastChange(prev, l.norm)
		if loc := futureDoseRe.FindStringIndex(l.norm[after:]); loc != nil {
			cut = min(cut, after+loc[0])
		}
		for _, m := range ms {
			if !m.kind.isDose() || m.start < from || m.start >= cut || m.start >= former && m.start < after {
				continue
			}
			if partDoseRe.MatchString(l.norm[:m.start]) {
				b.parts[m.dose] = true
				continue
			}
			if notBeforeRe.MatchString(l.norm[m.end:]) {
				// A dose to start from a day to come ("Planned restart ...
				// (dose, earliest date)" over "2.5 mg, not before
				// 28/03/2027" on a fertility unit's form; unseen148, round
				// 28, a false accept at first measure): no dose supplied.
				continue
			}
			lic := b.licensed[m.dose]
			// Away from the medicine's line, only its licensed strengths
			// are taken as its dose.
			if t >= nearTier && !lic && !b.anyStrength[i] {
				continue
			}
			repaired := text[m.start:m.end] != l.norm[m.start:m.end]
			byTier[t] = append(byTier[t], foundDose{m.dose, lic, l.confIn(m.start, m.end), repaired, &spot{line: l, from: m.start, to: m.end}})
		}
	}
	return byTier
}

// pastChangeRe is a change of dose already made, up to the new dose:
// "your dose was increased from five milligrams to" (the new dose next).
var pastChangeRe = lazyRE(`\b(?:was|were|has\s+been|have\s+been|had\s+been|is\s+now|been)\s+(?:increased|decreased|reduced|lowered|raised|changed|moved|stepped|titrated|switched)(?:\s+(?:up|down))?\s+from\b[^.;]*?\bto\b`)

// pastChange is where on a line a change of dose already made speaks of
// the former dose (from former up to after; none: after 0, former past
// the line's end): "your dose was increased from five milligrams to
// Mounjaro seven point five milligrams" states the new dose, 7.5 mg, and
// the old one no longer (round 18, unseen67's dictated clinic letter,
// several-doses). A change to come ("increase to 5 mg after 4 weeks")
// still cuts the line at futureDoseRe.
func pastChange(prev, norm string) (former, after int) {
	if pastChangeStartRe.MatchString(prev) {
		// The change wrapped after its "from": this line starts with the
		// former dose.
		if loc := toWordRe.FindStringIndex(norm); loc != nil {
			return 0, loc[1]
		}
	}
	loc := pastChangeRe.FindStringIndex(norm)
	if loc == nil {
		return len(norm) + 1, 0
	}
	return loc[0], loc[1]
}

// pastChangeStartRe ends a line with a change of dose already made, up to
// its "from"; toWordRe is the "to" that ends the former dose after it.
var (
	pastChangeStartRe = lazyRE(`\b(?:was|were|has\s+been|have\s+been|had\s+been|is\s+now|been)\s+(?:increased|decreased|reduced|lowered|raised|changed|moved|stepped|titrated|switched)(?:\s+(?:up|down))?\s+from\s*$`)
	toWordRe          = lazyRE(`^[^.;]*?\bto\b`)
)

// lineSegment is the part of line i that speaks of the anchors' medicine:
// all of it, unless the line also names another medicine ("Mounjaro 5 mg,
// Wegovy 2.4 mg"); then from the anchor's name to the next other name.
func lineSegment(anchors, all []medicineMention, i int) (from, to int) {
	from, to = 0, math.MaxInt
	var own []int
	for _, a := range anchors {
		if a.line == i {
			own = append(own, a.start)
		}
	}
	if len(own) == 0 {
		return from, to
	}
	first := slices.Min(own)
	others := false
	for _, m := range all {
		if m.line != i || slices.ContainsFunc(anchors, func(a medicineMention) bool { return a.entry == m.entry }) {
			continue
		}
		others = true
		if m.start > first {
			to = min(to, m.start)
		}
	}
	if others {
		from = first
	}
	return from, to
}

func doseList(ds []Dose) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = d.String()
	}
	return strings.Join(s, ", ")
}

// notYetSuppliedPhrases say a prescription has not been supplied yet
// ("Sent to the pharmacy today; not yet filled"); a record's statuses of
// not supplied (notSupplied, latestFillRecord) include them.
var notYetSuppliedPhrases = []string{
	"not yet filled", "not filled", "not yet dispensed", "not dispensed", "not yet supplied", "not supplied",
	"not yet prescribed", "not prescribed", "awaiting dispensing", "awaiting supply",
	// A strength approved for an order still to come ("approved Mounjaro
	// 7.5mg for your next order. It will be dispensed after 28/11").
	"next order", "will be dispensed", "to be dispensed", "dispensed after", "will be supplied", "will be sent",
	// An order still with the prescriber ("Awaiting prescriber review.
	// Nothing dispensed yet.").
	"nothing dispensed", "nothing supplied", "awaiting prescriber", "awaiting approval", "awaiting review",
	// An online pharmacy's order still in its queue ("Awaiting clinical
	// check  A pharmacist will check your prescription"; unseen85, round 21).
	"awaiting clinical check", "awaiting pharmacist check", "awaiting check",
	// A step up agreed for the next pen ("you will step up to Wegovy
	// 1.7mg once weekly from your next pen. We will issue the 1.7mg
	// prescription ..."; unseen81's health centre letter, round 20).
	"will step up", "from your next pen", "from the next pen", "will issue", "will be issued",
	// "Your next pen: Wegovy 2.4mg FlexTouch (your prescriber has approved
	// the increase)" (unseen76's order e-mail, round 20).
	"your next pen",
}

var notYetSuppliedWords = newPhraseSet(map[bool][]string{true: notYetSuppliedPhrases})

// missedDoseRe tells of doses a patient missed ("You missed three weekly
// doses of Zepbound 10 mg while you were unwell" over the restart
// prescription's "Zepbound 2.5 mg/0.5 mL single-dose pens" in a telehealth
// e-mail; unseen184, round 33, the two strengths left the dose not_found
// on 4 uploads each reader): the strength of doses not taken, not the
// supply's, when the page names the medicine otherwise too.
// Someone missed them: "missed doses" alone is a topic ("Reviewed pen
// use, missed doses, GI side effects" on a pharmacist's counselling record,
// unseen151).
var missedDoseRe = lazyRE(`\b(?:you|your|i|my|he|his|she|her|they|their|we|patient)\s+(?:have\s+|has\s+|had\s+)?missed\s+(?:\w+\s+){0,3}(?:doses?|injections?|shots?|jabs?|weeks?)\b`)

// pastDoseRe opens a line with the dose a patient last took ("LAST
// INJECTION Zepbound 10 mg on 11/07/2026" on a pharmacist's restart sheet
// over "SUPPLIED TODAY Zepbound 7.5 mg/0.5 mL pen x4"; unseen98, round 23,
// where the two left the dose not_found on 3 uploads): a dose taken, not
// the supply's, when the page names the medicine otherwise too.
var pastDoseRe = lazyRE(`^\W*(?:last|previous|prior|most\s+recent)\s+(?:injection|dose|jab|shot)s?(?:\s+taken|\s+given)?\b`)

// notYetSupplied reports a mention of the medicine whose line, or the next
// (its wrap), says it has not been supplied: its strength is no dose the
// patient has had, when the medicine is mentioned elsewhere too (unseen10's
// after-visit summary, round 9: a new strength "sent to the pharmacy
// today; not yet filled" beside the one last dispensed was rated the
// dose, a false accept).
func notYetSupplied(d document, line int) bool {
	last := min(line+1, len(d.lines)-1)
	if d.lines[line].place.table > 0 {
		last = line // a table's row is whole on its line; the next is another row or none of the table's
	}
	for k := line; k <= last; k++ {
		if notYetSuppliedWords.any(d.lines[k].words) {
			return true
		}
	}
	return false
}
