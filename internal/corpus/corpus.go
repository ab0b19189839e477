// Package corpus generates synthetic prescription evidence with ground
// truth: pharmacy labels, online pharmacy orders, private prescriptions and
// unrelated documents, each as a PDF with a text layer, a clean PNG scan and
// a photo-like JPEG. Generation is deterministic for a seed and a time.
// Every person, pharmacy, clinic and address is invented.
//
// Ground truth follows the service's vocabulary (valid, invalid, not_found)
// and is derived from what is printed, not from the scenario's name:
//   - patientName: valid when the lead's forename and surname are printed
//     (in any case, with or without accents, surname first or last); invalid
//     when another person is named as the patient (a relative with the same
//     surname included); not_found when no person is named.
//   - medicationName: valid when the dispensed or prescribed medicine is the
//     requested one, brand and molecule being the same medicine; invalid
//     when it is another medicine; not_found when no medicine is printed.
//     Other medicines on the same document (ondansetron, needles) do not
//     count.
//   - medicationDosage: valid when the dose of that medicine (the strength
//     per dose, printed on the product line or in the directions) equals the
//     requested dose; invalid when the printed dose differs, also when the
//     medicine is another one; not_found when no medicine is printed. Pen
//     contents ("2 mg/1.5 ml") and concentrations ("6 mg/ml") are not doses.
//   - medicationDate: the dispensing, fill, prescription or order date;
//     valid within the 90 days before now, invalid when older or in the
//     future, not_found when absent. Dates of birth, discard-after, expiry,
//     delivery and bill dates are not medication dates.
//   - pharmacyName: valid when a dispensing pharmacy is named, not_found
//     when none is (a clinic or a telehealth brand is not a pharmacy).
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

// Person is the lead a case is checked against.
type Person struct {
	Forename, Surname string
}

// Formats of a case's file.
const (
	FormatPDF   = "pdf"
	FormatPNG   = "png"
	FormatPhoto = "jpeg-photo"
)

// Formats lists every format, in report order.
var Formats = []string{FormatPDF, FormatPNG, FormatPhoto}

// Markets lists the markets Generate knows.
var Markets = []string{"uk", "us"}

// Templates.
const (
	TemplateUKLabel     = "uk-label"
	TemplateUSLabel     = "us-label"
	TemplateOnlineOrder = "online-order"
	TemplatePrivateRx   = "private-rx"
	TemplateUtilityBill = "utility-bill"
	TemplateGymReceipt  = "gym-receipt"
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
	ScenarioUnrelated     = "unrelated"
)

// Scenarios lists the scenarios of each prescription template.
var Scenarios = []string{
	ScenarioValid, ScenarioGenericName, ScenarioDoseUnits,
	ScenarioWrongPatient, ScenarioWrongMedicine, ScenarioWrongDose,
	ScenarioOldDate, ScenarioFutureDate, ScenarioNoPharmacy,
}

// Case is one document to verify, the request to send with it, and the
// expected ratings.
type Case struct {
	// Name is unique: market/template/scenario/format.
	Name     string
	Market   string
	Template string
	Scenario string
	Format   string
	File     []byte
	// Lead is the person the lead is created with.
	Lead             Person
	MedicationName   string
	MedicationDosage string
	Truth            Truth
	// text is the document's text, for tests of the ground truth.
	text string
}

// FileName is the upload's file name: evidence.pdf, .png or .jpg.
func (c Case) FileName() string {
	switch c.Format {
	case FormatPDF:
		return "evidence.pdf"
	case FormatPNG:
		return "evidence.png"
	}
	return "evidence.jpg"
}

// MediaType is the upload's content type.
func (c Case) MediaType() string {
	switch c.Format {
	case FormatPDF:
		return "application/pdf"
	case FormatPNG:
		return "image/png"
	}
	return "image/jpeg"
}

func templatesFor(market string) []string {
	if market == "us" {
		return []string{TemplateUSLabel, TemplateOnlineOrder, TemplatePrivateRx}
	}
	return []string{TemplateUKLabel, TemplateOnlineOrder, TemplatePrivateRx}
}

