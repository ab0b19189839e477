package runtimeapi_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clinicplatform/intake/bench/runtimeapi"
)

// hello builds bench/hello, the smallest function, as the bench builds the
// functions.
func hello(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bootstrap")
	cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-trimpath", "-o", bin, "../hello")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build bench/hello: %v\n%s", err, out)
	}
	return bin
}

func TestHello(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a bootstrap; skipped in -short mode")
	}
	bin := hello(t)
	p, err := runtimeapi.Start(bin, []string{"PATH=" + os.Getenv("PATH")})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	if p.Init <= 0 {
		t.Errorf("Init = %v; the time to the first GET next was not taken", p.Init)
	}
	for i := range 3 {
		a, err := p.InvokeOK([]byte(`{"httpMethod":"GET","path":"/"}`))
		if err != nil {
			t.Fatalf("invocation %d: %v", i, err)
		}
		if a.Body != `{"hello":"world"}` || a.D <= 0 {
			t.Errorf("invocation %d answered %+v", i, a)
		}
	}
	// An event the handler cannot decode is reported to the Runtime API's
	// error route, and the process asks for its next event.
	if _, err := p.Invoke([]byte(`[1, 2]`)); err == nil || !strings.Contains(err.Error(), "reported an error") {
		t.Errorf("undecodable event: err = %v, want the function's error report", err)
	}
	if _, err := p.InvokeOK([]byte(`{}`)); err != nil {
		t.Errorf("after an error: %v", err)
	}
	if cpu, err := p.CPU(); err != nil || cpu <= 0 {
		t.Errorf("CPU = %v, %v", cpu, err)
	}
	rss := p.Stop()
	if rss < 1<<20 || p.Stop() != rss {
		t.Errorf("peak RSS %d bytes, then %d; want one figure of a Go process", rss, p.Stop())
	}
}

func TestStartReportsAnExit(t *testing.T) {
	_, err := runtimeapi.Start("/bin/false", nil)
	if err == nil || !strings.Contains(err.Error(), "exited") {
		t.Errorf("Start(/bin/false) = %v, want that it exited", err)
	}
}
