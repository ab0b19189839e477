package evidence

import (
	_ "embed"
	"slices"
	"strings"
)

// Medicine is a weight-loss medicine of the table: an active substance (or a
// fixed combination) and the brands it is sold under. A brand and its
// generic are the same medicine.
type Medicine struct {
	// Generic is the active substance ("semaglutide", "naltrexone/bupropion").
	Generic string
	// Name is the name that was looked up, as the table spells it: a brand
	// ("Wegovy") or the generic.
	Name string
	// Brands are every brand of the generic.
	Brands []string
	// Strengths are the licensed strengths of Name: of that brand, or of
	// every product of the generic when Name is the generic.
	Strengths []Dose
}

// Licensed reports whether d is a licensed strength of m.Name.
func (m Medicine) Licensed(d Dose) bool { return slices.Contains(m.Strengths, d) }

// LookupMedicine finds the medicine a name refers to. The name may carry
// other words ("Wegovy 2.4 mg pen", "semaglutide injection") and small typing
// mistakes; it must name exactly one medicine of the table.
func LookupMedicine(name string) (Medicine, bool) {
	norm, words := normalise(name)
	if len(words) == 0 {
		return Medicine{}, false
	}
	// A client's typing is treated like OCR output: small slips are allowed.
	l := docLine{raw: name, norm: norm, conf: 0, ocr: true, words: words}
	ms := slices.DeleteFunc(lineMentions(l, 0), func(m medicineMention) bool { return m.brand == componentName })
	if len(ms) == 0 {
		return Medicine{}, false
	}
	first := ms[0]
	for _, m := range ms[1:] {
		if m.entry != first.entry {
			return Medicine{}, false
		}
	}
	// Prefer a brand, which has the narrower set of strengths.
	for _, m := range ms {
		if m.brand >= 0 {
			first = m
			break
		}
	}
	return first.entry.medicine(first.brand), true
}

// medicineEntry is one row of the table.
type medicineEntry struct {
	generic string
	// components are the substances of a fixed combination; both must be
	// named for the combination to be named.
	components []string
	brands     []brandEntry
	// genericStrengths are strengths sold only under the generic name.
	genericStrengths []Dose
}

type brandEntry struct {
	name      string
	aliases   []string // other spellings, lowercase
	strengths []Dose
}

func (e *medicineEntry) medicine(brand int) Medicine {
	m := Medicine{Generic: e.generic, Name: e.generic}
	for _, b := range e.brands {
		m.Brands = append(m.Brands, b.name)
	}
	if brand >= 0 {
		m.Name = e.brands[brand].name
		m.Strengths = slices.Clone(e.brands[brand].strengths)
		return m
	}
	m.Strengths = slices.Clone(e.genericStrengths)
	for _, b := range e.brands {
		for _, s := range b.strengths {
			if !slices.Contains(m.Strengths, s) {
				m.Strengths = append(m.Strengths, s)
			}
		}
	}
	slices.SortFunc(m.Strengths, compareDoses)
	return m
}

// displayName is how a note names the medicine a mention refers to.
func (e *medicineEntry) displayName(brand int) string {
	if brand >= 0 {
		return e.brands[brand].name
	}
	return e.generic
}

func (e *medicineEntry) isCombination() bool { return len(e.components) > 0 }

