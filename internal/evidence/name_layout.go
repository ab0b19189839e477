// Finding names without a caption: a label's layout, titles and salutations, the name on any line.

package evidence

import (
	"math"
	"slices"
	"strings"
)

// titledSurnames are the words a title stands before alone ("Dear Mx
// Morgan,", "Mrs Doe will"): surnames, as a title goes with the surname
// when no forename follows. Prescribers' lines do not count.
func titledSurnames(d document) map[string]bool {
	out := map[string]bool{}
	for _, l := range d.lines {
		if isPrescriberLine(l) {
			continue
		}
		for k := 0; k+1 < len(l.words); k++ {
			w, next := l.words[k], l.words[k+1]
			if !titles[w.text] || w.text == "dr" || w.text == "prof" || !next.capital || hasDigit(next.text) || len(next.text) < 2 || titles[next.text] {
				continue
			}
			// A hyphen or an apostrophe joins the parts of one name
			// ("Ms Ana-Lucía Ferreira", "Ms Min-seo Kim" with its second
			// part in small letters: unseen71's clinic letter, round 19,
			// where "Min" was taken for a surname after the title), and so
			// does a particle ("Mr Gruffydd ap Rhys"; unseen14, round 12,
			// where the forename was read as a surname after a title);
			// other marks end it.
			alone := k+2 == len(l.words) || next.commaAfter ||
				!l.words[k+2].capital && !particleThenName(l.words, k+2) && !hyphenedToName(l, k+2) ||
				strings.ContainsAny(l.norm[next.end:l.words[k+2].start], ",.;:()/|")
			if alone {
				out[next.text] = true
			}
		}
	}
	return out
}

// nameParticles are the lowercase words inside a surname ("Gruffydd ap
// Rhys", "Ludwig van Beethoven", "Maria de la Cruz"): the name goes on past
// them.
var nameParticles = map[string]bool{
	"ap": true, "ab": true, "ferch": true, "verch": true, "de": true, "da": true, "di": true, "del": true,
	"della": true, "la": true, "le": true, "du": true, "van": true, "von": true, "der": true, "den": true,
	"bin": true, "binti": true, "ibn": true, "al": true, "el": true, "y": true,
}

// particleThenName reports ws[k] a name particle followed by a capitalised
// word: one name runs on.
func particleThenName(ws []word, k int) bool {
	return nameParticles[ws[k].text] && k+1 < len(ws) && ws[k+1].capital
}

// patientFieldWords mark the details a dispensing label prints beside the
// patient's name: the Rx number, the dispensing date, the date of birth.
var patientFieldWords = newPhraseSet(map[bool][]string{true: {
	"rx", "dob", "d o b", "date of birth", "birth date", "born", "nhs no", "nhs number", "dispensed",
	"date dispensed", "filled", "fill date", "date filled", "mrn",
}})

