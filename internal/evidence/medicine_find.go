// Finding the medicines a document names, in the table and outside it.

package evidence

import (
	_ "embed"
	"slices"
	"strings"
)

// medicineMention is a medicine of the table named on a line.
type medicineMention struct {
	line  int
	entry *medicineEntry
	brand int
	// name is the table's spelling that matched ("phentermine").
	name  string
	level matchLevel
	conf  float64
	// start and end are the word's byte offsets in the line's norm.
	start, end int
	// unlisted: a medicine that is not in the table (unlistedMentions);
	// dosed: its line gives a dose, which makes it certain.
	unlisted, dosed bool
}

func findMedicineMentions(d document) []medicineMention {
	perLine := make([][]medicineMention, len(d.lines))
	for i, l := range d.lines {
		perLine[i] = lineMentions(l, i)
	}
	// A combination may be spelled out over two lines ("Phentermine and" /
	// "topiramate ER 7.5 mg/46 mg").
	for i := range perLine {
		for j, m := range perLine[i] {
			if m.brand != componentName {
				continue
			}
			for _, k := range []int{i - 1, i + 1} {
				if k < 0 || k >= len(perLine) {
					continue
				}
				c, ok := combinationOf(append(slices.Clone(perLine[i]), perLine[k]...), m)
				if !ok {
					continue
				}
				perLine[i][j] = c
				perLine[k] = slices.DeleteFunc(perLine[k], func(o medicineMention) bool {
					return o.brand == -1 && slices.Contains(c.entry.components, o.name)
				})
				break
			}
		}
	}
	var all []medicineMention
	noSupply := suppliesNone(d, perLine)
	for i, ms := range perLine {
		for _, m := range ms {
			if m.brand != componentName && !slices.ContainsFunc(noSupply, func(held mentionTest) bool { return held(i, m) }) {
				all = append(all, m)
			}
		}
		all = append(all, unlistedMentions(d.lines[i], i, ms)...)
	}
	return all
}

// mentionTest tests the mention m on line i of a document.
type mentionTest func(i int, m medicineMention) bool

// suppliesNone are the places where a page names a medicine without
// supplying it; findMedicineMentions leaves out a mention any of them
// holds. perLine are the mentions on each line of d.
func suppliesNone(d document, perLine [][]medicineMention) []mentionTest {
	adverts := advertLines(d)
	panels := suggestionPanels(d)
	replaced := replacedOrders(d, perLine)
	rejected := rejectedClaims(d, perLine)
	denied := deniedMedicines(d, perLine)
	placebo := receivedPlacebo(d)
	advice := missedDoseAdvice(d)
	return []mentionTest{
		// a leaflet's advice on missed doses ("Mounjaro: within 4 days of
		// the missed day, otherwise skip it")
		func(i int, _ medicineMention) bool { return advice[i] },
		// a trial's blinded treatment ("Semaglutide 2.4 mg or Placebo"), or
		// any on a page that says the patient's was placebo
		func(i int, m medicineMention) bool { return placebo || blinded(d.lines[i].norm, m) },
		// a medicine the page says it holds no prescription of, named on an
		// undated line ("I don't see a Wegovy prescription on your account")
		func(i int, m medicineMention) bool {
			return denied[m.entry.generic] && len(findDates(d.lines[i].numberText())) == 0
		},
		// a note on a row that its medicine gave way to another ("switched to Wegovy")
		func(i int, m medicineMention) bool { return switchedTo(d.lines[i], m, perLine[i]) },
		// a switch still to come ("I can switch to Zepbound after this visit")
		func(i int, m medicineMention) bool { return plannedSwitchRe.MatchString(d.lines[i].norm[:m.start]) },
		// an example's ("a weekly injection such as Wegovy or Mounjaro")
		func(i int, m medicineMention) bool { return exampleRe.MatchString(d.lines[i].norm[:m.start]) },
		// a product's list of what it fits ("Suitable for pen boxes of
		// Saxenda, Wegovy, Ozempic and Mounjaro")
		func(i int, m medicineMention) bool { return productFits(d, i, m) },
		// a question's ("Do I stop the Saxenda before my first Zepbound shot?")
		func(i int, m medicineMention) bool { return inQuestion(d.lines[i].norm, m) },
		// another person's, sent by mistake ("a Wegovy 2.4mg FlexTouch pen
		// that was meant for another customer")
		func(i int, m medicineMention) bool { return meantForAnother(d, i, m) },
		// a substance checker's look-up ("Wegovy" ... "No - checked only, not taken")
		func(i int, _ medicineMention) bool { return checkedOnly(d, i) },
		// a product that says it is not the medicine ("food supplement,
		// does not contain semaglutide")
		func(i int, m medicineMention) bool { return notContainedRe.MatchString(d.lines[i].norm[:m.start]) },
		// a comparison's ("Typical: Saxenda 3 mg (published trial average)")
		func(i int, m medicineMention) bool { return comparedRe.MatchString(d.lines[i].norm) },
		// a pharmacy's or a maker's advert
		func(i int, _ medicineMention) bool { return adverts[i] },
		// a warning's or an interaction's medicine ("do not take with ...")
		func(i int, m medicineMention) bool { return inWarning(d, i, m.start) },
		// what an order asked for when another medicine was supplied instead
		func(i int, _ medicineMention) bool { return replaced[i] },
		// a medicine refused, declined or not supplied
		func(i int, m medicineMention) bool { return refusedMention(d, i, m.start) },
		// what another product is used with ("after your Mounjaro injection")
		func(i int, m medicineMention) bool { return usedWith(d.lines[i], m) },
		// a shop's panel of suggestions beside an order ("Customers also bought")
		func(i int, m medicineMention) bool { return inPanelUnder(d, panels, i, m) },
		// a claim turned down ("MOUNJARO 5 MG/0.5 ML PEN  Rejected: step therapy")
		func(i int, _ medicineMention) bool { return rejected[i] },
	}
}