// medicineTable: licensed strengths as of 2026 in the UK and the US (SmPCs
// and US prescribing information).
var medicineTable = []*medicineEntry{
	{
		generic: "semaglutide",
		brands: []brandEntry{
			// Injection 0.25-2.4 mg (7.2 mg where licensed); oral Wegovy 1.5-25 mg.
			{name: "Wegovy", strengths: mgs(0.25, 0.5, 1, 1.7, 2.4, 7.2, 1.5, 4, 9, 25)},
			{name: "Ozempic", strengths: mgs(0.25, 0.5, 1, 2)},
			{name: "Rybelsus", strengths: mgs(3, 7, 14, 1.5, 4, 9)},
		},
	},
	{
		generic: "tirzepatide",
		brands: []brandEntry{
			{name: "Mounjaro", strengths: mgs(2.5, 5, 7.5, 10, 12.5, 15)},
			{name: "Zepbound", strengths: mgs(2.5, 5, 7.5, 10, 12.5, 15)},
		},
	},
	{
		generic: "liraglutide",
		brands: []brandEntry{
			{name: "Saxenda", strengths: mgs(0.6, 1.2, 1.8, 2.4, 3)},
			{name: "Victoza", strengths: mgs(0.6, 1.2, 1.8)},
		},
	},
	{
		generic: "dulaglutide",
		brands: []brandEntry{
			{name: "Trulicity", strengths: mgs(0.75, 1.5, 3, 4.5)},
		},
	},
	{
		generic: "exenatide",
		brands: []brandEntry{
			{name: "Byetta", strengths: []Dose{{Micrograms: 5}, {Micrograms: 10}}},
			{name: "Bydureon", strengths: mgs(2)},
		},
	},
	{
		generic: "orlistat",
		brands: []brandEntry{
			{name: "Xenical", strengths: mgs(120)},
			{name: "Alli", strengths: mgs(60)},
		},
	},
	{
		generic: "phentermine",
		brands: []brandEntry{
			{name: "Adipex-P", aliases: []string{"adipex"}, strengths: mgs(37.5)},
			{name: "Lomaira", strengths: mgs(8)},
		},
		genericStrengths: mgs(15, 30, 37.5),
	},
	{
		generic:    "phentermine/topiramate",
		components: []string{"phentermine", "topiramate"},
		brands: []brandEntry{
			{name: "Qsymia", strengths: []Dose{combo(3.75, 23), combo(7.5, 46), combo(11.25, 69), combo(15, 92)}},
		},
	},
	{
		generic:    "naltrexone/bupropion",
		components: []string{"naltrexone", "bupropion"},
		brands: []brandEntry{
			{name: "Mysimba", strengths: []Dose{combo(8, 90)}},
			{name: "Contrave", strengths: []Dose{combo(8, 90)}},
		},
	},
	{
		generic: "setmelanotide",
		brands: []brandEntry{
			// Daily doses drawn from the 10 mg/mL vial.
			{name: "Imcivree", strengths: mgs(0.5, 1, 1.5, 2, 2.5, 3)},
		},
	},
}

func mgs(vs ...float64) []Dose {
	ds := make([]Dose, len(vs))
	for i, v := range vs {
		ds[i] = Dose{Micrograms: int64(v*1000 + 0.5)}
	}
	return ds
}

func combo(a, b float64) Dose {
	return Dose{Micrograms: int64(a*1000 + 0.5), Plus: int64(b*1000 + 0.5)}
}

// medicineName is one spelling the document matcher looks for.
type medicineName struct {
	text   string // lowercase
	ocr    string // ocrForm(text)
	counts [27]uint8
	entry  *medicineEntry
	// brand indexes entry.brands; -1 is the generic, -2 a component of a
	// combination (named alone it is not a medicine of the table).
	brand int
}

const componentName = -2

var medicineNames = func() []medicineName {
	var ns []medicineName
	add := func(text string, e *medicineEntry, brand int) {
		for _, n := range ns {
			if n.text == text {
				return
			}
		}
		ns = append(ns, medicineName{text: text, ocr: ocrForm(text), counts: letterCounts(ocrForm(text)), entry: e, brand: brand})
	}
	for _, e := range medicineTable {
		if !e.isCombination() {
			add(e.generic, e, -1)
		}
		for i, b := range e.brands {
			_, words := normalise(b.name)
			add(words[0].text, e, i)
			for _, a := range b.aliases {
				add(a, e, i)
			}
		}
	}
	for _, e := range medicineTable {
		for _, c := range e.components {
			add(c, e, componentName)
		}
	}
	return ns
}()

// medicineMention is a medicine of the table named on a line.
type medicineMention struct {
	line  int
	entry *medicineEntry
	brand int
	// name is the table's spelling that matched ("phentermine").
	name  string
	level matchLevel
	conf  float64
	start int // byte offset in the line's norm
	// unlisted: a medicine that is not in the table (unlistedMentions);
	// dosed: its line gives a dose, which makes it certain.
	unlisted, dosed bool
}

func findMedicineMentions(d document) []medicineMention {
	perLine := make([][]medicineMention, len(d.lines))
	for i, l := range d.lines {
		perLine[i] = lineMentions(l, i)
	}
	// A combination may be spelled out over two lines ("Phentermine and" /
	// "topiramate ER 7.5 mg/46 mg").
	for i := range perLine {
		for j, m := range perLine[i] {
			if m.brand != componentName {
				continue
			}
			for _, k := range []int{i - 1, i + 1} {
				if k < 0 || k >= len(perLine) {
					continue
				}
				c, ok := combinationOf(append(slices.Clone(perLine[i]), perLine[k]...), m)
				if !ok {
					continue
				}
				perLine[i][j] = c
				perLine[k] = slices.DeleteFunc(perLine[k], func(o medicineMention) bool {
					return o.brand == -1 && slices.Contains(c.entry.components, o.name)
				})
				break
			}
		}
	}
	var all []medicineMention
	for i, ms := range perLine {
		for _, m := range ms {
			if m.brand != componentName {
				all = append(all, m)
			}
		}
		all = append(all, unlistedMentions(d.lines[i], i, ms)...)
	}
	return all
}

