package evidence

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestScamPage: a phishing e-mail and a fraud report show no supply, so
// what they name is not the patient's medicine, dose, date or pharmacy; a
// scam warning beside the pharmacy's own label leaves the label's fields
// alone (unseen172, round 31: 12 false accepts on each reader at first
// measure).
func TestScamPage(t *testing.T) {
	phishing := []string{"Inbox (3) This message may be a phishing attempt. Be careful with links.",
		"Action required: your order is on hold", "From: Brightwell Chemist Dispatch <orders@brightwe1l-chemist-uk.co>",
		"To: Alistair Fenwick-Hoyle", "Date: 27 Nov 2026 07:14", "Dear Customer,",
		"Your order of Saxenda 3mg pen x5 is on hold at our dispatch centre because the delivery fee",
		"was not paid. To release your parcel please pay GBP 1.99 within 24 hours."}
	report := []string{"Fraud Report - Confirmation", "Filed November 16, 2026", "Your details: Tamsin Rourke, Lakeview, MN 55099",
		"I saw an ad for \"Wegovy 2.4 mg, no prescription needed\" and paid $289 by app on 11/08/2026",
		"to a website called SlimScript Rx. Nothing arrived and the website is gone."}
	beside := []string{"Scam alert: we never ask for payment by text. This is a scam message:", "\"Your Wegovy 2.4mg is held, pay $1.99\"",
		"Harbor Pharmacy", "TAMSIN ROURKE", "WEGOVY 2.4MG/0.75ML PEN", "Date filled: 11/12/2026"}
	nf := [fieldCount]Verdict{Valid, NotFound, NotFound, NotFound, NotFound}
	for _, tc := range []struct {
		name  string
		lines []string
		exp   Expected
		want  [fieldCount]Verdict
	}{
		{"a phishing e-mail", phishing, Expected{PatientKnown: true, Forename: "Alistair", Surname: "Fenwick-Hoyle", MedicationName: "Saxenda", MedicationDosage: "3 mg"}, nf},
		{"a fraud report", report, Expected{PatientKnown: true, Forename: "Tamsin", Surname: "Rourke", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"},
			nf},
		{"a scam warning beside the label", beside, Expected{PatientKnown: true, Forename: "Tamsin", Surname: "Rourke", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"},
			[fieldCount]Verdict{Valid, Valid, Valid, Valid, Valid}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := Explain(textOf(1, tc.lines...), tc.exp, Policy{Now: testNow, Market: "us"})
			f := got.Data
			if diff := cmp.Diff(tc.want, [fieldCount]Verdict{f.PatientName.Value, f.MedicationName.Value, f.MedicationDosage.Value, f.MedicationDate.Value, f.PharmacyName.Value}); diff != "" {
				t.Errorf("verdicts (-want +got):\n%s\nnote: %s", diff, got.Note)
			}
			if n := strings.Count(got.Note, "scam message"); tc.want == nf && n != 1 {
				t.Errorf("note says what the page is %d times, want once: %s", n, got.Note)
			}
		})
	}
}
