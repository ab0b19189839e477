package wordbox

import "testing"

func TestReads(t *testing.T) {
	for _, tt := range []struct {
		got, want string
		reads     bool
	}{
		{"danawhitcombe", "DANA WHITCOMBE", true},
		{"xxdanawhitcombeyy", "dana whitcombe", true},
		{"smg0sml", "5MG/0.5ML", true},            // 5 read s, one letter lost
		{"danawhitc0mbe", "dana whitcombe", true}, // o read 0
		{"zepbound", "5MG/0.5ML", false},
		{"mapleridgepharmacy", "zepbound", false},
		{"", "dana", false},
	} {
		if got := Reads(tt.got, tt.want); got != tt.reads {
			t.Errorf("Reads(%q, %q) = %v, want %v", tt.got, tt.want, got, tt.reads)
		}
	}
}
