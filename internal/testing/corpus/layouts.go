package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// family picks the page's typeface: each layout has a usual one and
// sometimes another, so a seed not used for tuning shows other glyphs.
func family(r *rand.Rand, usual func(float64) style) (reg, bold func(float64) style) {
	switch r.IntN(4) {
	case 0:
		return plain, bolder
	case 1:
		return mono, monoBold
	case 2:
		return serifStyle, serifBold
	}
	return usual, func(size float64) style { s := usual(size); s.bold = true; return s }
}

func serifStyle(size float64) style { return style{size: size, serif: true, ink: black} }
func serifBold(size float64) style  { return style{size: size, serif: true, bold: true, ink: black} }

func inked(s style, ink style) style { s.ink = ink.ink; return s }

// usVial is a US pharmacy vial label: the pharmacy's city and state on
// their own line ("SPRINGFIELD, IL 62704"), the patient surname first in
// capitals ("DOE, JANE"), "Filled:" with a numeric date, the Rx number,
// refills, and the sig line in capitals.
func usVial(r *rand.Rand, f facts) page {
	p := page{width: (105 + float64(r.IntN(20))) * mm}
	reg, bold := family(r, mono)
	if f.pharmacy != nil {
		ph := f.pharmacy
		p.items = append(p.items,
			textLine(bold(12), at(0, strings.ToUpper(ph.name))),
			textLine(reg(9), at(0, strings.ToUpper(ph.street))),
			textLine(reg(9), at(0, strings.ToUpper(ph.town))),
			textLine(reg(9), at(0, ph.phone)),
			rule,
		)
	} else {
		p.items = append(p.items, textLine(bold(10), at(0, fmt.Sprintf("STORE #%04d", r.IntN(10000)))), rule)
	}
	m := f.med
	filled := pick(r, []string{"Filled: ", "Date Filled: ", "Fill Dt: "}) + formatDate(f.date, "us", 0)
	rx := fmt.Sprintf("Rx: %07d", r.IntN(10000000))
	if r.IntN(2) == 0 {
		p.items = append(p.items, textLine(reg(10), at(0, rx), rightAt(1, filled)))
	} else {
		p.items = append(p.items, textLine(reg(10), at(0, rx)), textLine(reg(10), at(0, filled)))
	}
	p.items = append(p.items, nameItems(r, f, "", bold(12), true, formComma, formComma, formPlain)...)
	sig := textLine(bold(10), at(0, m.directionsUS()))
	drug := textLine(bold(10), at(0, m.packUS()))
	if r.IntN(2) == 0 {
		p.items = append(p.items, sig, drug)
	} else {
		p.items = append(p.items, drug, sig)
	}
	qty := "4"
	if m.product.tablet {
		qty = "30"
	}
	p.items = append(p.items,
		textLine(reg(9), at(0, "QTY: "+qty), at(0.4, fmt.Sprintf("REFILLS: %d", r.IntN(4)))),
		textLine(reg(9), at(0, "DR. "+strings.ToUpper(pick(r, prescribers)))),
		textLine(reg(9), at(0, "USE BY: "+formatDate(f.date.AddDate(1, 0, 0), "us", 0))),
		rule,
		textLine(reg(8), at(0, "CAUTION: FEDERAL LAW PROHIBITS TRANSFER")),
	)
	return p
}

// ukSmallLabel is a UK dispensing label in 6-8 pt print, as pharmacy
// label printers make it.
func ukSmallLabel(r *rand.Rand, f facts) page {
	body := 6 + float64(r.IntN(3))
	p := page{width: (88 + float64(r.IntN(10))) * mm, body: body}
	reg, bold := family(r, plain)
	m := f.med
	p.items = append(p.items,
		textLine(bold(body+1), at(0, m.packUK())),
		textLine(reg(body), at(0, m.directionsUK())),
		textLine(reg(body), at(0, "Qty: "+m.quantity())),
		textLine(reg(body), at(0, "Keep out of reach of children")),
	)
	p.items = append(p.items, nameItems(r, f, "", bold(body), r.IntN(2) == 0, formPlain, formTitled, formComma)...)
	date := formatDate(f.date, "uk", r.IntN(3))
	if r.IntN(2) == 0 {
		p.items = append(p.items, textLine(reg(body), at(0, "Date: "+date)))
	} else {
		p.items = append(p.items, textLine(reg(body), at(0, "Dispensed: "+date)))
	}
	if f.pharmacy != nil {
		ph := f.pharmacy
		p.items = append(p.items,
			textLine(reg(body-0.5), at(0, ph.name)),
			textLine(reg(body-0.5), at(0, ph.street+", "+ph.town)),
		)
	}
	return p
}

