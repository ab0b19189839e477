package dynamo

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/quota"
)

// QuotaStore keeps quota counters in a table whose partition key is
// "leadId" (S) and sort key "day" (S), with count (N) and expiresAt (N,
// epoch seconds; the table's TTL attribute). One lead's counters are one
// partition, so erasure finds them with a Query. The stack-wide counters
// (quota.SubjectTextReaderPages...) are partitions of their own, named so
// that no lead id can be one.
type QuotaStore struct {
	Client QuotaAPI
	Table  string
}

// QuotaAPI is the part of the DynamoDB client QuotaStore uses.
type QuotaAPI interface {
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
}

var _ quota.Counter = (*QuotaStore)(nil)

func counterKey(subject, window string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"leadId": str(subject), "day": str(window)}
}

// Take adds n to the counter of (subject, window) in one conditional
// update, refused (false) when the count would pass limit: concurrent
// requests can never both take the last uses.
func (s *QuotaStore) Take(ctx context.Context, subject, window string, n, limit int, expiresAt time.Time) (int, bool, error) {
	if n > limit {
		return 0, false, nil
	}
	out, err := s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(s.Table),
		Key:                      counterKey(subject, window),
		UpdateExpression:         aws.String("ADD #count :n SET #expiresAt = :expiresAt"),
		ConditionExpression:      aws.String("attribute_not_exists(#count) OR #count <= :most"),
		ExpressionAttributeNames: map[string]string{"#count": "count", "#expiresAt": attrExpiresAt},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":n":         &types.AttributeValueMemberN{Value: strconv.Itoa(n)},
			":most":      &types.AttributeValueMemberN{Value: strconv.Itoa(limit - n)},
			":expiresAt": epoch(expiresAt),
		},
		ReturnValues: types.ReturnValueUpdatedNew,
	})
	switch {
	case conditionFailed(err):
		return 0, false, nil
	case err != nil:
		return 0, false, fmt.Errorf("take quota: %w", derrors.Unavailable(err))
	}
	used, err := countOf(out.Attributes)
	if err != nil {
		return 0, false, fmt.Errorf("take quota: %w", err)
	}
	return used, true, nil
}

// Used reads the counter of (subject, window), strongly consistent.
func (s *QuotaStore) Used(ctx context.Context, subject, window string) (int, error) {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:                aws.String(s.Table),
		Key:                      counterKey(subject, window),
		ConsistentRead:           aws.Bool(true),
		ProjectionExpression:     aws.String("#count"),
		ExpressionAttributeNames: map[string]string{"#count": "count"},
	})
	if err != nil {
		return 0, fmt.Errorf("read quota: %w", derrors.Unavailable(err))
	}
	used, err := countOf(out.Item)
	if err != nil {
		return 0, fmt.Errorf("read quota: %w", err)
	}
	return used, nil
}

// countOf is the item's count (0 when it has none).
func countOf(item map[string]types.AttributeValue) (int, error) {
	av, ok := item["count"]
	if !ok {
		return 0, nil
	}
	n, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		return 0, fmt.Errorf("counter's count is not a number")
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil {
		return 0, fmt.Errorf("counter's count %q: %w", n.Value, err)
	}
	return v, nil
}
