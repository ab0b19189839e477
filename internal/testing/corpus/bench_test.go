package corpus

import (
	"testing"
	"time"
)

// BenchmarkGenerate times one market's corpus (every layout x scenario as a
// PDF, one document per layout in each image condition).
func BenchmarkGenerate(b *testing.B) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	for b.Loop() {
		if _, err := Generate(1, now, "uk"); err != nil {
			b.Fatal(err)
		}
	}
}
