// Rating the medication date: the dispensing or prescription date judged against the policy.

package evidence

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
)

type dateVerdict int

const (
	dateInWindow dateVerdict = iota
	dateInFuture
	dateTooOld
)

func judgeDate(c civilDate, today civilDate, maxDays int) dateVerdict {
	switch {
	case c.compare(today) > 0:
		return dateInFuture
	case c.time().Before(today.time().AddDate(0, 0, -maxDays)):
		return dateTooOld
	}
	return dateInWindow
}

// rateDate rates medicationDate: the dispensing (else order, else
// prescription, else plain "Date:", else unlabelled) date must not be in the
// future or older than the policy's maximum age. Expiry, birth, refill-by
// and review dates are never used. A date is the medication's only on a
// document about a medication: without a medicine named (aboutMedicine),
// a bill's or a receipt's date is not_found however recent.
// collectDateEvidence gathers the dates; the first rule of dateRules that
// holds decides (docs/evidence-rules.md, "Medication date").
func rateDate(d document, pol Policy, meds dateMedicines) finding {
	return decide(dateRules, collectDateEvidence(d, pol, meds))
}

// dateMedicines is what rating the date knows of the document's medicines:
// whether it names any, and which lines are the rows or blocks of other
// medicines than the requested one, whose dates are theirs.
type dateMedicines struct {
	named bool
	// onlyOthers: the document names medicines, none of them the
	// requested one, so its dates are theirs.
	onlyOthers bool
	otherRows  []bool
	// requestedRows are the lines of the requested medicine's own rows or
	// blocks on such a page: a date there is the requested medicine's.
	requestedRows []bool
	// unpaired: dates of a table that names the requested medicine were
	// set aside because their rows could not be told (pairColumns); the
	// requested one's may be among them, so no unlabelled date elsewhere
	// (a letter's own date) stands for it.
	unpaired bool
	// otherSpans are the parts of lines that name the requested medicine
	// after another ([from, to) byte offsets by line): a date there is the
	// other's (otherLeads).
	otherSpans map[int][2]int
	// latest: the lines of the requested medicine's latest record, where
	// the page lists several of its fills (latestFillRecord); nil otherwise.
	latest []bool
	// withdrawn: the lines of records that say their supply was withdrawn
	// (withdrawnLines): their dates are no fill's.
	withdrawn []bool
	// otherDose: the page's records of the medicine show its latest fill
	// at another dose than the one requested (latestFillDose), so a date
	// in the window is that dose's fill, not the requested dose's.
	otherDose bool
	// undosedFills: the page lists the requested medicine on rows of
	// their own, each opening with a date (a history of fills), and no
	// dose of it was read on the page (datedRowsOf).
	undosedFills bool
	// unfilled: every record of the requested medicine says it has not
	// been supplied yet: the lines of those records that name no other
	// medicine (unfilledRecords); nil otherwise.
	unfilled map[int]bool
}

// medicinesForDate finds the rows of other medicines on a document that
// names the requested one (generic want) among others: a line that names
// another medicine and not the requested one, and a line of nothing but a
// date and its label just under such a line ("Last filled: 09/01/2026"
// under "Metformin 500 mg tablets"), and the lines of the records a
// repeated heading starts (headedRecords), or each medicine with its own
// dates under it starts (datedMentionRecords), that name another medicine.
// A date there is that medicine's.
func medicinesForDate(d document, ms []medicineMention, want string, pol Policy) dateMedicines {
	meds := dateMedicines{named: len(ms) > 0}
	meds.onlyOthers = want != "" && meds.named && !slices.ContainsFunc(ms, func(m medicineMention) bool { return m.entry.generic == want })
	meds.latest = latestFillRecord(d, ms, want, pol)
	meds.withdrawn = withdrawnLines(d, ms)
	meds.unfilled = unfilledRecords(d, ms, want)
	if want == "" || !slices.ContainsFunc(ms, func(m medicineMention) bool { return m.entry.generic == want }) ||
		!slices.ContainsFunc(ms, func(m medicineMention) bool { return m.entry.generic != want }) {
		return meds
	}
	const (
		none      = noOwner
		requested = requestedOwner
		other     = otherOwner
	)
	owner := make([]int, len(d.lines))
	for _, m := range ms {
		switch {
		case m.entry.generic == want:
			owner[m.line] = requested
		case owner[m.line] == none:
			owner[m.line] = other
		}
	}
	if rs := headedRecords(d, ms, want); rs != nil {
		rs.own(owner)
	} else {
		datedMentionRecords(d, ms, want, pol).own(owner)
	}
	wanted := ms[slices.IndexFunc(ms, func(m medicineMention) bool { return m.entry.generic == want })].entry.medicine(-1)
	for k, l := range d.lines {
		if owner[k] == none && unnamedItemRow(l, wanted) {
			owner[k] = other
		}
	}
	for k := range d.lines {
		if owner[k] == none && k > 0 && owner[k-1] != none && onlyADate(d.lines[k]) {
			owner[k] = owner[k-1]
		}
	}
	othersPages(d, ms, want, owner)
	rowMates(d, owner)
	meds.unpaired = pairColumns(d, owner, civilDay(pol.Now), func(k int) bool {
		return slices.ContainsFunc(ms, func(m medicineMention) bool { return m.line == k && m.entry.generic == want })
	})
	meds.otherRows = make([]bool, len(d.lines))
	meds.requestedRows = make([]bool, len(d.lines))
	for k := range d.lines {
		meds.otherRows[k] = owner[k] == other
		meds.requestedRows[k] = owner[k] == requested
	}
	meds.otherSpans = otherLeads(ms, want)
	return meds
}

// unnamedItemRow reports a dated row of tablets or capsules of a strength
// the requested medicine (wanted, every product of its generic) has none
// of, whose name no medicine of the table matches: another item's row whose
// name OCR spoilt ("ogee rmin 500mg tablets | 21/11/2026" for metformin on
// unseen57's sync letter, round 16, a false accept at first measure: its
// date was taken for the requested Mounjaro's, which the letter had on
// hold).
func unnamedItemRow(l docLine, wanted Medicine) bool {
	if !slices.ContainsFunc(l.words, func(w word) bool { return solidForms[w.text] }) || len(findDates(l.numberText())) == 0 {
		return false
	}
	ds := scanDoses(l.norm)
	return len(ds) > 0 && !slices.ContainsFunc(ds, func(m doseMention) bool { return m.kind.isDose() && wanted.Licensed(m.dose) })
}

// solidForms are the forms of a medicine taken by mouth.
var solidForms = map[string]bool{"tablet": true, "tablets": true, "tabs": true, "capsule": true, "capsules": true, "caps": true}

// rowMates gives a line no medicine owns to the requested medicine when
// the lines it shares a row with on the page are all the requested
// medicine's (another medicine's row mates are left alone: a date level
// with another medicine's name across a page of panels may be the
// requested one's label's; giving them to the other medicine cost round7 a
// field): a reader that splits a
// table's row into a line per cell (Textract: "Wegovy (semaglutide) 1.7
// mg/0.75 mL | Inject 1.7 mg SC once" and, level with it, "CONTINUE
// 07/21/2026 - Bayside Pharmacy") leaves the row's date on a line of its
// own (unseen22's discharge orders through the production reader, round
// 12: the Wegovy row's last fill was lost to the page's other dates, a
// false accept).
func rowMates(d document, owner []int) {
	for k, l := range d.lines {
		if owner[k] != noOwner || l.box.IsZero() {
			continue
		}
		mate := noOwner
		for j, o := range d.lines {
			if j == k || owner[j] == noOwner || !sameRow(l, o) {
				continue
			}
			if owner[j] != requestedOwner {
				mate = noOwner
				break
			}
			mate = requestedOwner
		}
		owner[k] = mate
	}
}