// fp10 is an NHS FP10-style prescription form: green print, the patient in
// a box captioned "Title, Forename, Surname & Address" with the name on the
// line below, the practice and prescriber, and the dispensing pharmacy's
// rubber stamp pressed on at an angle.
func fp10(r *rand.Rand, f facts) page {
	p := page{width: (128 + float64(r.IntN(12))) * mm}
	green := func(s style) style { s.ink = nhsGreen; return s }
	reg, bold := family(r, plain)
	home := pick(r, homeAddresses["uk"])
	upper := r.IntN(2) == 0
	box := []item{
		textLine(green(plain(8)), at(0, "Title, Forename, Surname & Address"), rightAt(1, fmt.Sprintf("Age %d", 25+r.IntN(50)))),
	}
	box = append(box, nameItems(r, f, "", bold(11), upper, formTitled, formTitled, formPlain)...)
	addr := [2]string{home[0], home[1]}
	if upper {
		addr = [2]string{strings.ToUpper(addr[0]), strings.ToUpper(addr[1])}
	}
	box = append(box,
		textLine(reg(10), at(0, addr[0])),
		textLine(reg(10), at(0, addr[1])),
		textLine(reg(9), at(0, fmt.Sprintf("NHS Number: %03d %03d %04d", r.IntN(1000), r.IntN(1000), r.IntN(10000))), rightAt(1, "D.o.B "+formatDate(dateOfBirth(r), "uk", 0))),
	)
	p.items = append(p.items,
		textLine(green(bolder(9)), at(0, "NHS"), rightAt(1, "FP10SS")),
		item{style: green(plain(9)), box: box},
		textLine(green(plain(8)), at(0, "Number of days' treatment  N.B. Ensure dose is stated")),
		textLine(bold(11), at(0, f.med.packUK())),
		textLine(reg(10), at(0, f.med.directionsUK())),
		textLine(reg(10), at(0, "Supply: "+f.med.quantity())),
		item{rule: true, style: style{ink: nhsGreen}},
		textLine(green(plain(8)), at(0, "Signature of Prescriber"), rightAt(1, "Date "+formatDate(f.date, "uk", 0))),
		textLine(reg(10), at(0, "________________")),
	)
	practice := pick(r, practices["uk"])
	p.items = append(p.items,
		textLine(reg(9), at(0, "Dr "+pick(r, prescribers)), rightAt(1, practice.register)),
		textLine(reg(9), at(0, practice.name)),
		textLine(reg(9), at(0, practice.street+", "+practice.town)),
		textLine(reg(9), at(0, "Tel "+practice.phone)),
	)
	if f.pharmacy != nil {
		ph := f.pharmacy
		ink := pick(r, []style{{ink: stampInk}, {ink: stampRed}})
		angle := (5 + 10*r.Float64())
		if r.IntN(2) == 0 {
			angle = -angle
		}
		p.items = append(p.items,
			item{after: 14, style: plain(4)},
			item{style: ink, boxWidth: 0.6, boxX: 0.05 + 0.3*r.Float64(), angle: angle, box: []item{
				textLine(inked(bolder(10), ink), at(0, strings.ToUpper(ph.name))),
				textLine(inked(plain(9), ink), at(0, ph.street)),
				textLine(inked(plain(9), ink), at(0, ph.town)),
				textLine(inked(plain(9), ink), at(0, "Tel "+ph.phone)),
			}},
			item{after: 14, style: plain(4)},
		)
	}
	return p
}

// onlineInvoice is an online pharmacy's invoice with an item table
// (Item / Strength / Qty / Price).
func onlineInvoice(r *rand.Rand, f facts) page {
	p := page{width: (135 + float64(r.IntN(15))) * mm}
	market := f.market
	reg, bold := family(r, plain)
	currency, price := "£", []string{"199.00", "179.00", "229.00", "149.00"}
	if market == "us" {
		currency, price = "$", []string{"349.00", "499.00", "1,059.00", "299.00"}
	}
	dateLabel := pick(r, []string{"Invoice date: ", "Date of issue: ", "Order date: "})
	p.items = append(p.items,
		textLine(bold(15), at(0, f.seller), rightAt(1, "INVOICE")),
		textLine(reg(10), at(0, fmt.Sprintf("Invoice no: INV-%06d", r.IntN(1000000))), rightAt(1, dateLabel+formatDate(f.date, market, r.IntN(3)))),
		rule,
		textLine(bold(10), at(0, pick(r, []string{"Bill to:", "Customer:", "Deliver to:"}))),
	)
	home := pick(r, homeAddresses[market])
	p.items = append(p.items, nameItems(r, f, "", reg(10), false, formPlain, formTitled, formFields)...)
	p.items = append(p.items,
		textLine(reg(10), at(0, home[0]+", "+home[1])),
		rule,
		textLine(bold(10), at(0, "Item"), at(0.55, "Strength"), at(0.74, "Qty"), rightAt(1, "Price")),
		textLine(reg(10), at(0, f.med.name()+" "+f.med.form()), at(0.55, f.med.strength()), at(0.74, "1"), rightAt(1, currency+pick(r, price))),
	)
	if r.IntN(2) == 0 {
		p.items = append(p.items, textLine(reg(10), at(0, "Pen needles 4mm"), at(0.55, "-"), at(0.74, "100"), rightAt(1, currency+"6.50")))
	}
	p.items = append(p.items,
		textLine(reg(10), at(0, "Delivery"), at(0.74, "1"), rightAt(1, currency+"0.00")),
		rule,
		textLine(bold(10), at(0, "Total paid"), rightAt(1, currency+pick(r, price))),
	)
	p.items = append(p.items, dispensedBy(reg(9), f, "Dispensed by ", "Thank you for choosing "+f.seller+".")...)
	return p
}