// uncaptionedPatient finds the patient line of a label that has no
// caption: a line holding only a person's name, written as names are (every
// word capitalised), that the layout marks as a person's: a title (Mrs,
// Mr), the "SURNAME, Forename" order, the lead's own surname on a relative,
// or the line beside the label's Rx number, dispensing date or date of
// birth, or a letter's salutation by the same surname. someoneElse is the
// first such line that names someone other than the lead, with how sure
// they all are (never high: there is no caption); several, the first that
// names another person than it (someoneElse is then nil). Prescribers' and pharmacists'
// lines, names under a caption, and the names of people the page gives
// another role (inRoles: an insurer's subscriber, again in the address
// block), never count. A name on one of listRows (another medicine's rows
// where the lead's own row holds the requested medicine) is one of several.
func uncaptionedPatient(d document, e expectedName, inRoles map[string]bool, heads, listRows []int) (someoneElse, several *nameSeen) {
	var found []word // the first word of each name found, to tell them apart
	var towns map[string]bool
	conf := mediumCertainty
	addressed := titledSurnames(d)
	for i, l := range d.lines {
		if slices.Contains(heads, i) {
			continue // a household's section heading names its own medicines' patient (medicineRowNames)
		}
		ws, marked, at, ok := standaloneName(l)
		if !ok {
			ws, ok = titledName(l)
			if !ok {
				ws, ok = titledWord(l, e)
			}
			marked, at = ok, spotOfWords(l, ws)
		}
		// A letter's address block: the name whose surname the salutation
		// uses ("Callum Fraser" ... "Dear Mr Fraser").
		marked = marked || (ok && addressed[ws[len(ws)-1].text])
		if !ok || (i > 0 && captionAbove(d.lines[i-1])) || specks(l, ws) || inRoles[wordsText(ws)] || businessBelow(d, i) {
			continue
		}
		if len(heads) > 0 {
			// A letter to a couple ("Mr Idris Okonjo and Ms Ruth Adeyemi")
			// whose sections each head one's supply, the lead heading the
			// requested medicine's: the other is addressed beside the lead,
			// no one in the lead's place (unseen83, round 21).
			if o, level, _, _, _ := searchName(l, e); o == nameFull && level >= ocrMatch {
				continue
			}
		}
		if towns == nil {
			towns = postcodeTowns(d)
		}
		if commaOrdered(at) && towns[ws[len(ws)-1].text] {
			continue // "Stricklandgate, Kendal" on a page with "Kendal LA9 9ZZ": a street and its town
		}
		if o, _ := compareName(ws, e, l.reading()); o != nameOther || (l.ocr && nearName(ws, e, l.reading()) && !clearlyOther(ws, e, l.reading())) || misreadPart(ws, e, l.reading()) {
			continue
		}
		if !marked && !sharesSurname(ws, e, l.reading()) && !besidePatientFields(d, i) {
			continue
		}
		if (len(found) > 0 && found[0].text != ws[0].text || slices.Contains(listRows, i)) && several == nil {
			several = &nameSeen{sure: lowCertainty, ocr: l.ocr, at: at}
		}
		if len(found) == 0 {
			someoneElse = &nameSeen{ocr: l.ocr, at: at}
		}
		found = append(found, ws[0])
		conf = min(conf, readCertainty(l.reading().of(ws).conf))
	}
	if several != nil {
		return nil, several
	}
	if someoneElse != nil {
		someoneElse.sure = conf
	}
	return someoneElse, nil
}

// businessBelow reports line i continued under it by a pharmacy's or a
// company's word ("Desert Bloom" over "Pharmacy #12", a cell's name
// wrapped): a business, not a person. Where the reader placed the lines,
// the line under it is the one whose box starts where it does within a
// line and a half; else the next line.
func businessBelow(d document, i int) bool {
	l := d.lines[i]
	for k := i + 1; k < len(d.lines) && k <= i+4; k++ {
		n := d.lines[k]
		if !l.box.IsZero() && !n.box.IsZero() {
			if n.page != l.page || math.Abs(n.box.Left-l.box.Left) > l.box.Height || n.box.Top < l.box.Top+l.box.Height/2 ||
				n.box.Top > l.box.Top+2.5*l.box.Height {
				continue
			}
		} else if k > i+1 {
			return false
		}
		if len(n.words) == 0 {
			return false
		}
		first := n.words[0].text
		_, pharmacyWord := pharmacyWords[first] // a generic word, not a chain's name that starts a line of its own
		return pharmacyWord || businessSuffixes[first]
	}
	return false
}

// specks reports a "name" of nothing but one- and two-letter words read
// poorly ("AE, O" from a glare-washed screen photo): OCR's noise, not a
// person ("LI, J" read well stays a name).
func specks(l docLine, ws []word) bool {
	return l.ocr && l.reading().of(ws).conf < fairlyRead && !slices.ContainsFunc(ws, func(w word) bool { return len(w.text) >= 3 })
}

// captionAbove reports a line that captions the next one ("Bill to:",
// "Prescriber"): a name under it is whoever it says, not the label's
// uncaptioned patient.
func captionAbove(l docLine) bool {
	return strings.HasSuffix(l.raw, ":") || (isPrescriberLine(l) && !hasDigit(l.norm))
}