// Words that say a page holds no prescription of the medicine between
// them ("I don't see a Wegovy prescription on your account", "no Mounjaro
// prescription on file").
var (
	noneBeforeRe = lazyRE(`(?:\b(?:don'?t|do\s+not|can'?t|cannot|could\s+not|couldn'?t)\s+(?:see|find|locate)\s+(?:a|an|any)|\bno)\s*$`)
	noneAfterRe  = lazyRE(`^\s*(?:prescription|prescriptions|order|orders|rx|refill|refills)\b`)
	// insteadOfRe ends the words before a medicine another was given in
	// place of ("Your GP has prescribed Mounjaro instead of Ozempic").
	insteadOfRe = lazyRE(`\b(?:instead\s+of|in\s+place\s+of|rather\s+than)\s*$`)
)

// deniedMedicines are the generics the page says it holds no prescription
// or order of, on the line that names them: a pharmacy's assistant saying
// so ("I don't see a Wegovy prescription on your account", after "I found
// 1 recent prescription order on your account: Saxenda ... Filled: Nov
// 17"; unseen119's chat with a pharmacy's virtual assistant, round 25,
// where the patient's own "My doctor switched me to Wegovy 2.4 last week"
// then rated the requested Wegovy named and the Saxenda fill its date,
// false accepts at first measure on 3 uploads, both readers). The page's
// other undated mentions of it are a patient's words, no supply. So too a
// medicine the page says another was given instead of ("Your GP has
// prescribed Mounjaro instead of Ozempic", after "Ozempic 1mg pens are out
// of stock" under the subject "Your prescription: Ozempic 1mg pens";
// unseen129's pharmacy message centre, round 26, where the Ozempic was
// rated supplied, its strength and the Mounjaro's day with it, false
// accepts at first measure, both readers).
func deniedMedicines(d document, perLine [][]medicineMention) map[string]bool {
	var out map[string]bool
	for i, ms := range perLine {
		for _, m := range ms {
			l := d.lines[i].norm
			if noneBeforeRe.MatchString(l[:m.start]) && noneAfterRe.MatchString(l[m.end:]) || insteadOfRe.MatchString(l[:m.start]) {
				if out == nil {
					out = map[string]bool{}
				}
				out[m.entry.generic] = true
			}
		}
	}
	return out
}

// rejectedWords say a claim for a medicine was turned down (or may be
// appealed), claimPaidWords that one was paid or supplied; resultFirstRe is
// a line that opens with a rejection.
var (
	rejectedWords = newPhraseSet(map[bool][]string{true: {
		"rejected", "claim rejected", "denied", "claim denied", "not covered", "not approved",
		"appeal this decision", "appeal the decision",
	}})
	claimPaidWords = newPhraseSet(map[bool][]string{true: {"paid", "filled", "dispensed", "supplied", "approved"}})
	resultFirstRe  = lazyRE(`^\W*(?:claim\s+)?(?:rejected|denied)\b`)
)

// rejectedClaims are the lines of the records (mentionRecords: a claims
// table's rows, a letter's sentences) that say a claim for their medicine
// was turned down and say nothing of a payment or a supply: a pharmacy
// benefit manager's step therapy letter, "Your pharmacy sent us a claim
// for Mounjaro ... the claim was not covered" over its table of what
// happened at the pharmacy, "MOUNJARO 5 MG/0.5 ML PEN  Rejected: step
// therapy" then "OZEMPIC 0.5 MG DOSE PEN  Paid: filled" (unseen100, round
// 23, where the rejected Mounjaro was rated the medicine and its claim's
// date the dispensing date, false accepts at first measure on 4 uploads).
// A line that opens with the rejection and names no medicine, between a
// line that names none and a record's first line, is that record's (a
// row's result cell read first).
func rejectedClaims(d document, perLine [][]medicineMention) map[int]bool {
	var ms []medicineMention
	for _, l := range perLine {
		ms = append(ms, l...)
	}
	recs := mentionRecords(d, ms)
	rejected, paid := map[int]bool{}, map[int]bool{}
	for k, r := range recs {
		owner := r
		if k+1 < len(recs) && recs[k+1] != r && len(perLine[k]) == 0 && (k == 0 || len(perLine[k-1]) == 0) && resultFirstRe.MatchString(d.lines[k].norm) {
			owner = recs[k+1]
		}
		if owner < 0 {
			continue
		}
		// A line that turns a claim down says no payment ("was not
		// approved"), whatever else it says.
		no := rejectedWords.any(d.lines[k].words)
		rejected[owner] = rejected[owner] || no
		paid[owner] = paid[owner] || !no && claimPaidWords.any(d.lines[k].words)
	}
	out := map[int]bool{}
	for k, r := range recs {
		if r >= 0 && rejected[r] && !paid[r] {
			out[k] = true
		}
	}
	return out
}

