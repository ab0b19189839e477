package storetest

import (
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/evidence"
)

// RunReadJobs checks evidence.ReadJobs: a saved job is found for its lead
// and file only, the first job saved for a file stays, and an expired one
// is not found. now is the clock the store judges expiry by; the suite
// saves jobs that expire an hour either side of it.
func RunReadJobs(t *testing.T, newStore func(t *testing.T) evidence.ReadJobs, now time.Time) {
	const lead, other = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01", "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a02"
	const sha, sha2 = "3f2b6c0d4e5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e", "0000000000000000000000000000000000000000000000000000000000000001"
	started := now.Add(-time.Minute).Truncate(time.Second)
	job := evidence.ReadJob{ID: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", Pages: 3, StartedAt: started}
	t.Run("finds what was saved for the lead and file", func(t *testing.T) {
		s := newStore(t)
		if _, found, err := s.FindJob(t.Context(), lead, sha); err != nil || found {
			t.Fatalf("FindJob before any save = %v, %v; want not found", found, err)
		}
		if err := s.SaveJob(t.Context(), lead, sha, job, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		got, found, err := s.FindJob(t.Context(), lead, sha)
		if err != nil || !found || got.ID != job.ID || got.Pages != job.Pages || !got.StartedAt.Equal(job.StartedAt) {
			t.Errorf("FindJob = %+v, %v, %v; want %+v", got, found, err, job)
		}
		for _, k := range [][2]string{{other, sha}, {lead, sha2}} {
			if _, found, err := s.FindJob(t.Context(), k[0], k[1]); err != nil || found {
				t.Errorf("FindJob(%s, %s) = %v, %v; want not found", k[0], k[1][:8], found, err)
			}
		}
	})
	t.Run("the first job saved stays", func(t *testing.T) {
		s := newStore(t)
		if err := s.SaveJob(t.Context(), lead, sha, job, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		second := evidence.ReadJob{ID: "second", Pages: 3, StartedAt: started}
		if err := s.SaveJob(t.Context(), lead, sha, second, now.Add(time.Hour)); err != nil {
			t.Errorf("second SaveJob = %v; want nil (a concurrent start)", err)
		}
		if got, _, err := s.FindJob(t.Context(), lead, sha); err != nil || got.ID != job.ID {
			t.Errorf("FindJob after a second save = %+v, %v; want the first", got, err)
		}
	})
	t.Run("an expired job is not found", func(t *testing.T) {
		s := newStore(t)
		if err := s.SaveJob(t.Context(), lead, sha, job, now.Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, found, err := s.FindJob(t.Context(), lead, sha); err != nil || found {
			t.Errorf("FindJob of an expired job = %v, %v; want not found", found, err)
		}
		fresh := evidence.ReadJob{ID: "fresh", Pages: 2, StartedAt: started}
		if err := s.SaveJob(t.Context(), lead, sha, fresh, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if got, found, err := s.FindJob(t.Context(), lead, sha); err != nil || !found || got.ID != "fresh" {
			t.Errorf("FindJob after saving over an expired job = %+v, %v, %v; want the new one", got, found, err)
		}
	})
}
