// Records: a page that lists several orders, fills or claims, each with its own medicine and dates.

package evidence

import (
	"maps"
	"slices"
	"strings"
)

// records are a page's records: each line's (-1 before the first) and
// each record's owner (requestedOwner, otherOwner, or noOwner for a
// record that names no medicine).
type records struct {
	of    []int
	owner []int
}

// headedRecords splits a page into the records a repeated heading starts
// ("ORDER PLACED" over each order of an order history, its dates on the
// row under it and the medicine below): it returns each line's record, or
// nil when no line repeats so. A heading counts
// only when every medicine named lies in its records, each record naming
// one medicine or several of one owner (the requested medicine's, or
// others'), the requested medicine in one and another in another. The
// first such heading on the page wins.
func headedRecords(d document, ms []medicineMention, want string) *records {
	if want == "" || len(ms) < 2 {
		return nil
	}
	mentioned := map[int]bool{}
	for _, m := range ms {
		mentioned[m.line] = true
	}
	at := map[string][]int{}
	var order []string
	for i, l := range d.lines {
		key := strings.Join(strings.Fields(l.norm), " ")
		if len(l.words) == 0 || mentioned[i] {
			continue
		}
		if strings.ContainsAny(key, "0123456789") {
			// A heading read with its value ("ORDER PLACED 6 November
			// 2026": a reader that pairs a card's captions with the
			// cells under them) heads its record as the caption alone.
			if key = datedCaption(l); key == "" {
				continue
			}
		}
		if _, seen := at[key]; !seen {
			order = append(order, key)
		}
		at[key] = append(at[key], i)
	}
	for _, key := range order {
		if starts := at[key]; len(starts) >= 2 && !runningHeader(d, starts) {
			if recs := recordsFrom(d, ms, want, starts); recs != nil {
				return recs
			}
		}
	}
	return nil
}

// datedCaption is the caption a line opens with when a date follows it and
// nothing else ("order placed" of "ORDER PLACED 6 November 2026"): one
// to three words without digits. "" otherwise.
func datedCaption(l docLine) string {
	// The caption first: most lines with digits open with one or have
	// more words before it, and finding dates is the dearer test.
	var caption []string
	for _, w := range l.words {
		if strings.ContainsAny(w.text, "0123456789") {
			break
		}
		caption = append(caption, w.text)
	}
	if len(caption) == 0 || len(caption) > 3 {
		return ""
	}
	dates := findDates(l.numberText())
	if len(dates) != 1 || dates[0].end < len(l.numberText())-1 || dates[0].start < l.words[len(caption)-1].end {
		return ""
	}
	for _, w := range l.words[len(caption):] {
		if w.start < dates[0].start {
			return "" // digits before the date: no caption of a date
		}
	}
	return strings.Join(caption, " ")
}

// runningHeader reports lines that each head a page of their own (the
// pharmacy's name printed at the top of every page of a medication
// record): a page's header, not a record's heading (unseen12, where page
// 2's header made all of its fills one record).
func runningHeader(d document, at []int) bool {
	pages := map[int]bool{}
	for _, i := range at {
		l := d.lines[i]
		if l.page == 0 || pages[l.page] {
			return false
		}
		pages[l.page] = true
		for k := max(0, i-2); k < i; k++ {
			if d.lines[k].page == l.page {
				if k < i-1 || len(d.lines[k].words) > 3 {
					return false // more than a short line above it on its page
				}
			}
		}
	}
	return true
}

// recordsFrom is each line's record when records start at the lines
// starts, or nil when they do not hold the medicines as headedRecords
// asks.
func recordsFrom(d document, ms []medicineMention, want string, starts []int) *records {
	recs := make([]int, len(d.lines))
	r := -1
	for i := range d.lines {
		if r+1 < len(starts) && starts[r+1] == i {
			r++
		}
		recs[i] = r
	}
	owner := recordOwners(recs, len(starts), ms, want)
	if !slices.Contains(owner, requestedOwner) || !slices.Contains(owner, otherOwner) {
		return nil
	}
	return &records{of: recs, owner: owner}
}

// recordOwners is the owner of each of n records (recs: each line's) from
// the medicines named in it: requestedOwner for the requested medicine's
// (generic want), otherOwner for others', noOwner for none. nil when a
// medicine is named before the first record or a record names both.
func recordOwners(recs []int, n int, ms []medicineMention, want string) []int {
	owner := make([]int, n)
	for _, m := range ms {
		r := recs[m.line]
		if r < 0 {
			return nil
		}
		o := otherOwner
		if m.entry.generic == want {
			o = requestedOwner
		}
		if owner[r] != noOwner && owner[r] != o {
			return nil
		}
		owner[r] = o
	}
	return owner
}

// own gives every line of a record that no medicine owns yet the owner of
// its record's medicines.
func (rs *records) own(owner []int) {
	if rs == nil {
		return
	}
	for k, r := range rs.of {
		if r >= 0 && owner[k] == noOwner {
			owner[k] = rs.owner[r]
		}
	}
}

