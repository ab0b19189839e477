package dynamo_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/quota"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// createQuotaTable makes a table shaped like the template's QuotaTable.
func createQuotaTable(t *testing.T, client *dynamodb.Client) string {
	t.Helper()
	return awstest.CreateTableFrom(t, client, &dynamodb.CreateTableInput{
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("leadId"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("day"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("leadId"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("day"), KeyType: types.KeyTypeRange},
		},
	})
}

func TestQuotaStoreConformance(t *testing.T) {
	client := awstest.DynamoDB(t)
	// DynamoDB applies a conditional update atomically per item; moto does
	// not serialise concurrent requests (under load it let 5 of 12 pass a
	// limit of 3), so the concurrent case would test the emulator.
	storetest.RunCounter(t, func(t *testing.T) quota.Counter {
		return &dynamo.QuotaStore{Client: client, Table: createQuotaTable(t, client)}
	}, "moto does not serialise concurrent conditional updates; DynamoDB does")
}

// TestQuotaStoreItem: the counter item carries its count and the TTL
// attribute DynamoDB expires it by.
func TestQuotaStoreItem(t *testing.T) {
	client := awstest.DynamoDB(t)
	table := createQuotaTable(t, client)
	store := &dynamo.QuotaStore{Client: client, Table: table}
	const lead = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01"
	exp := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	for range 2 {
		if _, ok, err := store.Take(t.Context(), lead, "2026-11-21", 1, 3, exp); err != nil || !ok {
			t.Fatalf("Take = %v, %v", ok, err)
		}
	}
	out, err := client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: aws.String(table), Key: map[string]types.AttributeValue{
		"leadId": &types.AttributeValueMemberS{Value: lead},
		"day":    &types.AttributeValueMemberS{Value: "2026-11-21"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	count, _ := out.Item["count"].(*types.AttributeValueMemberN)
	ttl, _ := out.Item["expiresAt"].(*types.AttributeValueMemberN)
	if count == nil || count.Value != "2" || ttl == nil || ttl.Value != strconv.FormatInt(exp.Unix(), 10) {
		t.Errorf("counter item = %v, want count 2 and expiresAt %d", out.Item, exp.Unix())
	}
}

func TestJobStoreConformance(t *testing.T) {
	client := awstest.DynamoDB(t)
	now := time.Now()
	storetest.RunReadJobs(t, func(t *testing.T) evidence.ReadJobs {
		return &dynamo.JobStore{Client: client, Table: createQuotaTable(t, client), Now: func() time.Time { return now }}
	}, now)
}
