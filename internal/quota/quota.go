// Package quota caps how many verifications one lead may ask for in a day,
// so one patient's id (or one client replaying it) cannot run up Textract
// spend or crowd out others. It imports no AWS or HTTP code.
package quota

import (
	"context"
	"fmt"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
)

// DefaultPerDay is the verifications one lead may ask for per UTC day.
const DefaultPerDay = 20

// Counter counts uses per subject and window. Take adds one use to the
// window starting at day unless limit uses are counted already; it answers
// false (and counts nothing) when the limit is reached. It is atomic: two
// concurrent Takes never both pass the last free use. expiresAt is when the
// counter may be forgotten. Every implementation passes storetest.RunCounter.
type Counter interface {
	Take(ctx context.Context, subject, day string, limit int, expiresAt time.Time) (bool, error)
}

// Exceeded is the error of a used-up quota; it unwraps to
// derrors.ErrTooManyRequests and tells when to come back.
type Exceeded struct {
	Limit      int
	RetryAfter time.Duration
}

func (e *Exceeded) Error() string {
	return fmt.Sprintf("at most %d verifications a day for one userId; try again in %d seconds", e.Limit, int(e.RetryAfter.Seconds()))
}

func (e *Exceeded) Unwrap() error { return derrors.ErrTooManyRequests }

// Verifications is the per-lead daily verification quota.
type Verifications struct {
	Counter Counter
	// PerDay is the limit; zero or less turns the quota off.
	PerDay int
	Now    func() time.Time
}

// Day is the counter's window name for t: its UTC date.
func Day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// Take counts one verification for leadID, or fails with *Exceeded once
// PerDay are counted in the current UTC day. Counters are kept two days, so
// one is never forgotten while its day lasts.
func (v *Verifications) Take(ctx context.Context, leadID string) error {
	if v == nil || v.Counter == nil || v.PerDay <= 0 {
		return nil
	}
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	t := now().UTC()
	next := t.Truncate(24 * time.Hour).Add(24 * time.Hour)
	ok, err := v.Counter.Take(ctx, leadID, Day(t), v.PerDay, next.Add(24*time.Hour))
	if err != nil {
		return fmt.Errorf("count verification of %s: %w", leadID, err)
	}
	if !ok {
		// Whole seconds, rounded up: Retry-After is an integer.
		wait := next.Sub(t)
		if rem := wait % time.Second; rem != 0 {
			wait += time.Second - rem
		}
		return &Exceeded{Limit: v.PerDay, RetryAfter: wait}
	}
	return nil
}