// othersPages gives the lines of a page that names other medicines and
// not the requested one to those medicines, on a document of several
// pages that names the requested one on another: a portal's printout whose
// first page lists other prescriptions' fills and whose second holds the
// requested one, "Last filled: none on file" (unseen30, round 13: the first
// page's latest fill was rated the requested medicine's, a false accept at
// first measure through the production reader).
func othersPages(d document, ms []medicineMention, want string, owner []int) {
	named := map[int]int{} // page: requestedOwner if the page names the requested medicine, else otherOwner
	for _, m := range ms {
		p := d.lines[m.line].page
		if p == 0 {
			return
		}
		if m.entry.generic == want {
			named[p] = requestedOwner
		} else if named[p] == noOwner {
			named[p] = otherOwner
		}
	}
	if !slices.Contains(slices.Collect(maps.Values(named)), requestedOwner) {
		return
	}
	for k, l := range d.lines {
		if owner[k] == noOwner && named[l.page] == otherOwner {
			owner[k] = otherOwner
		}
	}
}

// sameRow reports two lines level with each other on a page: their
// middles within half a line's height.
func sameRow(a, b docLine) bool {
	if a.page != b.page || a.box.IsZero() || b.box.IsZero() {
		return false
	}
	h := min(a.box.Height, b.box.Height)
	return math.Abs((a.box.Top+a.box.Height/2)-(b.box.Top+b.box.Height/2)) < h/2
}

// otherLeads finds the lines that name another medicine first and the
// requested one only after it ("Ozempic 1 mg pen  08/14/2026  On hold -
// switched to Zepbound"): from the other's name to the requested one's,
// the row is the other medicine's, and so is a date there.
func otherLeads(ms []medicineMention, want string) map[int][2]int {
	first := map[int]medicineMention{}
	firstWanted := map[int]int{}
	for _, m := range ms {
		if f, ok := first[m.line]; !ok || m.start < f.start {
			first[m.line] = m
		}
		if f, ok := firstWanted[m.line]; m.entry.generic == want && (!ok || m.start < f) {
			firstWanted[m.line] = m.start
		}
	}
	spans := map[int][2]int{}
	for line, f := range first {
		if w, ok := firstWanted[line]; ok && f.entry.generic != want {
			spans[line] = [2]int{f.start, w}
		}
	}
	return spans
}

// Owners of a line's dates (medicinesForDate).
const (
	noOwner = iota
	requestedOwner
	otherOwner
)

// pairColumns gives the dates of a column (two or more lines of nothing but
// a date, or a date and the next column's numbers: dateCell; in a row, none
// owned yet) to the medicines of a column of as many
// lines, each naming a medicine, row by row: OCR reads a table's columns one
// after the other. The k-th date goes with the k-th medicine (requested
// reports a line naming the requested one). A column of dates no column of
// medicines matches cannot be told apart: it is other medicines' too, and
// so is a bare date alone when the requested medicine is in such a column,
// unless it is far from today either way it is read (a date of birth, which
// is no fill's).
func pairColumns(d document, owner []int, today civilDate, requested func(int) bool) (unpaired bool) {
	runs := func(is func(int) bool) [][2]int {
		var out [][2]int
		for k := 0; k < len(d.lines); {
			if !is(k) {
				k++
				continue
			}
			end := k
			for end < len(d.lines) && is(end) {
				end++
			}
			if end-k >= 2 {
				out = append(out, [2]int{k, end})
			}
			k = end
		}
		return out
	}
	meds := runs(func(k int) bool { return owner[k] != noOwner && !onlyADate(d.lines[k]) })
	inTable := slices.ContainsFunc(meds, func(m [2]int) bool {
		for k := m[0]; k < m[1]; k++ {
			if requested(k) {
				return true
			}
		}
		return false
	})
	for k := range d.lines {
		// A bare date alone, where the requested medicine is one row of a
		// column of medicines: a cell OCR took out of its column (read
		// above the column's heading), whose row cannot be told.
		if inTable && owner[k] == noOwner && onlyADate(d.lines[k]) && len(findDateLabels(d.lines[k])) == 0 &&
			(k == 0 || !dateCell(d.lines[k-1])) && (k+1 == len(d.lines) || !dateCell(d.lines[k+1])) &&
			!farEitherWay(d.lines[k], today) {
			owner[k], unpaired = otherOwner, true
		}
	}
	for _, col := range runs(func(k int) bool { return owner[k] == noOwner && dateCell(d.lines[k]) }) {
		n := col[1] - col[0]
		var match [][2]int
		for _, m := range meds {
			if m[1]-m[0] == n {
				match = append(match, m)
			}
		}
		unpaired = unpaired || len(match) != 1
		for k := range n {
			owner[col[0]+k] = otherOwner
			if len(match) == 1 && requested(match[0][0]+k) {
				owner[col[0]+k] = requestedOwner
			}
		}
	}
	return unpaired
}

// dateCell reports a line that a column of dates may hold: nothing but
// dates and their labels, or one date first on the line and then only
// numbers, the next column's cells read with it ("31/10/2026 3 of 6", a
// repeat's issue count; "18/11/2026 28", a quantity).
func dateCell(l docLine) bool {
	if onlyADate(l) {
		return true
	}
	dates := findDates(l.numberText())
	if len(dates) != 1 || len(l.words) == 0 || l.words[0].start < dates[0].start || l.words[0].end > dates[0].end {
		return false
	}
	for _, w := range l.words {
		if (w.start < dates[0].start || w.end > dates[0].end) && !isDigit(w.text[0]) && w.text != "of" {
			return false
		}
	}
	return true
}

// onlyADate reports a line of nothing but dates and their labels.
func onlyADate(l docLine) bool {
	dates := findDates(l.numberText())
	if len(dates) == 0 {
		return false
	}
	labels := findDateLabels(l)
	inside := func(w word) bool {
		return slices.ContainsFunc(dates, func(f foundDate) bool { return w.start >= f.start && w.end <= f.end }) ||
			slices.ContainsFunc(labels, func(m labelMatch) bool { return w.start >= m.start && w.end <= m.end })
	}
	rest := 0
	for _, w := range l.words {
		if !inside(w) && w.text != "on" && w.text != "last" {
			rest++
		}
	}
	return rest == 0
}

// dateEvidence is what a document says about when the medicine was
// dispensed, ordered or prescribed.
type dateEvidence struct {
	// aboutMedicine: the document names a medicine; othersOnly: only
	// other medicines than the requested one.
	aboutMedicine, othersOnly bool
	// sent is where a date was read that says when a text message was
	// sent (a messages app's time between texts), never the medication's;
	// nil when there is none.
	sent *spot
	// found: a date of a kind that may be the medication's; kind is the
	// most relevant kind found (dispensed before ordered before
	// prescribed ...), the dates of that kind being the candidates.
	found bool
	kind  dateKind
	// misread: every candidate is no calendar date ("14/41/2026"), the
	// first reading misreadText.
	misread     bool
	misreadText string
	// disagree: the candidates do not all fall on the same side of the
	// policy (one in the window, one too old).
	disagree bool
	// withdrawn: the picked date is on a record that says its supply was
	// withdrawn (cancelled or voided: withdrawnLines).
	withdrawn bool
	// ofLatest: the candidates are the latest record's of several fills of
	// the medicine (dateMedicines.latest), the others set aside.
	ofLatest bool
	// picked is the most recent candidate, and its verdict.
	picked  civilDate
	verdict dateVerdict
	// read is how well the picked date was read; orderSure how sure the
	// day/month order leaves every candidate's verdict; distinct how many
	// different dates the candidates are.
	read      float64
	orderSure certainty
	distinct  int
	// readAs says how an ambiguous picked date was read ("03/04/2026 day
	// first"); "" when its order did not matter.
	readAs  string
	text    string
	maxDays int
	at      *spot
	absent  Confidence
	// ownRecord: the page is only a record the patient keeps (ownRecord).
	ownRecord bool
	// scam: the page is a scam message or a fraud report (scamOnly).
	scam bool
	// border: the page is a customs declaration (customsDeclaration),
	// whose dates are of posting and shipping.
	border bool
	// paper: what the page is when it is paper whose dates are of
	// something else than a supply (otherPaper): a laboratory's test
	// requisition, a certificate of used pens' disposal; "" otherwise.
	paper string
	// otherDose: dateMedicines.otherDose; unfilled: the picked date is no
	// dispensing on a line of the requested medicine's own records, on a
	// page that says it has not been supplied (dateMedicines.unfilled).
	otherDose, unfilled bool
	// undosedFills: dateMedicines.undosedFills.
	undosedFills bool
	// yearFitted: the picked date was printed without its year on a page
	// with no date of its own, its year fitted to its weekday
	// (writeSpelledDates).
	yearFitted bool
	// placeholder: a template's stand-in for a date the page leaves
	// unfilled ("[FILL DATE]", "{{ship_date}}"), when the picked date has
	// no caption of a supply's (templatePlaceholder).
	placeholder string
}

