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
