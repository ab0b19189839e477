package localstore_test

import (
	"testing"

	"github.com/clinicplatform/intake/internal/quota/quotatest"
)

func TestQuotaCounter(t *testing.T) {
	quotatest.RunCounterTests(t, open(t, t.TempDir()), "")
}
