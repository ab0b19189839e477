// Package corpus generates synthetic prescription evidence with ground
// truth, in the layouts patients upload (pharmacy labels and vial labels,
// dispensing labels in small print, NHS FP10-style and private
// prescriptions, online orders and invoices, clinic letters, multi-page
// PDFs, unrelated documents) and the conditions they arrive in (a PDF with
// a text layer, a clean scan, pages rotated 90/180/270 degrees, phone
// photos stored sideways with an EXIF or TIFF orientation tag, phone photos
// of paper, flatbed scans, small print, severely degraded copies, image-only
// scanned PDFs). Generation is deterministic for a seed and a time; wording,
// positions and fonts vary with the seed, so a seed not used for tuning is a
// fair held-out test. Every person, pharmacy, clinic and address is invented.
//
// Ground truth follows the service's vocabulary (valid, invalid, not_found)
// and is derived from what is printed, not from the scenario's name; a
// condition changes how the page looks, never what it says:
//   - patientName: valid when the lead's forename and surname are printed
//     as forename and surname (in any case, with or without accents, with
//     or without a title; surname first only where the document marks it:
//     "OWEN, THOMAS", "Owen, Thomas" or labelled Surname and Forename
//     fields); invalid when another person is named as the patient (a
//     relative with the same surname, the lead's two names swapped, a
//     clearly printed near miss such as Jon for John or Dowd for Doe);
//     not_found when no person is named.
//   - medicationName: valid when the dispensed or prescribed medicine is the
//     requested one, brand and molecule being the same medicine; invalid
//     when it is another medicine, in the medicine table or not (metformin,
//     sertraline, atorvastatin); not_found when no medicine is printed.
//     Other medicines beside the main one (ondansetron, needles) do not
//     count.
//   - medicationDosage: valid when the dose of that medicine (the strength
//     per dose, printed on the product line or in the directions) equals the
//     requested dose; invalid when the printed dose differs, also when the
//     medicine is another one; not_found when no medicine is printed. Pen
//     contents ("2 mg/1.5 ml") and concentrations ("6 mg/ml") are not doses.
//   - medicationDate: the dispensing, fill, prescription, letter or order
//     date; valid within the 90 days before now, invalid when older or in
//     the future, not_found when absent or when the document is for
//     another medicine (its date is that medicine's). Dates of birth, discard-after,
//     expiry, delivery and bill dates are not medication dates.
//   - pharmacyName: valid when a dispensing pharmacy is named, not_found
//     when none is (a clinic, a GP practice or a telehealth brand is not a
//     pharmacy).
//
// Numeric dates follow the market's order: day first in the UK, month
// first in the US; so a corpus must be checked by a service configured for
// the same market.
package corpus

