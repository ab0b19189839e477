package cli

import (
	"bytes"
	"errors"
	"testing"
)

func TestReport(t *testing.T) {
	for _, tt := range []struct {
		name     string
		err      error
		wantCode int
		wantOut  string
	}{
		{"success says nothing", nil, 0, ""},
		{"an error is one line", errors.New("no local store in .local"), 1, "datarights: no local store in .local\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if code := report("datarights", tt.err, &out); code != tt.wantCode || out.String() != tt.wantOut {
				t.Errorf("report = %d, %q; want %d, %q", code, out.String(), tt.wantCode, tt.wantOut)
			}
		})
	}
}
