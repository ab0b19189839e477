package evidence

import "testing"

// The rule tables tried on evidence values alone: no document text, each
// case the evidence a rule is about and the rule that must decide it.

func seenAs(c certainty) *nameSeen { return &nameSeen{sure: c} }

func TestNameRules(t *testing.T) {
	lead := nameEvidence{leadKnown: true, leadNamed: true, absent: Medium}
	with := func(f func(*nameEvidence)) nameEvidence {
		e := lead
		f(&e)
		return e
	}
	runRuleCases(t, nameRules, []ruleCase[nameEvidence]{
		{"no lead", nameEvidence{labelled: seenAs(highCertainty)}, "no-lead", Rating{NotFound, High}, "no lead has this user id"},
		{"a lead without a name", nameEvidence{leadKnown: true, labelled: seenAs(highCertainty)}, "lead-without-name", Rating{NotFound, High}, "no name on record"},
		{"a veterinary prescription, the lead its owner", with(func(e *nameEvidence) { e.animal, e.inRole = seenAs(mediumCertainty), seenAs(highCertainty) }),
			"animal-patient", Rating{Invalid, Medium}, "for an animal"},
		{"a veterinary prescription, the lead its labelled patient", with(func(e *nameEvidence) { e.animal, e.labelled = seenAs(mediumCertainty), seenAs(highCertainty) }),
			"animal-patient", Rating{Invalid, Medium}, "for an animal"},
		{"two labelled patients, the requested medicine under the lead's caption", with(func(e *nameEvidence) {
			e.labelled, e.labelledOther, e.underLead = seenAs(highCertainty), seenAs(highCertainty), true
		}), "labelled-name-over-requested-medicine", Rating{Valid, Medium}, "the patient name"},
		{"two labelled patients, the requested medicine under the other's", with(func(e *nameEvidence) {
			e.labelled, e.labelledOther, e.underOther = seenAs(highCertainty), seenAs(highCertainty), true
		}), "labelled-name-under-another-patient", Rating{Invalid, Medium}, "listed under another patient's name"},
		{"a labelled name, the requested medicine under a caption whose name was not read whole", with(func(e *nameEvidence) { e.labelled, e.underOther = seenAs(highCertainty), true }),
			"labelled-name-under-another-patient", Rating{NotFound, Low}, "listed under another patient's name"},
		{"two labelled patients", with(func(e *nameEvidence) { e.labelled, e.labelledOther = seenAs(highCertainty), seenAs(highCertainty) }),
			"labelled-name-beside-other-patient", Rating{NotFound, Low}, "more than one patient"},
		{"a labelled name and a swapped one whose order a title fixes", with(func(e *nameEvidence) { e.labelled, e.swap.certain = seenAs(highCertainty), seenAs(highCertainty) }),
			"labelled-name-beside-swapped-name", Rating{NotFound, Low}, "more than one patient"},
		{"a labelled name, the forename addressed as a surname", with(func(e *nameEvidence) { e.labelled, e.forenameAsSurname = seenAs(highCertainty), true }),
			"labelled-name-forename-addressed-as-surname", Rating{NotFound, Low}, "surname that is the lead's forename"},
		{"a labelled name read well", with(func(e *nameEvidence) { e.labelled = seenAs(highCertainty) }), "labelled-name", Rating{Valid, High}, ""},
		{"a labelled name paired by position is likely, not certain", with(func(e *nameEvidence) { e.labelled = &nameSeen{sure: highCertainty, paired: true} }),
			"labelled-name", Rating{Valid, Medium}, "the patient name"},
		{"a labelled name, swapped elsewhere with nothing fixing the order", with(func(e *nameEvidence) { e.labelled, e.swap.bare = seenAs(highCertainty), seenAs(highCertainty) }),
			"labelled-name", Rating{Valid, Medium}, "the patient name"},
		{"another labelled patient", with(func(e *nameEvidence) { e.labelledOther = seenAs(highCertainty) }), "labelled-other-name", Rating{Invalid, High}, "not the lead's name"},
		{"another labelled patient read by OCR", with(func(e *nameEvidence) { e.labelledOther = &nameSeen{sure: highCertainty, ocr: true} }),
			"labelled-other-name", Rating{Invalid, Medium}, "not the lead's name"},
		{"a fixed swap beside the lead's name", with(func(e *nameEvidence) { e.swap.certain, e.anywhere = seenAs(highCertainty), seenAs(highCertainty) }),
			"swapped-name-order-fixed-beside-name", Rating{NotFound, Low}, "more than one person"},
		{"a swapped forename and surname whose order a title fixes is never valid", with(func(e *nameEvidence) { e.swap.certain = seenAs(highCertainty) }),
			"swapped-name-order-fixed", Rating{Invalid, High}, "other way round"},
		{"a household's page, the requested medicine under another person's heading", with(func(e *nameEvidence) { e.anywhere, e.rowOther = seenAs(highCertainty), seenAs(highCertainty) }),
			"medicine-under-another-person", Rating{Invalid, Medium}, "under another person's name"},
		{"the requested medicine under the lead's heading and another's", with(func(e *nameEvidence) {
			e.anywhere, e.rowOther, e.rowLead, e.uncaptioned = seenAs(highCertainty), seenAs(highCertainty), seenAs(highCertainty), seenAs(mediumCertainty)
		}), "name-beside-uncaptioned-other", Rating{NotFound, Low}, "more than one person"},
		{"the name beside another where a label prints the patient", with(func(e *nameEvidence) { e.anywhere, e.uncaptioned = seenAs(mediumCertainty), seenAs(mediumCertainty) }),
			"name-beside-uncaptioned-other", Rating{NotFound, Low}, "more than one person"},
		{"the name beside another person of the lead's surname", with(func(e *nameEvidence) { e.anywhere, e.namesake = seenAs(highCertainty), seenAs(highCertainty) }),
			"name-beside-namesake", Rating{NotFound, Low}, "another person with the lead's surname"},
		{"the requested medicine's row names the lead, beside a namesake", with(func(e *nameEvidence) {
			e.anywhere, e.namesake, e.rowLead = seenAs(highCertainty), seenAs(highCertainty), seenAs(highCertainty)
		}), "name-on-medicine-row-beside-namesake", Rating{Valid, Medium}, "the patient name"},
		{"the requested medicine's row names a namesake", with(func(e *nameEvidence) {
			e.anywhere, e.namesake, e.rowNamesake = seenAs(highCertainty), seenAs(highCertainty), seenAs(highCertainty)
		}), "namesake-on-medicine-row", Rating{Invalid, High}, "row on the document names another person"},
		{"a namesake's row read by OCR", with(func(e *nameEvidence) {
			e.namesake, e.rowNamesake = seenAs(highCertainty), &nameSeen{sure: highCertainty, ocr: true}
		}), "namesake-on-medicine-row", Rating{Invalid, Medium}, "row on the document names another person"},
		{"the requested medicine on the rows of both", with(func(e *nameEvidence) {
			e.anywhere, e.namesake, e.rowLead, e.rowNamesake = seenAs(highCertainty), seenAs(highCertainty), seenAs(highCertainty), seenAs(highCertainty)
		}), "name-beside-namesake", Rating{NotFound, Low}, "another person with the lead's surname"},
		{"a labelled name beside a namesake", with(func(e *nameEvidence) { e.labelled, e.namesake = seenAs(highCertainty), seenAs(highCertainty) }),
			"labelled-name", Rating{Valid, High}, ""},
		{"the name, and in another role elsewhere", with(func(e *nameEvidence) {
			e.anywhere, e.inRole = seenAs(highCertainty), &nameSeen{sure: highCertainty, role: "the account holder"}
		}), "name-beside-own-role", Rating{NotFound, Low}, "as the account holder, and elsewhere without a caption"},
		{"the name, and swapped elsewhere with nothing fixing the order", with(func(e *nameEvidence) { e.anywhere, e.swap.bare = seenAs(highCertainty), seenAs(highCertainty) }),
			"name-beside-bare-swapped-name", Rating{Valid, Medium}, "the patient name"},
		{"the name, the forename addressed as a surname", with(func(e *nameEvidence) { e.anywhere, e.forenameAsSurname = seenAs(highCertainty), true }),
			"name-forename-addressed-as-surname", Rating{NotFound, Low}, "surname that is the lead's forename"},
		{"the name heading only another medicine's row among several people's", with(func(e *nameEvidence) {
			e.anywhere, e.othersRows = seenAs(highCertainty), seenAs(highCertainty)
		}), "lead-on-other-medicines-row", Rating{NotFound, Low}, "several people's medicines"},
		{"the name on a line", with(func(e *nameEvidence) { e.anywhere = seenAs(mediumCertainty) }), "name-anywhere", Rating{Valid, Medium}, "the patient name"},
		{"a bare swapped forename and surname is never valid", with(func(e *nameEvidence) { e.swap.bare = seenAs(highCertainty) }),
			"swapped-name-bare", Rating{Invalid, Low}, "check by hand"},
		{"a near miss", with(func(e *nameEvidence) { e.near = seenAs(highCertainty) }), "near-name", Rating{NotFound, Low}, "spelt differently"},
		{"two people where a label prints the patient", with(func(e *nameEvidence) { e.severalUncaptioned = seenAs(lowCertainty) }),
			"several-uncaptioned-names", Rating{NotFound, Low}, "more than one person"},
		{"another person where a label prints the patient", with(func(e *nameEvidence) { e.uncaptioned = seenAs(mediumCertainty) }),
			"uncaptioned-other-name", Rating{Invalid, Medium}, "not the lead's name"},
		{"the lead signed in to a page of their own records", with(func(e *nameEvidence) {
			e.inRole, e.ownRecords = &nameSeen{sure: highCertainty, role: accountHolder, signedIn: true}, true
		}), "lead-signed-in-to-own-records", Rating{Valid, Medium}, "signed in"},
		{"the lead signed in to a page, not of their own records", with(func(e *nameEvidence) {
			e.inRole = &nameSeen{sure: highCertainty, role: accountHolder, signedIn: true}
		}), "lead-named-only-in-role", Rating{NotFound, Medium}, "only as the account holder"},
		{"the lead only as a carer", with(func(e *nameEvidence) { e.inRole = &nameSeen{sure: highCertainty, role: "a carer"} }),
			"lead-named-only-in-role", Rating{NotFound, Medium}, "only as a carer, not as the patient"},
		{"the lead as a carer, another labelled patient", with(func(e *nameEvidence) {
			e.inRole, e.labelledOther = &nameSeen{sure: highCertainty, role: "a carer"}, seenAs(highCertainty)
		}), "labelled-other-name", Rating{Invalid, High}, "not the lead's name"},
		{"the lead as a parent, another patient where a label prints it", with(func(e *nameEvidence) {
			e.inRole, e.uncaptioned = &nameSeen{sure: highCertainty, role: "a parent or guardian"}, seenAs(mediumCertainty)
		}), "uncaptioned-other-name", Rating{Invalid, Medium}, "not the lead's name"},
		{"the lead as a carer and labelled as the patient", with(func(e *nameEvidence) {
			e.inRole, e.labelled = &nameSeen{sure: highCertainty, role: "a carer"}, seenAs(highCertainty)
		}), "labelled-name", Rating{Valid, High}, ""},
		{"an initial and the surname", with(func(e *nameEvidence) { e.partial = seenAs(highCertainty) }), "partial-name", Rating{NotFound, Low}, "only partly"},
		{"shipped to someone else", with(func(e *nameEvidence) { e.addressee = seenAs(highCertainty) }), "addressee-other-name", Rating{Invalid, Low}, "made out to someone other"},
		{"no name", lead, "no-name", Rating{NotFound, Medium}, "the patient name"},
	})
}

