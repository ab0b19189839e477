// Package awsenv loads the AWS SDK configuration the functions share:
// bounded retries and timeouts, so a failing dependency turns into a 500
// well inside API Gateway's 29 s instead of a gateway timeout.
package awsenv

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
)

// Retry and timeout budget of one SDK call: at most 3 attempts with backoff
// capped at 1 s, each attempt at most 5 s. A call therefore gives up after
// about 17 s in the worst case; the functions' own timeouts are lower still.
const (
	MaxAttempts    = 3
	MaxBackoff     = time.Second
	AttemptTimeout = 5 * time.Second
)

// Load reads the default configuration (region and credentials from the
// Lambda environment). It makes no network call: credentials resolve lazily.
// AWS_ENDPOINT_URL, read by the SDK itself, points every client at an
// emulator.
func Load(ctx context.Context) (aws.Config, error) {
	cfg, err := awsconfig.LoadDefaultConfig(ctx,
		awsconfig.WithRetryer(func() aws.Retryer {
			return retry.NewStandard(func(o *retry.StandardOptions) {
				o.MaxAttempts = MaxAttempts
				o.MaxBackoff = MaxBackoff
			})
		}),
		awsconfig.WithHTTPClient(awshttp.NewBuildableClient().WithTimeout(AttemptTimeout)),
	)
	if err != nil {
		return aws.Config{}, fmt.Errorf("load AWS configuration: %w", err)
	}
	return cfg, nil
}