// standaloneName reports a line that holds nothing but a name: two to four
// capitalised words of letters (a title and one comma aside) that no name
// lacks. marked reports a title in front (not "Dr": a doctor is not the
// patient) or the "SURNAME, Forename" order. What OCR made of specks
// at either end of the line is not part of it (withoutSpecks); at is where
// the name was read on the line.
func standaloneName(orig docLine) (ws []word, marked bool, at *spot, ok bool) {
	l, dropped := withoutSpecks(orig)
	ws, marked, ok = standaloneWords(l)
	if !ok {
		return nil, false, nil, false
	}
	// ws are words of l: where they were read is on the line as read.
	first := slices.IndexFunc(l.words, func(w word) bool { return w.start == ws[0].start })
	last := slices.IndexFunc(l.words, func(w word) bool { return w.start == ws[len(ws)-1].start })
	return ws, marked, spotOfWords(orig, orig.words[dropped+first:dropped+last+1]), true
}

// standaloneWords is standaloneName on a line without specks.
func standaloneWords(l docLine) (ws []word, marked, ok bool) {
	if len(l.words) < 2 || len(l.words) > 5 || isPrescriberLine(l) {
		return nil, false, false
	}
	for _, r := range l.raw {
		switch {
		case r == ' ' || r == ',' || r == '.' || isApostrophe(r) || isDash(r):
		case !isWordRune(r) || (r >= '0' && r <= '9'):
			return nil, false, false
		}
	}
	if strings.Count(l.raw, ",") > 1 {
		return nil, false, false
	}
	for k, w := range l.words {
		if titles[w.text] {
			if k != 0 || w.text == "dr" || w.text == "prof" {
				return nil, false, false
			}
			marked = true
			continue
		}
		ws = append(ws, w)
	}
	if len(ws) < 2 || len(ws) > 4 || !looksLikeName(ws) || !allCapitalised(ws) {
		return nil, false, false
	}
	if comma := strings.IndexByte(l.norm, ','); comma >= 0 {
		// "SURNAME, Forename": the comma follows the first name word.
		if comma < ws[0].end || comma > ws[len(ws)-1].start {
			return nil, false, false
		}
		marked = true
	}
	if placeLine(l, ws) {
		return nil, false, false
	}
	return ws, marked, true
}

// titledName finds a name behind a title (Mr, Mrs, Ms, Miss, Mx; not Dr
// or Prof: a doctor is not the patient) in a line that holds more than a
// name, as a label's row does ("Mr Stephen Carter   14/11/2026"): the two
// to four capitalised words of letters after the title, up to the first
// other word or mark between words. A title marks a person's name wherever
// it stands; the line search finds the lead's own name on such a row, and
// this finds another person's.
func titledName(l docLine) ([]word, bool) {
	if isPrescriberLine(l) {
		return nil, false
	}
	for k, t := range l.words {
		if !titles[t.text] || t.text == "dr" || t.text == "prof" {
			continue
		}
		var ws []word
		prev := t
		for _, w := range l.words[k+1:] {
			gap := strings.TrimSpace(l.norm[prev.end:w.start])
			if len(ws) == 4 || prev.commaAfter || gap != "" && !(len(ws) == 0 && gap == ".") ||
				!w.capital || hasDigit(w.text) || titles[w.text] || nameStopWords[w.text] {
				break
			}
			ws, prev = append(ws, w), w
		}
		if looksLikeName(ws) {
			return ws, true
		}
	}
	return nil, false
}

// titledWord is a person named by a title and one name alone ("Mr
// Gethin", the rest of the name read on another line: round 10, a sharps
// bin's label read through Textract): the capitalised word of three letters
// or more after a title (not Dr or Prof) that ends the line or stands
// before a mark or a word in lower case. It is another person where that
// word is none of the lead's names.
func titledWord(l docLine, e expectedName) ([]word, bool) {
	if isPrescriberLine(l) {
		return nil, false
	}
	for k, t := range l.words {
		if !titles[t.text] || t.text == "dr" || t.text == "prof" || k+1 >= len(l.words) {
			continue
		}
		w := withoutPossessive(l, l.words[k+1])
		if gap := strings.TrimSpace(l.norm[t.end:w.start]); gap != "" && gap != "." {
			continue
		}
		if !w.capital || len(w.text) < 3 || hasDigit(w.text) || titles[w.text] || nameStopWords[w.text] || isNonNameWord(w.text) {
			continue
		}
		if slices.ContainsFunc(append(slices.Clone(e.forename), e.surname...), func(n word) bool { return nameWordMatch(n, w, l.reading()) != noMatch }) {
			continue
		}
		if k+2 < len(l.words) {
			next := l.words[k+2]
			if next.capital && strings.TrimSpace(l.norm[w.end:next.start]) == "" {
				continue
			}
		}
		return []word{w}, true
	}
	return nil, false
}

