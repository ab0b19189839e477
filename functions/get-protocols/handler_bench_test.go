package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/protocol"
)

// lambdaHandler is the function as Lambda runs it, with the US catalogue.
func lambdaHandler(tb testing.TB) (func(ev events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error), events.APIGatewayProxyRequest) {
	tb.Helper()
	h, err := newHandler(tb.Context(), func(k string) string {
		return map[string]string{"MARKET": "us", "METRICS_NAMESPACE": "ClinicIntake/bench"}[k]
	}, io.Discard)
	if err != nil {
		tb.Fatal(err)
	}
	// The repository's own API Gateway event for this route (events/).
	raw, err := os.ReadFile(filepath.Join("..", "..", "events", "get-protocols.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var ev events.APIGatewayProxyRequest
	if err := json.Unmarshal(raw, &ev); err != nil {
		tb.Fatalf("decode events/get-protocols.json: %v", err)
	}
	handle := lambdahttp.Handler(h)
	return func(ev events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		return handle(tb.Context(), ev)
	}, ev
}

func withIfNoneMatch(ev events.APIGatewayProxyRequest, etag string) events.APIGatewayProxyRequest {
	ev.Headers = map[string]string{"If-None-Match": etag}
	ev.MultiValueHeaders = map[string][]string{"If-None-Match": {etag}}
	return ev
}

// TestCatalogueIsPreparedAtInit: through the Lambda adapter, the catalogue
// comes with a strong ETag and Cache-Control, a revalidation with that ETag
// is a 304 without a body, and two cold starts give the same ETag (so a
// client's cache survives a new execution environment).
func TestCatalogueIsPreparedAtInit(t *testing.T) {
	want, err := protocol.Load("us")
	if err != nil {
		t.Fatal(err)
	}
	invoke, ev := lambdaHandler(t)
	first, err := invoke(ev)
	if err != nil {
		t.Fatal(err)
	}
	etag := first.MultiValueHeaders["Etag"]
	type answer struct {
		Status        int
		ETagCount     int
		CacheControl  []string
		BodyIsCatalog bool
	}
	got := answer{first.StatusCode, len(etag), first.MultiValueHeaders["Cache-Control"], first.Body == string(want)}
	if diff := cmp.Diff(answer{200, 1, []string{"public, max-age=300"}, true}, got); diff != "" {
		t.Fatalf("first GET (-want +got):\n%s", diff)
	}

	again, _ := lambdaHandler(t)
	second, err := again(ev)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(etag, second.MultiValueHeaders["Etag"]); diff != "" {
		t.Errorf("ETag differs between two cold starts (-first +second):\n%s", diff)
	}

	for _, inm := range []string{etag[0], `W/` + etag[0], `"stale", ` + etag[0], "*"} {
		t.Run("If-None-Match "+inm, func(t *testing.T) {
			resp, err := invoke(withIfNoneMatch(ev, inm))
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != http.StatusNotModified || resp.Body != "" {
				t.Errorf("revalidation = %d with %d body bytes, want 304 and none", resp.StatusCode, len(resp.Body))
			}
		})
	}
	resp, err := invoke(withIfNoneMatch(ev, `"stale"`))
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Body != string(want) {
		t.Errorf("a stale ETag got %d, want 200 with the catalogue", resp.StatusCode)
	}
}

// BenchmarkLambdaGetProtocols is one invocation as Lambda makes it: the
// proxy event in, the proxy response out, through lambdahttp.Handler; and
// its floor, the adapter around a bare handler writing the same bytes.
func BenchmarkLambdaGetProtocols(b *testing.B) {
	b.Run("floor=bare-handler", func(b *testing.B) {
		body, err := protocol.Load("us")
		if err != nil {
			b.Fatal(err)
		}
		handle := lambdahttp.Handler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			_, _ = w.Write(body)
		}))
		_, ev := lambdaHandler(b)
		b.ReportAllocs()
		for b.Loop() {
			if resp, err := handle(b.Context(), ev); err != nil || resp.StatusCode != http.StatusOK {
				b.Fatalf("status %d, %v", resp.StatusCode, err)
			}
		}
	})
	invoke, ev := lambdaHandler(b)
	first, err := invoke(ev)
	if err != nil || first.StatusCode != http.StatusOK {
		b.Fatalf("GET protocols = %d, %v", first.StatusCode, err)
	}
	cases := []struct {
		name string
		ev   events.APIGatewayProxyRequest
		want int
	}{
		{"200", ev, http.StatusOK},
		{"304", withIfNoneMatch(ev, first.MultiValueHeaders["Etag"][0]), http.StatusNotModified},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				resp, err := invoke(c.ev)
				if err != nil || resp.StatusCode != c.want {
					b.Fatalf("status %d, %v; want %d", resp.StatusCode, err, c.want)
				}
			}
		})
	}
}
