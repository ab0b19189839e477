package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

func plain(size float64) style  { return style{size: size, ink: black} }
func bolder(size float64) style { return style{size: size, bold: true, ink: black} }
func mono(size float64) style   { return style{size: size, mono: true, ink: black} }
func monoBold(size float64) style {
	return style{size: size, mono: true, bold: true, ink: black}
}

var rule = item{rule: true, style: style{ink: labelGrey}}

// buildPage lays out the facts in the template's shape, adding the
// distractors real documents carry: dates of birth, discard-after and
// delivery dates, prescribers, pen contents, other medicines, addresses.
func buildPage(r *rand.Rand, f facts) page {
	switch f.layout {
	case LayoutUKLabel:
		return ukLabel(r, f)
	case LayoutUKSmallLabel:
		return ukSmallLabel(r, f)
	case LayoutUSLabel:
		return usLabel(r, f)
	case LayoutUSVial:
		return usVial(r, f)
	case LayoutOnlineOrder:
		return onlineOrder(r, f)
	case LayoutOnlineInvoice:
		return onlineInvoice(r, f)
	case LayoutPrivateRx:
		return privateRx(r, f)
	case LayoutFP10:
		return fp10(r, f)
	case LayoutClinicLetter:
		return clinicLetter(r, f)
	case LayoutUtilityBill:
		return utilityBill(r, f)
	case LayoutGymReceipt:
		return gymReceipt(r, f)
	}
	panic("corpus: unknown layout " + f.layout)
}

// buildPages lays out the document's pages: one, except for the multi-page
// layout, whose details are all on page 2.
func buildPages(r *rand.Rand, f facts) []page {
	var pages []page
	if f.layout == LayoutMultiPage {
		pages = multiPage(r, f)
	} else {
		pages = []page{buildPage(r, f)}
	}
	for i := range pages {
		pages[i].padLeft = 6 * mm * r.Float64()
		pages[i].padTop = 5 * mm * r.Float64()
		pages[i].width += pages[i].padLeft
	}
	return pages
}