// TestSwappedNameIsNeverValid: whatever else the evidence holds, a name
// with the lead's forename and surname swapped never makes the patient
// name valid: only the lead's own order does.
func TestSwappedNameIsNeverValid(t *testing.T) {
	seen := []*nameSeen{nil, seenAs(highCertainty)}
	for mask := range 1 << 9 {
		bit := func(i int) *nameSeen { return seen[mask>>i&1] }
		e := nameEvidence{
			leadKnown: true, leadNamed: true, forenameAsSurname: mask&1 != 0,
			labelledOther: bit(1), addressee: bit(2), near: bit(3), partial: bit(4),
			uncaptioned: bit(5), severalUncaptioned: bit(6),
			swap: swapSeen{certain: bit(7), bare: bit(8)}, absent: Medium,
		}
		if e.swap.certain == nil && e.swap.bare == nil {
			continue
		}
		if f := decide(nameRules, e); f.rating.Value == Valid {
			t.Errorf("%+v: valid by %q with no name in the lead's order", e, f.rule)
		}
		e.anywhere = seenAs(highCertainty)
		if f := decide(nameRules, e); e.swap.certain != nil && f.rating.Value == Valid {
			t.Errorf("%+v: valid by %q beside a swap whose order is fixed", e, f.rule)
		}
	}
}