// mentionRecords is each line's record when every line that names a
// medicine starts one (a claims table's rows, a health app's cards): -1
// before the first.
func mentionRecords(d document, ms []medicineMention) []int {
	starts := map[int]bool{}
	for _, m := range ms {
		starts[m.line] = true
	}
	recs := make([]int, len(d.lines))
	r := -1
	for i := range d.lines {
		if starts[i] {
			r++
		}
		recs[i] = r
	}
	return recs
}

// recordDate is a record's date: the latest of its dates of the most
// relevant kind (dispensed before ordered before prescribed ...), never
// one in another role.
type recordDate struct {
	date civilDate
	kind dateKind
}

// recordDates dates each record of recs from the document's dates, read
// in the document's day/month order, as dateCandidates takes them (no date
// in another role, no unlabelled date far from today); a record without a
// date has none, and record -1 is the lines before the first.
// dateAboveReach: a date this many lines or fewer above the first medicine
// may date it (records dated above their medicine); one further up is the
// page's own (a letter's date over a medication record).
const dateAboveReach = 2

// dateJustAbove reports a date of a record's kind within dateAboveReach
// lines above the first medicine's record: the page may date each record
// above its medicine.
func dateJustAbove(d document, recs []int, pol Policy) bool {
	first := slices.IndexFunc(recs, func(r int) bool { return r >= 0 })
	if first < 0 {
		return false
	}
	above := make([]int, len(recs)) // -1: a line just above the first record
	for i := max(0, first-dateAboveReach); i < first; i++ {
		above[i] = -1
	}
	_, near := recordDates(d, above, pol)[-1]
	return near
}

func recordDates(d document, recs []int, pol Policy) map[int]recordDate {
	all, order := datesInOrder(d, pol.Market)
	today := civilDay(pol.Now)
	out := map[int]recordDate{}
	for _, m := range all {
		r := recs[m.line]
		c := m.reading(order.dayFirst)
		if m.kind == otherDate || m.sent || !c.valid() || m.kind == unlabelledDate && farFromToday(c, today) {
			continue
		}
		got, ok := out[r]
		if !ok || m.kind < got.kind || m.kind == got.kind && c.compare(got.date) > 0 {
			out[r] = recordDate{c, m.kind}
		}
	}
	return out
}

// plannedWords say a record is of a supply still to come.
var plannedWords = newPhraseSet(map[bool][]string{true: {"planned", "scheduled", "upcoming"}})

// latestFillDose is the requested medicine's dose on its latest record,
// where the document shows it at several doses, each on a record of its own
// with a date of one kind (an insurer's claims, a health app's
// prescriptions: 7.5 mg filled in October, 10 mg in November). ok is false
// when the records do not settle it: a dosed mention outside every record,
// a record with two doses or no date, a prescription's date weighed
// against a fill's, two doses on the latest date, or records of two people
// (by title) whose latest does not name the lead.
func latestFillDose(d document, anchors, all []medicineMention, want string, lead expectedName, pol Policy) (dose Dose, ok bool) {
	recs := mentionRecords(d, all)
	if h := headedRecords(d, all, want); h != nil {
		recs = h.of
	}
	dates := recordDates(d, recs, pol)
	if dateJustAbove(d, recs, pol) {
		// A date just above the first medicine: the page may date each
		// record above its medicine, and a record would take the next
		// one's date.
		return Dose{}, false
	}
	doseOf := map[int]Dose{}
	withdrawn := withdrawnLines(d, all)
	for _, a := range anchors {
		r := recs[a.line]
		if r < 0 {
			return Dose{}, false
		}
		if withdrawn != nil && withdrawn[a.line] {
			// An order cancelled or a supply voided is no fill: its
			// strength is none the patient is on (unseen53's data export,
			// a false accept at first measure: "Mounjaro 12.5mg", "status:
			// cancelled", the latest order, rated the dose).
			continue
		}
		rdoc, ra, rall := recordOf(d, recs, r, a, all)
		ds, _, tier, _, _ := blockDoses(rdoc, []medicineMention{ra}, rall)
		if len(ds) == 0 || tier == elsewhereTier {
			// No dose of its own ("Mounjaro® Savings Program" over the
			// claims): the doses found are the page's.
			continue
		}
		if prev, seen := doseOf[r]; len(ds) != 1 || seen && prev != ds[0] {
			return Dose{}, false
		}
		doseOf[r] = ds[0]
	}
	var latest recordDate
	found, latestRec := false, -1
	today := civilDay(pol.Now)
	for _, r := range slices.Sorted(maps.Keys(doseOf)) {
		ds := doseOf[r]
		rd, dated := dates[r]
		if noFill(d, recs, r, rd, dated, today) {
			continue
		}
		switch {
		case !dated || found && (rd.kind == prescriptionDate) != (latest.kind == prescriptionDate):
			return Dose{}, false
		case !found || rd.date.compare(latest.date) > 0:
			latest, dose, found, latestRec = rd, ds, true, r
		case rd.date == latest.date && ds != dose:
			return Dose{}, false
		}
	}
	if found && recordsOfSeveralPeople(d, recs, doseOf) && !leadsRecord(d, recs, latestRec, lead) {
		// Two labels side by side, each its own person's ("Mrs Joan
		// Whitlow" 1 mg, "Mr Peter Whitlow" 1.7 mg): the latest fill is
		// the lead's only where its label names them (unseen32, a false
		// accept at first measure, round 14).
		return Dose{}, false
	}
	return dose, found && len(doseOf) >= 2
}

