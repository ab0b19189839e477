package dynamo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/isotime"
	"github.com/clinicplatform/intake/internal/lead"
)

// Attribute names of a lead item. id is the table's partition key.
const (
	attrID        = "id"
	attrEmail     = "email"
	attrCreatedAt = "createdAt"
	// attrData holds the intake record as a native map, for people who
	// query the table.
	attrData = "data"
	// attrDataJSON holds the intake record's exact compact JSON: a map
	// does not keep key order, and Get must return what Put was given.
	attrDataJSON = "dataJson"
	// attrEmailKey is lead.EmailKey of the address, the key of the byEmail
	// index that erasure and access requests query.
	attrEmailKey = "emailKey"
	// attrIdempotencyKey names the key that created the lead, if any.
	attrIdempotencyKey = "idempotencyKey"
	// EmailIndex is the leads table's index on emailKey.
	EmailIndex = "byEmail"
)

// LeadStore keeps leads in a table whose partition key is "id" (S).
type LeadStore struct {
	Client API
	Table  string
	// Retention is how long after its creation DynamoDB TTL deletes a lead;
	// zero writes no expiresAt.
	Retention time.Duration
	// Now, when set, makes a lead past its expiresAt read as
	// derrors.ErrNotFound, as if TTL had already deleted it (TTL deletes
	// within days, not to the second): verify-evidence reads nothing for a
	// lead past its retention (issue 19, "no lead, no read"). Nil reads every
	// item still in the table, as data rights requests must.
	Now func() time.Time
}

var (
	_ lead.Store  = (*LeadStore)(nil)
	_ lead.Finder = (*LeadStore)(nil)
)

// Put writes l unless another lead has its id (derrors.ErrConflict).
func (s *LeadStore) Put(ctx context.Context, l lead.Lead) error {
	if l.ID == "" {
		return errors.New("put lead: empty id")
	}
	item := map[string]types.AttributeValue{
		attrID:        str(l.ID),
		attrEmail:     str(l.Email),
		attrCreatedAt: str(isotime.Format(l.CreatedAt)),
		attrEmailKey:  str(lead.EmailKey(l.Email)),
	}
	if l.IdempotencyKey != "" {
		item[attrIdempotencyKey] = str(l.IdempotencyKey)
	}
	setExpiry(item, l.CreatedAt, s.Retention)
	if len(l.Data) > 0 {
		exact, data, err := dataAttributes(l.Data)
		if err != nil {
			return fmt.Errorf("put lead %s: %w", l.ID, err)
		}
		item[attrDataJSON] = str(exact)
		item[attrData] = data
	}
	return putNew(ctx, s.Client, s.Table, attrID, item, "lead "+l.ID)
}

// dataAttributes returns the compact JSON of data and the same as a map.
func dataAttributes(data json.RawMessage) (string, types.AttributeValue, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return "", nil, fmt.Errorf("data is not JSON: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(compact.Bytes()))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", nil, fmt.Errorf("decode data: %w", err)
	}
	av, err := attributevalue.Marshal(v)
	if err != nil {
		return "", nil, fmt.Errorf("encode data as a map: %w", err)
	}
	return compact.String(), av, nil
}

// Get reads the lead with id; a missing one is derrors.ErrNotFound.
func (s *LeadStore) Get(ctx context.Context, id string) (lead.Lead, error) {
	var item struct {
		ID             string  `dynamodbav:"id"`
		Email          string  `dynamodbav:"email"`
		CreatedAt      string  `dynamodbav:"createdAt"`
		DataJSON       *string `dynamodbav:"dataJson"`
		IdempotencyKey string  `dynamodbav:"idempotencyKey"`
		ExpiresAt      int64   `dynamodbav:"expiresAt"`
	}
	// A lead is read back right after create-lead returns its id.
	raw, err := getItem(ctx, s.Client, s.Table, map[string]types.AttributeValue{attrID: str(id)}, "lead", id, &item)
	if err != nil {
		return lead.Lead{}, err
	}
	if s.Now != nil && item.ExpiresAt != 0 && !s.Now().Before(time.Unix(item.ExpiresAt, 0)) {
		return lead.Lead{}, fmt.Errorf("get lead %s: past its retention: %w", id, derrors.ErrNotFound)
	}
	createdAt, err := isotime.Parse(item.CreatedAt)
	if err != nil {
		return lead.Lead{}, fmt.Errorf("decode lead %s: createdAt: %w", id, err)
	}
	l := lead.Lead{ID: item.ID, Email: item.Email, CreatedAt: createdAt, IdempotencyKey: item.IdempotencyKey}
	if item.DataJSON != nil {
		l.Data = json.RawMessage(*item.DataJSON)
	} else if data, ok := raw[attrData]; ok {
		// An item written without dataJson (by hand, or by another tool).
		if l.Data, err = mapJSON(data); err != nil {
			return lead.Lead{}, fmt.Errorf("decode lead %s: data: %w", id, err)
		}
	}
	return l, nil
}

// mapJSON encodes a map attribute as compact JSON (keys sorted).
func mapJSON(av types.AttributeValue) (json.RawMessage, error) {
	v, err := jsonValue(av)
	if err != nil {
		return nil, err
	}
	return lead.EncodeExact(v)
}

// jsonValue is the JSON value an attribute stands for; sets and binary have
// no JSON counterpart and are refused.
func jsonValue(av types.AttributeValue) (any, error) {
	switch av := av.(type) {
	case *types.AttributeValueMemberS:
		return av.Value, nil
	case *types.AttributeValueMemberN:
		return json.Number(av.Value), nil
	case *types.AttributeValueMemberBOOL:
		return av.Value, nil
	case *types.AttributeValueMemberNULL:
		return nil, nil
	case *types.AttributeValueMemberM:
		m := make(map[string]any, len(av.Value))
		if err := jsonElems(maps.All(av.Value), func(k string, v any) { m[k] = v }, func(k string) string { return k }); err != nil {
			return nil, err
		}
		return m, nil
	case *types.AttributeValueMemberL:
		l := make([]any, len(av.Value))
		if err := jsonElems(slices.All(av.Value), func(i int, v any) { l[i] = v }, func(i int) string { return fmt.Sprintf("[%d]", i) }); err != nil {
			return nil, err
		}
		return l, nil
	default:
		return nil, fmt.Errorf("attribute of type %T has no JSON form", av)
	}
}

// jsonElems converts each element of a map or list attribute with
// jsonValue and hands it to set; the error of an element that has no JSON
// form names it (its key, or [index]).
func jsonElems[K comparable](elems iter.Seq2[K, types.AttributeValue], set func(K, any), name func(K) string) error {
	for k, e := range elems {
		v, err := jsonValue(e)
		if err != nil {
			return fmt.Errorf("%s: %w", name(k), err)
		}
		set(k, v)
	}
	return nil
}
