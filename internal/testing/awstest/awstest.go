// Package awstest points tests at a local AWS emulator (moto_server, or
// DynamoDB Local for the DynamoDB tests) and gives each test its own table or
// bucket, deleted when the test ends.
package awstest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/cloudformation"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	dynamotypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
)

// EndpointEnv names the variable that holds the emulator's address.
const EndpointEnv = "TEST_AWS_ENDPOINT"

// Endpoint returns the emulator's address from TEST_AWS_ENDPOINT. Without it
// the test is skipped on a laptop and fails in CI, where the emulator is
// part of the run.
func Endpoint(t testing.TB) string {
	t.Helper()
	if endpoint := os.Getenv(EndpointEnv); endpoint != "" {
		return endpoint
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("TEST_AWS_ENDPOINT not set: CI must start moto_server")
	}
	t.Skip("set TEST_AWS_ENDPOINT=http://127.0.0.1:5000 after starting `moto_server -p 5000` (or DynamoDB Local) to run the wire tests")
	return ""
}

// Config is an SDK configuration for the emulator at endpoint, with fixed
// dummy credentials so nothing from the environment or ~/.aws is used.
func Config(t testing.TB, endpoint string) aws.Config {
	t.Helper()
	return aws.Config{
		Region:       "eu-west-2",
		BaseEndpoint: aws.String(endpoint),
		Credentials: aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
			return aws.Credentials{AccessKeyID: "test", SecretAccessKey: "test", Source: "awstest"}, nil
		}),
	}
}

// DynamoDB is a DynamoDB client for the emulator named by TEST_AWS_ENDPOINT
// (skipping or failing the test as Endpoint does).
func DynamoDB(t testing.TB) *dynamodb.Client {
	t.Helper()
	return dynamodb.NewFromConfig(Config(t, Endpoint(t)))
}

// S3 is an S3 client for the emulator named by TEST_AWS_ENDPOINT. It
// addresses buckets by path, as an emulator on 127.0.0.1 has no DNS names.
func S3(t testing.TB) *s3.Client {
	t.Helper()
	return s3.NewFromConfig(Config(t, Endpoint(t)), func(o *s3.Options) {
		o.UsePathStyle = true
	})
}

// CreateTable creates an on-demand table with a string partition key named
// partitionKey, waits until it is active, and deletes it when the test ends.
// It returns the table's unique name.
func CreateTable(t testing.TB, client *dynamodb.Client, partitionKey string) string {
	t.Helper()
	return CreateTableFrom(t, client, &dynamodb.CreateTableInput{
		AttributeDefinitions: []dynamotypes.AttributeDefinition{
			{AttributeName: aws.String(partitionKey), AttributeType: dynamotypes.ScalarAttributeTypeS},
		},
		KeySchema: []dynamotypes.KeySchemaElement{
			{AttributeName: aws.String(partitionKey), KeyType: dynamotypes.KeyTypeHash},
		},
	})
}

// CreateTableFrom creates the on-demand table in (keys and indexes as given;
// its name and billing mode are set here), waits until it is active, and
// deletes it when the test ends. It returns the table's unique name.
func CreateTableFrom(t testing.TB, client *dynamodb.Client, in *dynamodb.CreateTableInput) string {
	t.Helper()
	ctx := context.Background()
	name := uniqueName("test-")
	in.TableName = aws.String(name)
	in.BillingMode = dynamotypes.BillingModePayPerRequest
	// The name is random, so a table that exists already is this call's
	// own: an SDK retry after an attempt that landed but lost its answer.
	var exists *dynamotypes.ResourceInUseException
	if _, err := client.CreateTable(ctx, in); err != nil && !errors.As(err, &exists) {
		t.Fatalf("create table %s: %v", name, err)
	}
	// Cleanup runs after the test's context is cancelled, so it gets its own.
	t.Cleanup(func() {
		if _, err := client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)}); err != nil {
			t.Errorf("delete table %s: %v", name, err)
		}
	})
	waiter := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay = 100 * time.Millisecond
		o.MaxDelay = time.Second
	})
	if err := waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, time.Minute); err != nil {
		t.Fatalf("wait for table %s: %v", name, err)
	}
	return name
}