// noFill reports a record of a dose that is no fill, whose strength is
// none the patient is on. One dated ahead of today, and not as a fill, is a
// plan ("Cam nesaf: Wegovy 1.7mg FlexTouch o 18 Rhagfyr 2026 ymlaen", the
// next step from a day to come; unseen59's Welsh app, a false accept at
// first measure, round 17); so is one dated under a fill's caption that says
// it is planned ("Month: 3 ... Dispensed: Planned 19/12/2026", a titration
// plan's table rebuilt row by row; unseen111, round 24, a false accept at
// first measure: 7.5 mg rated the strength last dispensed). An undated one
// that says it was never ordered or filled is none either ("Wegovy 1mg
// FlexTouch ... added 24 Nov 2026 ... not yet ordered", a basket reminder
// over the last order's 0.5mg, dispensed; unseen116, round 25, a false
// accept at first measure: the basket's strength rated the one supplied).
func noFill(d document, recs []int, r int, rd recordDate, dated bool, today civilDate) bool {
	if !dated {
		return recordSays(d, recs, r, unfilledWords)
	}
	return rd.date.compare(today) > 0 && (rd.kind != dispensedDate || recordSays(d, recs, r, plannedWords))
}

// leadsRecord reports record r (recs: each line's record) naming the lead.
func leadsRecord(d document, recs []int, r int, lead expectedName) bool {
	if !lead.usable() {
		return false
	}
	for i, l := range d.lines {
		if recs[i] != r {
			continue
		}
		if outcome, level, _, _, _ := searchName(l, lead); outcome == nameFull && level >= ocrMatch {
			return true
		}
	}
	return false
}

// recordsOfSeveralPeople reports records (recs: each line's record; of:
// the records that count, with their doses) that name two different people
// by title ("Mrs Joan Whitlow", "Mr Peter Whitlow").
func recordsOfSeveralPeople(d document, recs []int, of map[int]Dose) bool {
	var seen []word
	for i, l := range d.lines {
		if _, ok := of[recs[i]]; !ok || recs[i] < 0 {
			continue
		}
		ws, ok := titledName(l)
		if !ok {
			continue
		}
		if seen != nil && !samePerson(seen, ws) {
			return true
		}
		seen = ws
	}
	return false
}

// samePerson reports two names read as one person's: their first and last
// words each within OCR's slack of the other's (a letter, two in words of
// five or more).
func samePerson(a, b []word) bool {
	near := func(x, y string) bool {
		slack := 1
		if min(len(x), len(y)) >= 5 {
			slack = 2
		}
		return editDistance(x, y, slack) <= slack
	}
	return near(a[0].text, b[0].text) && near(a[len(a)-1].text, b[len(b)-1].text)
}

// datedMentionRecords is mentionRecords where each record dates its own
// medicine (a refill centre's cards, a medication list's rows: the
// medicine, then its dates), consecutive records of one owner taken as one
// (a row that names the brand, then the generic under it): no date of the
// page stands above its first medicine, every record of the requested
// medicine holds a date of its own, and so does another's. Otherwise (a
// label's one date under two medicines, a table read column by column) nil.
func datedMentionRecords(d document, ms []medicineMention, want string, pol Policy) *records {
	ms = slices.DeleteFunc(slices.Clone(ms), func(m medicineMention) bool { return inPassing(d, ms, m.line, want) })
	if want == "" || len(ms) < 2 {
		return nil
	}
	recs := mentionRecords(d, ms)
	owner := recordOwners(recs, recs[len(recs)-1]+1, ms, want)
	if owner == nil {
		return nil
	}
	recs, owner = mergeOwners(recs, owner)
	if !slices.Contains(owner, requestedOwner) || !slices.Contains(owner, otherOwner) {
		return nil
	}
	dates := recordDates(d, recs, pol)
	if _, before := dates[-1]; before {
		return nil
	}
	otherDated := false
	var inRole map[int]bool // read once, when a requested record has no fill's date
	for r, o := range owner {
		_, dated := dates[r]
		if o == requestedOwner && !dated && !unreadFill(d, recs, r) {
			if inRole == nil {
				inRole = roleDatedRecords(d, recs, pol)
			}
			if !inRole[r] {
				return nil
			}
		}
		otherDated = otherDated || o == otherOwner && dated
	}
	if !otherDated {
		return nil
	}
	return &records{of: recs, owner: owner}
}

// unreadFill reports record r holding a dispensing label with a date after
// it that findDates could not read ("Last dispensed 28 Jui 2026", OCR's
// "Jui" for "Jul"): the record dates its medicine, unreadably, and the
// other records' dates stay theirs (unseen47's medicines history, round
// 15, where an orlistat fill was rated a paused Mounjaro's date).
func unreadFill(d document, recs []int, r int) bool {
	for k, l := range d.lines {
		if recs[k] != r || len(findDates(l.numberText())) > 0 {
			continue
		}
		for _, lb := range findDateLabels(l) {
			if lb.kind == dispensedDate && strings.ContainsAny(l.norm[lb.end:], "0123456789") {
				return true
			}
		}
	}
	return false
}

