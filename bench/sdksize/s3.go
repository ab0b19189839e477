//go:build !nos3 && !noclients

package main

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

func init() {
	clients = append(clients, func(ctx context.Context, cfg aws.Config) {
		c := s3.NewFromConfig(cfg)
		_, _ = c.PutObject(ctx, &s3.PutObjectInput{})
		_, _ = c.GetObject(ctx, &s3.GetObjectInput{})
	})
}