// usedWithBeforeRe and usedWithAfterRe are the words around a medicine
// that another product is used with: "if you feel sick after your Mounjaro
// injection" on an anti-sickness tablets' label, "needles for your Wegovy
// pen".
var (
	usedWithBeforeRe = lazyRE(`\b(?:after|before|for|with)\s+(?:your|each|every)\s+$`)
	usedWithAfterRe  = lazyRE(`^\s*(?:injections?|pens?|doses?|jabs?)\b`)
)

// plannedSwitchRe ends the words before a medicine the patient is still to
// move to ("Dr. Okonjo's office said I can switch to Zepbound, starting at
// 2.5 mg after this visit", a patient's own summary for a visit above the
// label of her current Saxenda; unseen139, round 27, Zepbound rated
// supplied at the strength to start, the Saxenda's fill its date, false
// accepts at first measure, both readers): no supply of it yet. A switch
// made ("switched to") is switchedTo's.
var plannedSwitchRe = lazyRE(`\b(?:can|could|will|may|might|should|going\s+to|plan(?:ning)?\s+to|want\s+to|would\s+like\s+to|hop(?:e|ing)\s+to|about\s+to|ask(?:ing)?\s+(?:about|to)|thinking\s+(?:about|of))\s+(?:switch(?:ing)?|chang(?:e|ing)|mov(?:e|ing)|go(?:ing)?)\s+(?:over\s+)?to\s+(?:the\s+)?$`)

// A clinical trial's treatment is blinded: a kit says "Semaglutide 2.4 mg
// or Placebo" and no one knows which the participant got; an unblinding
// letter says "Your study treatment was: PLACEBO" beside "the study
// compared semaglutide 2.4 mg given once a week with placebo" (unseen138,
// round 27: the kit's semaglutide and its strength rated supplied on 3
// uploads, the letter's medicine, strength and own date on 3, both
// readers). Neither names a supply of the medicine.
var (
	// placeboAfterRe follows a blinded medicine (its strength between, in
	// the same sentence: a decimal point ends none). A word of a column
	// beside it may come between "or" and "placebo", as Textract
	// interleaves a wallet card's cells ("semaglutide injection, 2.4 mg or
	// once placebo weekly"; unseen178, round 32, a false accept at first
	// measure).
	placeboAfterRe = lazyRE(`^(?:[^.;!?]|\.\d){0,40}?\b(?:or|vs\.?|versus|with|and)\s+(?:[a-z]+\s+){0,2}placebo\b|^\s*/\s*placebo\b`)
	// placeboBeforeRe comes before one.
	placeboBeforeRe = lazyRE(`\bplacebo\s*(?:or|/|vs\.?|versus)\s*$`)
	// placeboGotRe says the participant's treatment was placebo, on its
	// line or with "placebo" opening the next (placeboNextRe).
	placeboGotRe  = lazyRE(`\b(?:treatment|you)\s+(?:was|were|received|got|had)\s*:?\s*(?:the\s+|a\s+)?placebo\b|\b(?:allocated|assigned|randomi[sz]ed)\s+to\s+(?:the\s+)?placebo\b`)
	placeboNextRe = lazyRE(`\b(?:treatment|you)\s+(?:was|were|received|got|had)\s*:?\s*$`)
)

// blinded reports a mention of a trial's blinded treatment.
func blinded(norm string, m medicineMention) bool {
	return placeboAfterRe.MatchString(norm[m.end:]) || placeboBeforeRe.MatchString(norm[:m.start])
}

// receivedPlacebo reports a page that says the participant was given
// placebo.
func receivedPlacebo(d document) bool {
	for i, l := range d.lines {
		if placeboGotRe.MatchString(l.norm) {
			return true
		}
		if i+1 < len(d.lines) && placeboNextRe.MatchString(l.norm) && strings.HasPrefix(strings.TrimLeft(d.lines[i+1].norm, " *-:"), "placebo") {
			return true
		}
	}
	return false
}

// exampleRe ends the words before a medicine given as an example of what
// may be offered ("you may be offered a weekly injection such as Wegovy or
// Mounjaro" in an insurer's welcome to its weight programme; unseen142,
// round 27, Wegovy rated supplied on 3 uploads, both readers), the first
// of two or the second.
var exampleRe = lazyRE(`\b(?:such\s+as|for\s+example|for\s+instance|e\.?\s?g\.?,?)\s+(?:[a-z]+\s+(?:or|and)\s+)?$`)

// productFitsRe ends the words before a medicine in a product's list of
// what it fits or may be used with, in the same sentence.
var productFitsRe = lazyRE(`\b(?:suitable\s+for|compatible\s+with|designed\s+for|works\s+with|fits|for\s+use\s+with)\b[^.;!?]{0,80}$`)

// productFits reports a mention in a product's list of the medicines it
// fits (a travel cool bag's "Suitable for pen boxes of Saxenda," over
// "Wegovy, Ozempic and Mounjaro and most insulin pens" beside the
// patient's Saxenda label; unseen179, round 32, Wegovy rated supplied, a
// false accept at first measure, both readers): the sentence may begin on
// the line before, in that line's first cell.
func productFits(d document, i int, m medicineMention) bool {
	before := d.lines[i].norm[:m.start]
	if i > 0 && d.lines[i-1].page == d.lines[i].page && continuesSentence(d.lines[i-1]) {
		// Its first cell: Textract may have run the label beside it into
		// the line after a bar ("Suitable for pen boxes of Saxenda, |
		// 01632 Oakmere 960915 Pharmacy, ...").
		prev, _, _ := strings.Cut(d.lines[i-1].raw, "|")
		before = strings.ToLower(prev) + " " + before
	}
	return productFitsRe.MatchString(before)
}

