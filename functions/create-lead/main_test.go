package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/testing/awstest"
)

func TestNewHandlerNamesMissingSettings(t *testing.T) {
	_, err := newHandler(t.Context(), func(string) string { return "" }, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "IDEMPOTENCY_TABLE, LEADS_TABLE") {
		t.Errorf("newHandler without tables: %v", err)
	}
}

// TestCreateLeadAgainstEmulator runs the function as Lambda runs it (proxy
// event in, proxy response out) against DynamoDB in a local emulator.
func TestCreateLeadAgainstEmulator(t *testing.T) {
	endpoint := awstest.Endpoint(t)
	db := awstest.DynamoDB(t)
	leads := awstest.CreateTable(t, db, "id")
	keys := awstest.CreateTable(t, db, "key")
	env := map[string]string{"LEADS_TABLE": leads, "IDEMPOTENCY_TABLE": keys}
	h, err := newHandler(t.Context(), awstest.LambdaEnv(endpoint, env), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	handle := lambdahttp.Handler(h)
	ev := readEvent(t, "../../events/create-lead.json")

	resp := invoke(t, handle, ev)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, resp.Body)
	}
	var created struct{ ID, Email string }
	if err := json.Unmarshal([]byte(resp.Body), &created); err != nil {
		t.Fatal(err)
	}
	item, err := db.GetItem(context.Background(), &dynamodb.GetItemInput{
		TableName: aws.String(leads), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: created.ID}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if email, _ := item.Item["email"].(*types.AttributeValueMemberS); email == nil || email.Value != created.Email {
		t.Errorf("stored item %v does not hold the created lead", item.Item)
	}

	t.Run("retry with the same Idempotency-Key returns the first lead", func(t *testing.T) {
		ev := ev
		ev.MultiValueHeaders = cloneHeaders(ev.MultiValueHeaders)
		ev.MultiValueHeaders["Idempotency-Key"] = []string{"signup-form-7f3a"}
		first, second := invoke(t, handle, ev), invoke(t, handle, ev)
		if first.StatusCode != 200 || second.StatusCode != 200 || first.Body != second.Body {
			t.Fatalf("retry answered %d %s, first was %d %s", second.StatusCode, second.Body, first.StatusCode, first.Body)
		}
		ev.Body = strings.Replace(ev.Body, "Ada", "Grace", 1)
		other := invoke(t, handle, ev)
		if other.StatusCode != http.StatusConflict {
			t.Errorf("same key, other body: %d %s; want 409", other.StatusCode, other.Body)
		}
	})
}

func readEvent(t *testing.T, path string) events.APIGatewayProxyRequest {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ev events.APIGatewayProxyRequest
	if err := json.Unmarshal(raw, &ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

func invoke(t *testing.T, handle func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error), ev events.APIGatewayProxyRequest) events.APIGatewayProxyResponse {
	t.Helper()
	resp, err := handle(t.Context(), ev)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func cloneHeaders(h map[string][]string) map[string][]string {
	out := make(map[string][]string, len(h))
	for k, v := range h {
		out[k] = v
	}
	return out
}

func BenchmarkInit(b *testing.B) {
	env := map[string]string{"LEADS_TABLE": "leads", "IDEMPOTENCY_TABLE": "keys", "AWS_REGION": "eu-west-2"}
	for b.Loop() {
		if _, err := newHandler(b.Context(), func(k string) string { return env[k] }, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
