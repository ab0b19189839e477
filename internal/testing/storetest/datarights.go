package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/clinicplatform/intake/internal/datarights"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/quota"
)

// DataRights are one stack's stores, each with the writer the service
// fills it through and the datarights interface that finds and removes a
// patient's part of it.
type DataRights struct {
	Leads interface {
		lead.Store
		datarights.Leads
	}
	Verifications interface {
		evidence.Recorder
		datarights.Verifications
	}
	Keys interface {
		idempotency.Store
		datarights.Keys
	}
	Counters interface {
		quota.Counter
		datarights.Counters
	}
	Evidence interface {
		evidence.Stager
		datarights.Evidence
	}
}

// RunDataRights checks the datarights store interfaces: leads are found by
// e-mail as lead.EmailKey normalises it; each delete removes only what it
// names and deleting what is gone is not an error; DeleteCounters and
// PurgeEvidence count what they removed.
func RunDataRights(t *testing.T, newStores func(t *testing.T) DataRights) {
	const ada, bo = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01", "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a02"
	const missing = "6f0b8d7e-1111-4222-8333-944455556666"
	t.Run("leads", func(t *testing.T) {
		s := newStores(t).Leads
		for id, email := range map[string]string{ada: "Ada.Testperson@example.com", bo: "bo.testperson@example.com"} {
			if err := s.Put(t.Context(), lead.Lead{ID: id, Email: email, CreatedAt: created}); err != nil {
				t.Fatalf("Put %s: %v", id, err)
			}
		}
		for email, want := range map[string][]string{
			" ada.testperson@EXAMPLE.com": {ada},
			"bo.testperson@example.com":   {bo},
			"cy.testperson@example.com":   nil,
		} {
			got, err := s.LeadIDsByEmail(t.Context(), email)
			if err != nil {
				t.Fatalf("LeadIDsByEmail(%q): %v", email, err)
			}
			// An index may list an id twice; the service compacts.
			got = slices.Compact(slices.Sorted(slices.Values(got)))
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("LeadIDsByEmail(%q) (-want +got):\n%s", email, diff)
			}
		}
		for _, id := range []string{ada, ada, missing} {
			if err := s.DeleteLead(t.Context(), id); err != nil {
				t.Fatalf("DeleteLead(%s): %v", id, err)
			}
		}
		_, err := s.Get(t.Context(), ada)
		wantKind(t, "Get of a deleted lead", err, derrors.ErrNotFound)
		if got, err := s.Get(t.Context(), bo); err != nil || got.ID != bo {
			t.Errorf("Get of another lead after DeleteLead = %+v, %v", got, err)
		}
	})
	t.Run("verifications", func(t *testing.T) {
		s := newStores(t).Verifications
		mine, theirs := Record("3e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6a", ada, created), Record("4e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6a", bo, created)
		for _, r := range []evidence.Record{mine, theirs} {
			if err := s.Record(t.Context(), r); err != nil {
				t.Fatalf("Record %s: %v", r.ID, err)
			}
		}
		for _, id := range []string{mine.ID, mine.ID, missing} {
			if err := s.DeleteVerification(t.Context(), id); err != nil {
				t.Fatalf("DeleteVerification(%s): %v", id, err)
			}
		}
		wantRecords(t, s, ada)
		wantRecords(t, s, bo, theirs)
	})
	t.Run("idempotency keys", func(t *testing.T) {
		s := newStores(t).Keys
		for _, key := range []string{"k-ada", "k-bo"} {
			e := idempotency.Entry{Key: key, RequestHash: "h", LeadID: ada, ExpiresAt: time.Now().Add(time.Hour).Truncate(time.Second)}
			if err := s.PutIfAbsent(t.Context(), e); err != nil {
				t.Fatalf("PutIfAbsent %s: %v", key, err)
			}
		}
		for _, key := range []string{"k-ada", "k-ada", "never-used"} {
			if err := s.DeleteKey(t.Context(), key); err != nil {
				t.Fatalf("DeleteKey(%s): %v", key, err)
			}
		}
		_, err := s.Lookup(t.Context(), "k-ada")
		wantKind(t, "Lookup of a deleted key", err, derrors.ErrNotFound)
		if _, err := s.Lookup(t.Context(), "k-bo"); err != nil {
			t.Errorf("Lookup of another key after DeleteKey: %v", err)
		}
	})
	t.Run("quota counters", func(t *testing.T) {
		s := newStores(t).Counters
		exp := created.Add(48 * time.Hour)
		for _, take := range []struct{ lead, day string }{{ada, "2026-11-20"}, {ada, "2026-11-21"}, {ada, "2026-11-21"}, {bo, "2026-11-21"}} {
			if _, ok, err := s.Take(t.Context(), take.lead, take.day, 1, 2, exp); err != nil || !ok {
				t.Fatalf("Take %v = %v, %v", take, ok, err)
			}
		}
		for _, want := range []int{2, 0} {
			if n, err := s.DeleteCounters(t.Context(), ada); err != nil || n != want {
				t.Fatalf("DeleteCounters = %d, %v; want %d", n, err, want)
			}
		}
		// ada's counter starts again; bo's has one use left.
		for _, take := range []struct {
			lead string
			want bool
		}{{ada, true}, {ada, true}, {bo, true}, {bo, false}} {
			if _, ok, err := s.Take(t.Context(), take.lead, "2026-11-21", 1, 2, exp); err != nil || ok != take.want {
				t.Errorf("Take %s after DeleteCounters = %v, %v; want %v", take.lead, ok, err, take.want)
			}
		}
	})
	t.Run("evidence", func(t *testing.T) {
		s := newStores(t).Evidence
		older := "evidence/2025/01/02/r2.pdf" // staged before keys carried the lead's prefix
		for _, key := range []string{
			evidence.LeadPrefix(ada) + "2026/11/21/a.pdf",
			evidence.LeadPrefix(ada) + "2026/11/22/b.png",
			evidence.LeadPrefix(bo) + "2026/11/21/c.pdf",
			older,
			older + "x",
		} {
			if err := s.Stage(t.Context(), key, Upload("body of "+key, "application/pdf")); err != nil {
				t.Fatalf("Stage %s: %v", key, err)
			}
		}
		for _, purge := range []struct {
			prefix string
			want   int
		}{
			{evidence.LeadPrefix(ada), 2},
			{evidence.LeadPrefix(ada), 0},
			{older, 1},
			{older, 0},
			{evidence.LeadPrefix(missing), 0},
			{evidence.LeadPrefix(bo), 1},
			{older + "x", 1},
		} {
			if n, err := s.PurgeEvidence(t.Context(), purge.prefix); err != nil || n != purge.want {
				t.Errorf("PurgeEvidence(%s) = %d, %v; want %d", purge.prefix, n, err, purge.want)
			}
		}
	})
}