// roleDatedRecords are the records holding a calendar date of another role
// ("Requested 20 Nov 2026 Rejected by GP 21 Nov 2026" on a request
// history's row whose request was turned down): such a record is dated, in
// its own role, so the records below keep their own dates (unseen10's GP
// request history, round 17: its omeprazole and Mounjaro fills were taken
// for Saxenda's, whose own was out of the window).
func roleDatedRecords(d document, recs []int, pol Policy) map[int]bool {
	all, order := datesInOrder(d, pol.Market)
	out := map[int]bool{}
	for _, m := range all {
		if m.kind == otherDate && !m.sent && m.reading(order.dayFirst).valid() {
			out[recs[m.line]] = true
		}
	}
	return out
}

// inPassing reports a line that names the requested medicine and another
// in a sentence, without a date ("Saxenda was stopped when you started
// Mounjaro. Please do" in a practice's message between a request
// history's rows; unseen10, round 13): it tells of them, it starts no
// record of either.
func inPassing(d document, ms []medicineMention, line int, want string) bool {
	var requested, other bool
	for _, m := range ms {
		if m.line == line {
			requested = requested || m.entry.generic == want
			other = other || m.entry.generic != want
		}
	}
	l := d.lines[line]
	return requested && other && len(l.words) >= 8 && len(findDates(l.numberText())) == 0
}

// mergeOwners joins consecutive records of one owner.
func mergeOwners(recs, owner []int) ([]int, []int) {
	to := make([]int, len(owner))
	var merged []int
	for r, o := range owner {
		if r == 0 || o != owner[r-1] {
			merged = append(merged, o)
		}
		to[r] = len(merged) - 1
	}
	out := make([]int, len(recs))
	for k, r := range recs {
		out[k] = r
		if r >= 0 {
			out[k] = to[r]
		}
	}
	return out, merged
}

// recordOf is record r of d as a document of its own, with the mention a
// and the mentions all in it moved to its lines (those outside it left
// out): a medicine's doses there are its record's, never the next
// record's under it.
func recordOf(d document, recs []int, r int, a medicineMention, all []medicineMention) (document, medicineMention, []medicineMention) {
	first := slices.Index(recs, r)
	end := first
	for end < len(recs) && recs[end] == r {
		end++
	}
	var moved []medicineMention
	for _, m := range all {
		if m.line >= first && m.line < end {
			m.line -= first
			moved = append(moved, m)
		}
	}
	a.line -= first
	return document{lines: d.lines[first:end], meanConf: d.meanConf}, a, moved
}

// notSupplied are words that say a record's medicine was not supplied
// after all: a claim reversed or rejected, an order cancelled, a fill on
// hold.
var notSupplied = newPhraseSet(map[bool][]string{true: append([]string{
	"cancelled", "canceled", "cancel", "reversed", "reversal", "rejected", "denied", "declined", "refused",
	"on hold", "not collected", "returned", "pending", "awaiting", "in progress", "processing", "voided", "void",
	"out of stock", "unavailable",
	// A UK owing: the pharmacy owes the patient the item, none supplied
	// yet (unseen25, round 12: a record's "OWING raised - none supplied"
	// row was rated the latest fill, a false accept).
	"owing", "owed", "none supplied", "to follow",
	// A patient's request for more ("Please can I have my Saxenda again
	// - H. Pennock-Vance, 26/11/2026" on a repeat slip, its last issue 112
	// days before; unseen187, round 33, the request's date rated the
	// latest fill, a false accept at first measure): OCR may read the I as
	// a bar, which is no word. A record's only: the strength a patient asks
	// for again in a message is still theirs (unseen82's renewal thread).
	"please can", "please could", "please may", "can i have", "could i have", "may i have", "please send",
}, notYetSuppliedPhrases...)})

// dueWords say when a record's supply falls due, none made yet.
var dueWords = newPhraseSet(map[bool][]string{true: {"due", "due on", "due date", "next due", "falls due"}})

// withdrawnWords say a supply was withdrawn after the pharmacy made it
// up: cancelled or voided. Narrower than notSupplied: a part supplied and
// the rest owed, a refill on hold, or a supply dispensed and "not
// collected" yet leaves the supply made; "returned" alone is a pen handed
// back, "returned to stock" ends a counterfoil's notice, "void" a
// receipt's sweepstakes small print.
var withdrawnWords = newPhraseSet(map[bool][]string{true: {
	"cancelled", "canceled", "voided",
}})

// saysWithdrawn reports a line that says a supply was withdrawn: a word
// of withdrawnWords, not after "be" ("If we can't take payment by 30 Nov
// your order will be cancelled", a payment reminder under the last
// delivery's "Dispensed 30 Oct"; unseen96, round 22, whose supply was
// rated withdrawn on 4 uploads): a cancellation to come is none, "be" at
// the end of the line before when the sentence wraps.
func saysWithdrawn(d document, k int) bool {
	l := d.lines[k]
	return slices.ContainsFunc(withdrawnWords.find(l.words), func(m phraseMatch[bool]) bool {
		before := ""
		switch {
		case m.first > 0:
			before = l.words[m.first-1].text
		case k > 0 && len(d.lines[k-1].words) > 0:
			before = d.lines[k-1].words[len(d.lines[k-1].words)-1].text
		}
		return before != "be"
	})
}