func TestMedicineRules(t *testing.T) {
	asked := medicineEvidence{requested: true, known: true, want: "Wegovy", absent: Low}
	wegovy := &mentionSeen{sure: highCertainty, name: "Wegovy"}
	mounjaro := &mentionSeen{sure: highCertainty, name: "Mounjaro"}
	metformin := &mentionSeen{sure: highCertainty, name: "metformin", unlisted: true}
	with := func(named, other *mentionSeen) medicineEvidence {
		e := asked
		e.named, e.other = named, other
		return e
	}
	runRuleCases(t, medicineRules, []ruleCase[medicineEvidence]{
		{"nothing asked", medicineEvidence{known: true, named: wegovy}, "no-medicine-requested", Rating{NotFound, High}, "no medicine was given"},
		{"a medicine the service does not verify", medicineEvidence{requested: true, named: wegovy}, "medicine-not-verifiable", Rating{NotFound, High}, "not one this service can verify"},
		{"a phishing e-mail's medicine", func() medicineEvidence { e := with(wegovy, nil); e.scam = true; return e }(), "medicine-in-scam", Rating{NotFound, Medium}, "the medicine"},
		{"the medicine and another", with(wegovy, mounjaro), "requested-medicine-beside-other", Rating{Valid, Medium}, "also names Mounjaro"},
		{"the medicine", with(wegovy, nil), "requested-medicine", Rating{Valid, High}, ""},
		{"another medicine", with(nil, mounjaro), "other-medicine", Rating{Invalid, High}, "different medicine (Mounjaro)"},
		{"a medicine outside the table without a dose is likely, not certain", with(nil, metformin), "other-medicine", Rating{Invalid, Medium}, "different medicine"},
		{"no medicine", asked, "no-medicine", Rating{NotFound, Low}, "the medicine"},
	})
}

