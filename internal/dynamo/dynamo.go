// Package dynamo keeps leads, verification records and idempotency entries
// in DynamoDB tables. Every write is conditional: nothing is overwritten.
package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
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

// NewClient is the DynamoDB client for cfg (from awsenv.Load, which honours
// AWS_ENDPOINT_URL_DYNAMODB: DynamoDB Local under sam local).
func NewClient(cfg aws.Config) *dynamodb.Client {
	return dynamodb.NewFromConfig(cfg)
}

// unavailable marks a failed call as a dependency failure.
func unavailable(err error) error { return fmt.Errorf("%w: %w", derrors.ErrUnavailable, err) }
