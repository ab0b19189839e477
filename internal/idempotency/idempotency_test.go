package idempotency_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
)

func TestHashRequest(t *testing.T) {
	// sha256("abc"), from FIPS 180-2: a body that is not JSON is hashed as is.
	const want = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	if got := idempotency.HashRequest([]byte("abc")); got != want {
		t.Errorf("HashRequest(abc) = %s, want %s", got, want)
	}
	// sha256 of the canonical form `{"a":1,"b":"x"}`.
	sum := sha256.Sum256([]byte(`{"a":1,"b":"x"}`))
	if got := idempotency.HashRequest([]byte(` { "b" : "\u0078", "a" : 1 } `)); got != hex.EncodeToString(sum[:]) {
		t.Errorf("HashRequest of a reordered object = %s, want the digest of its canonical form", got)
	}
}

func TestHashRequestOrderFree(t *testing.T) {
	a := `{"email":"a@example.com","data":{"forename":"Ada","surname":"Lovelace","height":{"unit":"cm","cm":"170"}}}`
	b := `{"data":{"height":{"cm":"170","unit":"cm"},"surname":"Lovelace","forename":"Ada"},"email":"a@example.com"}`
	if idempotency.HashRequest([]byte(a)) != idempotency.HashRequest([]byte(b)) {
		t.Errorf("the same object with its keys in another order hashes differently")
	}
	c := `{"data":{"height":{"cm":"171","unit":"cm"},"surname":"Lovelace","forename":"Ada"},"email":"a@example.com"}`
	if idempotency.HashRequest([]byte(a)) == idempotency.HashRequest([]byte(c)) {
		t.Errorf("different objects hash the same")
	}
}

func TestCheck(t *testing.T) {
	stored := idempotency.Entry{Key: "k1", RequestHash: idempotency.HashRequest([]byte(`{"email":"a@example.com"}`))}
	tests := []struct {
		name     string
		body     string
		conflict bool
	}{
		{name: "same body", body: `{"email":"a@example.com"}`},
		{name: "different body", body: `{"email":"b@example.com"}`, conflict: true},
		{name: "same content, other spacing", body: "{ \"email\":\t\"a@example.com\" }\n"},
		{name: "another object, keys out of order", body: `{"data":{"b":[1,{"y":2,"x":1}],"a":null},"email":"a@example.com"}`, conflict: true},
		{name: "escaped the other way", body: `{"email":"a\u0040example.com"}`},
		{name: "another number text", body: `{"email":"a@example.com","n":1.0}`, conflict: true},
		{name: "trailing data", body: `{"email":"a@example.com"} {}`, conflict: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := idempotency.Check(stored, idempotency.HashRequest([]byte(tt.body)))
			if got := errors.Is(err, derrors.ErrConflict); got != tt.conflict {
				t.Fatalf("Check: err = %v, conflict = %v, want %v", err, got, tt.conflict)
			}
			var client *derrors.Client
			if tt.conflict && !errors.As(err, &client) {
				t.Errorf("Check: err = %v, want a *derrors.Client with a client-safe message", err)
			}
		})
	}
}

func TestEntryExpired(t *testing.T) {
	expires := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	e := idempotency.Entry{ExpiresAt: expires}
	tests := []struct {
		now  time.Time
		want bool
	}{
		{now: expires.Add(-time.Second), want: false},
		{now: expires.Add(-time.Millisecond), want: false},
		{now: expires, want: true},
		{now: expires.Add(time.Hour), want: true},
	}
	for _, tt := range tests {
		t.Run(tt.now.Format(time.RFC3339Nano), func(t *testing.T) {
			if got := e.Expired(tt.now); got != tt.want {
				t.Errorf("Expired(%v) = %v, want %v", tt.now, got, tt.want)
			}
		})
	}
}
