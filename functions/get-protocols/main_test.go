package main

import (
	"bytes"
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
