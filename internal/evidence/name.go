// Rating the patient name: the evidence collected, then the rules of nameRules.

package evidence

import "slices"

// ratePatientName rates patientName against the lead's forename and
// surname: collectNameEvidence gathers what the document says about names,
// and the first rule of nameRules that holds on it decides
// (docs/evidence-rules.md, "Patient name"). In short: a name after a
// patient label decides (valid, or invalid when it is someone else's);
// otherwise the full name anywhere on the document, except on a
// prescriber's or pharmacist's line, is valid, with at most medium
// confidence unless a title (Mrs, Mr) marks it as a person's name. A
// surname with only an initial is never valid.
//
// The order of the words is evidence (issue 9): the lead's surname written
// before their forename, with no comma to mark the surname-first form, is
// another person's name ("Owen Thomas" is not Thomas Owen). When a title,
// a salutation or the captions fix the order, that name is invalid; when
// nothing does, it is invalid with low confidence (the document may write
// surnames first without a comma), the note asking for a check by hand.
func ratePatientName(d document, exp Expected, aboutMedicine bool) finding {
	return ratePatientNameBeside(d, exp, aboutMedicine, requestedMedicine{})
}

// ratePatientNameBeside is ratePatientName knowing where the requested
// medicine is named (findRequested): whom its rows and its caption name is
// its patient.
func ratePatientNameBeside(d document, exp Expected, aboutMedicine bool, req requestedMedicine) finding {
	return decide(nameRules, collectNameEvidence(d, exp, aboutMedicine, req))
}

// requestedMedicine is where a document names the requested medicine:
// lines, every line that names it; rows, those that name no other medicine
// (its rows).
type requestedMedicine struct {
	lines, rows []int
	// others: the lines that name another medicine and not the requested one.
	others []int
}

// findRequested finds the lines of ms that name the requested medicine
// (generic want).
func findRequested(ms []medicineMention, want string) requestedMedicine {
	if want == "" {
		return requestedMedicine{}
	}
	requested, other := map[int]bool{}, map[int]bool{}
	for _, m := range ms {
		if m.entry.generic == want {
			requested[m.line] = true
		} else {
			other[m.line] = true
		}
	}
	var r requestedMedicine
	for i := range requested {
		r.lines = append(r.lines, i)
		if !other[i] {
			r.rows = append(r.rows, i)
		}
	}
	for i := range other {
		if !requested[i] {
			r.others = append(r.others, i)
		}
	}
	slices.Sort(r.lines)
	slices.Sort(r.rows)
	slices.Sort(r.others)
	return r
}

// nameEvidence is what a document says about the patient's name, as
// compared with the lead's. A nil *nameSeen was not seen.
type nameEvidence struct {
	// leadKnown: a lead has the request's user id; leadNamed: it has a
	// forename and a surname.
	leadKnown, leadNamed bool
	// animal: the document is about an animal (a veterinary prescription),
	// where its marker was read; humanSupply: it also names the requested
	// medicine, which no vet supplies (a pet's label beside its owner's
	// own pharmacy label).
	animal      *nameSeen
	humanSupply bool
	// inRole: the lead's name given in another role than the patient's
	// (collected by, carer, parent, account holder, owner, ordered by,
	// emergency contact, prescriber, pharmacist), and which (role).
	inRole *nameSeen
	// ownRecords: the page shows its reader their own records ("Your
	// prescriptions").
	ownRecords bool
	// forenameAsSurname: a salutation or a title before a lone word
	// addresses the lead's forename as a surname ("Dear Mx Morgan" for the
	// lead Morgan Rhys).
	forenameAsSurname bool
	// labelled is the lead's full name under a patient label (the best
	// matched); labelledOther another person's name there; addressee
	// another person's name under a weak label (ship to, dear).
	labelled, labelledOther, addressee *nameSeen
	// swap: the lead's name with forename and surname the other way round.
	swap swapSeen
	// anywhere is the lead's full name on a line that is not a
	// prescriber's or pharmacist's, labelled or not (the surest found).
	anywhere *nameSeen
	// near: a name a letter or two from the lead's, beyond what OCR
	// confuses, or garbled by OCR: a misreading, or another person.
	near *nameSeen
	// partial: an initial or part of the lead's name.
	partial *nameSeen
	// uncaptioned: another person's name where a label without captions
	// prints the patient's (uncaptionedPatient); severalUncaptioned: two
	// different such names.
	uncaptioned        *nameSeen
	severalUncaptioned *nameSeen
	// On a page that captions several patients, each over a block of
	// their own medicines (a family's pickup receipt): underLead, the
	// requested medicine is listed under the lead's caption only;
	// underOther, under another patient's only.
	underLead, underOther bool
	// namesake: another person with the lead's surname, not in a role
	// (a spouse's row of an insurer's statement, a child on a parent's
	// order).
	namesake *nameSeen
	// othersRows: the lead's name heads a row of another medicine on a
	// page of several people's rows, none naming the requested medicine
	// (leadOnOthersRows).
	othersRows *nameSeen
	// rowLead is the lead's full name on a row of the requested medicine
	// (a line that names it and no other medicine), rowNamesake another
	// person of the lead's surname there: on a household's statement or
	// list the person on the medicine's row is its patient.
	rowLead, rowNamesake *nameSeen
	// rowOther is another person heading the section of a household's page
	// that the requested medicine stands in ("Andre Baptiste-Lowe" over it).
	rowOther *nameSeen
	// absent is how sure a not_found is when no name decides.
	absent Confidence
}