// withdrawnLines are the lines of the records (each line that names a
// medicine starts one) that say their supply was withdrawn, on a line of
// the row (naming the medicine or carrying a date) or on a short status
// line just under one ("11/20/2026 Mounjaro 10 mg/0.5 mL ... Cancelled not
// picked up, returned to stock"; "CANCELLED - not collected," under a
// row split over lines; not a cancelled accessory further down): unseen31's
// histories, round 13, whose cancelled row's recent date was rated the
// dispensing date, a false accept at first measure. A page's notice
// ("Uncollected items are returned to stock after 14 days") says nothing
// of a record. nil when the page names no medicine.
func withdrawnLines(d document, ms []medicineMention) []bool {
	if len(ms) == 0 {
		return nil
	}
	recs := mentionRecords(d, ms)
	named := map[int]bool{}
	for _, m := range ms {
		named[m.line] = true
	}
	// A row's own lines: those that name its medicine or carry a date.
	row := func(k int) bool { return named[k] || len(findDates(d.lines[k].numberText())) > 0 }
	said := map[int]bool{}
	for k, l := range d.lines {
		if recs[k] >= 0 && saysWithdrawn(d, k) && (row(k) || k > 0 && recs[k-1] == recs[k] && statusCell(l) && row(k-1)) {
			said[recs[k]] = true
		}
	}
	for _, k := range statusColumnWithdrawn(d, named) {
		if recs[k] >= 0 {
			said[recs[k]] = true
		}
	}
	if codes := unsuppliedCodes(d); codes != nil {
		coded := func(l docLine) bool { return slices.ContainsFunc(l.words, func(w word) bool { return codes[w.text] }) }
		for k, l := range d.lines {
			// The code on the row's line, on the line just after it
			// (the rest of the row, which Textract cut at a wide gap:
			// "261117 5530217 WEGOVY 1.7MG/0.75ML", "3ML 28 1 RTS KB"),
			// or in a cell of its own just under the row's first line
			// (Textract reads a table's cells as lines: "20/11/26
			// Mounjaro 10mg/0.6ml inj KwikPen", "1", "ND").
			if recs[k] < 0 || !coded(l) {
				continue
			}
			start := recordStart(recs, k)
			if named[k] && row(k) || k == start+1 && !row(k) || codeCell(l, codes) && k > start && k-3 <= start {
				said[recs[k]] = true
			}
		}
	}
	if len(said) == 0 {
		return nil
	}
	out := make([]bool, len(d.lines))
	for k, r := range recs {
		out[k] = r >= 0 && said[r]
	}
	return out
}

// unsuppliedKeyRe is a key's entry for a status code that says an item was
// not supplied: "ND = not dispensed", "RTS = returned to stock" (its code
// and its meaning). Only "=": "Rx: cancelled" is a sentence's, and would
// make every "Rx" a code.
var unsuppliedKeyRe = lazyRE(`(?:^|[\s,;(])([a-z]{1,3})\s*=\s*(?:not dispensed|not supplied|cancelled|canceled|voided|reversed|withdrawn|returned to stock)\b`)

// unsuppliedCodes are the status codes a page's key defines as not
// supplied ("Key: D = dispensed ND = not dispensed O/S = owing" on a UK
// pharmacy's patient history printout): a record row that carries one was
// no supply (unseen64, round 18: the row "Mounjaro 10mg/0.6ml inj KwikPen
// 1 ND" six days ago was rated the dispensing date, a false accept at
// first measure, over the last supply 108 days ago). nil when the page
// has no such key.
func unsuppliedCodes(d document) map[string]bool {
	var codes map[string]bool
	for _, l := range d.lines {
		for _, m := range unsuppliedKeyRe.FindAllStringSubmatchIndex(l.norm, -1) {
			if codes == nil {
				codes = map[string]bool{}
			}
			codes[l.norm[m[2]:m[3]]] = true
		}
	}
	return codes
}

// codeCell reports a line of nothing but status codes, numbers and marks:
// a table's cell read as a line of its own.
func codeCell(l docLine, codes map[string]bool) bool {
	return len(l.words) <= 3 && !slices.ContainsFunc(l.words, func(w word) bool { return !codes[w.text] && !isDigit(w.text[0]) })
}

// recordStart is the first line of line k's record.
func recordStart(recs []int, k int) int {
	for k > 0 && recs[k-1] == recs[k] {
		k--
	}
	return k
}

// columnWithdrawnWords say, in a status column, that a row's supply was
// withdrawn: a claim reversed, an item returned to stock, as well as
// cancelled or voided.
var columnWithdrawnWords = newPhraseSet(map[bool][]string{true: {
	"cancelled", "canceled", "voided", "reversed", "returned to stock",
}})

