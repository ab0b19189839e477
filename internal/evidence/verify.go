// Verify: the five fields rated and assembled into a Result.

package evidence

import (
	"slices"
	"strings"
	"time"
)

// Verify checks what a document says against what was expected and rates
// the five fields. It never returns an error: a document that says nothing
// useful gets not_found ratings and a note that says why.
//
// A field rated valid when it is not is the worst mistake this function can
// make (a clinician continues treatment on it), so every matcher prefers
// not_found or invalid, with lower confidence, when it is unsure.
//
// Confidence of a rating: how well the evidence was read (Line.Confidence:
// 0.9 or more reads well, 0.6 or more fairly, less poorly) combined with how
// well it matched (exact, or only after allowing for OCR noise), taking the
// lower. The overall confidence is the lowest field confidence when all five
// are valid, and otherwise the highest confidence among the fields that are
// not valid: one certain problem makes the failure certain.
func Verify(text Text, exp Expected, pol Policy) Result {
	r, _ := Explain(text, exp, pol)
	return r
}

// Explain is Verify with what decided each field: the rule and, where the
// verdict rests on something read, where it was read (Findings).
func Explain(text Text, exp Expected, pol Policy) (Result, Findings) {
	pol = pol.withDefaults()
	text.Lines = joinWrappedLeadCell(joinWrappedLeadName(text.Lines, exp), exp)
	doc := readDocumentOn(text, pol.Now)
	if len(doc.lines) == 0 {
		return unreadableResult(exp), unreadableFindings()
	}
	fields := rateFields(doc, exp, pol)
	if len(text.Unseen) > 0 {
		fields = heldAgainstUnseen(fields, text.Unseen, exp, pol)
	}
	return assemble(fields, doc), explain(fields)
}

// rateFields rates the five fields on a document.
func rateFields(doc document, exp Expected, pol Policy) [fieldCount]finding {
	want, wantKnown := LookupMedicine(exp.MedicationName)
	doc = doc.without(generatedLines(doc))
	doc = leadsPages(leadsPanel(leadsRows(doc, exp, want.Generic), exp, want.Generic), exp, want.Generic)
	mentions := findMedicineMentions(doc)
	// The lead's own section of a household's page gives the dose and the
	// date; the name is judged on the whole page, whose other sections
	// say whose the lead's is.
	own, ownMentions := doc, mentions
	medicineOn, medicineMentions := doc, mentions
	// Other patients' captioned blocks: the requested product under the
	// lead's caption alone is the lead's, and is read there.
	req := findRequested(mentions, want.Generic).ofProduct(mentions, want)
	others := leadsCaptioned(doc, mentions, exp, want)
	if others != nil {
		req = req.outside(others)
	}
	if s := leadsSections(doc, mentions, exp, want.Generic); len(s.lines) != len(doc.lines) {
		own, ownMentions = s, findMedicineMentions(s)
	} else if others != nil {
		own = doc.without(others)
		ownMentions = findMedicineMentions(own)
		medicineOn, medicineMentions = own, ownMentions
	}
	dose := collectDoseEvidence(own, exp, want, wantKnown, ownMentions, pol)
	meds := medicinesForDate(own, ownMentions, want.Generic, pol)
	meds.otherDose = dose.latestKnown && dose.latest != dose.want && slices.Contains(dose.doses, dose.want)
	meds.undosedFills = dose.understood && dose.anchored && len(dose.doses) == 0 && datedRowsOf(own, ownMentions, want.Generic) >= 2
	date := rateDate(own, pol, meds)
	// A pharmacy that said it could not supply the requested medicine,
	// none supplied since, did not supply it; nor did one it was sent on to
	// that has not filled it yet; and none holds a prescription not yet
	// sent to a pharmacy.
	unsupplied := meds.unfilled != nil && (date.rule == ruleNoDate || date.rule == ruleUnfilledPrescription) &&
		slices.ContainsFunc(own.lines, noPharmacyHolds)
	return [fieldCount]finding{
		patientField:  ratePatientNameBeside(doc, exp, len(mentions) > 0, req),
		medicineField: rateMedicine(medicineOn, exp, want, wantKnown, medicineMentions),
		dosageField:   decide(doseRules, dose),
		dateField:     date,
		pharmacyField: ratePharmacy(doc, pharmacyRole{unsupplied: unsupplied, unnamedSupplier: slices.ContainsFunc(own.lines, supplierUnnamed)}),
	}
}

// ruleHiddenLayer: a PDF's invisible text layer reads a field otherwise
// than the page image.
const ruleHiddenLayer = "hidden-layer-disagrees"

// unseenSource names an invisible text layer read as text: someone else's
// OCR, with OCR's noise.
const unseenSource = "unseen-layer"

// fieldNouns name the fields in the note.
var fieldNouns = [fieldCount]string{"the patient name", "the medicine", "the dose", "the date", "the pharmacy name"}

