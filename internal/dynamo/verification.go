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
// mediaType, size (N), medicationName, medicationDosage, textSource,
// result (M: success, data with the five ratings, confidence, note; the
// names are those of the response body), and for review, when the record
// has them, findings (M: per field, rule, page, box, text, confidence) and
// reading (M: pages and the lines read, evidence.Reading's JSON names; at
// most about 69 KB, evidence.MaxReadingText). Records kept before findings
// and reading have neither and read back without them.
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
	result, err := attributevalue.MarshalWithOptions(r.Result, jsonNames)
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
	// An encoding error names the attribute only: the values are document text.
	if r.Findings != nil {
		if item[attrFindings], err = attributevalue.MarshalWithOptions(r.Findings, jsonNames); err != nil {
			return fmt.Errorf("put verification record %s: encode %s", r.ID, attrFindings)
		}
	}
	if r.Reading != nil {
		if item[attrReading], err = attributevalue.MarshalWithOptions(r.Reading, jsonNames); err != nil {
			return fmt.Errorf("put verification record %s: encode %s", r.ID, attrReading)
		}
	}
	setExpiry(item, r.CreatedAt, s.Retention)
	return putNew(ctx, s.Client, s.Table, "id", item, "verification record "+r.ID)
}

// Attributes a record has for review only.
const (
	attrFindings = "findings"
	attrReading  = "reading"
)

// jsonNames encodes and decodes with a struct's JSON names, those of the
// response body and of evidence's review types.
func jsonNames(o *attributevalue.EncoderOptions) { o.TagKey = "json" }

func jsonNamesIn(o *attributevalue.DecoderOptions) { o.TagKey = "json" }

// Verification reads the record with id; a missing one is
// derrors.ErrNotFound.
func (s *VerificationStore) Verification(ctx context.Context, id string) (evidence.Record, error) {
	var ignored struct{}
	item, err := getItem(ctx, s.Client, s.Table, map[string]types.AttributeValue{"id": str(id)}, "verification record", id, &ignored)
	if err != nil {
		return evidence.Record{}, err
	}
	return decodeRecord(item)
}

// decodeRecord is the inverse of Record's item.
func decodeRecord(item map[string]types.AttributeValue) (evidence.Record, error) {
	var v struct {
		ID               string `dynamodbav:"id"`
		UserID           string `dynamodbav:"userId"`
		CreatedAt        string `dynamodbav:"createdAt"`
		ObjectKey        string `dynamodbav:"objectKey"`
		SHA256           string `dynamodbav:"sha256"`
		MediaType        string `dynamodbav:"mediaType"`
		Size             int64  `dynamodbav:"size"`
		MedicationName   string `dynamodbav:"medicationName"`
		MedicationDosage string `dynamodbav:"medicationDosage"`
		TextSource       string `dynamodbav:"textSource"`
	}
	if err := attributevalue.UnmarshalMap(item, &v); err != nil {
		return evidence.Record{}, fmt.Errorf("decode verification record: %w", err)
	}
	r := evidence.Record{
		ID: v.ID, UserID: v.UserID, ObjectKey: v.ObjectKey, SHA256: v.SHA256,
		MediaType: v.MediaType, Size: v.Size, MedicationName: v.MedicationName, MedicationDosage: v.MedicationDosage,
		TextSource: v.TextSource,
	}
	if av, ok := item["result"]; ok {
		if err := attributevalue.UnmarshalWithOptions(av, &r.Result, jsonNamesIn); err != nil {
			return evidence.Record{}, fmt.Errorf("decode verification record %s: result: %w", v.ID, err)
		}
	}
	if av, ok := item[attrFindings]; ok {
		r.Findings = &evidence.Findings{}
		if err := attributevalue.UnmarshalWithOptions(av, r.Findings, jsonNamesIn); err != nil {
			return evidence.Record{}, fmt.Errorf("decode verification record %s: %s: %w", v.ID, attrFindings, err)
		}
	}
	if av, ok := item[attrReading]; ok {
		r.Reading = &evidence.Reading{}
		if err := attributevalue.UnmarshalWithOptions(av, r.Reading, jsonNamesIn); err != nil {
			return evidence.Record{}, fmt.Errorf("decode verification record %s: %s: %w", v.ID, attrReading, err)
		}
	}
	createdAt, err := isotime.Parse(v.CreatedAt)
	if err != nil && v.CreatedAt != "" {
		return evidence.Record{}, fmt.Errorf("decode verification record %s: createdAt: %w", v.ID, err)
	}
	r.CreatedAt = createdAt.UTC()
	return r, nil
}
