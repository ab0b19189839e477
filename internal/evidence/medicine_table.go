// The medicine table: the medicines, their brands and licensed strengths, and looking one up by name.

package evidence

import "slices"

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
