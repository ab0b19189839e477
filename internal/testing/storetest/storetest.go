// Package storetest is the conformance suite of the service's storage
// interfaces, one Run function per interface group, as go-cloud's
// drivertest is for its drivers. Every implementation runs them: the
// DynamoDB and S3 adapters on the emulator, localstore, and the hand-written
// fakes of other packages' tests, so that none can drift from the contract
// written on the interface.
//
// Each Run function takes a constructor that returns a new, empty store for
// one subtest, together with whatever read-back the interface lacks (the
// staged upload of a key, the records of a user).
//
// It is test support: only _test.go files may import it, never production
// code (TestNotImportedByProductionCode).
package storetest

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
)

// created is a creation time as stores keep it: to the millisecond, UTC.
var created = time.Date(2026, 11, 21, 10, 4, 5, 123e6, time.UTC)

// wantKind fails t unless err wraps kind.
func wantKind(t *testing.T, what string, err, kind error) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Fatalf("%s: err = %v, want one wrapping %v", what, err, kind)
	}
}

// wantRefusal fails t unless err is an error of neither storage kind: a
// write the store refuses for what was asked, not a conflict or an outage.
func wantRefusal(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	if errors.Is(err, derrors.ErrConflict) {
		t.Errorf("%s: err = %v, want a refusal, not a conflict", what, err)
	}
}

// wantNoSecrets fails t when err's text shows any of the values: an error
// is logged, and a record's contents are personal data.
func wantNoSecrets(t *testing.T, err error, values ...string) {
	t.Helper()
	for _, v := range values {
		if v != "" && strings.Contains(err.Error(), v) {
			t.Errorf("error %q shows %q", err, v)
		}
	}
}

// wantRetryDone runs write twice and fails t unless both succeed: an
// identical retry of a write that landed but lost its answer is done, not
// a conflict. what names the write ("Put").
func wantRetryDone(t *testing.T, what string, write func() error) {
	t.Helper()
	if err := write(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if err := write(); err != nil {
		t.Fatalf("the same %s again: err = %v, want nil", what, err)
	}
}

// wantConflict runs first, which must succeed, then second, another write
// under the same key, which must fail wrapping derrors.ErrConflict; it
// returns second's error for further checks.
func wantConflict(t *testing.T, what string, first, second func() error) error {
	t.Helper()
	if err := first(); err != nil {
		t.Fatalf("first %s: %v", what, err)
	}
	err := second()
	wantKind(t, "second "+what, err, derrors.ErrConflict)
	return err
}
