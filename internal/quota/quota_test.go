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

func newMemCounter() *memCounter {
	return &memCounter{counts: map[string]int{}, expires: map[string]time.Time{}}
}

func (m *memCounter) Take(_ context.Context, subject, day string, n, limit int, exp time.Time) (int, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := subject + "/" + day
	if m.counts[k]+n > limit {
		return 0, false, nil
	}
	m.counts[k] += n
	m.expires[k] = exp
	return m.counts[k], true, nil
}

func (m *memCounter) Used(_ context.Context, subject, day string) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.counts[subject+"/"+day], nil
}

func TestMemCounterConformance(t *testing.T) {
	storetest.RunCounter(t, func(*testing.T) quota.Counter {
		return newMemCounter()
	}, "")
}

func TestVerifications(t *testing.T) {
	now := time.Date(2026, 11, 21, 23, 59, 58, 500e6, time.UTC)
	c := newMemCounter()
	q := &quota.Verifications{Counter: c, PerDay: 2, Now: func() time.Time { return now }}
	const lead = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01"
	for i := range 2 {
		if err := q.Check(t.Context(), lead); err != nil {
			t.Fatalf("check before take %d: %v", i+1, err)
		}
		if err := q.Take(t.Context(), lead); err != nil {
			t.Fatalf("take %d: %v", i+1, err)
		}
	}
	if err := q.Check(t.Context(), lead); !errors.Is(err, derrors.ErrTooManyRequests) {
		t.Errorf("check once all are taken: %v, want ErrTooManyRequests", err)
	}
	if got := c.counts[lead+"/2026-11-21"]; got != 2 {
		t.Errorf("count after checks = %d, want 2 (a check takes nothing)", got)
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

// TestDaily: a stack's daily allowance is spent many at a time, refused
// with a 503 (derrors.Later) and Retry-After to the next UTC day once too
// few are left, and reports the day's count after each take.
func TestDaily(t *testing.T) {
	now := time.Date(2026, 11, 21, 23, 0, 0, 0, time.UTC)
	c := newMemCounter()
	var reported []int
	d := &quota.Daily{Counter: c, Subject: quota.SubjectTextReaderPages, PerDay: 10, What: "pages read",
		Now: func() time.Time { return now }, Usage: func(used int) { reported = append(reported, used) }}
	for _, n := range []int{5, 4} {
		if err := d.Check(t.Context()); err != nil {
			t.Fatalf("check: %v", err)
		}
		if err := d.Take(t.Context(), n); err != nil {
			t.Fatalf("take %d: %v", n, err)
		}
	}
	err := d.Take(t.Context(), 2)
	var later *derrors.Later
	if !errors.As(err, &later) || !errors.Is(err, derrors.ErrBusy) {
		t.Fatalf("take 2 with 1 left: %v, want *derrors.Later wrapping ErrBusy", err)
	}
	if later.RetryAfter != time.Hour || later.Reason != "daily_text_reader_pages" ||
		later.Message != "this service has used its allowance of pages read for today (10); retry after midnight UTC" {
		t.Errorf("refusal = %+v", *later)
	}
	if err := d.Check(t.Context()); err != nil {
		t.Errorf("check with 1 left: %v", err)
	}
	if err := d.Take(t.Context(), 1); err != nil {
		t.Fatalf("take the last: %v", err)
	}
	if err := d.Check(t.Context()); !errors.Is(err, derrors.ErrBusy) {
		t.Errorf("check with none left: %v, want ErrBusy", err)
	}
	if diff := cmp.Diff([]int{5, 9, 10}, reported); diff != "" {
		t.Errorf("reported usage (-want +got):\n%s", diff)
	}
	now = now.Add(time.Hour) // the next UTC day
	if err := d.Take(t.Context(), 10); err != nil {
		t.Errorf("the next day: %v", err)
	}
	off := &quota.Daily{Counter: c, Subject: quota.SubjectTextReaderPages, PerDay: 0}
	if err := off.Take(t.Context(), 1000); err != nil {
		t.Errorf("allowance off: %v", err)
	}
}