// otherMedicinesList is a list of commonly dispensed medicines that are not
// in the table (data/other-medicines.txt).
//
//go:embed data/other-medicines.txt
var otherMedicinesList string

var otherMedicines = func() map[string]*medicineEntry {
	m := map[string]*medicineEntry{}
	for _, l := range strings.Split(otherMedicinesList, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		_, ws := normalise(l)
		if len(ws) > 0 {
			m[ws[0].text] = &medicineEntry{generic: ws[0].text}
		}
	}
	return m
}()

// otherMedicineStems end the names of whole classes of medicines
// (atorvastatin, ramipril, bisoprolol): a word of eight letters or more
// ending so names a medicine, whether or not the list has it.
var otherMedicineStems = []string{
	"statin", "pril", "olol", "sartan", "prazole", "formin", "gliptin", "gliflozin", "oxetine", "azepam",
	"triptan", "mycin", "cillin", "floxacin", "dipine", "tidine", "lukast", "xaban", "semide", "thiazide",
}

// dosageFormWords say a line is about a medicine's product.
var dosageFormWords = newPhraseSet(map[bool][]string{true: {
	"tablet", "tablets", "tabs", "capsule", "capsules", "caps", "injection", "inhaler", "cream", "ointment",
	"solution", "suspension", "oral", "pen", "pens", "patch", "patches", "drops", "spray", "syrup", "mg", "mcg",
	"ml", "ug", "gel", "sachets", "modified release", "mr", "er", "xl", "sr",
}})

// unlistedMentions are the medicines outside the table that line i names
// clearly: a word of the list, or a word with a medicine class's stem, read
// as it is spelt (no OCR allowance), on a line that also gives a dose or a
// dosage form ("Metformin 500mg tablets", "Atorvastatin tablets"). A word
// the table already matched is not one.
func unlistedMentions(l docLine, i int, table []medicineMention) []medicineMention {
	var out []medicineMention
	form, dosed := -1, false // form unknown: whether the line gives a dose or a dosage form
	for _, w := range l.words {
		if len(w.text) < 5 || slices.ContainsFunc(table, func(m medicineMention) bool { return m.start == w.start }) {
			continue
		}
		if _, level := matchMedicineWord(w.text, false); level != noMatch {
			continue
		}
		e := otherMedicines[w.text]
		if e == nil && len(w.text) >= 8 && !hasDigit(w.text) {
			for _, stem := range otherMedicineStems {
				if strings.HasSuffix(w.text, stem) {
					e = &medicineEntry{generic: w.text}
					break
				}
			}
		}
		if e == nil {
			continue
		}
		if form < 0 {
			form = 0
			dosed = slices.ContainsFunc(scanDoses(l.numberText()), func(m doseMention) bool { return m.kind.isDose() })
			if dosed || dosageFormWords.any(l.words) {
				form = 1
			}
		}
		if form == 0 {
			return nil
		}
		out = append(out, medicineMention{line: i, entry: e, brand: -1, name: w.text, level: exactMatch, conf: l.confIn(w.start, w.end), start: w.start, unlisted: true, dosed: dosed})
	}
	return out
}

// lineMentions finds the medicines named on one line. A component of a
// combination named with its partner names the combination; "phentermine"
// next to "topiramate" is Qsymia's generic, not phentermine alone.
func lineMentions(l docLine, index int) []medicineMention {
	var raw []medicineMention
	for _, w := range l.words {
		n, level := matchMedicineWord(w.text, l.ocr)
		if level == noMatch {
			continue
		}
		raw = append(raw, medicineMention{line: index, entry: n.entry, brand: n.brand, name: n.text, level: level, conf: l.confIn(w.start, w.end), start: w.start})
	}
	if len(raw) == 0 {
		return nil
	}
	var out []medicineMention
	for _, m := range raw {
		if c, ok := combinationOf(raw, m); ok {
			if m.brand == componentName {
				out = append(out, c)
			}
			// The single-substance reading of a component (phentermine) is
			// dropped: the line names the combination.
			continue
		}
		out = append(out, m)
	}
	return out
}

