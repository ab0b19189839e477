package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/pageimage"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "formats", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// buildHelper builds heif-decode as Makefile.build does for the Lambda package.
func buildHelper(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the helper")
	}
	bin := filepath.Join(t.TempDir(), "heif-decode")
	cmd := exec.Command("go", "build", "-tags", "nodynamic", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// The helper process, under the sandbox's limits, gives the page the
// in-process decoder gives, and refuses what is not an image it decodes
// as the file's fault.
func TestCommandDecodesAsInProcess(t *testing.T) {
	cmd := pageimage.Command{Path: buildHelper(t)}
	for _, name := range []string{"label.heic", "label.avif", "grid-12mp.heic"} {
		body := fixture(t, name)
		got, err := cmd.DecodeGray(context.Background(), body)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, err := heifwasm.Decoder{}.DecodeGray(context.Background(), body)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(imageprep.PGM(got), imageprep.PGM(want)) {
			t.Errorf("%s: the helper's page differs from the in-process decoder's", name)
		}
	}
	for name, body := range map[string][]byte{
		"not HEIF":      fixture(t, "label.webp"),
		"half a file":   fixture(t, "label.heic")[:30_000],
		"header claims": hostile.HEIFHeader("heic", 100_000, 100_000),
	} {
		if _, err := cmd.DecodeGray(context.Background(), body); !errors.Is(err, pageimage.ErrUndecodable) {
			t.Errorf("%s: err = %v; want ErrUndecodable", name, err)
		}
	}
	if _, err := (pageimage.Command{Path: filepath.Join(t.TempDir(), "absent")}).DecodeGray(context.Background(), fixture(t, "label.heic")); !errors.Is(err, derrors.ErrUnavailable) {
		t.Errorf("absent helper: err = %v; want ErrUnavailable", err)
	}
}

// TestLambdaBootstrapsLeaveOutDecoders: the WebAssembly runtime and
// decoders are linked into heif-decode only, never into a function's
// bootstrap, and nothing links purego (which would fake cgo in a static
// binary) when built as Makefile.build builds.
func TestLambdaBootstrapsLeaveOutDecoders(t *testing.T) {
	if testing.Short() {
		t.Skip("go list skipped in -short mode")
	}
	deps := func(tags string, pkgs ...string) []string {
		out, err := exec.Command("go", append([]string{"list", "-tags", tags, "-deps", "-json=ImportPath"}, pkgs...)...).Output()
		if err != nil {
			t.Fatalf("go list %v: %v", pkgs, err)
		}
		var paths []string
		dec := json.NewDecoder(bytes.NewReader(out))
		for dec.More() {
			var p struct{ ImportPath string }
			if err := dec.Decode(&p); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, p.ImportPath)
		}
		return paths
	}
	for _, p := range deps("lambda.norpc", "../../functions/...") {
		if strings.Contains(p, "wazero") || strings.Contains(p, "gen2brain") || strings.Contains(p, "purego") {
			t.Errorf("a Lambda bootstrap links %s; the decoders belong to heif-decode", p)
		}
	}
	helper := deps("nodynamic", ".")
	if !containsPrefix(helper, "github.com/tetratelabs/wazero") {
		t.Error("heif-decode does not link wazero: is this test looking at the right package?")
	}
	if containsPrefix(helper, "github.com/ebitengine/purego") {
		t.Error("heif-decode links purego under the nodynamic tag")
	}
	mk, err := os.ReadFile("../../Makefile.build")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mk), "-tags nodynamic") || !strings.Contains(string(mk), "LAMBDA_HELPERS_VerifyEvidenceFunction := heif-decode") {
		t.Error("Makefile.build does not build heif-decode beside verify-evidence with -tags nodynamic")
	}
}

func containsPrefix(paths []string, prefix string) bool {
	for _, p := range paths {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}
