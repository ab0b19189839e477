package lead_test

import (
	"testing"

	"github.com/clinicplatform/intake/internal/lead"
)

func TestEmailKey(t *testing.T) {
	base := lead.EmailKey("ada.testperson@example.com")
	if len(base) != 64 {
		t.Fatalf("EmailKey = %q, want 64 hex digits", base)
	}
	for _, same := range []string{"Ada.Testperson@Example.COM", " ada.testperson@example.com\t"} {
		if got := lead.EmailKey(same); got != base {
			t.Errorf("EmailKey(%q) = %s, want the key of the lower-case address", same, got)
		}
	}
	if lead.EmailKey("ada.testperson2@example.com") == base {
		t.Errorf("two addresses share a key")
	}
}
