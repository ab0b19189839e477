// A page of several people's rows of medicines: whose row the lead's name heads.

package evidence

// leadOnOthersRows is the lead's name heading a row of another medicine on
// a page whose rows each begin with the person they are for and name a
// medicine ("Kettering, Joan  Amlodipine 5mg tablets  28  22/11/2026"
// among other residents' rows on a care home's delivery note), where no
// line names the requested medicine: the page lists several people's
// medicines, and nothing on it says the requested one is the lead's.
// unseen22, round 12: a fax lost the husband's Mounjaro row and the wife,
// the lead, was rated the patient from her own row of another medicine, a
// false accept. A row split into a line per cell (Textract) is read by
// where its cells lie. nil when the page is no such list, or the lead
// heads no row.
func leadOnOthersRows(d document, e expectedName, req requestedMedicine) *nameSeen {
	if len(req.lines) > 0 {
		return nil
	}
	people := map[string]bool{}
	var lead *nameSeen
	for _, m := range findMedicineMentions(d) {
		l := d.lines[m.line]
		var before []word
		for _, w := range l.words {
			if w.end <= m.start {
				before = append(before, w)
			}
		}
		if len(before) == 0 {
			// A reader that splits a row into a line per cell gives the
			// person's cell a line of its own, level with the medicine's.
			if k := rowNameCell(d, m.line); k >= 0 {
				l, before = d.lines[k], d.lines[k].words
			}
		}
		ws := nameRun(before)
		if len(ws) < 2 || len(ws) != len(before) || !looksLikeName(ws) || isPrescriberLine(l) {
			continue
		}
		people[wordsText(ws)] = true
		if o, level := compareName(ws, e, l.reading()); (o == nameFull || o == nameSwapped) && level >= ocrMatch {
			firstSeen(&lead, nameSeen{sure: readCertainty(l.reading().of(ws).conf), ocr: l.ocr, at: spotOfWords(l, ws)})
		}
	}
	if len(people) < 2 {
		return nil
	}
	return lead
}

// rowNameCell is the line level with line i and left of it that holds
// nothing but a name (a table's person cell, as Textract returns it); -1
// when there is none.
func rowNameCell(d document, i int) int {
	l := d.lines[i]
	for k, o := range d.lines {
		if k != i && sameRow(l, o) && o.box.Left+o.box.Width <= l.box.Left {
			if ws := nameRun(o.words); len(ws) >= 2 && len(ws) == len(o.words) && looksLikeName(ws) {
				return k
			}
		}
	}
	return -1
}
