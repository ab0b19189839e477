// Package quota caps what verifications may cost: how many one lead may
// ask for in a day (Verifications), and what a whole stack may spend in a
// day (Daily: pages its text reader reads, verifications it stages), so
// neither one patient's id nor a caller inventing leads can run up the
// bill. It imports no AWS or HTTP code.
package quota

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
)

// DefaultPerDay is the verifications one lead may ask for per UTC day.
const DefaultPerDay = 20

// Counter counts uses per subject and window. Take adds n uses to the
// window unless that would make more than limit (it then answers false
// and counts nothing); used is the window's count after a take. It is
// atomic: two concurrent Takes never both pass the limit. expiresAt is
// when the counter may be forgotten. Used is the window's count (0 when
// nothing was taken). Every implementation passes storetest.RunCounter.
type Counter interface {
	Take(ctx context.Context, subject, window string, n, limit int, expiresAt time.Time) (used int, ok bool, err error)
	Used(ctx context.Context, subject, window string) (int, error)
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

// day is the UTC day of now: its name, when its counters may be forgotten
// (two days on, so one is never forgotten while its day lasts) and how
// long until the next begins, in whole seconds rounded up (Retry-After is
// an integer).
func day(now func() time.Time) (name string, expires time.Time, left time.Duration) {
	if now == nil {
		now = time.Now
	}
	t := now().UTC()
	next := t.Truncate(24 * time.Hour).Add(24 * time.Hour)
	left = next.Sub(t)
	if rem := left % time.Second; rem != 0 {
		left += time.Second - rem
	}
	return Day(t), next.Add(24 * time.Hour), left
}

// Take counts one verification for leadID, or fails with *Exceeded once
// PerDay are counted in the current UTC day.
func (v *Verifications) Take(ctx context.Context, leadID string) error {
	if v == nil || v.Counter == nil || v.PerDay <= 0 {
		return nil
	}
	name, expires, left := day(v.Now)
	_, ok, err := v.Counter.Take(ctx, leadID, name, 1, v.PerDay, expires)
	if err != nil {
		return fmt.Errorf("count verification: %w", err)
	}
	if !ok {
		return &Exceeded{Limit: v.PerDay, RetryAfter: left}
	}
	return nil
}

// Check fails with *Exceeded when leadID's verifications of the day are
// all taken already, counting nothing: the cheap early refusal, made as
// soon as a userId is read, before the file is.
func (v *Verifications) Check(ctx context.Context, leadID string) error {
	if v == nil || v.Counter == nil || v.PerDay <= 0 {
		return nil
	}
	name, _, left := day(v.Now)
	used, err := v.Counter.Used(ctx, leadID, name)
	if err != nil {
		return fmt.Errorf("read verification count: %w", err)
	}
	if used >= v.PerDay {
		return &Exceeded{Limit: v.PerDay, RetryAfter: left}
	}
	return nil
}

// Subjects of the stack-wide counters. They share the per-lead counters'
// store; a lead id is a UUID, so neither can be one.
const (
	SubjectTextReaderPages = "stack/text-reader-pages"
	SubjectVerifications   = "stack/verifications"
)

// Daily is an allowance a whole stack spends per UTC day: pages read by its
// text reader (TEXT_READER_PAGES_PER_DAY), verifications staged
// (VERIFICATIONS_PER_DAY). Past it, work is refused with 503 and
// Retry-After until the next UTC day: a hard stop on spend, which the
// alarm on Usage warns of first.
type Daily struct {
	Counter Counter
	// Subject names the allowance in Counter (SubjectTextReaderPages...).
	Subject string
	// PerDay is the allowance; zero or less turns it off.
	PerDay int
	// What is refused, for the client's message: "pages read", "verifications".
	What string
	Now  func() time.Time
	// Usage hears the day's count after each take (a metric); nil: nobody.
	Usage func(used int)
}

// spent is the refusal of a used-up daily allowance: a *derrors.Later, so
// 503 with Retry-After until the next UTC day.
func (d *Daily) spent(left time.Duration) error {
	return &derrors.Later{
		Reason:     "daily_" + reasonWord(d.Subject),
		Message:    "this service has used its allowance of " + d.What + " for today (" + strconv.Itoa(d.PerDay) + "); retry after midnight UTC",
		RetryAfter: left,
	}
}

// reasonWord is the subject without its "stack/" prefix, with "_" for "-".
func reasonWord(subject string) string {
	b := []byte(subject)
	for i, c := range b {
		if c == '-' {
			b[i] = '_'
		}
	}
	if len(b) > 6 && string(b[:6]) == "stack/" {
		b = b[6:]
	}
	return string(b)
}

// Take spends n of the day's allowance, or fails with a *derrors.Later
// when fewer than n are left (spending nothing).
func (d *Daily) Take(ctx context.Context, n int) error {
	if d == nil || d.Counter == nil || d.PerDay <= 0 || n <= 0 {
		return nil
	}
	name, expires, left := day(d.Now)
	used, ok, err := d.Counter.Take(ctx, d.Subject, name, n, d.PerDay, expires)
	if err != nil {
		return fmt.Errorf("take %d of the day's %s: %w", n, d.What, err)
	}
	if !ok {
		return d.spent(left)
	}
	if d.Usage != nil {
		d.Usage(used)
	}
	return nil
}

// Check fails with a *derrors.Later when the day's allowance is all spent,
// spending nothing: the refusal before anything is staged.
func (d *Daily) Check(ctx context.Context) error {
	if d == nil || d.Counter == nil || d.PerDay <= 0 {
		return nil
	}
	name, _, left := day(d.Now)
	used, err := d.Counter.Used(ctx, d.Subject, name)
	if err != nil {
		return fmt.Errorf("read the day's %s: %w", d.What, err)
	}
	if used >= d.PerDay {
		return d.spent(left)
	}
	return nil
}