// CreateBucket creates a bucket and, when the test ends, empties and deletes
// it. It returns the bucket's unique name.
func CreateBucket(t testing.TB, client *s3.Client) string {
	t.Helper()
	name := uniqueName("test-")
	_, err := client.CreateBucket(context.Background(), &s3.CreateBucketInput{
		Bucket: aws.String(name),
		CreateBucketConfiguration: &s3types.CreateBucketConfiguration{
			LocationConstraint: s3types.BucketLocationConstraint(client.Options().Region),
		},
	})
	if err != nil {
		t.Fatalf("create bucket %s: %v", name, err)
	}
	t.Cleanup(func() {
		if err := deleteBucket(context.Background(), client, name); err != nil {
			t.Errorf("delete bucket %s: %v", name, err)
		}
	})
	return name
}

func deleteBucket(ctx context.Context, client *s3.Client, name string) error {
	pages := s3.NewListObjectsV2Paginator(client, &s3.ListObjectsV2Input{Bucket: aws.String(name)})
	var errs []error
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, obj := range page.Contents {
			if _, err := client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(name), Key: obj.Key}); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	_, err := client.DeleteBucket(ctx, &s3.DeleteBucketInput{Bucket: aws.String(name)})
	return err
}

// uniqueName is lowercase letters, digits and hyphens, valid both as a table
// and as a bucket name, so parallel tests and reruns never share one.
func uniqueName(prefix string) string {
	b := make([]byte, 8)
	rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// CreateVerificationsTable creates a table shaped like the template's
// VerificationsTable: partition key id, and the byUser index on userId and
// createdAt.
func CreateVerificationsTable(t testing.TB, client *dynamodb.Client) string {
	t.Helper()
	str := dynamotypes.ScalarAttributeTypeS
	return CreateTableFrom(t, client, &dynamodb.CreateTableInput{
		AttributeDefinitions: []dynamotypes.AttributeDefinition{{AttributeName: aws.String("id"), AttributeType: str},
			{AttributeName: aws.String("userId"), AttributeType: str}, {AttributeName: aws.String("createdAt"), AttributeType: str}},
		KeySchema: []dynamotypes.KeySchemaElement{{AttributeName: aws.String("id"), KeyType: dynamotypes.KeyTypeHash}},
		GlobalSecondaryIndexes: []dynamotypes.GlobalSecondaryIndex{{IndexName: aws.String("byUser"),
			KeySchema: []dynamotypes.KeySchemaElement{{AttributeName: aws.String("userId"), KeyType: dynamotypes.KeyTypeHash},
				{AttributeName: aws.String("createdAt"), KeyType: dynamotypes.KeyTypeRange}},
			Projection: &dynamotypes.Projection{ProjectionType: dynamotypes.ProjectionTypeAll}}},
	})
}

// CreateOutputsStack creates a CloudFormation stack in the emulator whose
// only content is the given outputs, as an operator command finds a
// deployed stack's tables and bucket, and deletes it when the test ends. It
// returns the stack's name.
func CreateOutputsStack(t testing.TB, cfg aws.Config, outputs map[string]string) string {
	t.Helper()
	tpl := map[string]any{
		"Resources": map[string]any{"Handle": map[string]any{"Type": "AWS::CloudFormation::WaitConditionHandle"}},
		"Outputs":   map[string]any{},
	}
	for k, v := range outputs {
		tpl["Outputs"].(map[string]any)[k] = map[string]any{"Value": v}
	}
	body, err := json.Marshal(tpl)
	if err != nil {
		t.Fatal(err)
	}
	name := uniqueName("test-stack")
	cfn := cloudformation.NewFromConfig(cfg)
	if _, err := cfn.CreateStack(t.Context(), &cloudformation.CreateStackInput{StackName: aws.String(name), TemplateBody: aws.String(string(body))}); err != nil {
		t.Fatalf("create stack: %v", err)
	}
	t.Cleanup(func() {
		cfn.DeleteStack(context.Background(), &cloudformation.DeleteStackInput{StackName: aws.String(name)})
	})
	return name
}
