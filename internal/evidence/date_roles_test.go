package evidence

import (
	"slices"
	"testing"
)

// TestDatesInOtherRoles: a date in another role is not the dispensing
// date: when the page was printed (a browser's header or footer), sent or
// forwarded (an e-mail's or a fax's header), when the next fill is due, or
// another medicine's fill. On a page of several medicines each with its
// own date, the requested medicine's date counts (issue 18).
func TestDatesInOtherRoles(t *testing.T) {
	wegovy := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	tests := []struct {
		name  string
		lines []string
		want  Rating
		rule  string
	}{
		{"a browser's print header is not the fill date", []string{
			"11/19/26, 3:04 PM   MyChart - Medications",
			"Wegovy 2.4 mg/0.75 mL pen", "Last filled: Jul 1",
			"https://mychart.example.org/medications   1/1"}, Rating{NotFound, Medium}, "no-date"},
		{"a browser's print footer is not the fill date", []string{
			"Medications", "Wegovy 2.4 mg/0.75 mL pen", "Last filled: Jul 1",
			"https://mychart.example.org/medications   11/19/2026 15:04"}, Rating{NotFound, Medium}, "no-date"},
		{"the print header beside the real fill date", []string{
			"11/19/26, 3:04 PM   MyChart - Medications",
			"Wegovy 2.4 mg/0.75 mL pen", "Last filled: 07/01/2026",
			"https://mychart.example.org/medications   1/1"}, Rating{Invalid, High}, "old-date"},
		{"printed on", []string{"Wegovy 2.4 mg/0.75 mL pen", "Printed on: 19/11/2026"}, Rating{NotFound, Medium}, "no-date"},
		// A weigh-in card's visits (unseen55, a false accept at first
		// measure, round 16): when the patient was weighed.
		{"a weigh-in card's visits", []string{
			"Medication: Wegovy 2.4 mg/0.75 mL weekly", "Filled at: Lakeview Pharmacy #218",
			"Visit Weight (lb) BMI Waist (in) BP Initials", "10/23/26 208.2 33.6 40 132/84 KM",
			"11/19/26 202.5 32.7 39.25 128/82 TR"}, Rating{NotFound, Medium}, "no-date"},
		// A ward's fridge card for a patient's own medicines (unseen190,
		// round 33): when they went into the fridge and were checked.
		{"a ward's record of a patient's own medicines", []string{
			"Patient's Own Medicines - Fridge Record Card", "Patient: Jane Smith",
			"Item placed in fridge Dose Qty Into fridge (date, time) By", "Wegovy 2.4 mg pen . . .",
			"(semaglutide) 2.4 mg weekly 1 pen | 14/11/2026 19:40 K. Osei RN",
			"Daily check Fridge min °C Fridge max °C Items present Initials", "15/11/2026 3.1 6.4 yes KO",
			"16/11/2026 3.4 6.0 yes - 1 dose given MF", "17/11/2026 2.9 5.8 yes KO"}, Rating{NotFound, Medium}, "no-date"},
		// A leaflet's prose names roles of dates, no heading of a table
		// (unseen91's text PDF in round 33's replay).
		{"a leaflet's prose about missed doses beside the label", []string{
			"If you forget, skip the missed dose; the last dose taken and the restart date go in your diary.",
			"Wegovy 2.4mg FlexTouch solution for injection", "Mrs Jane Smith", "12 Nov 2026",
			"Millbrook Pharmacy, 18 Upton Road, Wirral CH49 9ZZ"}, Rating{Valid, Medium}, "date-in-window"},
		{"a POD bag sticker over the pharmacy's own label", []string{
			"PATIENT'S OWN MEDICINES - keep with patient", "Name: Jane Smith", "Admitted: 19/11/2026 Bag 1 of 1",
			"Wegovy 2.4mg FlexTouch solution for injection", "Inject 2.4mg under the skin ONCE a WEEK.", "Mrs Jane Smith", "12 Nov 2026",
			"Millbrook Pharmacy, 18 Upton Road, Wirral CH49 9ZZ"}, Rating{Valid, Medium}, "date-in-window"},
		{"a fridge's log of readings under min and max", []string{
			"Wegovy 2.4 mg pen", "Dispensed 02/11/2026", "Date Fridge min °C Fridge max °C Initials",
			"16/11/2026 3.4 6.0 yes - checked pen MF", "17/11/2026 2.9 5.8 yes KO"}, Rating{Valid, High}, "date-in-window"},
		// A pharmacy's stock order to its wholesaler, the patient's item
		// owed beside it (unseen186, round 33).
		{"a wholesaler's order placed, the patient's item owed", []string{
			"Order 2026-1147 to Trentside Wholesale (acct 10882) Patient owings linked to this order",
			"Placed: 17/11/2026 17:55 Expected delivery: 19/11/2026 AM Status: SENT Patient Item Status",
			"999-5170 Wegovy 2.4mg FlexTouch 1 2 0 (OOS) Mrs Jane Smith OWING - awaiting stock"}, Rating{NotFound, Medium}, "no-date"},
		// A patient's request for more on a repeat slip (unseen187, round 33).
		{"a patient's request is no fill", []string{
			"Repeat Prescription Request", "Medication Last issued", "Wegovy 2.4mg pen - once weekly - 1 pen", "08/07/2026",
			"Please can | have my Wegovy again - J. Smith, 18/11/2026"}, Rating{NotFound, Low}, "dates-disagree"},
		// A patient's injection log in a carton's lid (unseen185, round 33,
		// false accepts at first measure): when a dose was injected, where.
		{"a log of injections and their sites", []string{
			"Jane Smith - my pens", "28/10/2026 L tum ok", "04/11/2026 Rtum_ bit sick", "11/11/2026 L thigh ok",
			"| 18/11/2026 R thigh ok", "Wegovy®", "2.4 mg FlexTouch® - semaglutide - 4 pre-set doses"}, Rating{NotFound, Medium}, "no-date"},
		{"a label's fill date over its directions' sites", []string{
			"Wegovy 2.4 mg FlexTouch pen", "Dispensed 18/11/2026", "Inject into thigh, abdomen or upper arm"}, Rating{Valid, High}, "date-in-window"},
		{"a weigh-in card's visits, the heading read in two", []string{
			"Medication: Wegovy 2.4 mg/0.75 mL weekly", "Weight (lb) BMI Waist (in) BP Initials", "Visit",
			"10/23/26 208.2 33.6 40 KM", "11/19/26 202.5 32.7 39.25 TR"}, Rating{NotFound, Medium}, "no-date"},
		{"a weigh-in card's visits, a cell to a line", []string{
			"Medication: Wegovy 2.4 mg/0.75 mL weekly", "Filled at: Lakeview Pharmacy #218", "Visit", "Weight (lb)", "BMI",
			"Waist (in)", "BP", "Initials", "10/23/26 208.2", "33.6 40", "132/84 KM", "11/19/26 202.5", "32.7 39.25", "128/82 TR",
			"Bring this card to every weigh-in."}, Rating{NotFound, Medium}, "no-date"},
		{"a weight programme's heading over a fill", []string{
			"Weight management programme", "Your weight loss medicine", "19/11/2026 Wegovy 2.4 mg/0.75 mL pen dispensed"}, Rating{Valid, Medium}, "date-in-window"},
		{"a weigh-in card's visits, the heading read elsewhere", []string{
			"Medication: Wegovy 2.4 mg/0.75 mL weekly", "10/23/26 | 208.2 [336 40 132/84 KM",
			"11/19/26 202.5 132.7 | 39.25 128/82 TR", "Weight (lb)"}, Rating{NotFound, Medium}, "no-date"},
		// Another item's row whose name OCR spoilt (unseen57's sync
		// letter, a false accept at first measure, round 16): tablets of a
		// strength Wegovy has none of, its date no Wegovy's.
		{"a spoilt item's row beside the requested one on hold", []string{
			"Your repeat items", "Item Last dispensed Status", "ogee rmin 500mg tablets | 19/11/2026 | In step",
			"Ramipril 5mg capsules (28) 19/11/2026 In step", "Wegovy 2.4mg FlexTouch | On hold: we have asked your prescriber to review",
			"before we can supply again"}, Rating{NotFound, Medium}, "no-date"},
		// A fill history's status column read after its rows (unseen38, a
		// false accept at first measure, round 14): the latest fill was
		// reversed, so its date is no supply's.
		{"a reversed latest fill in a status column read apart", []string{
			"Patient Fill & Claim History", "SMITH, JANE", "Date Medication Qty",
			"11/17/2026 WEGOVY 2.4MG/0.75ML 4", "PEN PENS", "11/15/2026 METFORMIN ER 500MG TAB 60",
			"08/21/2026 WEGOVY 2.4MG/0.75ML 4", "PEN PENS", "Status", "REVERSED - not picked up, returned to stock",
			"11/18/2026", "Picked up", "Picked up"}, Rating{NotFound, Low}, "date-of-withdrawn-supply"},
		{"a status column that does not match the rows", []string{
			"Patient Fill & Claim History", "SMITH, JANE", "Date Medication Qty",
			"11/17/2026 WEGOVY 2.4MG/0.75ML 4", "11/15/2026 METFORMIN ER 500MG TAB 60",
			"08/21/2026 WEGOVY 2.4MG/0.75ML 4", "Status", "REVERSED", "Picked up"}, Rating{Valid, Medium}, "date-in-window"},
		// Pages that say nothing was supplied (unseen35, false accepts at
		// first measure, round 14): an online clinic's order awaiting its
		// prescriber, a portal's list of what was prescribed, a GP's
		// appointment letter asking the patient to bring their pens.
		{"an order awaiting the prescriber", []string{"Thanks for your order, Jane", "Order number SW-204381 - Ordered 17 November 2026",
			"Your order is waiting for a clinician's review.", "Nothing has been prescribed yet. If our prescriber approves your treatment, we",
			"Patient Jane Smith", "Wegovy 2.4mg FlexTouch (4 doses) £189.00"}, Rating{NotFound, Medium}, "no-date"},
		{"a portal's list of what was prescribed", []string{"Medications", "This list shows what your care team has prescribed. It is not a record of pharmacy fills.",
			"Wegovy 2.4 mg/0.75 mL pen", "Prescribed 11/16/2026 by Priya Venkataraman, MD"}, Rating{NotFound, Medium}, "no-date"},
		// A specialist asking another prescriber to start it (unseen168,
		// round 31): the letter's and the visit's dates are no supply's.
		{"a letter asking the GP to start it", []string{"Date: 22 Nov 2026", "Re: Carys Penhallow", "Dear Dr Kenwright,",
			"Request: we would be grateful if you would start semaglutide (Wegovy) 0.25 mg once",
			"weekly. Semaglutide has not yet been prescribed; we have not issued a", "prescription."}, Rating{NotFound, Medium}, "no-date"},
		{"a progress note's plan, the sentence over a line's end", []string{"Psychiatric Progress Note", "Client: Darnell Whitcombe",
			"Date of service: 11/23/2026", "2. Recommend starting Zepbound 2.5 mg subcutaneously once weekly. Not prescribed",
			"today: referral letter sent to PCP, who is to prescribe."}, Rating{NotFound, Medium}, "no-date"},
		// A questionnaire's declaration signed by the patient (unseen173,
		// round 31): the date under the signature is when it was signed.
		{"a declaration's signature over its date", []string{"Pre-test health questionnaire", "Medicines you take (name and dose)",
			"Ozempic 0.5 mg injection once a week", "I confirm that the information I have given is correct to the best of my knowledge.",
			"Signed (on screen) G Alcock-Reeves", "Date 24/11/2026"}, Rating{NotFound, Medium}, "no-date"},
		// A plasma centre's screening of its donor (unseen173, round 31).
		{"a donor's screening date", []string{"DONOR DEFERRAL NOTICE", "Donor", "Jerome Castellanos", "Screening date", "11/26/2026",
			"Medications reviewed", "Mounjaro 7.5 mg weekly (tirzepatide) - acceptable, not a reason for deferral"}, Rating{NotFound, Medium}, "no-date"},
		{"a donor's screening date read above its caption", []string{"DONOR DEFERRAL NOTICE", "Jerome Castellanos", "Donor",
			"11/26/2026", "Screening date", "Temporary - total protein below range", "Deferral",
			"Mounjaro 7.5 mg weekly (tirzepatide) - acceptable, not a reason for deferral"}, Rating{NotFound, Medium}, "no-date"},
		{"a fill's date above an expiry caption over its own date", []string{"WEGOVY 2.4MG/0.75ML PEN", "Date filled", "19/11/2026",
			"Expiry", "12/12/2027"}, Rating{Valid, High}, "date-in-window"},
		// A referral's date (unseen167, round 31).
		{"a referral form's date", []string{"Referral to Specialist Weight Management Service (Tier 3)", "Practice Date of referral",
			"Quayside Medical Group 22/11/2026", "Current weight-management medication: Saxenda 3 mg daily, private supply"}, Rating{NotFound, Medium}, "no-date"},
		// Its captions read before its values, "Date of referral" cut to
		// "t", "referral" (the fax through Textract, round 32).
		{"a referral form's caption column over its values", []string{"Referral to Specialist Weight Management Service (Tier 3)", "2. Referrer",
			"GP", "Practice", "t", "referral", "Dr Naomi Fairbrother", "Quayside Medical Group, HB1 9ZZ", "22/11/2026", "| 3. Eligibility",
			"Current weight-management medication: Wegovy 2.4 mg weekly, private supply"}, Rating{NotFound, Medium}, "no-date"},
		// A court's order over an exhibited label (unseen170, round 32):
		// the order's date is the court's, not the patient's order.
		{"a court's order over an exhibited label", []string{"IN THE COURT OF PROTECTION", "ORDER APPOINTING A DEPUTY FOR PROPERTY AND AFFAIRS",
			"Order made by District Judge Amberley on 21 June 2026 at First Avenue House.", "EXHIBIT LWA/2 - copy of P's current dispensing label",
			"Wegovy 2.4mg FlexTouch solution for injection x1 pen", "16 Nov 2026", "Mr Harold Whitcombe"}, Rating{Valid, Medium}, "date-in-window"},
		// A GP's pathology request and its tubes' labels (unseen177, round
		// 32): the sample's dates, the medicine only its clinical details.
		{"a pathology request's sample dates", []string{"PATHOLOGY REQUEST - Blood Sciences", "Patient MABBOTT-LYLE, Fergus DOB 14/03/1977",
			"Requested 23/11/2026 Priority Routine", "Clinical details: On Wegovy 2.4mg weekly - pre step-up bloods.", "Sample collected",
			"25/11/2026 09:12 Collected by", "MABBOTT-LYLE Fergus", "EDTA 4mL HbA1c", "Coll 25/11/2026 09:"}, Rating{NotFound, Medium}, "no-date"},
		{"a results page that is no prescription beside its supply", []string{"Your blood test results",
			"Patient: Imogen Tregarthen - Sample collected 04/11/2026 (finger-prick, posted) -", "Your treatment", "Wegovy 2.4 mg FlexTouch - 1 pen",
			"Dispensed and dispatched 19/11/2026 by Orchard Row Pharmacy, 14 Orchard Row, Truro TR1 9ZZ",
			"Kestrel Health Online - Results are provided by an accredited laboratory. This page is not a prescription."}, Rating{Valid, High}, "date-in-window"},
		{"a sample's caption beside a label's own", []string{"Sample collected 25/11/2026 09:12", "WEGOVY 2.4MG/0.75ML PEN", "Date dispensed: 20/11/2026"},
			Rating{Valid, High}, "date-in-window"},
		// A sleep clinic's letter recommending it to the GP (unseen176,
		// round 32).
		{"a specialist's letter that is no prescription", []string{"Tamar Sleep Disorders Clinic", "22 November 2026", "Mr Idwal Trevaskis",
			"Alongside CPAP, we recommend Wegovy to help with weight and apnoea, with this dose plan:", "1 to 4 Wegovy 2.4 mg once weekly",
			"This letter is not a prescription. We have written to your GP, who will prescribe it; please collect it",
			"from your usual pharmacy once your GP has done so"}, Rating{NotFound, Medium}, "no-date"},
		{"a dispatch note's next order not yet prescribed", []string{"DISPATCH NOTE", "Dispatched 17 November 2026", "Wegovy 2.4mg FlexTouch pen x1",
			"Your next order: Wegovy 2.4mg - subject to your review with our prescriber. Nothing has been prescribed", "for it yet."}, Rating{Valid, High}, "date-in-window"},
		{"a GP's appointment letter", []string{"Glenbrae Medical Practice", "Date: 17 November 2026", "Dear Ms Smith,",
			"We have booked you a review of your weight management medication.", "When: Tuesday 8 December 2026 at 10:40",
			"Please bring your Wegovy 2.4mg pens and your weight record with you."}, Rating{NotFound, Medium}, "no-date"},
		{"a clinic's letter that prescribes", []string{"17 November 2026", "Dear Ms Smith,",
			"Following our consultation, I have today prescribed Wegovy 2.4mg once weekly for you."}, Rating{Valid, Medium}, "date-in-window"},
		// A carton's maker's print without a pharmacy's label (unseen32,
		// false accepts at first measure, round 14): when it was made, and
		// the same with its caption misread between the lot and the expiry.
		{"a carton's manufacture date", []string{"Wegovy 2.4 mg/0.75 mL", "4 single-dose pens", "LOT 19388A", "MFG 10/16/2026", "EXP 04/09/2028"}, Rating{NotFound, Medium}, "no-date"},
		{"a manufacture date misread between lot and expiry", []string{"Wegovy 2.4 mg/0.75 mL", "LOT 19388A", "2.4 mg/0.75 mL MEG 10/16/2026", "4 single-dose pens EXP 04/09/2028"}, Rating{NotFound, Medium}, "no-date"},
		{"a label's date above a carton's batch and expiry", []string{"Wegovy 2.4mg FlexTouch pen x1", "Mrs Jane Smith", "17 NOV 2026", "Harbourside Pharmacy", "PL 99999/0012 - BATCH D99K12 - EXP 02/09/2027"}, Rating{Valid, Medium}, "date-in-window"},
		// Bilingual pages (unseen14, round 12).
		{"a Welsh collection deadline", []string{"Wegovy 2.4mg FlexTouch pen x1", "Casglwch erbyn: 30/11/2026", "Collect by"}, Rating{NotFound, Medium}, "no-date"},
		{"a Welsh dispensing date", []string{"Wegovy 2.4mg FlexTouch pen x1", "Dyddiad rhoi: 17/11/2026", "Date dispensed", "Casglwch erbyn: 30/11/2026"}, Rating{Valid, High}, "date-in-window"},
		{"a Spanish fill date", []string{"Wegovy 2.4 mg pen", "Fecha de surtido: 11/17/2026", "Impreso: 11/20/2026"}, Rating{Valid, High}, "date-in-window"},
		// A clinic's letter for airport security (unseen58, a false accept
		// at first measure, round 17): its own date and the journey's are
		// no supply's; a fill it dates still counts.
		{"a travel letter's own date", travelLetterLines(), Rating{NotFound, Medium}, "no-date"},
		{"a travel letter that dates the fill", append(travelLetterLines(), "Her last pens were dispensed on November 12, 2026."), Rating{Valid, High}, "date-in-window"},
		// A pharmacy's letter for the customs that tells of its supply, the
		// fill's date under a column heading two lines above it (unseen50).
		{"a pharmacy's travel letter of its own supply", []string{"Gulfbreeze Family Pharmacy", "Date: 11/07/2026",
			"To whom it may concern (customs and border officials)",
			"This is to confirm that the medicine below was dispensed by this pharmacy on a valid prescription",
			"for his personal use while travelling home. It must be carried in hand luggage with its cool pack.",
			"Rx Date filled", "number (MM/DD/YYYY)", "Wegovy 2.4 mg/0.75 mL pen 4 pens", "6620917 11/06/2026"}, Rating{Valid, Medium}, "date-in-window"},
		// A Polish e-prescription app (unseen59, round 17): "Data
		// realizacji" is when it was filled, "Data wystawienia recepty"
		// when prescribed, and the thyroid tablets' card below has its own.
		{"a Polish app's fill date above another medicine's card", []string{"Pacjent: Jane Smith", "Zrealizowana w całości",
			"Wegovy 2,4 mg", "roztwór do wstrzykiwań we wstrzykiwaczu", "Data realizacji", "18 listopada 2026",
			"Data wystawienia recepty", "16 listopada 2026", "Zrealizowana w całości", "Euthyrox N 50, tabletki",
			"Data realizacji", "28 czerwca 2026"}, Rating{Valid, High}, "date-in-window"},
		// "Fecha de" before a word the labels do not know (OCR spoilt
		// "nacimiento") is no plain "date": the date of birth is none
		// (unseen34's translated portal, round 17).
		{"a spoilt date of birth after 'Fecha de'", []string{"Paciente Jane Smith", "Fecha de natifnrens 05/02/1971",
			"Wegovy 2.4 mg pluma", "Fecha de surtiio 41/18/2026"}, Rating{NotFound, Medium}, "no-date"},
		// A Portuguese invoice reprinted at the patient's request: "Data:"
		// is the sale's, long ago; the reprint's date is none (unseen59).
		{"a Portuguese invoice's date beside its reprint", []string{"Farmacia Atlantida, Lda.", "FATURA-RECIBO FR 2026/71458",
			"Data: 2026-08-14 11:42", "Utente: Jane Smith", "1 WEGOVY 2.4 MG SOL INJ", "2.ª via emitida em 2026-11-19 09:15",
			"a pedido do cliente"}, Rating{Invalid, Medium}, "old-date"},
		// A clinical trial's wallet card: when the patient enrolled and when
		// the card was issued, no supply (unseen62, a false accept at first
		// measure, round 17).
		{"a trial card's enrolment and issue dates", []string{"I am taking part in a clinical research study.", "Name", "Ms Jane Smith",
			"Study medicine", "Wegovy (semaglutide) 2.4mg once weekly", "Study medicine supplied by",
			"Clinical Trials Pharmacy, Royal Tamar Infirmary", "Enrolled 10 May 2026 Card issued 17 Nov 2026"}, Rating{NotFound, Medium}, "no-date"},
		// A parcel's customs declaration: its ship date says when it was
		// posted (unseen84, a false accept at first measure, round 21).
		{"a customs declaration's ship date", []string{"FROM / EXPEDITEUR NORTHGATE MAIL PHARMACY LTD.", "TO / DESTINATAIRE JANE SMITH",
			"CUSTOMS DECLARATION CN23", "Ozempic (semaglutide) 1 mg/dose pen x1", "SHIP DATE WEIGHT REF", "2026-11-17 0.9 kg NMP-ORD 660184"}, Rating{NotFound, Low}, "date-of-customs-declaration"},
		// A pharmacy's own dispensing record with a customs section dates
		// its supply (unseen42, in replay, round 21).
		{"a dispensing record's customs section", []string{"Packing slip & dispensing record", "Ship to (patient) Jane Smith",
			"Dispensed by: Bluewater Specialty Pharmacy", "Wegovy 2.4 mg/0.75 mL pen x4",
			"Filled in the United States and dispatched to the United Kingdom on 17 November 2026 by international courier",
			"Customs declaration (CN23)"}, Rating{Valid, High}, "date-in-window"},
		// A travel permit's issue, no prescription's (unseen84, a false
		// accept at first measure, round 21).
		{"a medicine permit's issue date", []string{"Approved. Your permit to bring medicines into the country for personal use has been issued.",
			"Name Jane Smith", "Expected arrival 2 Dec 2026", "Permit issued 17 Nov 2026", "Valid until 17 Dec 2026",
			"Mounjaro KwikPen tirzepatide 7.5mg solution for injection, pre-filled pen 4 pens Personal use"}, Rating{NotFound, Medium}, "no-date"},
		// A banking app's transaction: the bank settled the payment after
		// the sale, and the sale's day is the supply's (unseen60, round 17).
		{"a card payment's settled date is no sale", []string{"Harbour Road Pharmacy", "-£9.90", "Wednesday 18 November 2026 at 10:14",
			"Status Settled 21 Nov 2026", "Itemised receipt from the merchant", "Wegovy 2.4mg pen"}, Rating{Valid, Medium}, "date-in-window"},
		// A Welsh app's card (unseen59, round 17): "Dyddiad dosbarthu" is
		// the dispensing date, and the next step's day to come is none.
		{"a Welsh app's dispensing date beside its next step", []string{"Wegovy 2.4mg FlexTouch", "Dyddiad dosbarthu: 20 Tachwedd 2026",
			"Cam nesaf: adolygiad o 18 Rhagfyr 2026 ymlaen"}, Rating{Valid, High}, "date-in-window"},
		// An app's card in Spanish (unseen14, round 13): "filled on" in the
		// feminine, a collection deadline after it.
		{"a Spanish app's fill date and pick-up deadline", []string{"Lista para recoger", "Wegovy 2.4 mg pluma",
			"Surtida el 17/11/2026", "Recoger antes del 24/11/2026"}, Rating{Valid, High}, "date-in-window"},
		// A practice's message between a request history's rows names the
		// requested medicine and another in passing: it starts no record,
		// so each row's date stays its medicine's (unseen10, round 13).
		// An order history whose headings the production reader read with
		// their values, "ORDER PLACED 6 November 2026" (round 13): each
		// still heads its order.
		{"orders headed by a caption read with its date", []string{
			"Your orders",
			"ORDER PLACED 6 November 2026", "ORDER NUMBER HC-7781203", "DISPATCHED 8 November 2026", "TOTAL £199.00",
			"Wegovy 2.4mg FlexTouch solution for injection pre-filled pen x1",
			"ORDER PLACED 26 October 2026", "ORDER NUMBER HC-7769940", "DISPATCHED 27 October 2026", "TOTAL £6.49",
			"Omeprazole 20mg gastro-resistant capsules x28",
			"ORDER PLACED 9 May 2026", "ORDER NUMBER HC-7410372", "DISPATCHED 10 May 2026", "TOTAL £249.00",
			"Wegovy 1mg FlexTouch solution for injection pre-filled pen x1",
		}, Rating{Valid, Medium}, "date-of-latest-fill"},
		{"a message naming two medicines between the rows", []string{
			"Saxenda 6mg/ml solution for injection pre-filled pen (liraglutide) -", "inject 3mg once daily",
			"Requested 20 Nov 2026 Rejected by GP 21 Nov 2026",
			"Message from the practice: Saxenda was stopped when you started Wegovy. Please do",
			"not request it again; book a review if you need to discuss.",
			"Omeprazole 20mg gastro-resistant capsules - one daily", "Requested 13", "Issued by GP 14",
			"Dispensed by Kelso Road Pharmacy", "Nov 2026", "Nov 2026", "16 Nov 2026",
			"Wegovy 2.4mg FlexTouch solution for injection pre-filled pen -", "inject 2.4mg once weekly",
			"Requested 13", "Issued by GP 14", "Dispensed by Kelso Road Pharmacy", "Nov 2026", "Nov 2026",
			"17 Nov 2026", "Sertraline 50mg tablets - one daily", "Requested 15", "Issued by GP 16",
			"Dispensed by Kelso Road Pharmacy", "Oct 2026", "Oct 2026", "18 Oct 2026",
			"Saxenda 6mg/ml solution for injection pre-filled pen (liraglutide) -", "inject 3mg once daily",
			"Requested 28 Jul Issued by GP 29 Jul Dispensed by Kelso Road Pharmacy", "2026", "2026", "31 Jul 2026",
		}, Rating{Valid, Medium}, "date-in-window"},
		// A pharmacy's notice that it transferred the prescription: its
		// own dates say when (unseen24, round 12, a false accept on a fax
		// that lost the last fill's date).
		{"a transfer notice's own dates", []string{
			"Sandpiper Pharmacy", "November 17, 2026", "Dear Jane Smith,",
			"As you asked, on November 17, 2026 we transferred the prescription below to Bayfront Drug.",
			"Wegovy 2.4 mg/0.75 mL pen injector S-2207193 Bayfront Drug (11/17/2026)"}, Rating{NotFound, Medium}, "no-date"},
		// A notice that a prescription was never collected: its dates
		// are no supply (unseen25, round 12, a false accept).
		{"a not-picked-up notice's dates", []string{
			"Prescription Not Picked Up - Returned to Stock", "Northgate Pharmacy",
			"Your prescription was ready but was not picked up within 14 days, so it has been returned to stock",
			"and the insurance claim reversed. Nothing was dispensed to you.",
			"Patient Jane Smith", "Medication Wegovy 2.4 mg/0.75 mL pen", "Rx # 5518336",
			"Prepared 11/01/2026", "Returned to stock 11/15/2026"}, Rating{NotFound, Medium}, "no-date"},
		// An owing raised on the latest row is no fill, so it is not the
		// latest fill's date; with the supply before it too old, the
		// dates disagree (unseen25, round 12, a false accept).
		{"an owing on the record's latest row", []string{
			"Patient Medication Record", "Date Item Qty Status",
			"18/11/2026 Levothyroxine 100mcg tablets 28 Supplied",
			"18/11/2026 Wegovy 2.4mg FlexTouch pen 1 OWING raised - none supplied",
			"02/08/2026 Wegovy 2.4mg FlexTouch pen 1 Supplied",
			"31/07/2026 Levothyroxine 100mcg tablets 28 Supplied"}, Rating{NotFound, Low}, "dates-disagree"},
		{"a transfer notice's last fill", []string{
			"Sandpiper Pharmacy", "November 17, 2026", "Dear Jane Smith,",
			"As you asked, on November 17, 2026 we transferred the prescription below to Bayfront Drug.",
			"Wegovy 2.4 mg/0.75 mL pen injector S-2207193 Last filled here: 08/14/2026"}, Rating{Invalid, High}, "old-date"},
		{"an e-mail sent date", []string{
			"From: Northbridge Pharmacy <orders@example.co.uk>", "Sent: Thursday, 19 November 2026 15:14", "To: Jane Smith",
			"Subject: Your order", "Wegovy 2.4 mg pen"}, Rating{NotFound, Medium}, "no-date"},
		{"an e-mail header's Date:", []string{
			"---------- Forwarded message ---------", "From: Northbridge Pharmacy <orders@example.co.uk>",
			"Date: Thu, 19 Nov 2026 at 15:14", "Subject: Your order", "To: <jane@example.com>", "Wegovy 2.4 mg pen"}, Rating{NotFound, Medium}, "no-date"},
		// A webmail's printed header: the sender, their address and when it
		// was sent on one line, no captions (round 15, unseen40's order
		// correction, where it was taken for the dispensing date).
		{"a webmail's sender line", []string{
			"Correction to your order #PM-5582031",
			"Prairie Meadow Mail Pharmacy <orders@prairiemeadow-rx.example> Tuesday, November 24, 2026, 10:14 AM",
			"to Jane Smith", "Wegovy 2.4 mg pen"}, Rating{NotFound, Medium}, "no-date"},
		// A label whose line gives its own time takes no date from the line
		// under it (round 15, unseen43's Saxenda label).
		{"a discard period over the label's fill date", []string{
			"Wegovy 2.4mg FlexTouch solution for injection pre-filled pen", "Inject 2.4mg under the skin ONCE weekly",
			"Store unused pens in a fridge. Discard each pen 1 month after first use.",
			"Mr Jane Smith 15/11/2026"}, Rating{Valid, Medium}, "date-in-window"},
		{"a discard label over its date", []string{
			"Wegovy 2.4 mg pen", "Discard after", "15/11/2026"}, Rating{NotFound, Medium}, "no-date"},
		// A pharmacy's fill record whose fill column is cut off: its
		// "Written" column and the reader's last login are no supply
		// (round 15, unseen46, a false accept at first measure).
		{"a fill record's written column, its fill column cut off", []string{
			"Signed in as Jane Smith - Last login Nov 25, 2026",
			"Medication Strength Qty Prescriber Written L",
			"Wegovy 2.4 mg/0.75 mL pen 4 H. Vance, MD 10/13/2026 1",
			"Losartan 50 mg tablet 90 H. Vance, MD 06/29/2026 1"}, Rating{NotFound, Medium}, "no-date"},
		{"the same headings read over two lines", []string{
			"Qty Prescriber Written L", "Medication Strength",
			"Wegovy 2.4 mg/0.75 mL pen 4 H. Vance, MD 10/13/2026 1",
			"Losartan 50 mg tablet 90 H. Vance, MD 06/29/2026 1"}, Rating{NotFound, Medium}, "no-date"},
		// A record whose fill date OCR spoilt keeps the others' dates
		// theirs (round 15, unseen47: "Jui" for "Jul").
		{"the requested medicine's fill date unread, another's read", []string{
			"My medicines", "Wegovy 2.4mg FlexTouch pen", "Treatment paused", "Last dispensed 28 Jui 2026 - 1 pen",
			"Orlistat 120mg capsules", "Last dispensed 14 Nov 2026 - 84 capsules"}, Rating{NotFound, Medium}, "no-date"},
		{"a fax header", []string{
			"NOV-19-2026 15:14  FROM: GREENFIELD PHARMACY  TO: 01134960000  P. 1/2",
			"Wegovy 2.4 mg pen", "Inject 2.4 mg once weekly"}, Rating{NotFound, Medium}, "no-date"},
		{"the next fill date", []string{"Wegovy 2.4 mg pen", "Next fill date: 18/11/2026"}, Rating{NotFound, Medium}, "no-date"},
		{"another medicine's fill under its own name", []string{
			"Wegovy 2.4 mg/0.75 mL pen", "Last filled: Jul 1",
			"Metformin 500 mg tablets", "Last filled: 18/11/2026"}, Rating{NotFound, Medium}, "no-date"},
		{"a statement's period is no fill's date, though it says filled", []string{
			"Prescriptions filled 01/01/2026 through 19/11/2026",
			"Wegovy 2.4 mg/0.75 mL pen"}, Rating{NotFound, Medium}, "no-date"},
		{"the fill's own date beside a statement's period", []string{
			"Prescriptions filled 01/01/2026 to 19/11/2026",
			"Wegovy 2.4 mg/0.75 mL pen", "Date filled: 17/11/2026"}, Rating{Valid, High}, "date-in-window"},
		{"each medicine's row with its own date: the requested one's", []string{
			"Wegovy 2.4 mg/0.75 mL pen       Filled 01/07/2026",
			"Metformin 500 mg tablets        Filled 18/11/2026"}, Rating{Invalid, High}, "old-date"},
		{"each medicine's date under it: the requested one's", []string{
			"Metformin 500 mg tablets", "Last filled: 01/07/2026",
			"Wegovy 2.4 mg/0.75 mL pen", "Last filled: 18/11/2026"}, Rating{Valid, High}, "date-in-window"},
		// OCR reads a table's columns one after the other.
		{"a table read column by column: the requested medicine's row", []string{
			"Medication", "Metformin 500 mg tablet", "Wegovy 2.4 mg/0.75 mL pen", "Sertraline 50 mg tablet",
			"Rx #", "4410871", "4410233", "4398120",
			"Last filled", "18/11/2026", "01/07/2026", "19/11/2026"}, Rating{Invalid, High}, "old-date"},
		{"a table read column by column: recent in the requested medicine's row", []string{
			"Medication", "Metformin 500 mg tablet", "Wegovy 2.4 mg/0.75 mL pen", "Sertraline 50 mg tablet",
			"Last filled", "01/07/2026", "18/11/2026", "01/06/2026"}, Rating{Valid, High}, "date-in-window"},
		{"a column of dates read with the next column's numbers: the requested medicine's row", []string{
			"[_] Ramipril 5mg capsules", "[_] Wegovy 1.7mg/0.75ml FlexTouch pen", "[_] Omeprazole 20mg gastro-resistant capsules",
			"Inject 1.7mg once weekly 1 pen", "Last issued Issues",
			"19/11/2026 3 of 6", "08/08/2026 5 of 6", "03/10/2026 2 of 6"}, Rating{Invalid, Medium}, "old-date"},
		{"a column of dates and quantities: recent in the requested medicine's row", []string{
			"[_] Ramipril 5mg capsules", "[_] Wegovy 1.7mg/0.75ml FlexTouch pen", "[_] Omeprazole 20mg gastro-resistant capsules",
			"08/08/2026 28", "13/11/2026 1", "03/06/2026 28"}, Rating{Valid, Medium}, "date-in-window"},
		{"a column of dates no column of medicines matches", []string{
			"Medication", "Metformin 500 mg tablet", "Wegovy 2.4 mg/0.75 mL pen",
			"Last filled", "18/11/2026", "01/07/2026", "19/11/2026"}, Rating{NotFound, Medium}, "no-date"},
		{"a cell OCR read above its column's heading cannot be paired", []string{
			"Medication Rx #", "Atorvastatin 20 mg tablet 4410871", "Lisinopril 10 mg tablet 4410872", "Wegovy 2.4 mg/0.75 mL pen 4410233", "Metformin 500 mg tablet 4398120",
			"88 Commerce St, Montgomery, AL 36104", "24/10/2026", "Last filled", "08/11/2026", "08/11/2026", "31/07/2026"}, Rating{NotFound, Medium}, "no-date"},
		// An order history: a repeated heading starts each order, its dates
		// on the row under the heading and its medicine below.
		{"an order history: the requested medicine's order is recent", orderHistory("Wegovy 2.4mg FlexTouch pen", "6 November 2026", "8 November 2026", "Saxenda 6mg/ml pen", "9 May 2026", "10 May 2026"),
			Rating{Valid, High}, "date-in-window"},
		{"an order history: the requested medicine's order is old", orderHistory("Saxenda 6mg/ml pen", "6 November 2026", "8 November 2026", "Wegovy 2.4mg FlexTouch pen", "9 May 2026", "10 May 2026"),
			Rating{Invalid, High}, "old-date"},
		{"an order history of the requested medicine only: its orders disagree", orderHistory("Wegovy 2.4mg FlexTouch pen", "6 November 2026", "8 November 2026", "Wegovy 1.7mg FlexTouch pen", "9 May 2026", "10 May 2026"),
			Rating{NotFound, Low}, "dates-disagree"},
		{"a repeated line after each medicine starts no record: each date under its medicine", []string{
			"Wegovy 2.4mg FlexTouch pen", "Dispatched 9 May 2026", "Delivered",
			"Saxenda 6mg/ml pen", "Dispatched 8 November 2026", "Delivered"}, Rating{Invalid, High}, "old-date"},
		// A refill centre's cards: each medicine, then its dates on the row
		// under the headings beside it.
		{"a refill centre's cards: the requested medicine's fill is old", []string{
			"Prescriptions for Jane Smith that can be refilled by mail",
			"Wegovy 2.4 mg/0.75 mL pen Last filled Refill due Status",
			"Rx 3307715 - 4 pens - 1 refill left 18/08/2026 24/11/2026 Ready to refill",
			"Losartan 50 mg tablet Last filled Refill due Status",
			"Rx 3291042 - 90 tablets - 3 refills left 14/11/2026 12/02/2027 Shipped"}, Rating{Invalid, High}, "old-date"},
		{"a refill centre's cards: the requested medicine's fill is recent", []string{
			"Prescriptions for Jane Smith that can be refilled by mail",
			"Wegovy 2.4 mg/0.75 mL pen Last filled Refill due Status",
			"Rx 3307715 - 4 pens - 1 refill left 14/11/2026 12/02/2027 Ready to refill",
			"Losartan 50 mg tablet Last filled Refill due Status",
			"Rx 3291042 - 90 tablets - 3 refills left 18/08/2026 24/11/2026 Shipped"}, Rating{Valid, High}, "date-in-window"},
		// A portal's medication list as Textract splits its rows: the
		// medicine, its directions, then the prescriber, last fill and
		// pharmacy; the generic under the brand; an over-the-counter row
		// without a fill.
		{"a medication list's rows split over lines: the requested medicine's own fill", []string{
			"Rosalind M. Achterberg", "OB 17/04/1968 - MRN 00482-1174", "Medication", "Instructions", "Prescribed by Last filled Pharmacy",
			"Lisinopril 10 mg tablet", "Take 1 tablet by mouth daily", "Ansel Prewitt, MD 18/11/2026 Pinecrest Pharmacy #14 3",
			"Metformin ER 500 mg tablet Take 1 tablet with the evening meal", "Ansel Prewitt, MD 06/11/2026 Pinecrest Pharmacy #14 5",
			"Wegovy 2.4 mg/0.75 mL pen Inject 2.4 mg once a week Leona Marsh, NP 29/07/2026 Pinecrest Pharmacy #14 0",
			"semaglutide", "Vitamin D3 50 mcg capsule Take 1 capsule daily", "Over the counter"}, Rating{Invalid, Medium}, "old-date"},
		{"the requested medicine's record without a date of its own", []string{
			"Lisinopril 10 mg tablet", "Filled 18/11/2026",
			"Wegovy 2.4 mg/0.75 mL pen", "Inject 2.4 mg once a week",
			"Metformin 500 mg tablet", "Filled 29/07/2026"}, Rating{NotFound, Medium}, "no-date"},
		{"a refill centre's card as Textract splits its headings: the requested medicine's fill is old", []string{
			"Prescriptions for Jane Smith that can be refilled by mail",
			"Wegovy 2.4 mg/0.75 mL pen", "Last filled", "Refill due", "Status",
			"Rx 3307715 - 4 pens - 1 refill left", "18/08/2026 24/11/2026 Ready to refill",
			"Losartan 50 mg tablet", "Last filled", "Refill due", "Status",
			"Rx 3291042 - 90 tablets - 3 refills left", "14/11/2026", "12/02/2027", "Shipped"}, Rating{Invalid, High}, "old-date"},
		{"split headings name no date: the row's dates stay unlabelled", []string{
			"Wegovy 2.4 mg/0.75 mL pen", "Quantity", "Status",
			"Rx 3307715 - 4 pens", "10/11/2026 18/11/2026 Ready"}, Rating{Valid, Low}, "date-in-window"},
		{"cards under a date above the first medicine are not told apart", []string{
			"Filled 14/11/2026",
			"Wegovy 2.4 mg/0.75 mL pen", "Rx 3307715 Filled 18/08/2026",
			"Losartan 50 mg tablet", "Rx 3291042 Filled 14/11/2026"}, Rating{NotFound, Low}, "dates-disagree"},
		// When a page was updated is another role's date: the cards under
		// it keep their own (unseen11's account page under a cookie
		// notice "updated October 12, 2026").
		{"cards under the date a page was updated", []string{
			"Updated 14/11/2026",
			"Wegovy 2.4 mg/0.75 mL pen", "Rx 3307715 Filled 18/08/2026",
			"Losartan 50 mg tablet", "Rx 3291042 Filled 14/11/2026"}, Rating{Invalid, High}, "old-date"},
		// Unlabelled dates on both sides of today: which is the dispensing
		// date cannot be told (a fax of a sync plan lost the requested
		// medicine's old fill; a prior authorisation's approval period ran
		// to next year beside the letter's date): unseen5, 26 Nov.
		{"an unlabelled future date beside a past one: they disagree", []string{
			"Wegovy 2.4mg FlexTouch pen", "1 pen (4 doses)", "14 November 2026", "28 November 2026"}, Rating{NotFound, Low}, "dates-disagree"},
		{"a lone unlabelled future date", []string{"Wegovy 2.4mg FlexTouch pen", "28 November 2026"}, Rating{Invalid, Medium}, "future-date"},
		{"a labelled future dispensing date beside a past one still disagrees", []string{
			"Wegovy 2.4mg FlexTouch pen", "Dispensed 14 November 2026", "Dispensed 28 November 2026"}, Rating{NotFound, Low}, "dates-disagree"},
		// A row of another medicine that names the requested one after its
		// date ("switched to Wegovy") is still the other's row.
		{"another medicine's row naming the requested one after its date", []string{
			"Wegovy 2.4 mg/0.75 mL pen 18/11/2026 28 New - joins sync next cycle 16/12/2026",
			"Mounjaro (tirzepatide) 5 mg pen 14/08/2026 28 On hold - switched to Wegovy"}, Rating{Valid, Medium}, "date-in-window"},
		{"two medicines then one date on a line: the label's date", []string{
			"Metformin 500mg tablets, Wegovy 2.4mg/0.75ml pen  dispensed 13/11/2026"}, Rating{Valid, High}, "date-in-window"},
		// A GP's review letter read by Textract: each table cell a line,
		// the requested medicine's old dates in a column that pairs with no
		// column of medicines; the letter's own date is not the fill.
		{"a letter's date when the table's dates cannot be paired", []string{
			"Fernhollow Surgery", "18 November 2026", "Mrs Jane Smith", "Your medication review",
			"Dr Imogen Salter reviewed your repeat medicines on 17 November 2026.",
			"Medicine", "Last issued", "Last dispensed", "Dispensed by",
			"Ramipril 5mg capsules", "one daily", "14/11/2026", "16/11/2026", "Castlegate Pharmacy",
			"Wegovy 2.4mg FlexTouch pen", "2.4mg weekly", "23/07/2026", "26/07/2026", "Castlegate Pharmacy",
			"Omeprazole 20mg capsules", "one daily", "17/10/2026", "19/10/2026", "Castlegate Pharmacy",
			"Wegovy is paused at your request and has not been reissued."}, Rating{NotFound, Medium}, "no-date"},
		{"one date for the label of two medicines", []string{
			"Wegovy 2.4mg/0.75ml FlexTouch", "Metformin 500mg tablets", "Mrs Jane Smith   Date dispensed: 13/11/2026"}, Rating{Valid, High}, "date-in-window"},
		{"a text message's sent time is not the dispensing date", []string{
			"CP", "Text Message", "Tue, 24 Nov 2026 09:14",
			"Greenfield Pharmacy: your prescription is ready to collect. Item: Wegovy 2.4mg FlexTouch pen x1."}, Rating{NotFound, Medium}, "message-sent-date"},
		{"a text message's own dispensing date counts", []string{
			"iMessage", "Fri, 20 Nov 2026 09:52", "Greenfield Pharmacy: Wegovy 2.4mg pen dispensed 13/11/2026, ready to collect."}, Rating{Valid, High}, "date-in-window"},
		{"a receipt's date and time alone on a line stand", []string{
			"GREENFIELD PHARMACY", "Wegovy 2.4mg/0.75ml FlexTouch", "Tue, 12 Nov 2026 14:02", "Thank you for your visit"}, Rating{Valid, Medium}, "date-in-window"},
		{"a compounded medicine's beyond-use date is no dispensing date", []string{
			"Wegovy 2.4 mg pen", "Beyond-use date: 26/12/2026"}, Rating{NotFound, Medium}, "no-date"},
		{"a discard date under its heading", []string{
			"Wegovy 2.4 mg pen", "Discard date", "19/11/2026"}, Rating{NotFound, Medium}, "no-date"},
		{"a count of refills left labels no date: the heading above does", []string{
			"Wegovy 2.4 mg/0.75 mL pen   Last filled   Refill due",
			"Rx 3307715 - 4 pens - 1 refill left   18/08/2026   24/11/2026"}, Rating{Invalid, High}, "old-date"},
		{"refills as a label still label their date", []string{
			"Wegovy 2.4 mg/0.75 mL pen", "Refills: 2 before 19/11/2026"}, Rating{NotFound, Medium}, "no-date"},
		{"a receipt's date and time stand", []string{
			"GREENFIELD PHARMACY", "Wegovy 2.4mg/0.75ml FlexTouch   £0.00", "12/11/2026 14:02"}, Rating{Valid, Medium}, "date-in-window"},
		// A thread of texts: the text that says the medicine was dispensed
		// "today" dates it; a reminder's reply-by date does not.
		{"a text sent long ago says dispensed today; a reminder's reply-by date", []string{
			"Kingsmere Pharmacy", "01 Aug 2026 10:12", "Kingsmere Pharmacy: your Wegovy 2.4 mg pens",
			"were dispensed today and are ready", "to collect.", "14 Nov 2026 09:05",
			"Kingsmere Pharmacy: it's time to reorder your", "Wegovy pens. Reply YES by", "21 Nov 2026 and we will request",
			"a new prescription.", "Text Message"}, Rating{Invalid, High}, "old-date"},
		{"a text sent lately says dispensed today", []string{
			"Kingsmere Pharmacy", "16 Nov 2026 10:12", "Kingsmere Pharmacy: your Wegovy 2.4 mg pens",
			"were dispensed today and are ready", "to collect.", "Text Message"}, Rating{Valid, High}, "date-in-window"},
		// An insurer's approval of cover: the letter's date is no fill.
		{"a prior authorisation's approval letter", []string{
			"Crestline Rx Benefits", "November 16, 2026", "JANE SMITH", "RE: Your prior authorization request has been APPROVED",
			"Drug approved WEGOVY 2.4 mg/0.75 mL pen", "Approval period November 16, 2026 through November 12, 2027",
			"This letter is not a prescription and does not mean the drug has been filled."}, Rating{NotFound, Medium}, "no-date"},
		// An insurer's statement: its own date, the claims' processing and
		// a prior authorisation's period are no fill of the medicine.
		{"a statement's date beside the medicine's old claims", []string{
			"STATEMENT DATE November 18, 2026", "Member JANE SMITH",
			"DATE FILLED RX# DRUG AND STRENGTH QTY PHARMACY",
			"11/02/2026 2290417 Mounjaro 5 mg/0.5 mL pen 4 Delmar Pharmacy",
			"07/31/2026 2240982 Wegovy 2.4 mg/0.75 mL pen 4 Delmar Pharmacy",
			"07/02/2026 2240982 Wegovy 2.4 mg/0.75 mL pen 4 Delmar Pharmacy",
			"Prior authorization on file for Wegovy: approved 06/19/2026 through 06/19/2027.",
			"Claims shown were processed by November 17, 2026."}, Rating{Invalid, Low}, "old-date"},
		// A medication history: the requested medicine filled at each
		// step of a titration, the latest fill the one the patient is on.
		{"a history of fills: the latest in the window, older ones not", history("Refill"),
			Rating{Valid, Medium}, "date-of-latest-fill"},
		{"a history whose latest fill was reversed", history("Reversed"), Rating{NotFound, Low}, "dates-disagree"},
		{"a history whose latest is not yet filled", history("Not yet filled"), Rating{NotFound, Low}, "dates-disagree"},
		// A next step above a history, not yet filled and undated, is no
		// fill of it (unseen12's order history).
		{"a history under a next step not yet filled", append([]string{"Next step: Wegovy 2.4 mg pen — awaiting approval. Not yet filled."}, history("Refill")...),
			Rating{Valid, Medium}, "date-of-latest-fill"},
		// The patient's own signature's date on a declaration, its fill
		// date misread (unseen81, a false accept at first measure, round
		// 20).
		{"a declaration signed by its athlete, the fill date misread", []string{
			"Medication and supplement declaration", "Full name Jane Smith", "Medicine and strength Wegovy 2.4mg FlexTouch",
			"Pharmacy Byres Road Pharmacy", "Date last dispensed 14/08 202 6", "Athlete signature and date J. Smith 17/11/2026",
			"Reviewed by (Sports Medicine) Dr Fiona Galbraith 18/11/2026"},
			Rating{NotFound, Medium}, "no-date"},
		{"a declaration's signature caption over its value", []string{
			"Medication and supplement declaration", "Full name Jane Smith", "Medicine and strength Wegovy 2.4mg FlexTouch",
			"Pharmacy Byres Road Pharmacy", "Date last dispensed", "14/08 202 6", "Athlete signature and date", "J. Smith 17/11/2026"},
			Rating{NotFound, Medium}, "no-date"},
		// A yearly consent renewed, signed and dated, beside a copy of the
		// patient's old label, and a clinic's treatment consent with no
		// supply at all (unseen165, round 30, false accepts at first
		// measure).
		{"a consent renewed and signed beside an old label", []string{
			"Renew your data-sharing consent", "Patient Jane Smith", "Consent renewed 26/11/2026", "Next renewal due 26/11/2027",
			"I agree my pharmacy may send dispensing records to the clinic.", "signature: Jane Smith", "Bath CA gpa te Oe", "Date: 19/11/2026",
			"Copy of your last pharmacy label", "Wegovy 1.7 mg FlexTouch solution for injection", "Mrs Jane Smith 21/07/2026",
			"Quayside Chemist, 9 Quay Road"},
			Rating{Invalid, Medium}, "old-date"},
		// A prescription's bare signature over its date: the prescriber's,
		// the date the prescription's (make eval's private prescriptions).
		{"a prescription signed and dated", []string{"PRIVATE PRESCRIPTION", "Patient: Jane Smith", "Wegovy 1 mg FlexTouch pen",
			"Signature: ______________", "Date: 12/11/2026"}, Rating{Valid, Low}, "date-in-window"},
		{"a prescription signed and dated on one line", []string{"PRIVATE PRESCRIPTION", "Patient: Jane Smith", "Wegovy 1 mg FlexTouch pen",
			"Prescriber: Dr Alan Hart GMC No. 1234567", "Signature: ______________ Date: 12/11/2026"}, Rating{Valid, Medium}, "date-in-window"},
		{"a treatment consent signed by patient and clinician", []string{
			"Consent for Treatment with Tirzepatide (Zepbound)", "Patient: Jane Smith", "I agree to begin treatment with tirzepatide as prescribed.",
			"Patient signature:", "Date: 11/18/2026", "Jane Smith", "Clinician: Hannah Osei, MD", "Date: 11/18/2026"},
			Rating{NotFound, Medium}, "no-date"},
		// A video call's last screen: when the call was, and for how long
		// (unseen166, round 30, a false accept at first measure).
		{"a call's start and length", []string{"Call ended", "Dr Marcus Penrose : Northgate Telehealth",
			"18 Nov 2026, 11:42 - duration 12:04", "Your plan, Jane Smith", "Continue Wegovy 1mg FlexTouch once weekly.",
			"No new prescription today.", "Your nominated pharmacy: Ashgrove Pharmacy"},
			Rating{NotFound, Medium}, "no-date"},
		// How long the supply lasts is no second fill (unseen75, round 20).
		{"a letter's supply and the day it lasts until", []string{
			"Medication", "Wegovy 2.4mg FlexTouch (semaglutide), 2.4mg once weekly, supplied by our homecare provider.",
			"His last delivery was dispensed on 6 November 2026 (four weekly doses), so he has enough until about 4 December 2026."},
			Rating{Valid, High}, "date-in-window"},
		// A next step under the fills, not prescribed, dated only by the
		// signature below it, is no fill of them (unseen75, round 20).
		{"fills over a next step not prescribed and a signature", []string{
			"Clinical transfer summary", "Supplies made",
			"Medicine: Wegovy pen 0.25 mg/0.5 mL  Qty: 1 pen  Dispensed: 23/07/2026  Dispensed by: Kestrel Dispensary",
			"Medicine: Wegovy pen 1.7 mg/0.75 mL  Qty: 1 pen  Dispensed: 14/10/2026  Dispensed by: Kestrel Dispensary",
			"Medicine: Wegovy pen 2.4 mg/0.75 mL  Qty: 1 pen  Dispensed: 11/11/2026  Dispensed by: Kestrel Dispensary",
			"Next step (not prescribed by us): Wegovy 2.4 mg may be continued by the next provider.",
			"Signed electronically: Dr Miriam Oyelowo, 19 November 2026"},
			Rating{Valid, Medium}, "date-of-latest-fill"},
		// A row of another medicine whose note names the requested one it
		// gave way to is that medicine's row (unseen12's order history).
		{"a stopped medicine's row that says it was switched to the requested one", []string{
			"Order: HOP-44710	Item: Wegovy 0.25mg FlexTouch pen (semaglutide), 1 pen	Dispensed: 17/11/2026",
			"Order: HOP-41022	Item: Mounjaro 5mg/0.6ml KwikPen (tirzepatide), 1 pen Treatment stopped at your request; switched to Wegovy	Dispensed: 15/08/2026"},
			Rating{Valid, High}, "date-in-window"},
		// A repeat slip's request date, the requested medicine's row struck
		// through and lost to OCR: when the slip was handed in is no supply
		// (unseen19, a false accept at first measure), nor is when a repeat
		// was requested.
		{"a repeat slip handed in lately, the medicine's own row lost", []string{
			"Fernhill Pharmacy — Repeat Request Slip", "Metformin 500mg tablets (56) One twice a day with food 17/11/2026",
			"Wegovy — stopped by GP, do not order.", "Signed: G Parfitt Date handed in: 19/11/2026"},
			Rating{NotFound, Medium}, "no-date"},
		{"a repeat requested lately", []string{"Wegovy 2.4 mg FlexTouch pen", "Requested on 17 November 2026"},
			Rating{NotFound, Medium}, "no-date"},
		// A cold-chain box's insert: when it was packed and by when it must
		// be in the fridge (unseen16, a false accept at first measure).
		{"a cold-chain insert's packing and fridge times", []string{
			"ABERNETHY, TOBIAS Rx 7712045", "Contents Wegovy 2.4 mg/0.75 mL single-dose pen x 4",
			"Packed 11/18/2026 3:40 PM by JM", "Refrigerate by 11/20/2026 3:40 PM (gel packs last 48 hours)"},
			Rating{NotFound, Medium}, "no-date"},
		// A supply still to come: its date is no dispensing.
		{"a supply still to come", []string{"Wegovy 2.4 mg pen", "It will be dispensed after 28/11/2026, when your current pen is finished."},
			Rating{NotFound, Medium}, "no-date"},
		// A savings card's activation (unseen134, round 26).
		{"a savings card's activation", []string{"Your card is active", "Activated on November 9, 2026.", "Wegovy 2.4 mg Savings Card",
			"Fills with this card", "No fills yet."}, Rating{NotFound, Medium}, "no-date"},
		{"a refill to be shipped on a day still to come", []string{"Wegovy 2.4 mg pen", "Your refill is to be shipped on 28/11/2026."},
			Rating{NotFound, Medium}, "no-date"},
		{"a history whose fills are all old", []string{
			"Date filled Medication", "Strength", "05/07/2026 Wegovy pen 2.4 mg/0.75 mL", "04/06/2026 Wegovy pen 1.7 mg/0.75 mL",
			"02/05/2026 Metformin 500 mg tablet"}, Rating{Invalid, Low}, "old-date"},
		{"one fill, one prescription: no history of fills", []string{
			"Wegovy pen 2.4 mg/0.75 mL", "Dispensed 17/11/2026", "Wegovy pen 2.4 mg/0.75 mL", "Dispensed 01/05/2026", "Wegovy pen 2.4 mg/0.75 mL", "Dispensed 17/11/2026"},
			Rating{NotFound, Low}, "dates-disagree"},
		{"a history of fills that says it is not a prescription", append(history("Refill"), "This export lists prescriptions filled at our pharmacies. It is not a prescription."),
			Rating{Valid, Medium}, "date-of-latest-fill"},
		// A serial prescription's instalments, the next one only due
		// (unseen70's Scottish MCR record, round 19).
		{"a serial prescription's instalments, the next due", []string{
			"Serial prescription - dispensing record", "Patient", "Jane Smith",
			"Item: Wegovy 2.4mg pen\tInstalment: 1 of 12\tQuantity: 1 pen\tDispensed: 22/07/2026",
			"Item: Wegovy 2.4mg pen\tInstalment: 2 of 12\tQuantity: 1 pen\tDispensed: 19/08/2026",
			"Item: Wegovy 2.4mg pen\tInstalment: 3 of 12\tQuantity: 1 pen\tDispensed: 14/11/2026",
			"Wegovy 2.4mg pen 4 of 12", "1 pen", "Due 12/12/2026"},
			Rating{Valid, Medium}, "date-of-latest-fill"},
		// A prescription form not yet dispensed (unseen70's HS21, a false
		// accept at first measure, round 19; unseen35's FP10): the
		// prescriber's date is no supply's. Stamped, it keeps its dates.
		{"a prescription form with its pharmacy stamp box empty", []string{
			"Pharmacy Stamp Patient's title, forename, surname & address", "Mrs Jane Smith", "Wegovy 2.4mg/0.75ml solution for injection",
			"Supply 1 (one) pen", "Signature of Prescriber Date", "H. Okonedo 17/11/2026", "For dispenser"},
			Rating{NotFound, Medium}, "no-date"},
		{"a prescription form stamped dispensed", []string{
			"Pharmacy Stamp Patient's title, forename, surname & address", "Mrs Jane Smith", "Wegovy 2.4mg/0.75ml solution for injection",
			"Supply 1 (one) pen", "Signature of Prescriber Date", "H. Okonedo 17/11/2026", "DISPENSED 18/11/2026 Fernhill Pharmacy"},
			Rating{Valid, High}, "date-in-window"},
		// A date of birth under the patient's name is no table cell read
		// out of its column: the history's rows keep their dates.
		{"a date of birth above a history of fills", append([]string{"Patient", "Jane Smith", "Date of birth", "14/03/1979"}, history("Refill")...),
			Rating{Valid, Medium}, "date-of-latest-fill"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, findings := Explain(textOf(1, tt.lines...), wegovy, Policy{Now: testNow, Market: "uk"})
			r := Verify(textOf(1, tt.lines...), wegovy, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationDate != tt.want || findings.MedicationDate.Rule != tt.rule {
				t.Errorf("date rated %v by %q, want %v by %q (note: %s)", r.Data.MedicationDate, findings.MedicationDate.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// travelLetterLines are a clinic's letter for a traveller to show at an
// airport, dated (unlabelled) at its head.
func travelLetterLines() []string {
	return []string{
		"Mesa Alta Weight & Metabolic Clinic", "November 18, 2026", "To: Transportation Security Administration (TSA)",
		"and to whom it may concern", "Re: Jane Smith, date of birth 03/14/1986 - carrying injectable medication when traveling",
		"Ms. Jane Smith is under my care at this clinic. She is prescribed Wegovy 2.4 mg pens, one injection once a week.",
		"She will be traveling from November 30, 2026 to December 14, 2026 and needs to carry two pens in her hand luggage.",
		"Her prescription is filled at her local pharmacy, and the pens carry the pharmacy's label.",
	}
}

// orderHistory is an online pharmacy's order history of two orders, each
// under the same headings: placed and dispatched dates, then the medicine.
func orderHistory(med1, placed1, sent1, med2, placed2, sent2 string) []string {
	order := func(med, placed, sent string) []string {
		return []string{"ORDER PLACED", "ORDER NUMBER", "DISPATCHED", "TOTAL", placed + " HC-7781203", sent + " £199.00", med, "Patient: Jane Smith", "Dispatched " + sent + " · Delivered"}
	}
	return append(append([]string{"Hello, Jane", "HARTWELL CHEMISTS", "Your orders"}, order(med1, placed1, sent1)...), order(med2, placed2, sent2)...)
}

// history is a medication history's rows, newest first, each dated: the
// requested medicine filled 9 and 37 days ago (the latest's status given),
// metformin between, and the requested medicine's first fill 120 days ago.
func history(latestStatus string) []string {
	return []string{
		"Medication History", "Date filled Medication", "Strength", "Qty Status",
		"11/11/2026 Wegovy pen (semaglutide) 2.4 mg/0.75 mL 4 pens " + latestStatus,
		"14/10/2026 Wegovy pen (semaglutide) 1.7 mg/0.75 mL 4 pens Refill",
		"01/10/2026 Metformin 500 mg tablet 60 Refill",
		"23/07/2026 Wegovy pen (semaglutide) 0.25 mg/0.5 mL 4 pens New",
	}
}

// TestDiaryDays: a diary's days (a weekday and its date heading each) are
// when its entries were written, not a dispensing: beside a label
// dispensed long ago, the label's date stands.
func TestDiaryDays(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
	pol := Policy{Now: testNow, Market: "uk"}
	label := []string{
		"Wegovy 1.7mg FlexTouch solution for injection pre-filled pen x1",
		"Inject 1.7mg under the skin ONCE a WEEK on the same day.",
		"Miss Jane Smith 08 Aug 2026", "Glenbrae Pharmacy, 14 Kirk Wynd, Perth PH99 9ZZ",
	}
	diary := []string{
		"Week 14 Nov 2026 - 20 Nov 2026",
		"Saturday 14 November 2026", "Wegovy 1.7 v (L tummy)",
		"Monday 16 November 2026", "book hair, call Gran",
		"Wednesday 18 November 2026", "weigh 79.9kg!",
		"Friday 20 November 2026", "send clinic photo of box + diary",
	}
	tests := []struct {
		name  string
		lines []string
		want  Rating
		rule  string
	}{
		{"a diary beside an old label: the label's date", append(append([]string(nil), diary...), label...), Rating{Invalid, Medium}, "old-date"},
		// A side effects diary kept over three weeks, its days a week or
		// less apart, one read behind the page's ruled margin.
		{"a diary of three weeks, no year", []string{
			"Jane Smith", "Side effects diary - Wegovy 1.7mg (jab on Mondays)",
			"Mon 2 Nov - JAB (L tummy). nausea 4/10 in eve", "Tue 3 Nov - nausea 3/10, toast + soup only",
			"Mon 9 Nov - JAB (R tummy). nausea 2/10", "Mon 16 Nov - JAB (L thigh). nausea 3/10",
			"l Wed 18 Nov - fine. weight 88.9kg"}, Rating{NotFound, Medium}, "no-date"},
		// A calendar of fills dates each fill by its day.
		{"a family calendar of fills", []string{
			"Saturday 14 November 2026", "Mum: Wegovy 1.7mg picked up at Glenbrae Pharmacy",
			"Monday 16 November 2026", "Dad: dentist",
			"Wednesday 18 November 2026", "Gran: eye drops collected"}, Rating{Valid, Low}, "date-in-window"},
		// Two weekday dates are no diary: an app's order list may date
		// its orders so.
		{"two orders dated with their weekdays", []string{
			"Wegovy 1.7mg FlexTouch pen", "Dispensed", "Monday 16 November 2026",
			"Metformin 500mg tablets", "Dispensed", "Wednesday 18 November 2026"}, Rating{Valid, High}, "date-in-window"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(textOf(0.9, tt.lines...), exp, pol)
			if r.Data.MedicationDate != tt.want || f.MedicationDate.Rule != tt.rule {
				t.Errorf("date = %+v by %s, want %+v by %s (note %q)", r.Data.MedicationDate, f.MedicationDate.Rule, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// TestDateReadTwice: where the reader read one place twice, a date whose
// other role's label it misread once ("Slarted") takes the role the
// other reading's label gives it; the same date elsewhere on the page
// keeps its own (unseen20, round 12: a sticky note's start date on a
// carton rated the dispensing date).
func TestDateReadTwice(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	at := func(left, top, width float64) Box { return Box{Left: left, Top: top, Width: width, Height: 0.03} }
	page := func(second Box) Text {
		return Text{Source: "tesseract", Lines: []Line{
			{Text: "Mounjaro 5mg/0.5ml solution for injection KwikPen x1", Confidence: 0.95, Page: 1, Box: at(0.1, 0.30, 0.7)},
			{Text: "Inject 5mg under the skin ONCE a WEEK.", Confidence: 0.95, Page: 1, Box: at(0.1, 0.35, 0.7)},
			{Text: "Ms Jane Smith Dai Slarted 18/11/26", Confidence: 0.9, Page: 1, Box: at(0.2, 0.46, 0.55)},
			{Text: "Riverside Pharmacy, 8 Quay Road, Newry BT99 9ZZ", Confidence: 0.95, Page: 1, Box: at(0.1, 0.52, 0.7)},
			{Text: "started 18/11/26", Confidence: 0.95, Page: 1, Box: second},
		}}
	}
	tests := []struct {
		name   string
		second Box
		want   Verdict
		rule   string
	}{
		{"the same place read twice", at(0.63, 0.46, 0.12), NotFound, "no-date"},
		{"a note elsewhere on the page with the same date", at(0.1, 0.80, 0.3), Valid, "date-in-window"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(page(tt.second), exp, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationDate.Value != tt.want || f.MedicationDate.Rule != tt.rule {
				t.Errorf("date %+v by %s, want %s by %s", r.Data.MedicationDate, f.MedicationDate.Rule, tt.want, tt.rule)
			}
		})
	}
}

// TestRequestedRowDate: on a page of several medicines each with its own
// row, a date on the requested medicine's own row is its date, whatever the
// page's own dates (signed, discharged, another row's wrap under its
// "Dispensed at discharge") say (unseen22, round 12: a discharge summary's
// Wegovy row last filled months ago was rated valid from the page's other
// dates).
func TestRequestedRowDate(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Walter", Surname: "Nakagawa", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
	summary := func(wegovyRow string) []string {
		return []string{
			"Patient: NAKAGAWA, WALTER", "Admitted: 11/11/2026 Discharged: 11/18/2026",
			"Medication Directions Action Last filled (outpatient pharmacy)",
			wegovyRow, "pen weekly #12",
			"Amoxicillin-clavulanate 875-125 mg 1 tab PO BID x 3 more NEW Dispensed at discharge",
			"tab days 11/18/2026",
			"Metformin 1,000 mg tab 1 tab PO BID with meals CONTINUE 11/05/2026 - Bayside Pharmacy",
			"Electronically signed by Celia Brandvold, MD on 11/18/2026 11:42",
		}
	}
	tests := []struct {
		name string
		row  string
		want Verdict
		rule string
	}{
		{"the requested medicine's row last filled long ago", "Wegovy (semaglutide) 1.7 mg/0.75 mL Inject 1.7 mg SC once CONTINUE 07/15/2026 - Bayside Pharmacy", Invalid, "old-date"},
		{"the requested medicine's row filled lately", "Wegovy (semaglutide) 1.7 mg/0.75 mL Inject 1.7 mg SC once CONTINUE 11/02/2026 - Bayside Pharmacy", Valid, "date-in-window"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(textOf(1, summary(tt.row)...), exp, Policy{Now: testNow, Market: "us"})
			if r.Data.MedicationDate.Value != tt.want || f.MedicationDate.Rule != tt.rule {
				t.Errorf("date %+v by %s read %q, want %s by %s (note %q)", r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, tt.want, tt.rule, r.Note)
			}
		})
	}
}

// TestReviewDateOnTheRepeatRow: a GP record's repeat template carries its
// review date on the medicine's row, two months ahead, under a heading the
// reader split ("Qty Review" over "date"); the issue history under it says
// when the pharmacy dispensed (unseen53, round 16: the review date was
// rated the dispensing date, in the future). "pre-filled" labels no date.
func TestReviewDateOnTheRepeatRow(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Tobias", Surname: "Penhaligon", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	repeat := []string{
		"Repeat medication", "Drug", "Dosage", "Qty Review", "date",
		"Tirzepatide 5mg/0.6ml solution for injection pre-filled pen (Mounjaro Inject 5mg once 1 25/01/2027",
		"KwikPen) dm+d 41958711000001103",
	}
	history := []string{
		"Issue history: Tirzepatide 5mg/0.6ml pre-filled pen (Mounjaro KwikPen)", "Issued", "Issued by", "Qty Type",
		"10/11/2026 Dr Morwenna", "1", "Repeat (4 of Dispensed 11/11/2026 by Harbourside Pharmacy",
	}
	tests := []struct {
		name  string
		lines []string
		want  Rating
		rule  string
	}{
		{"the review date beside the issue history", append(slices.Clone(repeat), history...), Rating{Valid, High}, "date-in-window"},
		{"the review date alone", repeat, Rating{Invalid, Medium}, "future-date"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(textOf(1, tt.lines...), exp, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationDate != tt.want || f.MedicationDate.Rule != tt.rule {
				t.Errorf("date %+v by %s read %q, want %v by %s (note %q)", r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, tt.want, tt.rule, r.Note)
			}
		})
	}
	if got := findDateLabels(documentOf([]Line{{Text: repeat[5]}}, nil, true, nil).lines[0]); len(got) != 0 {
		t.Errorf("\"pre-filled\" read as a label: %v", got)
	}
}

// TestTurnedDownRequestIsDated: on a GP's request history, a row whose
// request was turned down is dated in its own roles ("Requested ...
// Rejected by GP ..."); it is a record all the same, so the rows below it
// keep their own fills and the requested medicine's last fill, out of the
// window, is its date (unseen10's request history, round 17: omeprazole's
// and Mounjaro's fills made Saxenda's dates disagree).
func TestTurnedDownRequestIsDated(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Niamh", Surname: "Colquhoun", MedicationName: "Saxenda", MedicationDosage: "3 mg"}
	row := func(med, requested, issued, dispensed string) []string {
		return []string{med, "Requested " + requested + " Issued by GP " + issued + " Dispensed by Kelso Road Pharmacy " + dispensed}
	}
	saxenda := "Saxenda 6mg/ml solution for injection pre-filled pen (liraglutide) - inject 3mg once daily"
	lines := []string{"Request history", "Niamh Colquhoun Date of birth 21/03/1984", "LAST 6 MONTHS",
		saxenda, "Requested 20 Nov 2026 Rejected by GP 21 Nov 2026",
		"Message from the practice: Saxenda was stopped when you started Mounjaro. Please do not request it again; book a review if you", "need to discuss."}
	lines = append(lines, row("Omeprazole 20mg gastro-resistant capsules - one daily", "13 Nov 2026", "14 Nov 2026", "16 Nov 2026")...)
	lines = append(lines, row("Mounjaro 2.5mg/0.6ml solution for injection KwikPen (tirzepatide) - inject 2.5mg once weekly", "13 Nov 2026", "14 Nov 2026", "17 Nov 2026")...)
	lines = append(lines, row(saxenda, "28 Jul 2026", "29 Jul 2026", "31 Jul 2026")...)
	lines = append(lines, row(saxenda, "26 Jun 2026", "27 Jun 2026", "29 Jun 2026")...)
	r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value != Invalid || f.MedicationDate.Rule != "old-date" {
		t.Errorf("date %+v by %s read %q, want invalid by old-date (note %q)", r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, r.Note)
	}
}

// TestRowSplitIntoCells: a reader that splits a table's row into a line
// per cell (Textract) leaves the requested medicine's date on a line of
// its own, level with the medicine's; it is still the row's (unseen22's
// discharge orders through the production reader, round 12).
func TestRowSplitIntoCells(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Walter", Surname: "Nakagawa", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
	at := func(left, top, width float64) Box { return Box{Left: left, Top: top, Width: width, Height: 0.014} }
	text := Text{Source: "textract"}
	for _, c := range []struct {
		s string
		b Box
	}{
		{"Patient: NAKAGAWA, WALTER", at(0.10, 0.11, 0.3)},
		{"Admitted: 11/11/2026 Discharged: 11/18/2026", at(0.10, 0.13, 0.4)},
		{"Medication", at(0.10, 0.22, 0.1)}, {"Action", at(0.58, 0.22, 0.05)}, {"Last filled (outpatient", at(0.66, 0.22, 0.2)},
		{"Wegovy (semaglutide) 1.7 mg/0.75 mL | Inject 1.7 mg SC once", at(0.10, 0.26, 0.45)},
		{"CONTINUE 07/15/2026 - Bayside Pharmacy", at(0.58, 0.26, 0.3)},
		{"Amoxicillin-clavulanate 875-125 mg", at(0.10, 0.29, 0.25)}, {"NEW", at(0.58, 0.29, 0.04)},
		{"Dispensed at discharge", at(0.66, 0.29, 0.2)}, {"11/18/2026", at(0.66, 0.31, 0.08)},
		{"Electronically signed by Celia Brandvold, MD on 11/18/2026 11:42", at(0.10, 0.47, 0.5)},
	} {
		text.Lines = append(text.Lines, Line{Text: c.s, Confidence: 0.95, Page: 1, Box: c.b})
	}
	r, f := Explain(text, exp, Policy{Now: testNow, Market: "us"})
	if r.Data.MedicationDate.Value != Invalid || f.MedicationDate.Rule != "old-date" {
		t.Errorf("date %+v by %s read %q, want invalid by old-date (note %q)", r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, r.Note)
	}
}

// TestDateWordOfOtherLanguages: "Data", "Fecha" and "Dyddiad" caption a
// date only with a colon after them or the date just after; before another
// word they start a compound label, and ending a line they are words
// ("(pharmacy data)" heading a care record's column of fills, unseen53,
// round 17, whose fill dates it made plain ones).
func TestDateWordOfOtherLanguages(t *testing.T) {
	tests := []struct {
		line  string
		plain bool
	}{
		{"Data: 2026-08-14 11:42", true},
		{"FECHA 11/25/2026", true},
		{"Dyddiad: 20 Tachwedd 2026", true},
		{"Fecha de natifnrens 05/02/1971", false},
		{"Last fill (pharmacy data)", false},
		{"Medication: Losartan 50 mg tablet\tLast fill (pharmacy data): 11/02/2026", false},
		{"Rx 6613308\tData: 2026-08-14", true},
		{"Data realizacji", false},
	}
	for _, tt := range tests {
		d := documentOf([]Line{{Text: tt.line}}, nil, true, nil)
		plain := slices.ContainsFunc(findDateLabels(d.lines[0]), func(m labelMatch) bool { return m.kind == plainDate })
		if plain != tt.plain {
			t.Errorf("%q: a plain date caption %v, want %v", tt.line, plain, tt.plain)
		}
	}
}

// TestPrescriptionOnItsWay: a telehealth visit's summary whose prescription
// was sent and received but is "In queue - not yet filled", and an online
// pharmacy's order "Awaiting clinical check": their dates are the visit's
// and the receipt's, no dispensing (unseen85, round 21, false accepts at
// first measure). Once filled, the fill's date is the date. An order
// "waiting to be dispensed" in the pharmacy's own prose is one too
// (unseen133, round 26).
func TestPrescriptionOnItsWay(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Odalys", Surname: "Ferreira", MedicationName: "Wegovy", MedicationDosage: "0.5 mg"}
	visit := func(status string) []string {
		return []string{"Brightwell Telehealth", "Visit summary", "Patient: Odalys Ferreira DOB 02/17/1990",
			"Visit: Video visit, November 18, 2026, 4:20 PM ET Clinician: Priya Venkataraman, NP",
			"Prescriptions from this visit", "Wegovy 0.5 mg/0.5 mL single-dose pen", "Inject 0.5 mg once weekly · Qty 4 pens",
			"Sent electronically: 11/18/2026 4:52 PM to Cedar Hollow Pharmacy, 77 Hollow Rd,", status}
	}
	order := []string{"Thistledown Pharmacy", "Order TD-558214", "Mounjaro 7.5mg/0.6ml KwikPen", "For: Mr Callum Osei-Bright",
		"Awaiting clinical check", "Prescription received from your GP", "(EPS)", "18 Nov 2026, 14:02",
		"A pharmacist will check your prescription.", "Dispensed", "Dispatched", "Previous orders", "Metformin 500mg tablets x56", "Dispatched 6 Nov 2026"}
	mounjaro := Expected{PatientKnown: true, Forename: "Callum", Surname: "Osei-Bright", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}
	for _, tt := range []struct {
		name   string
		exp    Expected
		market string
		lines  []string
		want   Verdict
		rule   string
	}{
		{"in the pharmacy's queue", exp, "us", visit("Pharmacy status: received 11/18/2026 4:53 PM · In queue – not yet filled"), NotFound, "date-of-unfilled-prescription"},
		{"filled since", exp, "us", visit("Pharmacy status: Filled 11/19/2026"), Valid, "date-in-window"},
		{"awaiting a pharmacist's check", mounjaro, "uk", order, NotFound, "date-of-unfilled-prescription"},
		{"filled, and the next strength not yet", Expected{PatientKnown: true, Forename: "Loretta", Surname: "Dubois", MedicationName: "Mounjaro", MedicationDosage: "2.5 mg"}, "us",
			[]string{"Pine Hollow Pharmacy calling for Loretta Dubois.", "Your Mounjaro 2.5 mg pens were filled", "(caller)",
				"THIS MORNING, WEDNESDAY, NOVEMBER EIGHTEENTH, FOUR PENS,", "and they are ready at the counter.",
				"Doctor Patel sent a new one for the 5 mg for next month.", "We have not filled that yet."},
			Valid, "date-year-fitted"},
		{"a compounding pharmacy's order page, its status not yet dispensed", Expected{PatientKnown: true, Forename: "Everett", Surname: "Quarles", MedicationName: "Tirzepatide", MedicationDosage: "5 mg"}, "us",
			[]string{"Pinecrest Compounding Pharmacy - Patient Portal", "Order #PC-90471", "Placed Nov 17, 2026 - New patient, first order",
				"Prescription received", "In compounding", "Pharmacist verification", "Dispensed", "Shipped", "Nov 17, 2026", "Nov 19, 2026", "in progress",
				"Status: awaiting pharmacist verification — not yet dispensed. We will e-mail you when your order is dispensed and shipped.",
				"Medication", "Patient", "Everett Quarles", "Compounded Nov 19, 2026", "Preparation", "Tirzepatide 10 mg/mL injection, 1 mL vial (compounded)",
				"Dose", "5 mg (0.5 mL = 50 units) once weekly", "Beyond-use date Jan 18, 2027", "Dispensed", "Pending"},
			NotFound, "date-of-unfilled-prescription"},
		{"a pharmacy's slip: unable to supply, out of stock", Expected{PatientKnown: true, Forename: "Harriet", Surname: "Colebrook", MedicationName: "Mounjaro", MedicationDosage: "10 mg"}, "uk",
			[]string{"Patient copy", "Fernlea Pharmacy", "14 Bridge Street, Otley LS21 9ZZ", "Sorry — we are unable to supply your medicine",
				"Patient Harriet Colebrook", "Mounjaro 10mg/0.6ml KwikPen x1", "Item", "17/11/2026", "Prescription presented", "Reason:",
				"[x] Out of stock — manufacturer supply problem", "[x] Your electronic prescription has been returned to the NHS Spine so another pharmacy can dispense it",
				"Phoned Kingsmead Pharmacy, Ilkley (01632 960577) — they have stock."},
			NotFound, "date-of-unfilled-prescription"},
		// Its other items dispatched, the medicine to follow (unseen175,
		// round 32): "as soon as ... has been dispensed" is a supply to come.
		{"an order part dispatched, the medicine awaiting stock", Expected{PatientKnown: true, Forename: "Rhodri", Surname: "Blakemore", MedicationName: "Mounjaro", MedicationDosage: "10 mg"}, "uk",
			[]string{"Your order HX-30918: part dispatched", "Hello Rhodri Blakemore,", "Item Qty Status",
				"Pen needles 4 mm 32G (box of 100) 1 Dispatched 17/11/2026", "Sharps bin 1 litre 1 Dispatched 17/11/2026",
				"Mounjaro 10 mg KwikPen (4 doses) 1 Awaiting stock - not yet dispensed",
				"We will e-mail you as soon as your Mounjaro has been dispensed and sent.", "Halden Online Pharmacy - 01632 960390"},
			NotFound, "date-of-unfilled-prescription"},
		{"a partial fill: the part supplied is a supply", Expected{PatientKnown: true, Forename: "Dana", Surname: "Whitlock", MedicationName: "Zepbound", MedicationDosage: "5 mg"}, "us",
			[]string{"Partial fill notice", "Patient: Dana Whitlock", "Zepbound 5 mg/0.5 mL pen", "11/17/2026 2 of 4 pens",
				"Remaining 2 pens on hold until stock arrives.",
				"We could not fill the whole quantity at once because of limited stock. Keep this notice with your prescription records."},
			Valid, "date-in-window"},
		{"a mail pharmacy's saved quote, not ordered", Expected{PatientKnown: true, Forename: "Lucinda", Surname: "Marchetti", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}, "us",
			[]string{"Bluewater Mail Pharmacy", "My account - Saved quotes", "Saved quote BQ-220917",
				"Wegovy 1.7 mg/0.75 mL pen 4 single-dose pens (28-day supply) - cash price, no insurance",
				"Patient: Lucinda Marchetti", "Quoted: Nov 16, 2026", "Price held until: Nov 30, 2026",
				"$1,199.00 Not ordered Add to cart", "We fill and ship only after you check out."},
			NotFound, "no-date"},
		{"a saved quote's own date, not ordered", Expected{PatientKnown: true, Forename: "Lucinda", Surname: "Marchetti", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}, "us",
			[]string{"Bluewater Mail Pharmacy", "Saved quote BQ-220917 Nov 16, 2026",
				"Wegovy 1.7 mg/0.75 mL pen 4 single-dose pens (28-day supply) - cash price, no insurance",
				"Patient: Lucinda Marchetti", "$1,199.00 Not ordered Add to cart"},
			NotFound, "date-of-unfilled-prescription"},
		{"an approval e-mail: the order waiting to be dispensed", Expected{PatientKnown: true, Forename: "Nkechi", Surname: "Baptiste-Lowe", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}, "uk",
			[]string{"Your prescription has been approved", "From: Brackenmoor Pharmacy <hello@brackenmoor-pharmacy.example>",
				"Dear Ms Nkechi Baptiste-Lowe,", "Thank you for your order of 16 November 2026. Our prescriber has reviewed your consultation and",
				"approved Mounjaro 5mg/0.5ml solution for injection KwikPen.",
				"Your order is now waiting to be dispensed by our pharmacy team. We will e-mail you again when it has",
				"been dispensed and dispatched.", "Step", "Status", "Order placed", "16 Nov 2026", "Prescriber approved 17 Nov 2026",
				"Dispensed", "Pending", "Dispatched", "Pending"},
			NotFound, "date-of-unfilled-prescription"},
		{"an order confirmation downloaded after it was cancelled", Expected{PatientKnown: true, Forename: "Perpetua", Surname: "Ollerenshaw", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}, "uk",
			[]string{"Saltmarsh Online Pharmacy", "Order confirmation", "Order SOP-448217 Ordered 12 November 2026", "Name", "Ms Perpetua Ollerenshaw",
				"ITEMS", "Mounjaro 7.5mg/0.6ml solution for injection KwikPen", "1", "£229.00",
				"This order was cancelled", "14 November 2026 Your prescriber could not approve this order.", "Nothing was dispensed for this order.",
				"Refund", "£233.99 refunded to Visa ending 3318 on 15 November 2026"},
			NotFound, "date-of-unfilled-prescription"},
		{"a wallet's order card: canceled, will not ship", Expected{PatientKnown: true, Forename: "Marguerite", Surname: "Dunmore-Achebe", MedicationName: "Zepbound", MedicationDosage: "7.5 mg"}, "us",
			[]string{"Mail order - Order #CCP-7720194", "Cobalt Creek Pharmacy", "Canceled", "Refund issued. This order will not ship.",
				"Ordered", "Nov 15, 2026", "Canceled", "Nov 16, 2026 - Your prescriber did not respond", "ITEMS",
				"ZEPBOUND 7.5 MG/0.5 ML SINGLE-DOSE VIAL", "Qty 4 vials - Self-pay", "Patient Marguerite Dunmore-Achebe"},
			NotFound, "date-of-unfilled-prescription"},
		{"on file, its product line above its status", Expected{PatientKnown: true, Forename: "Jerome", Surname: "Whitlock", MedicationName: "Zepbound", MedicationDosage: "5 mg"}, "us",
			[]string{"Prescription details", "For Jerome Whitlock", "Zepbound 5 mg/0.5 mL pen", "tirzepatide - 4 single-dose pens",
				"Status: On file - not yet filled", "Rx number 5520917", "Written Nov 6, 2026", "Prescriber Carmen Ibarra, NP", "Expires Nov 6, 2027"},
			NotFound, "date-of-unfilled-prescription"},
	} {
		r, f := Explain(textOf(1, tt.lines...), tt.exp, Policy{Now: testNow, Market: tt.market})
		if r.Data.MedicationDate.Value != tt.want || f.MedicationDate.Rule != tt.rule {
			t.Errorf("%s: date %+v by %s read %q, want %s by %s (note %q)", tt.name, r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, tt.want, tt.rule, r.Note)
		}
	}
}

// TestFilledAfterCancelled: a portal's two boxes, the pharmacy chosen
// ("Canceled at this pharmacy: 11/15/2026") and the one that filled it
// ("Filled: 11/16/2026"), read row by row: the fill came after the
// cancellation and is no withdrawn supply (unseen85, round 21). A
// cancellation after the fill, or one with no date, withdraws it.
func TestFilledAfterCancelled(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Rosalind", Surname: "Vukovich", MedicationName: "Zepbound", MedicationDosage: "5 mg"}
	page := func(cancelled string) []string {
		return []string{"ZEPBOUND 5 mg/0.5 mL single-dose pen", "Patient: Rosalind Vukovich DOB 06/21/1982",
			"PHARMACY YOU CHOSE", "PHARMACY THAT FILLED IT", "Maple Row Pharmacy", "Lakeside Drug #212",
			"E-prescription sent: 11/14/2026 3:18 PM", "E-prescription re-sent: 11/15/2026 9:10 AM",
			"Filled: 11/16/2026 (reported by pharmacy)", cancelled, "Picked up: 11/17/2026"}
	}
	for _, tt := range []struct {
		cancelled string
		want      Verdict
		rule      string
	}{
		{"Canceled at this pharmacy: 11/15/2026 9:02 AM", Valid, "date-in-window"},
		{"Canceled at this pharmacy: 11/18/2026 9:02 AM", NotFound, "date-of-withdrawn-supply"},
		{"Canceled at this pharmacy", NotFound, "date-of-withdrawn-supply"},
	} {
		r, f := Explain(textOf(1, page(tt.cancelled)...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationDate.Value != tt.want || f.MedicationDate.Rule != tt.rule {
			t.Errorf("%q: date %+v by %s read %q, want %s by %s (note %q)", tt.cancelled, r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, tt.want, tt.rule, r.Note)
		}
	}
}

// TestStatementSummaryIsNoFill: an annual medication statement's cover page
// sums up each medicine without a date ("Wegovy ... 13 supplies"); its
// supplies are listed by date on the next page, the latest of which is the
// fill (unseen86, round 21). The lead's surname with a possessive after a
// title ("Mr Bevan's injectable medicine") is the lead's, no one else's.
func TestStatementSummaryIsNoFill(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Rhodri", Surname: "Bevan", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	text := textOfPages(
		[]string{"Penrhos Pharmacy", "Annual medication statement", "Supplied by Penrhos Pharmacy to our patient Mr Rhodri Bevan.",
			"Summary", "Wegovy (semaglutide) FlexTouch pen, once weekly injection: 13 supplies", "Ramipril 2.5mg capsules: 6 supplies",
			"Mr Bevan's injectable medicine must be kept cool."},
		[]string{"Date supplied: 12/08/2026 Item: Wegovy 2.4mg FlexTouch Quantity: 1 pen",
			"Date supplied: 16/09/2026 Item: Ramipril 2.5mg capsules Quantity: 56",
			"Date supplied: 11/11/2026 Item: Wegovy 2.4mg FlexTouch Quantity: 1 pen"})
	r, f := Explain(text, exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value != Valid || f.MedicationDate.Rule != "date-of-latest-fill" {
		t.Errorf("date %+v by %s, want valid by date-of-latest-fill (note %q)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
	if r.Data.PatientName.Value != Valid {
		t.Errorf("name %+v by %s, want valid (note %q)", r.Data.PatientName, f.PatientName.Rule, r.Note)
	}
}

// TestCancellationToCome: a payment reminder's "your order will be
// cancelled" under the last delivery's dispensing line withdraws no supply
// (unseen96, round 22, 4 uploads); one that says the order was cancelled
// does.
func TestCancellationToCome(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Priyanka", Surname: "Mallinder", MedicationName: "Mounjaro", MedicationDosage: "10 mg"}
	for _, tt := range []struct {
		last []string
		want Verdict
	}{
		{[]string{"If we can't take payment by 30 Nov 2026 your order will be", "cancelled. Help: 01632 960187"}, Valid},
		{[]string{"Your order was cancelled. Help: 01632 960187"}, NotFound},
	} {
		lines := append([]string{"Fernleigh Online Pharmacy", "Hi Priyanka Mallinder,", "Your last delivery", "Mounjaro 10mg KwikPen x1",
			"Dispensed 16 Nov 2026 by Fernleigh Online"}, tt.last...)
		r, f := Explain(textOf(0.95, lines...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationDate.Value != tt.want {
			t.Errorf("%q: date %+v by %s, want %s (note %q)", tt.last, r.Data.MedicationDate, f.MedicationDate.Rule, tt.want, r.Note)
		}
	}
}

// TestPlanBeforeApproval: a telehealth sign-up's status page names the
// medicine "if approved by your provider", under a checklist dated
// today; no supply is dated (unseen94, round 22, a false accept at first
// measure on 3 uploads).
func TestPlanBeforeApproval(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Tobias", Surname: "Ferraro", MedicationName: "Zepbound", MedicationDosage: "2.5 mg"}
	r, f := Explain(textOf(0.95, "SUMMIT SCALE Welcome, Tobias! Tobias Ferraro - Member ID SS-5520917", "Getting started",
		"Account created Nov 19, 2026", "ID and insurance verified Nov 20, 2026", "Provider review: in progress", "Your plan",
		"Zepbound 2.5 mg/0.5 mL (starter dose), once weekly, if approved by your provider.",
		"Pharmacy: we'll send your prescription to a partner pharmacy once it's approved."), exp, Policy{Now: testNow, Market: "us"})
	if r.Data.MedicationDate.Value == Valid {
		t.Errorf("date %+v by %s, want not valid (note %q)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
}

// TestPrescriptionWaitingForStock: a chain's tracker holds the prescription
// for stock, "Ready to collect" and "Collected" still to come; its steps'
// dates date no supply (unseen97, round 22, a false accept at first
// measure on 3 uploads).
func TestPrescriptionWaitingForStock(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Tobias", Surname: "Garnett", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}
	r, f := Explain(textOf(0.95, "Track your prescription Marlow & Finch Pharmacy", "Prescription for Mr Tobias Garnett",
		"Mounjaro 7.5mg KwikPen 1 pre-filled pen - 4 doses", "Requested Sat 14 Nov 2026, 19:22 - in the app",
		"Received by pharmacy Sun 15 Nov 2026, 11:15", "Waiting for stock Since Mon 16 Nov 2026, 09:02",
		"Ready to collect -", "Collected -"), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value == Valid {
		t.Errorf("date %+v by %s, want not valid (note %q)", r.Data.MedicationDate, f.MedicationDate.Rule, r.Note)
	}
}

// TestFillDateCutAway: a carton's flap cut through its label's "DATE
// FILLED" ("DATE FIL"), photographed on a pile of post: the bill's date
// under it is no dispensing date (unseen88, round 22, a false accept at
// first measure); a cut caption with its date just under it is read.
func TestFillDateCutAway(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Ramona", Surname: "Delgado-Price", MedicationName: "Zepbound", MedicationDosage: "7.5 mg"}
	label := []string{"PT: DELGADO-PRICE, RAMONA", "ZEPBOUND 7.5MG/0.5ML PEN", "INJECT 7.5MG UNDER THE SKIN ONCE WEEKLY",
		"QTY: 2 ML (4 PENS) REFILLS: 2", "Lea", "MONRO", "11/17/2026 Standing charge BARNABY QUIST $131.71"}
	for _, tt := range []struct {
		name string
		top  []string
		want Verdict
	}{
		{"the date cut away", []string{"MAPLE ROW PHARMACY DATE FIL", "418 MAPLE ROW, ASHFORD PA 19099"}, NotFound},
		{"the date under the cut caption", []string{"MAPLE ROW PHARMACY DATE FIL", "418 MAPLE ROW, ASHFORD PA 19099 11/18/2026"}, Valid},
	} {
		r, f := Explain(textOf(0.95, append(append([]string(nil), tt.top...), label...)...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationDate.Value != tt.want {
			t.Errorf("%s: date %+v by %s, want %s (note %q)", tt.name, r.Data.MedicationDate, f.MedicationDate.Rule, tt.want, r.Note)
		}
	}
}

// TestArrivedFromTheSurgery: the day a prescription arrived from the
// surgery, its label ending the line above the date, is no dispensing date
// (unseen113, round 24: a pharmacy's ready-to-collect e-mail, a false
// accept at first measure where the print header kept the date whole on
// its own line).
func TestArrivedFromTheSurgery(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Hollie", Surname: "Brannigan", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	lines := []string{"Larkfield Pharmacy <hello@larkfieldpharmacy.example.co.uk>", "to Hollie Brannigan",
		"Dear Hollie,", "Your repeat prescription for Mounjaro 5mg KwikPen arrived from Orchard Vale Medical Centre on",
		"Monday 16 November 2026. We were not able to get the pen in on Monday because our",
		"wholesaler was out of stock, and we are sorry for the wait.", "It is now ready for you to collect from the pharmacy counter."}
	r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "uk"})
	if r.Data.MedicationDate.Value != NotFound {
		t.Errorf("date %+v by %s read %q, want not_found (note %q)", r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, r.Note)
	}
}

// TestWebmailHeaderDate: a message's date and time alone on a line under
// its addressee is when it was sent, no supply (unseen117, round 24: a
// "treatment paused" e-mail's header date rated the dispensing date), also
// where the mail program's folder list runs into the header (round 25: "7
// To: Tobias Rennard", a folder's unread count before it, and "Archive"
// between it and the date, on the e-mail forwarded as a photo).
func TestWebmailHeaderDate(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Tobias", Surname: "Rennard", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	body := []string{"Hi Tobias,", "As you asked, we've paused your treatment plan.",
		"Plan: Mounjaro 5mg KwikPen (tirzepatide), monthly Status: Paused",
		"Your pens were dispensed by: Cobalt Row Pharmacy, Unit 4 Cobalt Row, Leeds LS99 2ZZ"}
	for _, tt := range []struct {
		name   string
		header []string
	}{
		{"under the addressee", []string{"Inbox", "Your treatment is paused", "Slimline Health <care@slimlinehealth.example>",
			"To: Tobias Rennard", "Wednesday 18 November 2026 08:14"}},
		{"the folder list run into the header", []string{"Inbox", "Drafts Your treatment is paused",
			"Sent Items Slimline Health <care@slimlinehealth.example>", "7 To: Tobias Rennard", "Archive",
			"Wednesday 18 November 2026 08:14", "Deleted Items"}},
	} {
		r, f := Explain(textOf(1, append(append([]string(nil), tt.header...), body...)...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationDate.Value != NotFound {
			t.Errorf("%s: date %+v by %s read %q, want not_found (note %q)", tt.name, r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, r.Note)
		}
	}
}

// TestOtherRolesDates: dates of a step that supplies nothing, under their
// labels, are no dispensing date; the supply's own date decides (round 25:
// a pharmacist's intervention record advising a stop, the last supply out
// of the window, unseen117; a basket's day and an estimate's, unseen116).
func TestOtherRolesDates(t *testing.T) {
	for _, tt := range []struct {
		name  string
		exp   Expected
		lines []string
		want  Verdict
	}{
		{"an intervention's day over the last supply, out of the window",
			Expected{PatientKnown: true, Forename: "Rosalind", Surname: "Quarrie", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"},
			[]string{"Clinical Intervention Record", "Pharmacy", "Ellsworth & Kaye Chemists, 9 Market Place, Ludlow SY99 8ZZ",
				"Patient", "Name", "Ms Rosalind Quarrie", "Intervention", "Date of intervention", "17/11/2026",
				"Medicine concerned", "Wegovy 1.7mg FlexTouch (semaglutide)", "Type", "Advice to stop / referral",
				"Supply history at this pharmacy", "Last supply from this", "Wegovy 1.7mg FlexTouch, 1 pen — 14/08/2026",
				"pharmacy", "Previous supply", "Wegovy 1.7mg FlexTouch, 1 pen — 17/07/2026"}, Invalid},
		{"a basket's day, nothing ordered",
			Expected{PatientKnown: true, Forename: "Harriet", Surname: "Quennell", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"},
			[]string{"Your basket (1 item)", "Nothing has been ordered or dispensed yet. Items in your basket are held for 7 days (until 24 Subtotal £199.00",
				"Mounjaro 7.5mg/0.6ml KwikPen £199.00", "Treatment for: Ms Harriet Quennell",
				"Added to basket: 17 Nov 2026, 21:47 payment is taken.", "Larkhill Online Pharmacy Ltd"}, NotFound},
		{"a review's day on a review site",
			Expected{PatientKnown: true, Forename: "Gareth", Surname: "Pryce", MedicationName: "Mounjaro", MedicationDosage: "5 mg"},
			[]string{"Review Hub UK", "Medway Vale Online Pharmacy", "Gareth Pryce", "GB · 2 reviews · Posted 17 Nov 2026",
				"Good price, shame about the courier", "Ordered my Mounjaro 5mg KwikPen on a Monday for \"next day\" delivery and it turned up on the Saturday.",
				"Reply from Medway Vale Online Pharmacy"}, NotFound},
	} {
		r, f := Explain(textOf(1, tt.lines...), tt.exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.MedicationDate.Value != tt.want {
			t.Errorf("%s: date %+v by %s read %q, want %s (note %q)", tt.name, r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, tt.want, r.Note)
		}
	}
}

// TestSupplyDatedInALettersSentence: a date whose sentence runs on to the
// next line to say a pharmacy dispensed that day is the dispensing date,
// over the letter's own date and over another role's label that ended an
// earlier sentence of its line (unseen120, round 25: a state board's
// complaint acknowledgement, its letter date rated the dispensing date at
// first measure, the supply 128 days back). A supply's caption alone on the
// next line is no sentence.
func TestSupplyDatedInALettersSentence(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Harold", Surname: "Bexley", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	for _, tt := range []struct {
		name  string
		lines []string
		want  Verdict
	}{
		{"a complaint's account of the supply", []string{"STATE BOARD OF PHARMACY", "November 17, 2026", "Mr. Harold Bexley",
			"Received", "November 10, 2026", "Dear Mr. Bexley:",
			"The Board has received your complaint against the licensee named above. You state that on July 14, 2026",
			"Pinecrest Pharmacy dispensed your prescription for Mounjaro 5 mg/0.5 mL single-dose pens without a cold",
			"pack or storage instructions."}, Invalid},
		{"a week's heading over the supply's caption", []string{"Medicines tray for Mr. Harold Bexley", "Week commencing 23 Nov 2026",
			"Dispensed", "14 Nov 2026", "Mounjaro 5 mg/0.5 mL single-dose pen, inject once weekly"}, Valid},
	} {
		r, f := Explain(textOf(1, tt.lines...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationDate.Value != tt.want {
			t.Errorf("%s: date %+v by %s read %q, want %s (note %q)", tt.name, r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, tt.want, r.Note)
		}
	}
}

// TestReplacementStillToCome: a replacement's day, the sentence broken
// before it (unseen120's care team chat, round 26: the replacement's day
// rated the requested strength's dispensing date, in the future). The
// supply made in error is the page's only one.
func TestReplacementStillToCome(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
	lines := []string{"Confirmed: our partner pharmacy,", "Crestline Mail Pharmacy, dispensed", "Wegovy 2.4 mg/0.75 mL for you on",
		"11/18/2026 in error. Your prescription is", "Wegovy 1.7 mg/0.75 mL. A replacement", "Wegovy 1.7 mg pen will be dispensed and",
		"shipped on 11/28/2026 at no cost, with a", "return label for the 2.4 mg pen."}
	r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "us"})
	if r.Data.MedicationDate.Value != Valid || f.MedicationDate.Text != "11 18 2026" {
		t.Errorf("date %+v by %s read %q, want valid from 11/18/2026", r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text)
	}
}

// TestPenFirstUseIsNoSupply: the day a patient wrote on a pen's label that
// they first used it, over the label's covered fill date, is no supply's
// (unseen136, round 27); "Ist" is how OCR reads a handwritten 1st.
func TestPenFirstUseIsNoSupply(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Lucille", Surname: "Brennan", MedicationName: "Ozempic", MedicationDosage: "2 mg"}
	for _, first := range []string{"1st use 11/16/26", "Ist use 11/16/26", "Date of first use: 11/16/2026"} {
		lines := []string{"COTTONWOOD DRUG #4", "118 E Main St, Cedar Flats, UT 84799 (435) 555-0162", "Rx# 3308451",
			"BRENNAN, LUCILLE", "OZEMPIC 2MG/DOSE (8MG/3ML) PEN", "Discard pen 56 days after first use.", first}
		r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationDate.Value == Valid {
			t.Errorf("%q: date %+v by %s read %q, want no supply's date", first, r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text)
		}
	}
}

// TestDeviceAndTicketDates: a connected pen's app and its maker's help
// desk date injections, messages and the ticket itself, never a supply
// (unseen150, round 28: false accepts at first measure on 6 uploads, both
// readers). A pharmacy's own date beside them still counts, and a status
// caption over an order's time stamp still labels it.
func TestDeviceAndTicketDates(t *testing.T) {
	app := []string{"Good evening, Carys Llewellyn-Hart", "LAST INJECTION", "Sun 08:40", "15 November 2026 : recorded by your pen",
		"YOUR PEN", "Mounjaro 2.5mg KwikPen", "Doses left in this pen: 1 of 4", "YOUR PHARMACY", "Castlegate Pharmacy"}
	ticket := []string{"NeedleNote Help Center", "Ticket #77125 - Cap did not record my dose",
		"Requester: Carys Llewellyn-Hart · Opened November 18, 2026 · Status: Solved November 19, 2026",
		"Carys Llewellyn-Hart · November 18, 2026 10:14 AM",
		"I use the NeedleNote cap on my Mounjaro pen, 2.5 mg once a week. Can you check?",
		"Marisol (NeedleNote Support) - November 19, 2026 9:02 AM",
		"Hi Carys, thanks for the log. Your cap recorded these events:",
		"11/17/2026 08:41 CAP_OFF", "11/17/2026 08:42 PRIME 2 clicks", "11/17/2026 08:43 DOSE 2.5 mg (not synced)",
		"NeedleNote Inc. makes the cap and app only and does not dispense medicines."}
	column := []string{"NeedleNote Help Center", "Mounjaro 2.5 mg pen with the NeedleNote cap, Carys Llewellyn-Hart",
		"Your cap recorded these events:", "11/17/2026 08:41", "11/17/2026 08:42", "11/17/2026 08:43", "11/10/2026 08:37",
		"CAP_OFF", "PRIME 2 clicks", "DOSE 2.5 mg (not synced)", "DOSE 2.5 mg synced"}
	withLabel := append(slices.Clone(ticket), "Castlegate Pharmacy", "Mounjaro 2.5mg KwikPen  Dispensed: 12 Nov 2026")
	timeline := []string{"Castlegate Pharmacy", "Order for Carys Llewellyn-Hart", "Mounjaro 2.5mg KwikPen x1", "Dispensed", "Nov 16, 2026 2:14 PM", "Delivered", "Nov 17, 2026 11:02 AM"}
	exp := Expected{PatientKnown: true, Forename: "Carys", Surname: "Llewellyn-Hart", MedicationName: "Mounjaro", MedicationDosage: "2.5 mg"}
	for _, tt := range []struct {
		name   string
		market string
		lines  []string
		want   Verdict
	}{
		{"an app's last injection, its time between caption and date", "uk", app, NotFound},
		{"a ticket's dates, its messages' and its quoted log's", "us", ticket, NotFound},
		{"a log's time stamps read as a column", "us", column, NotFound},
		{"the ticket beside a pharmacy's label", "uk", withLabel, Valid},
		{"an order's timeline, a status over each time stamp", "us", timeline, Valid},
		{"a tracking timeline read as columns, its steps over its times", "uk", []string{"Castlegate Pharmacy", "Track your parcel",
			"Order placed", "Checked & dispensed", "Dispatched", "Delivered",
			"16 Nov 2026, 20:14", "17 Nov 2026, 10:05", "17 Nov 2026, 15:30", "18 Nov 2026, 11:52",
			"Mounjaro 2.5mg KwikPen", "Patient: Ms Carys Llewellyn-Hart"}, Valid},
		{"a form's examiner's signature, the label's fill date misread", "uk", []string{"Annual Medical Return", "Boxer", "Carys Llewellyn-Hart",
			"Medication declared: Mounjaro 2.5mg pen, from pharmacy label: dispensed toe e0ee, Castlegate Pharmacy",
			"Medical Officer: Dr Lowri Jenkins Signed L. Jenkins 18/11/2026"}, NotFound},
		{"a form completed", "uk", []string{"Annual Medical Return", "Boxer", "Carys Llewellyn-Hart", "Return completed", "18/11/2026",
			"Medication declared: Mounjaro 2.5mg pen, Castlegate Pharmacy"}, NotFound},
	} {
		r, f := Explain(textOf(1, tt.lines...), exp, Policy{Now: testNow, Market: tt.market})
		if r.Data.MedicationDate.Value != tt.want {
			t.Errorf("%s: date %+v by %s read %q, want %s (note %q)", tt.name, r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, tt.want, r.Note)
		}
	}
}

// TestTemplateDatePlaceholder: a pharmacy's letter whose fill date was
// left as the template's field, under the letter's own date (unseen145,
// round 28): the letter's date is not the fill's. Filled in, it is.
func TestTemplateDatePlaceholder(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Harriet", Surname: "Vondracek", MedicationName: "Ozempic", MedicationDosage: "1 mg"}
	letter := func(filled string) []string {
		return []string{"Hollister Street Pharmacy", "November 18, 2026", "Harriet Vondracek", "Dear Harriet Vondracek,",
			"We are writing to let you know that your prescription for Ozempic 1 mg (semaglutide injection,",
			"one pen, 4 doses) was filled on " + filled + " and is ready for pick-up at our pharmacy counter."}
	}
	for _, tt := range []struct {
		filled string
		want   Verdict
	}{{"[FILL DATE]", NotFound}, {"{{fill_date}}", NotFound}, {"November 17, 2026", Valid}} {
		r, f := Explain(textOf(1, letter(tt.filled)...), exp, Policy{Now: testNow, Market: "us"})
		if r.Data.MedicationDate.Value != tt.want {
			t.Errorf("filled on %s: date %+v by %s read %q, want %s", tt.filled, r.Data.MedicationDate, f.MedicationDate.Rule, f.MedicationDate.Text, tt.want)
		}
	}
}

// TestOtherPaper: a laboratory's requisition lists the patient's medicines
// for the tests' sake; its order date is no dispensing date, and its
// "ORDERING PROVIDER" heading, beside "PATIENT" over their values, is no
// one's name (unseen154, round 29: a false accept on the date and the
// caption rated the patient through the production reader, 3 uploads). A
// label beside it that says dispensed keeps its date, and a pharmacy's own
// page that names a specimen once is no lab's.
func TestOtherPaper(t *testing.T) {
	everett := Expected{PatientKnown: true, Forename: "Everett", Surname: "Lindqvist", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}
	requisition := []string{
		"Copperline Laboratories - Test Requisition", "PATIENT", "ORDERING PROVIDER", "LINDQVIST, EVERETT",
		"Naomi Ferreira-Tate, MD", "DATE ORDERED 11/19/2026", "COLLECTION SITE Copperline PSC, 40 N Division",
		"TESTS ORDERED", "83036 Hemoglobin A1c", "CURRENT MEDICATIONS", "Mounjaro 7.5 mg SC once weekly",
		"SPECIMEN (LAB USE)", "Collected by: Date/time: Tubes: SST / lavender",
	}
	withLabel := append(slices.Clone(requisition), "MOUNJARO 7.5MG/0.5ML PEN Dispensed 11/18/2026 Alder Pharmacy")
	order := []string{"Alder Pharmacy - order confirmation", "Patient: Everett Lindqvist", "Order date 11/19/2026",
		"Mounjaro 7.5 mg/0.5 mL pen x4", "Specimen signature below"}
	// A sharps mail-back's certificate that the used pens were destroyed,
	// and a letter's dictation and typing dates (unseen152, unseen157,
	// round 29: false accepts at first measure).
	mailBack := []string{"SAFERETURN SHARPS MAIL-BACK PROGRAM", "Certificate of Receipt and Destruction", "CUSTOMER", "Everett Lindqvist",
		"CONTENTS DECLARED", "Used Mounjaro 7.5 mg/0.5 mL single-dose pens (x4)", "CONTAINER RECEIVED", "November 17, 2026",
		"TREATED AND DESTROYED", "November 19, 2026 (autoclave and shred)", "Date issued: November 19, 2026"}
	dictated := []string{"LETTER OF MEDICAL NECESSITY", "Dictated: November 17, 2026 · Transcribed: November 18, 2026",
		"Patient: Everett Lindqvist", "He was started on Mounjaro 7.5 mg once weekly last month."}
	for _, tt := range []struct {
		name     string
		lines    []string
		date     Rating
		dateRule string
	}{
		{"a requisition's order date", requisition, Rating{NotFound, Low}, "date-on-other-paper"},
		{"a certificate that used pens were destroyed", mailBack, Rating{NotFound, Low}, "date-on-other-paper"},
		// A ward's administration chart: when each weekly dose was given
		// (unseen161, round 30, false accepts at first measure).
		{"a ward's record of doses given", []string{"INPATIENT PRESCRIPTION & ADMINISTRATION RECORD", "Patient: Mr Everett LINDQVIST",
			"Medicine / dose / route Day Start Prescriber Administration: date time given by",
			"MOUNJARO 7.5 mg Sat 02/11/2026 F Adeyinka 02/11/2026 09/11/2026 16/11/2026", "Dose: 7.5mg Route: SC",
			"Own supply brought in (POD)"}, Rating{NotFound, Low}, "date-on-other-paper"},
		{"a letter's dictation and typing", dictated, Rating{NotFound, Medium}, "no-date"},
		{"a notice that the parcel was seized", []string{"Border Force", "NOTICE OF SEIZURE", "Dear Mr Lindqvist,",
			"Date of seizure 17 November 2026", "Goods seized 1 x pre-filled pen labelled Mounjaro 7.5 mg",
			"medicines supplied without a prescription by an unregistered seller are not normally restored."}, Rating{NotFound, Low}, "date-on-other-paper"},
		// A form its filer answers about themselves is signed by them, and
		// a home care aide's visit is no supply (unseen156, round 29).
		{"a questionnaire's filer signing", []string{"Universal Credit - Capability for work questionnaire",
			"Your name: Everett Lindqvist Date of birth: 03/02/1971", "Medicine name", "Mounjaro (injection pen)", "7.5 mg",
			"once every week", "Signature: E Lindqvist Date: 17/11/2026"}, Rating{NotFound, Medium}, "no-date"},
		{"a carer's visit date over an old pickup", []string{"Brightpath Home Care", "Visit Summary", "Client: Everett Lindqvist",
			"Visit date: 11/18/2026 9:00-11:00 AM", "Last pickup from pharmacy", "08/01/2026 Riverbend Pharmacy, Lansing",
			"Mounjaro 7.5 mg pen, weekly"}, Rating{Invalid, Medium}, "old-date"},
		{"a seller that says it is no pharmacy", []string{"Glow Peptide Co.", "@glowpeptideco - independent seller, not a pharmacy",
			"Invoice #GPC-1142 Bill to Everett Lindqvist", "Issued: 11/17/2026", "Mounjaro 7.5mg KwikPen (EU pack) 1 $260.00"}, Rating{NotFound, Low}, "date-on-other-paper"},
		{"a label beside it says dispensed", withLabel, Rating{Valid, High}, "date-in-window"},
		{"a pharmacy's order naming a specimen once", order, Rating{Valid, High}, "date-in-window"},
		{"a pharmacy's label copied onto it", append(slices.Clone(requisition), "Mounjaro 7.5mg/0.5mL pen 4 pens  LINDQVIST, EVERETT  11/18/2026", "Alder Pharmacy, 9 Main St"), Rating{Valid, High}, "date-in-window"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(textOf(1, tt.lines...), everett, Policy{Now: testNow, Market: "us"})
			if r.Data.MedicationDate != tt.date || f.MedicationDate.Rule != tt.dateRule {
				t.Errorf("date %+v by %s, want %+v by %s (%s)", r.Data.MedicationDate, f.MedicationDate.Rule, tt.date, tt.dateRule, r.Note)
			}
		})
	}
	r, f := Explain(textOf(1, requisition...), everett, Policy{Now: testNow, Market: "us"})
	if r.Data.PatientName.Value != Valid || f.PatientName.Rule != "labelled-name" {
		t.Errorf("patient %+v by %s (%q), want valid by labelled-name", r.Data.PatientName, f.PatientName.Rule, f.PatientName.Text)
	}
	// A research chemical's vial is no dose (unseen151, round 29).
	peptide := []string{"HELIXA RESEARCH COMPOUNDS", "Order HX-48213 placed on 11/17/2026",
		"Tirzepatide 7.5mg - lyophilised powder, 1 vial (7.5 mg per vial) 2 $118.00", "FOR RESEARCH USE ONLY - NOT FOR HUMAN CONSUMPTION"}
	if r, f := Explain(textOf(1, peptide...), everett, Policy{Now: testNow, Market: "us"}); r.Data.MedicationDosage.Value != NotFound || f.MedicationDosage.Rule != "dose-of-research-chemical" {
		t.Errorf("a research vial's powder: dose %+v by %s", r.Data.MedicationDosage, f.MedicationDosage.Rule)
	}
	// A row of column headings is no pharmacy's name ("Qty Pharmacy" as
	// the production reader joined a care agency's headings; unseen156).
	headings := []string{"Medicines record", "Medicine Dose Qty Pharmacy", "Mounjaro 7.5 mg 1 pen"}
	if r, f := Explain(textOf(1, headings...), everett, Policy{Now: testNow, Market: "us"}); r.Data.PharmacyName.Value == Valid {
		t.Errorf("a row of headings named a pharmacy: %q by %s", f.PharmacyName.Text, f.PharmacyName.Rule)
	}
	// The healthcare assistant who took the blood is staff, no second
	// person beside the patient on the label.
	morwenna := Expected{PatientKnown: true, Forename: "Morwenna", Surname: "Gillespie-Hart", MedicationName: "Saxenda"}
	form := []string{"Penwith Community Pathology - Request Form", "CURRENT MEDICINES", "Saxenda 3 mg once daily",
		"SAMPLE TAKEN BY", "Tamsin Ravenhill, HCA", "Saxenda 6mg/ml solution for injection pre-filled pen",
		"Mrs Morwenna Gillespie-Hart 29 Oct 2026"}
	if r, f := Explain(textOf(1, form...), morwenna, Policy{Now: testNow, Market: "uk"}); r.Data.PatientName.Value != Valid {
		t.Errorf("the patient beside the healthcare assistant who took the blood: %+v by %s", r.Data.PatientName, f.PatientName.Rule)
	}
}

// TestHistoryWithUnreadDoses: a scanned medication history whose doses
// OCR could not read cannot say which fill was of the requested dose
// (unseen158, round 29: a false accept at first measure); read, its rows
// say it (the latest fill of another dose).
func TestHistoryWithUnreadDoses(t *testing.T) {
	hamish := Expected{PatientKnown: true, Forename: "Hamish", Surname: "Strathearn-Boyd", MedicationName: "Mounjaro", MedicationDosage: "2.5mg"}
	head := []string{"PATIENT MEDICATION HISTORY", "Dunmore Pharmacy, 27 Bridge Street, Ledbury", "Patient: STRATHEARN-BOYD, Hamish (Mr)", "Dispensed Item"}
	garbled := append(slices.Clone(head), "01/11/2026 Mounjaro. _pmng/ 8 6mL KwdkPen", "17/08/2026 : Mounjaro_ ong) 8. omit KwikPen", "20/07/2026 an Mounjaro oes 5ng/0.. emt KwikPen")
	read := append(slices.Clone(head), "01/11/2026 Mounjaro 5mg/0.6ml KwikPen", "17/08/2026 Mounjaro 2.5mg/0.6ml KwikPen", "20/07/2026 Mounjaro 2.5mg/0.6ml KwikPen")
	for _, tt := range []struct {
		name  string
		lines []string
		rule  string
	}{
		{"doses unread", garbled, "date-of-unread-dose"},
		{"doses read", read, "date-of-other-dose"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(textOf(1, tt.lines...), hamish, Policy{Now: testNow, Market: "uk"})
			if r.Data.MedicationDate.Value != NotFound || f.MedicationDate.Rule != tt.rule {
				t.Errorf("date %+v by %s, want not_found by %s", r.Data.MedicationDate, f.MedicationDate.Rule, tt.rule)
			}
		})
	}
}
