package lead

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// EmailKey is how a lead is found by e-mail without a table scan: the
// lowercase hex SHA-256 of the address trimmed and lower-cased as a whole.
// Lower-casing the local part too is a choice for finding a patient
// (erasure, access), where missing a lead written Ada@ rather than ada@
// would be worse than finding one more to check by hand. It is a plain
// digest, not a keyed one: the lead item holds the address itself, so a
// secret would protect nothing and would have to be kept for as long as
// any lead.
func EmailKey(email string) string {
	sum := sha256.Sum256([]byte("lead-email:" + strings.ToLower(strings.TrimSpace(email))))
	return hex.EncodeToString(sum[:])
}

// LogRef is how a lead id appears in logs and error messages: "lead:" and
// the first 16 hex digits of a SHA-256 of the id (lower-cased), so one
// lead's lines can be followed, and its id found from a known id, but no
// line gives the id itself (docs/security.md, "Logs"). Lead ids are random
// UUIDs, so the digest cannot be walked back by guessing.
func LogRef(id string) string {
	sum := sha256.Sum256([]byte("lead-log:" + strings.ToLower(id)))
	return "lead:" + hex.EncodeToString(sum[:8])
}
