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
// partition, so erasure finds them with a Query.
type QuotaStore struct {
	Client UpdateAPI
	Table  string
}

// UpdateAPI is the part of the DynamoDB client QuotaStore uses.
type UpdateAPI interface {
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
}

var _ quota.Counter = (*QuotaStore)(nil)

// Take adds one to the counter of (subject, day) in one conditional update,
// refused (false) once the count has reached limit: concurrent requests
// can never both take the last use.
func (s *QuotaStore) Take(ctx context.Context, subject, day string, limit int, expiresAt time.Time) (bool, error) {
	_, err := s.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table),
		Key: map[string]types.AttributeValue{
			"leadId": str(subject),
			"day":    str(day),
		},
		UpdateExpression:         aws.String("ADD #count :one SET #expiresAt = :expiresAt"),
		ConditionExpression:      aws.String("attribute_not_exists(#count) OR #count < :limit"),
		ExpressionAttributeNames: map[string]string{"#count": "count", "#expiresAt": "expiresAt"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one":       &types.AttributeValueMemberN{Value: "1"},
			":limit":     &types.AttributeValueMemberN{Value: strconv.Itoa(limit)},
			":expiresAt": epoch(expiresAt),
		},
	})
	switch {
	case conditionFailed(err):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("take quota: %w", derrors.Unavailable(err))
	}
	return true, nil
}
