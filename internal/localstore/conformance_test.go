package localstore_test

import (
	"testing"

	"github.com/clinicplatform/intake/internal/quota"
	"github.com/clinicplatform/intake/internal/storetest"
)

// The local store passes every storage suite the cloud adapters pass.

func TestStagerConformance(t *testing.T) {
	storetest.RunStager(t, func(t *testing.T) storetest.Stager { return open(t, t.TempDir()) })
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
