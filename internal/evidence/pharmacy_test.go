package evidence

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRatePharmacy(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		conf  float64
		want  Rating
	}{
		{"UK chain", []string{"Boots UK Ltd, 1 High St, Nottingham NG1 1AA"}, 1, Rating{Valid, High}},
		{"Lloydspharmacy", []string{"LloydsPharmacy Online Doctor"}, 1, Rating{Valid, High}},
		{"online pharmacy chain", []string{"Pharmacy2U Ltd"}, 1, Rating{Valid, High}},
		{"US chain with a slash", []string{"CVS/pharmacy #04521"}, 1, Rating{Valid, High}},
		{"Walgreens", []string{"WALGREENS #1234"}, 1, Rating{Valid, High}},
		{"Rite Aid", []string{"Rite Aid Pharmacy 05432"}, 1, Rating{Valid, High}},
		{"retailer with a pharmacy", []string{"Walmart Pharmacy 10-2345"}, 1, Rating{Valid, High}},
		{"retailer without a pharmacy", []string{"Walmart Supercenter receipt"}, 1, Rating{NotFound, Medium}},
		// A letter's sentence wrapped before "Pharmacy," (unseen70's trust
		// letter, round 19).
		{"a hospital's pharmacy named where a sentence wrapped", []string{"FlexTouch pen was dispensed on 17 November 2026 by the Outpatient",
			"Pharmacy, Lisnacree Hospital, and you collected it the same day."}, 1, Rating{Valid, Medium}},
		{"a word that is also a chain", []string{"Get well soon from your pharmacy team"}, 1, Rating{NotFound, Medium}},
		{"Well Pharmacy", []string{"Well Pharmacy, 3 Church Road"}, 1, Rating{Valid, High}},
		// A hospital's pharmacy, named after the hospital (unseen10, unseen13).
		{"a general hospital's pharmacy", []string{"TTO dispensed by: Hartsmere General Hospital Pharmacy, 20/11/2026."}, 1, Rating{Valid, High}},
		{"a hospital's outpatient pharmacy", []string{"Fellgate General Hospital - Outpatient Pharmacy, Level 1"}, 1, Rating{Valid, High}},
		{"general pharmacy advice", []string{"Ask for general pharmacy advice"}, 1, Rating{NotFound, Medium}},
		// A department named by its institution after it or beside it
		// (unseen52's outpatient labels and receipts, round 16).
		{"an outpatient pharmacy, its trust after a comma", []string{"Outpatient Pharmacy, Eastbridge Royal Hospital NHS Trust, Lowgate, Eastbridge EB9 9ZZ"}, 1, Rating{Valid, Medium}},
		{"an outpatient pharmacy under its health system", []string{"ST. BRENDAN'S HEALTH", "OUTPATIENT PHARMACY", "RECEIPT"}, 1, Rating{Valid, Medium}},
		{"an outpatient pharmacy over its hospital", []string{"Outpatient Pharmacy", "Hollins Park Hospital", "Dispensed: 24/11/2026"}, 1, Rating{Valid, Medium}},
		{"an outpatient pharmacy of no institution", []string{"Outpatient Pharmacy", "Collect your medicines here"}, 1, Rating{NotFound, Medium}},
		{"a heading of the word alone over a hospital", []string{"Pharmacy", "St Mary's Hospital"}, 1, Rating{NotFound, Medium}},
		// A breadcrumb's parts are no one name (unseen56, a false accept
		// at first measure, round 16).
		{"a portal's breadcrumb", []string{"Northgate Health My Record - Medications - Pharmacy fills"}, 1, Rating{NotFound, Medium}},
		{"a breadcrumb's other part before the pharmacy word", []string{"Account - Refills - Pharmacy orders"}, 1, Rating{NotFound, Medium}},
		{"an outpatient pharmacy beside an address", []string{"Outpatient Pharmacy, 12 Lowgate"}, 1, Rating{NotFound, Medium}},
		{"Rx inside a mail pharmacy's name", []string{"Evergreen Rx Mail Pharmacy, Tempe AZ"}, 1, Rating{Valid, High}},
		{"Rx pharmacy alone names none", []string{"Your Rx pharmacy will call you"}, 1, Rating{NotFound, Medium}},
		// Names of other languages and common words before describing
		// ones (unseen14's bilingual pages, round 12).
		{"a common word before a describing one", []string{"Good Health Pharmacy · 77 S Main St, Pharr TX 78999"}, 1, Rating{Valid, High}},
		{"your health pharmacy is no name", []string{"Your health pharmacy team"}, 1, Rating{NotFound, Medium}},
		// A research pharmacy's describing words after its name (unseen178,
		// round 32); alone they name none, a department of them is named.
		{"a clinical trial pharmacy's name", []string{"Keystone Clinical Trial Pharmacy, 77 Foundry Rd, Keystone, PA 19099"}, 1, Rating{Valid, High}},
		{"the trial pharmacy names none", []string{"Questions? Call the trial pharmacy"}, 1, Rating{NotFound, Medium}},
		{"a clinical trials department", []string{"Dispensed by: Clinical Trials Pharmacy"}, 1, Rating{Valid, High}},
		{"a hospital's investigational drug service", []string{"Dispensed by", "Summit Ridge University Hospital", "Investigational Drug Service",
			"1500 Aspen Pkwy, Summit Ridge, CO 80099"}, 1, Rating{Valid, Medium}},
		{"an investigational drug service of no institution", []string{"Collect it at the", "Investigational Drug Service window"}, 1, Rating{NotFound, Medium}},
		// Named on its institution's line (unseen178, round 33).
		{"an institution's investigational drug service on its line", []string{"Cedarview Medical Center Investigational Drug Service, 300",
			"Dispensed by", "Elm Ridge Rd, Cedarview, WI 53099"}, 1, Rating{Valid, Medium}},
		{"an investigational drug service's window in a sentence", []string{"ready for pickup at the Investigational Drug Service window (Building C)"}, 1, Rating{NotFound, Medium}},
		{"Spanish: the name after Farmacia", []string{"Farmacia Buena Salud"}, 1, Rating{Valid, Medium}},
		// "An" (peace) ends many Vietnamese names (unseen14, round 13).
		{"a Vietnamese name ending An", []string{"NHA THUOC BINH AN - BINH AN PHARMACY (714) 555-0158"}, 1, Rating{Valid, High}},
		{"an article before the pharmacy word names none", []string{"PLEASE VISIT AN PHARMACY NEAR YOU"}, 1, Rating{NotFound, Medium}},
		{"Welsh: the name after Fferyllfa", []string{"Fferyllfa Glannau"}, 1, Rating{Valid, Medium}},
		{"a pharmacy word in prose names none", []string{"Llame a la farmacia si tiene preguntas"}, 1, Rating{NotFound, Medium}},
		// Particles in the name, a chain's plural, the border's "botica"
		// (unseen41's bilingual pages, round 17).
		{"Spanish: a name with its particle after Farmacia", []string{"Farmacia del Valle, 1420 Calle Zaragoza, Laredo TX"}, 1, Rating{Valid, Medium}},
		{"Spanish: a chain's plural", []string{"Farmacias Sol"}, 1, Rating{Valid, Medium}},
		{"Spanish: a botica", []string{"BOTICA SAN RAFAEL"}, 1, Rating{Valid, Medium}},
		{"Norwegian: an apotek", []string{"APOTEK BRYGGEKAIEN Resept nr. 8812-4407"}, 1, Rating{Valid, Medium}},
		{"Maltese: a spizerija", []string{"SPIZERIJA SAN GORG"}, 1, Rating{Valid, Medium}},
		{"a particle then prose names none", []string{"Llame a la Farmacia de su barrio"}, 1, Rating{NotFound, Medium}},
		{"a pen's word before the next column's pharmacy word", []string{"Gethin Price (dietitian) FlexTouch Pharmacy"}, 1, Rating{NotFound, Medium}},
		{"Capsule the company", []string{"Capsule Pharmacy, New York NY 10001"}, 1, Rating{Valid, High}},
		{"capsule the dosage form", []string{"Take one capsule daily"}, 1, Rating{NotFound, Medium}},
		{"independent pharmacy", []string{"Greenfield Pharmacy, 12 High Street"}, 1, Rating{Valid, High}},
		{"all caps", []string{"GREENFIELD PHARMACY LTD"}, 1, Rating{Valid, High}},
		{"chemist", []string{"Patel's Chemist"}, 1, Rating{Valid, High}},
		{"drugs", []string{"Harbor Drugs Inc"}, 1, Rating{Valid, Medium}},
		{"descriptors between name and word", []string{"Simple Online Pharmacy"}, 1, Rating{Valid, High}},
		{"pharmacy label", []string{"Pharmacy: Riverside"}, 1, Rating{Valid, High}},
		{"your pharmacy is no name", []string{"Contact your pharmacy if you have questions"}, 1, Rating{NotFound, Medium}},
		{"pharmacy alone", []string{"Online Pharmacy"}, 1, Rating{NotFound, Medium}},
		{"pharmacist is not a pharmacy", []string{"Pharmacist: A. Patel"}, 1, Rating{NotFound, Medium}},
		{"NHS pharmacy services", []string{"NHS pharmacy services"}, 1, Rating{NotFound, Medium}},
		{"drug interactions", []string{"Drugs that interact with this medicine"}, 1, Rating{NotFound, Medium}},

		// "Drug", "Drugs" and "Drugstore" name a business where they end its name.
		{"Drug ends the name line", []string{"LAKESHORE DRUG"}, 1, Rating{Valid, Medium}},
		{"Drug, then the address", []string{"Lakeshore Drug, 2210 N Shore Dr"}, 1, Rating{Valid, Medium}},
		{"Drug and a store number", []string{"Main Street Drug #12"}, 1, Rating{Valid, Medium}},
		{"Drug Co", []string{"Harbor Drug Co."}, 1, Rating{Valid, Medium}},
		// A kind of drug is no business (unseen61's compounded vial label,
		// "COMPOUNDED DRUG - KEEP REFRIGERATED", round 18).
		{"a compounded drug", []string{"COMPOUNDED DRUG - KEEP REFRIGERATED - BUD 01/05/2027"}, 1, Rating{NotFound, Medium}},
		{"a covered drug", []string{"Covered Drug - Tier 2"}, 1, Rating{NotFound, Medium}},
		{"a formulary drug", []string{"Formulary Drug"}, 1, Rating{NotFound, Medium}},
		// A pharmacy named by its institution after a comma, inside a line
		// (unseen66's forces medication card, round 18).
		{"a pharmacy by its institution inside a line", []string{"DISPENSED 16 NOV 2026 By Pharmacy, RAF Brackenmoor Medical Centre"}, 1, Rating{Valid, Medium}},
		{"a pharmacy then an address", []string{"Collect from Pharmacy, 12 High Street"}, 1, Rating{NotFound, Medium}},
		// A letterhead's name over its kind of pharmacy (unseen23's
		// compounding receipt, round 18); not a heading of other words.
		{"a letterhead's name over its kind of pharmacy", []string{"ALAMO HEIGHTS", "COMPOUNDING PHARMACY", "615 BRACKEN DR"}, 1, Rating{Valid, Medium}},
		{"a page's title over a kind of pharmacy", []string{"Your prescription", "ONLINE PHARMACY"}, 1, Rating{NotFound, Medium}},
		{"a name under the page's first line", []string{"Receipt", "ALAMO HEIGHTS", "COMPOUNDING PHARMACY"}, 1, Rating{NotFound, Medium}},
		{"a letterhead inside a chat, over its street", []string{"Family", "Today", "ALAMO HEIGHTS", "COMPOUNDING PHARMACY", "615 BRACKEN DR"}, 1, Rating{Valid, Medium}},
		// A compounding pharmacy by its trade, where the word ends its name
		// (unseen43's vial box, which had passed by "COMPOUNDED DRUG").
		{"a compounding pharmacy by its trade", []string{"NORTHFIELD 503A COMPOUNDING 1980 Lantern Way, Boise ID 83799"}, 1, Rating{Valid, Medium}},
		{"compounding in prose", []string{"Compounding is the preparation of a medicine for one patient"}, 1, Rating{NotFound, Medium}},
		{"your compounding", []string{"Questions about your compounding?"}, 1, Rating{NotFound, Medium}},
		{"Drugstore", []string{"Corner Drugstore   Tel (608) 555-0187"}, 1, Rating{Valid, Medium}},
		{"Drug read by OCR", []string{"LAKESHORE DRUG"}, 0.96, Rating{Valid, Medium}},
		{"Drug starting a caption", []string{"Drug: Wegovy 2.4 mg"}, 1, Rating{NotFound, Medium}},
		{"Drug inside a phrase", []string{"Lakeshore Drug Prices Compared"}, 1, Rating{NotFound, Medium}},
		// An app's or a bag's brand ending in "Rx", alone on its line.
		// A hospital's department with its address after the dash, the
		// hospital over it (unseen78, round 20).
		{"a department's address after its name, the hospital above", []string{"Ravensmoor Secure Hospital NHS", "Pharmacy Department - Moor Lane, Ravensmoor LS29 9ZZ"}, 1, Rating{Valid, Medium}},
		// A dispensing practice's dispensary (unseen76, round 20).
		{"a practice's dispensary", []string{"Brackenfold & Lowther Medical Practice", "Dispensary", "Mounjaro 7.5mg/0.6ml KwikPen"}, 1, Rating{Valid, Medium}},
		{"a surgery's dispensary", []string{"Dispensary", "Lowther Surgery, Main Street, Sedbergh"}, 1, Rating{Valid, Medium}},
		{"a pharmacy caption alone", []string{"Pharmacy", "Lowther Surgery, Main Street, Sedbergh"}, 1, Rating{NotFound, Medium}},
		// A rebranded pharmacy's footer (unseen76, round 20).
		{"the name a registered pharmacy trades as", []string{"MedsByPost Ltd trading as Pillbox Direct - Registered pharmacy, GPhC premises 9014402"}, 1, Rating{Valid, Medium}},
		{"trading as, no pharmacy said", []string{"Acme Holdings Ltd trading as Brightside Travel - Registered in England"}, 1, Rating{NotFound, Medium}},
		// A pharmacy named by the business it is in or run by, and a
		// label printer's abbreviation (unseen89, round 22).
		{"a supermarket's pharmacy", []string{"Pharmacy at Dunmore's Superstore Store 0412"}, 1, Rating{Valid, Medium}},
		{"a store's pharmacy run by a company", []string{"Pharmacy operated by Aldgate & Rowe (Pharmacy) Ltd, GPhC 9011872"}, 1, Rating{Valid, Medium}},
		{"a pharmacy at a place said in lower case", []string{"Collect from the pharmacy at the hospital"}, 1, Rating{NotFound, Medium}},
		{"an abbreviated community pharmacy", []string{"FILLED FOR BRKSIDE COMM PHCY #2 (405) 555-0163"}, 1, Rating{Valid, Medium}},
		{"a caption read into a sentence", []string{"Pen supplied by your Pharmacy pharmacy on"}, 1, Rating{NotFound, Medium}},
		{"a brand ending in Rx", []string{"SUNBELT RX"}, 1, Rating{Valid, Medium}},
		{"a brand ending in Rx and a store number", []string{"Harbor Rx #12"}, 1, Rating{Valid, Medium}},
		{"Rx and a number", []string{"RX 6624019-02"}, 1, Rating{NotFound, Medium}},
		{"a medicine's Rx", []string{"Wegovy Rx"}, 1, Rating{NotFound, Medium}},
		{"a heading's Rx", []string{"Refill Rx"}, 1, Rating{NotFound, Medium}},
		{"Rx inside a line", []string{"Sunbelt Rx delivers to your door"}, 1, Rating{NotFound, Medium}},
		{"a caption's Rx", []string{"Patient: Jane Rx"}, 1, Rating{NotFound, Medium}},
		{"Drug & a trade", []string{"CORLISS DRUG & WELLNESS"}, 1, Rating{Valid, Medium}},
		{"Drugs and two trades, then the address", []string{"Main Street Drugs and Home Health, 12 Elm St"}, 1, Rating{Valid, Medium}},
		{"Drug & a service", []string{"Fenmore Drug & Alcohol Services"}, 1, Rating{NotFound, Medium}},
		{"Drug & a trade inside a phrase", []string{"Lakeshore Drug & Wellness Tips"}, 1, Rating{NotFound, Medium}},
		{"drug interactions heading", []string{"Drug Interactions"}, 1, Rating{NotFound, Medium}},
		{"controlled drug", []string{"Controlled Drug"}, 1, Rating{NotFound, Medium}},
		{"drug schedule", []string{"Schedule II Drug"}, 1, Rating{NotFound, Medium}},
		{"study drug", []string{"Study Drug"}, 1, Rating{NotFound, Medium}},
		{"lowercase words are no name", []string{"take this drug"}, 1, Rating{NotFound, Medium}},
		{"retailer beside a drug word that ends no name", []string{"Walmart drug prices"}, 1, Rating{NotFound, Medium}},
		{"OCR noise in a chain", []string{"Wa1greens #1234"}, 0.95, Rating{Valid, Medium}},

		// A placeholder after the label names no pharmacy.
		{"label: N/A", []string{"Pharmacy: N/A"}, 1, Rating{NotFound, Medium}},
		{"label: n.a.", []string{"Pharmacy: n.a."}, 1, Rating{NotFound, Medium}},
		{"label: NA", []string{"Pharmacy: NA"}, 1, Rating{NotFound, Medium}},
		{"label: None", []string{"Pharmacy: None"}, 1, Rating{NotFound, Medium}},
		{"label: Nil", []string{"Pharmacy: Nil"}, 1, Rating{NotFound, Medium}},
		{"label: TBC", []string{"Pharmacy: TBC"}, 1, Rating{NotFound, Medium}},
		{"label: TBA", []string{"Pharmacy: TBA"}, 1, Rating{NotFound, Medium}},
		{"label: TBD", []string{"Pharmacy: TBD"}, 1, Rating{NotFound, Medium}},
		{"label: Pending", []string{"Pharmacy: Pending"}, 1, Rating{NotFound, Medium}},
		{"label: Not yet dispensed", []string{"Pharmacy: Not yet dispensed"}, 1, Rating{NotFound, Medium}},
		{"label: Not applicable", []string{"Dispensing pharmacy: Not applicable"}, 1, Rating{NotFound, Medium}},
		{"label: Unknown", []string{"Pharmacy name: Unknown"}, 1, Rating{NotFound, Medium}},
		{"label: Not known", []string{"Pharmacy name: Not Known"}, 1, Rating{NotFound, Medium}},
		{"label: To be confirmed", []string{"Pharmacy: To be confirmed"}, 1, Rating{NotFound, Medium}},
		{"label: a dash", []string{"Pharmacy: -"}, 1, Rating{NotFound, Medium}},
		{"label: dashes", []string{"Pharmacy: ---"}, 1, Rating{NotFound, Medium}},
		{"label: one letter", []string{"Pharmacy: X"}, 1, Rating{NotFound, Medium}},
		{"label: placeholder then another column", []string{"Pharmacy: None      Prescriber: Dr A Patel"}, 1, Rating{NotFound, Medium}},
		{"nominated pharmacy: none", []string{"Nominated pharmacy: none"}, 1, Rating{NotFound, Medium}},
		// A savings programme's page (unseen110, round 24).
		{"a list's heading of partner pharmacies", []string{"Partner pharmacies near 43017"}, 1, Rating{NotFound, Medium}},
		{"a claim's reference in the pharmacy's caption", []string{"Dispensing pharmacy: Claim ref. SP-28841907 (shown on your receipt)"}, 1, Rating{NotFound, Medium}},
		{"a claim's reference run into one word", []string{"Dispensing pharmacy: Claimref. SP-28841907 (shown on your receipt)"}, 1, Rating{NotFound, Medium}},
		{"nominated pharmacy: a name", []string{"Nominated pharmacy: Riverside"}, 1, Rating{Valid, High}},
		{"preferred pharmacy: TBC", []string{"Preferred Pharmacy: TBC"}, 1, Rating{NotFound, Medium}},
		{"a placeholder before the pharmacy word", []string{"Unknown Pharmacy"}, 1, Rating{NotFound, Medium}},
		{"N/A before the pharmacy word", []string{"N/A Pharmacy"}, 1, Rating{NotFound, Medium}},
		{"label read by OCR: None", []string{"Pharmacy: None"}, 0.95, Rating{NotFound, Medium}},
		{"label: a name that starts like a placeholder", []string{"Pharmacy: Nottingham Road"}, 1, Rating{Valid, High}},
		{"label: a two-letter name", []string{"Pharmacy: JS Chemists"}, 1, Rating{Valid, High}},
		{"label: a chain after a placeholder word", []string{"Pharmacy: None - collected from Boots"}, 1, Rating{Valid, High}},
		{"poor read", []string{"Greenfield Pharmacy"}, 0.5, Rating{Valid, Low}},
		{"no pharmacy, poor read", []string{"Wegovy"}, 0.5, Rating{NotFound, Low}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ratePharmacy(readDocument(textOf(tt.conf, tt.lines...)), pharmacyRole{})
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPharmacyNameRead: the name the finding quotes, which the review page
// shows the clinician.
func TestPharmacyNameRead(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  string
	}{
		{"a caption's value", []string{"Pharmacy: Riverside Chemists"}, "Riverside Chemists"},
		{"a text's sender, not its opening words", []string{"Kingsmere Pharmacy: Hi Oliver", "Hartnell, your pens were dispensed today"}, "Kingsmere Pharmacy"},
		{"a sender thanking", []string{"Kingsmere Pharmacy: thank you, your items were collected"}, "Kingsmere Pharmacy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, f := Explain(textOf(1, tt.lines...), Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith"}, Policy{Now: testNow, Market: "uk"})
			if !strings.EqualFold(f.PharmacyName.Text, tt.want) {
				t.Errorf("pharmacy read as %q by %q, want %q", f.PharmacyName.Text, f.PharmacyName.Rule, tt.want)
			}
		})
	}
}

