package storetest

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
)

// RunIdempotencyStore checks idempotency.Store on a clock the suite moves:
// an entry reads back until it expires; an identical retry of PutIfAbsent
// succeeds; another entry under a live key is a conflict that changes
// nothing; an expired entry is replaced. newStore's store must read the
// time from now.
func RunIdempotencyStore(t *testing.T, newStore func(t *testing.T, now func() time.Time) idempotency.Store) {
	start := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	first := idempotency.Entry{
		Key:         "retry-key-1",
		RequestHash: idempotency.HashRequest([]byte(`{"email":"a@example.com"}`)),
		LeadID:      "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01",
		ExpiresAt:   start.Add(24 * time.Hour),
	}
	second := first
	second.LeadID = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a02"
	newClocked := func(t *testing.T) (idempotency.Store, *time.Time) {
		now := start
		return newStore(t, func() time.Time { return now }), &now
	}
	wantEntry := func(t *testing.T, s idempotency.Store, want idempotency.Entry) {
		t.Helper()
		got, err := s.Lookup(t.Context(), want.Key)
		if err != nil {
			t.Fatalf("Lookup %s: %v", want.Key, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Lookup %s (-want +got):\n%s", want.Key, diff)
		}
	}

	t.Run("Lookup returns what PutIfAbsent stored", func(t *testing.T) {
		s, _ := newClocked(t)
		if err := s.PutIfAbsent(t.Context(), first); err != nil {
			t.Fatalf("PutIfAbsent: %v", err)
		}
		wantEntry(t, s, first)
	})
	t.Run("a key never stored is not found", func(t *testing.T) {
		s, _ := newClocked(t)
		for _, key := range []string{"never-used", ""} {
			_, err := s.Lookup(t.Context(), key)
			wantKind(t, "Lookup("+key+")", err, derrors.ErrNotFound)
		}
	})
	t.Run("an identical retry succeeds", func(t *testing.T) {
		s, _ := newClocked(t)
		wantRetryDone(t, "PutIfAbsent", func() error { return s.PutIfAbsent(t.Context(), first) })
		wantEntry(t, s, first)
	})
	t.Run("another entry under a live key is a conflict", func(t *testing.T) {
		s, _ := newClocked(t)
		wantConflict(t, "PutIfAbsent", func() error { return s.PutIfAbsent(t.Context(), first) }, func() error { return s.PutIfAbsent(t.Context(), second) })
		wantEntry(t, s, first)
	})
	t.Run("an expired entry is not found, and replaced", func(t *testing.T) {
		s, now := newClocked(t)
		if err := s.PutIfAbsent(t.Context(), first); err != nil {
			t.Fatalf("PutIfAbsent: %v", err)
		}
		*now = first.ExpiresAt.Add(-time.Second)
		wantEntry(t, s, first)
		// Expired at its ExpiresAt, whether or not the store deleted it.
		*now = first.ExpiresAt
		_, err := s.Lookup(t.Context(), first.Key)
		wantKind(t, "Lookup of an expired entry", err, derrors.ErrNotFound)
		replacement := second
		replacement.ExpiresAt = first.ExpiresAt.Add(24 * time.Hour)
		if err := s.PutIfAbsent(t.Context(), replacement); err != nil {
			t.Fatalf("PutIfAbsent over an expired entry: %v", err)
		}
		wantEntry(t, s, replacement)
	})
	t.Run("an empty key is refused", func(t *testing.T) {
		s, _ := newClocked(t)
		e := first
		e.Key = ""
		wantRefusal(t, "PutIfAbsent with no key", s.PutIfAbsent(t.Context(), e))
	})
}