// inQuestion reports a mention in a sentence that asks (the first full
// stop, exclamation or question mark after it is a question mark, on its
// line, within its cell, not a caption's "?:"): a patient's question
// about a medicine is no supply of it
// ("Do I stop the Saxenda the day before my first Zepbound shot?" in the
// same summary; unseen139, round 27).
func inQuestion(norm string, m medicineMention) bool {
	rest := norm[m.end:]
	// A table's cell ends the sentence ("still taking?:" is a column's
	// caption, laid beside the row's medicine by reflowTables).
	if c := strings.Index(rest, "  "); c >= 0 {
		rest = rest[:c]
	}
	rest = strings.TrimRight(rest, " :")
	k := strings.IndexAny(rest, ".!?")
	// A decimal point ("2.5 mg") ends no sentence.
	for k >= 0 && rest[k] == '.' && k+1 < len(rest) && rest[k+1] >= '0' && rest[k+1] <= '9' {
		next := strings.IndexAny(rest[k+1:], ".!?")
		if next < 0 {
			return false
		}
		k += 1 + next
	}
	return k >= 0 && rest[k] == '?' && !strings.HasPrefix(strings.TrimLeft(rest[k+1:], " "), ":")
}

// meantForAnotherRe is what a sentence says after a medicine that was
// another person's: "(that was) meant for another customer", "intended
// for a different patient", "belonging to another member".
var meantForAnotherRe = lazyRE(`^(?:[^.!?]|\.\d)*?\b(?:meant|intended|labell?ed|prescribed|dispensed|packed)\s+for\s+(?:another|a\s+different|someone\s+else|the\s+other)\b|^(?:[^.!?]|\.\d)*?\bbelong(?:s|ed|ing)?\s+to\s+(?:another|a\s+different|someone\s+else|the\s+other)\b`)

// meantForAnother reports a mention of a medicine the sentence after it
// says was another person's, sent or handed to the patient by mistake ("The
// parcel you received ... contained a Wegovy 2.4mg" over "FlexTouch pen
// that was meant for another customer. ... Please do not use it"; unseen144's
// pharmacy e-mail, round 28, where the other customer's medicine, its
// strength and the patient's own replacement's dispensing date were rated
// as the requested supply, false accepts at first measure on both
// readers): no supply of it to the patient. The sentence runs on to the
// next line, in the same column, when nothing ends it before.
func meantForAnother(d document, i int, m medicineMention) bool {
	rest := d.lines[i].norm[m.end:]
	if !sentenceEndRe.MatchString(rest) && i+1 < len(d.lines) && d.lines[i+1].page == d.lines[i].page &&
		(d.lines[i].box.IsZero() || d.lines[i+1].box.IsZero() || spansOver(d.lines[i], d.lines[i+1])) {
		rest += " " + d.lines[i+1].norm
	}
	return meantForAnotherRe.MatchString(rest)
}

// notContainedRe ends the words before a medicine that a product does not
// contain it ("SEMA-LITE 5 GLP SUPPORT 60 CAPS" over "food supplement, does
// not contain semaglutide or any medicine" on a health-food shop's receipt;
// unseen151, round 29, where the footnote's semaglutide was rated the
// requested Wegovy, a false accept at first measure on 3 uploads, each
// reader).
var notContainedRe = lazyRE(`\b(?:(?:does|do|did)\s+not|doesn'?t|don'?t)\s+contain(?:s)?\s+(?:any\s+)?$|\b(?:contains?|containing)\s+no\s+$|\b(?:free\s+from|free\s+of)\s+$`)

// comparedRe says a line names a medicine as what others typically get,
// for comparison with the patient's ("Typical: Saxenda 3 mg (published
// trial average)" in a progress chart's legend, under "You (Wegovy 1
// mg)"; unseen164, round 30, where the requested Saxenda was rated the
// patient's, a false accept at first measure, each reader).
var comparedRe = lazyRE(`^\s*typical\s*:|\b(?:published\s+)?trial\s+average\b|\bfor\s+comparison\b|\bcompared\s+with\s+(?:people|patients|others)\b`)

// checkedOnlyRe says a medicine was looked up, not taken.
var checkedOnlyRe = lazyRE(`\b(?:checked|looked\s+up|searched)\s+only\b`)

// checkedOnly reports a medicine named on line i that the page says was
// only looked up, on its line or the two after it ("Wegovy" over
// "semaglutide - permitted in and out of competition No - checked only, not"
// on a sports federation's substance check; unseen147, round 28, where the
// looked-up Wegovy was rated the medicine, a false accept at first measure):
// no supply.
func checkedOnly(d document, i int) bool {
	for k := i; k < min(len(d.lines), i+3) && d.lines[k].page == d.lines[i].page; k++ {
		if checkedOnlyRe.MatchString(d.lines[k].norm) {
			return true
		}
	}
	return false
}