// datePlaceholderRe is a template's field for a date left unfilled: a
// word of "date" in brackets, braces or chevrons ("[FILL DATE]",
// "[ship_date]", "{{fill_date}}", "<<DATE>>").
var datePlaceholderRe = lazyRE(`[\[{<]{1,2}\s*[a-z_ -]*\bdate\b[a-z_ -]*\s*[\]}>]{1,2}|[\[{<]{1,2}\s*[a-z_-]*_date[a-z_-]*\s*[\]}>]{1,2}`)

// templatePlaceholder is the first date placeholder on the page when the
// dates found are of kind, captioned as no supply's; "" when there is none.
func templatePlaceholder(d document, kind dateKind) string {
	if kind != unlabelledDate && kind != plainDate {
		return ""
	}
	for _, l := range d.lines {
		if loc := datePlaceholderRe.FindStringIndex(l.norm); loc != nil {
			return l.norm[loc[0]:loc[1]]
		}
	}
	return ""
}

// collectDateEvidence gathers the document's dates of the most relevant
// kind and judges them against the policy.
func collectDateEvidence(d document, pol Policy, meds dateMedicines) dateEvidence {
	ev := dateEvidence{aboutMedicine: meds.named, othersOnly: meds.onlyOthers, absent: d.notFoundConfidence(), maxDays: int(math.Ceil(pol.MaxAge.Hours() / 24)), ownRecord: ownRecord(d), scam: scamOnly(d), otherDose: meds.otherDose, undosedFills: meds.undosedFills}
	today := civilDay(pol.Now)
	cands, order, sent := dateCandidates(d, pol, today, meds)
	ev.sent = sent
	if len(cands) == 0 {
		return ev
	}
	ev.found, ev.kind = true, cands[0].kind
	ev.placeholder = templatePlaceholder(d, ev.kind)
	ev.border, ev.paper = customsDeclaration(d), otherPaper(d)
	if !slices.ContainsFunc(cands, func(m datedMention) bool { return !m.impossible }) {
		ev.misread, ev.misreadText, ev.at = true, cands[0].text, cands[0].at
		return ev
	}
	cands = slices.DeleteFunc(cands, func(m datedMention) bool { return m.impossible })
	js := judgeDates(cands, order, today, ev.maxDays)
	agree := func(js []judgedDate) bool {
		return !slices.ContainsFunc(js, func(j judgedDate) bool { return j.verdict != js[0].verdict })
	}
	if !agree(js) && meds.latest != nil {
		// Several fills of the medicine, the older ones out of the window:
		// the latest record's dates stand for them.
		if own := slices.DeleteFunc(slices.Clone(js), func(j judgedDate) bool { return !meds.latest[j.m.line] }); len(own) > 0 && agree(own) {
			js, ev.ofLatest = own, true
		}
	}
	distinct := map[civilDate]bool{}
	ev.orderSure = highCertainty
	for _, j := range js {
		distinct[j.date] = true
		ev.orderSure = min(ev.orderSure, j.cap)
	}
	ev.disagree = !agree(js)
	ev.distinct = len(distinct)
	// The most recent date stands for them all.
	pick := js[0]
	for _, j := range js[1:] {
		if j.date.compare(pick.date) > 0 {
			pick = j
		}
	}
	withdrawn := func(j judgedDate) bool {
		return meds.withdrawn != nil && meds.withdrawn[j.m.line] && !filledAfterWithdrawal(d, meds.withdrawn, j, order.dayFirst)
	}
	if withdrawn(pick) {
		// The latest is a cancelled supply's: the requested medicine's
		// own rows (on a page of several medicines) that were supplied
		// say when it last was.
		own := slices.DeleteFunc(slices.Clone(js), func(j judgedDate) bool {
			return withdrawn(j) || meds.requestedRows != nil && !meds.requestedRows[j.m.line]
		})
		if len(own) > 0 && agree(own) {
			pick = own[0]
			for _, j := range own[1:] {
				if j.date.compare(pick.date) > 0 {
					pick = j
				}
			}
			ev.disagree, ev.orderSure = false, min(ev.orderSure, mediumCertainty)
		}
	}
	ev.picked, ev.verdict, ev.read, ev.text, ev.at = pick.date, pick.verdict, pick.m.conf, pick.m.text, pick.m.at
	ev.withdrawn = withdrawn(pick)
	// A prescription not yet supplied has no dispensing date but one on a
	// line of its own records.
	ev.unfilled = meds.unfilled != nil && !(pick.m.kind == dispensedDate && meds.unfilled[pick.m.line])
	ev.yearFitted = d.lines[pick.m.line].yearFitted
	if ev.disagree {
		ev.at = js[0].m.at
	}
	if pick.cap != highCertainty {
		how := "month first"
		if pick.date == pick.m.dayFirst {
			how = "day first"
		}
		ev.readAs = pick.m.text + " " + how
	}
	return ev
}

// customsDeclaration reports a page that is a parcel's customs
// declaration and no pharmacy's record of dispensing: nothing on it says
// dispensed or filled (a US pharmacy's "Packing slip & dispensing record"
// with its CN23 section, "Filled in the United States and dispatched ... on
// 19 November 2026", dates its supply; unseen42, in replay, round 21).
func customsDeclaration(d document) bool {
	customs := false
	for _, l := range d.lines {
		if slices.ContainsFunc(findDateLabels(l), func(m labelMatch) bool { return m.kind == dispensedDate }) {
			return false
		}
		customs = customs || customsWords.any(l.words)
	}
	return customs
}

// datedRowsOf counts the distinct dates that open lines naming the
// requested medicine (generic want): a history's rows of its fills.
func datedRowsOf(d document, ms []medicineMention, want string) int {
	dates := map[string]bool{}
	for _, m := range ms {
		if m.entry.generic != want {
			continue
		}
		text := d.lines[m.line].numberText()
		if ds := findDates(text); len(ds) > 0 && strings.TrimSpace(text[:ds[0].start]) == "" {
			dates[ds[0].text] = true
		}
	}
	return len(dates)
}

