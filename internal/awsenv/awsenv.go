// Package awsenv builds the AWS SDK configuration the functions share:
// bounded retries and timeouts, so a failing dependency turns into a 500
// well inside API Gateway's 29 s instead of a gateway timeout.
package awsenv

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// Retry and timeout budget of one SDK call: at most 3 attempts with backoff
// capped at 1 s, each attempt at most 5 s. A call therefore gives up after
// about 17 s in the worst case; the functions' own timeouts are lower still.
const (
	MaxAttempts    = 3
	MaxBackoff     = time.Second
	AttemptTimeout = 5 * time.Second
)

// Load builds the configuration from Lambda's environment: the region and
// the function's credentials, which Lambda (and sam local) always put in
// AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN.
// config.LoadDefaultConfig would link every other credential source (SSO,
// IMDS, profiles) into each binary for nothing: about 1.9 MB each, see
// docs/performance.md. AWS_ENDPOINT_URL points every client at an emulator.
// It makes no network call.
func Load(context.Context) (aws.Config, error) {
	region := os.Getenv("AWS_REGION")
	if region == "" {
		region = os.Getenv("AWS_DEFAULT_REGION")
	}
	if region == "" {
		return aws.Config{}, errors.New("load AWS configuration: AWS_REGION is not set")
	}
	cfg := aws.Config{
		Region: region,
		Credentials: aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider(
			os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY"), os.Getenv("AWS_SESSION_TOKEN"))),
		Retryer: func() aws.Retryer {
			return retry.NewStandard(func(o *retry.StandardOptions) {
				o.MaxAttempts = MaxAttempts
				o.MaxBackoff = MaxBackoff
			})
		},
		RetryMaxAttempts: MaxAttempts,
		HTTPClient:       awshttp.NewBuildableClient().WithTimeout(AttemptTimeout),
	}
	if u := os.Getenv("AWS_ENDPOINT_URL"); u != "" {
		cfg.BaseEndpoint = aws.String(u)
	}
	return cfg, nil
}

// ServiceEndpoint is AWS_ENDPOINT_URL_<SERVICE> (e.g. DYNAMODB) when set, the
// SDK's convention for pointing one service at an emulator; nil otherwise.
func ServiceEndpoint(service string) *string {
	if u := os.Getenv("AWS_ENDPOINT_URL_" + service); u != "" {
		return aws.String(u)
	}
	return nil
}
