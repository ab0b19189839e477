// Labels side by side: the panel of the lead's own label.

package evidence

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// leadsPanel is d with, on a page of labels side by side (panels apart by
// a clear gutter, each naming a medicine: a household's two bag labels
// photographed together, two pens' labels in one picture), the panels
// other than the lead's left out, when one panel names the lead in full
// beside the requested medicine: another person's label gives neither the
// lead's date nor dose, and its name is not the lead's patient. A page
// whose columns are one label's (the name and medicine in one, the date
// and pharmacy in the other) has a column without a medicine, and stays
// whole.
func leadsPanel(d document, exp Expected, want string) document {
	lead := newExpectedName(exp.Forename, exp.Surname)
	if want == "" || !exp.PatientKnown || !lead.usable() {
		return d
	}
	drop := map[int]bool{}
	var mentioned map[int][]medicineMention
	for _, page := range docPages(d) {
		panels := sideBySide(d, page)
		if len(panels) < 2 {
			continue
		}
		if mentioned == nil {
			mentioned = map[int][]medicineMention{}
			for _, m := range findMedicineMentions(d) {
				mentioned[m.line] = append(mentioned[m.line], m)
			}
		}
		// splitAtGutters marked panels only where each names a medicine.
		leads := -1
		for k, p := range panels {
			named, requested := false, false
			for _, i := range p {
				for _, m := range mentioned[i] {
					requested = requested || m.entry.generic == want
				}
				if o, _, _, _, _ := searchName(d.lines[i], lead); o == nameFull {
					named = true
				}
			}
			if named && requested {
				if leads == -1 {
					leads = k
				} else {
					leads = -2 // the lead's on two panels: nothing to choose
				}
			}
		}
		if leads < 0 {
			continue
		}
		for k, p := range panels {
			if k != leads {
				for _, i := range p {
					drop[i] = true
				}
			}
		}
	}
	return d.without(drop)
}

// gutterChars: panels stand at least this many characters apart, with no
// word across the gap.
const gutterChars = 3

// minPanelLines: a panel is a label of at least this many lines.
const minPanelLines = 3

// maxBandSlope: a page turned further than about 6 degrees is not levelled
// well enough by a shear to find a band of cards' rows.
const maxBandSlope = 0.1

func docPages(d document) []int {
	var pages []int
	for _, l := range d.lines {
		if l.place.panel > 0 && !slices.Contains(pages, l.page) {
			pages = append(pages, l.page)
		}
	}
	return pages
}

// sideBySide is a page's lines by panel, left to right (splitAtGutters
// marked them); nil unless there are two panels or more, each of at least
// minPanelLines lines.
func sideBySide(d document, page int) [][]int {
	var panels [][]int
	for i, l := range d.lines {
		if l.page != page || l.place.panel == 0 {
			continue
		}
		for len(panels) < l.place.panel {
			panels = append(panels, nil)
		}
		panels[l.place.panel-1] = append(panels[l.place.panel-1], i)
	}
	if len(panels) < 2 {
		return nil
	}
	for _, p := range panels {
		if len(p) < minPanelLines {
			return nil
		}
	}
	return panels
}

// splitAtGutters splits, on each page, the lines that cross a gutter no
// other word crosses, running down the page between panels of words (two
// labels side by side, read by OCR as lines running from one into the
// other: "pre-filled pen (semaglutide) Items (2) Metformin 500mg"). Each
// line of such a page is marked with its panel.
func splitAtGutters(lines []Line) ([]Line, []linePlace) {
	out, places := lines, make([]linePlace, len(lines))
	for _, page := range pagesOf(lines) {
		out, places = splitPage(out, places, page)
	}
	return out, places
}