// nameSeen is a name seen on the document: how surely it was read and
// matched, how it was found, and where.
type nameSeen struct {
	sure certainty
	// ocr: read by OCR; paired: paired with its caption by position among
	// several captions and values on separate lines.
	ocr, paired bool
	at          *spot
	// role is the other role a name was given in ("a carer"); signedIn:
	// as whoever is signed in to the page.
	role     string
	signedIn bool
}

// swapSeen collects the names found with the lead's forename and surname
// the other way round: certain when a title or caption fixes their order,
// bare when nothing does.
type swapSeen struct {
	certain, bare *nameSeen
}

func (s *swapSeen) add(certain bool, c certainty, ocr bool, at *spot) {
	if !certain {
		if s.bare == nil {
			s.bare = &nameSeen{sure: c, ocr: ocr, at: at}
		}
		return
	}
	if s.certain == nil || c > s.certain.sure {
		s.certain = &nameSeen{sure: c, ocr: ocr, at: at}
	}
}

// firstSeen records n in *dst unless a name is already there.
func firstSeen(dst **nameSeen, n nameSeen) {
	if *dst == nil {
		*dst = &n
	}
}

// collectNameEvidence gathers what the document says about names: the
// names given in other roles than the patient's (which nothing else then
// sees), the values of patient labels, the lead's name on any line, and the
// names a label prints without a caption.
func collectNameEvidence(d document, exp Expected, aboutMedicine bool, req requestedMedicine) nameEvidence {
	ev := nameEvidence{leadKnown: exp.PatientKnown, absent: d.notFoundConfidence()}
	e := newExpectedName(exp.Forename, exp.Surname)
	ev.leadNamed = e.usable()
	if !ev.leadKnown || !ev.leadNamed {
		return ev
	}
	vet, marker := veterinary(d)
	if vet {
		ev.animal = &nameSeen{sure: mediumCertainty, at: marker}
		ev.humanSupply = len(req.lines) > 0
	}
	roles := nameRoles(d, aboutMedicine, vet)
	ev.addRoles(d, roles, e)
	ev.ownRecords = showsOwnRecords(d)
	d = withoutRoleNames(d, roles)
	ev.forenameAsSurname = !e.eitherWay() && titledSurnames(d)[e.forename[0].text]
	captions := ev.addLabelled(d, e)
	ev.underLead, ev.underOther = requestedUnder(req.lines, captions)
	ev.addLines(d, e)
	ev.namesake = namesake(d, e, roleNameTexts(slices.DeleteFunc(slices.Clone(roles), func(r roleName) bool { return !bystanderRoles[r.role] })))
	heads := householdHeadings(d, findMedicineMentions(d))
	ev.rowLead, ev.rowNamesake, ev.rowOther = medicineRowNames(d, e, req.rows, heads)
	if aboutMedicine {
		ev.othersRows = leadOnOthersRows(d, e, req)
	}
	if ev.rowLead == nil {
		// Only where the requested medicine stands under the lead's own
		// heading do the other headings name their own medicines' patients.
		heads = nil
	}
	var listRows []int
	if ev.rowLead != nil {
		// The lead's own name on the requested medicine's row: a name on
		// a row of another medicine alone ("Mr Leonard Ashcombe
		// Amlodipine 5mg x 28" on a pharmacy's day log; unseen24 through
		// the production reader, round 14) is that row's patient, one of
		// a list of several.
		listRows = req.others
	}
	someoneElse, several := uncaptionedPatient(d, e, roleNameTexts(roles), heads, listRows)
	if several != nil {
		ev.severalUncaptioned = several
	} else {
		ev.uncaptioned = someoneElse
	}
	return ev
}