func dateOfBirth(r *rand.Rand) time.Time {
	return time.Date(1955+r.IntN(45), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
}

func ukLabel(r *rand.Rand, f facts) page {
	p := page{width: 105 * mm}
	if f.pharmacy != nil {
		ph := f.pharmacy
		p.items = append(p.items,
			textLine(bolder(13), at(0, ph.name)),
			textLine(plain(9), at(0, ph.street+", "+ph.town)),
			textLine(plain(9), at(0, "Tel "+ph.phone), rightAt(1, ph.registration("uk"))),
			rule,
		)
	}
	m := f.med
	p.items = append(p.items,
		textLine(bolder(11), at(0, m.packUK())),
		textLine(plain(10), at(0, m.directionsUK())),
		textLine(plain(10), at(0, "Qty: "+m.quantity())),
	)
	if r.IntN(2) == 0 {
		p.items = append(p.items, textLine(plain(9), at(0, fmt.Sprintf("Exp: %02d/%d", 1+r.IntN(12), f.date.Year()+1)), rightAt(1, fmt.Sprintf("Batch: KX%04d", r.IntN(10000)))))
	}
	p.items = append(p.items, rule)
	p.items = append(p.items, nameItems(r, f, "", bolder(10), false, formPlain, formTitled)...)
	p.items = append(p.items,
		textLine(plain(10), at(0, "Date dispensed: "+formatDate(f.date, "uk", r.IntN(3)))),
		textLine(plain(9), at(0, "Keep out of reach of children")),
		textLine(plain(9), at(0, "Store in a refrigerator (2°C - 8°C)")),
	)
	return p
}

func usLabel(r *rand.Rand, f facts) page {
	p := page{width: 115 * mm}
	if f.pharmacy != nil {
		ph := f.pharmacy
		p.items = append(p.items,
			textLine(bolder(12), at(0, strings.ToUpper(ph.name))),
			textLine(plain(9), at(0, ph.street+", "+ph.town)),
			textLine(plain(9), at(0, ph.phone), rightAt(1, ph.registration("us"))),
			rule,
		)
	}
	m := f.med
	fill := formatDate(f.date, "us", []int{0, 1, 3}[r.IntN(3)])
	p.items = append(p.items, textLine(mono(10), at(0, fmt.Sprintf("Rx# %07d", r.IntN(10000000))), rightAt(1, "Fill Date: "+fill)))
	p.items = append(p.items, nameItems(r, f, "", monoBold(11), true, formComma, formComma, formPlain)...)
	if r.IntN(2) == 0 {
		p.items = append(p.items, textLine(mono(9), at(0, "DOB: "+formatDate(dateOfBirth(r), "us", 0))))
	}
	qty := map[string]string{
		"Wegovy": "4 PENS", "Ozempic": "1 PEN", "Mounjaro": "4 PENS",
		"Zepbound": "4 PENS", "Saxenda": "5 PENS",
	}[m.product.brand]
	if m.product.tablet {
		qty = "30 TABLETS"
	}
	p.items = append(p.items,
		textLine(monoBold(11), at(0, m.packUS())),
		textLine(mono(10), at(0, m.directionsUS())),
		textLine(mono(9), at(0, "Qty: "+qty), at(0.5, fmt.Sprintf("Refills: %d", r.IntN(4)))),
		textLine(mono(9), at(0, "Prescriber: Dr "+pick(r, prescribers))),
		textLine(mono(9), at(0, "Discard after: "+formatDate(f.date.AddDate(0, 0, 56), "us", 0))),
		rule,
		textLine(plain(9), at(0, "Keep refrigerated. Do not freeze.")),
	)
	return p
}

func onlineOrder(r *rand.Rand, f facts) page {
	p := page{width: 140 * mm}
	market := f.market
	currency, price := "£", []string{"199.00", "179.00", "229.00", "149.00"}
	if market == "us" {
		currency, price = "$", []string{"349.00", "499.00", "1,059.00", "299.00"}
	}
	p.items = append(p.items,
		item{style: bolder(15), cells: []cell{at(0, f.seller)}, after: 4},
		textLine(bolder(12), at(0, "Order confirmation")),
		textLine(plain(10), at(0, fmt.Sprintf("Order number: %s-%06d", initials(f.seller), r.IntN(1000000)))),
		textLine(plain(10), at(0, "Order date: "+formatDate(f.date, market, 2))),
		rule,
		textLine(bolder(10), at(0, "Ship to:")),
	)
	home := pick(r, homeAddresses[market])
	p.items = append(p.items, nameItems(r, f, "", plain(10), false, formPlain, formPlain, formTitled)...)
	p.items = append(p.items,
		textLine(plain(10), at(0, home[0])),
		textLine(plain(10), at(0, home[1])),
		rule,
		textLine(bolder(10), at(0, "Item"), at(0.72, "Qty"), rightAt(1, "Price")),
		textLine(plain(10), at(0, f.med.orderItem(market)), at(0.72, "1"), rightAt(1, currency+pick(r, price))),
	)
	if r.IntN(3) > 0 {
		p.items = append(p.items, textLine(plain(10), at(0, pick(r, otherMedicines)), at(0.72, "1"), rightAt(1, currency+"6.50")))
	}
	p.items = append(p.items,
		textLine(plain(10), at(0, "Tracked delivery"), at(0.72, "1"), rightAt(1, currency+"0.00")),
		rule,
		textLine(plain(10), at(0, "Estimated delivery: "+formatDate(f.date.AddDate(0, 0, 2), market, 2))),
	)
	p.items = append(p.items, dispensedBy(plain(9), f, "Dispensing pharmacy: ", "Questions about your order? Reply to this e-mail.")...)
	return p
}

// dispensedBy is an online order's or invoice's closing lines in style
// st: the dispensing pharmacy after lead, with its registration, then its
// address; or, when the seller names no pharmacy, the line instead.
func dispensedBy(st style, f facts, lead, instead string) []item {
	ph := f.pharmacy
	if ph == nil {
		return []item{textLine(st, at(0, instead))}
	}
	return []item{
		textLine(st, at(0, lead+ph.name+", "+ph.registration(f.market))),
		textLine(st, at(0, ph.street+", "+ph.town)),
	}
}

func initials(s string) string {
	var b strings.Builder
	for _, w := range strings.Fields(s) {
		b.WriteByte(w[0])
	}
	return strings.ToUpper(b.String())
}

func privateRx(r *rand.Rand, f facts) page {
	p := page{width: 140 * mm}
	market := f.market
	clinic := pick(r, clinics[market])
	home := pick(r, homeAddresses[market])
	title, reg := "PRIVATE PRESCRIPTION", fmt.Sprintf("GMC No. %07d", 2000000+r.IntN(5000000))
	if market == "us" {
		title, reg = "PRESCRIPTION", fmt.Sprintf("NPI %010d", 1000000000+r.IntN(900000000))
	}
	dob := formatDate(dateOfBirth(r), market, 0)
	m := f.med
	pack, directions := m.packUK(), m.directionsUK()
	if market == "us" {
		pack, directions = m.orderItem("us"), "Sig: "+m.directionsUK()
	} else {
		directions = "Sig: " + directions
	}
	p.items = append(p.items,
		textLine(bolder(15), at(0, clinic.name)),
		textLine(plain(9), at(0, clinic.street+", "+clinic.town+" · Tel "+clinic.phone)),
		rule,
		item{style: bolder(12), cells: []cell{at(0, title)}, after: 3},
	)
	if form := f.nameForm(r, formPlain, formTitled, formFields); form == formFields {
		p.items = append(p.items, nameItems(r, f, "", plain(10), false, form)...)
		p.items = append(p.items, textLine(plain(10), at(0, "DOB: "+dob)))
	} else {
		p.items = append(p.items, textLine(plain(10), at(0, "Patient: "+nameAs(*f.patient, form, false)), at(0.66, "DOB: "+dob)))
	}
	p.items = append(p.items,
		textLine(plain(10), at(0, "Address: "+home[0]+", "+home[1])),
		rule,
		textLine(bolder(12), at(0, "Rx")),
		textLine(bolder(10), at(0, pack)),
		textLine(plain(10), at(0, directions)),
		textLine(plain(10), at(0, "Supply: one month")),
	)
	if r.IntN(2) == 0 {
		extra := pick(r, otherMedicines)
		p.items = append(p.items,
			textLine(bolder(10), at(0, extra)),
			textLine(plain(10), at(0, "Sig: as directed")),
		)
	}
	p.items = append(p.items,
		rule,
		textLine(plain(10), at(0, "Prescriber: Dr "+pick(r, prescribers)), at(0.6, reg)),
		textLine(plain(10), at(0, "Signature: ______________"), at(0.6, "Date: "+formatDate(f.date, market, []int{0, 1, 3}[r.IntN(3)]))),
	)
	if f.pharmacy != nil {
		ph := f.pharmacy
		head, reg := "DISPENSED BY", ph.registration(market)
		if market == "us" {
			head = "FILLED BY"
		}
		ink := func(s style) style { s.ink = stampInk; return s }
		p.items = append(p.items,
			item{after: 6, style: plain(4)},
			item{style: style{ink: stampInk}, box: []item{
				textLine(ink(bolder(10)), at(0, head)),
				textLine(ink(bolder(10)), at(0, ph.name)),
				textLine(ink(plain(9)), at(0, ph.street+", "+ph.town)),
				textLine(ink(plain(9)), at(0, reg)),
			}},
		)
	}
	return p
}

func utilityBill(r *rand.Rand, f facts) page {
	p := page{width: 140 * mm}
	market := f.market
	home := pick(r, homeAddresses[market])
	// A recent bill date: a date in the window that is no medication date.
	issued := day(f.now).AddDate(0, 0, -(1 + r.IntN(30)))
	if market == "uk" {
		p.items = append(p.items,
			textLine(bolder(15), at(0, "Northern Lights Energy")),
			textLine(plain(9), at(0, "PO Box 4410, Leeds LS1 9ZZ")),
			rule,
			textLine(bolder(12), at(0, "Your energy bill")),
			textLine(plain(10), at(0, "Account holder: "+f.patient.full())),
			textLine(plain(10), at(0, home[0]+", "+home[1])),
			textLine(plain(10), at(0, fmt.Sprintf("Account number: %04d %04d %02d", r.IntN(10000), r.IntN(10000), r.IntN(100)))),
			textLine(plain(10), at(0, "Bill date: "+formatDate(issued, market, 1))),
			rule,
			textLine(plain(10), at(0, "Electricity used"), at(0.55, fmt.Sprintf("%d kWh", 200+r.IntN(400))), rightAt(1, "£118.42")),
			textLine(plain(10), at(0, "Standing charge 31 days x 53.4p"), rightAt(1, "£16.55")),
			textLine(bolder(10), at(0, "Total due"), rightAt(1, "£134.97")),
			textLine(plain(10), at(0, "Payment due by: "+formatDate(issued.AddDate(0, 0, 21), market, 1))),
		)
		return p
	}
	p.items = append(p.items,
		textLine(bolder(15), at(0, "Prairie Gas & Electric")),
		textLine(plain(9), at(0, "PO Box 8812, Omaha, NE 68103")),
		rule,
		textLine(bolder(12), at(0, "Monthly statement")),
		textLine(plain(10), at(0, "Account holder: "+f.patient.full())),
		textLine(plain(10), at(0, home[0]+", "+home[1])),
		textLine(plain(10), at(0, fmt.Sprintf("Account number: %03d-%04d-%03d", r.IntN(1000), r.IntN(10000), r.IntN(1000)))),
		textLine(plain(10), at(0, "Statement date: "+formatDate(issued, market, 1))),
		rule,
		textLine(plain(10), at(0, "Electric service"), at(0.55, fmt.Sprintf("%d kWh", 400+r.IntN(600))), rightAt(1, "$96.18")),
		textLine(plain(10), at(0, "Gas service"), at(0.55, fmt.Sprintf("%d therms", 20+r.IntN(60))), rightAt(1, "$41.07")),
		textLine(bolder(10), at(0, "Amount due"), rightAt(1, "$137.25")),
		textLine(plain(10), at(0, "Due date: "+formatDate(issued.AddDate(0, 0, 21), market, 1))),
	)
	return p
}

func gymReceipt(r *rand.Rand, f facts) page {
	p := page{width: 80 * mm}
	currency, town := "£", "Unit 7, Canal Street, Leeds"
	if f.market == "us" {
		currency, town = "$", "310 Main St, Tulsa, OK"
	}
	visited := day(f.now).AddDate(0, 0, -(1 + r.IntN(30)))
	p.items = append(p.items,
		textLine(monoBold(12), at(0, "IRONWORKS FITNESS")),
		textLine(mono(8), at(0, town)),
		rule,
		textLine(monoBold(10), at(0, "RECEIPT")),
		textLine(mono(10), at(0, formatDate(visited, f.market, 0)), rightAt(1, fmt.Sprintf("%02d:%02d", 6+r.IntN(15), r.IntN(60)))),
		textLine(mono(10), at(0, "Day pass"), rightAt(1, currency+"8.00")),
		textLine(mono(10), at(0, "Protein shake"), rightAt(1, currency+"3.50")),
		textLine(mono(10), at(0, "Towel hire"), rightAt(1, currency+"1.00")),
		rule,
		textLine(monoBold(10), at(0, "TOTAL"), rightAt(1, currency+"12.50")),
		textLine(mono(9), at(0, fmt.Sprintf("Card ****%04d", r.IntN(10000)))),
		textLine(mono(9), at(0, "Thank you for training with us")),
	)
	return p
}
