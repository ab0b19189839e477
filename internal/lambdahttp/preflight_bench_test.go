package lambdahttp_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/clinicplatform/intake/internal/lambdahttp"
)

// BenchmarkPreflight is the work a deployed preflight costs inside a warm
// function: the event through the Lambda adapter and the CORS middleware
// (docs/deploy.md "CORS").
func BenchmarkPreflight(b *testing.B) {
	raw, err := os.ReadFile("../../events/preflight-create-lead.json")
	if err != nil {
		b.Fatal(err)
	}
	var ev events.APIGatewayProxyRequest
	if err := json.Unmarshal(raw, &ev); err != nil {
		b.Fatal(err)
	}
	handle := lambdahttp.Handler(newHandler(b))
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		resp, err := handle(ctx, ev)
		if err != nil || resp.StatusCode != 204 {
			b.Fatalf("preflight answered %d, %v", resp.StatusCode, err)
		}
	}
}
