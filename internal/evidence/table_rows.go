// A household's table of fills: the rows of the lead's own fills.

package evidence

import "slices"

// leadsRows is d with, in the tables whose rows each name their patient,
// the rows of other people left out, when the lead's own rows hold the
// requested medicine: another person's fills (a household's history, a
// family statement) give neither the lead's date nor the lead's dose. The
// tables of a page are taken together: a spreadsheet printed over two
// pages is a table a page, and the lead's Wegovy rows on page 2 leave out
// the spouse's on page 1 (unseen30, round 13: the spouse's recent fill was
// rated the lead's, a false accept at first measure). A document whose
// requested medicine lies only in other people's rows is left whole, so
// its patient is that other person.
func leadsRows(d document, exp Expected, want string) document {
	if want == "" {
		return d
	}
	lead := newExpectedName(exp.Forename, exp.Surname)
	if !exp.PatientKnown || !lead.usable() {
		return d
	}
	var others []int
	leadsMedicine := false
	for i, l := range d.lines {
		if l.place.table == 0 || l.place.patient == "" {
			continue
		}
		_, ws := normalise(l.place.patient)
		if outcome, _ := compareName(ws, lead, l.reading()); outcome != nameFull {
			others = append(others, i)
			continue
		}
		leadsMedicine = leadsMedicine || slices.ContainsFunc(lineMentions(l, i), func(m medicineMention) bool { return m.entry.generic == want })
	}
	drop := map[int]bool{}
	if leadsMedicine {
		for _, i := range others {
			drop[i] = true
		}
	}
	return d.without(drop)
}

// without is d less the lines marked in drop (d itself when none is).
func (d document) without(drop map[int]bool) document {
	if len(drop) == 0 {
		return d
	}
	out := document{meanConf: d.meanConf, relations: relationColumn(d)}
	for i, l := range d.lines {
		if !drop[i] {
			out.lines = append(out.lines, l)
		}
	}
	return out
}
