// Package lambdahttp runs the net/http API inside Lambda behind an API
// Gateway REST API (proxy integration, payload v1).
package lambdahttp

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
)

// Handler is the Lambda handler that serves h: event in, response out.
func Handler(h http.Handler) func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
	return httpadapter.New(h).ProxyWithContext
}

// RequestID is API Gateway's id of the request, so our log lines join its
// access log; "" outside Lambda.
func RequestID(r *http.Request) string {
	if rc, ok := core.GetAPIGatewayContextFromContext(r.Context()); ok {
		return rc.RequestID
	}
	return ""
}

// NewHandlerFunc builds a function's handler once per cold start from its
// environment; log lines go to logOut.
type NewHandlerFunc func(ctx context.Context, getenv func(string) string, logOut io.Writer) (http.Handler, error)

// Start sets the Go memory limit from the function's memory size (see
// MemoryLimit), builds the handler and serves Lambda invocations with it; a
// bad configuration stops the cold start with one line naming every problem.
func Start(name string, newHandler NewHandlerFunc) {
	setMemoryLimit(os.Getenv)
	h, err := newHandler(context.Background(), os.Getenv, os.Stdout)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
	lambda.Start(Handler(h))
}