// otherPaper names the page when it is paper whose dates are of something
// else than a supply, with no pharmacy named on it: a customs service's
// notice that the parcel was seized (seizureWords; its "medicines supplied
// without a prescription by an unregistered seller" is no dispensing), a
// seller's page that says it is no pharmacy (notPharmacyRe), or, nothing
// on it saying dispensed or filled, a laboratory's test requisition or report (two
// of labWords), the patient's medicines listed for the tests' sake (a
// requisition's "DATE ORDERED 11/19/2026" over "TESTS ORDERED" and "CURRENT
// MEDICATIONS Mounjaro 7.5 mg SC once weekly" was rated the dispensing date
// through the production reader; unseen154, round 29, a false accept on 3
// uploads), or a certificate that used pens were destroyed (one of
// disposalWords: a sharps mail-back's "Certificate of Receipt and
// Destruction", its "Used Zepbound 5 mg/0.5 mL single-dose pens (x4)" and
// "Date issued: November 26, 2026"; unseen152, round 29, a false accept on
// 2 uploads, each reader). A pharmacy's label copied onto a blood test
// request ("Saxenda 6mg/ml ... 29 Oct 2026" over "Lanyon Pharmacy, 5 Fore
// Street"; unseen154) dates its supply. "" when it is none of these.
func otherPaper(d document) string {
	lab, disposal, seized, seller, dispensed, given := map[string]bool{}, false, false, false, false, false
	for _, l := range d.lines {
		dispensed = dispensed || slices.ContainsFunc(findDateLabels(l), func(m labelMatch) bool { return m.kind == dispensedDate })
		for _, m := range labWords.find(l.words) {
			lab[l.norm[m.start:m.end]] = true
		}
		disposal = disposal || disposalWords.any(l.words)
		given = given || administrationWords.any(l.words)
		seized = seized || seizureWords.any(l.words)
		seller = seller || notPharmacyRe.MatchString(l.norm)
	}
	switch {
	case !seized && !seller && !disposal && !given && len(lab) < 2, collectPharmacyEvidence(d).kind != noPharmacy:
		// (The pharmacy is looked for only on such paper.)
		return ""
	case seized:
		return "a notice that the parcel was seized"
	case seller:
		return "a seller's page that says it is no pharmacy"
	case dispensed:
		return ""
	case disposal:
		return "a certificate that used pens were destroyed"
	case len(lab) >= 2:
		return "a laboratory's test requisition or report"
	case given:
		return "a record of doses or vaccines given"
	}
	return ""
}

// administrationWords mark a record of doses or vaccines given: a ward's
// prescription and administration chart (its "Administration: date · time
// · given by" columns, a nurse's initials under each weekly dose) or a
// staff immunisation record (unseen161, round 30: the dates a ward's
// patient's Ozempic was given, and a nurse's flu jab beside her declared
// Wegovy, rated the dispensing date, false accepts at first measure on 5
// uploads local and 6 production). Only with no pharmacy named and
// nothing captioned as dispensed (a care home's MAR beside its pharmacy's
// label keeps its dates).
var administrationWords = newPhraseSet(map[bool][]string{true: {
	"administration record", "prescription and administration record", "prescription & administration record",
	"medication administration record", "medicines administration record", "drug administration record",
	"immunisation record", "immunization record", "vaccination record", "staff immunisation",
	"staff immunization", "immunisations", "immunizations",
}})

// seizureWords mark a customs service's notice that a parcel was seized
// ("NOTICE OF SEIZURE AND INFORMATION TO CLAIMANTS", a UK Border Force
// "Notice of Seizure"; unseen151, round 29: its dates rated the dispensing
// date on 5 uploads, each reader).
var seizureWords = newPhraseSet(map[bool][]string{true: {
	"notice of seizure", "seizure notice", "notice of seizure and information to claimants", "seized the property",
	"goods seized", "seizure of goods",
}})

// notPharmacyRe is a seller saying it is no pharmacy, or selling for
// research ("independent seller, not a pharmacy", "We are not a pharmacy
// and do not supply medicines", "FOR RESEARCH USE ONLY - NOT FOR HUMAN
// CONSUMPTION"; unseen151, round 29: a peptide site's and a social
// seller's order dates rated the dispensing date on 6 uploads, each
// reader).
var notPharmacyRe = lazyRE(`\b(?:(?:is|are|we\s+are|we're|i\s+am|i'm)\s+not\s+(?:a\s+)?pharmac(?:y|ies)|not\s+a\s+pharmacy|for\s+research\s+(?:use|purposes)\s+only|not\s+for\s+human\s+(?:consumption|use))\b`)

// labWords mark a laboratory's test requisition or report.
var labWords = newPhraseSet(map[bool][]string{true: {
	"requisition", "test requisition", "lab requisition", "tests ordered", "test ordered", "specimen", "specimens",
	"collection site", "clia", "phlebotomist", "phlebotomy", "lab use", "accession", "accession no", "reference range",
	"ref range",
}})

// disposalWords mark a certificate that used pens and sharps were
// destroyed.
var disposalWords = newPhraseSet(map[bool][]string{true: {
	"certificate of destruction", "receipt and destruction", "treated and destroyed", "mail back program",
	"mail back programme", "sharps mail back", "certificate of disposal",
}})

// customsWords mark a parcel's customs declaration (the UPU's CN22 and
// CN23 forms, in English and French).
var customsWords = newPhraseSet(map[bool][]string{true: {
	"customs declaration", "cn22", "cn23", "declaration en douane", "customs form",
}})

// filledAfterWithdrawal reports a dispensing date, j, later than every date
// on the lines of withdrawn records that say so ("Canceled at this
// pharmacy: 11/15/2026 9:02 AM" in the box beside "Filled: 11/16/2026"; a
// portal's pharmacy chosen and the one that filled it, unseen85, round 21,
// where the fill was set aside as the cancelled supply's): a supply made
// after the one withdrawn. A withdrawal with no date of its own says
// nothing of which came first.
func filledAfterWithdrawal(d document, withdrawn []bool, j judgedDate, dayFirst bool) bool {
	if j.m.kind != dispensedDate {
		return false
	}
	dated := false
	for k, l := range d.lines {
		if !withdrawn[k] || !withdrawnWords.any(l.words) {
			continue
		}
		for _, f := range findDates(l.numberText()) {
			if c := f.reading(dayFirst); c.valid() {
				if c.compare(j.date) >= 0 {
					return false
				}
				dated = true
			}
		}
	}
	return dated
}

// dateCandidates are the document's dates of the most relevant kind, and
// the day/month order it writes them in. Unlabelled dates far from today
// (a date of birth) are none, nor dates on the rows of other medicines
// (otherRows, otherSpans). sent is where the first date that says when a text message
// was sent was read (nil: none).
func dateCandidates(d document, pol Policy, today civilDate, meds dateMedicines) (cands []datedMention, order dateOrder, sent *spot) {
	var all []datedMention
	all, order = datesInOrder(d, pol.Market)
	if k := slices.IndexFunc(all, func(m datedMention) bool { return m.sent }); k >= 0 {
		sent = all[k].at
	}
	best := otherDate
	coverage := coverageLetter(d)
	unsupplied := nothingSupplied(d) || consentForm(d) || undispensedForm(d) || labRequest(d) || podRecord(d)
	letter := letterWithoutSupply(d) || travelLetter(d)
	stock := stockOrder(d)
	opening := salutationLine(d)
	if opening >= 0 && !slices.ContainsFunc(all, func(m datedMention) bool { return m.line > opening && m.kind != otherDate }) {
		opening = -1 // the prose dates nothing: the letter's own date stands (a clinic's "I have today prescribed")
	}
	roleColumns := otherRoleHeadings(d)
	for _, m := range all {
		if coverage && m.kind >= plainDate || unsupplied && m.kind != dispensedDate || letter && m.kind >= plainDate || stock && m.kind == orderDate {
			continue
		}
		if roleColumns && m.kind == unlabelledDate {
			// The rows' dates under columns of other roles.
			continue
		}
		if m.line < opening && m.kind >= plainDate {
			// A letter's own date, above its salutation, is when it was
			// written, where its prose has dates of its own: the supply
			// it speaks of is dated there (unseen68's anaesthetic letter, a false accept at first
			// measure, round 18: its "Date:" was rated the dispensing
			// date once a folded page's OCR put "last dispensed by" out
			// of its sentence's order).
			continue
		}
		if span, ok := meds.otherSpans[m.line]; m.kind == otherDate || meds.otherRows != nil && meds.otherRows[m.line] ||
			ok && m.start >= span[0] && m.start < span[1] {
			continue
		}
		if m.kind == unlabelledDate && farFromToday(m.reading(order.dayFirst), today) {
			continue
		}
		cands = append(cands, m)
		best = min(best, m.kind)
	}
	if meds.unpaired && best >= plainDate || best >= unlabelledDate && cutFillCaption(d) {
		return nil, order, sent
	}
	own := slices.DeleteFunc(slices.Clone(cands), func(m datedMention) bool { return meds.requestedRows == nil || !meds.requestedRows[m.line] })
	if len(own) > 0 && !onlyAheadUnlabelled(own, cands, order, today) {
		// On a page of several medicines each with its own dates, a date
		// on the requested medicine's own row is its date, whatever the
		// page's own dates say (a discharge summary signed two days ago
		// over a Wegovy row last filled four months ago; unseen22, round
		// 12, a false accept).
		cands, best = own, otherDate
		for _, m := range own {
			best = min(best, m.kind)
		}
	}
	return slices.DeleteFunc(cands, func(m datedMention) bool { return m.kind != best }), order, sent
}

