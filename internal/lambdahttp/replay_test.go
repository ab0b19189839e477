package lambdahttp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/protocol"
)

var update = flag.Bool("update", false, "rewrite testdata/events/*.golden")

var fixedNow = time.Date(2026, 11, 21, 10, 4, 5, 123_000_000, time.UTC)

// TestReplayEvents sends every events/*.json through the Lambda handler, the
// same adapter path API Gateway drives, and compares the proxy response.
func TestReplayEvents(t *testing.T) {
	files, err := filepath.Glob("../../events/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no events found: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		if name == "sam-local-env" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var ev events.APIGatewayProxyRequest
			if err := json.Unmarshal(raw, &ev); err != nil {
				t.Fatalf("%s is not an API Gateway proxy event: %v", file, err)
			}
			handle := lambdahttp.Handler(newHandler(t))
			resp, err := handle(context.Background(), ev)
			if err != nil {
				t.Fatalf("handler error: %v", err)
			}
			if got := resp.MultiValueHeaders["X-Request-Id"]; len(got) != 1 || got[0] != ev.RequestContext.RequestID {
				t.Errorf("X-Request-Id = %v, want API Gateway's %q", got, ev.RequestContext.RequestID)
			}
			checkGolden(t, name, render(t, resp))
		})
	}
}

// SeededLeadID is the lead the verify-evidence events refer to.
const seededLeadID = "6f8a2b1c-3d4e-4f50-8a6b-7c8d9e0f1a2b"

func newHandler(t testing.TB) http.Handler {
	t.Helper()
	store, err := localstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	err = store.Put(context.Background(), lead.Lead{ID: seededLeadID, Email: "sample.patient@example.com",
		Data: json.RawMessage(`{"forename":"Dana","surname":"Whitcombe"}`), CreatedAt: fixedNow.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	catalogue, err := protocol.Load("us")
	if err != nil {
		t.Fatal(err)
	}
	ids := 0
	newID := func() string {
		ids++
		return fmt.Sprintf("00000000-0000-4000-8000-%012d", ids)
	}
	now := func() time.Time { return fixedNow }
	leads, err := lead.NewService(store, store, now, newID)
	if err != nil {
		t.Fatal(err)
	}
	reader := docread.NewWithTesseract(context.Background())
	reader.Pages.HEIF = heifwasm.Decoder{}
	verifier, err := evidence.NewService("us", evidence.DefaultMaxAge, evidence.Deps{
		Stager: store, Reader: reader, Leads: store, Recorder: store,
		Now: now, NewID: newID,
	})
	if err != nil {
		t.Fatal(err)
	}
	h, err := api.NewHandler(api.Deps{
		Log:                slog.New(slog.DiscardHandler),
		Now:                now,
		NewID:              newID,
		Metrics:            api.NoMetrics{},
		Leads:              leads,
		Protocols:          catalogue,
		Evidence:           verifier,
		RequestID:          lambdahttp.RequestID,
		LeadBodyLimit:      api.DefaultLeadBodyLimit,
		EvidenceFileLimit:  api.DefaultEvidenceFileLimit,
		CORSAllowedOrigins: corsAllowedOrigins(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// corsAllowedOrigins is CORS_ALLOWED_ORIGINS as events/sam-local-env.json
// sets it for sam local invoke, so the events answer alike in both.
func corsAllowedOrigins(t testing.TB) []string {
	t.Helper()
	raw, err := os.ReadFile("../../events/sam-local-env.json")
	if err != nil {
		t.Fatal(err)
	}
	var env struct{ Parameters map[string]string }
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("sam-local-env.json: %v", err)
	}
	origins := strings.Split(env.Parameters["CORS_ALLOWED_ORIGINS"], ",")
	if origins[0] == "" {
		t.Fatal("sam-local-env.json sets no CORS_ALLOWED_ORIGINS; the preflight events need one")
	}
	return origins
}

// render is the golden form of a proxy response: status, the headers a
// client (or, for CORS, its browser) relies on, and the body (indented when it is JSON).
func render(t *testing.T, resp events.APIGatewayProxyResponse) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP %d\n", resp.StatusCode)
	keys := make([]string, 0, len(resp.MultiValueHeaders))
	for k := range resp.MultiValueHeaders {
		switch {
		case k == "Content-Type", k == "Allow", k == "Etag", k == "Cache-Control", k == "X-Verification-Id",
			k == "Vary", strings.HasPrefix(k, "Access-Control-"):
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\n", k, strings.Join(resp.MultiValueHeaders[k], ", "))
	}
	if resp.IsBase64Encoded {
		t.Errorf("response body is base64-encoded; every answer of this API is JSON text")
	}
	b.WriteString("\n")
	var indented bytes.Buffer
	if json.Indent(&indented, []byte(resp.Body), "", "  ") == nil {
		b.Write(indented.Bytes())
		b.WriteString("\n")
	} else {
		b.WriteString(resp.Body)
	}
	return b.String()
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "events", name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/lambdahttp -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("response differs from %s (-want +got):\n%s", path, diff)
	}
}