func TestDoseRules(t *testing.T) {
	mg := func(v float64) Dose { return Dose{Micrograms: int64(v * 1000)} }
	asked := doseEvidence{
		requested: true, medicineKnown: true, understood: true, licensed: true, anchored: true,
		want: mg(2.4), medicine: "Wegovy", named: []Dose{mg(0.25), mg(0.5), mg(1), mg(1.7), mg(2.4)}, product: "Wegovy", read: 1, absent: Medium,
	}
	found := func(read float64, tier int, ds ...Dose) doseEvidence {
		e := asked
		e.doses, e.at, e.read, e.tier = ds, make([]*spot, len(ds)), read, tier
		return e
	}
	with := func(e doseEvidence, f func(*doseEvidence)) doseEvidence {
		f(&e)
		return e
	}
	runRuleCases(t, doseRules, []ruleCase[doseEvidence]{
		{"nothing asked", doseEvidence{}, "no-dose-requested", Rating{NotFound, High}, "no dosage was given"},
		{"an unknown medicine", doseEvidence{requested: true}, "dose-of-unknown-medicine", Rating{NotFound, High}, "without a known medicine"},
		{"no dose asked", doseEvidence{requested: true, medicineKnown: true}, "requested-dose-not-understood", Rating{NotFound, High}, "could not be understood"},
		{"a strength the medicine has not", with(asked, func(e *doseEvidence) { e.licensed, e.want = false, mg(3) }), "requested-dose-not-licensed", Rating{Invalid, High}, "(3 mg) is not a licensed strength of Wegovy"},
		{"no medicine on the document", with(asked, func(e *doseEvidence) { e.anchored = false }), "no-medicine-for-dose", Rating{NotFound, Medium}, "the dose"},
		{"no dose", asked, "no-dose", Rating{NotFound, Medium}, "the dose"},
		{"a research chemical's amount", with(found(1, medicineTier, mg(2.4)), func(e *doseEvidence) { e.research = true }), "dose-of-research-chemical", Rating{NotFound, Low}, "sells its product for research"},
		{"a dose in a scam message", with(found(1, medicineTier, mg(2.4)), func(e *doseEvidence) { e.scam = true }), "dose-in-scam", Rating{NotFound, Medium}, "the dose"},
		{"a dose in the patient's own tracker", with(found(1, medicineTier, mg(2.4)), func(e *doseEvidence) { e.ownRecord = true }), "dose-in-own-record", Rating{NotFound, Medium}, "the dose"},
		{"another medicine's dose", with(found(1, medicineTier, mg(5)), func(e *doseEvidence) { e.otherMedicine = true }), "dose-of-other-medicine", Rating{Invalid, Medium}, "for a different medicine"},
		{"the dose in the directions", found(1, directionTier, mg(2.4)), "requested-dose", Rating{Valid, High}, ""},
		{"the dose a line below the medicine", found(1, nearTier, mg(2.4)), "requested-dose", Rating{Valid, Medium}, "the dose"},
		{"the dose with a digit put back", with(found(1, medicineTier, mg(2.4)), func(e *doseEvidence) { e.repaired = true }), "requested-dose", Rating{Valid, Medium}, "the dose"},
		{"two doses, the latest fill's asked for", with(found(1, medicineTier, mg(1.7), mg(2.4)), func(e *doseEvidence) { e.latest, e.latestKnown = mg(2.4), true }),
			"dose-of-latest-fill", Rating{Valid, Medium}, "the latest of fills at 1.7 mg, 2.4 mg"},
		{"two doses, an earlier fill's asked for", with(found(1, medicineTier, mg(1.7), mg(2.4)), func(e *doseEvidence) { e.latest, e.latestKnown = mg(1.7), true }),
			"several-doses", Rating{NotFound, Low}, "more than one dose"},
		{"two doses, one of them asked for", found(1, medicineTier, mg(1.7), mg(2.4)), "several-doses", Rating{NotFound, Low}, "more than one dose (1.7 mg, 2.4 mg)"},
		{"a history whose latest fill is another dose, the one asked for on no fill", with(found(1, medicineTier, mg(1), mg(1.7)), func(e *doseEvidence) { e.latest, e.latestKnown = mg(1.7), true }),
			"latest-fill-other-dose", Rating{Invalid, Medium}, "latest fill on the document is of a different dose (1.7 mg) from the one requested (2.4 mg)"},
		{"a history whose latest fill is a glyph from the dose asked for, read less than well", with(found(0.8, medicineTier, mg(1), mg(2.5)), func(e *doseEvidence) { e.latest, e.latestKnown = mg(2.5), true }),
			"dose-close-to-requested", Rating{NotFound, Low}, "may be misread"},
		{"OCR read a strength the product has not", with(found(0.95, medicineTier, mg(7)), func(e *doseEvidence) { e.ocr = true }), "dose-not-a-strength-of-product", Rating{NotFound, Low}, "not a strength of Wegovy"},
		{"a dose a glyph away, read less than well", found(0.8, medicineTier, mg(2.5)), "dose-close-to-requested", Rating{NotFound, Low}, "may be misread"},
		{"another dose read well", found(1, medicineTier, mg(1)), "different-dose", Rating{Invalid, High}, "different dose (1 mg) from the one requested (2.4 mg)"},
		{"other doses", found(1, medicineTier, mg(0.5), mg(1)), "different-dose", Rating{Invalid, Medium}, "different dose (0.5 mg, 1 mg)"},
	})
}