// cutFillCaptionRe ends a line with a dispensing date's caption cut short,
// its date gone with the rest of the line ("DATE FIL" where a carton's flap
// was cut through the label). Not the abbreviations a printout's headings
// use ("DATE DISP" over a PMR's rows: unseen53, in replay).
var cutFillCaptionRe = lazyRE(`\bdate\s+(?:fil|fille|dispen|dispens)\s*$`)

// cutFillCaption reports a dispensing date's caption cut short at the end
// of its line, no date on the three lines after it: the page's own fill
// date was cut away, and another date read beside it is no stand-in
// (unseen88, round 22: a carton's flap cut through its label's "DATE
// FILLED", photographed on a pile of post whose bill's "11/25/2026" was
// rated the dispensing date, a false accept at first measure on both
// readers). A whole caption ending its line is often a table's heading,
// its dates further down: the replay lost 20 fields to that wider rule.
func cutFillCaption(d document) bool {
	for i, l := range d.lines {
		if !cutFillCaptionRe.MatchString(l.norm) {
			continue
		}
		dated := false
		for k := i + 1; k < len(d.lines) && k <= i+3; k++ {
			dated = dated || len(findDates(d.lines[k].numberText())) > 0
		}
		if !dated {
			return true
		}
	}
	return false
}

// onlyAheadUnlabelled reports a requested medicine's row whose only dates
// are unlabelled (or under a plain "date") and ahead of today, on a page that labels a dispensing
// date elsewhere (cands): the row's date is a review's or a next supply's,
// in a column whose heading the reader split from it ("Qty Review" over
// "date"), and the page's dispensing dates say when it was supplied (round
// 16, unseen53's GP record: its repeat template's review date, two months
// ahead, was rated the dispensing date over the issue history's "Dispensed
// 11/11/2026").
func onlyAheadUnlabelled(own, cands []datedMention, order dateOrder, today civilDate) bool {
	for _, m := range own {
		if m.kind < plainDate || m.reading(order.dayFirst).compare(today) <= 0 {
			return false
		}
	}
	return slices.ContainsFunc(cands, func(m datedMention) bool { return m.kind == dispensedDate })
}

// coverageWords mark an insurer's decision on covering a medicine (a prior
// authorisation's approval), which is no prescription and no fill. Not "not
// a prescription": a pharmacy's export of its fills says that too (unseen6's
// medication history lost its latest fill's date to it).
var coverageWords = newPhraseSet(map[bool][]string{true: {
	"prior authorization request", "prior authorisation request", "approval period", "authorization period",
	"authorisation period", "coverage determination", "coverage decision",
	// A pharmacy's notice that it transferred a prescription to another:
	// its own dates say when (unseen24, round 12: a fax lost the last
	// fill's date, and the letter's date was rated the dispensing date,
	// a false accept). The fill it lists as its last still counts.
	"transferred the prescription", "transferred your prescription", "transferred prescription",
	"transfer notice", "prescription transfer", "transfer of prescription", "transfer of your prescription",
	// A notice that a prescription was never collected and went back to
	// stock (unseen25, round 12: its "Returned to stock" date was rated
	// the dispensing date, a false accept).
	"nothing was dispensed", "has been returned to stock", "was returned to stock", "were returned to stock",
	"was not picked up", "were not picked up", "not picked up within",
}})

// coverageLetter reports a document that decides an insurer's cover of a
// medicine, or tells of a prescription's transfer or of one never
// collected: its own date (a letter's, unlabelled or a plain "Date:") says
// when the decision was sent, not when anything was prescribed or
// dispensed (unseen5's approval letter, round 9: once its approval period
// was a date in another role, the letter's date was rated the dispensing
// date, a false accept). Labelled fills on it still count.
func coverageLetter(d document) bool {
	return slices.ContainsFunc(d.lines, func(l docLine) bool { return coverageWords.any(l.words) })
}

// nothingSuppliedRe is a page saying that nothing has been supplied on it:
// an online clinic's order awaiting its prescriber ("Nothing has been
// prescribed yet"), a portal's list of what was prescribed ("It is not a
// record of pharmacy fills"). Its order, prescription and plain dates are
// no supply's; a dispensing date still counts. The sentence ends there:
// "Nothing has been prescribed for it yet" speaks of one item (a dispatch
// note's next order, unseen13), not of the page.
var nothingSuppliedRe = lazyRE(`\bnothing\s+(?:has\s+been|was|is)\s+(?:yet\s+)?(?:prescribed|dispensed|supplied)(?:\s+yet\b|\s*[.;])|\bnot\s+a\s+record\s+of\s+(?:pharmacy\s+)?(?:fills|dispensing|supplies)\b|` +
	// A specialist's letter or note asking another prescriber to start
	// the medicine ("Semaglutide has not yet been prescribed; we have not
	// issued a prescription", "Not prescribed today: referral letter sent
	// to PCP"; unseen168, round 31, the letter's and the visit's dates
	// rated the dispensing date at first measure, both readers).
	`\bhas\s+not\s+yet\s+been\s+prescribed\b|\bhave\s+not\s+(?:yet\s+)?issued\s+a\s+prescription\b|\bnot\s+prescribed\s+today\b|` +
	// A specialist's letter recommending it ("This letter is not a
	// prescription. We have written to your GP, who will prescribe it";
	// unseen176, round 32, a sleep clinic's letter dated the supply on 3
	// uploads, each reader). A letter only: a results page's footer that
	// says so beside its own supply ("This page is not a prescription"
	// under "Dispensed and dispatched 19/11/2026"; unseen154) speaks of
	// the page, not of the supply.
	`\bthis\s+letter\s+is\s+not\s+a\s+prescription\b|` +
	// A dietitian's care plan ("Letter sent to GP to consider prescribing.
	// Not yet started; no prescription issued so far."; unseen188, round
	// 33, the plan's date rated the supply's on 3 uploads each reader).
	`\bno\s+prescription\s+(?:has\s+been\s+|was\s+)?issued\b`)

