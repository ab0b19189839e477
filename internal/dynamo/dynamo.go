// Package dynamo keeps leads, verification records, idempotency entries and
// quota counters in DynamoDB tables. Every write is conditional: nothing is
// overwritten, and a retry that meets its own item is done (putOnce). The
// handling every store shares lives here: the conditional put and its
// read-back (putOnce, putNew), the consistent read of one item (getItem),
// the refused condition (conditionFailed) and the attribute values of a
// string, an epoch time and a retention's TTL (str, epoch, setExpiry).
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
)

// API is the part of the DynamoDB client the stores use; tests pass a fake
// or a real client pointed at an emulator.
type API interface {
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
}

// conditionFailed reports whether err is DynamoDB refusing a write whose
// condition did not hold.
func conditionFailed(err error) bool {
	var refused *types.ConditionalCheckFailedException
	return errors.As(err, &refused)
}

// putError classifies a failed conditional put. what names the item without
// its contents ("lead 3f2b...").
func putError(what string, err error) error {
	if conditionFailed(err) {
		return fmt.Errorf("put %s: already exists: %w", what, derrors.ErrConflict)
	}
	return fmt.Errorf("put %s: %w", what, derrors.Unavailable(err))
}

// putNew writes item unless the table holds another item under its id
// (the attribute idAttr, the table's partition key): putOnce with the
// condition attribute_not_exists.
func putNew(ctx context.Context, client API, table, idAttr string, item map[string]types.AttributeValue, what string) error {
	return putOnce(ctx, client, &dynamodb.PutItemInput{
		TableName:                aws.String(table),
		Item:                     item,
		ConditionExpression:      aws.String("attribute_not_exists(#id)"),
		ExpressionAttributeNames: map[string]string{"#id": idAttr},
	}, map[string]types.AttributeValue{idAttr: item[idAttr]}, what)
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
	if errors.Is(perr, derrors.ErrConflict) && holds(ctx, client, aws.ToString(in.TableName), key, in.Item) {
		return nil
	}
	return perr
}

// holds reports whether the item under key is item, attribute for
// attribute (numbers by value: DynamoDB normalises their text).
func holds(ctx context.Context, client API, table string, key, item map[string]types.AttributeValue) bool {
	var stored, want map[string]any
	if _, err := getItem(ctx, client, table, key, "", "", &stored); err != nil {
		return false
	}
	if attributevalue.UnmarshalMap(item, &want) != nil {
		return false
	}
	return reflect.DeepEqual(stored, want)
}

// getItem reads the item under key with a consistent read (what a store
// reads back was often written a moment before) and decodes it into v; it
// also returns the item as read, for attributes v does not decode. A
// missing item is derrors.ErrNotFound, and so is an empty key, without a
// request (DynamoDB refuses one); a failed read is derrors.ErrUnavailable.
// Errors name the item by kind ("lead") and id, where id is "" for an item
// whose key is not shown (an Idempotency-Key is the client's text).
func getItem(ctx context.Context, client API, table string, key map[string]types.AttributeValue, kind, id string, v any) (map[string]types.AttributeValue, error) {
	for attr, av := range key {
		if s, ok := av.(*types.AttributeValueMemberS); ok && s.Value == "" {
			return nil, fmt.Errorf("get %s: empty %s: %w", kind, attr, derrors.ErrNotFound)
		}
	}
	what := kind
	if id != "" {
		what += " " + id
	}
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		return nil, fmt.Errorf("get %s: %w", what, derrors.Unavailable(err))
	}
	if len(out.Item) == 0 {
		return nil, fmt.Errorf("get %s: %w", what, derrors.ErrNotFound)
	}
	if err := attributevalue.UnmarshalMap(out.Item, v); err != nil {
		return nil, fmt.Errorf("decode %s: %w", what, err)
	}
	return out.Item, nil
}

// str is the attribute value of a string.
func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

// attrExpiresAt is every table's TTL attribute (epoch seconds), as
// template.yaml's TimeToLiveSpecification names it.
const attrExpiresAt = "expiresAt"

// epoch is the attribute value of t in epoch seconds (N), the form of the
// tables' TTL attribute attrExpiresAt.
func epoch(t time.Time) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(t.Unix(), 10)}
}

// setExpiry sets item's TTL attribute expiresAt to retention after
// createdAt; a zero retention writes none.
func setExpiry(item map[string]types.AttributeValue, createdAt time.Time, retention time.Duration) {
	if retention > 0 {
		item[attrExpiresAt] = epoch(createdAt.Add(retention))
	}
}

// NewClient is the DynamoDB client for cfg (from awsenv.Load, which honours
// AWS_ENDPOINT_URL_DYNAMODB: DynamoDB Local under sam local).
func NewClient(cfg aws.Config) *dynamodb.Client {
	return dynamodb.NewFromConfig(cfg)
}
