package storetest

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/lead"
)

// LeadStore is a store of leads that can read them back.
type LeadStore interface {
	lead.Store
	lead.Finder
}

// IntakeJSON is an invented intake record, compact, with keys out of
// alphabetical order, characters JSON encoders like to escape and numbers
// whose text matters.
const IntakeJSON = `{"surname":"Testperson","forename":"Ada <Q&A>","phone":"","gender":"female",` +
	`"dateOfBirth":"1980-02-29","billingAddress":{"zipCode":"SW1A 1AA","city":"Lóndon` + "\u2028" + `"},` +
	`"height":{"unit":"cm","cm":"170"},"surgeries":[],"prescriptionMedication":[{"reason":"x","medication":"Wegovy"}],` +
	`"medicalConditions":[{"condition":"asthma"},{}],"extra":null,"flag":true,"n":12.50}`

// RunLeadStore checks lead.Store and lead.Finder: what Put stores Get
// returns byte for byte; an identical retry of a Put succeeds; another lead
// under a stored id is a conflict that changes nothing; a missing id is not
// found.
func RunLeadStore(t *testing.T, newStore func(t *testing.T) LeadStore) {
	full := lead.Lead{
		ID:             "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01",
		Email:          "Ada.Testperson@example.com",
		Data:           json.RawMessage(IntakeJSON),
		CreatedAt:      created,
		IdempotencyKey: "retry-key-9",
	}
	t.Run("Get returns what Put stored", func(t *testing.T) {
		s := newStore(t)
		for _, l := range []lead.Lead{
			full,
			{ID: "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a02", Email: "bo.testperson@example.com", CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)},
			{ID: "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a03", Email: "cy.testperson@example.com", Data: json.RawMessage(`{}`), CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 999e6, time.UTC)},
		} {
			if err := s.Put(t.Context(), l); err != nil {
				t.Fatalf("Put %s: %v", l.ID, err)
			}
			wantLead(t, s, l)
		}
	})
	t.Run("an identical retry succeeds", func(t *testing.T) {
		s := newStore(t)
		wantRetryDone(t, "Put", func() error { return s.Put(t.Context(), full) })
		wantLead(t, s, full)
	})
	t.Run("another lead under a stored id is a conflict", func(t *testing.T) {
		for name, change := range map[string]func(*lead.Lead){
			"email":           func(l *lead.Lead) { l.Email = "second.testperson@example.com" },
			"data":            func(l *lead.Lead) { l.Data = json.RawMessage(`{"surname":"Second"}`) },
			"no data":         func(l *lead.Lead) { l.Data = nil },
			"createdAt":       func(l *lead.Lead) { l.CreatedAt = l.CreatedAt.Add(time.Second) },
			"idempotency key": func(l *lead.Lead) { l.IdempotencyKey = "" },
		} {
			t.Run(name, func(t *testing.T) {
				s := newStore(t)
				second := full
				change(&second)
				err := wantConflict(t, "Put", func() error { return s.Put(t.Context(), full) }, func() error { return s.Put(t.Context(), second) })
				wantNoSecrets(t, err, "testperson", "Testperson", "Second")
				wantLead(t, s, full)
			})
		}
	})
	t.Run("a missing id is not found", func(t *testing.T) {
		s := newStore(t)
		for _, id := range []string{"6f0b8d7e-1111-4222-8333-944455556666", ""} {
			_, err := s.Get(t.Context(), id)
			wantKind(t, "Get("+id+")", err, derrors.ErrNotFound)
		}
	})
	t.Run("an empty id is refused", func(t *testing.T) {
		s := newStore(t)
		wantRefusal(t, "Put with no id", s.Put(t.Context(), lead.Lead{Email: "a@example.com", CreatedAt: created}))
	})
}

func wantLead(t *testing.T, s lead.Finder, want lead.Lead) {
	t.Helper()
	got, err := s.Get(context.WithoutCancel(t.Context()), want.ID)
	if err != nil {
		t.Fatalf("Get %s: %v", want.ID, err)
	}
	if diff := cmp.Diff(leadView(want), leadView(got)); diff != "" {
		t.Errorf("Get %s (-want +got):\n%s", want.ID, diff)
	}
}

// leadView shows Data as text, so a diff shows bytes rather than numbers.
func leadView(l lead.Lead) map[string]string {
	return map[string]string{
		"id":             l.ID,
		"email":          l.Email,
		"data":           string(l.Data),
		"createdAt":      l.CreatedAt.UTC().Format(time.RFC3339Nano),
		"idempotencyKey": l.IdempotencyKey,
	}
}
