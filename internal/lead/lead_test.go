package lead_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/lead"
)

func TestEncodeExact(t *testing.T) {
	type wrapped struct {
		ID   string          `json:"id"`
		Data json.RawMessage `json:"data"`
	}
	for _, tt := range []struct {
		name string
		v    any
		want string
	}{
		{"html characters stay as they are", wrapped{ID: "a<b>&c", Data: json.RawMessage(`{"q":"<Q&A>"}`)}, `{"id":"a<b>&c","data":{"q":"<Q&A>"}}`},
		{"raw data is compacted, not re-encoded", wrapped{Data: json.RawMessage("{ \"n\": 12.50,\n \"s\": \"\u2028\" }")}, `{"id":"","data":{"n":12.50,"s":"` + "\u2028" + `"}}`},
		{"no trailing newline", "x", `"x"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := lead.EncodeExact(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("EncodeExact (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := lead.EncodeExact(wrapped{Data: json.RawMessage(`{"unclosed":`)}); err == nil {
		t.Error("EncodeExact of invalid raw JSON: no error")
	}
}
