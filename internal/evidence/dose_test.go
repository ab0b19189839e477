package evidence

import "testing"

func mg(v float64) Dose { return mgs(v)[0] }

func TestParseDosage(t *testing.T) {
	tests := []struct {
		in     string
		want   Dose
		wantOK bool
	}{
		{"2.4 mg", mg(2.4), true},
		{"2.4mg", mg(2.4), true},
		{"2,4 mg", mg(2.4), true},
		{"2,4mg", mg(2.4), true},
		{"0.25 MG", mg(0.25), true},
		{"0.25mg", mg(0.25), true},
		{".", Dose{}, false},
		{"250 mcg", mg(0.25), true},
		{"250mcg", mg(0.25), true},
		{"250 µg", mg(0.25), true}, // micro sign
		{"250 μg", mg(0.25), true}, // Greek mu
		{"250 ug", mg(0.25), true},
		{"250 micrograms", mg(0.25), true},
		{"1 microgram", Dose{Micrograms: 1}, true},
		{"2.5 milligrams", mg(2.5), true},
		{"1 milligram", mg(1), true},
		{"5mg/0.5ml", mg(5), true},           // dose per injection volume
		{"2.4 mg/0.75 mL", mg(2.4), true},    // Wegovy single-dose pen
		{"5 mg/0.6 ml KwikPen", mg(5), true}, // Mounjaro KwikPen
		{"6 mg/mL", Dose{}, false},           // concentration, not a dose
		{"6 mg per ml", Dose{}, false},
		{"18 mg/3 mL", Dose{}, false},      // pen content
		{"2 mg/1.5 mL pen", Dose{}, false}, // US Ozempic pen content
		{"18 mg in 3 ml", Dose{}, false},
		{"7.5 mg/46 mg", combo(7.5, 46), true}, // Qsymia
		{"7.5/46 mg", combo(7.5, 46), true},
		{"8 mg/90 mg", combo(8, 90), true}, // Contrave
		{"2.5mg/5mg", Dose{}, false},       // a list of two strengths
		{"0.25 mg or 0.5 mg", Dose{}, false},
		{"0.5 mg, 0.5 mg", mg(0.5), true},
		{"Wegovy 2.4 mg weekly", mg(2.4), true},
		{"10 mcg", Dose{Micrograms: 10}, true},
		{"1,000 mcg", mg(1), true}, // thousands separator
		{"0,5 mg", mg(0.5), true},
		{"O.5 mg", mg(0.5), true},  // OCR read a letter O for the zero
		{"2.4 rng", mg(2.4), true}, // OCR read rn for m
		{"12.5 mg", mg(12.5), true},
		{"37.5 mg", mg(37.5), true},
		{"0 mg", Dose{}, false},
		{"0.0001 mg", Dose{}, false}, // finer than a microgram
		{"0.5 mcg", Dose{}, false},
		{"99999999999 mg", Dose{}, false},
		{"2.4", Dose{}, false}, // no unit
		{"mg", Dose{}, false},
		{"", Dose{}, false},
		{"two milligrams", Dose{}, false},
		{"rx12 mg", Dose{}, false}, // a number glued to a word is no amount
		{"2.40 mg", mg(2.4), true},
		{"3 MG TABLET", mg(3), true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := ParseDosage(tt.in)
			if ok != tt.wantOK || got != tt.want {
				t.Errorf("ParseDosage(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestParseRequestedDosage(t *testing.T) {
	tests := []struct {
		in     string
		want   Dose
		wantOK bool
	}{
		{"2.4", mg(2.4), true},
		{"2,4", mg(2.4), true},
		{" 5 ", mg(5), true},
		{"2.4 mg", mg(2.4), true},
		{"abc", Dose{}, false},
		{"2.4.1", Dose{}, false},
		{"-2.4", Dose{}, false},
	}
	for _, tt := range tests {
		got, ok := parseRequestedDosage(tt.in)
		if ok != tt.wantOK || got != tt.want {
			t.Errorf("parseRequestedDosage(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestDoseString(t *testing.T) {
	tests := []struct {
		d    Dose
		want string
	}{
		{mg(2.4), "2.4 mg"},
		{mg(0.25), "0.25 mg"},
		{mg(15), "15 mg"},
		{mg(12.5), "12.5 mg"},
		{mg(0.125), "0.125 mg"},
		{Dose{Micrograms: 5}, "5 mcg"},
		{Dose{Micrograms: 1001}, "1.001 mg"},
		{combo(7.5, 46), "7.5 mg/46 mg"},
		{combo(3.75, 23), "3.75 mg/23 mg"},
	}
	for _, tt := range tests {
		if got := tt.d.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.d, got, tt.want)
		}
		if back, ok := ParseDosage(tt.want); !ok || back != tt.d {
			t.Errorf("ParseDosage(%q) = %v, %v; want %v", tt.want, back, ok, tt.d)
		}
	}
}

func FuzzParseDosage(f *testing.F) {
	for _, s := range []string{"2.4 mg", "2,4mg", "250 µg", "5mg/0.5ml", "6 mg/mL", "7.5/46 mg", "O.5 mg", "1,000 mcg", "0.25 MG"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := ParseDosage(s)
		if !ok {
			if d != (Dose{}) {
				t.Fatalf("ParseDosage(%q) failed but returned %v", s, d)
			}
			return
		}
		if d.Micrograms <= 0 || d.Plus < 0 {
			t.Fatalf("ParseDosage(%q) = %#v: a dose must be positive", s, d)
		}
		back, ok := ParseDosage(d.String())
		if !ok || back != d {
			t.Fatalf("ParseDosage(%q) = %v, but its String %q parses as %v, %v", s, d, d.String(), back, ok)
		}
	})
}

func TestGlyphApart(t *testing.T) {
	parse := func(s string) Dose {
		d, ok := ParseDosage(s)
		if !ok {
			t.Fatalf("ParseDosage(%q) failed", s)
		}
		return d
	}
	tests := []struct {
		a, b          string
		fairly, badly bool // read fairly (the point counts), read badly
	}{
		{"5 mg", "15 mg", true, true},       // the 1 lost
		{"7.9 mg", "7.5 mg", true, true},    // 5 read as 9
		{"0.5 mg", "0.25 mg", true, true},   // the 2 lost
		{"250 mcg", "0.5 mg", true, true},   // 0.25 and 0.5
		{"10 mg", "15 mg", true, true},      // 5 read as 0
		{"1 mg", "1.7 mg", false, true},     // the point and the 7 lost
		{"15 mg", "12.5 mg", false, true},   // the 2 and the point lost
		{"2.5 mg", "12.5 mg", true, true},   // the 1 lost
		{"2.4 mg", "0.25 mg", false, false}, // another dose
		{"1 mg", "2.4 mg", false, false},
		{"1.7 mg", "1.7 mg", false, false},       // the same dose
		{"7.5 mg/46 mg", "7.5 mg", false, false}, // a combination is no single dose
	}
	for _, tt := range tests {
		if got := glyphApart(parse(tt.a), parse(tt.b), false); got != tt.fairly {
			t.Errorf("glyphApart(%s, %s, fairly) = %v, want %v", tt.a, tt.b, got, tt.fairly)
		}
		if got := glyphApart(parse(tt.a), parse(tt.b), true); got != tt.badly {
			t.Errorf("glyphApart(%s, %s, badly) = %v, want %v", tt.a, tt.b, got, tt.badly)
		}
	}
}