// TestPharmacyThatCouldNotSupply: a page saying a pharmacy could not supply
// the requested medicine, none supplied since, names no pharmacy that
// supplied it (unseen106, round 23: a pharmacy's unable-to-supply slip and a
// clinic's routing notice, false accepts on 6 uploads, both readers). A
// pharmacy that holds a prescription not yet filled is still named (the
// held-out sets' truths), and so is one that filled it after another could
// not.
func TestPharmacyThatCouldNotSupply(t *testing.T) {
	harriet := Expected{PatientKnown: true, Forename: "Harriet", Surname: "Colebrook", MedicationName: "Mounjaro", MedicationDosage: "10 mg"}
	colton := Expected{PatientKnown: true, Forename: "Colton", Surname: "Ashby-Reyes", MedicationName: "Mounjaro", MedicationDosage: "5 mg"}
	routing := func(last string) []string {
		return []string{"Where we sent your prescription", "Riverbend Family Medicine", "Patient Colton Ashby-Reyes DOB 11/23/1988",
			"Medication Mounjaro (tirzepatide) 5 mg/0.5 mL single-dose pen", "Inject 5 mg under the skin once weekly - Qty 4 pens",
			"Your preferred pharmacy Linden Avenue Pharmacy, 1402 Linden Ave, Eugene OR 97402",
			"They told us they cannot fill this prescription: it is a specialty medicine.",
			"We sent it to Brightwater Specialty Pharmacy, 5120 SW Macadam Ave, Portland OR 97239", last}
	}
	for _, tt := range []struct {
		name   string
		exp    Expected
		market string
		lines  []string
		want   Verdict
		rule   string
	}{
		{"a pharmacy's slip: unable to supply, another has stock", harriet, "uk",
			[]string{"Fernlea Pharmacy", "14 Bridge Street, Otley LS21 9ZZ", "Sorry — we are unable to supply your medicine",
				"Patient Harriet Colebrook", "Item Mounjaro 10mg/0.6ml KwikPen x1", "Prescription presented 17/11/2026",
				"[x] Out of stock — manufacturer supply problem",
				"Phoned Kingsmead Pharmacy, Ilkley (01632 960577) — they have stock."},
			NotFound, "pharmacy-of-unsupplied-medicine"},
		{"an EPS token stamped not dispensed, returned to the Spine", Expected{PatientKnown: true, Forename: "Lowri", Surname: "Maddock", MedicationName: "Mounjaro", MedicationDosage: "10 mg"}, "uk",
			[]string{"NHS Dispensing token - FP10DT", "Patient", "Miss Lowri Maddock 5 Bryn Teg, Conwy LL32 9ZZ",
				"Mounjaro 10mg/0.6ml solution for injection 2.4ml pre-filled KwikPen", "Quantity: 1 pre-filled disposable injection",
				"Date", "20/11/2026", "NOT DISPENSED", "RETURNED TO SPINE", "CASTLE MEWS PHARMACY, CONWY", "22 NOV 2026"},
			NotFound, "pharmacy-of-unsupplied-medicine"},
		{"a clinic's notice: the chosen pharmacy cannot fill it, sent on, not filled yet", colton, "us",
			routing("This is not a receipt. Your medicine has not been filled yet."), NotFound, "pharmacy-of-unsupplied-medicine"},
		{"the same notice, filled since by the pharmacy it was sent to", colton, "us",
			routing("Filled on 11/20/2026. Ready for delivery."), Valid, "named-pharmacy"},
		{"a telehealth checkout's choose-a-pharmacy step, not yet sent", Expected{PatientKnown: true, Forename: "Dolores", Surname: "Fenwick", MedicationName: "Zepbound", MedicationDosage: "5 mg"}, "us",
			[]string{"Step 3 of 4 Choose a pharmacy", "Prescription for Dolores Fenwick Zepbound 5 mg/0.5 mL single-dose pen - Qty 4 pens (28 days)",
				"Prescribed by Aaron Whitcombe, NP on Nov 16, 2026 - not yet sent to a pharmacy",
				"Maple Street Pharmacy, 118 Maple St, Dayton, OH 1.2 mi In stock $1,086.37"},
			NotFound, "pharmacy-of-unsupplied-medicine"},
		{"a prescription in a pharmacy's queue, no pharmacy refusing it", Expected{PatientKnown: true, Forename: "Odalys", Surname: "Ferreira", MedicationName: "Wegovy", MedicationDosage: "0.5 mg"}, "us",
			[]string{"Brightwell Telehealth", "Visit summary", "Patient: Odalys Ferreira DOB 02/17/1990",
				"Prescriptions from this visit", "Wegovy 0.5 mg/0.5 mL single-dose pen", "Inject 0.5 mg once weekly · Qty 4 pens",
				"Sent electronically: 11/18/2026 4:52 PM to Cedar Hollow Pharmacy, 77 Hollow Rd,",
				"Pharmacy status: received 11/18/2026 4:53 PM · In queue – not yet filled"},
			Valid, "named-pharmacy"},
	} {
		r, f := Explain(textOf(1, tt.lines...), tt.exp, Policy{Now: testNow, Market: tt.market})
		if r.Data.PharmacyName.Value != tt.want || f.PharmacyName.Rule != tt.rule {
			t.Errorf("%s: pharmacy %+v by %s read %q, want %s by %s (note %q)", tt.name, r.Data.PharmacyName, f.PharmacyName.Rule, f.PharmacyName.Text, tt.want, tt.rule, r.Note)
		}
	}
}

