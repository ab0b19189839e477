package quota_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/quota"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// memCounter is a fake Counter.
type memCounter struct {
	mu      sync.Mutex
	counts  map[string]int
	expires map[string]time.Time
}

func (m *memCounter) Take(_ context.Context, subject, day string, limit int, exp time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := subject + "/" + day
	if m.counts[k] >= limit {
		return false, nil
	}
	m.counts[k]++
	m.expires[k] = exp
	return true, nil
}

func TestMemCounterConformance(t *testing.T) {
	storetest.RunCounter(t, func(*testing.T) quota.Counter {
		return &memCounter{counts: map[string]int{}, expires: map[string]time.Time{}}
	}, "")
}

func TestVerifications(t *testing.T) {
	now := time.Date(2026, 11, 21, 23, 59, 58, 500e6, time.UTC)
	c := &memCounter{counts: map[string]int{}, expires: map[string]time.Time{}}
	q := &quota.Verifications{Counter: c, PerDay: 2, Now: func() time.Time { return now }}
	const lead = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01"
	for i := range 2 {
		if err := q.Take(t.Context(), lead); err != nil {
			t.Fatalf("take %d: %v", i+1, err)
		}
	}
	err := q.Take(t.Context(), lead)
	var ex *quota.Exceeded
	if !errors.As(err, &ex) || !errors.Is(err, derrors.ErrTooManyRequests) {
		t.Fatalf("third take: err = %v, want *quota.Exceeded wrapping ErrTooManyRequests", err)
	}
	if diff := cmp.Diff(quota.Exceeded{Limit: 2, RetryAfter: 2 * time.Second}, *ex); diff != "" {
		t.Errorf("exceeded (-want +got):\n%s", diff)
	}
	if err := q.Take(t.Context(), "6f0b8d7e-1111-4222-8333-944455556666"); err != nil {
		t.Errorf("another lead: %v", err)
	}
	if got, want := c.expires[lead+"/2026-11-21"], time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("counter expires %v, want %v", got, want)
	}
	now = now.Add(2 * time.Second) // the next UTC day
	if err := q.Take(t.Context(), lead); err != nil {
		t.Errorf("take on the next day: %v", err)
	}
	off := &quota.Verifications{Counter: c, PerDay: 0}
	for range 5 {
		if err := off.Take(t.Context(), lead); err != nil {
			t.Fatalf("quota off: %v", err)
		}
	}
}
