package testing_test

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestLambdaFunctionsShipNoTestTooling: no Lambda function binary depends on
// a package under internal/testing.
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
			if strings.HasPrefix(p.ImportPath, "github.com/clinicplatform/intake/internal/testing") {
				t.Errorf("functions/%s depends on %s, which is test tooling", fn, p.ImportPath)
			}
		}
		if packages < 10 {
			t.Fatalf("go list found only %d packages for functions/%s", packages, fn)
		}
	}
}