func splitPage(lines []Line, places []linePlace, page int) ([]Line, []linePlace) {
	// A gutter runs down the page whatever its turn: labels stuck at
	// angles of their own (unseen8's two pens' labels through the
	// production reader, too turned to be levelled) are found as read.
	words := wordsAsRead(lines, page)
	if len(words) < 4*minPanelLines {
		return lines, places
	}
	_, cw := textMetrics(words)
	gutters := pageGutters(words, cw)
	band := map[int]bool(nil) // the lines split; nil: all of the page's
	if len(gutters) == 0 {
		// A band's rows need the page levelled; a band of cards is
		// found on a page turned a little further than a table's rows
		// are read on (bag tags photographed on a table, 4 degrees).
		words = levelUpTo(words, maxBandSlope)
		if len(words) < 4*minPanelLines {
			return lines, places
		}
		h, cw := textMetrics(words)
		x, in := bandGutter(physicalRows(words, h), cw)
		if in == nil {
			return lines, places
		}
		gutters, band = bandGutters(words, in, x, cw), in
	}
	// The panels' lines are put together panel by panel, where the first
	// of them was read: a reader that reads the page row by row across
	// the gutter (Textract) leaves each label's lines interleaved with its
	// neighbour's, and the label's captions, doses and dates would lie
	// apart (unseen27's two labels side by side, round 18).
	var out []Line
	var outPlaces []linePlace
	at := -1 // where in out the panels go
	panels := make([][]Line, len(gutters)+1)
	panelPlaces := make([][]linePlace, len(gutters)+1)
	for li, l := range lines {
		if l.Page != page || l.Box.IsZero() || band != nil && !band[li] {
			out, outPlaces = append(out, l), append(outPlaces, places[li])
			continue
		}
		if at < 0 {
			at = len(out)
		}
		parts := make([][]Word, len(gutters)+1)
		for _, w := range l.Words {
			k, _ := slices.BinarySearch(gutters, w.Box.Left+w.Box.Width/2)
			parts[k] = append(parts[k], w)
		}
		for k, p := range parts {
			place := places[li]
			place.panel = k + 1
			part := l
			switch {
			case len(p) == 0:
				continue
			case len(p) < len(l.Words):
				part = lineOfWords(p, l)
			}
			panels[k], panelPlaces[k] = append(panels[k], part), append(panelPlaces[k], place)
		}
	}
	// Only labels side by side are panels: each names a medicine. A page
	// whose columns are one document's keeps its lines whole. In a band,
	// only cards are: each headed by a person's name (a chat beside the
	// prescription it is about is one document).
	for _, p := range panels {
		d := documentOf(p, nil, true, nil)
		if len(findMedicineMentions(d)) == 0 || band != nil && !cardHeading(d) {
			return lines, places
		}
	}
	if at < 0 {
		return out, outPlaces
	}
	split, splitPlaces := slices.Concat(panels...), slices.Concat(panelPlaces...)
	return slices.Concat(out[:at], split, out[at:]), slices.Concat(outPlaces[:at], splitPlaces, outPlaces[at:])
}

// bandGutters are the gutters that run down a band's rows (three bag tags
// side by side over one footer have two), or the one bandGutter found.
func bandGutters(words []tableWord, in map[int]bool, x, cw float64) []float64 {
	var band []tableWord
	for _, w := range words {
		if in[w.line] {
			band = append(band, w)
		}
	}
	if gs := pageGutters(band, cw); slices.ContainsFunc(gs, func(g float64) bool { return math.Abs(g-x) < gutterChars*cw }) {
		return gs
	}
	return []float64{x}
}

// cardHeading reports a card headed by a person's name: its first line,
// or under a pharmacy's name and a line of its own, its third (a bag tag's
// "MESA VERDE PHARMACY", "WILL CALL", "LEDESMA, CARMEN").
func cardHeading(d document) bool {
	for i, l := range d.lines[:min(3, len(d.lines))] {
		if headingName(l) != nil {
			return true
		}
		if i == 0 && linePharmacy(l).kind == noPharmacy {
			return false
		}
	}
	return false
}