// nothingSupplied reports a page that says nothing was supplied on it
// (nothingSuppliedRe; unseen35, false accepts at first measure, round 14).
// A sentence may run over a line's end ("... once weekly. Not prescribed"
// over "today: referral letter sent to PCP").
func nothingSupplied(d document) bool {
	for i, l := range d.lines {
		if nothingSuppliedRe.MatchString(l.norm) ||
			i+1 < len(d.lines) && d.lines[i+1].page == l.page && nothingSuppliedRe.MatchString(l.norm+" "+d.lines[i+1].norm) {
			return true
		}
	}
	return false
}

// otherRoleHeadings reports a page whose date columns are headed only by
// other roles than a supply's: three or more such captions, each its own
// ("Last dose taken", "Hold from", "Restart on" over a wallet card's rows,
// as Textract read them with their headings split over several lines;
// unseen68, a false accept at first measure, round 18), two of them on one
// line, on lines with no date; and no caption of a fill, an order, a
// prescription or a plain "Date" (a column of any role) standing as a
// heading on the page. Captions are counted whole and once: "Date of
// birth" is one, not "date" and "birth", and a signature's "Received by"
// beside an "Expiry" column (unseen65's boarding-school medicines record)
// are two. The page's unlabelled dates are then those roles'.
func otherRoleHeadings(d document) bool {
	captions := map[string]bool{}
	paired := false
	for _, l := range d.lines {
		ls := outermostLabels(findDateLabels(l))
		if len(ls) == 0 || len(findDates(l.numberText())) > 0 {
			continue
		}
		others := 0
		for _, m := range ls {
			if articleBefore(l.norm[:m.start]) {
				continue // prose's noun ("skip the missed dose"), no heading
			}
			switch m.kind {
			case otherDate:
				others++
				captions[l.norm[m.start:m.end]] = true
			case dispensedDate, orderDate, prescriptionDate, plainDate:
				return false
			}
		}
		paired = paired || others >= 2
	}
	return paired && len(captions) >= 3
}

// articleRe ends text with an article or a possessive before a word.
var articleRe = lazyRE(`\b(?:the|a|an|your|any|each|this|that)\s+$`)

// articleBefore reports text that ends with an article: what follows is a
// sentence's noun ("If more than 4 days ... skip the missed dose" in a
// leaflet beside its label; unseen91's text PDF lost its label's date in
// round 33's replay once "missed dose" named a date's role).
func articleBefore(text string) bool { return articleRe.MatchString(text) }

// salutationLine is the line of a letter's salutation ("Dear Mrs
// Ormerod,"), or -1 when the document opens with none.
func salutationLine(d document) int {
	return slices.IndexFunc(d.lines, func(l docLine) bool { return salutationRe.MatchString(l.norm) })
}

// salutationRe opens a letter.
var salutationRe = lazyRE(`^\W*dear\b`)

// madeUpWords say in plain words that a pharmacy dispensed: "we made them
// up ... on Wednesday the eleventh of November" (round 19, unseen67's
// easy-read letter from its pharmacy, whose dates had been set aside as an
// appointment letter's).
var madeUpWords = []string{"made up", "made them up", "was filled", "were filled"}

// letterWithoutSupply reports a letter (a salutation) that speaks nowhere
// of prescribing or supplying (prescribingWords, madeUpWords): a GP's
// appointment letter asking the patient to bring their pens. Its own date and the dates in its
// prose are when it was written and of the appointment, none the
// medicine's (unseen35, a false accept at first measure, round 14).
func letterWithoutSupply(d document) bool {
	dear := false
	for _, l := range d.lines {
		dear = dear || salutationRe.MatchString(l.norm)
		if slices.ContainsFunc(prescribingWords, func(p string) bool { return strings.Contains(l.norm, p) }) ||
			slices.ContainsFunc(madeUpWords, func(p string) bool { return strings.Contains(l.norm, p) }) {
			return false
		}
	}
	return dear
}

// travelAddressees open a letter to whoever checks a traveller's luggage;
// travelWords say the letter is about travelling with a medicine.
var (
	travelAddressees = newPhraseSet(map[bool][]string{true: {
		"to whom it may concern", "transportation security administration", "airport security", "security staff",
		"customs officer", "customs officers", "border force", "border protection", "airline staff",
	}})
	travelWords = newPhraseSet(map[bool][]string{true: {
		"travel", "travels", "traveling", "travelling", "flight", "flights", "flying", "hand luggage", "carry on",
		"cabin baggage", "checked baggage", "luggage", "abroad", "trip", "holiday", "vacation",
	}})
)

// travelLetter reports a letter for a traveller to show at an airport or a
// border ("To: Transportation Security Administration ... She will be
// traveling from November 30 ... needs to carry three pens"): it tells
// that a medicine is prescribed and carried, and its dates are when it was
// written and of the journey, none a supply's (unseen58's clinic letter, a
// false accept at first measure, round 17: its own date, read clear of the
// fax number above it, was rated the dispensing date). A labelled fill on
// it still counts, and a letter that tells of a supply ("was dispensed by
// this pharmacy", a table's "Date filled": a pharmacy's letter for the
// customs, unseen50) is none.
func travelLetter(d document) bool {
	return slices.ContainsFunc(d.lines, func(l docLine) bool { return travelAddressees.any(l.words) }) &&
		slices.ContainsFunc(d.lines, func(l docLine) bool { return travelWords.any(l.words) }) &&
		!tellsOfSupply(d)
}

// consentWords name a form by which a patient or a parent agrees to a
// treatment.
var consentWords = newPhraseSet(map[bool][]string{true: {
	"consent form", "parental agreement", "agreement to investigation or treatment", "agreement to treatment",
	"consent to treatment", "i agree to the procedure", "i agree to the treatment", "i consent to",
	// A clinic's consent to start a treatment (unseen165, round 30: "Consent
	// for Treatment with Tirzepatide (Zepbound)", the patient's and the
	// clinician's signature dates rated the dispensing date, each reader).
	"consent for treatment", "treatment consent", "i agree to begin treatment", "i agree to start treatment",
}})

// consentForm reports a form agreeing to a treatment ("Consent form 2:
// parental agreement to investigation or treatment for a child or young
// person ... Start semaglutide (Wegovy) 0.25mg"): its dates are when it was
// signed ("Signed: T. Wilk Date: ..." reads as a signature's, a
// prescription's, date when OCR spoils "Date"), before anything was
// supplied (unseen65's NHS consent form, a false accept at first measure,
// round 18: the parent's signature's "Date:" three days ago was rated the
// dispensing date). A dispensing date on it still counts, and a form that
// tells of a supply is none.
func consentForm(d document) bool {
	return slices.ContainsFunc(d.lines, func(l docLine) bool { return consentWords.any(l.words) }) &&
		!tellsOfSupply(d)
}

// undispensedFormRes are a prescription form's pharmacy stamp box and its
// prescriber's signature, and a word that says it was dispensed.
var (
	pharmacyStampBoxRe    = lazyRE(`\bpharmacy(?:'s)? stamp\b|\bpharmacist(?:'s)? stamp\b`)
	prescriberSignatureRe = lazyRE(`\bsignature (?:of )?(?:the )?(?:prescriber|doctor|gp)\b|\bprescriber(?:'s)? signature\b`)
	dispensedWordRe       = lazyRE(`\b(?:dispensed|supplied|date filled|filled on|(?:was|were|been) filled|gweinyddwyd)\b`)
)

// undispensedForm reports a prescription form that was not dispensed: it
// has a pharmacy's stamp box and its prescriber's signature, and nowhere
// says dispensed or supplied (no stamp "DISPENSED", no date dispensed).
// Its date is when the prescriber wrote it, and no supply's (round 19:
// unseen70's Northern Ireland HS21 photographed before it was handed in,
// a false accept at first measure, and unseen35's FP10, its "Pharmacy
// Stamp" box empty, whose truths say so). A stamped form keeps its dates.
func undispensedForm(d document) bool {
	box, signed := false, false
	for _, l := range d.lines {
		if dispensedWordRe.MatchString(l.norm) {
			return false
		}
		box = box || pharmacyStampBoxRe.MatchString(l.norm)
		signed = signed || prescriberSignatureRe.MatchString(l.norm)
	}
	return box && signed
}

