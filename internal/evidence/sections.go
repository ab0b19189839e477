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
// caption heads the requested product (the brand asked for, or the
// substance when that was asked) and every other caption heads a medicine
// of its own, whichever (a couple's self-pay order, "Patient 1" over Rosa
// Almeida's ZEPBOUND 5 mg and "Patient 2" over Victor's ZEPBOUND 2.5 mg;
// unseen83, round 21). A page where the lead's name heads two blocks, or a
// block names no medicine (captions read one under another, their values
// after them), keeps every line (nil): its blocks are not each a patient's.
// leadsSections, whose headings are the lead's family, is tried first.
func leadsCaptioned(d document, ms []medicineMention, exp Expected, want Medicine) map[int]bool {
	lead := newExpectedName(exp.Forename, exp.Surname)
	if want.Generic == "" || !exp.PatientKnown || !lead.usable() {
		return nil
	}
	captions := map[int]bool{}
	for _, v := range labelledPatientValues(d) {
		outcome, level := compareName(v.words, lead, v.reading())
		addCaption(captions, v, outcome, level)
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
		case captions[h] || !product[k] && !other[k]:
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

// ofProduct is r less the lines that name only another brand of the
// requested substance, where other lines name the requested product
// itself: on a household's message, "Mrs Marcia Baptiste - Wegovy 1mg" and
// "Mr Clive Baptiste - Ozempic 1mg pen", the Ozempic row names Ozempic's
// patient (unseen83, round 21, where the two semaglutide rows made the
// lead not_found beside his namesake); the other brand's rows are another
// medicine's (requestedMedicine.others). For the name only: a supply of one
// brand for a prescription of another (a substitution sticker) is one
// patient's, and its dose is judged on every line.
func (r requestedMedicine) ofProduct(ms []medicineMention, want Medicine) requestedMedicine {
	product, sibling := map[int]bool{}, map[int]bool{}
	for _, m := range ms {
		switch {
		case m.entry.generic != want.Generic:
		case requestedProduct(m, want):
			product[m.line] = true
		case m.brand >= 0:
			// Another brand; the substance's own name ("SEMAGLUT
			// 2.4MG/0.75ML PEN" on a label "SUB FOR: WEGOVY") is no
			// other product (unseen64, in replay, round 21).
			sibling[m.line] = true
		}
	}
	if len(product) == 0 {
		return r
	}
	drop := map[int]bool{}
	for i := range sibling {
		if !product[i] {
			drop[i] = true
		}
	}
	out := r.outside(drop)
	// Another brand's rows are another medicine's: a name there is that
	// row's patient, one of a list.
	for i := range drop {
		out.others = append(out.others, i)
	}
	slices.Sort(out.others)
	return out
}
