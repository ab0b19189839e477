package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.json from the bundled catalogues")

// wantCurrency is written out here rather than read from the package, so the
// guard does not trust the code it guards.
var wantCurrency = map[string]string{"us": "USD", "uk": "GBP"}

func TestMarkets(t *testing.T) {
	if diff := cmp.Diff([]string{"uk", "us"}, Markets()); diff != "" {
		t.Errorf("Markets() mismatch (-want +got):\n%s", diff)
	}
}

// TestCatalogueGuard fails when a bundled catalogue is edited into a shape the
// web page or Stripe checkout cannot use.
func TestCatalogueGuard(t *testing.T) {
	for _, market := range Markets() {
		t.Run(market, func(t *testing.T) {
			ps, err := Catalogue(market)
			if err != nil {
				t.Fatalf("Catalogue(%q): %v", market, err)
			}
			if err := Validate(ps); err != nil {
				t.Errorf("Validate:\n%v", err)
			}
			currency, ok := wantCurrency[market]
			if !ok {
				t.Fatalf("market %q has no expected currency in this test; add it", market)
			}
			for _, p := range ps {
				if len(p.Traits) < 3 || len(p.Traits) > 5 {
					t.Errorf("protocol %d has %d traits, want 3 to 5", p.ID, len(p.Traits))
				}
				u, err := url.Parse(p.Image)
				if err != nil || !u.IsAbs() || u.Scheme != "https" || u.Host == "" {
					t.Errorf("protocol %d image %q is not an absolute https URL", p.ID, p.Image)
				}
				defaults := 0
				for _, v := range p.Variants {
					if v.Currency != currency {
						t.Errorf("protocol %d variant %d currency = %q, want %q", p.ID, v.ID, v.Currency, currency)
					}
					if v.IsDefault {
						defaults++
					}
				}
				if defaults != 1 {
					t.Errorf("protocol %d has %d default variants, want 1", p.ID, defaults)
				}
			}
		})
	}
}

// Price ids (and, by our choice, protocol and variant ids) are unique across
// markets, so an id in a log or an order names one thing.
func TestIDsUniqueAcrossMarkets(t *testing.T) {
	protocolIDs := map[int]string{}
	variantIDs := map[int]string{}
	priceIDs := map[string]string{}
	for _, market := range Markets() {
		ps, err := Catalogue(market)
		if err != nil {
			t.Fatalf("Catalogue(%q): %v", market, err)
		}
		for _, p := range ps {
			if other, ok := protocolIDs[p.ID]; ok {
				t.Errorf("protocol id %d is in %s and %s", p.ID, other, market)
			}
			protocolIDs[p.ID] = market
			for _, v := range p.Variants {
				if other, ok := variantIDs[v.ID]; ok {
					t.Errorf("variant id %d is in %s and %s", v.ID, other, market)
				}
				variantIDs[v.ID] = market
				if other, ok := priceIDs[v.PriceID]; ok {
					t.Errorf("priceId %s is in %s and %s", v.PriceID, other, market)
				}
				priceIDs[v.PriceID] = market
			}
		}
	}
}

func TestCatalogueUnknownMarket(t *testing.T) {
	for _, market := range []string{"", "fr", "US", "uk.json", "../catalogue/us"} {
		t.Run(market, func(t *testing.T) {
			ps, err := Catalogue(market)
			if !errors.Is(err, derrors.ErrInvalidArgument) {
				t.Errorf("Catalogue(%q) error = %v, want one wrapping ErrInvalidArgument", market, err)
			}
			if ps != nil {
				t.Errorf("Catalogue(%q) = %v, want nil", market, ps)
			}
		})
	}
}

func TestCatalogueReturnsFreshSlice(t *testing.T) {
	a, err := Catalogue("us")
	if err != nil {
		t.Fatal(err)
	}
	a[0].Name = "changed"
	a[0].Variants[0].Amount = 1
	b, err := Catalogue("us")
	if err != nil {
		t.Fatal(err)
	}
	if b[0].Name == "changed" || b[0].Variants[0].Amount == 1 {
		t.Error("a caller's change to one Catalogue result shows in the next")
	}
}