// labRequestRe heads a laboratory's request for tests or its record of a
// sample.
var labRequestRe = lazyRE(`\b(?:pathology|laboratory|lab|blood\s+test|blood\s+sciences|phlebotomy)\s+(?:request|requisition|order\s+form)\b|\b(?:sample|specimen)\s+collected\b`)

// labRequest reports a laboratory's request for blood tests, or its record
// of the sample, that nowhere says a medicine was dispensed or supplied:
// its dates are the sample's and the request's, and its medicine is the
// clinical details' ("Clinical details: On Wegovy 1mg weekly" on a GP's
// pathology request, the tube labels' "Coll 25/11/2026" rated the
// dispensing date; unseen177, round 32, a false accept at first measure
// on 2 uploads, both readers).
func labRequest(d document) bool {
	found := false
	for _, l := range d.lines {
		if dispensedWordRe.MatchString(l.norm) {
			return false
		}
		found = found || labRequestRe.MatchString(l.norm)
	}
	return found
}

// stockOrderRe names a pharmacy's order of stock from a wholesaler, or the
// wholesaler's paper for it.
var stockOrderRe = lazyRE(`\bwholesal(?:e|er|ers|ing)\b`)

// stockOrder reports a page that speaks of a wholesaler's order, invoice
// or delivery to the pharmacy: its order dates are the stock's, not a
// patient's order ("Order 2026-1147 to Trentside Wholesale" over "Placed:
// 27/11/2026" on a pharmacy system's stock order screen, the patient's
// Mounjaro owed in the panel beside it; unseen186, round 33, a false
// accept at first measure on 3 uploads each reader).
func stockOrder(d document) bool {
	return slices.ContainsFunc(d.lines, func(l docLine) bool { return stockOrderRe.MatchString(l.norm) })
}

// podRecordRe names a ward's or a care home's record of the medicines a
// patient brought in with them.
var podRecordRe = lazyRE(`\bpatient'?s?\s+own\s+(?:medicines|medications|drugs|meds)\b`)

// podRecord reports a ward's record of a patient's own medicines (POD): its
// dates are the ward's, when the medicines came in, went into the fridge,
// were checked or given; only a dispensing date copied from their label
// dates a supply (a POD fridge record card's "Into fridge (date, time)"
// rated the dispensing date, its label "not yet checked"; unseen190, round
// 33, a false accept at first measure on 3 uploads each reader).
//
// A pharmacy's label on the record ("Millbrook Pharmacy" under a POD bag
// sticker, its "20 Nov 2026" unlabelled; unseen68) still dates its supply:
// only a record that names no pharmacy is the ward's alone.
func podRecord(d document) bool {
	return slices.ContainsFunc(d.lines, func(l docLine) bool { return podRecordRe.MatchString(l.norm) }) &&
		collectPharmacyEvidence(d).kind == noPharmacy
}

// tellsOfSupply reports a page that tells of a supply made (suppliedRe):
// a letter or a form that does is evidence of it, whatever else it is.
func tellsOfSupply(d document) bool {
	return slices.ContainsFunc(d.lines, func(l docLine) bool { return suppliedRe.MatchString(l.norm) })
}

// suppliedRe tells of a supply made: dispensed, supplied, a fill's date.
var suppliedRe = lazyRE(`\b(?:dispens\w*|supplied|date\s+filled|filled\s+on|(?:was|were|been)\s+filled)\b`)

// judgedDate is a candidate date judged against the policy; cap is how
// sure its day/month order leaves the verdict.
type judgedDate struct {
	date    civilDate
	verdict dateVerdict
	cap     certainty
	m       datedMention
}

func judgeDates(cands []datedMention, order dateOrder, today civilDate, maxDays int) []judgedDate {
	var js []judgedDate
	for _, m := range cands {
		c := m.reading(order.dayFirst)
		j := judgedDate{date: c, verdict: judgeDate(c, today, maxDays), cap: highCertainty, m: m}
		if m.ambiguous() {
			alt := judgeDate(m.reading(!order.dayFirst), today, maxDays)
			if alt != j.verdict {
				j.cap = [...]certainty{lowCertainty, mediumCertainty, highCertainty}[order.strength]
			}
		}
		js = append(js, j)
	}
	return js
}

// sure is how sure the picked date's verdict is: as well as it was read,
// as its day/month order allows, and as its label says it is the
// medication's.
func (e dateEvidence) sure() certainty {
	c := min(readCertainty(e.read), e.orderSure)
	switch {
	case e.kind == plainDate:
		c = min(c, mediumCertainty)
	case e.kind == unlabelledDate && e.distinct > 1:
		c = min(c, lowCertainty)
	case e.kind == unlabelledDate:
		c = min(c, mediumCertainty)
	}
	return c
}

// shown is the picked date as the note quotes it.
func (e dateEvidence) shown() string {
	if e.readAs == "" {
		return e.picked.String()
	}
	return e.picked.String() + ", reading " + e.readAs
}

// Two date rules the pharmacy's role reads (rateFields): the page has no
// date of a supply, or says the medicine is not supplied yet.
const (
	ruleNoDate               = "no-date"
	ruleUnfilledPrescription = "date-of-unfilled-prescription"
)

