// Package protocol is the weight-loss protocol catalogue: the treatments a
// market sells, each with purchasable variants (price and recurrence). The
// catalogues are JSON files bundled into the binary, one per market. It
// imports no AWS or HTTP code.
package protocol

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/clinicplatform/intake/internal/derrors"
)

// Protocol is a weight-loss treatment (interface section 2.5).
type Protocol struct {
	ID          int       `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Image       string    `json:"image"`
	Traits      []string  `json:"traits"`
	Variants    []Variant `json:"variants"`
}

// Variant is one purchasable price of a protocol.
type Variant struct {
	ID      int    `json:"id"`
	PriceID string `json:"priceId"`
	Name    string `json:"name"`
	// IsDefault marks the variant the web page preselects; exactly one per
	// protocol.
	IsDefault bool `json:"isDefault"`
	// Currency is an uppercase ISO 4217 code: "USD" in the us market, "GBP"
	// in the uk market.
	Currency string `json:"currency"`
	// Amount is an integer in the currency's minor unit (cents, pence), like
	// Stripe's unit_amount: 54900 in USD is $549.00.
	Amount    int64     `json:"amount"`
	Recurring Recurring `json:"recurring"`
}

// Recurring is how often a variant is billed: every IntervalCount Intervals.
type Recurring struct {
	// Interval is one of Day, Week, Month, Year (Stripe's set).
	Interval      string `json:"interval"`
	IntervalCount int    `json:"intervalCount"`
}

// Billing intervals.
const (
	Day   = "day"
	Week  = "week"
	Month = "month"
	Year  = "year"
)

// MarshalJSON encodes nil Traits and Variants as [] so an array field of the
// interface is never null.
func (p Protocol) MarshalJSON() ([]byte, error) {
	type wire Protocol // drops the method, so Marshal does not recurse
	w := wire(p)
	if w.Traits == nil {
		w.Traits = []string{}
	}
	if w.Variants == nil {
		w.Variants = []Variant{}
	}
	return json.Marshal(w)
}

// Encode returns the get-protocols response body: the JSON array of ps, in
// the order given. A nil or empty catalogue is [], never null.
func Encode(ps []Protocol) ([]byte, error) {
	if ps == nil {
		ps = []Protocol{}
	}
	b, err := json.Marshal(ps)
	if err != nil {
		return nil, fmt.Errorf("encode protocols: %w", err)
	}
	return b, nil
}

//go:embed catalogue/*.json
var catalogueFiles embed.FS

// markets maps each market to the currency its catalogue is priced in.
var markets = map[string]string{
	"uk": "GBP",
	"us": "USD",
}

// Markets returns the markets that have a catalogue, sorted.
func Markets() []string {
	ms := make([]string, 0, len(markets))
	for m := range markets {
		ms = append(ms, m)
	}
	slices.Sort(ms)
	return ms
}

// Catalogue returns the market's protocols ("uk" or "us") in ascending id
// order, the order the web team shows them in. An unknown market is an error
// wrapping derrors.ErrInvalidArgument. A bundled catalogue that does not
// decode strictly or does not pass Validate (or is priced in another
// market's currency) is an error too, so a function that loads it at init
// fails at cold start rather than serving a broken catalogue. Each call
// returns a fresh slice the caller may keep.
func Catalogue(market string) ([]Protocol, error) {
	if _, ok := markets[market]; !ok {
		return nil, fmt.Errorf("catalogue for market %q: %w", market, derrors.ErrInvalidArgument)
	}
	data, err := catalogueFiles.ReadFile("catalogue/" + market + ".json")
	if err != nil {
		return nil, fmt.Errorf("catalogue for market %s: %w", market, err)
	}
	return decode(market, data)
}

// decode reads a catalogue file strictly: unknown fields and trailing data
// are errors, and the result must pass Validate and be priced in the
// market's currency.
func decode(market string, data []byte) ([]Protocol, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var ps []Protocol
	if err := dec.Decode(&ps); err != nil {
		return nil, fmt.Errorf("decode catalogue %s: %w", market, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("decode catalogue %s: data after the top-level array", market)
	}
	problems := []error{Validate(ps)}
	want := markets[market]
	for _, p := range ps {
		for _, v := range p.Variants {
			if v.Currency != want {
				problems = append(problems, fmt.Errorf("protocol %d variant %d: currency is %q, the %s market sells in %s", p.ID, v.ID, v.Currency, market, want))
			}
		}
	}
	if err := errors.Join(problems...); err != nil {
		return nil, fmt.Errorf("catalogue %s is invalid: %w", market, err)
	}
	return ps, nil
}

var (
	currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)
	// priceID is the shape of a Stripe price id.
	priceID = regexp.MustCompile(`^price_[A-Za-z0-9]+$`)
)

// Validate checks a catalogue and returns every problem at once (joined with
// errors.Join), or nil. It checks that the catalogue is not empty; protocol
// ids are positive, unique and ascending; every protocol has a name, a
// description, an absolute https image URL, non-blank traits and at least one
// variant, exactly one of them the default; variant ids and price ids are
// unique across the catalogue; and every variant has a name, a Stripe-shaped
// price id, an uppercase three-letter currency shared by the whole catalogue,
// a positive amount and a recurrence of IntervalCount >= 1 Day, Week, Month
// or Year.
func Validate(ps []Protocol) error {
	var problems []error
	add := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf(format, args...))
	}
	if len(ps) == 0 {
		add("catalogue has no protocols")
	}
	protocolIDs := map[int]bool{}
	variantIDs := map[int]bool{}
	priceIDs := map[string]bool{}
	currency := ""
	for i, p := range ps {
		where := fmt.Sprintf("protocol %d", p.ID)
		if p.ID <= 0 {
			add("%s: id must be a positive integer", where)
		}
		if protocolIDs[p.ID] {
			add("%s: id is used by more than one protocol", where)
		}
		protocolIDs[p.ID] = true
		if i > 0 && p.ID < ps[i-1].ID {
			add("%s: comes after protocol %d; protocols must be in ascending id order", where, ps[i-1].ID)
		}
		if blank(p.Name) {
			add("%s: name must not be empty", where)
		}
		if blank(p.Description) {
			add("%s: description must not be empty", where)
		}
		if err := checkImage(p.Image); err != nil {
			add("%s: image %q %v", where, p.Image, err)
		}
		if len(p.Traits) == 0 {
			add("%s: traits must not be empty", where)
		}
		for j, t := range p.Traits {
			if blank(t) {
				add("%s: trait %d must not be empty", where, j)
			}
		}
		if len(p.Variants) == 0 {
			add("%s: variants must not be empty", where)
		}
		defaults := 0
		for _, v := range p.Variants {
			where := fmt.Sprintf("protocol %d variant %d", p.ID, v.ID)
			if v.ID <= 0 {
				add("%s: id must be a positive integer", where)
			}
			if variantIDs[v.ID] {
				add("%s: id is used by more than one variant", where)
			}
			variantIDs[v.ID] = true
			if !priceID.MatchString(v.PriceID) {
				add("%s: priceId %q must look like price_ followed by letters and digits", where, v.PriceID)
			} else if priceIDs[v.PriceID] {
				add("%s: priceId %q is used by more than one variant", where, v.PriceID)
			}
			priceIDs[v.PriceID] = true
			if blank(v.Name) {
				add("%s: name must not be empty", where)
			}
			if v.IsDefault {
				defaults++
			}
			switch {
			case !currencyCode.MatchString(v.Currency):
				add("%s: currency %q must be an uppercase ISO 4217 code", where, v.Currency)
			case currency == "":
				currency = v.Currency
			case v.Currency != currency:
				add("%s: currency %s differs from %s; a catalogue has one currency", where, v.Currency, currency)
			}
			if v.Amount <= 0 {
				add("%s: amount must be a positive number of minor units", where)
			}
			if !slices.Contains([]string{Day, Week, Month, Year}, v.Recurring.Interval) {
				add("%s: recurring interval %q must be one of day, week, month, year", where, v.Recurring.Interval)
			}
			if v.Recurring.IntervalCount < 1 {
				add("%s: recurring intervalCount must be at least 1", where)
			}
		}
		if len(p.Variants) > 0 && defaults != 1 {
			add("%s: has %d default variants; exactly one must be the default", where, defaults)
		}
	}
	return errors.Join(problems...)
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

func checkImage(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return errors.New("is not a URL")
	}
	if u.Scheme != "https" || u.Host == "" {
		return errors.New("must be an absolute https URL")
	}
	return nil
}

// Load returns the encoded catalogue of a market, ready to serve.
func Load(market string) ([]byte, error) {
	ps, err := Catalogue(market)
	if err != nil {
		return nil, fmt.Errorf("load %s catalogue: %w", market, err)
	}
	return Encode(ps)
}
