// A household's table of fills: the rows of the lead's own fills.

package evidence

import "slices"

// leadsRows is d with, in each table whose rows each name their patient, the
// rows of other people left out, when the lead's own rows hold the
// requested medicine: another person's fills (a household's history, a
// family statement) give neither the lead's date nor the lead's dose. A
// table whose requested medicine lies only in other people's rows is left
// whole, so its patient is that other person.
func leadsRows(d document, exp Expected, want string) document {
	if want == "" {
		return d
	}
	lead := newExpectedName(exp.Forename, exp.Surname)
	if !exp.PatientKnown || !lead.usable() {
		return d
	}
	drop := map[int]bool{}
	for table := 1; ; table++ {
		var rows []int
		for i, l := range d.lines {
			if l.place.table == table {
				rows = append(rows, i)
			}
		}
		if len(rows) == 0 {
			break
		}
		var others []int
		leadsMedicine := false
		for _, i := range rows {
			l := d.lines[i]
			if l.place.patient == "" {
				continue
			}
			_, ws := normalise(l.place.patient)
			if outcome, _ := compareName(ws, lead, l.reading()); outcome != nameFull {
				others = append(others, i)
				continue
			}
			leadsMedicine = leadsMedicine || slices.ContainsFunc(lineMentions(l, i), func(m medicineMention) bool { return m.entry.generic == want })
		}
		if leadsMedicine {
			for _, i := range others {
				drop[i] = true
			}
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