// dateRules decide medicationDate, in the order of docs/evidence-rules.md.
var dateRules = []rule[dateEvidence]{
	{"message-sent-date", func(e dateEvidence) bool { return !e.found && e.sent != nil }, func(e dateEvidence) finding {
		// A text saying the medicine is ready was sent around its
		// dispensing, but when it was sent is not when it was dispensed.
		return finding{
			rating:  Rating{NotFound, e.absent},
			problem: "the document's only dates say when its text messages were sent, not when the medicine was dispensed or prescribed",
			at:      e.sent,
		}
	}},
	{ruleNoDate, func(e dateEvidence) bool { return !e.found }, func(e dateEvidence) finding {
		return finding{rating: Rating{NotFound, e.absent}, missing: "the dispensing or prescription date"}
	}},
	{"date-without-medicine", func(e dateEvidence) bool { return !e.aboutMedicine }, func(e dateEvidence) finding {
		return finding{
			rating:  Rating{NotFound, e.absent},
			problem: "no medicine could be found on the document, so its dates were not taken as the dispensing or prescription date",
		}
	}},
	{"date-of-other-medicine", func(e dateEvidence) bool { return e.othersOnly }, func(e dateEvidence) finding {
		// The date that counts is the requested medicine's own
		// (DESIGN.md): another medicine's fill says nothing of it.
		return finding{
			rating:  Rating{NotFound, e.absent},
			problem: "the document names only another medicine, so its dates were not taken as the requested medicine's",
		}
	}},
	{"date-in-scam", func(e dateEvidence) bool { return e.scam && e.found }, func(e dateEvidence) finding {
		return finding{rating: Rating{NotFound, Medium}, scam: "the date", at: e.at}
	}},
	{"date-in-own-record", func(e dateEvidence) bool { return e.ownRecord }, func(e dateEvidence) finding {
		// A diary's tick by a date says when the patient injected, not
		// when a pharmacy supplied the medicine.
		return finding{rating: Rating{NotFound, Medium}, ownRecord: "the date", at: e.at}
	}},
	{"misread-date", func(e dateEvidence) bool { return e.misread }, func(e dateEvidence) finding {
		// The date is there but misread ("14/41/2026"): which digit is
		// wrong cannot be told (a 4 for a 1, a 1 for a 7), and a date of
		// lower rank is no stand-in for it. Never guessed.
		return finding{rating: Rating{NotFound, Low}, problem: "the " + e.kind.noun() + " on the document (" + e.misreadText + ") is no calendar date, so it was misread (a clearer photo may help)", at: e.at}
	}},
	{"dates-disagree", func(e dateEvidence) bool { return e.disagree }, func(e dateEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: "the document shows " + e.kind.pluralNoun() + " that disagree", at: e.at}
	}},
	{"future-date", func(e dateEvidence) bool { return e.verdict == dateInFuture }, func(e dateEvidence) finding {
		return finding{rating: Rating{Invalid, e.sure().Confidence()}, problem: "the " + e.kind.noun() + " (" + e.shown() + ") is in the future", at: e.at}
	}},
	{"old-date", func(e dateEvidence) bool { return e.verdict == dateTooOld }, func(e dateEvidence) finding {
		return finding{rating: Rating{Invalid, e.sure().Confidence()}, problem: fmt.Sprintf("the %s (%s) is more than %d days old", e.kind.noun(), e.shown(), e.maxDays), at: e.at}
	}},
	{"date-of-withdrawn-supply", func(e dateEvidence) bool { return e.withdrawn }, func(e dateEvidence) finding {
		// A cancelled or voided supply's date says when it was made
		// up, not that the patient had it; which fill came before
		// cannot be told from it (unseen31, round 13: a false accept).
		return finding{rating: Rating{NotFound, Low}, problem: "the latest " + e.kind.noun() + " (" + e.shown() + ") is of a supply the document says was cancelled, voided or reversed", at: e.at}
	}},
	{"date-of-customs-declaration", func(e dateEvidence) bool { return e.border && e.kind != dispensedDate }, func(e dateEvidence) finding {
		// A parcel's customs declaration from a pharmacy abroad ("SHIP
		// DATE 2026-11-22" beside the CN23's contents; unseen84, round 21,
		// a false accept at first measure): when it was posted, not when
		// the medicine was dispensed.
		return finding{rating: Rating{NotFound, Low}, problem: "the document is a customs declaration, whose " + e.kind.noun() + " (" + e.shown() + ") says when the parcel was sent, not when the medicine was dispensed", at: e.at}
	}},
	{"date-on-other-paper", func(e dateEvidence) bool { return e.paper != "" && e.kind != dispensedDate }, func(e dateEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: "the document is " + e.paper + ", whose " + e.kind.noun() + " (" + e.shown() + ") is not when the medicine was dispensed", at: e.at}
	}},
	{ruleUnfilledPrescription, func(e dateEvidence) bool { return e.unfilled }, func(e dateEvidence) finding {
		// "Sent electronically ... Pharmacy status: received ... In queue
		// - not yet filled" under a telehealth visit's prescription, an
		// app's order "Awaiting clinical check" (unseen85, round 21: the
		// visit's and the prescription's receipt's dates were rated the
		// dispensing date, false accepts at first measure).
		return finding{rating: Rating{NotFound, Low}, problem: "the document says the requested medicine has not been supplied yet, so its " + e.kind.noun() + " (" + e.shown() + ") is no dispensing date", at: e.at}
	}},
	{"date-of-other-dose", func(e dateEvidence) bool { return e.otherDose && e.verdict == dateInWindow }, func(e dateEvidence) finding {
		// A ledger of supplies, 2.5 mg long ago and 5 mg last week, asked
		// about 2.5 mg: last week's date is the 5 mg fill's (unseen61, a
		// false accept at first measure, round 17).
		return finding{rating: Rating{NotFound, Low}, problem: "the latest fill on the document is of another dose than the one requested, so its date (" + e.shown() + ") is not the requested dose's", at: e.at}
	}},
	{"date-of-unread-dose", func(e dateEvidence) bool { return e.undosedFills && e.verdict == dateInWindow }, func(e dateEvidence) finding {
		// A scanned medication history whose doses OCR could not read
		// ("01/11/2026 Mounjaro. _pmng/ 8 6mL", "20/07/2026 an Mounjaro oes
		// 5ng/0..") cannot say which fill was of the requested dose: its
		// latest may be another's (unseen158, round 29: a request for the
		// old 2.5 mg rated valid by the 5 mg fill's date, a false accept
		// at first measure, each reader).
		return finding{rating: Rating{NotFound, Low}, problem: "the document lists several fills of the medicine but no dose could be read on them, so its " + e.kind.noun() + " (" + e.shown() + ") may be another dose's fill", at: e.at}
	}},
	{"date-placeholder", func(e dateEvidence) bool { return e.placeholder != "" && e.verdict == dateInWindow }, func(e dateEvidence) finding {
		// A pharmacy's letter "filled on [FILL DATE]" under the letter's
		// own date (unseen145, round 28: the letter's date rated the
		// dispensing date, a false accept at first measure on 2 uploads,
		// both readers): the supply's date was never written in, and the
		// page's other dates are not it.
		return finding{rating: Rating{NotFound, Low}, problem: "the document's supply date is a template's blank (" + e.placeholder + "), so its other dates (" + e.shown() + ") were not taken for it", at: e.at}
	}},
	{"date-of-latest-fill", func(e dateEvidence) bool { return e.ofLatest }, func(e dateEvidence) finding {
		// A history of fills: the latest in the window, older ones not.
		return finding{rating: Rating{Valid, min(e.sure(), mediumCertainty).Confidence()}, caveat: "the " + e.kind.noun() + " (the latest of several fills, " + e.shown() + ")", at: e.at}
	}},
	{"date-year-fitted", func(e dateEvidence) bool { return e.yearFitted && e.verdict == dateInWindow }, func(e dateEvidence) finding {
		// A screen's "Dispensed Wed 25 Nov" with no year anywhere on it:
		// this year's, as a clinician reads it, but the year is ours.
		return finding{rating: Rating{Valid, min(e.sure(), mediumCertainty).Confidence()}, caveat: "the " + e.kind.noun() + " (" + e.text + ", printed without its year, read as " + e.picked.String() + ", the day of the last twelve months its weekday fits)", at: e.at}
	}},
	{"date-in-window", nil, func(e dateEvidence) finding {
		f := finding{rating: Rating{Valid, e.sure().Confidence()}, at: e.at}
		if f.rating.Confidence != High {
			f.caveat = "the " + e.kind.noun()
			if e.readAs != "" {
				f.caveat += " (" + e.text + " could be day first or month first)"
			}
		}
		return f
	}},
}

// datesInOrder is the document's dates (findLabelledDates) and the
// day/month order it writes them in: the market's, unless a date could be
// read either way round and the document's own cues say otherwise.
func datesInOrder(d document, market string) ([]datedMention, dateOrder) {
	all := findLabelledDates(d)
	order := dateOrder{dayFirst: market != "us"}
	if slices.ContainsFunc(all, func(m datedMention) bool { return m.ambiguous() }) {
		order = documentDateOrder(d, all, market)
	}
	return all, order
}

// farFromToday reports a date more than two years before today or a year
// after it: unlabelled, a date of birth or the like, never the
// prescription's.
func farFromToday(c, today civilDate) bool {
	return c.time().Before(today.time().AddDate(-2, 0, 0)) || c.time().After(today.time().AddDate(1, 0, 0))
}

// farEitherWay reports a line whose dates are all far from today however
// their day and month are ordered.
func farEitherWay(l docLine, today civilDate) bool {
	for _, f := range findDates(l.numberText()) {
		for _, c := range []civilDate{f.dayFirst, f.monthFirst} {
			if c.valid() && !farFromToday(c, today) {
				return false
			}
		}
	}
	return true
}

// civilDay is the calendar day of t.
func civilDay(t time.Time) civilDate { return civilDate{t.Year(), int(t.Month()), t.Day()} }