// usedWith reports a mention of a medicine as what another product is used
// with ("Take ONE tablet ... if you feel sick after your Mounjaro
// injection" on a label of ondansetron tablets; unseen92, round 22, where
// the tablets' label rated Mounjaro the medicine and their fill its
// dispensing date, false accepts at first measure on 3 uploads): no
// supply of it. A page that supplies the medicine names it otherwise too.
func usedWith(l docLine, m medicineMention) bool {
	return usedWithBeforeRe.MatchString(l.norm[:m.start]) && usedWithAfterRe.MatchString(l.norm[m.end:])
}

// orderedRe starts a line with what was ordered or asked for, suppliedInsteadRe
// one with what was supplied instead.
var (
	orderedRe         = lazyRE(`^\W*(?:originally\s+)?(?:ordered|requested|you\s+ordered|item\s+ordered)\s*:`)
	suppliedInsteadRe = lazyRE(`^\W*(?:supplied|dispensed|sent|substituted|replaced\s+(?:by|with)|what\s+we\s+(?:sent|supplied|gave\s+you))\s*:`)
)

// replacedOrders are the lines that say what an order asked for where a
// line within the next three says another medicine was supplied in its
// place ("Ordered: Wegovy 1mg FlexTouch pen x1" over "Supplied: Mounjaro
// 5mg KwikPen x1 - switched by our prescriber"; unseen87, round 21, where
// the order's Wegovy was rated supplied, its dose and the supply's date
// with it, false accepts at first measure): the medicine ordered is none
// the page supplies. Only another substance: a brand for a brand of the
// same one is a substitution of one medicine.
func replacedOrders(d document, perLine [][]medicineMention) map[int]bool {
	var out map[int]bool
	for i, l := range d.lines {
		if len(perLine[i]) == 0 || !orderedRe.MatchString(l.norm) {
			continue
		}
		for k := i + 1; k < len(d.lines) && k <= i+3; k++ {
			if !suppliedInsteadRe.MatchString(d.lines[k].norm) || len(perLine[k]) == 0 {
				continue
			}
			if !slices.ContainsFunc(perLine[k], func(s medicineMention) bool {
				return slices.ContainsFunc(perLine[i], func(o medicineMention) bool { return o.entry == s.entry })
			}) {
				if out == nil {
					out = map[int]bool{}
				}
				out[i] = true
			}
			break
		}
	}
	return out
}

// switchWords say a line's medicine gave way to the one after them
// ("Mounjaro 5mg ... Treatment stopped at your request; switched to
// Wegovy"): that mention is a note on the line's own medicine's row, not a
// row of its own.
var switchWords = []string{"switched to", "switching to", "changed to", "replaced by", "replaced with", "moved to"}

// switchedTo reports mention m of line l named after a switch word, with
// another medicine named before it on the line.
func switchedTo(l docLine, m medicineMention, ms []medicineMention) bool {
	before := strings.TrimSpace(l.norm[:m.start])
	if !slices.ContainsFunc(switchWords, func(w string) bool { return strings.HasSuffix(before, w) }) {
		return false
	}
	return slices.ContainsFunc(ms, func(o medicineMention) bool { return o.start < m.start && o.entry != m.entry })
}

// A medicine named in a warning ("DO NOT USE WITH OTHER GLP-1 MEDICINES
// SUCH AS OZEMPIC" on a Mounjaro label) or an advert ("ADVERTISEMENT",
// "Switch to Mounjaro from £129 ... now in stock" under a Wegovy dispatch
// e-mail) is not one the page supplies: both rated the requested medicine
// valid, and the other medicine's fill its dispensing date (unseen45,
// round 15, false accepts at first measure). Such mentions are not
// mentions.
var (
	// warningRe ends a sentence's words before a medicine that the
	// sentence warns against using with another.
	warningRe = lazyRE(`(?:\b(?:do\s+not|don'?t|never|should\s+not|must\s+not|not\s+to)\s+(?:be\s+)?(?:use|used|take|taken|combine|combined|inject|mix|mixed)\b|\bavoid\b).*\bwith\b|\binteract(?:s|ions?)?\s+with\b`)
	// sentenceEndRe ends a sentence: a full stop, not a decimal point.
	sentenceEndRe = lazyRE(`[.!?](?:\s|$)`)
	// advertHeadingRe is a line of nothing but an advert's or a sponsor's
	// mark; advertRe what an advert's own lines say.
	advertHeadingRe = lazyRE(`^\W*(?:advertisement|advertisements|advert|advertising|sponsored|sponsored content|promoted|promotion|promotional)\W*$`)
	advertRe        = lazyRE(`\bnow\s+in\s+stock\b|\boffer\s+ends\b|\bfrom\s+[£$€]\s?\d|\b\d{1,2}\s?%\s+off\b|\b(?:shop|buy|order)\s+now\b|\bfind\s+out\s+more\b|\blearn\s+more\b|\bsponsored\b|` + upsellRe)
	// upsellRe is what a box's or an order's offer of more says ("Add
	// Zepbound to your next box" over "Ask about weight care: Zepbound 2.5
	// mg starter pens, if your provider approves. Not included in this box."
	// on a men's health subscription's packing slip; unseen183, round 33,
	// the offer rated the supply on 3 uploads each reader, false accepts at
	// first measure).
	upsellRe = `\badd\s+(?:\S+\s+){1,3}to\s+your\s+(?:next\s+)?(?:box|order|basket|cart|delivery|subscription|plan)\b|\bask\s+(?:us\s+)?about\b|` +
		`\bif\s+your\s+(?:provider|doctor|prescriber|clinician|gp)\s+approves\b|\bnot\s+included\s+in\s+(?:this|your)\s+(?:box|order|parcel|delivery|package|shipment)\b`
)