// withoutSpecks is an OCR line without what OCR made of specks and edges
// (a shadow's seam, the paper's edge) at its ends: tokens with no letter or
// digit ("Miss Catherine Lewis : °") and, when the reader reported word
// confidences, words read below fairlyRead ("Miss Catherine Lewis ec").
// Two tokens at least stay, and the line's confidence is its words' mean
// when they all have one; a line not read by OCR is returned as it is. The
// int is how many of l's words were dropped at its start.
func withoutSpecks(l docLine) (docLine, int) {
	if !l.ocr {
		return l, 0
	}
	fields := strings.Fields(l.raw)
	counts := make([]int, len(fields)) // how many of l.words each field holds
	total := 0
	for i, f := range fields {
		_, fw := normalise(f)
		counts[i] = len(fw)
		total += len(fw)
	}
	if total != len(l.words) {
		return l, 0
	}
	// speck reports whether field i, whose words start at l.words[at], is one.
	speck := func(i, at int) bool {
		return !slices.ContainsFunc(l.words[at:at+counts[i]], func(w word) bool { return w.conf <= 0 || w.conf >= fairlyRead })
	}
	first, last := 0, len(fields) // the fields kept: fields[first:last]
	from, to := 0, len(l.words)   // and their words: l.words[from:to]
	for last-first > 2 && speck(last-1, to-counts[last-1]) {
		last--
		to -= counts[last]
	}
	for last-first > 2 && speck(first, from) {
		from += counts[first]
		first++
	}
	if first == 0 && last == len(fields) {
		return l, 0
	}
	kept := l.words[from:to]
	l.raw = strings.Join(fields[first:last], " ")
	l.norm, l.words = normalise(l.raw)
	sum := 0.0
	for i := range min(len(kept), len(l.words)) {
		l.words[i].conf = kept[i].conf
		sum += kept[i].conf
	}
	if len(kept) > 0 && !slices.ContainsFunc(kept, func(w word) bool { return w.conf <= 0 }) {
		// The line as read without them.
		l.conf = sum / float64(len(kept))
	}
	return l, from
}

// caPostcodeRe is a Canadian postal code ("S7L 0Z9").
var caPostcodeRe = lazyRE(`\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b`)

// wordsOfSpot are the words of the line read at, within it.
func wordsOfSpot(at *spot) []word {
	if at == nil {
		return nil
	}
	var ws []word
	for _, w := range at.line.words {
		if w.start >= at.from && w.end <= at.to {
			ws = append(ws, w)
		}
	}
	return ws
}

// commaOrdered reports a name read at, written "SURNAME, Forename".
func commaOrdered(at *spot) bool {
	return at != nil && strings.Contains(at.line.norm[at.from:at.to], ",")
}

// postcodeTowns are the words just before a UK postcode or a US state and
// ZIP code on d's lines ("Kendal" of "4 Alder Bank, Kendal LA9 9ZZ"): the
// page's towns. A "Word, Word" line ending with one is a street and its
// town, no "SURNAME, Forename" (unseen79's emergency supply register, round
// 21, where a patient's address line "Stricklandgate, Kendal" was taken for
// another person's name on the lead's page).
func postcodeTowns(d document) map[string]bool {
	towns := map[string]bool{}
	for _, l := range d.lines {
		for _, re := range []*lazyRegexp{ukPostcodeRe, usStateZipRe, caPostcodeRe} {
			for _, loc := range re.FindAllStringIndex(l.raw, -1) {
				if before := strings.Fields(l.raw[:loc[0]]); len(before) > 0 {
					towns[strings.ToLower(strings.Trim(before[len(before)-1], ".,;:"))] = true
				}
			}
		}
	}
	return towns
}

