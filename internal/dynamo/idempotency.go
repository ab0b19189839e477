package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
)

// IdempotencyStore keeps idempotency entries in a table whose partition key
// is "key" (S), with attributes requestHash (S), leadId (S) and expiresAt
// (N, epoch seconds; the table's TTL attribute).
type IdempotencyStore struct {
	Client API
	Table  string
	// Now is the clock that decides expiry; nil means time.Now.
	Now func() time.Time
}

var _ idempotency.Store = (*IdempotencyStore)(nil)

func (s *IdempotencyStore) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// Lookup reads the entry for key. A missing or expired entry is
// derrors.ErrNotFound: DynamoDB deletes expired items only eventually.
func (s *IdempotencyStore) Lookup(ctx context.Context, key string) (idempotency.Entry, error) {
	var item struct {
		Key         string `dynamodbav:"key"`
		RequestHash string `dynamodbav:"requestHash"`
		LeadID      string `dynamodbav:"leadId"`
		ExpiresAt   int64  `dynamodbav:"expiresAt"`
	}
	if _, err := getItem(ctx, s.Client, s.Table, map[string]types.AttributeValue{"key": str(key)}, "idempotency entry", "", &item); err != nil {
		return idempotency.Entry{}, err
	}
	e := idempotency.Entry{
		Key:         item.Key,
		RequestHash: item.RequestHash,
		LeadID:      item.LeadID,
		ExpiresAt:   time.Unix(item.ExpiresAt, 0).UTC(),
	}
	if e.Expired(s.now()) {
		return idempotency.Entry{}, fmt.Errorf("get idempotency entry: expired: %w", derrors.ErrNotFound)
	}
	return e, nil
}

// PutIfAbsent writes e unless another unexpired entry holds its key
// (derrors.ErrConflict); an expired entry is replaced.
func (s *IdempotencyStore) PutIfAbsent(ctx context.Context, e idempotency.Entry) error {
	if e.Key == "" {
		return errors.New("put idempotency entry: empty key")
	}
	key := map[string]types.AttributeValue{"key": str(e.Key)}
	return putOnce(ctx, s.Client, &dynamodb.PutItemInput{
		TableName: aws.String(s.Table),
		Item: map[string]types.AttributeValue{
			"key":         key["key"],
			"requestHash": str(e.RequestHash),
			"leadId":      str(e.LeadID),
			attrExpiresAt: epoch(e.ExpiresAt),
		},
		// "key" is a DynamoDB reserved word, hence the name placeholders.
		ConditionExpression:       aws.String("attribute_not_exists(#key) OR #expiresAt <= :now"),
		ExpressionAttributeNames:  map[string]string{"#key": "key", "#expiresAt": attrExpiresAt},
		ExpressionAttributeValues: map[string]types.AttributeValue{":now": epoch(s.now())},
	}, key, "idempotency entry")
}
