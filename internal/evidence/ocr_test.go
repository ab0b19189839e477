package evidence

import "testing"

func TestOCRDigits(t *testing.T) {
	tests := []struct{ in, want string }{
		{"o3/11/2o26", "03/11/2026"},
		{"dispensed: l2/11/2026", "dispensed: 12/11/2026"},
		{"2.4 mg o.75 ml", "2.4 mg 0.75 ml"},
		{"lot no. 5 of 10", "lot no. 5 of 10"},
		{"i 2", "i 2"},
		{"solution for injection", "solution for injection"},
		// A one read as I or l before its unit.
		{"inject img once weekly", "inject 1mg once weekly"},
		{"wegovy lmg/0.75ml", "wegovy 1mg/0.75ml"},
		{"(img)", "(1mg)"},
		{"img_1234.jpg", "img_1234.jpg"},
		{"images", "images"},
		{"film mg", "film mg"},
		// A five read as S before its unit.
		{"inject smg once weekly", "inject 5mg once weekly"},
		{"mounjaro 7.5mg/0.5ml, smg/0.5ml", "mounjaro 7.5mg/0.5ml, 5mg/0.5ml"},
		{"pens mg", "pens mg"},
		{"s mg", "s mg"},
		// A dotted or slashed zero read as a symbol.
		{"inject ©.6mg under the skin", "inject  0.6mg under the skin"},
		{"inject ©0.5mg", "inject  00.5mg"},
		{"θ.25 mg", " 0.25 mg"},
		{"© 2026 acme", "© 2026 acme"},
		{"jane@5thavenue.com", "jane@5thavenue.com"},
	}
	for _, tt := range tests {
		if got := ocrDigits(tt.in); got != tt.want {
			t.Errorf("ocrDigits(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	f := rateDate(readDocument(textOf(0.9, "Dispensed: O3/11/2O26")), Policy{Now: testNow, Market: "uk"}.withDefaults(), dateMedicines{named: true})
	if f.rating.Value != Valid {
		t.Errorf("OCR-read date rated %v, want valid", f.rating)
	}
	f = rateDate(readDocument(textOf(1, "Dispensed: O3/11/2O26")), Policy{Now: testNow, Market: "uk"}.withDefaults(), dateMedicines{named: true})
	if f.rating.Value != NotFound {
		t.Errorf("letters in a text layer's date rated %v, want not_found", f.rating)
	}
}