// placeLine reports a line that names a place, not a person: a US city and
// its state code in capitals ("CHICAGO, IL", "SPRINGFIELD IL"), a Canadian
// city, its province and the country ("Saskatoon SK, Canada"), or a town
// and its county or nation ("Leeds, West Yorkshire").
func placeLine(l docLine, ws []word) bool {
	fields := strings.Fields(l.raw)
	lastRaw := strings.TrimRight(fields[len(fields)-1], ".,;")
	if usStates[ws[len(ws)-1].text] && lastRaw == strings.ToUpper(lastRaw) {
		return true
	}
	if k := len(ws) - 2; k >= 1 && caProvinces[ws[k].text] && ws[len(ws)-1].text == "canada" {
		return true // "Saskatoon SK, Canada"
	}
	return slices.ContainsFunc(ws[1:], func(w word) bool { return ukRegions[w.text] })
}

// ukRegions are UK nations and counties a town line names after the town.
var ukRegions = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(`england scotland wales yorkshire lancashire cheshire derbyshire nottinghamshire
		lincolnshire leicestershire warwickshire staffordshire shropshire worcestershire gloucestershire oxfordshire
		buckinghamshire bedfordshire hertfordshire cambridgeshire northamptonshire wiltshire hampshire berkshire
		somerset dorset devon cornwall essex kent surrey sussex suffolk norfolk cumbria northumberland durham merseyside
		midlands tyne wear glamorgan gwent powys gwynedd dyfed lanarkshire ayrshire fife lothian antrim`) {
		m[c] = true
	}
	return m
}()

// caProvinces are Canada's province and territory codes.
var caProvinces = map[string]bool{"ab": true, "bc": true, "mb": true, "nb": true, "nl": true, "ns": true, "nt": true, "nu": true, "on": true, "pe": true, "qc": true, "sk": true, "yt": true}

// usStates are the US state and territory codes a city line ends with.
var usStates = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(`al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt
		ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy pr gu vi as mp`) {
		m[c] = true
	}
	return m
}()

// sharesSurname reports a name that holds every word of the lead's surname:
// a relative's, when its forename is not the lead's.
func sharesSurname(ws []word, e expectedName, r nameReading) bool {
	for _, s := range e.surname {
		if !slices.ContainsFunc(ws, func(w word) bool { return nameWordMatch(s, w, r) >= ocrMatch }) {
			return false
		}
	}
	return true
}

// besidePatientFields reports whether the line above or below line i holds
// the details a label prints beside the patient's name.
func besidePatientFields(d document, i int) bool {
	for _, k := range []int{i - 1, i + 1} {
		if k >= 0 && k < len(d.lines) && hasDigit(d.lines[k].norm) && patientFieldWords.any(d.lines[k].words) {
			return true
		}
	}
	return false
}

// searchName looks for the expected name in a window around each word of
// the line that matches a surname word. titled reports a title (Mrs, Mr)
// in front of the name found, which marks it as a person's name; conf is
// how well its words were read, and at where they were.
func searchName(l docLine, e expectedName) (outcome nameOutcome, level matchLevel, titled bool, conf float64, at *spot) {
	if !slices.ContainsFunc(l.words, func(w word) bool {
		return nameWordMatch(e.surname[0], withoutPossessive(l, w), l.reading()) != noMatch
	}) {
		return nameAbsent, noMatch, false, 0, nil
	}
	ws, afterTitle := nameSearchWords(l)
	for i, w := range ws {
		if nameWordMatch(e.surname[0], w, l.reading()) == noMatch {
			continue
		}
		// Forenames come just before the surname, or just after it in
		// "SMITH, Jane Mary". The lead's forenames just before it are
		// tried first: in "DANA WHITCOMBE JONAH WHITCOMBE" (three
		// columns' names run together) "WHITCOMBE JONAH" is no swap.
		lo, hi := max(0, i-3), min(len(ws), i+len(e.surname)+2)
		if k := i - len(e.forename); k >= 0 && i+len(e.surname) <= len(ws) {
			if o, _, _ := matchName(ws[k:i+len(e.surname)], e, l.reading()); o == nameFull {
				lo, hi = k, i+len(e.surname)
			}
		}
		o, lv, used := matchName(ws[lo:hi], e, l.reading())
		if o == nameOther || o == nameFull && streetAddress(ws, i-len(e.forename), i+len(e.surname)-1) {
			continue
		}
		if better(o, outcome) || (o == outcome && lv > level) {
			outcome, level = o, lv
			conf = l.reading().of(ws[lo:hi]).conf
			titled = false
			for k := lo; k < hi; k++ {
				titled = titled || afterTitle[k]
			}
			at = spotOfWords(l, usedWords(ws[lo:hi], used))
		}
	}
	return outcome, level, titled, conf, at
}