func TestDateRules(t *testing.T) {
	dated := dateEvidence{aboutMedicine: true, found: true, kind: dispensedDate, picked: civilDate{2026, 11, 3}, read: 1, orderSure: highCertainty, distinct: 1, maxDays: 90, absent: Medium}
	with := func(f func(*dateEvidence)) dateEvidence {
		e := dated
		f(&e)
		return e
	}
	runRuleCases(t, dateRules, []ruleCase[dateEvidence]{
		{"only when text messages were sent", dateEvidence{aboutMedicine: true, sent: &spot{}, absent: Medium}, "message-sent-date", Rating{NotFound, Medium}, "when its text messages were sent"},
		{"no date", dateEvidence{aboutMedicine: true, absent: Low}, "no-date", Rating{NotFound, Low}, "the dispensing or prescription date"},
		{"a bill's date", with(func(e *dateEvidence) { e.aboutMedicine = false }), "date-without-medicine", Rating{NotFound, Medium}, "no medicine could be found"},
		{"only another medicine's date", with(func(e *dateEvidence) { e.othersOnly = true }), "date-of-other-medicine", Rating{NotFound, Medium}, "only another medicine"},
		{"a fraud report's date", with(func(e *dateEvidence) { e.scam = true }), "date-in-scam", Rating{NotFound, Medium}, "the date"},
		{"a date in the patient's own diary", with(func(e *dateEvidence) { e.ownRecord = true }), "date-in-own-record", Rating{NotFound, Medium}, "the date"},
		{"no calendar date", with(func(e *dateEvidence) { e.misread, e.misreadText = true, "14/41/2026" }), "misread-date", Rating{NotFound, Low}, "(14/41/2026) is no calendar date"},
		{"dates that disagree", with(func(e *dateEvidence) { e.disagree = true }), "dates-disagree", Rating{NotFound, Low}, "dispensing dates that disagree"},
		{"in the future", with(func(e *dateEvidence) { e.verdict = dateInFuture }), "future-date", Rating{Invalid, High}, "dispensing date (3 Nov 2026) is in the future"},
		{"too old", with(func(e *dateEvidence) { e.verdict = dateTooOld }), "old-date", Rating{Invalid, High}, "more than 90 days old"},
		{"too old, read either way round", with(func(e *dateEvidence) {
			e.verdict, e.orderSure, e.readAs = dateTooOld, lowCertainty, "03/11/2026 day first"
		}),
			"old-date", Rating{Invalid, Low}, "reading 03/11/2026 day first"},
		{"a cancelled supply's date", with(func(e *dateEvidence) { e.withdrawn = true }), "date-of-withdrawn-supply", Rating{NotFound, Low}, "(3 Nov 2026) is of a supply the document says was cancelled"},
		{"a customs declaration's ship date", with(func(e *dateEvidence) { e.border, e.kind = true, orderDate }), "date-of-customs-declaration", Rating{NotFound, Low}, "customs declaration, whose order date (3 Nov 2026)"},
		{"a history's fills, no dose read", with(func(e *dateEvidence) { e.undosedFills = true }), "date-of-unread-dose", Rating{NotFound, Low}, "no dose could be read on them, so its dispensing date (3 Nov 2026)"},
		{"a history's fills, no dose read, the date too old", with(func(e *dateEvidence) { e.undosedFills, e.verdict = true, dateTooOld }), "old-date", Rating{Invalid, High}, "more than 90 days old"},
		{"a lab requisition's order date", with(func(e *dateEvidence) { e.paper, e.kind = "a laboratory's test requisition or report", orderDate }), "date-on-other-paper", Rating{NotFound, Low}, "laboratory's test requisition or report, whose order date (3 Nov 2026) is not"},
		{"a customs declaration's dispensing date", with(func(e *dateEvidence) { e.border = true }), "date-in-window", Rating{Valid, High}, ""},
		{"a prescription not yet supplied", with(func(e *dateEvidence) { e.unfilled, e.kind = true, orderDate }), "date-of-unfilled-prescription", Rating{NotFound, Low}, "has not been supplied yet, so its order date (3 Nov 2026)"},
		{"the latest fill is of another dose", with(func(e *dateEvidence) { e.otherDose = true }), "date-of-other-dose", Rating{NotFound, Low}, "another dose than the one requested, so its date (3 Nov 2026)"},
		{"the latest fill is of another dose, its date too old", with(func(e *dateEvidence) { e.otherDose, e.verdict = true, dateTooOld }), "old-date", Rating{Invalid, High}, "more than 90 days old"},
		{"a template's blank for the supply's date", with(func(e *dateEvidence) { e.kind, e.placeholder = unlabelledDate, "[fill date]" }), "date-placeholder", Rating{NotFound, Low}, "template's blank ([fill date])"},
		{"the latest of several fills", with(func(e *dateEvidence) { e.ofLatest = true }), "date-of-latest-fill", Rating{Valid, Medium}, "the latest of several fills, 3 Nov 2026"},
		{"a year fitted to its weekday", with(func(e *dateEvidence) { e.yearFitted, e.text = true, "wed 25 nov" }), "date-year-fitted", Rating{Valid, Medium}, "printed without its year, read as 3 Nov 2026"},
		{"in the window", dated, "date-in-window", Rating{Valid, High}, ""},
		{"a plain date in the window", with(func(e *dateEvidence) { e.kind = plainDate }), "date-in-window", Rating{Valid, Medium}, "the date on the document"},
		{"unlabelled dates in the window", with(func(e *dateEvidence) { e.kind, e.distinct = unlabelledDate, 2 }), "date-in-window", Rating{Valid, Low}, "the date on the document"},
	})
}

