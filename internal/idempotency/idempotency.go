// Package idempotency lets a client retry create-lead safely: a request that
// carries an Idempotency-Key gets the lead of the first request made with
// that key, instead of a second lead. It imports no AWS or HTTP code.
//
// lead.Service follows this flow for a request with a key:
//
//  1. Lookup(key). Found: Check(entry, HashRequest(body)); on success answer
//     the lead entry.LeadID names (storing it under that id first if the
//     attempt that claimed the key never did); a different body is a
//     conflict.
//  2. Not found: draw a new random lead id and claim the key with
//     PutIfAbsent(entry naming it) before storing the lead. ErrConflict
//     there means a concurrent request with the same key claimed it first:
//     Lookup again and go on as in step 1, so two requests with one key
//     never create two leads.
//
// An entry holds no copy of the answer: the lead it names is the answer, so
// erasing the lead leaves nothing of the patient in the entry but a digest.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
)

// Entry is the claim of a key by the first request made with it.
type Entry struct {
	Key string
	// RequestHash is HashRequest of the first request's body.
	RequestHash string
	// LeadID is the id drawn for the lead the key creates.
	LeadID string
	// ExpiresAt is when the key may be used again for a new request; stores
	// keep it to the second.
	ExpiresAt time.Time
}

// Expired reports whether e no longer counts at now.
func (e Entry) Expired(now time.Time) bool {
	return e.ExpiresAt.Unix() <= now.Unix()
}

// Store remembers entries. Lookup of a key never stored, or whose entry has
// expired, is an error wrapping derrors.ErrNotFound. PutIfAbsent fails with an
// error wrapping derrors.ErrConflict when an unexpired entry holds the key,
// and leaves that entry as it was, unless it is that entry exactly: a retry
// of a PutIfAbsent that landed but lost its answer succeeds, writing
// nothing. An expired entry is replaced. Every implementation passes
// storetest.RunIdempotencyStore.
type Store interface {
	Lookup(ctx context.Context, key string) (Entry, error)
	PutIfAbsent(ctx context.Context, e Entry) error
}

// HashRequest is the digest that tells whether a retry is the same request:
// lowercase hex SHA-256 of the body's canonical JSON (object keys sorted,
// no insignificant white space, strings re-escaped one way), so the same
// object sent with its keys in another order or spaced differently is the
// same request. Numbers keep their text (12.5 and 12.50 differ, since the
// lead would echo either as sent). A body that is not one JSON value is
// hashed as received.
func HashRequest(body []byte) string {
	sum := sha256.Sum256(canonical(body))
	return hex.EncodeToString(sum[:])
}

func canonical(body []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return body
	}
	if _, err := dec.Token(); err == nil {
		return body // trailing data after the value
	}
	// Marshal sorts map keys; json.Number keeps each number's text.
	out, err := json.Marshal(v)
	if err != nil {
		return body
	}
	return out
}

// Check accepts a retry whose body hashes to requestHash when it is the same
// request as stored; a different body under the same key is a client error
// wrapping derrors.ErrConflict, with a message safe to show the client.
func Check(stored Entry, requestHash string) error {
	if stored.RequestHash != requestHash {
		return &derrors.Client{
			Kind:    derrors.ErrConflict,
			Message: "Idempotency-Key was already used with a different request body",
		}
	}
	return nil
}