// streetAddress reports the words ws[first:last+1] as a street's name, not
// a person's: a house number just before them and a street's type as the
// last ("14 Ivy Lane" on a delivery note for the lead Ivy Lane, unseen49).
// A longer number before a name is a record's (an Rx number), no house's.
func streetAddress(ws []word, first, last int) bool {
	if first < 1 || last >= len(ws) || !streetTypes[ws[last].text] {
		return false
	}
	return houseNumberRe.MatchString(ws[first-1].text)
}

// streetTypes end a street's name.
var streetTypes = map[string]bool{
	"street": true, "st": true, "road": true, "rd": true, "lane": true, "ln": true, "avenue": true, "ave": true,
	"close": true, "drive": true, "dr": true, "way": true, "court": true, "ct": true, "place": true, "pl": true,
	"crescent": true, "terrace": true, "gardens": true, "grove": true, "hill": true, "row": true, "walk": true,
	"boulevard": true, "blvd": true, "parkway": true, "square": true, "mews": true, "rise": true, "green": true,
	"park": true, "circle": true, "trail": true, "view": true, "gate": true, "hollow": true, "wharf": true,
}

// houseNumberRe is a house's number: up to four digits, maybe a letter.
var houseNumberRe = lazyRE(`^[0-9]{1,4}[a-z]?$`)

// nameSearchWords are the words of l a name may be made of (not titles, not
// e-mail addresses), and for each whether a title (not Dr or Prof) stood
// just before it.
func nameSearchWords(l docLine) (ws []word, afterTitle []bool) {
	norm := l.norm
	if strings.Contains(norm, "@") {
		norm = emailRe.ReplaceAllStringFunc(norm, func(s string) string { return strings.Repeat(" ", len(s)) })
	}
	ws = make([]word, 0, len(l.words))
	afterTitle = make([]bool, 0, len(l.words))
	prevTitle := false
	for _, w := range l.words {
		if strings.TrimSpace(norm[w.start:w.end]) == "" {
			continue
		}
		if titles[w.text] {
			prevTitle = w.text != "dr" && w.text != "prof"
			continue
		}
		ws = append(ws, withoutPossessive(l, w))
		afterTitle = append(afterTitle, prevTitle)
		prevTitle = false
	}
	return ws, afterTitle
}

// withoutPossessive is w, a word of l, less a possessive 's ("DARNELL
// WHITACRE's prescription": unseen42's refill postcard, round 15, where
// the patient's name went unmatched and the account holder's was taken).
func withoutPossessive(l docLine, w word) word {
	if strings.HasSuffix(l.norm[w.start:w.end], "'s") && len(w.text) > 2 {
		w.text = strings.TrimSuffix(w.text, "s")
		w.ocr, w.lower = ocrForm(w.text), w.text
	}
	return w
}

// usedWords is the run of ws from the first used word to the last (all of
// ws when none was).
func usedWords(ws []word, used []bool) []word {
	first, last := slices.Index(used, true), -1
	for k := range used {
		if used[k] {
			last = k
		}
	}
	if first < 0 {
		return ws
	}
	return ws[first : last+1]
}

// roleNameTexts is the names of people the page gives another role
// (wordsText of each).
func roleNameTexts(roles []roleName) map[string]bool {
	out := make(map[string]bool, len(roles))
	for _, r := range roles {
		out[wordsText(r.words)] = true
		if n := len(r.words); n >= 2 && r.words[0].text != "" {
			// "D. Kinsella" in a statement's heading box for "Declan
			// Kinsella", the statement's maker (unseen170, round 32).
			out[r.words[0].text[:1]+" "+strings.Trim(r.words[n-1].text, ",.")] = true
		}
	}
	return out
}

// wordsText is words' texts joined by spaces, titles and commas aside:
// "RAYMOND CASTELLANO" and "Mr Raymond Castellano" alike.
func wordsText(ws []word) string {
	var parts []string
	for _, w := range ws {
		if t := strings.Trim(w.text, ",."); t != "" && !titles[t] {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, " ")
}
