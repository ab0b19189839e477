package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/clinicplatform/intake/internal/protocol"
)

func TestNewHandlerServesTheMarketsCatalogue(t *testing.T) {
	for _, market := range protocol.Markets() {
		t.Run(market, func(t *testing.T) {
			h, err := newHandler(t.Context(), func(k string) string {
				return map[string]string{"MARKET": market}[k]
			}, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/external/v1/protocols/weightloss", nil))
			want, err := protocol.Load(market)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), want) {
				t.Errorf("GET protocols = %d %s; want 200 with the %s catalogue", rec.Code, rec.Body.String(), market)
			}
		})
	}
}

func TestNewHandlerServesOnlyItsRoute(t *testing.T) {
	h, err := newHandler(t.Context(), func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/external/v1/leads", strings.NewReader("{}")))
	if rec.Code != http.StatusNotFound {
		t.Errorf("POST /external/v1/leads on get-protocols = %d, want 404", rec.Code)
	}
}

func TestNewHandlerRejectsUnknownMarket(t *testing.T) {
	_, err := newHandler(t.Context(), func(k string) string {
		return map[string]string{"MARKET": "fr"}[k]
	}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "MARKET") {
		t.Errorf("newHandler(MARKET=fr) error = %v, want one naming MARKET", err)
	}
}

func BenchmarkInit(b *testing.B) {
	getenv := func(k string) string { return map[string]string{"MARKET": "us"}[k] }
	for b.Loop() {
		if _, err := newHandler(b.Context(), getenv, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMetricsGoToStdoutInEmbeddedFormat: with METRICS_NAMESPACE set (the
// template sets it), each request writes one EMF line next to its log line.
func TestMetricsGoToStdoutInEmbeddedFormat(t *testing.T) {
	for _, tt := range []struct {
		namespace string
		want      int
	}{{"", 0}, {"ClinicIntake/clinic-intake-us", 1}} {
		var out bytes.Buffer
		h, err := newHandler(t.Context(), func(k string) string {
			return map[string]string{"MARKET": "us", "METRICS_NAMESPACE": tt.namespace}[k]
		}, &out)
		if err != nil {
			t.Fatal(err)
		}
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/external/v1/protocols/weightloss", nil))
		var emf []map[string]any
		for line := range strings.Lines(out.String()) {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("stdout line is not JSON: %q", line)
			}
			if _, ok := m["_aws"]; ok {
				emf = append(emf, m)
			}
		}
		if len(emf) != tt.want {
			t.Fatalf("METRICS_NAMESPACE=%q: %d EMF lines, want %d:\n%s", tt.namespace, len(emf), tt.want, out.String())
		}
		if tt.want > 0 && (emf[0]["Function"] != "get-protocols" || emf[0]["Market"] != "us" || emf[0]["Requests"] != 1.0 || emf[0]["StatusClass"] != "2xx") {
			t.Errorf("EMF line = %v", emf[0])
		}
	}
}