// clinicLetter is a prescriber's letter in prose: "I have today prescribed
// Mounjaro 7.5 mg once weekly for Mrs ...", dated "4th October 2026",
// greeting the patient by title and surname ("Dear Mx Morgan") or by
// forename.
func clinicLetter(r *rand.Rand, f facts) page {
	p := page{width: 150 * mm}
	market := f.market
	reg, bold := family(r, serifStyle)
	clinic := pick(r, clinics[market])
	home := pick(r, homeAddresses[market])
	pt := *f.patient
	form := f.nameForm(r, formTitled, formTitled, formPlain)
	name := nameAs(pt, form, false)
	p.items = append(p.items,
		textLine(bold(14), at(0, clinic.name)),
		textLine(reg(9), at(0, clinic.street+", "+clinic.town+"  Tel "+clinic.phone)),
		rule,
		item{style: reg(10), cells: []cell{rightAt(1, ordinalDate(f.date, market))}, after: 4},
		textLine(reg(10), at(0, name)),
		textLine(reg(10), at(0, home[0])),
		item{style: reg(10), cells: []cell{at(0, home[1])}, after: 6},
	)
	greeting := "Dear " + pt.forename + ","
	if f.salutation {
		greeting = "Dear " + pt.titleOrMx() + " " + pt.surname + ","
	}
	p.items = append(p.items, item{style: reg(10), cells: []cell{at(0, greeting)}, after: 4})
	m := f.med
	medicine := m.name() + " " + m.dose + " mg"
	how := m.frequency()
	if m.product.tablet {
		how = "tablets, one a day"
	}
	text := fmt.Sprintf("Following our consultation, I have today prescribed %s %s for %s.", medicine, how, name)
	if r.IntN(2) == 0 {
		text = fmt.Sprintf("I have today prescribed %s %s for %s, as we discussed at your review.", medicine, how, name)
	}
	if f.pharmacy != nil {
		text += fmt.Sprintf(" The prescription has been sent to %s, %s, %s, who will dispense it.", f.pharmacy.name, f.pharmacy.street, f.pharmacy.town)
	} else {
		text += " Your medicine will be sent to you by post."
	}
	if m.product.tablet {
		text += " Please take them as directed and contact us if you have any side effects."
	} else {
		text += " Please keep the pens in the fridge and contact us if you have any side effects."
	}
	keep := []string{name, medicine}
	if f.pharmacy != nil {
		keep = append(keep, f.pharmacy.name)
	}
	width := 64
	if reg(10).mono {
		width = 56
	}
	for _, line := range wrap(text, width, keep) {
		p.items = append(p.items, textLine(reg(10), at(0, line)))
	}
	p.items = append(p.items,
		item{style: reg(10), after: 8},
		textLine(reg(10), at(0, pick(r, []string{"Yours sincerely,", "Kind regards,"}))),
		item{style: reg(10), after: 10},
		textLine(reg(10), at(0, "Dr "+pick(r, prescribers))),
		textLine(reg(9), at(0, "Prescribing clinician, "+clinic.name)),
	)
	return p
}

// wrap breaks text into lines of at most width characters, never inside
// one of keep (a name, a medicine and its dose).
func wrap(text string, width int, keep []string) []string {
	const nbsp = "\x1f" // a unit separator: no word break
	for _, k := range keep {
		text = strings.ReplaceAll(text, k, strings.ReplaceAll(k, " ", nbsp))
	}
	var lines []string
	var line string
	for _, w := range strings.Fields(text) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	for i := range lines {
		lines[i] = strings.ReplaceAll(lines[i], nbsp, " ")
	}
	return lines
}

// multiPage is a clinic's two-page PDF: a cover page that names no
// patient, medicine, date or pharmacy, and the prescription on page 2.
func multiPage(r *rand.Rand, f facts) []page {
	clinic := pick(r, clinics[f.market])
	cover := page{width: 140 * mm}
	cover.items = append(cover.items,
		textLine(bolder(15), at(0, clinic.name)),
		textLine(plain(9), at(0, clinic.street+", "+clinic.town)),
		rule,
		item{style: bolder(12), cells: []cell{at(0, "Your treatment documents")}, after: 4},
		textLine(plain(10), at(0, "Thank you for completing your consultation with us.")),
		textLine(plain(10), at(0, "Your prescription is on the next page. Keep it for your records")),
		textLine(plain(10), at(0, "and show it to any clinician who asks which medicines you take.")),
		item{style: plain(10), after: 8},
		textLine(plain(10), at(0, "Questions about your treatment? Call us on "+clinic.phone+".")),
		item{style: plain(10), after: 20},
		textLine(plain(9), at(0, "Page 1 of 2")),
	)
	rx := privateRx(r, f)
	rx.items = append(rx.items, item{style: plain(4), after: 8}, textLine(plain(9), at(0, "Page 2 of 2")))
	return []page{cover, rx}
}