// addLabelled compares the values of the document's patient labels with the
// lead's name. It returns the lines of the strong patient captions, each
// with whether its value is the lead's name.
func (ev *nameEvidence) addLabelled(d document, e expectedName) map[int]bool {
	var matched matchLevel
	captions := map[int]bool{}
	for _, v := range labelledPatientValues(d) {
		r := v.reading()
		outcome, level := compareName(v.words, e, r)
		addCaption(captions, v, outcome, level)
		seen := nameSeen{sure: min(readCertainty(v.conf), level.certainty()), ocr: v.ocr, paired: v.paired, at: v.at}
		switch {
		case outcome == nameSwapped:
			ev.swap.add(v.certainOrder() || ev.forenameAsSurname, seen.sure, v.ocr || v.paired, v.at)
		case outcome == nameFull && level < ocrMatch:
			// A letter or two from the lead's name, beyond what OCR
			// confuses, is a misreading or another person (Catherine,
			// Katherine): too far to call it theirs.
			firstSeen(&ev.near, seen)
		case outcome == nameFull && v.strength == strongLabel:
			if ev.labelled == nil || level > matched {
				ev.labelled, matched = &seen, level
			}
		case outcome == nameOther && v.ocr && (nearName(v.words, e, r) && !clearlyOther(v.words, e, r) || misreadPart(v.words, e, r) ||
			r.conf < fairlyRead && splitSurname(valueOnwards(v), e)):
			// OCR may have garbled the lead's own name ("Jnae Smtih", "Ne
			// tamh 0 D riscoll").
			firstSeen(&ev.near, seen)
		case outcome == nameOther && v.at != nil && specks(v.at.line, nameRun(v.words)):
			// OCR's noise between the caption and the name ("Patient me
			// BE. Mr Tariq Haddadin"): no one.
		case outcome == nameOther && v.strength == strongLabel && looksLikeName(nameRun(v.words)) &&
			(v.ocr && anyCapitalised(nameRun(v.words)) || allCapitalised(nameRun(v.words))):
			// Names are written with capitals: in a text layer "At the
			// patient's written request we release" names no one. OCR may
			// lose a capital, never all of them: "Patient demonstrated
			// drawing up and injecting the dose" is a sentence (unseen61's
			// teaching checklist, round 17, where it was another patient).
			seen.sure = readCertainty(v.conf)
			firstSeen(&ev.labelledOther, seen)
		case outcome == nameOther && looksLikeName(v.words) && allCapitalised(v.words):
			seen.sure = readCertainty(v.conf)
			firstSeen(&ev.addressee, seen)
		case outcome == nameInitial || outcome == nameSurnameOnly || outcome == namePartial:
			firstSeen(&ev.partial, seen)
		}
	}
	return captions
}

// addCaption notes in captions the line of v's caption when it is a strong
// patient caption whose value names a person, and whether it names the lead
// (outcome and level: v compared with the lead's name).
func addCaption(captions map[int]bool, v patientValue, outcome nameOutcome, level matchLevel) {
	if v.captioned && v.strength == strongLabel && namesAPerson(v, outcome) {
		captions[v.caption] = captions[v.caption] || outcome == nameFull && level >= ocrMatch
	}
}

