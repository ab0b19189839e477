package storetest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/quota"
)

// RunCounter checks quota.Counter: counting to the limit, the per-subject
// and per-day windows, and, unless concurrency names why the store under
// test cannot show it, that concurrent takes never pass the limit.
func RunCounter(t *testing.T, newCounter func(t *testing.T) quota.Counter, concurrency string) {
	const limit = 3
	exp := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	a, b := "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01", "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a02"
	t.Run("counts to the limit", func(t *testing.T) {
		c := newCounter(t)
		for i := range limit {
			if ok, err := c.Take(t.Context(), a, "2026-11-21", limit, exp); err != nil || !ok {
				t.Fatalf("take %d = %v, %v; want true", i+1, ok, err)
			}
		}
		for i := range 2 {
			if ok, err := c.Take(t.Context(), a, "2026-11-21", limit, exp); err != nil || ok {
				t.Fatalf("take %d over the limit = %v, %v; want false", i+1, ok, err)
			}
		}
		if ok, err := c.Take(t.Context(), b, "2026-11-21", limit, exp); err != nil || !ok {
			t.Errorf("another subject = %v, %v; want true", ok, err)
		}
		if ok, err := c.Take(t.Context(), a, "2026-11-22", limit, exp); err != nil || !ok {
			t.Errorf("the next day = %v, %v; want true", ok, err)
		}
		if ok, err := c.Take(t.Context(), a, "2026-11-21", limit+1, exp); err != nil || !ok {
			t.Errorf("a raised limit = %v, %v; want true", ok, err)
		}
	})
	t.Run("concurrent takes never pass the limit", func(t *testing.T) {
		if concurrency != "" {
			t.Skip(concurrency)
		}
		const subject = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a03"
		c := newCounter(t)
		var wg sync.WaitGroup
		var passed atomic.Int32
		for range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := c.Take(t.Context(), subject, "2026-11-21", limit, exp)
				if err != nil {
					t.Errorf("take: %v", err)
				}
				if ok {
					passed.Add(1)
				}
			}()
		}
		wg.Wait()
		if got := passed.Load(); got != limit {
			t.Errorf("%d concurrent takes passed, want %d", got, limit)
		}
	})
}
