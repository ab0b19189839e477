package evidence

import "testing"

func TestLineConfidence(t *testing.T) {
	tests := []struct{ in, want float64 }{{1, 1}, {0.87, 0.87}, {97.5, 0.975}, {250, 1}, {-3, 0}, {0, 0}}
	for _, tt := range tests {
		if got := lineConfidence(tt.in); got != tt.want {
			t.Errorf("lineConfidence(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
