package corpus

import (
	"fmt"
	"strings"
)

// product is a weight-loss medicine as pharmacies print it.
type product struct {
	brand    string // "Wegovy"
	molecule string // "semaglutide"
	// doses are the licensed strengths in mg, as printed ("0.25", "2.4").
	doses   []string
	daily   bool
	markets []string
	// tablet: an oral medicine, printed "Metformin 500mg tablets".
	tablet bool
}

// unlistedMedicines are medicines outside the weight-loss table, printed
// as the main medicine of a document for another treatment.
var unlistedMedicines = []product{
	{brand: "Metformin", molecule: "metformin", doses: []string{"500"}, tablet: true},
	{brand: "Sertraline", molecule: "sertraline", doses: []string{"50"}, tablet: true},
	{brand: "Atorvastatin", molecule: "atorvastatin", doses: []string{"20"}, tablet: true},
}

var products = []product{
	{brand: "Wegovy", molecule: "semaglutide", doses: []string{"0.25", "0.5", "1", "1.7", "2.4"}, markets: []string{"uk", "us"}},
	{brand: "Ozempic", molecule: "semaglutide", doses: []string{"0.25", "0.5", "1", "2"}, markets: []string{"uk", "us"}},
	{brand: "Mounjaro", molecule: "tirzepatide", doses: []string{"2.5", "5", "7.5", "10", "12.5", "15"}, markets: []string{"uk", "us"}},
	{brand: "Zepbound", molecule: "tirzepatide", doses: []string{"2.5", "5", "7.5", "10", "12.5", "15"}, markets: []string{"us"}},
	{brand: "Saxenda", molecule: "liraglutide", doses: []string{"0.6", "1.2", "1.8", "2.4", "3"}, daily: true, markets: []string{"uk", "us"}},
}

func productsFor(market string) []product {
	var out []product
	for _, p := range products {
		for _, m := range p.markets {
			if m == market {
				out = append(out, p)
			}
		}
	}
	return out
}

// dispensed is the medicine printed on a document.
type dispensed struct {
	product product
	dose    string // mg, one of product.doses
	// generic: the document prints the molecule, not the brand.
	generic bool
}

// name is the medicine's name as printed (brand or molecule, title case).
func (d dispensed) name() string {
	if d.generic {
		return strings.ToUpper(d.product.molecule[:1]) + d.product.molecule[1:]
	}
	return d.product.brand
}

// penVolume is the volume of one dose, for single-dose pens (ml).
func (d dispensed) penVolume() string {
	switch d.product.brand {
	case "Wegovy":
		if d.dose == "1.7" || d.dose == "2.4" {
			return "0.75"
		}
		return "0.5"
	case "Mounjaro", "Zepbound":
		return "0.5"
	}
	return ""
}

// ozempicPen is the total content of the Ozempic pen that gives dose.
func ozempicPen(dose string) (mg, ml string) {
	switch dose {
	case "0.25", "0.5":
		return "2", "1.5"
	case "1":
		return "4", "3"
	}
	return "8", "3"
}

// packUK is the product line of a UK label or prescription.
func (d dispensed) packUK() string {
	n := d.name()
	if d.product.tablet {
		return fmt.Sprintf("%s %smg tablets", n, d.dose)
	}
	switch d.product.brand {
	case "Wegovy":
		return fmt.Sprintf("%s %smg/%sml FlexTouch", n, d.dose, d.penVolume())
	case "Ozempic":
		mg, ml := ozempicPen(d.dose)
		return fmt.Sprintf("%s %s mg/%s ml pen", n, mg, ml)
	case "Mounjaro":
		return fmt.Sprintf("%s %smg/0.6ml KwikPen", n, d.dose)
	case "Saxenda":
		return fmt.Sprintf("%s 6 mg/ml pen (3 ml)", n)
	}
	return n
}

