package dynamo_test

import (
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// The DynamoDB stores pass the suites localstore and the fakes pass, on the
// emulator. (The data-rights suite runs on a whole stack's tables and
// bucket: cmd/datarights.)

func TestLeadStoreConformance(t *testing.T) {
	client := awstest.DynamoDB(t)
	storetest.RunLeadStore(t, func(t *testing.T) storetest.LeadStore {
		return &dynamo.LeadStore{Client: client, Table: awstest.CreateTable(t, client, "id"), Retention: 365 * 24 * time.Hour}
	})
}

// recorder reads records back through the byUser index, as erasure does.
type recorder struct {
	*dynamo.VerificationStore
	*dynamo.DataRights
}

func TestVerificationStoreConformance(t *testing.T) {
	client := awstest.DynamoDB(t)
	storetest.RunRecorder(t, func(t *testing.T) storetest.Recorder {
		table := createVerificationsTable(t, client)
		return recorder{
			&dynamo.VerificationStore{Client: client, Table: table, Retention: 30 * 24 * time.Hour},
			&dynamo.DataRights{Client: client, VerificationsTable: table},
		}
	})
}

func TestIdempotencyStoreConformance(t *testing.T) {
	client := awstest.DynamoDB(t)
	storetest.RunIdempotencyStore(t, func(t *testing.T, now func() time.Time) idempotency.Store {
		return &dynamo.IdempotencyStore{Client: client, Table: awstest.CreateTable(t, client, "key"), Now: now}
	})
}

// createVerificationsTable makes a table shaped like the template's
// VerificationsTable, with its byUser index.
func createVerificationsTable(t *testing.T, client *dynamodb.Client) string {
	t.Helper()
	str := types.ScalarAttributeTypeS
	return awstest.CreateTableFrom(t, client, &dynamodb.CreateTableInput{
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("id"), AttributeType: str},
			{AttributeName: aws.String("userId"), AttributeType: str}, {AttributeName: aws.String("createdAt"), AttributeType: str}},
		KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("id"), KeyType: types.KeyTypeHash}},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String(dynamo.VerificationsByUserIndex),
			KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("userId"), KeyType: types.KeyTypeHash},
				{AttributeName: aws.String("createdAt"), KeyType: types.KeyTypeRange}},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
	})
}