func TestDecode(t *testing.T) {
	valid, err := json.Marshal(validCatalogue())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		market  string
		data    string
		wantErr string // substring; "" for success
	}{
		{name: "valid", market: "us", data: string(valid)},
		{name: "unknown field", market: "us", data: strings.Replace(string(valid), `"name":`, `"title":"x","name":`, 1), wantErr: `unknown field "title"`},
		{name: "unknown variant field", market: "us", data: strings.Replace(string(valid), `"amount":`, `"unitAmount":1,"amount":`, 1), wantErr: `unknown field "unitAmount"`},
		{name: "trailing data", market: "us", data: string(valid) + `[]`, wantErr: "data after the top-level array"},
		{name: "not an array", market: "us", data: `{"id":1}`, wantErr: "cannot unmarshal object"},
		{name: "amount as decimal", market: "us", data: strings.Replace(string(valid), `"amount":54900`, `"amount":549.00`, 1), wantErr: "cannot unmarshal number 549.00"},
		{name: "other market's currency", market: "uk", data: string(valid), wantErr: `protocol 1 variant 101: currency is "USD", the uk market sells in GBP`},
		{name: "fails Validate", market: "us", data: `[]`, wantErr: "catalogue has no protocols"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, err := decode(tt.market, []byte(tt.data))
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("decode: %v", err)
				}
				if diff := cmp.Diff(validCatalogue(), ps); diff != "" {
					t.Errorf("decode mismatch (-want +got):\n%s", diff)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("decode error = %v, want one containing %q", err, tt.wantErr)
			}
			if ps != nil {
				t.Errorf("decode returned %d protocols with an error, want nil", len(ps))
			}
		})
	}
}