// advertLines are the lines of an advert: the four lines under an
// advert's heading, and any line that says what adverts say.
func advertLines(d document) map[int]bool {
	var out map[int]bool
	mark := func(k int) {
		if out == nil {
			out = map[int]bool{}
		}
		out[k] = true
	}
	for i, l := range d.lines {
		if advertRe.MatchString(l.norm) {
			mark(i)
		}
		if advertHeadingRe.MatchString(l.norm) {
			for k := i + 1; k < len(d.lines) && k <= i+4; k++ {
				mark(k)
			}
		}
	}
	return out
}

// missedDoseHeadingRe heads a leaflet's or a card's advice on missed doses.
// Not a form's caption ("Missed doses" over "None" on a dose review whose
// supply is further down; unseen98).
var missedDoseHeadingRe = lazyRE(`^\W*(?:if\s+you\s+(?:miss|forget)\s+(?:a|your|to\s+take\s+a|to\s+take\s+your)\s+(?:dose|injection)|what\s+to\s+do\s+if\s+you\s+miss\s+a\s+dose)\W*$`)

// missedDoseLines is how far a missed dose's advice runs under its heading,
// a table's cells a line each as Textract reads them.
const missedDoseLines = 40

// missedDoseAdvice are the lines under a heading of advice on missed doses
// ("If you miss a dose" over a table, "Ozempic: within 5 days of the
// missed day", "Mounjaro (tirzepatide): within 4 days ... otherwise skip
// it", on a pharmacy's leaflet whose Ozempic label is stuck above;
// unseen184, round 33, Mounjaro rated supplied with the label's date, a
// false accept at first measure on both readers): the medicines it names
// are examples, none supplied. nil when the page has no such heading.
func missedDoseAdvice(d document) map[int]bool {
	var out map[int]bool
	for i, l := range d.lines {
		if !missedDoseHeadingRe.MatchString(l.norm) {
			continue
		}
		if out == nil {
			out = map[int]bool{}
		}
		for k := i + 1; k < len(d.lines) && k <= i+missedDoseLines && d.lines[k].page == l.page; k++ {
			out[k] = true
		}
	}
	return out
}

// suggestionRe is a shop's panel of other products, beside an order
// ("Customers also bought", "You may also like", "Frequently bought
// together", "Recommended for you").
var suggestionRe = lazyRE(`\b(?:customers|people|others)\s+(?:also|who\s+bought\s+this\s+also)\s+(?:bought|viewed|liked)\b|\byou\s+(?:may|might)\s+also\s+(?:like|need)\b|\bfrequently\s+bought\s+together\b|\brecommended\s+for\s+you\b|\brelated\s+products\b`)

// suggestionPanel is a panel of other products: its heading's line and box.
type suggestionPanel struct {
	line int
	box  Box
}

// suggestionPanels are the document's panels of other products for sale.
func suggestionPanels(d document) []suggestionPanel {
	var out []suggestionPanel
	for i, l := range d.lines {
		loc := suggestionRe.FindStringIndex(l.norm)
		if loc == nil {
			continue
		}
		var box Box
		for _, w := range l.words {
			if w.start >= loc[0] && w.end <= loc[1] {
				box = box.Union(w.box)
			}
		}
		out = append(out, suggestionPanel{line: i, box: box})
	}
	return out
}

// inPanelUnder reports a mention offered in a panel of other products:
// after its heading on its line or on the four lines under it, and where
// the reader placed the words, in the heading's column below it (a
// desktop order page's "Customers also bought" sidebar, "Wegovy 1mg
// FlexTouch ... from £179.00", read by the local reader onto the order's
// own lines beside it; unseen91, round 22, where Wegovy was rated the
// medicine and the Mounjaro order's dates its dispensing date, a false
// accept at first measure on both readers).
func inPanelUnder(d document, panels []suggestionPanel, i int, m medicineMention) bool {
	for _, p := range panels {
		if i < p.line || i > p.line+4 || d.lines[i].page != d.lines[p.line].page {
			continue
		}
		var at Box
		for _, w := range d.lines[i].words {
			if w.start == m.start {
				at = w.box
			}
		}
		if at.IsZero() || p.box.IsZero() {
			return i > p.line || m.start > suggestionRe.FindStringIndex(d.lines[i].norm)[0]
		}
		if at.Left+at.Width > p.box.Left && at.Left < p.box.Left+p.box.Width && at.Top >= p.box.Top {
			return true
		}
	}
	return false
}

// inWarning reports a medicine named at byte start of line i inside a
// sentence that warns against using something with it: the sentence's
// words before it, back over up to three lines that end no sentence.
func inWarning(d document, i, start int) bool {
	first, with := i, strings.Contains(d.lines[i].norm[:start], "with")
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		prev := strings.TrimSpace(d.lines[k].norm)
		if prev == "" || strings.ContainsAny(prev[len(prev)-1:], ".!?:") {
			break
		}
		first, with = k, with || strings.Contains(prev, "with")
	}
	if !with {
		// Every warning's words end "with" ("do not use with", "avoid
		// taking with", "interacts with").
		return false
	}
	before := d.lines[i].norm[:start]
	for k := i - 1; k >= first; k-- {
		before = strings.TrimSpace(d.lines[k].norm) + " " + before
	}
	if ends := sentenceEndRe.FindAllStringIndex(before, -1); len(ends) > 0 {
		before = before[ends[len(ends)-1][1]:]
	}
	return warningRe.MatchString(before)
}

