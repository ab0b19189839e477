package dynamo

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/derrors"
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

// Record writes r unless a record with its id exists (derrors.ErrConflict).
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
	_, err = s.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                aws.String(s.Table),
		Item:                     item,
		ConditionExpression:      aws.String("attribute_not_exists(#id)"),
		ExpressionAttributeNames: map[string]string{"#id": "id"},
	})
	if err != nil {
		perr := putError("verification record "+r.ID, err)
		if errors.Is(perr, derrors.ErrConflict) && s.alreadyRecorded(ctx, item) {
			return nil
		}
		return perr
	}
	return nil
}

// alreadyRecorded reports whether the table holds exactly item: an SDK retry
// after an attempt that landed but lost its answer meets its own record.
func (s *VerificationStore) alreadyRecorded(ctx context.Context, item map[string]types.AttributeValue) bool {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.Table),
		Key:            map[string]types.AttributeValue{"id": item["id"]},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil || out.Item == nil {
		return false
	}
	var stored, want map[string]any
	if attributevalue.UnmarshalMap(out.Item, &stored) != nil || attributevalue.UnmarshalMap(item, &want) != nil {
		return false
	}
	return reflect.DeepEqual(stored, want)
}
