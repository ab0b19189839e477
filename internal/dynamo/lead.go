package dynamo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
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
	// attrExpiresAt is the table's TTL attribute (epoch seconds).
	attrExpiresAt = "expiresAt"
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
		attrID:        &types.AttributeValueMemberS{Value: l.ID},
		attrEmail:     &types.AttributeValueMemberS{Value: l.Email},
		attrCreatedAt: &types.AttributeValueMemberS{Value: isotime.Format(l.CreatedAt)},
		attrEmailKey:  &types.AttributeValueMemberS{Value: lead.EmailKey(l.Email)},
	}
	if l.IdempotencyKey != "" {
		item[attrIdempotencyKey] = &types.AttributeValueMemberS{Value: l.IdempotencyKey}
	}
	if s.Retention > 0 {
		item[attrExpiresAt] = &types.AttributeValueMemberN{Value: strconv.FormatInt(l.CreatedAt.Add(s.Retention).Unix(), 10)}
	}
	if len(l.Data) > 0 {
		exact, data, err := dataAttributes(l.Data)
		if err != nil {
			return fmt.Errorf("put lead %s: %w", l.ID, err)
		}
		item[attrDataJSON] = &types.AttributeValueMemberS{Value: exact}
		item[attrData] = data
	}
	return putOnce(ctx, s.Client, &dynamodb.PutItemInput{
		TableName:                aws.String(s.Table),
		Item:                     item,
		ConditionExpression:      aws.String("attribute_not_exists(#id)"),
		ExpressionAttributeNames: map[string]string{"#id": attrID},
	}, map[string]types.AttributeValue{attrID: item[attrID]}, "lead "+l.ID)
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
	if id == "" {
		return lead.Lead{}, fmt.Errorf("get lead: empty id: %w", derrors.ErrNotFound)
	}
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.Table),
		Key:       map[string]types.AttributeValue{attrID: &types.AttributeValueMemberS{Value: id}},
		// A lead is read back right after create-lead returns its id.
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return lead.Lead{}, fmt.Errorf("get lead %s: %w: %w", id, derrors.ErrUnavailable, err)
	}
	if len(out.Item) == 0 {
		return lead.Lead{}, fmt.Errorf("get lead %s: %w", id, derrors.ErrNotFound)
	}
	var item struct {
		ID             string  `dynamodbav:"id"`
		Email          string  `dynamodbav:"email"`
		CreatedAt      string  `dynamodbav:"createdAt"`
		DataJSON       *string `dynamodbav:"dataJson"`
		IdempotencyKey string  `dynamodbav:"idempotencyKey"`
	}
	if err := attributevalue.UnmarshalMap(out.Item, &item); err != nil {
		return lead.Lead{}, fmt.Errorf("decode lead %s: %w", id, err)
	}
	createdAt, err := isotime.Parse(item.CreatedAt)
	if err != nil {
		return lead.Lead{}, fmt.Errorf("decode lead %s: createdAt: %w", id, err)
	}
	l := lead.Lead{ID: item.ID, Email: item.Email, CreatedAt: createdAt, IdempotencyKey: item.IdempotencyKey}
	if item.DataJSON != nil {
		l.Data = json.RawMessage(*item.DataJSON)
	} else if data, ok := out.Item[attrData]; ok {
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
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
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
		for k, e := range av.Value {
			v, err := jsonValue(e)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", k, err)
			}
			m[k] = v
		}
		return m, nil
	case *types.AttributeValueMemberL:
		l := make([]any, len(av.Value))
		for i, e := range av.Value {
			v, err := jsonValue(e)
			if err != nil {
				return nil, fmt.Errorf("[%d]: %w", i, err)
			}
			l[i] = v
		}
		return l, nil
	default:
		return nil, fmt.Errorf("attribute of type %T has no JSON form", av)
	}
}
