package storetest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/quota"
)

// RunCounter checks quota.Counter: counting to the limit one use and many
// at a time, the count read back, the per-subject and per-window counts
// (a stack-wide subject beside a lead's), and, unless concurrency names
// why the store under test cannot show it, that concurrent takes never
// pass the limit.
func RunCounter(t *testing.T, newCounter func(t *testing.T) quota.Counter, concurrency string) {
	const limit = 3
	exp := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	a, b := "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01", "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a02"
	t.Run("counts to the limit", func(t *testing.T) {
		c := newCounter(t)
		for i := range limit {
			if used, ok, err := c.Take(t.Context(), a, "2026-11-21", 1, limit, exp); err != nil || !ok || used != i+1 {
				t.Fatalf("take %d = %d, %v, %v; want %d, true", i+1, used, ok, err, i+1)
			}
		}
		for i := range 2 {
			if _, ok, err := c.Take(t.Context(), a, "2026-11-21", 1, limit, exp); err != nil || ok {
				t.Fatalf("take %d over the limit = %v, %v; want false", i+1, ok, err)
			}
		}
		if used, err := c.Used(t.Context(), a, "2026-11-21"); err != nil || used != limit {
			t.Errorf("Used = %d, %v; want %d (refused takes count nothing)", used, err, limit)
		}
		if _, ok, err := c.Take(t.Context(), b, "2026-11-21", 1, limit, exp); err != nil || !ok {
			t.Errorf("another subject = %v, %v; want true", ok, err)
		}
		if _, ok, err := c.Take(t.Context(), a, "2026-11-22", 1, limit, exp); err != nil || !ok {
			t.Errorf("the next day = %v, %v; want true", ok, err)
		}
		if _, ok, err := c.Take(t.Context(), a, "2026-11-21", 1, limit+1, exp); err != nil || !ok {
			t.Errorf("a raised limit = %v, %v; want true", ok, err)
		}
	})
	t.Run("takes many at once", func(t *testing.T) {
		c := newCounter(t)
		const pages, budget = quota.SubjectTextReaderPages, 10
		if used, err := c.Used(t.Context(), pages, "2026-11-21"); err != nil || used != 0 {
			t.Fatalf("Used before any take = %d, %v; want 0", used, err)
		}
		if used, ok, err := c.Take(t.Context(), pages, "2026-11-21", 4, budget, exp); err != nil || !ok || used != 4 {
			t.Fatalf("take 4 = %d, %v, %v; want 4, true", used, ok, err)
		}
		if used, ok, err := c.Take(t.Context(), pages, "2026-11-21", 5, budget, exp); err != nil || !ok || used != 9 {
			t.Fatalf("take 5 more = %d, %v, %v; want 9, true", used, ok, err)
		}
		if _, ok, err := c.Take(t.Context(), pages, "2026-11-21", 2, budget, exp); err != nil || ok {
			t.Fatalf("take 2 with 1 left = %v, %v; want false", ok, err)
		}
		if _, ok, err := c.Take(t.Context(), pages, "2026-11-21", budget+1, budget, exp); err != nil || ok {
			t.Fatalf("take more than the whole limit = %v, %v; want false", ok, err)
		}
		if used, ok, err := c.Take(t.Context(), pages, "2026-11-21", 1, budget, exp); err != nil || !ok || used != budget {
			t.Fatalf("take the last one = %d, %v, %v; want %d, true", used, ok, err, budget)
		}
		if used, err := c.Used(t.Context(), pages, "2026-11-21"); err != nil || used != budget {
			t.Errorf("Used = %d, %v; want %d", used, err, budget)
		}
		if used, err := c.Used(t.Context(), a, "2026-11-21"); err != nil || used != 0 {
			t.Errorf("a lead's count beside the stack's = %d, %v; want 0", used, err)
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
				_, ok, err := c.Take(t.Context(), subject, "2026-11-21", 1, limit, exp)
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
