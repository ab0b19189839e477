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
// false accept. nil when the page is no such list, or the lead heads no
// row.
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
