package isotime_test

import (
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/isotime"
)

func TestFormat(t *testing.T) {
	tests := []struct {
		in   time.Time
		want string
	}{
		{in: time.Date(2026, 11, 21, 10, 4, 5, 123456789, time.UTC), want: "2026-11-21T10:04:05.123Z"},
		{in: time.Date(2026, 11, 21, 10, 4, 5, 0, time.UTC), want: "2026-11-21T10:04:05.000Z"},
		{in: time.Date(2026, 11, 21, 11, 4, 5, 0, time.FixedZone("CET", 3600)), want: "2026-11-21T10:04:05.000Z"},
	}
	for _, tt := range tests {
		if got := isotime.Format(tt.in); got != tt.want {
			t.Errorf("Format(%v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