// statusColumnWithdrawn are the rows (lines that start with a date and name
// a medicine: named) whose status, in a status column read after the rows,
// says their supply was withdrawn. The local reader reads a table column
// by column: "Status" heads the column's cells in the rows' order ("REVERSED
// - not picked up, returned to stock", "Picked up", ...), a date-only cell
// (the status's date) aside. Only where there are as many statuses as rows
// is each paired with its row (unseen38's fill history, a false accept at
// first measure, round 14: the reversed latest fill rated the dispensing
// date).
func statusColumnWithdrawn(d document, named map[int]bool) []int {
	var rows []int
	heading := -1
	for k, l := range d.lines {
		if named[k] && len(l.words) > 0 && len(findDates(l.numberText())) > 0 && hasDigit(l.words[0].text) {
			rows = append(rows, k)
		}
		if heading < 0 && strings.TrimSpace(l.norm) == "status" {
			heading = k
		}
	}
	if heading < 0 || len(rows) < 2 || heading < rows[len(rows)-1] {
		return nil
	}
	var statuses []docLine
	for _, l := range d.lines[heading+1:] {
		if onlyADate(l) {
			continue
		}
		if len(l.words) == 0 || len(l.words) > 8 || hasDigit(l.raw) {
			break
		}
		statuses = append(statuses, l)
	}
	if len(statuses) != len(rows) {
		return nil
	}
	var out []int
	for i, l := range statuses {
		if columnWithdrawnWords.any(l.words) {
			out = append(out, rows[i])
		}
	}
	return out
}

// statusCell reports a short line that says a supply was withdrawn with
// at most three other words in lower case ("Qty Status sf CANCELLED - not
// collected,": a row's status cell read with stray marks), not a sentence
// about such items ("Cancelled items were not supplied. End of record.").
func statusCell(l docLine) bool {
	if len(l.words) > 8 {
		return false
	}
	said := withdrawnWords.find(l.words)
	return lowercaseWords(l.words, func(i int) bool {
		return slices.ContainsFunc(said, func(m phraseMatch[bool]) bool { return i >= m.first && i <= m.last })
	}) <= 3
}

// latestFillRecord is the lines of the requested medicine's latest record,
// where the page lists it on several records of its own (a medication
// history's rows, an insurer's claims, an order history's orders), each
// dated with dates of one kind and none above the first medicine: the
// latest fill is the one the patient is on, the older ones its history.
// nil when the records do not settle it: a record of it without a date, two
// on its latest date, or a latest record that says it was not supplied
// (reversed, cancelled, on hold).
func latestFillRecord(d document, ms []medicineMention, want string, pol Policy) []bool {
	if want == "" {
		return nil
	}
	recs := mentionRecords(d, ms)
	if h := headedRecords(d, ms, want); h != nil {
		recs = h.of
	}
	dates := recordDates(d, recs, pol)
	if dateJustAbove(d, recs, pol) {
		return nil
	}
	wanted := map[int]bool{}
	for _, m := range ms {
		if m.entry.generic == want && recs[m.line] >= 0 {
			wanted[recs[m.line]] = true
		}
	}
	fills := 0 // the wanted records dated by a dispensing date
	for r := range wanted {
		if rd, dated := dates[r]; dated && rd.kind == dispensedDate {
			fills++
		}
	}
	for r := range wanted {
		rd, dated := dates[r]
		if (!dated || fills > 0 && rd.kind != dispensedDate) && (recordSays(d, recs, r, notSupplied) || recordSays(d, recs, r, dueWords)) {
			// A record that says it was not supplied ("Next step:
			// Zepbound 12.5 mg, awaiting approval. Not yet filled.") or
			// only when it falls due (a serial prescription's next
			// instalment, "5 of 12 ... Due 12/12/2026": unseen70's
			// Scottish MCR record, round 19) is no fill of the history,
			// when no dispensing date dates it: undated, or dated only by
			// a letter's signature below fills that are (unseen75's
			// transfer summary, "Next step (not prescribed by us):
			// Mounjaro 10mg ..." over "Signed electronically: ..., 21
			// November 2026", round 20).
			delete(wanted, r)
		}
	}
	summaryRecords(d, recs, wanted, dates)
	if len(wanted) < 2 {
		return nil
	}
	latest, tie := -1, false
	for r := range wanted {
		rd, dated := dates[r]
		switch {
		case !dated || latest >= 0 && rd.kind != dates[latest].kind:
			return nil
		case latest < 0 || rd.date.compare(dates[latest].date) > 0:
			latest, tie = r, false
		case rd.date == dates[latest].date:
			tie = true
		}
	}
	if tie {
		return nil
	}
	lines := make([]bool, len(d.lines))
	for k, r := range recs {
		if r == latest {
			if notSupplied.any(d.lines[k].words) {
				return nil
			}
			lines[k] = true
		}
	}
	return lines
}