// Generate returns the corpus of one market ("uk" or "us"): every
// prescription template in every scenario, and the unrelated documents,
// each in every format. Dates are relative to now. The same seed, now and
// market give byte-identical cases.
func Generate(seed uint64, now time.Time, market string) ([]Case, error) {
	if market != "uk" && market != "us" {
		return nil, fmt.Errorf("generate corpus: unknown market %q (want uk or us)", market)
	}
	type spec struct{ template, scenario string }
	var specs []spec
	for _, t := range templatesFor(market) {
		for _, s := range Scenarios {
			specs = append(specs, spec{t, s})
		}
	}
	specs = append(specs, spec{TemplateUtilityBill, ScenarioUnrelated}, spec{TemplateGymReceipt, ScenarioUnrelated})

	// Documents are independent (each has its own random stream), so they
	// render in parallel and land in spec order.
	results := make([][]Case, len(specs))
	errs := make([]error, len(specs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				results[i], errs[i] = generateCase(seed, now, market, specs[i].template, specs[i].scenario)
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

// Sample is one clean, valid US pharmacy label as a PDF, for examples: Dana
// Whitcombe's Zepbound 5 mg from Maple Ridge Pharmacy, filled ten days
// before now; the request is "Zepbound", "5 mg".
func Sample(now time.Time) (Case, error) {
	lead := person{forename: "Dana", surname: "Whitcombe"}
	var zepbound product
	for _, p := range products {
		if p.brand == "Zepbound" {
			zepbound = p
		}
	}
	f := facts{
		market: "us", template: TemplateUSLabel, now: now,
		patient:  &lead,
		med:      &dispensed{product: zepbound, dose: "5"},
		date:     day(now).AddDate(0, 0, -10),
		pharmacy: &pharmaciesUS[0],
	}
	req := request{lead: lead, medicationName: "Zepbound", medicationDosage: "5 mg", molecule: zepbound.molecule, dose: "5"}
	pg := buildPage(rand.New(rand.NewPCG(1, 1)), f)
	file, err := renderPDF(pg)
	if err != nil {
		return Case{}, fmt.Errorf("sample: %w", err)
	}
	return newCase("us/"+TemplateUSLabel+"/"+ScenarioValid, FormatPDF, file, f, req, pg), nil
}

func newCase(base, format string, file []byte, f facts, req request, pg page) Case {
	return Case{
		Name:             base + "/" + format,
		Market:           f.market,
		Template:         f.template,
		Scenario:         strings.Split(base, "/")[2],
		Format:           format,
		File:             file,
		Lead:             Person{Forename: req.lead.forename, Surname: req.lead.surname},
		MedicationName:   req.medicationName,
		MedicationDosage: req.medicationDosage,
		Truth:            f.truth(req, f.now),
		text:             pg.text(),
	}
}

// generateCase builds one document and renders it in every format. Each
// document has its own random stream, so adding a scenario or a template
// leaves the others unchanged.
func generateCase(seed uint64, now time.Time, market, template, scenario string) ([]Case, error) {
	base := market + "/" + template + "/" + scenario
	h := fnv.New64a()
	h.Write([]byte(base))
	r := rand.New(rand.NewPCG(seed, h.Sum64()))

	f, req := newFacts(r, now, market, template, scenario)
	pg := buildPage(r, f)

	pdf, err := renderPDF(pg)
	if err != nil {
		return nil, fmt.Errorf("case %s: %w", base, err)
	}
	img, err := renderImage(pg)
	if err != nil {
		return nil, fmt.Errorf("case %s: %w", base, err)
	}
	pngBytes, err := encodePNG(img)
	if err != nil {
		return nil, fmt.Errorf("case %s: %w", base, err)
	}
	photo, err := photograph(img, r)
	if err != nil {
		return nil, fmt.Errorf("case %s: %w", base, err)
	}

	files := map[string][]byte{FormatPDF: pdf, FormatPNG: pngBytes, FormatPhoto: photo}
	var out []Case
	for _, format := range Formats {
		out = append(out, newCase(base, format, files[format], f, req, pg))
	}
	return out, nil
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
	market, template string
	now              time.Time
	patient          *person    // the patient named; nil: nobody
	med              *dispensed // nil: no medicine
	date             time.Time  // medication date; zero: none
	pharmacy         *pharmacy  // dispensing pharmacy; nil: none
	// seller names the business an online order comes from (a pharmacy,
	// or a telehealth brand when no pharmacy is named).
	seller string
}

func newFacts(r *rand.Rand, now time.Time, market, template, scenario string) (facts, request) {
	lead := pick(r, patients)
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
		market:   market,
		template: template,
		now:      now,
		patient:  &lead,
		med:      &dispensed{product: prod, dose: dose},
		date:     day(now).AddDate(0, 0, -(1 + r.IntN(60))),
	}
	switch template {
	case TemplateUKLabel, TemplatePrivateRx:
		if market == "uk" {
			f.pharmacy = ptr(pick(r, pharmaciesUK))
		} else {
			f.pharmacy = ptr(pick(r, pharmaciesUS))
		}
	case TemplateUSLabel:
		f.pharmacy = ptr(pick(r, pharmaciesUS))
	case TemplateOnlineOrder:
		f.pharmacy = ptr(pick(r, onlinePharmacies[market]))
		f.seller = f.pharmacy.name
	case TemplateUtilityBill:
		return facts{market: market, template: template, now: now, patient: &lead}, req
	case TemplateGymReceipt:
		return facts{market: market, template: template, now: now}, req
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
			f.patient = &person{title: "", forename: pick(r, relativeForenames), surname: lead.surname}
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
		if template == TemplateOnlineOrder {
			f.seller = pick(r, telehealthBrands[market])
		}
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
	labelGrey = color.RGBA{R: 0x40, G: 0x40, B: 0x40, A: 255}
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
