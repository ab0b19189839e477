package derrors_test

import (
	"errors"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
)

func TestUnavailable(t *testing.T) {
	cause := errors.New("connection reset")
	err := derrors.Unavailable(cause)
	if !errors.Is(err, derrors.ErrUnavailable) || !errors.Is(err, cause) {
		t.Errorf("Unavailable(%v) = %v, want one wrapping ErrUnavailable and the cause", cause, err)
	}
	if got, want := err.Error(), "dependency unavailable: connection reset"; got != want {
		t.Errorf("Unavailable(%v).Error() = %q, want %q", cause, got, want)
	}
}
