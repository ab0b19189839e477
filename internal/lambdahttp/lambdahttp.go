// Package lambdahttp runs the net/http API inside Lambda behind an API
// Gateway REST API (proxy integration, payload v1).
package lambdahttp

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"sync"

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
//
// GC_PERCENT, when set, is GOGC's percentage for the invocations only,
// applied at the first one: GOGC itself is read before any package
// initialises, and at verify-evidence's GOGC=50 the 2 MB its packages set
// up at init (SDK schemas and endpoint tables, the verifier's tables) cost a
// whole collection of its cold start.
func Start(name string, newHandler NewHandlerFunc) {
	fail := func(err error) {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
	setMemoryLimit(os.Getenv)
	gcPercent, err := GCPercent(os.Getenv)
	if err != nil {
		fail(err)
	}
	h, err := newHandler(context.Background(), os.Getenv, os.Stdout)
	if err != nil {
		fail(err)
	}
	handle := Handler(h)
	if gcPercent > 0 {
		// At the first invocation, not the end of init: lowering the goal
		// under the heap init left would start a collection at once.
		var once sync.Once
		inner := handle
		handle = func(ctx context.Context, ev events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
			once.Do(func() { debug.SetGCPercent(gcPercent) })
			return inner(ctx, ev)
		}
	}
	lambda.Start(handle)
}

// GCPercent is GC_PERCENT (a positive percentage, as GOGC takes), or 0 when
// it is not set.
func GCPercent(getenv func(string) string) (int, error) {
	v := getenv("GC_PERCENT")
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("GC_PERCENT must be a positive whole number, not %q", v)
	}
	return n, nil
}
