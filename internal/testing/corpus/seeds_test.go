package corpus

import "testing"

// TestEverySeedLaysOut generates the PDFs of many seeds: wording, names,
// fonts and positions vary with the seed, and every combination must fit
// its page (a held-out seed must not fail to generate).
func TestEverySeedLaysOut(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 40 seeds")
	}
	for seed := uint64(1); seed <= 40; seed++ {
		for _, m := range Markets {
			if _, err := Generate(seed, testNow, m, Options{Conditions: []string{ConditionPDF}}); err != nil {
				t.Errorf("seed %d: %v", seed, err)
			}
		}
	}
}
