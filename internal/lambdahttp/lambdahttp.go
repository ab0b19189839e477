// Package lambdahttp runs the net/http API inside Lambda behind an API
// Gateway REST API (proxy integration, payload v1).
package lambdahttp

import (
	"context"
	"net/http"

	"github.com/aws/aws-lambda-go/events"
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
