package localstore_test

import (
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/quota"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// The local store passes every storage suite the cloud adapters pass.

func TestLeadStoreConformance(t *testing.T) {
	storetest.RunLeadStore(t, func(t *testing.T) storetest.LeadStore { return open(t, t.TempDir()) })
}

func TestStagerConformance(t *testing.T) {
	storetest.RunStager(t, func(t *testing.T) storetest.Stager { return open(t, t.TempDir()) })
}

func TestRecorderConformance(t *testing.T) {
	storetest.RunRecorder(t, func(t *testing.T) storetest.Recorder { return open(t, t.TempDir()) })
}

func TestIdempotencyStoreConformance(t *testing.T) {
	storetest.RunIdempotencyStore(t, func(t *testing.T, now func() time.Time) idempotency.Store {
		s := open(t, t.TempDir())
		s.Now = now
		return s
	})
}

func TestCounterConformance(t *testing.T) {
	// bbolt runs one write transaction at a time: the concurrent case holds.
	storetest.RunCounter(t, func(t *testing.T) quota.Counter { return open(t, t.TempDir()) }, "")
}

func TestDataRightsConformance(t *testing.T) {
	storetest.RunDataRights(t, func(t *testing.T) storetest.DataRights {
		s := open(t, t.TempDir())
		return storetest.DataRights{Leads: s, Verifications: s, Keys: s, Counters: s, Evidence: s}
	})
}