// packUS is the drug line of a US pharmacy label (upper case, no spaces).
func (d dispensed) packUS() string {
	n := strings.ToUpper(d.name())
	if d.product.tablet {
		return fmt.Sprintf("%s %sMG TAB", n, d.dose)
	}
	switch d.product.brand {
	case "Wegovy", "Mounjaro", "Zepbound":
		return fmt.Sprintf("%s %sMG/%sML PEN", n, d.dose, d.penVolume())
	case "Ozempic":
		mg, ml := ozempicPen(d.dose)
		return fmt.Sprintf("%s %sMG/%sML PEN", n, mg, ml)
	case "Saxenda":
		return n + " 18MG/3ML PEN"
	}
	return n
}

// orderItem is the line item of an online order.
func (d dispensed) orderItem(market string) string {
	n := d.name()
	if d.product.tablet {
		return fmt.Sprintf("%s %s mg tablets", n, d.dose)
	}
	switch d.product.brand {
	case "Wegovy":
		return fmt.Sprintf("%s %smg FlexTouch pen", n, d.dose)
	case "Ozempic":
		mg, ml := ozempicPen(d.dose)
		if market == "us" {
			return fmt.Sprintf("%s %s mg/%s mL pen, %s mg dose", n, mg, ml, d.dose)
		}
		return fmt.Sprintf("%s %s mg/%s ml pen, %s mg dose", n, mg, ml, d.dose)
	case "Mounjaro", "Zepbound":
		if market == "us" {
			return fmt.Sprintf("%s %s mg single-dose pen", n, d.dose)
		}
		return fmt.Sprintf("%s %s mg KwikPen", n, d.dose)
	case "Saxenda":
		if market == "us" {
			return fmt.Sprintf("%s 6 mg/mL pen, %s mg daily", n, d.dose)
		}
		return fmt.Sprintf("%s 6 mg/ml pen, %s mg daily", n, d.dose)
	}
	return n
}

func (d dispensed) frequency() string {
	if d.product.daily {
		return "once daily"
	}
	return "once weekly"
}

// strength is the dose as an item table's Strength column prints it.
func (d dispensed) strength() string {
	return d.dose + " mg"
}

// form is what an item table's Item column adds to the name.
func (d dispensed) form() string {
	if d.product.tablet {
		return "tablets"
	}
	return "pre-filled pen"
}

// quantity is a pack's quantity as a label prints it.
func (d dispensed) quantity() string {
	if d.product.tablet {
		return "28 tablets"
	}
	return map[string]string{
		"Wegovy": "4 pre-filled pens", "Ozempic": "1 pre-filled pen",
		"Mounjaro": "1 KwikPen (4 doses)", "Zepbound": "4 pens", "Saxenda": "5 x 3 ml pens",
	}[d.product.brand]
}

// directionsUK: "Inject 2.4mg once weekly".
func (d dispensed) directionsUK() string {
	if d.product.tablet {
		return "Take ONE tablet once daily"
	}
	return fmt.Sprintf("Inject %smg %s", d.dose, d.frequency())
}

// directionsUS: "INJECT 2.4MG UNDER THE SKIN ONCE WEEKLY".
func (d dispensed) directionsUS() string {
	if d.product.tablet {
		return "TAKE 1 TABLET BY MOUTH ONCE DAILY"
	}
	return strings.ToUpper(fmt.Sprintf("Inject %smg under the skin %s", d.dose, d.frequency()))
}

// requestDosage is how a client might send the dose: "2.4mg", "2.4 mg".
func requestDosage(dose string, spaced bool) string {
	if spaced {
		return dose + " mg"
	}
	return dose + "mg"
}

// otherUnitDosage writes the same dose another way: micrograms under 1 mg,
// a decimal comma, or a trailing zero.
func otherUnitDosage(dose string) string {
	switch {
	case strings.HasPrefix(dose, "0."):
		mcg := map[string]string{"0.25": "250", "0.5": "500", "0.6": "600"}[dose]
		return mcg + " mcg"
	case strings.Contains(dose, "."):
		return strings.Replace(dose, ".", ",", 1) + " mg"
	}
	return dose + ".0 mg"
}

// otherMedicines are medicines that appear beside the GLP-1 on orders and
// prescriptions, to test that the checker reads the right line.
var otherMedicines = []string{
	"Ondansetron 4mg tablets x 10",
	"Metformin 500mg tablets x 56",
	"Pen needles 32G 4mm x 100",
	"Omeprazole 20mg capsules x 28",
}
