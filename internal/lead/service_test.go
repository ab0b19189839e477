package lead_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

var now = time.Date(2026, 11, 21, 10, 4, 5, 123e6, time.UTC)

// leads is a hand-written fake of lead.Storage that keeps the storage
// contract (TestFakesConformance). PutFn, when set, answers the n-th Put
// (from 0) instead of the store: a fault hook, for a store that fails, or
// stores and then loses its answer.
type leads struct {
	mu    sync.Mutex
	byID  map[string]lead.Lead
	puts  int
	PutFn func(f *leads, n int, l lead.Lead) error
}

func (f *leads) Put(_ context.Context, l lead.Lead) error {
	f.mu.Lock()
	n, fn := f.puts, f.PutFn
	f.puts++
	f.mu.Unlock()
	if fn != nil {
		return fn(f, n, l)
	}
	return f.store(l)
}

// store puts l as the contract says: an identical retry is done, another
// lead under a stored id is a conflict.
func (f *leads) store(l lead.Lead) error {
	if l.ID == "" {
		return errors.New("put lead: empty id")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if old, ok := f.byID[l.ID]; ok {
		if old.Email == l.Email && bytes.Equal(old.Data, l.Data) && old.CreatedAt.Equal(l.CreatedAt) && old.IdempotencyKey == l.IdempotencyKey {
			return nil
		}
		return fmt.Errorf("put lead %s: %w", l.ID, derrors.ErrConflict)
	}
	f.byID[l.ID] = l
	return nil
}

func (f *leads) Get(_ context.Context, id string) (lead.Lead, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	l, ok := f.byID[id]
	if !ok {
		return lead.Lead{}, fmt.Errorf("get lead %s: %w", id, derrors.ErrNotFound)
	}
	return l, nil
}

// keys is a hand-written fake of idempotency.Store that keeps its contract
// on the clock now (TestFakesConformance); LookupErr, when set, fails every
// Lookup (a fault hook).
type keys struct {
	mu        sync.Mutex
	entries   map[string]idempotency.Entry
	now       func() time.Time
	LookupErr error
}

func newKeys(now func() time.Time) *keys {
	return &keys{entries: map[string]idempotency.Entry{}, now: now}
}

// live is the unexpired entry of key; k.mu is held.
func (k *keys) live(key string) (idempotency.Entry, bool) {
	e, ok := k.entries[key]
	return e, ok && !e.Expired(k.now())
}

func (k *keys) Lookup(_ context.Context, key string) (idempotency.Entry, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.LookupErr != nil {
		return idempotency.Entry{}, k.LookupErr
	}
	e, ok := k.live(key)
	if !ok {
		return idempotency.Entry{}, fmt.Errorf("key: %w", derrors.ErrNotFound)
	}
	return e, nil
}

func (k *keys) PutIfAbsent(_ context.Context, e idempotency.Entry) error {
	if e.Key == "" {
		return errors.New("put key: empty key")
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if old, ok := k.live(e.Key); ok {
		if old.RequestHash == e.RequestHash && old.LeadID == e.LeadID && old.ExpiresAt.Equal(e.ExpiresAt) {
			return nil // a retry
		}
		return fmt.Errorf("key: %w", derrors.ErrConflict)
	}
	k.entries[e.Key] = e
	return nil
}

// TestFakesConformance: the fakes the service is tested on keep the
// contract every real store keeps, so no test below rests on an answer a
// real store cannot give.
func TestFakesConformance(t *testing.T) {
	t.Run("leads", func(t *testing.T) {
		storetest.RunLeadStore(t, func(*testing.T) storetest.LeadStore { return &leads{byID: map[string]lead.Lead{}} })
	})
	t.Run("keys", func(t *testing.T) {
		storetest.RunIdempotencyStore(t, func(_ *testing.T, now func() time.Time) idempotency.Store { return newKeys(now) })
	})
}

type fixture struct {
	leads *leads
	keys  *keys
	clock time.Time // the keys' clock; the service's is fixed at now
	svc   *lead.Service
}

// newFixture returns a service over empty fakes whose ids are id-1, id-2, ...
func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{leads: &leads{byID: map[string]lead.Lead{}}, clock: now}
	f.keys = newKeys(func() time.Time { return f.clock })
	var mu sync.Mutex
	n := 0
	svc, err := lead.NewService(f.leads, f.keys, func() time.Time { return now }, func() string {
		mu.Lock()
		defer mu.Unlock()
		n++
		return "id-" + strconv.Itoa(n)
	})
	if err != nil {
		t.Fatal(err)
	}
	f.svc = svc
	return f
}

const (
	adaBody   = `{"email":"ada@example.com","data":{"forename":"Ada","surname":"Lovelace"}}`
	adaData   = `{"forename":"Ada","surname":"Lovelace"}`
	graceBody = `{"email":"grace@example.com"}`
)

func ada(id, key string) lead.Lead {
	return lead.Lead{ID: id, Email: "ada@example.com", Data: []byte(adaData), CreatedAt: now, IdempotencyKey: key}
}

// step is one Create call and what it must answer.
type step struct {
	before  func(f *fixture)
	key     string
	body    string
	want    lead.Created
	wantErr error // a derrors kind, checked with errors.Is
	notErr  error // a kind the error must not be (a client kind hidden as unavailable)
}

func TestServiceCreate(t *testing.T) {
	landedButLost := func(err error) func(f *leads, n int, l lead.Lead) error {
		return func(f *leads, n int, l lead.Lead) error {
			if n > 0 {
				return f.store(l)
			}
			f.store(l) // the first attempt lands ...
			return err // ... but its answer is lost
		}
	}
	tests := []struct {
		name            string
		putFn           func(f *leads, n int, l lead.Lead) error
		steps           []step
		wantLeads       []string
		wantEntryLeadID map[string]string
	}{{
		name:      "without a key, a lead with a drawn id",
		steps:     []step{{body: adaBody, want: lead.Created{Lead: ada("id-1", "")}}},
		wantLeads: []string{"id-1"},
	}, {
		name: "an invalid body stores nothing",
		steps: []step{
			{body: `{"email":"not an e-mail"}`, wantErr: derrors.ErrInvalidArgument},
			{key: "k", body: `{"email":"not an e-mail"}`, wantErr: derrors.ErrInvalidArgument},
		},
	}, {
		name: "a retry with the key replays the first lead, another body conflicts",
		steps: []step{
			{key: "k1", body: adaBody, want: lead.Created{Lead: ada("id-1", "k1")}},
			{key: "k1", body: adaBody, want: lead.Created{Lead: ada("id-1", "k1"), Replayed: true}},
			{key: "k1", body: graceBody, wantErr: derrors.ErrConflict},
		},
		wantLeads:       []string{"id-1"},
		wantEntryLeadID: map[string]string{"k1": "id-1"},
	}, {
		name: "the same object in another key order or spacing is a replay",
		steps: []step{
			{key: "k5", body: adaBody, want: lead.Created{Lead: ada("id-1", "k5")}},
			{key: "k5", body: "{\n \"data\": {\"surname\": \"Lovelace\", \"forename\": \"Ada\"},\n \"email\": \"ada@example.com\"\n}",
				want: lead.Created{Lead: ada("id-1", "k5"), Replayed: true}},
		},
		wantLeads: []string{"id-1"},
	}, {
		name:  "a key that is not visible ASCII is invalid",
		steps: []step{{key: "two words", body: adaBody, wantErr: derrors.ErrInvalidArgument}},
	}, {
		name:  "a keyed lead stored whose answer was lost is answered to the retry",
		putFn: landedButLost(fmt.Errorf("put: timed out: %w", derrors.ErrUnavailable)),
		steps: []step{
			{key: "k2", body: adaBody, wantErr: derrors.ErrUnavailable},
			{key: "k2", body: adaBody, want: lead.Created{Lead: ada("id-1", "k2"), Replayed: true}},
			{key: "k3", body: graceBody, want: lead.Created{Lead: lead.Lead{ID: "id-2", Email: "grace@example.com", CreatedAt: now, IdempotencyKey: "k3"}}},
		},
		wantLeads: []string{"id-1", "id-2"},
	}, {
		name:  "a lead without a key stored whose answer was lost is a server fault; the retry is a new lead",
		putFn: landedButLost(fmt.Errorf("put: timed out: %w", derrors.ErrUnavailable)),
		steps: []step{
			{body: adaBody, wantErr: derrors.ErrUnavailable},
			{body: adaBody, want: lead.Created{Lead: ada("id-2", "")}},
		},
		wantLeads: []string{"id-1", "id-2"},
	}, {
		name: "a drawn id another lead has is a server fault, not a conflict",
		steps: []step{{
			before: func(f *fixture) {
				f.leads.byID["id-1"] = lead.Lead{ID: "id-1", Email: "grace@example.com", CreatedAt: now}
			},
			body: adaBody, wantErr: derrors.ErrUnavailable, notErr: derrors.ErrConflict,
		}},
		wantLeads: []string{"id-1"},
	}, {
		name: "a claim whose lead was never stored is completed by the retry under the claimed id",
		putFn: func(f *leads, n int, l lead.Lead) error {
			if n == 0 {
				return fmt.Errorf("put: %w", derrors.ErrUnavailable)
			}
			return f.store(l)
		},
		steps: []step{
			{key: "k7", body: adaBody, wantErr: derrors.ErrUnavailable},
			{key: "k7", body: adaBody, want: lead.Created{Lead: ada("id-1", "k7")}},
		},
		wantLeads:       []string{"id-1"},
		wantEntryLeadID: map[string]string{"k7": "id-1"},
	}, {
		name: "a key reused after it expired creates a new lead",
		steps: []step{
			{key: "k4", body: adaBody, want: lead.Created{Lead: ada("id-1", "k4")}},
			{before: func(f *fixture) { f.clock = now.Add(lead.IdempotencyKeyTTL) }, // expired
				key: "k4", body: graceBody, want: lead.Created{Lead: lead.Lead{ID: "id-2", Email: "grace@example.com", CreatedAt: now, IdempotencyKey: "k4"}}},
		},
		wantLeads: []string{"id-1", "id-2"},
	}, {
		name: "a key store that answers conflict on a lookup is a server fault",
		steps: []step{{
			before: func(f *fixture) { f.keys.LookupErr = fmt.Errorf("lookup: %w", derrors.ErrConflict) },
			key:    "k9", body: adaBody, wantErr: derrors.ErrUnavailable, notErr: derrors.ErrConflict,
		}},
	}, {
		name: "a busy key store stays busy",
		steps: []step{{
			before: func(f *fixture) { f.keys.LookupErr = fmt.Errorf("lookup: %w", derrors.ErrBusy) },
			key:    "k10", body: adaBody, wantErr: derrors.ErrBusy,
		}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.leads.PutFn = tt.putFn
			for i, s := range tt.steps {
				if s.before != nil {
					s.before(f)
				}
				got, err := f.svc.Create(context.Background(), lead.CreateRequest{Body: []byte(s.body), IdempotencyKey: s.key})
				if s.wantErr != nil {
					if !errors.Is(err, s.wantErr) || (s.notErr != nil && errors.Is(err, s.notErr)) {
						t.Fatalf("step %d: err = %v, want %v (and not %v)", i, err, s.wantErr, s.notErr)
					}
					continue
				}
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if diff := cmp.Diff(s.want, got); diff != "" {
					t.Errorf("step %d: Create (-want +got):\n%s", i, diff)
				}
			}
			var ids []string
			for id := range f.leads.byID {
				ids = append(ids, id)
			}
			slices.Sort(ids)
			if diff := cmp.Diff(tt.wantLeads, ids); diff != "" {
				t.Errorf("stored leads (-want +got):\n%s", diff)
			}
			for key, id := range tt.wantEntryLeadID {
				if got := f.keys.entries[key].LeadID; got != id {
					t.Errorf("entry %s names lead %q, want %q", key, got, id)
				}
			}
		})
	}
}

func TestServiceCreateConcurrentKeyCreatesOneLead(t *testing.T) {
	f := newFixture(t)
	answers := make([]lead.Created, 16)
	errs := make([]error, len(answers))
	var wg sync.WaitGroup
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i], errs[i] = f.svc.Create(context.Background(), lead.CreateRequest{Body: []byte(adaBody), IdempotencyKey: "k6"})
		}()
	}
	wg.Wait()
	for i := range answers {
		if errs[i] != nil || answers[i].Lead.ID != answers[0].Lead.ID {
			t.Errorf("answer %d = %+v, %v; want lead %s", i, answers[i].Lead, errs[i], answers[0].Lead.ID)
		}
	}
	if len(f.leads.byID) != 1 {
		t.Errorf("%d leads stored, want 1", len(f.leads.byID))
	}
}

func TestNewServiceRefusesAMissingDependency(t *testing.T) {
	store, keyStore := &leads{byID: map[string]lead.Lead{}}, newKeys(time.Now)
	newID := func() string { return "id" }
	for _, tt := range []struct {
		name  string
		leads lead.Storage
		keys  idempotency.Store
		now   func() time.Time
		newID func() string
	}{
		{"no lead storage", nil, keyStore, time.Now, newID},
		{"no key store", store, nil, time.Now, newID},
		{"no clock", store, keyStore, nil, newID},
		{"no ids", store, keyStore, time.Now, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if s, err := lead.NewService(tt.leads, tt.keys, tt.now, tt.newID); err == nil || s != nil {
				t.Errorf("NewService = %v, %v; want an error", s, err)
			}
		})
	}
	if _, err := lead.NewService(store, keyStore, time.Now, newID); err != nil {
		t.Errorf("NewService with every dependency: %v", err)
	}
}