// valueOnwards is a caption's value and the next words of its line: a
// name's pieces past the first that no name has ("0 D riscoll").
func valueOnwards(v patientValue) []word {
	if v.at == nil || len(v.words) == 0 {
		return v.words
	}
	l := v.at.line
	k := slices.IndexFunc(l.words, func(w word) bool { return w.start == v.words[0].start })
	if k < 0 || v.at.line.norm[v.words[0].start:v.words[0].end] != v.words[0].text {
		return v.words
	}
	return l.words[k:min(len(l.words), k+len(v.words)+4)]
}

// addLines looks for the lead's name on every line that is not about the
// prescriber or pharmacist.
func (ev *nameEvidence) addLines(d document, e expectedName) {
	for i, l := range d.lines {
		if underPrescriberCaption(d, i) {
			continue
		}
		outcome, level, titled, conf, at := searchName(l, e)
		if isPrescriberLine(l) && !doctorAfter(l, at) && !recipientSigned(d, i) {
			continue
		}
		c := min(readCertainty(conf), level.certainty())
		switch {
		case outcome == nameSwapped:
			ev.swap.add(titled || ev.forenameAsSurname, c, l.ocr, at)
		case outcome == nameFull && level >= ocrMatch:
			if !titled {
				// An unlabelled, untitled name may not be the patient's.
				c = min(c, mediumCertainty)
			}
			if ev.anywhere == nil || c > ev.anywhere.sure {
				ev.anywhere = &nameSeen{sure: c, ocr: l.ocr, at: at}
			}
		case outcome == nameFull:
			firstSeen(&ev.near, nameSeen{sure: c, ocr: l.ocr, at: at})
		case outcome == nameInitial, outcome == namePartial:
			firstSeen(&ev.partial, nameSeen{sure: c, ocr: l.ocr, at: at})
		}
	}
	if ev.anywhere == nil && ev.near == nil && ev.partial == nil && ev.swap == (swapSeen{}) {
		ev.anywhere = wrappedName(d, e)
		// "Mr Oluwaseun" is then the start of the lead's name, not the
		// forename taken for a surname.
		ev.forenameAsSurname = ev.forenameAsSurname && ev.anywhere == nil
	}
}

// wrappedName finds the lead's name wrapped over two lines of a narrow
// label ("Mr Oluwaseun" above "Adeyemi-Clarke 18/11/2026"): the forename
// ends a line after a title and the surname starts the next line of the
// page. Untitled, a forename over a surname may be two fields' values (a
// form's columns read one after the other), so it is none.
func wrappedName(d document, e expectedName) *nameSeen {
	for i := 0; i+1 < len(d.lines); i++ {
		a, b := d.lines[i], d.lines[i+1]
		if a.page != b.page || isPrescriberLine(a) || isPrescriberLine(b) {
			continue
		}
		ws, afterTitle := nameSearchWords(a)
		n := len(e.forename)
		if len(ws) < n || len(b.words) < len(e.surname) {
			continue
		}
		fore, sur := ws[len(ws)-n:], b.words[:len(e.surname)]
		if !afterTitle[len(ws)-n] || !wordsAre(fore, e.forename, a) || !wordsAre(sur, e.surname, b) {
			continue
		}
		c := readCertainty(min(a.reading().of(fore).conf, b.reading().of(sur).conf))
		return &nameSeen{sure: c, ocr: a.ocr || b.ocr, at: joinSpots(spotOfWords(a, fore), spotOfWords(b, sur))}
	}
	return nil
}

// wordsAre reports whether got are want, word for word, exactly or as OCR
// misreads them.
func wordsAre(got, want []word, l docLine) bool {
	for k := range want {
		if nameWordMatch(want[k], got[k], l.reading()) < ocrMatch {
			return false
		}
	}
	return true
}

// namesAPerson reports a caption's value that names someone: the lead,
// part of the lead's name ("HOLLOWAY," under "PATIENT:"), or a name of two
// words or more; not the words of a sentence a patient label begins ("the
// patient is under my care", "PATIENT PAYS").
func namesAPerson(v patientValue, outcome nameOutcome) bool {
	switch outcome {
	case nameFull, nameSwapped, nameSurnameOnly, namePartial, nameInitial:
		return true
	}
	return looksLikeName(nameRun(v.words)) && len(nameRun(v.words)) == len(v.words) && allCapitalised(v.words)
}