// heldAgainstUnseen rates the fields again on a PDF's invisible text layer
// (Text.Unseen), someone else's OCR of the page image: it is never
// believed, but a field valid on the image that the layer reads as invalid
// is not_found, for a person to look at the page.
func heldAgainstUnseen(fields [fieldCount]finding, unseen []Line, exp Expected, pol Policy) [fieldCount]finding {
	layer := readDocumentOn(Text{Lines: unseen, Source: unseenSource}, pol.Now)
	if len(layer.lines) == 0 {
		return fields
	}
	theirs := rateFields(layer, exp, pol)
	for i := range fields {
		if fields[i].rating.Value == Valid && theirs[i].rating.Value == Invalid {
			fields[i] = finding{
				rating:  Rating{NotFound, Low},
				problem: "the PDF's hidden text layer reads " + fieldNouns[i] + " differently from the page image, so check it on the document by hand",
				rule:    ruleHiddenLayer,
				at:      fields[i].at,
			}
		}
	}
	return fields
}

// The five fields, in wire order.
const (
	patientField = iota
	medicineField
	dosageField
	dateField
	pharmacyField
	fieldCount
)

// finding is a field's rating with what the note should say about it.
type finding struct {
	rating Rating
	// problem is the note's clause for an invalid rating, or for a not_found
	// rating with a particular cause ("no lead has this user id").
	problem string
	// missing names the field for the note's shared "could not be found"
	// clause ("the dose"), for a plain not_found.
	missing string
	// ownRecord names the field for the note's shared clause on a record
	// the patient keeps (ownRecord), for a not_found of that cause.
	ownRecord string
	// scam names the field for the note's shared clause on a scam message
	// or a fraud report (scamOnly), for a not_found of that cause.
	scam string
	// caveat is said of a valid rating read with less than high confidence.
	caveat string
	// rule names the rule of docs/evidence-rules.md that decided the
	// rating, and at is where the evidence it rests on was read (nil when
	// it rests on nothing read).
	rule string
	at   *spot
}

// ruleUnnamed is the rule of a finding whose rating has not been given a
// rule name yet.
const ruleUnnamed = "unnamed"

// ruleNothingRead: no text was read from the document.
const ruleNothingRead = "nothing-read"

func (f finding) explain() Finding {
	rule := f.rule
	if rule == "" {
		rule = ruleUnnamed
	}
	if f.at == nil {
		return Finding{Rule: rule}
	}
	return f.at.finding(rule)
}

func explain(fields [fieldCount]finding) Findings {
	return Findings{
		PatientName:      fields[patientField].explain(),
		MedicationName:   fields[medicineField].explain(),
		MedicationDosage: fields[dosageField].explain(),
		MedicationDate:   fields[dateField].explain(),
		PharmacyName:     fields[pharmacyField].explain(),
	}
}

func unreadableFindings() Findings {
	f := Finding{Rule: ruleNothingRead}
	return Findings{PatientName: f, MedicationName: f, MedicationDosage: f, MedicationDate: f, PharmacyName: f}
}

// withCaveat has the note ask for a check by hand of a field rated valid
// with less than high confidence.
func withCaveat(f finding, field string) finding {
	if f.rating.Value == Valid && f.rating.Confidence != High {
		f.caveat = field
	}
	return f
}

func assemble(fields [fieldCount]finding, doc document) Result {
	r := Result{
		Data: Fields{
			PatientName:      fields[patientField].rating,
			MedicationName:   fields[medicineField].rating,
			MedicationDosage: fields[dosageField].rating,
			MedicationDate:   fields[dateField].rating,
			PharmacyName:     fields[pharmacyField].rating,
		},
	}
	r.Success = true
	for _, f := range fields {
		if f.rating.Value != Valid {
			r.Success = false
		}
	}
	r.Confidence = overallConfidence(fields[:])
	r.Note = composeNote(fields, r.Success, doc.readCertainty() != highCertainty)
	return r
}

// overallConfidence is the lowest field confidence on success; otherwise the
// highest confidence among the fields that are not valid.
func overallConfidence(fields []finding) Confidence {
	success := true
	for _, f := range fields {
		if f.rating.Value != Valid {
			success = false
		}
	}
	if success {
		c := highCertainty
		for _, f := range fields {
			c = min(c, f.rating.Confidence.certainty())
		}
		return c.Confidence()
	}
	c := lowCertainty
	for _, f := range fields {
		if f.rating.Value != Valid {
			c = max(c, f.rating.Confidence.certainty())
		}
	}
	return c.Confidence()
}

func unreadableResult(exp Expected) Result {
	nf := Rating{Value: NotFound, Confidence: High}
	return Result{
		Success:    false,
		Data:       Fields{PatientName: nf, MedicationName: nf, MedicationDosage: nf, MedicationDate: nf, PharmacyName: nf},
		Confidence: High,
		Note:       nothingReadNote(nothingLegible, exp.PatientKnown),
	}
}

func (p Policy) withDefaults() Policy {
	if p.Now.IsZero() {
		p.Now = time.Now().UTC()
	}
	if p.MaxAge <= 0 {
		p.MaxAge = DefaultMaxAge
	}
	p.Market = strings.ToLower(strings.TrimSpace(p.Market))
	return p
}
