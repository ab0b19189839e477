package evidence

import (
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
		{"a word that is also a chain", []string{"Get well soon from your pharmacy team"}, 1, Rating{NotFound, Medium}},
		{"Well Pharmacy", []string{"Well Pharmacy, 3 Church Road"}, 1, Rating{Valid, High}},
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
		{"Drugstore", []string{"Corner Drugstore   Tel (608) 555-0187"}, 1, Rating{Valid, Medium}},
		{"Drug read by OCR", []string{"LAKESHORE DRUG"}, 0.96, Rating{Valid, Medium}},
		{"Drug starting a caption", []string{"Drug: Wegovy 2.4 mg"}, 1, Rating{NotFound, Medium}},
		{"Drug inside a phrase", []string{"Lakeshore Drug Prices Compared"}, 1, Rating{NotFound, Medium}},
		{"drug interactions heading", []string{"Drug Interactions"}, 1, Rating{NotFound, Medium}},
		{"controlled drug", []string{"Controlled Drug"}, 1, Rating{NotFound, Medium}},
		{"drug schedule", []string{"Schedule II Drug"}, 1, Rating{NotFound, Medium}},
		{"study drug", []string{"Study Drug"}, 1, Rating{NotFound, Medium}},
		{"lowercase words are no name", []string{"take this drug"}, 1, Rating{NotFound, Medium}},
		{"retailer beside a drug word that ends no name", []string{"Walmart drug prices"}, 1, Rating{NotFound, Medium}},
		{"OCR noise in a chain", []string{"Wa1greens #1234"}, 0.95, Rating{Valid, Medium}},
		{"poor read", []string{"Greenfield Pharmacy"}, 0.5, Rating{Valid, Low}},
		{"no pharmacy, poor read", []string{"Wegovy"}, 0.5, Rating{NotFound, Low}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ratePharmacy(readDocument(textOf(tt.conf, tt.lines...)))
			if diff := cmp.Diff(tt.want, f.rating); diff != "" {
				t.Errorf("rating mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
