// Package idempotency lets a client retry create-lead safely: a request that
// carries an Idempotency-Key gets the response of the first request made with
// that key, instead of a second lead. It imports no AWS or HTTP code.
//
// The intended flow for a request with a key:
//
//  1. Lookup(key). Found: Check(entry, HashRequest(body)); on success, replay
//     entry.Response; a different body is a conflict.
//  2. Not found: create the lead, then PutIfAbsent the entry with the response.
//     ErrConflict there means a concurrent request with the same key won the
//     race: Lookup again and replay (or reject) as in step 1.
package idempotency

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
)

// Entry is the remembered outcome of the first request made with a key.
type Entry struct {
	Key string
	// RequestHash is HashRequest of the first request's body.
	RequestHash string
	LeadID      string
	// Response is the exact response body (JSON) that was sent.
	Response []byte
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
// error wrapping derrors.ErrConflict when an unexpired entry holds the key; an
// expired one is replaced.
type Store interface {
	Lookup(ctx context.Context, key string) (Entry, error)
	PutIfAbsent(ctx context.Context, e Entry) error
}

// HashRequest is the digest that tells whether a retry is the same request
// (lowercase hex SHA-256 of the body as received).
func HashRequest(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
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
