package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
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
		"id":               str(r.ID),
		"userId":           str(r.UserID),
		"createdAt":        str(isotime.Format(r.CreatedAt)),
		"objectKey":        str(r.ObjectKey),
		"sha256":           str(r.SHA256),
		"mediaType":        str(r.MediaType),
		"size":             &types.AttributeValueMemberN{Value: strconv.FormatInt(r.Size, 10)},
		"medicationName":   str(r.MedicationName),
		"medicationDosage": str(r.MedicationDosage),
		"textSource":       str(r.TextSource),
		"result":           result,
	}
	setExpiry(item, r.CreatedAt, s.Retention)
	return putNew(ctx, s.Client, s.Table, "id", item, "verification record "+r.ID)
}
