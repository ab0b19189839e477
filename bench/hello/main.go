// Command hello is the floor every function is measured against: the
// smallest aws-lambda-go function behind an API Gateway REST proxy
// integration, built with the same flags as the functions.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

func main() {
	lambda.Start(func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		return events.APIGatewayProxyResponse{
			StatusCode: 200,
			Headers:    map[string]string{"Content-Type": "application/json"},
			Body:       `{"hello":"world"}`,
		}, nil
	})
}
