// Package lead is the lead capture domain: the intake record, its validation,
// the storage contract, and lead creation (Service: validate, draw the id,
// claim an Idempotency-Key, store without overwriting, replay a keyed retry and
// complete a keyed attempt whose answer was lost; why that is not one DynamoDB
// transaction is said on Service). internal/api only decodes the request,
// calls Service.Create and encodes the lead it returns. The record's schema
// has one source, openapi.yaml (CreateLeadPayload and IntakeRecord);
// schema.go is derived from it. It imports no AWS or HTTP code.
package lead

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Lead is a stored lead. Data is the intake record exactly as the client sent
// it and validation accepted it (compact JSON object), so nothing the client
// sent is dropped or invented on the way back out.
type Lead struct {
	ID        string
	Email     string
	Data      json.RawMessage
	CreatedAt time.Time
	// IdempotencyKey is the Idempotency-Key of the request that created
	// the lead, if any: erasure removes the key's entry with the lead.
	IdempotencyKey string
}

// EncodeExact encodes v as JSON leaving <, > and & as they are, without the
// encoder's trailing newline: the exact bytes of a Lead's Data (or of any
// json.RawMessage in v) survive, so what the client sent comes back out as
// sent. The API's response body and every store's copy of Data use it.
func EncodeExact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Patient is what other domains read of a lead's intake record: the name
// evidence is checked against. The record's schema is openapi.yaml's
// IntakeRecord (schema.go is derived from it); Data keeps the rest as sent.
type Patient struct {
	Forename string `json:"forename"`
	Surname  string `json:"surname"`
}

// Patient decodes the patient's name from the intake record; a lead without
// a record, or a record without a name, has empty fields.
func (l Lead) Patient() (Patient, error) {
	var p Patient
	if len(l.Data) == 0 {
		return p, nil
	}
	if err := json.Unmarshal(l.Data, &p); err != nil {
		return Patient{}, fmt.Errorf("decode intake of lead %s: %w", l.ID, err)
	}
	return p, nil
}

// Store persists leads. Put never overwrites. Putting a lead whose id is
// stored already succeeds, writing nothing, when it is the stored lead
// exactly (every field, CreatedAt to the millisecond): that is a retry of a
// Put that landed but lost its answer. Any other lead under that id fails
// with an error wrapping derrors.ErrConflict and leaves the stored one as it
// was. Every implementation passes storetest.RunLeadStore.
type Store interface {
	Put(ctx context.Context, l Lead) error
}

// Finder reads a lead by id; a missing (or empty) id is an error wrapping
// derrors.ErrNotFound.
type Finder interface {
	Get(ctx context.Context, id string) (Lead, error)
}

// Payload is an accepted create-lead request body.
type Payload struct {
	Email string
	// Data is the compact JSON of the "data" object, or nil when the client
	// sent none (or sent null).
	Data json.RawMessage
}
