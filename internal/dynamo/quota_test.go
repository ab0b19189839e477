package dynamo_test

import (
	"strconv"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/awstest"
	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/quota/quotatest"
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

func TestQuotaStore(t *testing.T) {
	client := awstest.DynamoDB(t)
	table := createQuotaTable(t, client)
	// DynamoDB applies a conditional update atomically per item; moto does
	// not serialise concurrent requests (under load it let 5 of 12 pass a
	// limit of 3), so the concurrent case would test the emulator.
	quotatest.RunCounterTests(t, &dynamo.QuotaStore{Client: client, Table: table},
		"moto does not serialise concurrent conditional updates; DynamoDB does")
	out, err := client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: aws.String(table), Key: map[string]types.AttributeValue{
		"leadId": &types.AttributeValueMemberS{Value: "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01"},
		"day":    &types.AttributeValueMemberS{Value: "2026-11-21"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	count, _ := out.Item["count"].(*types.AttributeValueMemberN)
	exp, _ := out.Item["expiresAt"].(*types.AttributeValueMemberN)
	if count == nil || count.Value != "4" || exp == nil || exp.Value != strconv.Itoa(1795392000) {
		t.Errorf("counter item = %v, want count 4 and expiresAt 1795392000", out.Item)
	}
}
