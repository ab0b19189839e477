//go:build !notextract && !noclients

package main

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/textract"
)

func init() {
	clients = append(clients, func(ctx context.Context, cfg aws.Config) {
		c := textract.NewFromConfig(cfg)
		_, _ = c.DetectDocumentText(ctx, &textract.DetectDocumentTextInput{})
		_, _ = c.StartDocumentTextDetection(ctx, &textract.StartDocumentTextDetectionInput{})
		_, _ = c.GetDocumentTextDetection(ctx, &textract.GetDocumentTextDetectionInput{})
	})
}