// pageGutters are the middles of the gaps of at least gutterChars
// characters that no word crosses (specks aside: a mark of one or two
// characters read poorly), such that every panel between them holds words
// of at least minPanelLines lines (a label's border read as "|" is no
// panel).
func pageGutters(words []tableWord, cw float64) []float64 {
	var spans [][2]float64
	for _, w := range words {
		if speckWord(w) {
			continue
		}
		spans = append(spans, [2]float64{w.box.Left, w.right()})
	}
	slices.SortFunc(spans, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
	var gutters []float64
	for i, right := 0, 0.0; i < len(spans); i++ {
		if i > 0 && spans[i][0]-right >= gutterChars*cw {
			gutters = append(gutters, (right+spans[i][0])/2)
		}
		right = max(right, spans[i][1])
	}
	for {
		thin := slices.IndexFunc(panelRows(words, gutters), func(n int) bool { return n < minPanelLines })
		if thin < 0 || len(gutters) == 0 {
			return gutters
		}
		// The thin panel joins its neighbour: the gutter on its right
		// goes, or for the last panel the one on its left.
		gutters = slices.Delete(gutters, min(thin, len(gutters)-1), min(thin, len(gutters)-1)+1)
	}
}

// panelRows counts, for each panel between gutters, the lines with a word
// of two letters or more in it.
func panelRows(words []tableWord, gutters []float64) []int {
	seen := make([]map[int]bool, len(gutters)+1)
	for i := range seen {
		seen[i] = map[int]bool{}
	}
	for _, w := range words {
		if utf8.RuneCountInString(strings.TrimSpace(w.text)) < 2 {
			continue
		}
		k, _ := slices.BinarySearch(gutters, w.box.Left+w.box.Width/2)
		seen[k][w.line] = true
	}
	counts := make([]int, len(seen))
	for i, s := range seen {
		counts[i] = len(s)
	}
	return counts
}

// bandGutter finds, on a page that no gutter runs down whole, the band of
// consecutive rows that one gutter runs down with words of at least
// minPanelLines rows on each side of it (a household's two cards side by
// side under the page's own heading and over its footer): the gutter's
// middle and the lines of the band. in is nil when there is none. The
// band is split only where each side is a card headed by a person's name
// (splitPage).
func bandGutter(rows []physicalRow, cw float64) (x float64, in map[int]bool) {
	gap := gutterChars * cw
	free := func(r physicalRow, x float64) bool {
		for _, w := range r.words {
			if w.box.Left-gap/2 < x && x < w.right()+gap/2 && !speckWord(w) {
				return false
			}
		}
		return true
	}
	sides := func(r physicalRow, x float64) (left, right bool) {
		for _, w := range r.words {
			if utf8.RuneCountInString(w.text) < 2 {
				continue
			}
			left, right = left || w.right() < x, right || w.box.Left > x
		}
		return left, right
	}
	bestScore, bestLen, from, to := 0, 0, -1, -1
	for _, r := range rows {
		for k := 1; k < len(r.words); k++ {
			if r.words[k].box.Left-r.words[k-1].right() < gap {
				continue
			}
			cx := (r.words[k-1].right() + r.words[k].box.Left) / 2
			for a := 0; a < len(rows); {
				if !free(rows[a], cx) {
					a++
					continue
				}
				b, left, right := a, 0, 0
				for ; b < len(rows) && free(rows[b], cx); b++ {
					l, r := sides(rows[b], cx)
					left, right = left+b2i(l), right+b2i(r)
				}
				if score := min(left, right); score >= minPanelLines && (score > bestScore || score == bestScore && b-a > bestLen) {
					bestScore, bestLen, from, to, x = score, b-a, a, b, cx
				}
				a = b
			}
		}
	}
	if from < 0 {
		return 0, nil
	}
	in = map[int]bool{}
	for _, r := range rows[from:to] {
		for _, w := range r.words {
			in[w.line] = true
		}
	}
	return x, in
}

// speckWord is a mark of one or two characters read poorly: OCR's speck,
// which crosses no gutter.
func speckWord(w tableWord) bool {
	return utf8.RuneCountInString(w.text) <= 2 && lineConfidence(w.conf) < 0.6
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// leadsPages is d without the pages of other people, where a document's
// pages each open with their own person (a pharmacy's batch print of two
// patients' medication records, a family's records release): a page whose
// first lines name someone with a date of birth or an NHS number is that
// person's. When the lead's own pages name the requested medicine, the
// pages that open with someone else are left out: another patient's fills
// give neither the lead's date nor the lead's dose (unseen30, round 13: the
// next patient's 7.5 mg, filled after the lead's 5 mg, was rated the lead's
// dose, a false accept at first measure). A page that opens with no one
// (a record continued) stays.
func leadsPages(d document, exp Expected, want string) document {
	lead := newExpectedName(exp.Forename, exp.Surname)
	if want == "" || !exp.PatientKnown || !lead.usable() {
		return d
	}
	byPage := map[int][]int{}
	var pages []int
	for i, l := range d.lines {
		if l.page == 0 {
			return d
		}
		if _, seen := byPage[l.page]; !seen {
			pages = append(pages, l.page)
		}
		byPage[l.page] = append(byPage[l.page], i)
	}
	if len(pages) < 2 {
		return d
	}
	leads, others := false, []int{}
	mentioned := map[int]bool{}
	for _, m := range findMedicineMentions(d) {
		if m.entry.generic == want {
			mentioned[m.line] = true
		}
	}
	for _, p := range pages {
		switch pagePerson(d, byPage[p], lead) {
		case personLead:
			leads = leads || slices.ContainsFunc(byPage[p], func(i int) bool { return mentioned[i] })
		case personOther:
			others = append(others, p)
		}
	}
	if !leads || len(others) == 0 {
		return d
	}
	drop := map[int]bool{}
	for _, p := range others {
		for _, i := range byPage[p] {
			drop[i] = true
		}
	}
	return d.without(drop)
}

// Whose page it is (pagePerson).
const (
	personNone = iota
	personLead
	personOther
)

// pageHeadLines: a page's person is named within its first lines.
const pageHeadLines = 4

// pagePerson is whose page the lines are: the person a line among its
// first pageHeadLines names beside a date of birth or an NHS number.
func pagePerson(d document, lines []int, lead expectedName) int {
	for k, i := range lines {
		if k == pageHeadLines {
			break
		}
		l := d.lines[i]
		if !identityWords.any(l.words) {
			continue
		}
		if o, _, _, _, _ := searchName(l, lead); o == nameFull {
			return personLead
		}
		return personOther
	}
	return personNone
}

// identityWords stand beside a patient's name in a record's heading.
var identityWords = newPhraseSet(map[bool][]string{true: {"dob", "d o b", "date of birth", "born", "nhs no", "nhs number"}})

// leadsSections is d without other people's sections, on a page that lists
// several people's medicines each under their name (householdHeadings: a
// household plan's e-mail, "Rohan Kulkarni" over his 2.5 mg and "Meera
// Kulkarni" over her 7.5 mg; unseen27, round 13, whose lead's dose was
// not_found among both): when one section is headed by the lead and names
// the requested medicine, and every other is headed by another member of
// the lead's family (familyMember), the others are left out, as a
// household table's other rows are (leadsRows). Lines above the first
// heading stay. Used for the dose and the date only: the name is judged on
// the whole page, whose other sections say whose the lead's is.
func leadsSections(d document, ms []medicineMention, exp Expected, want string) document {
	lead := newExpectedName(exp.Forename, exp.Surname)
	if want == "" || !exp.PatientKnown || !lead.usable() {
		return d
	}
	// Only a page naming the lead's surname twice can head a family's
	// sections; looking for headings costs more than this.
	last := lead.surname[len(lead.surname)-1].text
	if n := 0; !slices.ContainsFunc(d.lines, func(l docLine) bool {
		if slices.ContainsFunc(l.words, func(w word) bool { return w.text == last }) {
			n++
		}
		return n == 2
	}) {
		return d
	}
	heads := householdHeadings(d, ms)
	if heads == nil {
		return d
	}
	requested := map[int]bool{}
	for _, m := range ms {
		if m.entry.generic == want {
			requested[m.line] = true
		}
	}
	// Section k runs from its heading to the next one, the last to the end.
	end := func(k int) int {
		if k+1 < len(heads) {
			return heads[k+1]
		}
		return len(d.lines)
	}
	leads := -1
	for k, h := range heads {
		if o, _ := compareName(headingName(d.lines[h]), lead, d.lines[h].reading()); o != nameFull {
			continue
		}
		for i := h; i < end(k); i++ {
			if requested[i] {
				if leads >= 0 {
					return d // the lead heads two sections: nothing to choose
				}
				leads = k
				break
			}
		}
	}
	if leads < 0 {
		return d
	}
	drop := map[int]bool{}
	for k, h := range heads {
		if k == leads {
			continue
		}
		if !familyMember(headingName(d.lines[h]), lead) {
			// A heading that is no other member of the lead's family may
			// be the lead's own name read twice, badly ("GARCIA MARQUE"
			// over a label read again): nothing is left out.
			return d
		}
		for i := h; i < end(k); i++ {
			drop[i] = true
		}
	}
	return d.without(drop)
}

// familyMember reports a name of the lead's surname, word for word, and
// another forename: "Meera Kulkarni" beside the lead Rohan Kulkarni. An
// initial of the lead's forename is the lead's name shortened, not
// another's: a bag label's receipt stub "OKAFOR-LIND, C" beside the label's
// "OKAFOR-LIND, CYRUS" (unseen61 through the production reader, round 18,
// whose stub's section with the label's dose was left out as a relative's).
func familyMember(name []word, lead expectedName) bool {
	if len(name) < 2 || len(lead.surname) == 0 {
		return false
	}
	last := lead.surname[len(lead.surname)-1].text
	sameSurname, leadsForename := false, false
	for _, w := range name {
		sameSurname = sameSurname || w.text == last
		leadsForename = leadsForename || slices.ContainsFunc(lead.forename, func(f word) bool {
			return f.text == w.text || utf8.RuneCountInString(w.text) == 1 && strings.HasPrefix(f.text, w.text)
		})
	}
	return sameSurname && !leadsForename
}