// validCatalogue returns a new, valid two-protocol catalogue on each call, so
// a test case can break it without affecting others.
func validCatalogue() []Protocol {
	return []Protocol{
		{
			ID:          1,
			Name:        "Test injection",
			Description: "A weekly injection for testing.",
			Image:       "https://images.example.com/protocols/test.webp",
			Traits:      []string{"Weekly injection", "Clinician-reviewed", "Free delivery"},
			Variants: []Variant{
				{ID: 101, PriceID: "price_1QtestAAA", Name: "Monthly plan", IsDefault: true, Currency: "USD", Amount: 54900, Recurring: Recurring{Interval: Month, IntervalCount: 1}},
				{ID: 102, PriceID: "price_1QtestBBB", Name: "3-month plan", Currency: "USD", Amount: 149700, Recurring: Recurring{Interval: Month, IntervalCount: 3}},
			},
		},
		{
			ID:          2,
			Name:        "Test programme",
			Description: "A programme for testing.",
			Image:       "https://images.example.com/protocols/programme.webp",
			Traits:      []string{"No medication"},
			Variants: []Variant{
				{ID: 201, PriceID: "price_1QtestCCC", Name: "Annual membership", IsDefault: true, Currency: "USD", Amount: 99900, Recurring: Recurring{Interval: Year, IntervalCount: 1}},
			},
		},
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(ps []Protocol) []Protocol
		want   []string
	}{
		{name: "valid", mutate: func(ps []Protocol) []Protocol { return ps }},
		{name: "nil catalogue", mutate: func([]Protocol) []Protocol { return nil }, want: []string{"catalogue has no protocols"}},
		{name: "protocol id zero", mutate: func(ps []Protocol) []Protocol { ps[0].ID = 0; return ps }, want: []string{"protocol 0: id must be a positive integer"}},
		{name: "duplicate protocol id", mutate: func(ps []Protocol) []Protocol { ps[1].ID = 1; return ps }, want: []string{"protocol 1: id is used by more than one protocol"}},
		{name: "descending protocol ids", mutate: func(ps []Protocol) []Protocol { ps[0].ID = 3; return ps }, want: []string{"protocol 2: comes after protocol 3; protocols must be in ascending id order"}},
		{name: "blank name", mutate: func(ps []Protocol) []Protocol { ps[0].Name = "  "; return ps }, want: []string{"protocol 1: name must not be empty"}},
		{name: "empty description", mutate: func(ps []Protocol) []Protocol { ps[0].Description = ""; return ps }, want: []string{"protocol 1: description must not be empty"}},
		{name: "http image", mutate: func(ps []Protocol) []Protocol { ps[0].Image = "http://images.example.com/a.webp"; return ps }, want: []string{`protocol 1: image "http://images.example.com/a.webp" must be an absolute https URL`}},
		{name: "relative image", mutate: func(ps []Protocol) []Protocol { ps[0].Image = "/protocols/a.webp"; return ps }, want: []string{`protocol 1: image "/protocols/a.webp" must be an absolute https URL`}},
		{name: "image without host", mutate: func(ps []Protocol) []Protocol { ps[0].Image = "https:///a.webp"; return ps }, want: []string{`protocol 1: image "https:///a.webp" must be an absolute https URL`}},
		{name: "unparsable image", mutate: func(ps []Protocol) []Protocol { ps[0].Image = "https://exa mple.com/%zz"; return ps }, want: []string{`protocol 1: image "https://exa mple.com/%zz" is not a URL`}},
		{name: "no traits", mutate: func(ps []Protocol) []Protocol { ps[0].Traits = nil; return ps }, want: []string{"protocol 1: traits must not be empty"}},
		{name: "blank trait", mutate: func(ps []Protocol) []Protocol { ps[0].Traits[1] = ""; return ps }, want: []string{"protocol 1: trait 1 must not be empty"}},
		{name: "no variants", mutate: func(ps []Protocol) []Protocol { ps[1].Variants = []Variant{}; return ps }, want: []string{"protocol 2: variants must not be empty"}},
		{name: "variant id zero", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[1].ID = 0; return ps }, want: []string{"protocol 1 variant 0: id must be a positive integer"}},
		{name: "duplicate variant id across protocols", mutate: func(ps []Protocol) []Protocol { ps[1].Variants[0].ID = 101; return ps }, want: []string{"protocol 2 variant 101: id is used by more than one variant"}},
		{name: "duplicate priceId", mutate: func(ps []Protocol) []Protocol { ps[1].Variants[0].PriceID = "price_1QtestAAA"; return ps }, want: []string{`protocol 2 variant 201: priceId "price_1QtestAAA" is used by more than one variant`}},
		{name: "empty priceId", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[0].PriceID = ""; return ps }, want: []string{`protocol 1 variant 101: priceId "" must look like price_ followed by letters and digits`}},
		{name: "priceId not a price", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[0].PriceID = "prod_1QtestAAA"; return ps }, want: []string{`protocol 1 variant 101: priceId "prod_1QtestAAA" must look like price_ followed by letters and digits`}},
		{name: "blank variant name", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[1].Name = ""; return ps }, want: []string{"protocol 1 variant 102: name must not be empty"}},
		{name: "no default", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[0].IsDefault = false; return ps }, want: []string{"protocol 1: has 0 default variants; exactly one must be the default"}},
		{name: "two defaults", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[1].IsDefault = true; return ps }, want: []string{"protocol 1: has 2 default variants; exactly one must be the default"}},
		{name: "lowercase currency", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[1].Currency = "usd"; return ps }, want: []string{`protocol 1 variant 102: currency "usd" must be an uppercase ISO 4217 code`}},
		{name: "currency symbol", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[1].Currency = "$"; return ps }, want: []string{`protocol 1 variant 102: currency "$" must be an uppercase ISO 4217 code`}},
		{name: "mixed currencies", mutate: func(ps []Protocol) []Protocol { ps[1].Variants[0].Currency = "GBP"; return ps }, want: []string{"protocol 2 variant 201: currency GBP differs from USD; a catalogue has one currency"}},
		{name: "zero amount", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[0].Amount = 0; return ps }, want: []string{"protocol 1 variant 101: amount must be a positive number of minor units"}},
		{name: "negative amount", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[0].Amount = -100; return ps }, want: []string{"protocol 1 variant 101: amount must be a positive number of minor units"}},
		{name: "unknown interval", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[1].Recurring.Interval = "quarter"; return ps }, want: []string{`protocol 1 variant 102: recurring interval "quarter" must be one of day, week, month, year`}},
		{name: "capitalised interval", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[1].Recurring.Interval = "Month"; return ps }, want: []string{`protocol 1 variant 102: recurring interval "Month" must be one of day, week, month, year`}},
		{name: "zero intervalCount", mutate: func(ps []Protocol) []Protocol { ps[0].Variants[1].Recurring.IntervalCount = 0; return ps }, want: []string{"protocol 1 variant 102: recurring intervalCount must be at least 1"}},
		{
			name: "every problem reported at once",
			mutate: func(ps []Protocol) []Protocol {
				ps[0].Name = ""
				ps[0].Variants[0].Amount = 0
				ps[1].Image = "ftp://images.example.com/a.webp"
				ps[1].Variants[0].Recurring = Recurring{}
				return ps
			},
			want: []string{
				"protocol 1: name must not be empty",
				"protocol 1 variant 101: amount must be a positive number of minor units",
				`protocol 2: image "ftp://images.example.com/a.webp" must be an absolute https URL`,
				`protocol 2 variant 201: recurring interval "" must be one of day, week, month, year`,
				"protocol 2 variant 201: recurring intervalCount must be at least 1",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate(tt.mutate(validCatalogue()))
			if diff := cmp.Diff(tt.want, problems(err)); diff != "" {
				t.Errorf("Validate problems mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// problems lists the messages of an errors.Join result (nil for nil).
func problems(err error) []string {
	if err == nil {
		return nil
	}
	joined, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return []string{err.Error()}
	}
	var msgs []string
	for _, e := range joined.Unwrap() {
		msgs = append(msgs, e.Error())
	}
	return msgs
}

func TestEncode(t *testing.T) {
	tests := []struct {
		name string
		ps   []Protocol
		want string
	}{
		{name: "nil", ps: nil, want: `[]`},
		{name: "empty", ps: []Protocol{}, want: `[]`},
		{
			name: "nil slices inside a protocol",
			ps:   []Protocol{{ID: 7, Name: "n", Description: "d", Image: "https://images.example.com/p.webp"}},
			want: `[{"id":7,"name":"n","description":"d","image":"https://images.example.com/p.webp","traits":[],"variants":[]}]`,
		},
		{
			name: "wire names and order kept",
			ps: []Protocol{
				{ID: 2, Name: "b", Traits: []string{"t"}, Variants: []Variant{{ID: 21, PriceID: "price_x", Name: "v", Currency: "GBP", Amount: 4500, Recurring: Recurring{Interval: Month, IntervalCount: 3}}}},
				{ID: 1, Name: "a", Traits: []string{}, Variants: []Variant{{ID: 11, PriceID: "price_y", Name: "w", IsDefault: true, Currency: "GBP", Amount: 1, Recurring: Recurring{Interval: Year, IntervalCount: 1}}}},
			},
			want: `[{"id":2,"name":"b","description":"","image":"","traits":["t"],"variants":[{"id":21,"priceId":"price_x","name":"v","isDefault":false,"currency":"GBP","amount":4500,"recurring":{"interval":"month","intervalCount":3}}]},` +
				`{"id":1,"name":"a","description":"","image":"","traits":[],"variants":[{"id":11,"priceId":"price_y","name":"w","isDefault":true,"currency":"GBP","amount":1,"recurring":{"interval":"year","intervalCount":1}}]}]`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Encode(tt.ps)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("Encode mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGolden pins each market's response body. The golden file holds the
// Encode output indented (whitespace only), so a catalogue change is a
// readable diff. Refresh with: go test ./internal/protocol -update
func TestGolden(t *testing.T) {
	for _, market := range Markets() {
		t.Run(market, func(t *testing.T) {
			ps, err := Catalogue(market)
			if err != nil {
				t.Fatalf("Catalogue(%q): %v", market, err)
			}
			body, err := Encode(ps)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			var indented bytes.Buffer
			if err := json.Indent(&indented, body, "", "  "); err != nil {
				t.Fatalf("indent: %v", err)
			}
			indented.WriteByte('\n')
			path := filepath.Join("testdata", market+".golden.json")
			if *update {
				if err := os.WriteFile(path, indented.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("read golden (run with -update to create it): %v", err)
			}
			if diff := cmp.Diff(string(want), indented.String()); diff != "" {
				t.Errorf("%s response body changed (-golden +got); if intended, run with -update:\n%s", market, diff)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, want); err != nil {
				t.Fatalf("compact golden: %v", err)
			}
			if !bytes.Equal(compact.Bytes(), body) {
				t.Errorf("Encode bytes differ from the compacted golden file")
			}
		})
	}
}
