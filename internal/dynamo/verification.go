package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/isotime"
)

// VerificationStore keeps verification records in a table whose partition
// key is "id" (S). Attributes: id, userId, createdAt, objectKey, sha256,
// mediaType, size (N), medicationName, medicationDosage, textSource and
// result (M: success, data with the five ratings, confidence, note; the
// names are those of the response body).
type VerificationStore struct {
	Client API
	Table  string
	// Retention is how long after its creation DynamoDB TTL deletes a
	// record (attribute expiresAt); zero writes none.
	Retention time.Duration
}

var _ evidence.Recorder = (*VerificationStore)(nil)

// Record writes r unless another record has its id (derrors.ErrConflict).
func (s *VerificationStore) Record(ctx context.Context, r evidence.Record) error {
	if r.ID == "" {
		return errors.New("put verification record: empty id")
	}
	result, err := attributevalue.MarshalWithOptions(r.Result, func(o *attributevalue.EncoderOptions) {
		o.TagKey = "json"
	})
	if err != nil {
		return fmt.Errorf("put verification record %s: encode result: %w", r.ID, err)
	}
	item := map[string]types.AttributeValue{
		"id":               &types.AttributeValueMemberS{Value: r.ID},
		"userId":           &types.AttributeValueMemberS{Value: r.UserID},
		"createdAt":        &types.AttributeValueMemberS{Value: isotime.Format(r.CreatedAt)},
		"objectKey":        &types.AttributeValueMemberS{Value: r.ObjectKey},
		"sha256":           &types.AttributeValueMemberS{Value: r.SHA256},
		"mediaType":        &types.AttributeValueMemberS{Value: r.MediaType},
		"size":             &types.AttributeValueMemberN{Value: strconv.FormatInt(r.Size, 10)},
		"medicationName":   &types.AttributeValueMemberS{Value: r.MedicationName},
		"medicationDosage": &types.AttributeValueMemberS{Value: r.MedicationDosage},
		"textSource":       &types.AttributeValueMemberS{Value: r.TextSource},
		"result":           result,
	}
	if s.Retention > 0 {
		item["expiresAt"] = &types.AttributeValueMemberN{Value: strconv.FormatInt(r.CreatedAt.Add(s.Retention).Unix(), 10)}
	}
	return putOnce(ctx, s.Client, &dynamodb.PutItemInput{
		TableName:                aws.String(s.Table),
		Item:                     item,
		ConditionExpression:      aws.String("attribute_not_exists(#id)"),
		ExpressionAttributeNames: map[string]string{"#id": "id"},
	}, map[string]types.AttributeValue{"id": item["id"]}, "verification record "+r.ID)
}
