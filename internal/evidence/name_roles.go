// Names in other roles than the patient's: who collected, cares, pays, owns the pet, ordered.

package evidence

import (
	"math"
	"slices"
	"strings"
)

// accountHolder is the role of whoever holds an account or a policy.
const accountHolder = "the account holder"

// reporterRole is the role of whoever reported a side effect.
const reporterRole = "the person who reported the side effect"

// formerName is the role of a name the patient no longer uses.
const formerName = "a former name of the patient"

// previousOccupant is the role of whoever lived at the patient's address
// before them.
const previousOccupant = "a previous occupant of the patient's address"

// occupiedPlaceRe is the place a previous occupant's caption may name
// before the name itself ("the previous resident of your unit, Dale
// Whitcombe").
var occupiedPlaceRe = lazyRE(`^of\s+(?:your|this|the|my)\s+(?:unit|flat|apartment|home|house|address|property|room)\s*,?\s*`)

// roleCaptions name a person in another role than the patient's, each
// with how the note says it. The name after such a caption ("Picked up by:
// Sarah Collins", "Parent/Guardian: Jane Smith", "Signed in as Jane
// Smith"), or before one in brackets ("Sarah Collins (caregiver)"), is that
// person's, never the patient's.
var roleCaptions = newPhraseSet(map[string][]string{
	"the person who collected the medicine": {
		"picked up by", "pick up by", "pickup by", "collected by", "collector", "signed for by",
		"signed by",
		// A delivery record's "Received by" is whoever took the parcel in,
		// a neighbour who took it in for the patient too.
		"received by", "accepted by", "left with", "handed to", "neighbour", "neighbor",
		// "Neighbour's name Idris Gwilt (No. 14)" on a delivery slip's
		// patient copy (unseen88, round 22, a false accept at first
		// measure): the apostrophe joins the word, and OCR may run the
		// caption's two words together.
		"neighbours", "neighbors", "neighbours name", "neighbors name", "neighboursname", "neighborsname",
		// Spanish, Portuguese, Welsh, Polish (round 17, unseen59's
		// "RECOGIDO POR: TOMAS DE LA ROSA (HIJO)").
		"recogido por", "recogida por", "retirado por", "retirada por", "levantado por", "levantada por",
		"casglwyd gan", "odebral", "odebrala",
	},
	"a carer": {"carer", "caregiver", "care giver", "caretaker", "care provider", "cuidador", "cuidadora", "gofalwr", "opiekun", "opiekunka"},
	parentOrGuardian: {
		"parent", "parents", "guardian", "parent guardian", "parent or guardian", "legal guardian", "mother",
		"father", "mom", "mum", "dad", "responsible adult",
		"madre", "padre", "tutor", "tutora", "rhiant", "matka", "ojciec", "pai",
	},
	accountHolder: {
		// A portal's header, "Logged in: Niamh Colquhoun", read onto one
		// line with the practice's name ("Fernbank Surgery"), whose
		// "surgery" then made her its prescriber (unseen10, round 17).
		"signed in as", "logged in as", "signed in", "logged in", "viewing as", "proxy", "proxy access", "responsible party", "guarantor",
		"subscriber", "policy holder", "policyholder", "cardholder", "card holder", "insured",
	},
	"the person who paid": {"paid by", "payer", "payment by"},
	// Who assessed or checked the medicines a patient brought into
	// hospital ("Assessed by (pharmacy technician)  Date of assessment"
	// over "Paulette Ridgwell  26/11/2026" on a ward's POD assessment
	// form; unseen190, round 33, the technician rated the patient, a false
	// accept at first measure).
	// A wholesaler's account manager on its invoice to the pharmacy
	// ("YOUR ACCOUNT MANAGER" over "Graham Ashdown"; unseen186, round 33, a
	// false accept at first measure).
	staffRole: {"assessed by", "verified by", "checked by", "pharmacy technician", "ward nurse", "account manager", "your account manager", "account rep", "sales rep"},
	// Who brought the parcel ("Delivered by: Marco Bellweather, driver
	// #D-4471" on a specialty pharmacy's delivery receipt; unseen186, round
	// 33, the driver rated the patient, a false accept at first measure).
	"the driver who delivered it": {"delivered by", "driver", "delivery driver", "driver name", "drivers name", "courier name"},
	// Who lived at the patient's address before them ("Mail still
	// arriving for the previous resident of your unit, Dale Whitcombe,"
	// on a lease's welcome page beside the new tenant's carton label;
	// unseen174, round 31, the previous resident rated the patient through
	// the production reader, a false accept at first measure).
	previousOccupant: {
		"previous resident", "previous occupant", "previous occupier", "previous tenant", "former resident",
		"former occupant", "former occupier", "former tenant", "prior resident", "prior occupant", "prior tenant",
	},
	// A patient's own former name beside the one in use ("Previous name Mr
	// Thomas Reyburn" over "Name now Ms Tamsin Reyburn" in a GP's letter
	// confirming the change; unseen135, round 27, the patient not_found
	// beside "another" person on 3 uploads): no second person on the page.
	// A lead named only by it is not matched (never valid): the page's
	// name in use is the one a clinician checks.
	formerName: {
		"previous name", "former name", "formerly", "formerly known as", "previously known as", "maiden name",
		"birth name", "name at birth", "old name", "previous surname", "former surname", "nee",
	},
	"the person who ordered it": {"ordered by", "order placed by", "placed by", "requested by", "submitted by", "referred by"},
	// A laboratory requisition's prescriber ("PATIENT  ORDERING PROVIDER"
	// over "LINDQVIST, EVERETT  Naomi Ferreira-Tate, MD", read as a
	// heading row over its values; unseen154, round 29: the caption taken
	// for the patient's name, or the provider, on 3 uploads each reader).
	"the clinician who ordered the tests": {
		"ordering provider", "ordering physician", "ordering clinician", "ordering practitioner", "ordering doctor",
		"referring provider", "referring physician", "referring clinician",
	},
	// An interpreter or a witness at a consultation or a signing ("Hana
	// Sato - Interpreter (Japanese)" on a video call's participant tile;
	// unseen166, round 30: she was rated the patient through the
	// production reader, a false accept at first measure).
	// A witness statement's maker ("WITNESS STATEMENT OF DECLAN KINSELLA",
	// the claimant, over his wife's exhibited label; unseen170, round 32).
	"an interpreter or a witness": {"interpreter", "translator", "witness", "witnessed by", "interpreted by", "witness statement of"},
	// Who reported a side effect on a safety report ("Reporter" over
	// "Name" and "Lorna Beckwith, RN" on a MedWatch submission summary,
	// the patient's section below; unseen159, round 30: the nurse rated
	// the patient, a false accept at first measure).
	reporterRole: {
		"reporter", "reported by", "reporter name", "reporters name", "person reporting", "name of reporter",
		"reporter details", "reporting person",
	},
	nextOfKin: {
		"emergency contact", "emergency contact name", "next of kin", "nok", "contact person", "in case of emergency",
		"spouse", "husband", "wife", "partner", "support person", "birth partner",
		// A relative in another language, in brackets after a name
		// ("TOMAS DE LA ROSA (HIJO)", the patient's son who collected).
		"hijo", "hija", "esposo", "esposa", "conyuge", "filho", "filha", "marido", "mab", "merch", "gwr", "gwraig",
		"syn", "corka",
	},
})