// combinationOf reports the combination m is a component of when every
// component of it is among ms.
func combinationOf(ms []medicineMention, m medicineMention) (medicineMention, bool) {
	if m.brand != componentName && m.brand != -1 {
		return medicineMention{}, false
	}
	for _, e := range medicineTable {
		if !slices.Contains(e.components, m.name) {
			continue
		}
		all := true
		for _, c := range e.components {
			all = all && slices.ContainsFunc(ms, func(o medicineMention) bool {
				return (o.brand == componentName || o.brand == -1) && o.name == c
			})
		}
		if all {
			c := m
			c.entry, c.brand, c.name = e, -1, e.generic
			return c, true
		}
	}
	return medicineMention{}, false
}

// matchMedicineWord matches one word against the table's names. On a text
// layer only an exact word (or a word that starts with a name of six or more
// letters: "wegovyflextouch", "mounjaro2") matches. On OCR output a word may
// also match after undoing OCR confusions, or within a small edit distance,
// but only when it is at least two edits closer to that name than to any
// other: a word never matches a different medicine by being noisy.
func matchMedicineWord(w string, ocr bool) (medicineName, matchLevel) {
	if len(w) < 4 {
		return medicineName{}, noMatch
	}
	for _, n := range medicineNames {
		if w == n.text || (len(n.text) >= 6 && strings.HasPrefix(w, n.text)) {
			return n, exactMatch
		}
	}
	if !ocr {
		return medicineName{}, noMatch
	}
	ow := ocrForm(trimTrailingDigits(w))
	if len(ow) < 4 || isDigit(ow[0]) {
		return medicineName{}, noMatch
	}
	for _, n := range medicineNames {
		if ow == n.ocr || (len(n.ocr) >= 6 && strings.HasPrefix(ow, n.ocr)) {
			return n, ocrMatch
		}
	}
	// Names of six letters or more allow an edit; a word must be within
	// one letter of that length to be one edit away.
	if len(ow) < 5 {
		return medicineName{}, noMatch
	}
	wh := letterCounts(ow)
	best, bestD, secondD := -1, 99, 99
	for i, n := range medicineNames {
		// Distances over 3 cannot decide anything: the best allowed is 2
		// and the runner-up must be two further away. An edit changes the
		// letter counts by at most 2, so counts far apart rule a name out.
		if countDistance(wh, n.counts) > 6 {
			continue
		}
		d := editDistance(ow, n.ocr, 3)
		switch {
		case d < bestD:
			secondD = bestD
			best, bestD = i, d
		case d < secondD:
			secondD = d
		}
	}
	if best < 0 || bestD > fuzzyAllowance(len(medicineNames[best].text)) || secondD < bestD+2 {
		return medicineName{}, noMatch
	}
	if bestD == 1 {
		return medicineNames[best], fuzzyMatch1
	}
	return medicineNames[best], fuzzyMatch2
}

// letterCounts counts a word's letters a-z; anything else counts as one kind.
func letterCounts(s string) [27]uint8 {
	var c [27]uint8
	for i := 0; i < len(s); i++ {
		k := 26
		if s[i] >= 'a' && s[i] <= 'z' {
			k = int(s[i] - 'a')
		}
		if c[k] < 255 {
			c[k]++
		}
	}
	return c
}

func countDistance(a, b [27]uint8) int {
	d := 0
	for i := range a {
		d += max(int(a[i])-int(b[i]), int(b[i])-int(a[i]))
	}
	return d
}

// trimTrailingDigits drops digits glued to the end of a word ("mounjar05"
// keeps its OCR digits, "wegovy2" loses the 2) when letters precede them.
func trimTrailingDigits(w string) string {
	i := len(w)
	for i > 0 && w[i-1] >= '0' && w[i-1] <= '9' {
		i--
	}
	if i >= 6 && len(w)-i > 1 {
		return w[:i]
	}
	return w
}

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
		c := lower(readConfidence(best.conf), best.level.confidence())
		if other != nil {
			// The document names another weight-loss medicine as well.
			return finding{
				rating: Rating{Valid, lower(c, Medium)},
				caveat: "the medicine (the document also names " + other.entry.displayName(other.brand) + ")",
			}
		}
		return withCaveat(finding{rating: Rating{Valid, c}}, "the medicine")
	case other != nil:
		c := lower(readConfidence(other.conf), other.level.confidence())
		if other.unlisted && !other.dosed {
			// Named with a dosage form but no dose: likely the document's
			// medicine, not certainly.
			c = lower(c, Medium)
		}
		return finding{
			rating:  Rating{Invalid, c},
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
