//go:build !nodynamodb && !noclients

package main

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

func init() {
	clients = append(clients, func(ctx context.Context, cfg aws.Config) {
		c := dynamodb.NewFromConfig(cfg)
		_, _ = c.GetItem(ctx, &dynamodb.GetItemInput{})
		_, _ = c.PutItem(ctx, &dynamodb.PutItemInput{})
		_, _ = c.UpdateItem(ctx, &dynamodb.UpdateItemInput{})
		_, _ = c.Query(ctx, &dynamodb.QueryInput{})
	})
}