// unfilledRecords finds a page whose records of the requested medicine
// (generic want) say, on one of their lines, that it has not been supplied
// yet (unfilledWords: "In queue - not yet filled", "Awaiting clinical
// check"), every other record of it being undated (a product line above
// the status, "Zepbound 5 mg/0.5 mL pen" over "tirzepatide - 4 single-dose
// pens" and "Status: On file - not yet filled"; unseen82, round 21): a
// prescription on its way to the pharmacy, or on file, whose dates are of
// its writing, sending and receipt, none a supply. A record whose
// line names another medicine too (a medication list's two rows read as
// one: "Wegovy 0.5 mg pen Metformin 500 mg tablet  Status: New Active  Last
// filled: 11/12/2026"; unseen85's visit summary on a severe reading) is
// not told apart from the other's, and says nothing either way. own: the
// lines of those records that name no other medicine, where a dispensing
// date is the requested medicine's own; nil when the page is not such a
// page.
func unfilledRecords(d document, ms []medicineMention, want string) (own map[int]bool) {
	if want == "" {
		return nil
	}
	recs := mentionRecords(d, ms)
	wanted, others := map[int]bool{}, map[int]bool{}
	for _, m := range ms {
		if m.entry.generic != want {
			others[m.line] = true
		}
	}
	for _, m := range ms {
		if m.entry.generic == want && recs[m.line] >= 0 && !others[m.line] {
			wanted[recs[m.line]] = true
		}
	}
	if len(wanted) == 0 {
		return nil
	}
	unfilled := false
	pageUnfilled := statusUnfilled(d, recs, wanted)
	for r := range wanted {
		switch {
		case recordFilled(d, recs, r):
			// "YOUR MOUNJARO TWO POINT FIVE MILLIGRAM PENS WERE FILLED
			// THIS MORNING ... WE HAVE NOT FILLED THAT YET" of the next
			// strength (unseen67's captioned call, in replay, round 21).
			return nil
		case recordSays(d, recs, r, unfilledWords), pageUnfilled:
			unfilled = true
		case recordDated(d, recs, r):
			return nil
		}
	}
	if !unfilled {
		return nil
	}
	own = map[int]bool{}
	for k, r := range recs {
		if wanted[r] && !others[k] {
			own[k] = true
		}
	}
	return own
}

// statusRe opens a line that gives an order's or a prescription's status.
var statusRe = lazyRE(`^\W*(?:(?:order|prescription|rx|current)\s+)?status\s*:`)

// statusUnfilled reports a status line (or a pharmacy saying it could not
// supply: unableToSupply; or the order as a whole not supplied:
// orderNotSupplied), outside any record or in one of
// the requested medicine's (wanted), that says the order has not been
// supplied yet ("Status: awaiting pharmacist verification — not yet
// dispensed" over a compounding pharmacy's order, its placing, receipt and
// compounding dated in a tracker above and beside it; unseen99, round 23,
// the placing rated the dispensing date on 4 uploads): the page's dates
// are the order's steps so far, none a supply.
func statusUnfilled(d document, recs []int, wanted map[int]bool) bool {
	for k, l := range d.lines {
		if (recs[k] < 0 || wanted[recs[k]]) && (statusRe.MatchString(l.norm) && unfilledWords.any(l.words) || unableToSupply(l) || orderNotSupplied.any(l.words)) {
			return true
		}
	}
	return false
}

// orderNotSupplied says, of the page's order as a whole, that nothing was
// or will yet be supplied: cancelled, not to ship, held until approval
// ("This order was cancelled ... Nothing was dispensed for this order."
// under a confirmation's watermark; "Refund issued. This order will not
// ship." on a wallet's order card; "Your order will not be dispensed
// until it is approved."; unseen137, round 27, the order's own date rated
// the dispensing date on 7 uploads, both readers). A refill cancelled
// beside a fill ("Your auto-refill was canceled") says nothing of the fill.
var orderNotSupplied = newPhraseSet(map[bool][]string{true: {
	"this order was cancelled", "this order was canceled", "this order has been cancelled", "this order has been canceled",
	"your order was cancelled", "your order was canceled", "your order has been cancelled", "your order has been canceled",
	"this order will not ship", "your order will not ship", "this order will not be dispensed", "your order will not be dispensed",
	"nothing was dispensed", "nothing has been dispensed", "nothing was supplied", "nothing has been supplied",
}})

// unableRe says a pharmacy could not supply what it was asked for ("Sorry —
// we are unable to supply your medicine" heading a pharmacy's slip for a
// Mounjaro out of stock, its prescription returned to the Spine for another
// pharmacy; unseen106, round 23, where the day it was presented was rated
// the dispensing date on 3 uploads, both readers); partRe that it could
// not supply all of it ("We could not fill the whole quantity at once": a
// partial fill, a supply made). A prescription "returned to (the NHS) Spine"
// was given up by the pharmacy that held it (a pharmacy's stamp "NOT
// DISPENSED - RETURNED TO SPINE" across an EPS token; unseen108, round 24,
// its pharmacy rated the supplier at first measure on 2 uploads, both
// readers).
var (
	unableRe = lazyRE(`\b(?:unable\s+to|cannot|can'?t|could\s+not|not\s+able\s+to)\s+(?:supply|dispense|fill)\b|\breturned\s+to\s+(?:the\s+)?(?:nhs\s+)?spine\b`)
	partRe   = lazyRE(`\b(?:supply|dispense|fill)\s+(?:the\s+(?:whole|full|entire|rest)|all|your\s+(?:whole|full|entire))\b`)
)

// unableToSupply reports a line that says, as a status line does, that the
// page's order could not be supplied at all.
func unableToSupply(l docLine) bool {
	return unableRe.MatchString(l.norm) && !partRe.MatchString(l.norm)
}

// notSentRe says a prescription has gone to no pharmacy yet: none holds it.
var notSentRe = lazyRE(`\bnot\s+(?:yet\s+)?(?:been\s+)?sent\s+to\s+(?:a|any)\s+pharmacy\b`)

