package main

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/awsenv"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/testing/awstest"
)

// TestAWSFaults: with S3 or DynamoDB failing, the client gets the 500
// envelope, or, when the failure is a call that never answers and the
// request's time runs out, 503 with Retry-After (issue 18: a verdict is
// given whole or not at all, and the client is told to retry); retries stay
// bounded, and no verification is recorded without its staged file.
func TestAWSFaults(t *testing.T) {
	const lead = `{"Item":{"id":{"S":"2f1d7c9e-8b6a-4c3d-9e2f-1a0b9c8d7e6f"},"email":{"S":"p@example.com"},` +
		`"createdAt":{"S":"2026-11-01T10:00:00.000Z"},"dataJson":{"S":"{\"forename\":\"Dana\",\"surname\":\"Whitcombe\"}"}}}`
	tests := []struct {
		name         string
		s3, dynamo   awstest.Fault
		dynamoOps    map[string]awstest.Fault
		wantS3Puts   int // -1: not checked (timeouts)
		wantGetItems int
		wantPutItems int
	}{
		// The lead is read first: nothing is staged for a userId no lead has.
		{"S3 server error", awstest.Error500, awstest.OK, nil, awsenv.MaxAttempts, 1, 0},
		{"S3 throttling", awstest.Throttle, awstest.OK, nil, awsenv.MaxAttempts, 1, 0},
		{"S3 timeout", awstest.Hang, awstest.OK, nil, -1, 1, 0},
		{"DynamoDB server error finding the lead", awstest.NotCalled, awstest.Error500, nil, 0, awsenv.MaxAttempts, 0},
		{"DynamoDB throttling finding the lead", awstest.NotCalled, awstest.Throttle, nil, 0, awsenv.MaxAttempts, 0},
		{"DynamoDB timeout finding the lead", awstest.NotCalled, awstest.Hang, nil, 0, -1, 0},
		{"DynamoDB server error recording after staging", awstest.OK, awstest.OK, map[string]awstest.Fault{"PutItem": awstest.Error500}, 1, 1, awsenv.MaxAttempts},
		{"DynamoDB throttling recording after staging", awstest.OK, awstest.OK, map[string]awstest.Fault{"PutItem": awstest.Throttle}, 1, 1, awsenv.MaxAttempts},
		{"DynamoDB timeout recording after staging", awstest.OK, awstest.OK, map[string]awstest.Fault{"PutItem": awstest.Hang}, 1, 1, -1},
	}
	doc := sampleLabel(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			faults := awstest.NewFaultServer(t, tt.dynamo, tt.s3)
			faults.GetItemJSON = lead
			faults.DynamoDBOps = tt.dynamoOps
			env := map[string]string{"LEADS_TABLE": "leads", "VERIFICATIONS_TABLE": "verifications",
				"EVIDENCE_BUCKET": "bucket", "TEXT_READER": "local",
				// The counters' own DynamoDB calls are not what these cases fail.
				"QUOTA_TABLE": "quota", "VERIFICATIONS_PER_LEAD_PER_DAY": "0",
				"VERIFICATIONS_PER_DAY": "0", "TEXT_READER_PAGES_PER_DAY": "0"}
			h, err := newHandler(t.Context(), awstest.LambdaEnv(faults.URL, env), io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			budget := 10 * time.Second
			if tt.s3 == awstest.Hang || tt.dynamo == awstest.Hang || tt.dynamoOps["PutItem"] == awstest.Hang {
				budget = 3 * time.Second
			}
			ctx, cancel := context.WithTimeout(t.Context(), budget)
			defer cancel()
			resp, err := lambdahttp.Handler(h)(ctx, multipartEvent(t, "2f1d7c9e-8b6a-4c3d-9e2f-1a0b9c8d7e6f", doc))
			if err != nil {
				t.Fatal(err)
			}
			if ctx.Err() != nil {
				t.Errorf("the handler answered after the Lambda deadline")
			}
			if hang := tt.s3 == awstest.Hang || tt.dynamo == awstest.Hang || tt.dynamoOps["PutItem"] == awstest.Hang; hang {
				awstest.CheckRetryLater(t, resp, "/external/v1/prescriptions/verify-evidence")
			} else {
				awstest.CheckServerError(t, resp, "/external/v1/prescriptions/verify-evidence")
			}
			if n := faults.Calls("dynamodb.PutItem"); tt.wantPutItems >= 0 && n != tt.wantPutItems {
				t.Errorf("%d verification record writes, want %d (attempts that failed)", n, tt.wantPutItems)
			}
			if tt.wantS3Puts >= 0 && faults.Calls("s3.PUT") != tt.wantS3Puts {
				t.Errorf("S3 PUT attempts = %d, want %d", faults.Calls("s3.PUT"), tt.wantS3Puts)
			}
			if tt.wantGetItems >= 0 && faults.Calls("dynamodb.GetItem") != tt.wantGetItems {
				t.Errorf("GetItem attempts = %d, want %d", faults.Calls("dynamodb.GetItem"), tt.wantGetItems)
			}
		})
	}
}