// accountCaptions name the account holder, another role than the patient's
// on a document about a medicine (an order made for a child, a portal
// viewed by a parent). On a document about no medicine (a utility bill sent
// as identification) no one is a patient, and the name stands as printed.
var accountCaptions = newPhraseSet(map[string][]string{
	accountHolder: {
		"account holder", "account owner", "primary account holder", "account name",
		"acct holder", "acct owner", "acct name", "a c holder",
	},
})

// ownerCaptions name an animal's owner on a veterinary document (whose
// patient is the animal); elsewhere "Client:" may be the patient.
var ownerCaptions = newPhraseSet(map[string][]string{
	"the owner of an animal": {"owner", "pet owner", "owner name", "owners name", "animal owner", "client", "client name"},
})

// vetMarkers say a document is about an animal: its patient is the pet,
// and the people on it are owners.
var vetMarkers = newPhraseSet(map[bool][]string{true: {
	"veterinary", "veterinarian", "animal hospital", "animal clinic", "for animal use", "for animal treatment",
	"for veterinary use", "species", "canine", "feline", "equine", "dvm", "vmd", "mrcvs", "pet name",
	"pet owner", "animal name", "breed",
}})

// roleName is a name the document gives in another role than the patient's.
type roleName struct {
	line  int
	words []word
	role  string
	// signedIn: the name is whoever is signed in to the page ("Logged in
	// as"), an account's holder who may be reading their own record.
	signedIn bool
}

// nameRoles finds the names of people in other roles than the patient's:
// account holders on a document about a medicine, owners on a veterinary
// one.
// memberCaptions name a loyalty scheme's member in a receipt's rewards
// block ("====== BRAMBLE REWARDS ======" over "MEMBER: ROBERT FERRANTE"):
// whoever's card was scanned at the till, not the patient. Elsewhere (an
// insurer's card, a statement) "Member:" is the patient.
var memberCaptions = newPhraseSet(map[string][]string{
	"a loyalty scheme's member": {"member", "member name", "rewards member", "loyalty member", "club member"},
})

// loyaltyWords head a receipt's loyalty block.
var loyaltyWords = newPhraseSet(map[bool][]string{true: {
	"rewards", "reward", "loyalty", "points", "perks", "club card", "clubcard", "advantage card",
}})

// loyaltyMembers are line i's captions of a loyalty scheme's member: any
// in a loyalty block, and anywhere those that name the scheme ("Rewards
// member: Celia Ashdown" in a store app's header over a receipt for her
// husband's prescription; unseen89, round 22, the lead not_found beside her
// on 3 uploads).
func loyaltyMembers(d document, i int) []phraseMatch[string] {
	ms := memberCaptions.find(d.lines[i].words)
	if inLoyaltyBlock(d, i) {
		return ms
	}
	return slices.DeleteFunc(ms, func(m phraseMatch[string]) bool { return !loyaltyWords.any(d.lines[i].words[m.first : m.first+1]) })
}

// inLoyaltyBlock reports a line just under a loyalty block's heading (within
// two lines).
func inLoyaltyBlock(d document, i int) bool {
	for k := max(0, i-2); k < i; k++ {
		if loyaltyWords.any(d.lines[k].words) {
			return true
		}
	}
	return false
}

func nameRoles(d document, aboutMedicine, vet bool) []roleName {
	var out []roleName
	relations := relationColumn(d)
	for i, l := range d.lines {
		if relationFirst(l) {
			continue // "Re: your mother, Mrs Ivy Pryor": whom the letter is about
		}
		ms := roleCaptions.find(l.words)
		if len(ms) == 0 {
			ms = loyaltyMembers(d, i)
		}
		if aboutMedicine {
			ms = append(ms, accountCaptions.find(l.words)...)
		}
		if vet {
			ms = append(ms, ownerCaptions.find(l.words)...)
		}
		if aboutMedicine {
			if ws := bankAccountHolder(l); looksLikeName(ws) {
				out = append(out, roleName{line: i, words: ws, role: accountHolder})
				continue
			}
		}
		if k, ws := readersHolding(d, i); looksLikeName(ws) {
			out = append(out, roleName{line: k, words: ws, role: accountHolder})
			continue
		}
		if ws := appointedName(l); looksLikeName(ws) {
			out = append(out, roleName{line: i, words: ws, role: appointedRole})
			continue
		}
		if ws := signedRelative(d, i); looksLikeName(ws) {
			out = append(out, roleName{line: i, words: ws, role: "a relative or friend writing for the patient"})
			continue
		}
		if ws := signedStaff(d, i); looksLikeName(ws) {
			out = append(out, roleName{line: i, words: ws, role: letterWriter})
			continue
		}
		if ws, role := columnRoleName(d, i); looksLikeName(ws) {
			out = append(out, roleName{line: i + 1, words: ws, role: role})
		}
		if ws := staffPastAddressCaption(d, i, ms); looksLikeName(ws) {
			out = append(out, roleName{line: i + 2, words: ws, role: staffRole})
			continue
		}
		if k, ws := headedRoleName(d, i, ms); looksLikeName(ws) {
			out = append(out, roleName{line: k, words: ws, role: ms[0].kind, signedIn: signedInCaption(l, ms[0])})
			continue
		}
		for _, m := range ms {
			// "Leo Huang (spouse)" beside "Patricia Huang (self)" is each
			// row's patient and how they relate to the policy's holder;
			// "(Subscriber)" there still names the holder.
			if ws := bracketedRoleName(l, m.first, m.start); m.kind != formerName && (!relations || m.kind == accountHolder) && looksLikeName(ws) {
				if m.kind != nextOfKin && m.kind != parentOrGuardian || !patientCaptionBefore(l, ws[0].start) {
					out = append(out, roleName{line: i, words: ws, role: m.kind})
				}
				continue
			}
			if k, ws := nameAboveRole(d, i, m); !relations && looksLikeName(ws) {
				out = append(out, roleName{line: k, words: ws, role: m.kind})
				continue
			}
			k, ws, titled := captionedRoleName(d, i, m)
			if k == i && readersRelative(l, m, ws) {
				if r, rw := letterReader(d, i, ws); rw != nil {
					out = append(out, roleName{line: r, words: rw, role: readerOfRelative})
				}
				continue
			}
			if looksLikeName(ws) || titled && len(ws) == 1 && !isNonNameWord(ws[0].text) {
				// A titled forename alone ("Collected by daughter, Ms
				// Rosa") is a person, her surname on the next line.
				out = append(out, roleName{line: k, words: ws, role: m.kind, signedIn: signedInCaption(l, m)})
			}
		}
	}
	return out
}