// leadBesideAnimal reports a page with a pet's paper on it (a vet's label,
// an invoice) that is also the lead's own: the requested medicine named,
// which no vet supplies, and the lead's name read in no other role, on a
// line that names no animal ("Bella Okafor (feline)" is the cat). The pet's
// owner's own pharmacy label beside the dog's (unseen162, round 30: every
// such page rated the lead an animal's owner, 37 names on each reader at
// first measure); the other rules then read the page.
func (e nameEvidence) leadBesideAnimal() bool {
	if !e.humanSupply {
		return false
	}
	for _, n := range []*nameSeen{e.labelled, e.anywhere} {
		if n != nil && n.at != nil && len(vetMarkers.find(n.at.line.words)) == 0 {
			return true
		}
	}
	return false
}

// The notes' clauses of the name rules.
const (
	swappedName          = "the patient name on the document has the lead's forename and surname the other way round, "
	severalPatients      = "the document names more than one patient"
	severalPeople        = "the document names more than one person as the patient"
	medicineUnderOther   = "the document names more than one patient, and the requested medicine is listed under another patient's name"
	sameSurname          = "the document names another person with the lead's surname, and nothing on it says which is the patient"
	forenameAddressed    = "the document addresses the patient by a surname that is the lead's forename"
	notTheLeadsName      = "the patient name on the document is not the lead's name"
	checkPatientName     = "the patient name"
	nameSpeltDifferently = "the patient name on the document is spelt differently from the lead's (a misreading, or another person)"
)