func TestPharmacyRules(t *testing.T) {
	runRuleCases(t, pharmacyRules, []ruleCase[pharmacyEvidence]{
		{"a phishing e-mail's spoofed pharmacy", pharmacyEvidence{kind: pharmacyWordName, sure: highCertainty, scam: true}, "pharmacy-in-scam", Rating{NotFound, Medium}, "the pharmacy"},
		{"a pharmacy the patient's own notes name", pharmacyEvidence{kind: pharmacyWordName, sure: highCertainty, ownRecord: true}, "pharmacy-in-own-record", Rating{NotFound, Medium}, "the pharmacy"},
		{"a pharmacy that could not supply it", pharmacyEvidence{kind: pharmacyWordName, sure: highCertainty, pharmacyRole: pharmacyRole{unsupplied: true}}, "pharmacy-of-unsupplied-medicine", Rating{NotFound, Low}, ""},
		{"a pharmacy that has filled nothing yet", pharmacyEvidence{kind: pharmacyWordName, sure: highCertainty, withoutFills: true}, "pharmacy-without-fills", Rating{NotFound, Low}, "filled nothing"},
		{"a pharmacy beside a supplier the page does not name", pharmacyEvidence{kind: pharmacyWordName, sure: highCertainty, pharmacyRole: pharmacyRole{unnamedSupplier: true}}, "pharmacy-of-unnamed-supplier", Rating{NotFound, Low}, "a supplier it does not name"},
		{"a chain", pharmacyEvidence{kind: chainPharmacy, sure: highCertainty}, "pharmacy-chain", Rating{Valid, High}, ""},
		{"a chain matched after undoing OCR confusions", pharmacyEvidence{kind: chainPharmacy, sure: mediumCertainty}, "pharmacy-chain", Rating{Valid, Medium}, "the pharmacy name"},
		{"a caption's value", pharmacyEvidence{kind: captionedName, sure: highCertainty}, "captioned-pharmacy", Rating{Valid, High}, ""},
		{"a name with a pharmacy word", pharmacyEvidence{kind: pharmacyWordName, sure: highCertainty}, "named-pharmacy", Rating{Valid, High}, ""},
		{"no pharmacy", pharmacyEvidence{absent: Low}, "no-pharmacy", Rating{NotFound, Low}, "the pharmacy name"},
	})
}
