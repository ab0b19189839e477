package evidence

import "testing"

// TestMarketZonesLoad: the zones loaded at first use load, each the
// market's own.
func TestMarketZonesLoad(t *testing.T) {
	want := map[string]string{"uk": "Europe/London", "us": "America/New_York"}
	for market, zone := range marketZones {
		if loc := zone(); loc.String() != want[market] {
			t.Errorf("market %s: zone %v, want %s", market, loc, want[market])
		}
	}
	if len(marketZones) != len(want) {
		t.Errorf("%d markets, want %d", len(marketZones), len(want))
	}
}
