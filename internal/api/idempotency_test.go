package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lead"
)

// keyStore is a hand-written fake of idempotency.Store.
type keyStore struct {
	mu      sync.Mutex
	entries map[string]idempotency.Entry
}

func (k *keyStore) Lookup(_ context.Context, key string) (idempotency.Entry, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.entries[key]
	if !ok {
		return idempotency.Entry{}, fmt.Errorf("key: %w", derrors.ErrNotFound)
	}
	return e, nil
}

func (k *keyStore) PutIfAbsent(_ context.Context, e idempotency.Entry) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.entries[e.Key]; ok {
		return fmt.Errorf("key: %w", derrors.ErrConflict)
	}
	k.entries[e.Key] = e
	return nil
}

func postLead(h http.Handler, key, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, api.PathLeads, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestIdempotencyKey(t *testing.T) {
	const body = `{"email":"ada@example.com","data":{"forename":"Ada"}}`
	newHandler := func(leads *leadStore, keys *keyStore, lookup bool) http.Handler {
		d := api.Deps{Now: func() time.Time { return fixedNow }, Leads: leads, Idempotency: keys}
		if lookup {
			d.LeadLookup = leads
		}
		return api.NewHandler(d)
	}

	t.Run("a retry replays the first lead, another body is a conflict", func(t *testing.T) {
		leads, keys := &leadStore{}, &keyStore{entries: map[string]idempotency.Entry{}}
		h := newHandler(leads, keys, true)
		first, again := postLead(h, "k1", body), postLead(h, "k1", body)
		if first.Code != 200 || again.Code != 200 || first.Body.String() != again.Body.String() ||
			again.Header().Get("Idempotent-Replayed") != "true" {
			t.Fatalf("first %d %s; retry %d %s", first.Code, first.Body, again.Code, again.Body)
		}
		if other := postLead(h, "k1", `{"email":"grace@example.com"}`); other.Code != http.StatusConflict {
			t.Errorf("same key, other body: %d %s", other.Code, other.Body)
		}
		if len(leads.leads) != 1 || keys.entries["k1"].LeadID == "" {
			t.Errorf("%d leads stored, entry %+v; want one lead and an entry naming it", len(leads.leads), keys.entries["k1"])
		}
	})

	t.Run("a lead stored whose answer was lost is recovered, not a 409 forever", func(t *testing.T) {
		leads, keys := &leadStore{}, &keyStore{entries: map[string]idempotency.Entry{}}
		leads.PutFn = func(l lead.Lead) error {
			leads.PutFn = nil
			leads.Put(context.Background(), l)                              // stored ...
			return fmt.Errorf("put: timed out: %w", derrors.ErrUnavailable) // ... but the answer is lost
		}
		h := newHandler(leads, keys, true)
		if first := postLead(h, "k2", body); first.Code != 500 {
			t.Fatalf("first attempt = %d, want 500", first.Code)
		}
		retry := postLead(h, "k2", body)
		if retry.Code != 200 || !strings.Contains(retry.Body.String(), `"forename":"Ada"`) {
			t.Fatalf("retry = %d %s; want the stored lead", retry.Code, retry.Body)
		}
		if again := postLead(h, "k2", body); again.Body.String() != retry.Body.String() {
			t.Errorf("a later retry answered %s, not the recovered lead", again.Body)
		}
		if other := postLead(h, "k3-other", `{"email":"x@example.com"}`); other.Code != 200 {
			t.Errorf("an unrelated key: %d", other.Code)
		}
	})

	t.Run("a lead without a key whose answer was lost is recovered too", func(t *testing.T) {
		leads, keys := &leadStore{}, &keyStore{entries: map[string]idempotency.Entry{}}
		leads.PutFn = func(l lead.Lead) error {
			leads.PutFn = nil
			leads.Put(context.Background(), l)                                                        // the first attempt landed,
			return fmt.Errorf("put lead %s: conditional check failed: %w", l.ID, derrors.ErrConflict) // the SDK's retry conflicts
		}
		h := newHandler(leads, keys, true)
		req := httptest.NewRequest(http.MethodPost, api.PathLeads, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 || len(leads.leads) != 1 {
			t.Errorf("create-lead after a retried put = %d %s with %d leads; want 200 and one lead", rec.Code, rec.Body, len(leads.leads))
		}
	})

	t.Run("the key reused after expiry with another body is a conflict", func(t *testing.T) {
		leads, keys := &leadStore{}, &keyStore{entries: map[string]idempotency.Entry{}}
		h := newHandler(leads, keys, true)
		postLead(h, "k4", body)
		delete(keys.entries, "k4") // expired
		if got := postLead(h, "k4", `{"email":"grace@example.com"}`); got.Code != http.StatusConflict ||
			!strings.Contains(got.Body.String(), "different request body") {
			t.Errorf("reused key: %d %s", got.Code, got.Body)
		}
	})
}