// addressCaptionRe is a line of nothing but an invoice's or a parcel's
// address captions ("INVOICE TO / DELIVER TO").
var addressCaptionRe = lazyRE(`^[\W]*(?:(?:invoice|deliver|delivery|ship|bill|sold|send)\s+to[\W]*)+$`)

// staffPastAddressCaption is the name two lines under line i when line i is
// nothing but a staff member's caption and the line between nothing but
// another column's address captions, two cells of a heading row read one
// under the other before their values ("YOUR ACCOUNT MANAGER" over "INVOICE
// TO / DELIVER TO" over "Graham Ashdown" on a wholesaler's invoice to the
// pharmacy; unseen186, round 33, the account manager rated the patient
// through the local reader, a false accept).
func staffPastAddressCaption(d document, i int, ms []phraseMatch[string]) []word {
	l := d.lines[i]
	whole := slices.ContainsFunc(ms, func(m phraseMatch[string]) bool {
		return m.kind == staffRole && m.first == 0 && m.last == len(l.words)-1
	})
	if !whole || i+2 >= len(d.lines) || !addressCaptionRe.MatchString(d.lines[i+1].norm) {
		return nil
	}
	return leadingName(d.lines[i+2].words)
}

// appointedRole is the role of whoever a court or the patient appointed to
// act for them: a deputy, an attorney, a guardian.
const appointedRole = "someone appointed to act for the patient"

// appointedRe follows the name of whoever a sentence appoints to act for the
// patient, after their address where it gives one.
var appointedRe = lazyRE(`\b(?:is|are|was|were|has\s+been|have\s+been)\s+(?:hereby\s+)?appointed\s+(?:as\s+)?(?:(?:the|a|an|his|her|their|joint|sole)\s+)*(?:deputy|deputies|attorney|attorneys|guardian|conservator|litigation\s+friend|receiver|representative|agent)\b`)

// behalfRe follows the name of whoever signs for the patient.
var behalfRe = lazyRE(`\bon\s*beha[il1]f\s+of\s+(?:the\s+)?(?:patient|him|her|them|my\s+\w+|his\s+\w+|their\s+\w+)\b`)

// appointedName is the name that a line's sentence appoints to act for the
// patient ("1. Ms Lorna Whitcombe-Aske of 9 Gannet Close, Pellbridge PB9
// 9ZZ is appointed as deputy" in a court's order over the exhibited label
// of "Mr Harold Whitcombe"; unseen170, round 32, the patient not_found
// beside a namesake on 3 uploads each reader): the line's first name, titled
// or leading it, before appointedRe's words.
//
// A name that opens a line signed on the patient's behalf is the
// representative's too ("Ian Pryce on behalf of the patient" under
// "Signed" on a prescription's back, his wife the patient on its front;
// unseen182, round 32, the patient not_found beside a namesake on 4
// uploads each reader), OCR running "on behalf" together or reading its l
// as i ("onbehaif").
func appointedName(l docLine) []word {
	loc := appointedRe.FindStringIndex(l.norm)
	if loc == nil {
		loc = behalfRe.FindStringIndex(l.norm)
	}
	if loc == nil {
		return nil
	}
	if ws, ok := titledName(l); ok && ws[len(ws)-1].end <= loc[0] {
		return ws
	}
	var ws []word
	for _, w := range l.words {
		switch {
		case w.start >= loc[0] || len(ws) == 4:
			return ws
		case len(ws) == 0 && hasDigit(w.text):
			continue // a list's number ("1.")
		case !w.capital || isNonNameWord(w.text) || titles[w.text]:
			if len(ws) > 0 || !titles[w.text] {
				return ws
			}
			continue
		}
		ws = append(ws, w)
	}
	return ws
}

// staffRole is the role of a service's staff who sign or approve a form.
const staffRole = "a member of the service's staff"

// columnRoleName is the name in line i+1's cell under a role's or a
// staff member's caption in line i, a row of captions over a row of
// values read as two lines ("Member signature  Approved by (General
// Manager)  Date" over "Marisol Eddington  Trevor Banfield  11/25/2026"
// on a gym's intake card; unseen181, round 32, the manager rated the
// patient on both readers, a false accept at first measure): the value's
// words that stand under the caption's cell, from where it starts to
// where the next cell of captions starts (after a gap of more than a line's
// height), by the words' boxes. A row of one cell is left to
// captionValueLine, and a former name to its own rule.
func columnRoleName(d document, i int) ([]word, string) {
	if i+1 >= len(d.lines) {
		return nil, ""
	}
	l, v := d.lines[i], d.lines[i+1]
	if l.page != v.page || l.box.IsZero() || v.box.IsZero() || v.box.Top <= l.box.Top || v.box.Top > l.box.Top+3*l.box.Height {
		return nil, ""
	}
	type caption struct {
		first int
		role  string
	}
	var caps []caption
	for _, m := range roleCaptions.find(l.words) {
		caps = append(caps, caption{m.first, m.kind})
	}
	for _, m := range staffCaptions.find(l.words) {
		caps = append(caps, caption{m.first, staffRole})
	}
	for _, c := range caps {
		left, right, alone := cellSpan(l, c.first)
		if c.role == formerName || alone {
			continue // a caption alone on its line: captionValueLine's
		}
		var ws []word
		for _, w := range v.words {
			if w.box.IsZero() {
				return nil, ""
			}
			if mid := w.box.Left + w.box.Width/2; mid >= left && mid < right {
				ws = append(ws, w)
			}
		}
		if looksLikeName(ws) && !hasDigit(wordsText(ws)) {
			return ws, c.role
		}
	}
	return nil, ""
}

// cellSpan is where the cell of captions holding word k of line l starts
// and where the next one starts: cells are parted by a gap wider than the
// line's height. The last cell runs on to the page's edge. alone: the
// line is that one cell.
func cellSpan(l docLine, k int) (left, right float64, alone bool) {
	gap := func(j int) bool { // a gap before word j
		return j > 0 && l.words[j].box.Left-(l.words[j-1].box.Left+l.words[j-1].box.Width) > l.box.Height
	}
	start := k
	for start > 0 && !gap(start) {
		start--
	}
	end := k + 1
	for end < len(l.words) && !gap(end) {
		end++
	}
	left, right = l.words[start].box.Left-l.box.Height, math.Inf(1)
	if end < len(l.words) {
		right = l.words[end].box.Left - l.box.Height/2
	}
	return left, right, start == 0 && end == len(l.words)
}

// staffCaptionPhrases caption a name as whoever approved a form for a
// service: staff, not the patient. They are prescriberWords too, where the
// caption and the name share a line, as Textract read the gym's card.
var staffCaptionPhrases = []string{"approved by", "authorised by", "authorized by", "general manager"}

var staffCaptions = newPhraseSet(map[bool][]string{true: staffCaptionPhrases})

// headingWords may follow a role in a section's heading ("Emergency
// contact details").
var headingWords = map[string]bool{"details": true, "information": true, "info": true, "name": true, "contact": true, "relationship": true}

// headingRoles are the roles a section of a form may be headed by; the
// others ("Picked up", a status) head no one.
var headingRoles = map[string]bool{
	"a carer": true, parentOrGuardian: true, accountHolder: true,
	nextOfKin: true, "the owner of an animal": true, reporterRole: true,
}