// nameRules decide patientName, in the order of docs/evidence-rules.md.
var nameRules = []rule[nameEvidence]{
	{"no-lead", func(e nameEvidence) bool { return !e.leadKnown }, func(nameEvidence) finding {
		return finding{rating: Rating{NotFound, High}, problem: "no lead has this user id, so the patient name could not be checked"}
	}},
	{"lead-without-name", func(e nameEvidence) bool { return !e.leadNamed }, func(nameEvidence) finding {
		return finding{rating: Rating{NotFound, High}, problem: "the lead has no name on record, so the patient name could not be checked"}
	}},
	{"animal-patient", func(e nameEvidence) bool { return e.animal != nil && !e.leadBesideAnimal() }, func(e nameEvidence) finding {
		// The patient is the animal; whoever the document names is its
		// owner, the lead included.
		return finding{rating: Rating{Invalid, e.animal.sure.Confidence()}, problem: "the document is for an animal (a veterinary prescription), not for the lead", at: e.animal.at}
	}},
	{"labelled-name-over-requested-medicine", func(e nameEvidence) bool { return e.labelled != nil && e.labelledOther != nil && e.underLead }, func(e nameEvidence) finding {
		// Each patient's medicines under their own caption: the lead's
		// caption heads the requested one.
		c := min(e.labelled.sure, mediumCertainty)
		return withCaveat(finding{rating: Rating{Valid, c.Confidence()}, at: e.labelled.at}, checkPatientName)
	}},
	{"labelled-name-under-another-patient", func(e nameEvidence) bool { return e.labelled != nil && e.underOther }, func(e nameEvidence) finding {
		if e.labelledOther != nil {
			c := min(e.labelledOther.sure, mediumCertainty)
			return finding{rating: Rating{Invalid, c.Confidence()}, problem: medicineUnderOther, at: e.labelledOther.at}
		}
		return finding{rating: Rating{NotFound, Low}, problem: medicineUnderOther, at: e.labelled.at}
	}},
	{"labelled-name-beside-other-patient", func(e nameEvidence) bool { return e.labelled != nil && e.labelledOther != nil }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: severalPatients, at: e.labelledOther.at}
	}},
	{"labelled-name-beside-swapped-name", func(e nameEvidence) bool { return e.labelled != nil && e.swap.certain != nil }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: severalPatients, at: e.swap.certain.at}
	}},
	{"labelled-name-forename-addressed-as-surname", func(e nameEvidence) bool { return e.labelled != nil && e.forenameAsSurname }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: forenameAddressed, at: e.labelled.at}
	}},
	{"labelled-name", func(e nameEvidence) bool { return e.labelled != nil }, func(e nameEvidence) finding {
		c := e.labelled.sure
		if e.labelled.paired || e.swap.bare != nil {
			// Paired with its caption by position, or the name also
			// appears the other way round: likely, not certain.
			c = min(c, mediumCertainty)
		}
		return withCaveat(finding{rating: Rating{Valid, c.Confidence()}, at: e.labelled.at}, checkPatientName)
	}},
	{"labelled-other-name", func(e nameEvidence) bool { return e.labelledOther != nil }, func(e nameEvidence) finding {
		c := e.labelledOther.sure
		if e.labelledOther.ocr || e.labelledOther.paired {
			c = min(c, mediumCertainty)
		}
		return finding{rating: Rating{Invalid, c.Confidence()}, problem: notTheLeadsName, at: e.labelledOther.at}
	}},
	{"swapped-name-order-fixed-beside-name", func(e nameEvidence) bool { return e.swap.certain != nil && e.anywhere != nil }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: severalPeople, at: e.swap.certain.at}
	}},
	{"swapped-name-order-fixed", func(e nameEvidence) bool { return e.swap.certain != nil }, func(e nameEvidence) finding {
		c := e.swap.certain.sure
		if e.swap.certain.ocr {
			c = min(c, mediumCertainty)
		}
		return finding{rating: Rating{Invalid, c.Confidence()}, problem: swappedName + "and a title or caption fixes that order: another person", at: e.swap.certain.at}
	}},
	{"medicine-under-another-person", func(e nameEvidence) bool { return e.rowOther != nil && e.rowLead == nil }, func(e nameEvidence) finding {
		// A household's page, each person over their own medicines: the
		// requested medicine is under someone else's name.
		c := min(e.rowOther.sure, mediumCertainty)
		return finding{rating: Rating{Invalid, c.Confidence()}, problem: "the requested medicine is listed under another person's name", at: e.rowOther.at}
	}},
	{"name-beside-uncaptioned-other", func(e nameEvidence) bool { return e.anywhere != nil && e.uncaptioned != nil }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: severalPeople, at: e.uncaptioned.at}
	}},
	{"name-on-medicine-row-beside-namesake", func(e nameEvidence) bool {
		return e.rowLead != nil && e.rowNamesake == nil && e.namesake != nil && !e.forenameAsSurname
	}, func(e nameEvidence) finding {
		// Two people of one surname, and the requested medicine's row
		// names the lead: the row says which is its patient.
		c := min(e.rowLead.sure, mediumCertainty)
		return withCaveat(finding{rating: Rating{Valid, c.Confidence()}, at: e.rowLead.at}, checkPatientName)
	}},
	{"namesake-on-medicine-row", func(e nameEvidence) bool { return e.rowNamesake != nil && e.rowLead == nil }, func(e nameEvidence) finding {
		c := e.rowNamesake.sure
		if e.rowNamesake.ocr {
			c = min(c, mediumCertainty)
		}
		return finding{rating: Rating{Invalid, c.Confidence()}, problem: "the requested medicine's row on the document names another person with the lead's surname as its patient", at: e.rowNamesake.at}
	}},
	{"name-beside-namesake", func(e nameEvidence) bool { return e.anywhere != nil && e.namesake != nil }, func(e nameEvidence) finding {
		// Which of two people of one surname is the patient is for the
		// document's layout to say (a caption, a row); without one it is not
		// found.
		return finding{rating: Rating{NotFound, Low}, problem: sameSurname, at: e.namesake.at}
	}},
	{"name-beside-own-role", func(e nameEvidence) bool { return e.anywhere != nil && e.inRole != nil && !e.inRole.signedIn }, func(e nameEvidence) finding {
		// "Subscriber: RAYMOND CASTELLANO" over a family's claims, his name
		// again in the address block: the page names him in another role,
		// and nothing says the uncaptioned name is the patient's.
		return finding{rating: Rating{NotFound, Low}, problem: "the lead's name is on the document as " + e.inRole.role + ", and elsewhere without a caption saying whose prescription it is", at: e.inRole.at}
	}},
	{"name-beside-bare-swapped-name", func(e nameEvidence) bool { return e.anywhere != nil && e.swap.bare != nil }, func(e nameEvidence) finding {
		c := min(e.anywhere.sure, mediumCertainty)
		return withCaveat(finding{rating: Rating{Valid, c.Confidence()}, at: e.anywhere.at}, checkPatientName)
	}},
	{"name-forename-addressed-as-surname", func(e nameEvidence) bool { return e.anywhere != nil && e.forenameAsSurname }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: forenameAddressed, at: e.anywhere.at}
	}},
	{"lead-on-other-medicines-row", func(e nameEvidence) bool { return e.anywhere != nil && e.othersRows != nil }, func(e nameEvidence) finding {
		// A care home's delivery note: the lead's row is of another
		// medicine, and the page lists other people's rows too.
		return finding{rating: Rating{NotFound, Low}, problem: "the document lists several people's medicines, and the lead's name heads only rows of other medicines than the requested one", at: e.othersRows.at}
	}},
	{"name-anywhere", func(e nameEvidence) bool { return e.anywhere != nil }, func(e nameEvidence) finding {
		return withCaveat(finding{rating: Rating{Valid, e.anywhere.sure.Confidence()}, at: e.anywhere.at}, checkPatientName)
	}},
	{"swapped-name-bare", func(e nameEvidence) bool { return e.swap.bare != nil }, func(e nameEvidence) finding {
		// Another person unless the document writes surnames first without
		// marking it: invalid, but only low.
		return finding{rating: Rating{Invalid, Low}, problem: swappedName + "with nothing marking which is the surname: another person, unless the document writes surnames first; check by hand", at: e.swap.bare.at}
	}},
	{"near-name", func(e nameEvidence) bool { return e.near != nil }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: nameSpeltDifferently, at: e.near.at}
	}},
	{"several-uncaptioned-names", func(e nameEvidence) bool { return e.severalUncaptioned != nil }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: severalPeople, at: e.severalUncaptioned.at}
	}},
	{"uncaptioned-other-name", func(e nameEvidence) bool { return e.uncaptioned != nil }, func(e nameEvidence) finding {
		// A whole other name, clearly read, says more than a surname or an
		// initial that fits the lead ("Dear Mr Walsh" beside Steven Walsh).
		return finding{rating: Rating{Invalid, e.uncaptioned.sure.Confidence()}, problem: notTheLeadsName, at: e.uncaptioned.at}
	}},
	{"lead-signed-in-to-own-records", func(e nameEvidence) bool {
		return e.inRole != nil && e.inRole.signedIn && e.ownRecords && e.addressee == nil && e.namesake == nil
	}, func(e nameEvidence) finding {
		// "Logged in as Priya Ramanathan" over "Your prescriptions", no one
		// else named: the reader's own record.
		return finding{rating: Rating{Valid, min(e.inRole.sure, mediumCertainty).Confidence()}, caveat: "the patient name (the document names the lead as whoever is signed in to it, over their own records)", at: e.inRole.at}
	}},
	{"lead-named-only-in-role", func(e nameEvidence) bool { return e.inRole != nil }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, e.absent}, problem: "the lead's name is on the document only as " + e.inRole.role + ", not as the patient", at: e.inRole.at}
	}},
	{"partial-name", func(e nameEvidence) bool { return e.partial != nil }, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, Low}, problem: "the patient name on the document only partly matches the lead's (an initial or part of the surname)", at: e.partial.at}
	}},
	{"addressee-other-name", func(e nameEvidence) bool { return e.addressee != nil }, func(e nameEvidence) finding {
		// Whoever an order ships to is usually, not always, the patient.
		return finding{rating: Rating{Invalid, Low}, problem: "the document is made out to someone other than the lead", at: e.addressee.at}
	}},
	{"no-name", nil, func(e nameEvidence) finding {
		return finding{rating: Rating{NotFound, e.absent}, missing: checkPatientName}
	}},
}
