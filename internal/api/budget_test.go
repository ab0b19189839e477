package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// A document over budget and a refusal for load are each one WARN line
// saying why, never an ERROR: an attack must not read as an outage.
func TestRefusalsLogAsWarnings(t *testing.T) {
	overBudget := fmt.Errorf("read pdf text: %w: %w", derrors.OverBudget("pdf.nesting_depth", 32), evidence.ErrUnreadable)
	tests := []struct {
		name    string
		outcome evidence.Outcome
		err     error
		want    []map[string]any // the non-access log lines, in part
	}{
		{
			name:    "over budget",
			outcome: evidence.Outcome{ID: "v1", Result: allValid, Unreadable: overBudget},
			want: []map[string]any{{"level": "WARN", "msg": "document over budget", "budget": "pdf.nesting_depth",
				"limit": float64(32), "media_type": "application/pdf"}},
		},
		{
			name: "busy",
			err:  fmt.Errorf("read evidence: %w", derrors.ErrBusy),
			want: []map[string]any{{"level": "WARN", "msg": "request refused", "reason": "busy"}},
		},
		{
			name:    "unreadable within budget logs nothing more",
			outcome: evidence.Outcome{ID: "v1", Result: allValid, Unreadable: fmt.Errorf("malformed: %w", evidence.ErrUnreadable)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rq := evidenceRequest(t, tt.name, validParts(pdfHead)...)
			rq.fixture = func(f *fixture) {
				f.verifier.VerifyFn = func(evidence.Request) (evidence.Outcome, error) { return tt.outcome, tt.err }
			}
			_, f := rq.serve(t)
			var got []map[string]any
			for _, line := range strings.Split(strings.TrimSpace(f.log.String()), "\n") {
				var m map[string]any
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatalf("log line %q: %v", line, err)
				}
				if m["level"] == "ERROR" {
					t.Errorf("ERROR line: %s", line)
				}
				if m["msg"] == "request" {
					continue
				}
				for k := range m {
					if _, ok := tt.want[0][k]; len(tt.want) > 0 && !ok {
						delete(m, k)
					}
				}
				got = append(got, m)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("log lines (-want +got):\n%s", diff)
			}
		})
	}
}
