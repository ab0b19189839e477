package testing_test

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// outsideLambda are the packages no Lambda function binary may depend on,
// and why.
var outsideLambda = []struct{ prefix, why string }{
	{"github.com/clinicplatform/intake/internal/testing", "test tooling"},
	// The review page shows a patient's document and what was read from
	// it: only operator tools (make review, the local API) build it.
	{"github.com/clinicplatform/intake/internal/review", "the clinician's review page"},
}

// TestLambdaFunctionsShipNoTestTooling: no Lambda function binary depends on
// a package under internal/testing, or on the review page.
func TestLambdaFunctionsShipNoTestTooling(t *testing.T) {
	if testing.Short() {
		t.Skip("go list skipped in -short mode")
	}
	for _, fn := range []string{"create-lead", "verify-evidence", "get-protocols"} {
		out, err := exec.Command("go", "list", "-deps", "-json=ImportPath", "../../functions/"+fn).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", fn, err)
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		packages := 0
		for dec.More() {
			var p struct{ ImportPath string }
			if err := dec.Decode(&p); err != nil {
				t.Fatal(err)
			}
			packages++
			for _, o := range outsideLambda {
				if p.ImportPath == o.prefix || strings.HasPrefix(p.ImportPath, o.prefix+"/") {
					t.Errorf("functions/%s depends on %s, which is %s", fn, p.ImportPath, o.why)
				}
			}
		}
		if packages < 10 {
			t.Fatalf("go list found only %d packages for functions/%s", packages, fn)
		}
	}
}