// refusedRe ends the words before a medicine that a plan or a prescriber
// refused: "did not approve", "does not cover", "was denied for"; or
// before its substance in brackets after the brand ("did not approve
// Zepbound (tirzepatide)").
var refusedRe = lazyRE(`(?:(?:\b(?:did|does|do|would|will)\s+not|\b(?:didn|doesn|don|won)'?t)\s+(?:approve|cover|authori[sz]e|pay\s+for)|\b(?:not\s+approved|denied|declined|refused)(?:\s+for)?\s*:?)(?:\s+[a-z][\w-]*\s*\(?)?\s*$`)

// refusedMention reports a mention at start of line i named just after
// words that say it was refused, on its line or at the end of the line
// before when the sentence runs on ("Your health plan, Front Range Health,
// did not approve" over "Zepbound (tirzepatide) on prior authorization.
// Your prescriber ... sent us a new prescription for Wegovy"; unseen86,
// round 21, where the refused Zepbound was rated the medicine, a false
// accept at first measure): a medicine the patient did not get.
func refusedMention(d document, i, start int) bool {
	before := d.lines[i].norm[:start]
	if k := lineBefore(d, i); len(strings.Fields(before)) <= 2 && !sentenceEndRe.MatchString(before) && k >= 0 && d.lines[k].page == d.lines[i].page && continuesSentence(d.lines[k]) {
		before = d.lines[k].norm + " " + before
	}
	return refusedRe.MatchString(strings.TrimRight(before, " (-"))
}

// otherMedicinesList is a list of commonly dispensed medicines that are not
// in the table (data/other-medicines.txt).
//
//go:embed data/other-medicines.txt
var otherMedicinesList string

var otherMedicines = func() map[string]*medicineEntry {
	m := map[string]*medicineEntry{}
	for _, l := range strings.Split(otherMedicinesList, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		_, ws := normalise(l)
		if len(ws) > 0 {
			m[ws[0].text] = &medicineEntry{generic: ws[0].text}
		}
	}
	return m
}()

// otherMedicineStems end the names of whole classes of medicines
// (atorvastatin, ramipril, bisoprolol): a word of eight letters or more
// ending so names a medicine, whether or not the list has it.
var otherMedicineStems = []string{
	"statin", "pril", "olol", "sartan", "prazole", "formin", "gliptin", "gliflozin", "oxetine", "azepam",
	"triptan", "mycin", "cillin", "floxacin", "dipine", "tidine", "lukast", "xaban", "semide", "thiazide",
}

// dosageFormWords say a line is about a medicine's product.
var dosageFormWords = newPhraseSet(map[bool][]string{true: {
	"tablet", "tablets", "tabs", "capsule", "capsules", "caps", "injection", "inhaler", "cream", "ointment",
	"solution", "suspension", "oral", "pen", "pens", "patch", "patches", "drops", "spray", "syrup", "mg", "mcg",
	"ml", "ug", "gel", "sachets", "modified release", "mr", "er", "xl", "sr",
	// Pharmacy systems' short forms (round 18, unseen64's patient history
	// printout, "19/11/26 Amlodipine 5mg tab" read "Amlodipine Seg tab"
	// off a dot-matrix print: its date was taken for the requested
	// medicine's, a false accept at first measure).
	"tab", "inj", "soln", "susp",
	// The same forms in the languages patients' pages come in (round 17,
	// unseen59's Polish app: "Euthyrox N 50, tabletki" under the requested
	// Ozempic's card): Spanish, Portuguese, French, Polish, Welsh.
	"tabletas", "comprimidos", "comprimes", "capsulas", "tabletki", "tabletka", "kapsulki", "tabledi",
	"capsiwlau", "pluma", "caneta", "stylo", "wstrzykiwacz",
}})

// unlistedMentions are the medicines outside the table that line i names
// clearly: a word of the list, or a word with a medicine class's stem, read
// as it is spelt (no OCR allowance), on a line that also gives a dose or a
// dosage form ("Metformin 500mg tablets", "Atorvastatin tablets"). A word
// the table already matched is not one.
func unlistedMentions(l docLine, i int, table []medicineMention) []medicineMention {
	var out []medicineMention
	form, dosed := -1, false // form unknown: whether the line gives a dose or a dosage form
	for _, w := range l.words {
		if len(w.text) < 5 || slices.ContainsFunc(table, func(m medicineMention) bool { return m.start == w.start }) {
			continue
		}
		if _, level := matchMedicineWord(w.text, false); level != noMatch {
			continue
		}
		e := otherMedicines[w.text]
		if e == nil && len(w.text) >= 8 && !hasDigit(w.text) {
			for _, stem := range otherMedicineStems {
				if strings.HasSuffix(w.text, stem) {
					e = &medicineEntry{generic: w.text}
					break
				}
			}
		}
		if e == nil {
			continue
		}
		if form < 0 {
			form = 0
			dosed = slices.ContainsFunc(scanDoses(l.numberText()), func(m doseMention) bool { return m.kind.isDose() })
			if dosed || dosageFormWords.any(l.words) {
				form = 1
			}
		}
		if form == 0 {
			return nil
		}
		out = append(out, medicineMention{line: i, entry: e, brand: -1, name: w.text, level: exactMatch, conf: l.confIn(w.start, w.end), start: w.start, end: w.end, unlisted: true, dosed: dosed})
	}
	return out
}