// noPharmacyHolds reports a line that says a pharmacy could not supply the
// order (unableToSupply) or that no pharmacy has it yet.
func noPharmacyHolds(l docLine) bool {
	return unableToSupply(l) || notSentRe.MatchString(l.norm)
}

// filledWords say a supply was made.
var filledWords = newPhraseSet(map[bool][]string{true: {
	"were filled", "was filled", "were dispensed", "was dispensed", "has been dispensed", "have been dispensed",
	"has been filled", "have been filled", "filled on", "dispensed on", "was supplied", "were supplied",
}})

// recordFilled reports a line of record r that says a supply was made,
// and not that nothing was ("Nothing was dispensed for this order." holds
// "was dispensed").
func recordFilled(d document, recs []int, r int) bool {
	for k, rec := range recs {
		if rec != r || orderNotSupplied.any(d.lines[k].words) {
			continue
		}
		for _, m := range filledWords.find(d.lines[k].words) {
			if !filledToComeRe.MatchString(d.lines[k].norm[:m.start]) {
				return true
			}
		}
	}
	return false
}

// filledToComeRe ends the words before a supply's "has been dispensed"
// that make it one to come ("We will e-mail you as soon as your Mounjaro
// has been dispensed and sent" under its row's "Awaiting stock - not yet
// dispensed"; unseen175, round 32, the other items' dispatch date rated
// the Mounjaro's, a false accept at first measure on 3 uploads, each
// reader).
var filledToComeRe = lazyRE(`\b(?:as\s+soon\s+as|once|when|after|until|if)\b(?:\s+\S+){0,5}\s*$`)

// recordDated reports a date on a line of record r.
func recordDated(d document, recs []int, r int) bool {
	for k, rec := range recs {
		if rec == r && len(findDates(d.lines[k].numberText())) > 0 {
			return true
		}
	}
	return false
}

// unfilledWords are a prescription's status before any supply: narrower
// than notYetSuppliedWords, whose plans for a next supply ("Your next pen
// is due in 4 weeks") follow a supply made (unseen66's release summary in
// replay, round 21).
var unfilledWords = newPhraseSet(map[bool][]string{true: {
	"not yet filled", "not filled", "not yet dispensed", "not dispensed", "not yet supplied", "not supplied",
	"awaiting dispensing", "awaiting supply", "nothing dispensed", "nothing supplied",
	"awaiting clinical check", "awaiting pharmacist check", "awaiting check",
	// A plan before the prescriber has approved it ("Zepbound 2.5 mg/0.5 mL
	// (starter dose), once weekly, if approved by your provider", a
	// telehealth sign-up's status page, whose ID check of today was rated
	// the dispensing date; unseen94, round 22, false accepts on 3 uploads).
	"if approved", "once approved", "once its approved", "pending approval", "awaiting approval",
	// A prescription the pharmacy holds for stock ("Waiting for stock Since
	// Sun 22 Nov, 09:02" in a chain's tracker, "Ready to collect" and
	// "Collected" still to come; unseen97, round 22, a false accept at
	// first measure on 3 uploads).
	"waiting for stock", "awaiting stock",
	// A quote or a checkout not completed ("$1,199.00 Not ordered Add to
	// cart" on a mail pharmacy's saved quote; "Prescribed by Aaron
	// Whitcombe, NP on Nov 25 · not yet sent to a pharmacy" at a telehealth
	// checkout's choose-a-pharmacy step; unseen116, round 24, false accepts
	// at first measure on 6 uploads, both readers).
	"not ordered", "not yet ordered", "not yet sent to a pharmacy", "not sent to a pharmacy",
	// An order in the pharmacy's own prose ("Your order is now waiting to
	// be dispensed by our pharmacy team", an approval e-mail whose status
	// table says "Dispensed Pending"; unseen133, round 26, its order's date
	// rated the dispensing date on 4 uploads, both readers).
	"waiting to be dispensed", "waiting to be filled", "waiting to be supplied",
	"waiting to be dispense", // its last letter lost at a crumple's edge
}})

// summaryRecords leaves out of wanted the records without a date on pages
// where no record of the medicine has one, when another page's records
// do: a statement's summary on its cover page ("Wegovy (semaglutide)
// FlexTouch pen, once weekly injection: 13 supplies"), its supplies listed
// by date on the pages after (unseen86's annual medication statement,
// round 21, whose latest fill went unread for the summary's undated line).
func summaryRecords(d document, recs []int, wanted map[int]bool, dates map[int]recordDate) {
	page := map[int]int{}
	for k, r := range recs {
		if _, seen := page[r]; !seen && r >= 0 {
			page[r] = d.lines[k].page
		}
	}
	datedPages := map[int]bool{}
	for r := range wanted {
		if _, dated := dates[r]; dated {
			datedPages[page[r]] = true
		}
	}
	if len(datedPages) == 0 {
		return
	}
	for r := range wanted {
		if _, dated := dates[r]; !dated && !datedPages[page[r]] {
			delete(wanted, r)
		}
	}
}

// recordSays reports a phrase of words on a line of record r.
func recordSays(d document, recs []int, r int, words phraseSet[bool]) bool {
	for k, rec := range recs {
		if rec == r && words.any(d.lines[k].words) {
			return true
		}
	}
	return false
}
