package evidence

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestScanDoses(t *testing.T) {
	type found struct {
		Dose string
		Kind doseKind
	}
	tests := []struct {
		line string
		want []found
	}{
		{"ozempic 2mg/1.5ml (0.25 or 0.5mg dose) pen", []found{{"2 mg", contentDose}, {"0.5 mg", plainDose}}},
		{"saxenda 6 mg/ml, 18 mg/3 ml pen", []found{{"6 mg", concentration}, {"18 mg", contentDose}}},
		{"mounjaro 2.5mg/0.5ml pen", []found{{"2.5 mg", perVolumeDose}}},
		{"qsymia 7.5 mg/46 mg capsules", []found{{"7.5 mg/46 mg", combinationDose}}},
		{"mounjaro 2.5mg/5mg/7.5mg", []found{{"2.5 mg", plainDose}, {"5 mg", plainDose}, {"7.5 mg", plainDose}}},
		{"inject 0.6 mg once daily", []found{{"0.6 mg", plainDose}}},
		{"qty: 2 ml refills: 2", nil},
		{"price $499.00 for 4 pens", nil},
		{"date filled: 11/03/2026", nil},
		// A number written from its decimal point is less than one.
		{"inject .5 mg weekly", []found{{"0.5 mg", plainDose}}},
		{"wegovy pen (.25mg)", []found{{"0.25 mg", plainDose}}},
		// After a glyph OCR could not read, the amount is unknown: not 5.
		{"inject z.5mg weekly", nil},
		{"inject ©.6mg daily", nil},
		{"pen.2.4mg", nil},
		// A brand run into its strength (unseen60's explanation of
		// benefits, round 17); a code's figures are no strength.
		{"pinebrook pharmacy mounjaro5mg/0.5ml 28", []found{{"5 mg", perVolumeDose}}},
		{"member id cdlo752613 group 10526", nil},
		{"hba1c 48 mmol/mol", nil},
		{"quantity: 1 pre-filled pen dose5mg once weekly", nil},
		// A decimal OCR split with a space is unknown: not 5, not 0.5.
		{"inject one 7. 5mg dose once weekly", nil},
		{"inject one 7 .5mg dose once weekly", nil},
		{"inject one 7, 5mg dose once weekly", nil},
		// A sentence's full stop before a dose is no split decimal.
		{"keep cold. 5mg weekly", []found{{"5 mg", plainDose}}},
		{"qty: 4. 7.5mg weekly", []found{{"7.5 mg", plainDose}}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			var got []found
			for _, m := range scanDoses(tt.line) {
				got = append(got, found{m.dose.String(), m.kind})
				amount := strings.Fields(m.dose.String())[0]
				if !strings.Contains(tt.line[m.start:m.end], amount[len(amount)-1:]) {
					t.Errorf("mention span %q does not hold the amount %v", tt.line[m.start:m.end], m.dose)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("scanDoses(%q) mismatch (-want +got):\n%s", tt.line, diff)
			}
		})
	}
}