import (
	"errors"
	"fmt"
	"hash/fnv"
	"image/color"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// Verdict is a field's expected rating.
type Verdict string

const (
	Valid    Verdict = "valid"
	Invalid  Verdict = "invalid"
	NotFound Verdict = "not_found"
)

// Truth is the expected rating of each field of a verification result.
type Truth struct {
	PatientName      Verdict
	MedicationName   Verdict
	MedicationDosage Verdict
	MedicationDate   Verdict
	PharmacyName     Verdict
}

// AllValid reports whether every field's truth is valid: the case should
// succeed.
func (t Truth) AllValid() bool {
	return t == Truth{Valid, Valid, Valid, Valid, Valid}
}

// Person is the lead a case is checked against.
type Person struct {
	Forename, Surname string
}

// File formats of a case.
const (
	FormatPDF  = "pdf"
	FormatPNG  = "png"
	FormatJPEG = "jpeg"
	FormatTIFF = "tiff"
)

// Markets lists the markets Generate knows.
var Markets = []string{"uk", "us"}

// Layouts.
const (
	LayoutUKLabel       = "uk-label"
	LayoutUKSmallLabel  = "uk-small-label"
	LayoutUSLabel       = "us-label"
	LayoutUSVial        = "us-vial"
	LayoutOnlineOrder   = "online-order"
	LayoutOnlineInvoice = "online-invoice"
	LayoutPrivateRx     = "private-rx"
	LayoutFP10          = "nhs-fp10"
	LayoutClinicLetter  = "clinic-letter"
	LayoutMultiPage     = "multi-page"
	LayoutUtilityBill   = "utility-bill"
	LayoutGymReceipt    = "gym-receipt"
)

// Scenarios.
const (
	ScenarioValid         = "valid"
	ScenarioGenericName   = "generic-name"
	ScenarioDoseUnits     = "dose-units"
	ScenarioWrongPatient  = "wrong-patient"
	ScenarioWrongMedicine = "wrong-medicine"
	ScenarioWrongDose     = "wrong-dose"
	ScenarioOldDate       = "old-date"
	ScenarioFutureDate    = "future-date"
	ScenarioNoPharmacy    = "no-pharmacy"
	// Name order and near misses (issue 9, items 1-2).
	ScenarioSwappedName       = "swapped-name"       // "Owen Thomas" for Thomas Owen
	ScenarioSwappedTitle      = "swapped-title"      // "Mr Owen Thomas"
	ScenarioSwappedSalutation = "swapped-salutation" // "Dear Mx Morgan" for Morgan Ellis
	ScenarioSurnameFirst      = "surname-first"      // "OWEN, THOMAS", labelled fields
	ScenarioNearMissName      = "near-miss-name"     // Jon for John, Dowd for Doe
	ScenarioOtherMedicine     = "other-medicine"     // metformin 500 mg
	ScenarioUnrelated         = "unrelated"
)

// Scenarios lists the scenarios of each prescription layout (the clinic
// letter adds ScenarioSwappedSalutation).
var Scenarios = []string{
	ScenarioValid, ScenarioGenericName, ScenarioDoseUnits,
	ScenarioWrongPatient, ScenarioWrongMedicine, ScenarioWrongDose,
	ScenarioOldDate, ScenarioFutureDate, ScenarioNoPharmacy,
	ScenarioSwappedName, ScenarioSwappedTitle, ScenarioSurnameFirst,
	ScenarioNearMissName, ScenarioOtherMedicine,
}

// Case is one document to verify, the request to send with it, and the
// expected ratings.
type Case struct {
	// Name is unique: market/layout/scenario/condition.
	Name      string
	Market    string
	Layout    string
	Scenario  string
	Condition string
	// Format is the file's format (FormatPDF, FormatPNG, ...).
	Format string
	File   []byte
	// Lead is the person the lead is created with.
	Lead             Person
	MedicationName   string
	MedicationDosage string
	Truth            Truth
	// text is the document's text, for tests of the ground truth.
	text string
}

// FileName is the upload's file name: evidence.pdf, .png, .jpg or .tiff.
func (c Case) FileName() string { return c.upload().fileName }

// MediaType is the upload's content type.
func (c Case) MediaType() string { return c.upload().mediaType }

// upload is how a case of each format is sent; any other format goes as
// a JPEG.
type upload struct{ fileName, mediaType string }

var uploads = map[string]upload{
	FormatPDF:  {"evidence.pdf", "application/pdf"},
	FormatPNG:  {"evidence.png", "image/png"},
	FormatJPEG: {"evidence.jpg", "image/jpeg"},
	FormatTIFF: {"evidence.tiff", "image/tiff"},
}

func (c Case) upload() upload {
	if u, ok := uploads[c.Format]; ok {
		return u
	}
	return uploads[FormatJPEG]
}

// LayoutsFor lists a market's layouts, prescription layouts first.
func LayoutsFor(market string) []string {
	if market == "us" {
		return []string{LayoutUSLabel, LayoutUSVial, LayoutOnlineOrder, LayoutOnlineInvoice, LayoutPrivateRx, LayoutClinicLetter, LayoutMultiPage, LayoutUtilityBill, LayoutGymReceipt}
	}
	return []string{LayoutUKLabel, LayoutUKSmallLabel, LayoutOnlineOrder, LayoutOnlineInvoice, LayoutPrivateRx, LayoutFP10, LayoutClinicLetter, LayoutMultiPage, LayoutUtilityBill, LayoutGymReceipt}
}

func unrelated(layout string) bool {
	return layout == LayoutUtilityBill || layout == LayoutGymReceipt
}

// ScenariosFor lists the scenarios a layout is generated in.
func ScenariosFor(layout string) []string {
	switch {
	case unrelated(layout):
		return []string{ScenarioUnrelated}
	case layout == LayoutClinicLetter:
		return append(slices.Clone(Scenarios), ScenarioSwappedSalutation)
	}
	return Scenarios
}

// Options choose a part of the corpus; zero values mean all of it, with
// one document per layout in each image condition. Conditions may also
// name HardConditions, which the whole corpus leaves out.
type Options struct {
	Layouts, Conditions []string
	// PerCell is how many documents (scenarios) of each layout an image
	// condition gets (default 1, at most the layout's scenarios).
	PerCell int
}

// Generate returns the corpus of one market ("uk" or "us"). Every document
// (layout x scenario) is a PDF with a text layer; the image conditions are
// each given one document of every layout (a scenario chosen by the seed
// that rotates across conditions), so every layout x condition cell has a
// case without the corpus growing past what OCR can read in a few minutes.
// Dates are relative to now. The same seed, now and market give
// byte-identical cases.
func Generate(seed uint64, now time.Time, market string, opts ...Options) ([]Case, error) {
	if !slices.Contains(Markets, market) {
		return nil, fmt.Errorf("generate corpus: unknown market %q (want uk or us)", market)
	}
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	for _, l := range o.Layouts {
		if !slices.Contains(append(LayoutsFor("uk"), LayoutsFor("us")...), l) {
			return nil, fmt.Errorf("generate corpus: unknown layout %q", l)
		}
	}
	for _, c := range o.Conditions {
		if !slices.Contains(Conditions, c) && !slices.Contains(HardConditions, c) {
			return nil, fmt.Errorf("generate corpus: unknown condition %q (want one of %s)", c, strings.Join(append(slices.Clone(Conditions), HardConditions...), ", "))
		}
	}
	type spec struct {
		layout, scenario string
		conditions       []string
	}
	var specs []spec
	for _, layout := range LayoutsFor(market) {
		if len(o.Layouts) > 0 && !slices.Contains(o.Layouts, layout) {
			continue
		}
		scenarios := ScenariosFor(layout)
		conds := map[string][]string{}
		candidates := conditionsOf(layout)
		if len(o.Conditions) > 0 {
			candidates = append(slices.Clone(candidates), hardConditionsOf(layout)...)
		}
		for _, cond := range candidates {
			if len(o.Conditions) > 0 && !slices.Contains(o.Conditions, cond) {
				continue
			}
			if cond == ConditionPDF {
				for _, s := range scenarios {
					conds[s] = append(conds[s], cond)
				}
				continue
			}
			for _, s := range scenariosFor(seed, market, layout, cond, scenarios, o.PerCell) {
				conds[s] = append(conds[s], cond)
			}
		}
		for _, s := range scenarios {
			if len(conds[s]) > 0 {
				specs = append(specs, spec{layout, s, conds[s]})
			}
		}
	}

	// Documents are independent (each has its own random stream), so they
	// render in parallel and land in spec order.
	results := make([][]Case, len(specs))
	errs := make([]error, len(specs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				results[i], errs[i] = generateCase(seed, now, market, specs[i].layout, specs[i].scenario, specs[i].conditions)
			}
		})
	}
	for i := range specs {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	var cases []Case
	for _, cs := range results {
		cases = append(cases, cs...)
	}
	return cases, nil
}