// nameCaptionRe is a "Name:" caption at the start of a line, or a form's
// "Name" cell before its value ("Name OKAFOR JR, EMMANUEL (SON)").
var nameCaptionRe = lazyRE(`^\s*(?:full\s+)?name(?:\s*[:-]|\s+)`)

// headedRoleName is the name in the section that a line of nothing but a
// role heads ("EMERGENCY CONTACT", then "Name:" and "BAPTISTE, LORRAINE"):
// the value of the first "Name:" caption in the four lines under it, or the
// first of them that holds nothing but a name; failing those, the line
// just above when it holds nothing but a name. ms are the role captions
// found on line i.
func headedRoleName(d document, i int, ms []phraseMatch[string]) (int, []word) {
	l := d.lines[i]
	// A heading that ends in "by" ("PICKED UP BY") heads whoever did it;
	// a status ("Picked up") heads no one.
	if len(ms) == 0 || !headingRoles[ms[0].kind] && l.words[ms[0].last].text != "by" {
		return i, nil
	}
	for _, w := range l.words[:ms[0].first] {
		// OCR's specks before a heading ("8 EMERGENCY CONTACT").
		if len(w.text) > 2 || !l.ocr {
			return i, nil
		}
	}
	// A heading may give the role two ways ("Partner / support person"
	// over a birth centre's form field; unseen148, round 29).
	covered := map[int]bool{}
	for _, m := range ms {
		for k := m.first; k <= m.last; k++ {
			covered[k] = true
		}
	}
	for k, w := range l.words[ms[0].last+1:] {
		if !headingWords[w.text] && !covered[ms[0].last+1+k] && w.text != "or" {
			return i, nil
		}
	}
	if h := headingValueLine(d, i); h >= 0 {
		// One of a row of headings over a row of values, as the
		// production reader gives side-by-side columns ("PATIENT",
		// "PARTNER" over "Orla Caskey", "Declan Caskey" on a fertility
		// unit's checklist; unseen169, round 31, the partner rated the
		// patient, a false accept at first measure): the n-th heading's
		// value is the n-th line after them.
		ws, _ := valueWords(d.lines[h], 0)
		return h, leadingName(ws)
	}
	for k := i + 1; k <= i+4 && k < len(d.lines); k++ {
		next := d.lines[k]
		if loc := nameCaptionRe.FindStringIndex(next.norm); loc != nil {
			if ws, _ := valueWords(next, loc[1]); len(ws) > 0 {
				return k, leadingName(ws)
			}
			if k+1 < len(d.lines) {
				ws, _ := valueWords(d.lines[k+1], 0)
				return k + 1, leadingName(ws)
			}
			return k, nil
		}
		// A caption ("Picked up by:") pairs with its value as captions do;
		// only a heading takes the name standing alone under it.
		if ws, _ := valueWords(next, 0); !strings.HasSuffix(l.raw, ":") && looksLikeName(ws) && allCapitalised(ws) && (len(ws) == len(next.words) || asideAfter(next, ws)) {
			return k, ws
		}
	}
	// No name under it: a card's or a mailing label's role under the name
	// ("LORETTA WHITACRE" over "ACCOUNT HOLDER" on a refill postcard, where
	// she was taken for the patient: unseen42, round 15).
	if k := lineAbove(d, i); k >= 0 && !strings.HasSuffix(l.raw, ":") {
		if ws, _ := valueWords(d.lines[k], 0); looksLikeName(ws) && allCapitalised(ws) && len(ws) == len(d.lines[k].words) {
			return k, ws
		}
	}
	return i, nil
}

// asideAfter reports line l holding nothing after the name ws but an aside
// in brackets ("Gustavo Ellerby (front desk)" under a courier's "Signed by";
// unseen121, round 25, where the signer's initial and surname under the
// signature were taken for the name instead, and he for the patient).
func asideAfter(l docLine, ws []word) bool {
	rest := strings.TrimSpace(l.norm[ws[len(ws)-1].end:])
	return strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")")
}

// lineAbove is the line standing just above line i on the page: the one
// before it, or where the reader placed the lines, the nearest of the three
// before it whose box ends above line i's, within a line's height, and
// shares some of its width (Textract interleaves side-by-side columns, which
// put a postcard's address block and its message a line apart: unseen42,
// round 15). -1 when there is none.
func lineAbove(d document, i int) int {
	b := d.lines[i].box
	if b.IsZero() {
		return i - 1
	}
	best, gap := -1, b.Height
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		o := d.lines[k].box
		g := b.Top - (o.Top + o.Height)
		if o.IsZero() || d.lines[k].page != d.lines[i].page || g < -b.Height/2 || g > gap ||
			o.Left >= b.Left+b.Width || b.Left >= o.Left+o.Width {
			continue
		}
		best, gap = k, g
	}
	return best
}

// captionedRoleName is the name after a role caption that ends at m: after
// its colon or dash, or straight after a caption that ends in "by" or "as"
// ("Collected by Jane Smith"), or on a line below when the caption ends its
// own ("Caregiver:"; see captionValueLine). It returns the line the name is
// on.
func captionedRoleName(d document, i int, m phraseMatch[string]) (_ int, _ []word, titled bool) {
	l := d.lines[i]
	rest := strings.TrimLeft(l.norm[m.end:], " ")
	from := len(l.norm) - len(rest)
	switch {
	case strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "-"):
		from++
	case strings.HasPrefix(rest, ",") && titledAfter(l, m.last):
		// A sentence's apposition: "her husband and carer, Mr Bernard
		// HARGROVE" (unseen26's travel letter, round 12, where the carer
		// was rated the patient).
		from++
	case strings.HasSuffix(l.words[m.last].text, "by") || l.words[m.last].text == "as" || l.words[m.last].text == "to":
		// "Collected by daughter, Ms Rosa Farrow": the relation, then
		// the name (unseen24's day log through the production reader,
		// round 14, where "Ms Rosa" was taken for another patient).
		from = pastRelation(l, m.last, from)
	case m.kind == previousOccupant && occupiedPlaceRe.MatchString(rest):
		from += occupiedPlaceRe.FindStringIndex(rest)[1]
	case m.kind == nextOfKin && m.first > 0 && relationOwners[l.words[m.first-1].text] && rest != "" &&
		!forRelativeRe.MatchString(l.norm[:l.words[m.first-1].start]):
		// A relative named in apposition: "Patient's husband Victor
		// Lindqvist joined the call with her permission" in a video
		// visit's progress note (unseen112, round 24, a false accept at
		// first measure on a fax, both readers: the patient's own
		// caption read poorly, the husband was rated the patient).
	case (m.first == 0 || rolesBefore(l, m.first)) && (m.last > m.first || strings.HasSuffix(l.words[m.last].text, "name")) && rest != "":
		// A form's label cell that starts its line, its value in the next
		// cell ("Account holder  Callum Ferrier  Order placed ..."): a
		// caption of two words or more (OCR may run them into one,
		// "Neighboursname Idris Gwilt"), then a name. The cell may give
		// the role two ways ("Partner / support person  Tobias Keane", a
		// birth centre's form through the production reader; unseen148,
		// round 29, a false accept).
	default:
		return i, nil, false
	}
	if strings.TrimSpace(l.norm[from:]) == "" {
		// The value of a caption alone on its line, paired as a patient
		// caption's is (a row of captions over a row of values).
		k, _ := captionValueLine(d, i)
		if k < 0 {
			return i, nil, false
		}
		ws, titled := valueWords(d.lines[k], 0)
		return k, leadingName(ws), titled
	}
	ws, titled := valueWords(l, pastNameCaption(l, pastOtherCaption(l, pastInstruction(l, from))))
	return i, leadingName(ws), titled
}

