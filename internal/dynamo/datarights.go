package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/datarights"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
)

// RightsAPI is the part of the DynamoDB client erasure and access use.
type RightsAPI interface {
	API
	Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
}

// VerificationsByUserIndex is the verifications table's index on userId.
const VerificationsByUserIndex = "byUser"

// DataRights finds and removes one patient's items in the stack's tables,
// through indexes only: leads by emailKey (EmailIndex), verification
// records by userId (byUser), quota counters by their partition key.
type DataRights struct {
	Client             RightsAPI
	LeadsTable         string
	VerificationsTable string
	IdempotencyTable   string
	QuotaTable         string
}

var (
	_ datarights.Leads         = (*DataRights)(nil)
	_ datarights.Verifications = (*DataRights)(nil)
	_ datarights.Keys          = (*DataRights)(nil)
	_ datarights.Counters      = (*DataRights)(nil)
)

// query runs a Query to its last page and returns the items.
func (d *DataRights) query(ctx context.Context, in *dynamodb.QueryInput) ([]map[string]types.AttributeValue, error) {
	var items []map[string]types.AttributeValue
	pages := dynamodb.NewQueryPaginator(d.Client, in)
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return nil, derrors.Unavailable(err)
		}
		items = append(items, page.Items...)
	}
	return items, nil
}

// LeadIDsByEmail queries the byEmail index for lead.EmailKey(email).
func (d *DataRights) LeadIDsByEmail(ctx context.Context, email string) ([]string, error) {
	items, err := d.query(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(d.LeadsTable),
		IndexName:                 aws.String(EmailIndex),
		KeyConditionExpression:    aws.String("#k = :k"),
		ExpressionAttributeNames:  map[string]string{"#k": attrEmailKey},
		ExpressionAttributeValues: map[string]types.AttributeValue{":k": &types.AttributeValueMemberS{Value: lead.EmailKey(email)}},
	})
	if err != nil {
		return nil, fmt.Errorf("query leads by e-mail: %w", err)
	}
	ids := make([]string, 0, len(items))
	for _, it := range items {
		if id, ok := it[attrID].(*types.AttributeValueMemberS); ok {
			ids = append(ids, id.Value)
		}
	}
	return ids, nil
}

// Get reads a lead (see LeadStore.Get).
func (d *DataRights) Get(ctx context.Context, id string) (lead.Lead, error) {
	return (&LeadStore{Client: d.Client, Table: d.LeadsTable}).Get(ctx, id)
}

func (d *DataRights) deleteItem(ctx context.Context, table string, key map[string]types.AttributeValue) error {
	if _, err := d.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: key}); err != nil {
		return derrors.Unavailable(err)
	}
	return nil
}

// DeleteLead removes the lead item with id.
func (d *DataRights) DeleteLead(ctx context.Context, id string) error {
	return d.deleteItem(ctx, d.LeadsTable, map[string]types.AttributeValue{attrID: &types.AttributeValueMemberS{Value: id}})
}

// DeleteVerification removes the record with id.
func (d *DataRights) DeleteVerification(ctx context.Context, id string) error {
	return d.deleteItem(ctx, d.VerificationsTable, map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: id}})
}

// DeleteKey removes the idempotency entry of key.
func (d *DataRights) DeleteKey(ctx context.Context, key string) error {
	return d.deleteItem(ctx, d.IdempotencyTable, map[string]types.AttributeValue{"key": &types.AttributeValueMemberS{Value: key}})
}

// VerificationsOf queries the byUser index (oldest first) and reads each
// record from the table.
func (d *DataRights) VerificationsOf(ctx context.Context, leadID string) ([]evidence.Record, error) {
	items, err := d.query(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(d.VerificationsTable),
		IndexName:                 aws.String(VerificationsByUserIndex),
		KeyConditionExpression:    aws.String("userId = :u"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":u": &types.AttributeValueMemberS{Value: leadID}},
	})
	if err != nil {
		return nil, fmt.Errorf("query verifications of %s: %w", leadID, err)
	}
	records := make([]evidence.Record, 0, len(items))
	for _, it := range items {
		r, err := decodeRecord(it)
		if err != nil {
			return nil, err
		}
		records = append(records, r)
	}
	return records, nil
}

// DeleteCounters queries the lead's counters and removes each.
func (d *DataRights) DeleteCounters(ctx context.Context, leadID string) (int, error) {
	if leadID == "" {
		return 0, errors.New("delete counters: empty lead id")
	}
	items, err := d.query(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(d.QuotaTable),
		KeyConditionExpression:    aws.String("leadId = :l"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":l": &types.AttributeValueMemberS{Value: leadID}},
		ProjectionExpression:      aws.String("leadId, #day"),
		ExpressionAttributeNames:  map[string]string{"#day": "day"},
	})
	if err != nil {
		return 0, fmt.Errorf("query quota counters: %w", err)
	}
	for i, it := range items {
		if err := d.deleteItem(ctx, d.QuotaTable, map[string]types.AttributeValue{"leadId": it["leadId"], "day": it["day"]}); err != nil {
			return i, fmt.Errorf("delete quota counter: %w", err)
		}
	}
	return len(items), nil
}