// scenariosFor picks the n scenarios a layout is shown in under an image
// condition: the conditions walk the scenario list from an offset the seed
// chooses, so each layout meets many scenarios and each condition many
// layouts. The first pick does not depend on n.
func scenariosFor(seed uint64, market, layout, condition string, scenarios []string, n int) []string {
	n = min(max(n, 1), len(scenarios))
	offset := int((hash(market+"/"+layout) ^ seed*0x9e3779b97f4a7c15) % uint64(len(scenarios)))
	i := slices.Index(Conditions, condition)
	if i < 0 {
		i = len(Conditions) + slices.Index(HardConditions, condition)
	}
	var out []string
	for j := 0; len(out) < n; j++ {
		s := scenarios[(offset+i*5+j*3)%len(scenarios)]
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Sample is one clean, valid US pharmacy label as a PDF, for examples: Dana
// Whitcombe's Zepbound 5 mg from Maple Ridge Pharmacy, filled ten days
// before now; the request is "Zepbound", "5 mg".
func Sample(now time.Time) (Case, error) {
	return SampleAs(now, ConditionPDF)
}

// SampleAs is Sample's document in a condition (ConditionClean,
// ConditionPhonePhoto, ConditionRotated90, ...), for benchmarks.
func SampleAs(now time.Time, condition string) (Case, error) {
	lead := person{forename: "Dana", surname: "Whitcombe"}
	var zepbound product
	for _, p := range products {
		if p.brand == "Zepbound" {
			zepbound = p
		}
	}
	f := facts{
		market: "us", layout: LayoutUSLabel, now: now,
		patient:  &lead,
		med:      &dispensed{product: zepbound, dose: "5"},
		date:     day(now).AddDate(0, 0, -10),
		pharmacy: &pharmaciesUS[0],
	}
	req := request{lead: lead, medicationName: "Zepbound", medicationDosage: "5 mg", molecule: zepbound.molecule, dose: "5"}
	pages := []page{buildPage(rand.New(rand.NewPCG(1, 1)), f)}
	format, file, err := render(pages, condition, rand.New(rand.NewPCG(2, 2)))
	if err != nil {
		return Case{}, fmt.Errorf("sample: %w", err)
	}
	return newCase("us/"+LayoutUSLabel+"/"+ScenarioValid, condition, format, file, f, req, pages), nil
}

func newCase(base, condition, format string, file []byte, f facts, req request, pages []page) Case {
	var text strings.Builder
	for _, p := range pages {
		text.WriteString(p.text())
	}
	return Case{
		Name:             base + "/" + condition,
		Market:           f.market,
		Layout:           f.layout,
		Scenario:         strings.Split(base, "/")[2],
		Condition:        condition,
		Format:           format,
		File:             file,
		Lead:             Person{Forename: req.lead.forename, Surname: req.lead.surname},
		MedicationName:   req.medicationName,
		MedicationDosage: req.medicationDosage,
		Truth:            f.truth(req, f.now),
		text:             text.String(),
	}
}

// generateCase builds one document and renders it in each condition. Each
// document has its own random stream, and each condition its own, so
// adding a scenario, a layout or a condition leaves the others unchanged.
func generateCase(seed uint64, now time.Time, market, layout, scenario string, conditions []string) ([]Case, error) {
	base := market + "/" + layout + "/" + scenario
	r := rand.New(rand.NewPCG(seed, hash(base)))

	f, req := newFacts(r, now, market, layout, scenario)
	pages := buildPages(r, f)

	var out []Case
	for _, cond := range conditions {
		cr := rand.New(rand.NewPCG(seed, hash(base+"/"+cond)))
		format, file, err := render(pages, cond, cr)
		if err != nil {
			return nil, fmt.Errorf("case %s/%s: %w", base, cond, err)
		}
		out = append(out, newCase(base, cond, format, file, f, req, pages))
	}
	return out, nil
}

func hash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// request is what the client sends with the document.
type request struct {
	lead             person
	medicationName   string
	medicationDosage string
	// molecule and dose are what the request means ("semaglutide", "2.4").
	molecule, dose string
}

// facts is what the document says, before it is laid out.
type facts struct {
	market, layout string
	now            time.Time
	patient        *person    // the patient named; nil: nobody
	med            *dispensed // nil: no medicine
	date           time.Time  // medication date; zero: none
	pharmacy       *pharmacy  // dispensing pharmacy; nil: none
	// seller names the business an online order comes from (a pharmacy,
	// or a telehealth brand when no pharmacy is named).
	seller string
	// form is how the patient's name is printed; formAny lets the layout
	// choose among its usual forms.
	form nameForm
	// salutation: a letter greets the patient by title and surname only.
	salutation bool
}

func newFacts(r *rand.Rand, now time.Time, market, layout, scenario string) (facts, request) {
	lead := pick(r, patients)
	switch scenario {
	case ScenarioSwappedName, ScenarioSwappedTitle, ScenarioSwappedSalutation, ScenarioSurnameFirst:
		lead = pick(r, bothWays)
	case ScenarioNearMissName:
		pair := pick(r, nearMisses)
		if r.IntN(2) == 0 {
			pair[0], pair[1] = pair[1], pair[0]
		}
		lead = pair[0]
	}
	prod := pick(r, productsFor(market))
	dose := pick(r, prod.doses)
	req := request{
		lead:             lead,
		medicationName:   prod.brand,
		medicationDosage: requestDosage(dose, r.IntN(2) == 0),
		molecule:         prod.molecule,
		dose:             dose,
	}
	f := facts{
		market:  market,
		layout:  layout,
		now:     now,
		patient: &lead,
		med:     &dispensed{product: prod, dose: dose},
		date:    day(now).AddDate(0, 0, -(1 + r.IntN(60))),
	}
	switch layout {
	case LayoutOnlineOrder, LayoutOnlineInvoice:
		f.pharmacy = ptr(pick(r, onlinePharmacies[market]))
		f.seller = f.pharmacy.name
	case LayoutUtilityBill:
		return facts{market: market, layout: layout, now: now, patient: &lead}, req
	case LayoutGymReceipt:
		return facts{market: market, layout: layout, now: now}, req
	default:
		if market == "uk" {
			f.pharmacy = ptr(pick(r, pharmaciesUK))
		} else {
			f.pharmacy = ptr(pick(r, pharmaciesUS))
		}
	}

	switch scenario {
	case ScenarioGenericName:
		if r.IntN(2) == 0 {
			req.medicationName = prod.molecule
		} else {
			f.med.generic = true
		}
	case ScenarioDoseUnits:
		req.medicationDosage = otherUnitDosage(dose)
	case ScenarioWrongPatient:
		if r.IntN(2) == 0 {
			f.patient = &person{title: pick(r, []string{"Mr", "Ms", "Mrs"}), forename: pick(r, relativeForenames), surname: lead.surname}
		} else {
			f.patient = ptr(pick(r, otherPatients))
		}
	case ScenarioWrongMedicine:
		var others []product
		for _, p := range productsFor(market) {
			if p.molecule != prod.molecule {
				others = append(others, p)
			}
		}
		other := pick(r, others)
		var doses []string
		for _, d := range other.doses {
			if d != dose {
				doses = append(doses, d)
			}
		}
		f.med = &dispensed{product: other, dose: pick(r, doses)}
	case ScenarioWrongDose:
		var doses []string
		for _, d := range prod.doses {
			if d != dose {
				doses = append(doses, d)
			}
		}
		req.dose = pick(r, doses)
		req.medicationDosage = requestDosage(req.dose, r.IntN(2) == 0)
	case ScenarioOldDate:
		f.date = day(now).AddDate(0, 0, -(100 + r.IntN(100)))
	case ScenarioFutureDate:
		f.date = day(now).AddDate(0, 0, 10+r.IntN(30))
	case ScenarioNoPharmacy:
		f.pharmacy = nil
		if layout == LayoutOnlineOrder || layout == LayoutOnlineInvoice {
			f.seller = pick(r, telehealthBrands[market])
		}
	case ScenarioSwappedName:
		f.patient = &person{title: lead.title, forename: lead.surname, surname: lead.forename}
		f.form = formPlain
	case ScenarioSwappedTitle:
		f.patient = &person{title: pick(r, []string{lead.title, lead.title, "Mx", "Dr"}), forename: lead.surname, surname: lead.forename}
		f.form = formTitled
	case ScenarioSwappedSalutation:
		f.patient = &person{title: pick(r, []string{lead.title, "Mx"}), forename: lead.surname, surname: lead.forename}
		f.form = formPlain
		f.salutation = true
	case ScenarioSurnameFirst:
		f.form = pick(r, []nameForm{formComma, formComma, formFields})
	case ScenarioNearMissName:
		pair := nearMissOf(lead)
		f.patient = &pair
	case ScenarioOtherMedicine:
		other := pick(r, unlistedMedicines)
		f.med = &dispensed{product: other, dose: other.doses[0]}
	}
	if layout == LayoutClinicLetter && r.IntN(2) == 0 {
		f.salutation = true
	}
	return f, req
}

// truth rates what the document says against the request.
func (f facts) truth(req request, now time.Time) Truth {
	var t Truth
	switch {
	case f.patient == nil:
		t.PatientName = NotFound
	case f.patient.forename == req.lead.forename && f.patient.surname == req.lead.surname:
		t.PatientName = Valid
	default:
		t.PatientName = Invalid
	}
	switch {
	case f.med == nil:
		t.MedicationName, t.MedicationDosage = NotFound, NotFound
	case f.med.product.molecule != req.molecule:
		t.MedicationName, t.MedicationDosage = Invalid, Invalid
	case f.med.dose != req.dose:
		t.MedicationName, t.MedicationDosage = Valid, Invalid
	default:
		t.MedicationName, t.MedicationDosage = Valid, Valid
	}
	today := day(now)
	switch {
	case f.date.IsZero():
		t.MedicationDate = NotFound
	case t.MedicationName == Invalid:
		// The date that counts is the requested medicine's own
		// (DESIGN.md); a label for another medicine does not have it.
		t.MedicationDate = NotFound
	case f.date.After(today) || f.date.Before(today.AddDate(0, 0, -90)):
		t.MedicationDate = Invalid
	default:
		t.MedicationDate = Valid
	}
	t.PharmacyName = NotFound
	if f.pharmacy != nil {
		t.PharmacyName = Valid
	}
	return t
}

func day(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func ptr[T any](v T) *T { return &v }

var (
	black     = color.RGBA{A: 255}
	stampInk  = color.RGBA{R: 0x24, G: 0x3c, B: 0x96, A: 255}
	stampRed  = color.RGBA{R: 0xa8, G: 0x1c, B: 0x2a, A: 255}
	labelGrey = color.RGBA{R: 0x40, G: 0x40, B: 0x40, A: 255}
	nhsGreen  = color.RGBA{R: 0x1b, G: 0x6e, B: 0x3a, A: 255}
)

// formatDate writes t in one of the market's styles: numeric (day first in
// the UK, month first in the US), short month, long month, or ISO.
func formatDate(t time.Time, market string, style int) string {
	layouts := map[string][]string{
		"uk": {"02/01/2006", "2 Jan 2006", "2 January 2006", "2006-01-02"},
		"us": {"01/02/2006", "Jan 2, 2006", "January 2, 2006", "2006-01-02"},
	}[market]
	return t.Format(layouts[style%len(layouts)])
}

// ordinalDate is a letter's date: "4th October 2026" (UK) or
// "October 4, 2026" (US).
func ordinalDate(t time.Time, market string) string {
	if market == "us" {
		return t.Format("January 2, 2006")
	}
	d := t.Day()
	suffix := "th"
	switch {
	case d == 1 || d == 21 || d == 31:
		suffix = "st"
	case d == 2 || d == 22:
		suffix = "nd"
	case d == 3 || d == 23:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s %s", d, suffix, t.Format("January 2006"))
}