// lineMentions finds the medicines named on one line. A component of a
// combination named with its partner names the combination; "phentermine"
// next to "topiramate" is Qsymia's generic, not phentermine alone.
func lineMentions(l docLine, index int) []medicineMention {
	var raw []medicineMention
	for _, w := range l.words {
		n, level := matchMedicineWord(w.text, l.ocr)
		if level == noMatch {
			continue
		}
		raw = append(raw, medicineMention{line: index, entry: n.entry, brand: n.brand, name: n.text, level: level, conf: l.confIn(w.start, w.end), start: w.start, end: w.end})
	}
	if len(raw) == 0 {
		return nil
	}
	var out []medicineMention
	for _, m := range raw {
		if c, ok := combinationOf(raw, m); ok {
			if m.brand == componentName {
				out = append(out, c)
			}
			// The single-substance reading of a component (phentermine) is
			// dropped: the line names the combination.
			continue
		}
		out = append(out, m)
	}
	return out
}

// combinationOf reports the combination m is a component of when every
// component of it is among ms.
func combinationOf(ms []medicineMention, m medicineMention) (medicineMention, bool) {
	if m.brand != componentName && m.brand != -1 {
		return medicineMention{}, false
	}
	for _, e := range medicineTable {
		if !slices.Contains(e.components, m.name) {
			continue
		}
		all := true
		for _, c := range e.components {
			all = all && slices.ContainsFunc(ms, func(o medicineMention) bool {
				return (o.brand == componentName || o.brand == -1) && o.name == c
			})
		}
		if all {
			c := m
			c.entry, c.brand, c.name = e, -1, e.generic
			return c, true
		}
	}
	return medicineMention{}, false
}

// matchMedicineWord matches one word against the table's names. On a text
// layer only an exact word (or a word that starts with a name of six or more
// letters: "wegovyflextouch", "mounjaro2") matches. On OCR output a word may
// also match after undoing OCR confusions, or within a small edit distance,
// but only when it is at least two edits closer to that name than to any
// other: a word never matches a different medicine by being noisy.
func matchMedicineWord(w string, ocr bool) (medicineName, matchLevel) {
	if len(w) < 4 {
		return medicineName{}, noMatch
	}
	for _, n := range medicineNames {
		if w == n.text || (len(n.text) >= 6 && strings.HasPrefix(w, n.text)) {
			return n, exactMatch
		}
	}
	// A name a pharmacy system cut to its field's width ("LIRAGLUT 6MG/ML",
	// "SEMAGLUT 2.4MG", "TIRZEPATID 5MG"; round 18, unseen64's labels):
	// seven letters or more, at most four cut, read as OCR's near match.
	for _, n := range medicineNames {
		if len(w) >= 7 && len(n.text)-len(w) <= 4 && strings.HasPrefix(n.text, w) {
			return n, ocrMatch
		}
	}
	if !ocr {
		return medicineName{}, noMatch
	}
	ow := ocrForm(trimTrailingDigits(w))
	if len(ow) < 4 || isDigit(ow[0]) {
		return medicineName{}, noMatch
	}
	for _, n := range medicineNames {
		if ow == n.ocr || (len(n.ocr) >= 6 && strings.HasPrefix(ow, n.ocr)) {
			return n, ocrMatch
		}
	}
	// Names of six letters or more allow an edit; a word must be within
	// one letter of that length to be one edit away.
	if len(ow) < 5 {
		return medicineName{}, noMatch
	}
	wh := letterCounts(ow)
	best, bestD, secondD := -1, 99, 99
	for i, n := range medicineNames {
		// Distances over 3 cannot decide anything: the best allowed is 2
		// and the runner-up must be two further away. An edit changes the
		// letter counts by at most 2, so counts far apart rule a name out.
		if countDistance(wh, n.counts) > 6 {
			continue
		}
		d := editDistance(ow, n.ocr, 3)
		switch {
		case d < bestD:
			secondD = bestD
			best, bestD = i, d
		case d < secondD:
			secondD = d
		}
	}
	if best < 0 || bestD > fuzzyAllowance(len(medicineNames[best].text)) || secondD < bestD+2 {
		return medicineName{}, noMatch
	}
	if bestD == 1 {
		return medicineNames[best], fuzzyMatch1
	}
	return medicineNames[best], fuzzyMatch2
}

// letterCounts counts a word's letters a-z; anything else counts as one kind.
func letterCounts(s string) [27]uint8 {
	var c [27]uint8
	for i := 0; i < len(s); i++ {
		k := 26
		if s[i] >= 'a' && s[i] <= 'z' {
			k = int(s[i] - 'a')
		}
		if c[k] < 255 {
			c[k]++
		}
	}
	return c
}

func countDistance(a, b [27]uint8) int {
	d := 0
	for i := range a {
		d += max(int(a[i])-int(b[i]), int(b[i])-int(a[i]))
	}
	return d
}

// trimTrailingDigits drops digits glued to the end of a word ("mounjar05"
// keeps its OCR digits, "wegovy2" loses the 2) when letters precede them.
func trimTrailingDigits(w string) string {
	i := len(w)
	for i > 0 && w[i-1] >= '0' && w[i-1] <= '9' {
		i--
	}
	if i >= 6 && len(w)-i > 1 {
		return w[:i]
	}
	return w
}
