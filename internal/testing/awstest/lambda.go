package awstest

import (
	"encoding/json"
	"net"
	"net/http"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

// LambdaEnv is a function's environment as Lambda gives it, for its
// newHandler's getenv: every AWS SDK client goes to endpoint with test
// credentials in eu-west-2, plus the function's own settings (which may
// override those).
func LambdaEnv(endpoint string, settings map[string]string) func(string) string {
	env := map[string]string{"AWS_ENDPOINT_URL": endpoint, "AWS_ACCESS_KEY_ID": "test",
		"AWS_SECRET_ACCESS_KEY": "test", "AWS_REGION": "eu-west-2"}
	for k, v := range settings {
		env[k] = v
	}
	return func(k string) string { return env[k] }
}

// ClosedEndpoint is an address nothing listens on.
func ClosedEndpoint(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

// CheckServerError fails unless resp is the interface's 500 envelope for
// path, carrying nothing of the cause.
func CheckServerError(t testing.TB, resp events.APIGatewayProxyResponse, path string) {
	t.Helper()
	if resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500: %s", resp.StatusCode, resp.Body)
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(resp.Body), &body); err != nil {
		t.Fatalf("500 body is not JSON: %s", resp.Body)
	}
	if len(body) != 4 || body["status"] != float64(500) || body["error"] != "Internal Server Error" || body["path"] != path {
		t.Errorf("500 body is not the envelope (or says more): %s", resp.Body)
	}
}

// CheckRetryLater fails unless resp is a 503 with Retry-After in the
// interface's client-error envelope for path.
func CheckRetryLater(t testing.TB, resp events.APIGatewayProxyResponse, path string) {
	t.Helper()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503: %s", resp.StatusCode, resp.Body)
	}
	if resp.Headers["Retry-After"] == "" && len(resp.MultiValueHeaders["Retry-After"]) == 0 {
		t.Errorf("503 without Retry-After: headers %v %v", resp.Headers, resp.MultiValueHeaders)
	}
	var body struct {
		Status int    `json:"status"`
		Path   string `json:"path"`
		Error  struct {
			Message    string `json:"message"`
			StatusCode int    `json:"statusCode"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(resp.Body), &body); err != nil {
		t.Fatalf("503 body is not JSON: %s", resp.Body)
	}
	if body.Status != 503 || body.Error.StatusCode != 503 || body.Path != path || body.Error.Message == "" {
		t.Errorf("503 body is not the envelope: %s", resp.Body)
	}
}