// rolesBefore reports the first words of l, up to word k, all roles (and
// the "or" between them: "Partner / support person").
func rolesBefore(l docLine, k int) bool {
	covered := make([]bool, k)
	for _, m := range roleCaptions.find(l.words[:k]) {
		for j := m.first; j <= m.last; j++ {
			covered[j] = true
		}
	}
	for j, w := range l.words[:k] {
		if !covered[j] && w.text != "or" {
			return false
		}
	}
	return k > 0
}

// subNameCaptionRe is a form's "Name:" inside a role's box, between the
// role and the name ("Received by  Name: Tamsin Holloway  Relationship to
// patient: spouse" on a specialty pharmacy's proof of delivery, read as one
// line; unseen106, round 23, a false accept at first measure: the spouse
// who signed for it was rated the patient).
var subNameCaptionRe = lazyRE(`^\s*(?:full\s+|print(?:ed)?\s+)?name\s*:`)

// pastNameCaption is where a caption's value starts past such a "Name:".
// Otherwise from.
func pastNameCaption(l docLine, from int) int {
	if loc := subNameCaptionRe.FindStringIndex(l.norm[from:]); loc != nil {
		return from + loc[1]
	}
	return from
}

// readersRelative reports the reader's relative named in apposition
// (ws, after "your" and the relation m on line l) as the one the page is
// about: the sentence goes on with them having the supply ("Your father,
// Mr. Anselmo Quiroga, had his Mounjaro 5 mg pen filled", a care
// coordinator's e-mail to his daughter), or the line is a letter's subject,
// the name and at most an address ("Your mother, Mrs Edith Fairclough, 4
// Priestpopple Gardens, Hexham", a pharmacy's letter to her attorney son);
// unseen126, round 25, the addressee rated the patient on 2 uploads, both
// readers. "Your husband, Mr Ian Cole, collected it" stays a collector.
func readersRelative(l docLine, m phraseMatch[string], ws []word) bool {
	if m.first == 0 || l.words[m.first-1].text != "your" || len(ws) == 0 {
		return false
	}
	rest := l.norm[ws[len(ws)-1].end:]
	return hadSupplyRe.MatchString(rest) || m.first == 1 && subjectRestRe.MatchString(rest)
}

var (
	// hadSupplyRe goes on after a name with its owner having something.
	hadSupplyRe = lazyRE(`^\s*,\s*(?:had|has)\s+(?:his|her|their)\b`)
	// subjectRestRe is what may follow a name on a letter's subject line:
	// nothing, or an address.
	subjectRestRe = lazyRE(`^\s*(?:,\s*\d[^.;:]*)?$`)
)

// readerOfRelative is the role of a letter's addressee where the letter is
// about the reader's relative.
const readerOfRelative = "the reader of a page about their relative"

// letterReader is the addressee of a letter whose line i names the reader's
// relative (ws) as the one it is about: the last titled name of the ten
// lines above that is not the relative's ("Mr Desmond Fairclough" in the
// address block over "Your mother, Mrs Edith Fairclough, 4 Priestpopple
// Gardens"; unseen126, round 26: beside it the mother, the patient, was
// rated not_found as one of two people).
func letterReader(d document, i int, relative []word) (int, []word) {
	for k := i - 1; k >= 0 && k >= i-10; k-- {
		if ws, ok := titledName(d.lines[k]); ok && wordsText(ws) != wordsText(relative) {
			return k, ws
		}
	}
	return -1, nil
}

// forRelativeRe ends the words before a relative that say the relative is
// whom a prescription or a medicine is for ("I'm ringing about the
// prescription for your husband, Clifford Arkwright" in a pharmacy's
// voicemail to his wife; unseen124, round 25): that relative is the
// patient, named by the patient captions, not someone in another role.
var forRelativeRe = lazyRE(`\b(?:prescriptions?|medicines?|medications?|items?|order|pens?)\s+for\s*$`)

// relationOwners are the words before a relative that say whose relative
// it is ("the patient's husband", "her wife").
var relationOwners = map[string]bool{"patient's": true, "patients": true, "her": true, "his": true, "their": true, "your": true}

// formInstructions are a form's words to whoever fills it in, in brackets
// after a caption ("Received by (print)", "(block capitals)").
var formInstructions = map[string]bool{"print": true, "printed": true, "please": true, "name": true, "block": true, "capitals": true, "caps": true, "in": true, "full": true}

// pastInstruction is where a caption's value starts past a bracketed
// instruction ("Received by (print) Tomas Ibarra-Lund": unseen80's
// delivery slip, round 20, a false accept at first measure: the husband who
// received it was rated the patient). Otherwise from.
func pastInstruction(l docLine, from int) int {
	rest := strings.TrimLeft(l.norm[from:], " ")
	if !strings.HasPrefix(rest, "(") {
		return from
	}
	open := len(l.norm) - len(rest)
	end := strings.IndexByte(l.norm[open:], ')')
	if end < 0 {
		return from
	}
	ws := l.wordsIn(open, open+end)
	if len(ws) == 0 || slices.ContainsFunc(ws, func(w word) bool { return !formInstructions[w.text] }) {
		return from
	}
	return open + end + 1
}

// pastOtherCaption is where a bilingual caption's value starts: past the
// slash and the caption in another script that OCR reads as a word or
// two of no name ("Received by / 7aj7nn Rivka Friedman (daughter-in-law)",
// a Brooklyn pharmacy's delivery slip captioned in English and Hebrew;
// unseen71, a false accept at first measure, round 19: the lead who
// received it was rated the patient). Otherwise from.
func pastOtherCaption(l docLine, from int) int {
	rest := strings.TrimLeft(l.norm[from:], " ")
	if !strings.HasPrefix(rest, "/") {
		return from
	}
	ws := l.wordsIn(len(l.norm)-len(rest)+1, len(l.norm))
	for k := 0; k < len(ws) && k <= 2; k++ {
		if ws[k].capital && !hasDigit(ws[k].text) {
			if k == 0 {
				return from
			}
			return ws[k].start
		}
	}
	return from
}

