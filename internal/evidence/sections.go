// A page of several patients, each under their own caption: the lead's block.

package evidence

import (
	"maps"
	"slices"
)

// leadsCaptioned finds, on a page whose strong patient captions each head a
// block of that patient's medicines (a drive-through receipt's "PATIENT:
// OKONKWO, CHIDI" over his MOUNJARO 5 MG and "PATIENT: ABERNATHY, JOLENE"
// over her ZEPBOUND 2.5 MG; unseen79, round 20, where both doses and both
// names left the lead's not_found), the blocks of the others: each runs from
// its caption to the next caption, the last to the end; lines above the
// first caption are the page's own. It finds them only when the lead's
// caption, and no other, heads the requested product (the brand asked for,
// or the substance when that was asked: each block's product says whose it
// is) and every other caption heads a medicine of its own, another or
// another brand of the requested substance. A page whose blocks name the
// requested product twice, or one block with no medicine, keeps every line
// (nil): which block is whose is then not the product's to say.
// leadsSections, whose headings are the lead's family, is tried first.
func leadsCaptioned(d document, ms []medicineMention, exp Expected, want Medicine) map[int]bool {
	lead := newExpectedName(exp.Forename, exp.Surname)
	if want.Generic == "" || !exp.PatientKnown || !lead.usable() {
		return nil
	}
	captions := map[int]bool{}
	for _, v := range labelledPatientValues(d) {
		outcome, level := compareName(v.words, lead, v.reading())
		if v.captioned && v.strength == strongLabel && namesAPerson(v, outcome) {
			captions[v.caption] = captions[v.caption] || outcome == nameFull && level >= ocrMatch
		}
	}
	if len(captions) < 2 {
		return nil
	}
	heads := slices.Sorted(maps.Keys(captions))
	block := func(line int) int {
		k := len(heads) - 1
		for k >= 0 && heads[k] > line {
			k--
		}
		return k
	}
	product, other := make([]bool, len(heads)), make([]bool, len(heads))
	for _, m := range ms {
		if k := block(m.line); k >= 0 {
			if requestedProduct(m, want) {
				product[k] = true
			} else {
				other[k] = true
			}
		}
	}
	leads := -1
	for k, h := range heads {
		switch {
		case captions[h] && product[k] && leads == -1:
			leads = k
		case captions[h] || product[k] || !other[k]:
			return nil
		}
	}
	if leads < 0 {
		return nil
	}
	drop := map[int]bool{}
	for i := range d.lines {
		if k := block(i); k >= 0 && k != leads {
			drop[i] = true
		}
	}
	return drop
}

// requestedProduct reports a mention of the product asked for: the brand
// that was asked for, or any of the substance's when the substance was.
func requestedProduct(m medicineMention, want Medicine) bool {
	if m.entry.generic != want.Generic {
		return false
	}
	return want.Name == want.Generic || m.brand >= 0 && m.entry.brands[m.brand].name == want.Name
}

// outside is r less the lines of drop.
func (r requestedMedicine) outside(drop map[int]bool) requestedMedicine {
	keep := func(ls []int) []int {
		return slices.DeleteFunc(slices.Clone(ls), func(i int) bool { return drop[i] })
	}
	return requestedMedicine{lines: keep(r.lines), rows: keep(r.rows), others: keep(r.others)}
}
