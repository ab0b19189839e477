// Package dynamo keeps leads, verification records, idempotency entries and
// quota counters in DynamoDB tables. Every write is conditional: nothing is
// overwritten, and a retry that meets its own item is done (putOnce).
package dynamo

import (
	"context"
	"errors"
	"fmt"
	"reflect"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/derrors"
)

// API is the part of the DynamoDB client the stores use; tests pass a fake
// or a real client pointed at an emulator.
type API interface {
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
}

// putError classifies a failed conditional put. what names the item without
// its contents ("lead 3f2b...").
func putError(what string, err error) error {
	var exists *types.ConditionalCheckFailedException
	if errors.As(err, &exists) {
		return fmt.Errorf("put %s: already exists: %w", what, derrors.ErrConflict)
	}
	return fmt.Errorf("put %s: %w: %w", what, derrors.ErrUnavailable, err)
}

// putOnce runs a conditional put of in.Item (key is its primary key). When
// the condition fails it reads the item back: a table that already holds
// exactly in.Item met a retry of a put that landed but lost its answer, and
// the put is done; anything else is derrors.ErrConflict.
func putOnce(ctx context.Context, client API, in *dynamodb.PutItemInput, key map[string]types.AttributeValue, what string) error {
	_, err := client.PutItem(ctx, in)
	if err == nil {
		return nil
	}
	perr := putError(what, err)
	if errors.Is(perr, derrors.ErrConflict) && holds(ctx, client, in.TableName, key, in.Item) {
		return nil
	}
	return perr
}

// holds reports whether the item under key is item, attribute for
// attribute (numbers by value: DynamoDB normalises their text).
func holds(ctx context.Context, client API, table *string, key, item map[string]types.AttributeValue) bool {
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: table, Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil || out.Item == nil {
		return false
	}
	var stored, want map[string]any
	if attributevalue.UnmarshalMap(out.Item, &stored) != nil || attributevalue.UnmarshalMap(item, &want) != nil {
		return false
	}
	return reflect.DeepEqual(stored, want)
}

// NewClient is the DynamoDB client for cfg (from awsenv.Load, which honours
// AWS_ENDPOINT_URL_DYNAMODB: DynamoDB Local under sam local).
func NewClient(cfg aws.Config) *dynamodb.Client {
	return dynamodb.NewFromConfig(cfg)
}

// unavailable marks a failed call as a dependency failure.
func unavailable(err error) error { return fmt.Errorf("%w: %w", derrors.ErrUnavailable, err) }
