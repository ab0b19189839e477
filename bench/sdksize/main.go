// Command sdksize is a size probe, never deployed: hello-world plus the AWS
// configuration verify-evidence builds (internal/awsenv) and the SDK
// clients it calls, each with the operations it calls, so that
// docs/performance.md can say what the SDK costs of verify-evidence's
// bootstrap. Build tags leave clients out: nos3, nodynamodb, notextract,
// and noclients for the configuration alone:
//
//	GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc,nos3 -trimpath -ldflags "-s -w" -o /tmp/probe ./bench/sdksize
package main

import (
	"context"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/clinicplatform/intake/internal/awsenv"
)

// clients are the SDK clients built in, each calling its operations only
// when SDKSIZE_CALL is set (never: the probe is only built).
var clients []func(ctx context.Context, cfg aws.Config)

func main() {
	ctx := context.Background()
	cfg, err := awsenv.Load(ctx, os.Getenv)
	if err == nil && os.Getenv("SDKSIZE_CALL") != "" {
		for _, c := range clients {
			c(ctx, cfg)
		}
	}
	lambda.Start(func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		return events.APIGatewayProxyResponse{StatusCode: 200}, nil
	})
}