// TestPharmacyOfUnnamedSupplier: a page that says the requested medicine
// came from a supplier it does not name names no pharmacy that supplied
// it, whatever pharmacy it names elsewhere (unseen105, round 25: a GP
// summary's private Wegovy "Bought from an online provider (name not given
// by patient)", the nominated pharmacy in its banner and on the repeats'
// rows; false accepts on 3 uploads, both readers). A row that names its
// supplier is still read.
func TestPharmacyOfUnnamedSupplier(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Callum", Surname: "Brierley", MedicationName: "Wegovy", MedicationDosage: "1 mg"}
	summary := func(wegovyRow string) []string {
		return []string{"Patient summary", "Patient BRIERLEY, Callum (Mr) Nominated pharmacy Castlebrook Pharmacy (EPS)",
			"Medication", "Drug Dosage Type Last issued / supplied Notes",
			"Losartan 50mg tablets One daily Repeat 9 Nov 2026 (EPS to Castlebrook Pharmacy)", wegovyRow}
	}
	for _, tt := range []struct {
		name  string
		lines []string
		want  Verdict
		rule  string
	}{
		{"bought from a provider the patient did not name",
			summary("Wegovy 1mg/0.75ml FlexTouch pen 1mg once weekly PRIVATE Last pen supplied 12 Nov 2026 Bought from an online provider (name not given by patient)"),
			NotFound, "pharmacy-of-unnamed-supplier"},
		// A label photo in a patients' group, the supplier blanked out, a
		// commenter naming the chemist she uses (unseen127, round 26).
		{"a supplier blanked out",
			summary("Wegovy 1mg/0.75ml FlexTouch pen 1mg once weekly PRIVATE Last pen supplied 12 Nov 2026. Supplier blanked out as per rule 4"),
			NotFound, "pharmacy-of-unnamed-supplier"},
		// The state in brackets beside another medicine's pharmacy
		// (unseen168, round 31).
		{"the supplier not recorded, in brackets", []string{"Clozapine clinic monitoring record",
			"Clozapine 350 mg dispensed by Fernbrook Hospital Pharmacy (clozapine only)",
			"Other medicines: Wegovy 1 mg weekly, supplied by the patient's community pharmacy (not recorded)"},
			NotFound, "pharmacy-of-unnamed-supplier"},
		// The patient's new pharmacy, which has filled nothing yet
		// (unseen174, round 31).
		{"a preferred pharmacy with no fills yet",
			[]string{"New Patient Intake Summary", "Current medications",
				"Wegovy 1 mg/0.75 mL pen, 1 mg weekly   Last filled 11/10/2026, before the move.",
				"Preferred pharmacy", "New: Capitol Drug #212, 1600 O St, Lincoln NE 68508. No fills yet at this", "pharmacy."},
			NotFound, "pharmacy-without-fills"},
		{"supplied by the nominated pharmacy",
			summary("Wegovy 1mg/0.75ml FlexTouch pen 1mg once weekly Repeat 12 Nov 2026 (EPS to Castlebrook Pharmacy)"),
			Valid, "named-pharmacy"},
	} {
		r, f := Explain(textOf(1, tt.lines...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.PharmacyName.Value != tt.want || f.PharmacyName.Rule != tt.rule {
			t.Errorf("%s: pharmacy %+v by %s read %q, want %s by %s (note %q)", tt.name, r.Data.PharmacyName, f.PharmacyName.Rule, f.PharmacyName.Text, tt.want, tt.rule, r.Note)
		}
	}
}

// TestPharmacyWordsThatNameNone: a question about the chemist and a blog's
// "same pharmacy" name no pharmacy (unseen127, round 26: a patients' group
// and a patient's blog, each rated the pharmacy at first measure).
func TestPharmacyWordsThatNameNone(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Gareth", Surname: "Pennock", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
	for _, line := range []string{"Amazing! Which chemist?", "What pharmacy?", "I kept the label. Same pharmacy the",
		// A support ticket's status and category chips, and a caption whose
		// value is a date (unseen144, round 28).
		"Solved Pharmacy & shipping Priority: high", "Open  Pharmacy & prescriptions",
		"Dispensed by our partner pharmacy: November 19, 2026",
		// Which pharmacy, not its name (unseen174, round 31).
		"Last filled before the move. Previous pharmacy closed in October."} {
		r, f := Explain(textOf(1, "Wegovy 1.7mg FlexTouch pen", line), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.PharmacyName.Value != NotFound {
			t.Errorf("%q: pharmacy %+v by %s read %q, want not_found", line, r.Data.PharmacyName, f.PharmacyName.Rule, f.PharmacyName.Text)
		}
	}
}

// TestBusinessPairedWithAPharmacyWord: a business's name may pair the
// pharmacy word with another capitalised one, a topic never does.
func TestBusinessPairedWithAPharmacyWord(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Gareth", Surname: "Pennock", MedicationName: "Wegovy", MedicationDosage: "1.7 mg"}
	for line, want := range map[string]string{"Larkfield Pharmacy & Opticians": "Larkfield Pharmacy", "Pharmacy: Larkfield Pharmacy and Travel Clinic": "Larkfield Pharmacy and Travel Clinic", "I rang Larkfield Pharmacy and they said it was ready": "Larkfield Pharmacy"} {
		r, f := Explain(textOf(1, line, "Wegovy 1.7mg FlexTouch pen"), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.PharmacyName.Value != Valid || !strings.EqualFold(f.PharmacyName.Text, want) {
			t.Errorf("%q: pharmacy %+v by %s read %q, want valid %q", line, r.Data.PharmacyName, f.PharmacyName.Rule, f.PharmacyName.Text, want)
		}
	}
}

// TestChemistsLetterheadInTwoLines: a chemist's name over "CHEMISTS" at a
// till slip's top, OCR's specks from the table before it, names the
// pharmacy (unseen134, round 26: not_found on 5 uploads, both readers).
func TestChemistsLetterheadInTwoLines(t *testing.T) {
	exp := Expected{PatientKnown: true, Forename: "Olumide", Surname: "Fashola", MedicationName: "Wegovy", MedicationDosage: "0.5 mg"}
	for _, top := range [][]string{{"HOLLIS & DENE", "CHEMISTS"}, {"yo", "HOLLIS & DENE", "CHEMISTS"}} {
		lines := append(top, "Store 0412 Abbey Parade", "Patient: OLUMIDE FASHOLA", "Item: WEGOVY 0.5MG FLEXTOUCH", "Supplied: 17/11/2026")
		r, f := Explain(textOf(1, lines...), exp, Policy{Now: testNow, Market: "uk"})
		if r.Data.PharmacyName.Value != Valid || f.PharmacyName.Text != "HOLLIS & DENE CHEMISTS" {
			t.Errorf("%q: pharmacy %+v by %s read %q, want valid from HOLLIS & DENE CHEMISTS", top, r.Data.PharmacyName, f.PharmacyName.Rule, f.PharmacyName.Text)
		}
	}
}