// pastRelation is where a name starts after word k of l when a relation
// stands first ("by daughter, Ms Rosa", "by her son Tom"): past the
// relation and its comma. Otherwise from.
func pastRelation(l docLine, k, from int) int {
	j := k + 1
	if j < len(l.words) && (l.words[j].text == "her" || l.words[j].text == "his" || l.words[j].text == "their") {
		j++
	}
	if j >= len(l.words) {
		return from
	}
	ms := relativeWords.find(l.words[j:])
	if len(ms) == 0 || ms[0].first != 0 {
		return from
	}
	end := ms[0].end
	if end < len(l.norm) && l.norm[end] == ',' {
		end++
	}
	return end
}

// titledAfter reports a title (Mr, Mrs, Ms ...) as the next word after
// word k of l: a person's name follows.
func titledAfter(l docLine, k int) bool {
	return k+1 < len(l.words) && titles[l.words[k+1].text] && l.words[k+1].text != "dr" && l.words[k+1].text != "prof"
}

// leadingName is the run of capitalised words at the start of ws that no
// name lacks ("Sarah Collins" of "Sarah Collins on 12/11/2026"). A word
// in l before a capitalised one counts as capitalised: OCR reads a capital
// I as l ("Collected by: Mr lolo Bowen (neighbour)" for Iolo Bowen, whose
// name then matched only outside its role: unseen41, round 15).
func leadingName(ws []word) []word {
	for k, w := range ws {
		readAsI := strings.HasPrefix(w.text, "l") && k+1 < len(ws) && ws[k+1].capital
		if !(w.capital || readAsI) || isNonNameWord(w.text) {
			return ws[:k]
		}
	}
	return ws
}

// closingRe is a letter's or a note's closing line, over its writer's name.
var closingRe = lazyRE(`^\W*(?:thank\s+you|thanks|many\s+thanks|with\s+thanks|kind\s+regards|best\s+regards|warm\s+regards|regards|best\s+wishes|yours\s+sincerely|yours\s+faithfully|yours\s+truly|sincerely|love|best)\W*$`)

// relativeWords say how a letter's writer is related to the patient.
var relativeWords = newPhraseSet(map[bool][]string{true: {
	"daughter", "son", "wife", "husband", "partner", "mother", "mum", "mom", "father", "dad", "sister", "brother",
	"niece", "nephew", "granddaughter", "grandson", "grandchild", "aunt", "uncle", "cousin", "friend",
	"neighbour", "neighbor", "carer", "caregiver", "daughter in law", "son in law",
}})

// holdingRe tells a letter's reader that they hold the policy or the
// account the page is about, which may be someone else's treatment ("You
// are the policyholder; the person treated is shown against each claim").
var holdingRe = lazyRE(`\byou\s+are\s+the\s+(?:policy\s*holder|plan\s*holder|account\s*holder|card\s*holder|subscriber|main\s+member|primary\s+member)\b`)

// readersHolding is the name of a letter's reader (and its line) where
// line i, with the next when its sentence runs on, tells the reader that
// they hold the policy or the account: the titled name above the greeting
// whose surname the greeting names ("Mr Alastair Renwick" in the address
// block over "Dear Mr Renwick, ... You are the policyholder" on an
// insurer's statement of his wife's Mounjaro claim; unseen91, round 22,
// where the local reader put her name on a line of its own out of her row
// and his was taken for the patient's, a false accept).
func readersHolding(d document, i int) (int, []word) {
	text := d.lines[i].norm
	if i+1 < len(d.lines) && d.lines[i+1].page == d.lines[i].page {
		text += " " + d.lines[i+1].norm
	}
	loc := holdingRe.FindStringIndex(text)
	if loc == nil || loc[0] >= len(d.lines[i].norm) {
		return i, nil
	}
	for g := i; g >= max(0, i-3); g-- {
		greeted := greetedWords(d.lines[g])
		if len(greeted) == 0 {
			continue
		}
		surname := greeted[len(greeted)-1].text
		for k := g - 1; k >= max(0, g-12); k-- {
			if ws, ok := titledName(d.lines[k]); ok && ws[len(ws)-1].text == surname {
				return k, ws
			}
		}
		return i, nil
	}
	return i, nil
}

// greetedWords are the words of a line's greeting after its opening word
// ("Dear Mr Renwick," gives "mr renwick"); none without a greeting.
func greetedWords(l docLine) []word {
	end := greetedEnd(l)
	var out []word
	for _, w := range l.words {
		if w.end > end {
			break
		}
		out = append(out, w)
	}
	if len(out) < 2 {
		return nil
	}
	return out[1:]
}

// signedRelative is the name a letter or a note is signed with, under its
// closing and with how the writer is related in brackets or after a dash
// ("Thank you," then "Karen Ashby (daughter)"): a relative or a friend
// writing for the patient, never the patient (unseen20, round 12: a
// daughter's covering note over her mother's label, the two of one
// surname, left the mother's name not_found). nil when line i is no such
// signature. A relationship under a name elsewhere heads a household's
// section (householdHeadings), which names its patient.
func signedRelative(d document, i int) []word {
	if i == 0 || !closingRe.MatchString(d.lines[i-1].norm) {
		return nil
	}
	l := d.lines[i]
	ms := relativeWords.find(l.words)
	if len(ms) == 0 || ms[0].last != len(l.words)-1 && ms[len(ms)-1].last != len(l.words)-1 {
		return nil
	}
	m := ms[len(ms)-1]
	return bracketedRoleName(l, m.first, m.start)
}

// letterWriter is the role of a letter's signer under a staff title.
const letterWriter = "the letter's writer"

// signedStaff is the name a letter is signed with over its writer's title
// (a closing, at most a line of signature between, the printed name alone
// on line i, then "Study Coordinator, Clinical Research Facility": a
// prescriber's, a pharmacist's or a study's staff title; unseen138, round
// 27, a study coordinator who shares no surname with anyone was rated the
// patient when the lead was she). nil when line i is no such name.
func signedStaff(d document, i int) []word {
	if i+1 >= len(d.lines) || !isPrescriberLine(d.lines[i+1]) {
		return nil
	}
	closed := false
	for k := i - 1; k >= max(0, i-2); k-- {
		closed = closed || closingRe.MatchString(d.lines[k].norm)
	}
	l := d.lines[i]
	if !closed || isPrescriberLine(l) {
		return nil
	}
	if ws, _ := valueWords(l, 0); len(ws) == len(l.words) && allCapitalised(ws) {
		return ws
	}
	return nil
}

// bracketedRoleName is the name just before a role word in brackets or
// after a dash ("SARAH COLLINS (CAREGIVER)", "Jane Smith - mother"): the
// capitalised words before it, back to a mark or a word no name has.
func bracketedRoleName(l docLine, first, start int) []word {
	before := strings.TrimRight(l.norm[:start], " ")
	if !strings.HasSuffix(before, "(") && !strings.HasSuffix(before, "-") {
		return nil
	}
	return nameBefore(l, first, start)
}

// nextOfKin is the role of a spouse, a partner or a relative in brackets.
const nextOfKin = "an emergency contact or next of kin"

