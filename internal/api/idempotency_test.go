package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// keyStore is a hand-written fake of idempotency.Store; it passes
// storetest.RunIdempotencyStore (TestFakesConformance).
type keyStore struct {
	mu      sync.Mutex
	entries map[string]idempotency.Entry
	// now decides expiry; nil: entries never expire (the handlers' clock
	// is fixed in the past).
	now func() time.Time
}

// newKeyStore is an empty keyStore on the clock now.
func newKeyStore(now func() time.Time) *keyStore {
	return &keyStore{entries: map[string]idempotency.Entry{}, now: now}
}

func (k *keyStore) live(key string) (idempotency.Entry, bool) {
	e, ok := k.entries[key]
	return e, ok && (k.now == nil || !e.Expired(k.now()))
}

func (k *keyStore) Lookup(_ context.Context, key string) (idempotency.Entry, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.live(key)
	if !ok {
		return idempotency.Entry{}, fmt.Errorf("key: %w", derrors.ErrNotFound)
	}
	return e, nil
}

func (k *keyStore) PutIfAbsent(_ context.Context, e idempotency.Entry) error {
	if e.Key == "" {
		return errors.New("put key: empty key")
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if old, ok := k.live(e.Key); ok {
		if old.RequestHash == e.RequestHash && old.LeadID == e.LeadID && old.ExpiresAt.Equal(e.ExpiresAt) {
			return nil // a retry
		}
		return fmt.Errorf("key: %w", derrors.ErrConflict)
	}
	k.entries[e.Key] = e
	return nil
}

func TestFakesConformance(t *testing.T) {
	t.Run("leadStore", func(t *testing.T) {
		storetest.RunLeadStore(t, func(*testing.T) storetest.LeadStore { return &leadStore{} })
	})
	t.Run("keyStore", func(t *testing.T) {
		storetest.RunIdempotencyStore(t, func(_ *testing.T, now func() time.Time) idempotency.Store {
			return newKeyStore(now)
		})
	})
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
	deps := func(newID func() string) api.Deps {
		return api.Deps{Log: slog.New(slog.DiscardHandler), Metrics: api.NoMetrics{},
			Now: func() time.Time { return fixedNow }, NewID: newID, LeadBodyLimit: api.DefaultLeadBodyLimit}
	}
	handler := func(leads *leadStore, keys *keyStore) http.Handler {
		d := deps(uuid.NewString)
		d.Leads = leadService(t, &d, leads, keys)
		return newHandler(t, d)
	}

	t.Run("a retry replays the first lead, another body is a conflict", func(t *testing.T) {
		leads, keys := &leadStore{}, newKeyStore(nil)
		h := handler(leads, keys)
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
		leads, keys := &leadStore{}, newKeyStore(nil)
		leads.PutFn = func(l lead.Lead) error {
			leads.PutFn = nil
			leads.Put(context.Background(), l)                              // stored ...
			return fmt.Errorf("put: timed out: %w", derrors.ErrUnavailable) // ... but the answer is lost
		}
		h := handler(leads, keys)
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

	t.Run("lead ids are random, not derived from the key", func(t *testing.T) {
		var ids []string
		for range 2 {
			leads, keys := &leadStore{}, newKeyStore(nil)
			h := handler(leads, keys)
			rec := postLead(h, "same-key", body)
			id := leadID(t, rec)
			if u, err := uuid.Parse(id); err != nil || u.Version() != 4 {
				t.Errorf("lead id %q is not a version 4 UUID", id)
			}
			ids = append(ids, id)
		}
		if ids[0] == ids[1] {
			t.Errorf("the same Idempotency-Key gave the same id %s on two fresh stores", ids[0])
		}
	})

	t.Run("an invalid key is a 400 with the create-lead message list", func(t *testing.T) {
		h := handler(&leadStore{}, newKeyStore(nil))
		rec := postLead(h, "two words", body)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"message":["Idempotency-Key must be 1 to 255 visible ASCII characters"]`) {
			t.Errorf("invalid key = %d %s", rec.Code, rec.Body)
		}
	})
}

func leadID(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var l struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &l); err != nil {
		t.Fatalf("answer %s: %v", rec.Body, err)
	}
	return l.ID
}
