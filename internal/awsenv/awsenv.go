// Package awsenv builds the AWS SDK configuration the functions share:
// bounded retries and timeouts, so a failing dependency turns into a 500
// well inside API Gateway's 29 s instead of a gateway timeout; endpoints
// from AWS_ENDPOINT_URL and AWS_ENDPOINT_URL_<SERVICE>; and whether an
// endpoint is an emulator rather than AWS. LoadFunction is the cold start
// of a function that calls AWS: its own settings, then the SDK's.
package awsenv

import (
	"context"
	"errors"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/clinicplatform/intake/internal/config"
)

// Retry and timeout budget of one SDK call: at most 3 attempts with backoff
// capped at 1 s, each attempt at most 5 s. A call therefore gives up after
// about 17 s in the worst case; the functions' own timeouts are lower still.
const (
	MaxAttempts    = 3
	MaxBackoff     = time.Second
	AttemptTimeout = 5 * time.Second
)

// LoadFunction loads what a function that calls AWS reads at a cold start,
// from the one environment getenv reads: its own settings into settings (a
// pointer to its config struct, filled by config.Load, whose problems are
// reported first), then the AWS configuration (Load).
func LoadFunction(ctx context.Context, getenv func(string) string, settings any) (aws.Config, error) {
	if err := config.Load(getenv, settings); err != nil {
		return aws.Config{}, err
	}
	return Load(ctx, getenv)
}

// Load builds the configuration from the environment getenv reads (Lambda's):
// the region and the function's credentials, which Lambda (and sam local)
// always put in AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
// AWS_SESSION_TOKEN. config.LoadDefaultConfig would link every other
// credential source (SSO, IMDS, profiles) into each binary for nothing:
// about 1.9 MB each, see docs/performance.md. AWS_ENDPOINT_URL points every
// client at an emulator, AWS_ENDPOINT_URL_<SERVICE> (S3, DYNAMODB, TEXTRACT)
// one service, as the SDK's own configuration loader does, and
// AWS_IGNORE_CONFIGURED_ENDPOINTS=true ignores both. It makes no network call.
func Load(_ context.Context, getenv func(string) string) (aws.Config, error) {
	region := getenv("AWS_REGION")
	if region == "" {
		region = getenv("AWS_DEFAULT_REGION")
	}
	if region == "" {
		return aws.Config{}, errors.New("load AWS configuration: AWS_REGION is not set")
	}
	cfg := aws.Config{
		Region: region,
		Credentials: aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider(
			getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY"), getenv("AWS_SESSION_TOKEN"))),
		Retryer: func() aws.Retryer {
			return retry.NewStandard(func(o *retry.StandardOptions) {
				o.MaxAttempts = MaxAttempts
				o.MaxBackoff = MaxBackoff
			})
		},
		RetryMaxAttempts: MaxAttempts,
		HTTPClient:       awshttp.NewBuildableClient().WithTimeout(AttemptTimeout),
	}
	if strings.EqualFold(getenv("AWS_IGNORE_CONFIGURED_ENDPOINTS"), "true") {
		return cfg, nil
	}
	if u := getenv("AWS_ENDPOINT_URL"); u != "" {
		cfg.BaseEndpoint = aws.String(u)
	}
	// Each service client asks its config sources for its own endpoint.
	cfg.ConfigSources = []any{serviceEndpoints{getenv}}
	return cfg, nil
}

// serviceEndpoints answers a service client's question for its own endpoint
// with AWS_ENDPOINT_URL_<SERVICE ID> (upper case, spaces as underscores).
type serviceEndpoints struct{ getenv func(string) string }

func (s serviceEndpoints) GetServiceBaseEndpoint(_ context.Context, sdkID string) (string, bool, error) {
	name := "AWS_ENDPOINT_URL_" + strings.ToUpper(strings.ReplaceAll(sdkID, " ", "_"))
	if u := s.getenv(name); u != "" {
		return u, true, nil
	}
	return "", false, nil
}

// awsDomains are the DNS suffixes of AWS's own service endpoints.
var awsDomains = []string{".amazonaws.com", ".amazonaws.com.cn", ".api.aws"}

// IsEmulator reports whether endpoint (a client's base endpoint; nil for
// AWS's default) is something other than AWS: a loopback or other IP
// address, localhost, a container's name, or any host outside AWS's
// domains. Emulators such as moto or LocalStack cannot answer S3's
// virtual-hosted bucket names, so S3 clients use path style for them.
func IsEmulator(endpoint *string) bool {
	if endpoint == nil || *endpoint == "" {
		return false
	}
	u, err := url.Parse(*endpoint)
	if err != nil || u.Hostname() == "" {
		return true // not an AWS endpoint either way; path style is the safe guess
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if net.ParseIP(host) != nil {
		return true
	}
	for _, d := range awsDomains {
		if strings.HasSuffix(host, d) {
			return false
		}
	}
	return true
}