// parentOrGuardian is the role of a parent or a guardian. In brackets after
// a patient's caption's name it says how the patient stands to the
// account's holder ("Patient: Thomas Liang (father)" on a son's order for
// his father; unseen93, round 22, the lead not_found on 3 uploads), as a
// spouse's does.
const parentOrGuardian = "a parent or guardian"

// patientCaptionRe ends a line's text with a patient's caption.
//
// A plan app's "Viewing member: Marisol Dunleavy (spouse)" under "Signed
// in: Terrence Dunleavy (subscriber)" names whose claims are shown
// (unseen182, round 32: she was taken for his next of kin on 3 uploads).
var patientCaptionRe = lazyRE(`(?:\bpatient(?:'s)?(?:\s+(?:full\s+)?name)?|\bpt\.?(?:\s+name)?|\b(?:records?|prescriptions?|medications?)\s+(?:for|of)|\bviewing\s+member)\s*[:-]?\s*$`)

// patientCaptionBefore reports a patient's caption just before byte start
// of l ("Patient:", "Prescription for:"; a health plan's letter to its
// subscriber about "Recent prescription for: Corinne Fenwick (spouse)" took
// her for his next of kin and rated him the patient: unseen110, round 24, a
// false accept at first measure on 2 uploads, both readers):
// "Patient: LUCIA ESCALANTE (Spouse)" on an insurer's claim names the
// patient, and in brackets how she stands to the plan's subscriber, no
// other role (a relation only: "Patient: Gail Ostrowski (account holder)"
// over a family's records still names the account's holder, whose own
// records may not be the requested medicine's; unseen30) (unseen60's explanation of benefits through the production
// reader, a false accept at first measure, round 17: the subscriber, named
// uncaptioned in the address block, was rated the patient).
func patientCaptionBefore(l docLine, start int) bool {
	return patientCaptionRe.MatchString(l.norm[:start])
}

// bankAccounts name a bank account in a banking app's or a statement's
// heading ("< Back Tamsin Orr-Ewing < Current account").
var bankAccounts = newPhraseSet(map[bool][]string{true: {
	"current account", "checking account", "savings account", "joint account", "personal account",
	"everyday account", "credit card account", "debit card account",
}})

// bankAccountHolder is the name just before a bank account's name on a
// line: whose account paid, not whose prescription it was (unseen60's
// banking app, a transaction's detail with the pharmacy's itemised receipt
// under it; a false accept at first measure, round 17).
func bankAccountHolder(l docLine) []word {
	ms := bankAccounts.find(l.words)
	if len(ms) == 0 {
		return nil
	}
	return nameBefore(l, ms[0].first, ms[0].start)
}

// nameBefore is the name just before word first (starting at byte start)
// of l: the capitalised words before it, back to a mark or a word no name
// has.
func nameBefore(l docLine, first, start int) []word {
	var ws []word
	for k := first - 1; k >= 0 && len(ws) < 4; k-- {
		w := l.words[k]
		if !w.capital && !hyphenedToName(l, k) || hasDigit(w.text) || isNonNameWord(w.text) || titles[w.text] {
			break
		}
		if gap := l.norm[w.end:max(w.end, nextStart(l, k, start))]; strings.ContainsAny(gap, ":;|") {
			break
		}
		ws = append([]word{w}, ws...)
	}
	return ws
}

// hyphenedToName reports word k of l joined by a hyphen to a capitalised
// word before it: the second part of a name such as "Soon-ja" or
// "Min-seo", in small letters as such names are romanised (unseen71's
// clinic letter, round 19: "Mrs KIM Soon-ja (mother)" was no name before
// its role).
func hyphenedToName(l docLine, k int) bool {
	return k > 0 && l.words[k-1].capital && l.norm[l.words[k-1].end:l.words[k].start] == "-"
}

// nameAboveRole is the name just above a role in brackets that starts a
// cell of its own line, as a reader splits a table's cell over two lines
// ("Gerald Okafor" over "(husband)" in an office log's "Picked up by"
// column, the patient's name on the role's line; unseen62, a false accept
// at first measure, round 17): the capitalised words of the line above
// from the one that starts where the role starts (by the words' boxes).
func nameAboveRole(d document, i int, m phraseMatch[string]) (int, []word) {
	l := d.lines[i]
	if i == 0 || !strings.HasSuffix(strings.TrimRight(l.norm[:m.start], " "), "(") {
		return i, nil
	}
	rb := l.words[m.first].box
	if rb == (Box{}) {
		return i, nil
	}
	slack := max(rb.Height, 0.005)
	// The line just above, or a few lines up where the reader put the
	// row's other cells between (Textract: "Gerald Okafor", then the
	// patient's and the dates' cells, then "(husband)").
	for a := i - 1; a >= max(0, i-4); a-- {
		above := d.lines[a]
		for k, w := range above.words {
			b := w.box
			if b == (Box{}) || b.Left < rb.Left-slack || b.Left > rb.Left+slack || b.Top >= rb.Top || rb.Top-(b.Top+b.Height) > 2*rb.Height {
				continue
			}
			var ws []word
			for _, n := range above.words[k:] {
				if len(ws) == 4 || !n.capital || hasDigit(n.text) || isNonNameWord(n.text) || titles[n.text] {
					break
				}
				ws = append(ws, n)
			}
			return a, ws
		}
	}
	return i, nil
}

// nextStart is where the word after word k of l starts (start when k is the
// last before it).
func nextStart(l docLine, k, start int) int {
	if k+1 < len(l.words) && l.words[k+1].start < start {
		return l.words[k+1].start
	}
	return start
}

// withoutRoleNames is d without the words of the names in other roles, so
// that neither a caption's value nor the search for the lead's name takes
// them for the patient's.
func withoutRoleNames(d document, roles []roleName) document {
	if len(roles) == 0 {
		return d
	}
	out := d
	out.lines = slices.Clone(d.lines)
	for _, r := range roles {
		l := &out.lines[r.line]
		l.words = slices.DeleteFunc(slices.Clone(l.words), func(w word) bool {
			return slices.ContainsFunc(r.words, func(o word) bool { return o.start == w.start })
		})
	}
	return out
}

// addRoles notes the lead's name given in another role: after a role
// caption, or on a prescriber's or pharmacist's line.
func (ev *nameEvidence) addRoles(d document, roles []roleName, e expectedName) {
	for _, r := range roles {
		l := d.lines[r.line]
		if o, level := compareName(r.words, e, l.reading()); (o == nameFull || o == nameSwapped) && level >= ocrMatch {
			firstSeen(&ev.inRole, nameSeen{sure: readCertainty(l.reading().of(r.words).conf), ocr: l.ocr, at: spotOfWords(l, r.words), role: r.role, signedIn: r.signedIn})
		}
	}
	for i, l := range d.lines {
		if !isPrescriberLine(l) || declarantSignature(d, i) || recipientSigned(d, i) {
			continue
		}
		if o, level, _, conf, at := searchName(l, e); (o == nameFull || o == nameSwapped) && level >= ocrMatch && !doctorAfter(l, at) {
			firstSeen(&ev.inRole, nameSeen{sure: readCertainty(conf), ocr: l.ocr, at: at, role: "the prescriber or pharmacist"})
		}
	}
}

// recipientSigned reports a delivery's recipient who signed for it, the
// line's "(signed)" no prescriber's signature: "Recipient Marisol Ybarra
// (signed)" on a courier's confirmation, or "Marisol Ybarra (signed)" under
// a "Recipient" cell as Textract reads it, specks between (unseen179, round 32, the
// patient taken for a prescriber on 3 uploads each reader). Only the
// recipient's: "Mrs Joan Petrie, No. 12 (signed)" under "Left with
// neighbour" is the neighbour's (unseen97).
func recipientSigned(d document, i int) bool {
	l := d.lines[i]
	if !strings.Contains(strings.ToLower(l.raw), "(signed)") {
		return false
	}
	if strings.HasPrefix(l.norm, "recipient") {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		switch above := strings.TrimSpace(d.lines[k].norm); {
		case above == "recipient":
			return true
		case len(above) > 2: // OCR's specks between ("y") pass
			return false
		}
	}
	return false
}

// declarantCertifiesRe is a form's declaration in its signer's own words
// ("I certify that my answers are true", "| certify that" as OCR reads
// the I, "I declare that", "I have read the answers above"), and
// declarantSignatureRe the signature of whoever answers a form about
// themselves ("Signature of proposed insured", "Applicant signature",
// "Driver's signature").
var (
	declarantCertifiesRe = lazyRE(`\b(?:i\s+)?(?:certify|declare|confirm|attest)\s+that\b|\bi\s+have\s+read\b|\b(?:declare|certify|state)\s+under\s+penalty\s+of\s+perjury\b`)
	declarantSignatureRe = lazyRE(`\b(?:(?:applicant|patient|driver|employee|member|claimant|insured|mariner|seafarer|pilot|declarant|athlete|student)(?:'s)?\s+signature|signature\s+of\s+(?:the\s+)?(?:proposed\s+)?(?:applicant|patient|driver|employee|member|claimant|insured|mariner|seafarer|pilot|declarant|athlete|student))\b`)
)

// declarantSignature reports a signature line of a form's own declarant,
// no prescriber's: one captioned as the declarant's, or one on or just
// under a declaration in the signer's own words (unseen72's occupational,
// driving and insurance forms, round 19: the patient who signed her own
// answers was taken for their prescriber, and her name was not_found on
// eleven uploads).
func declarantSignature(d document, i int) bool {
	l := d.lines[i]
	if !strings.Contains(l.norm, "signature") && !strings.Contains(l.norm, "signed") {
		return false
	}
	return declarantSignatureRe.MatchString(l.norm) || declarantCertifiesRe.MatchString(l.norm) ||
		i > 0 && declarantCertifiesRe.MatchString(d.lines[i-1].norm) || i > 1 && wrappedDeclaration(d.lines[i-2], d.lines[i-1]) ||
		selfFiledForm(d)
}

// wrappedDeclaration reports a declaration in its signer's own words that
// ends on the line after it (above, rest): "I declare under penalty of
// perjury ... that the foregoing is true and" over "correct." over "Date:
// 11/24/2026 Signature: Corinne Valdes-Park" on a court's financial
// affidavit (unseen170, round 32: the petitioner who signed her own
// expenses was taken for a prescriber and not_found on 4 uploads).
func wrappedDeclaration(above, rest docLine) bool {
	return declarantCertifiesRe.MatchString(above.norm) && continuesSentence(above) && len(rest.words) <= 4
}

// selfFiledRe captions a form's filer as the one who answers it ("Your
// name:", "Name of person filing:", "Claimant's name:").
var selfFiledRe = lazyRE(`^\s*(?:your\s+(?:full\s+)?name|name\s+of\s+(?:the\s+)?person\s+filing|claimant'?s?\s+(?:full\s+)?name)\s*:`)

// selfFiledForm reports a form its filer answers about themselves, so
// that its signature is the filer's own (a Universal Credit health
// questionnaire's "Your name: Gwilym Parry-Rees" over "Signature: G
// Parry-Rees Date: 22/11/2026", an SSA function report's "Name of person
// filing"; unseen156, round 29: the signature's day rated the dispensing
// date, false accepts at first measure on 5 uploads, each reader).
func selfFiledForm(d document) bool {
	return slices.ContainsFunc(d.lines, func(l docLine) bool { return selfFiledRe.MatchString(l.norm) })
}

// signedInCaption reports a caption of whoever is signed in ("Logged in
// as").
func signedInCaption(l docLine, m phraseMatch[string]) bool {
	w := l.words[m.first].text
	return w == "signed" || w == "logged"
}

// ownRecords are phrases of a page that shows its reader their own
// records ("Your prescriptions", "My medicines").
var ownRecords = newPhraseSet(map[bool][]string{true: {
	"your prescriptions", "your prescription", "your medicines", "your medications", "your medication",
	"your orders", "your repeat prescriptions", "your repeat medicines", "your prescription history",
	"my prescriptions", "my medicines", "my medications", "my orders", "my prescription history",
	// An online pharmacy's "Order history" under "Signed in as Callum
	// Deverell-Shaw" (unseen177, round 32, the patient named only as the
	// account's holder on 3 uploads).
	"order history", "your order history", "my order history",
}})

// othersRecords are phrases of a page that may show someone else's
// records to whoever is signed in (a parent's proxy access, a family
// account).
var othersRecords = newPhraseSet(map[bool][]string{true: {
	"viewing", "viewing as", "proxy", "on behalf of", "switch profile", "switch account", "switch user",
	"family member", "family members", "linked profile", "linked account", "dependant", "dependent",
	"dependants", "dependents", "child", "children", "acting for", "managing", "managed by", "household",
}})

// showsOwnRecords reports a page that speaks to its reader of their own
// records, and of no one else's.
func showsOwnRecords(d document) bool {
	own := false
	for _, l := range d.lines {
		if len(othersRecords.find(l.words)) > 0 {
			return false
		}
		own = own || len(ownRecords.find(l.words)) > 0
	}
	return own
}

// veterinary reports a document about an animal, and where it says so.
func veterinary(d document) (bool, *spot) {
	for _, l := range d.lines {
		if ms := vetMarkers.find(l.words); len(ms) > 0 {
			return true, &spot{line: l, from: ms[0].start, to: ms[0].end}
		}
	}
	return false, nil
}

// selfRe is "(self)" after a name: an insurer's or a family account's
// relationship column, where a bracketed "(spouse)" or "(child)" says how a
// row's patient relates to the holder, not that they hold another role. A
// bracketed "(Spouse, dependent)" alone is no such column: a page of the
// subscriber's own claims lists the dependants too, and the name would be
// taken for the patient's.
var selfRe = lazyRE(`[a-z]\s*\(\s*self\s*\)`)

// relationColumn reports a document whose names carry their relationship
// to an account's holder in brackets ("Patricia Huang (self)").
func relationColumn(d document) bool {
	if d.relations {
		return true
	}
	for _, l := range d.lines {
		if selfRe.MatchString(l.norm) {
			return true
		}
	}
	return false
}
