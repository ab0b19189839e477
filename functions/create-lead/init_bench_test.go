package main

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/clinicplatform/intake/internal/lambdahttp"
)

// TestInitMakesNoNetworkCall: newHandler builds its DynamoDB client without
// calling anything, so a cold start pays no round trip before the first
// request. Every AWS endpoint and the instance metadata service point at
// one fake that counts calls.
func TestInitMakesNoNetworkCall(t *testing.T) {
	fake := useFakeAWS(t)
	noFile := filepath.Join(t.TempDir(), "none")
	for k, v := range map[string]string{
		"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_SESSION_TOKEN": "",
		"AWS_EC2_METADATA_SERVICE_ENDPOINT": fake.URL, "AWS_CONFIG_FILE": noFile, "AWS_SHARED_CREDENTIALS_FILE": noFile,
	} {
		t.Setenv(k, v)
	}
	env := map[string]string{"LEADS_TABLE": "leads", "IDEMPOTENCY_TABLE": "keys"}
	h, err := newHandler(t.Context(), lambdaGetenv(env), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if n := fake.Calls(); n != 0 {
		t.Fatalf("init made %d calls to AWS; want none", n)
	}
	// The same wiring does reach the fake once a request needs DynamoDB,
	// so the zero above is not for want of pointing at it.
	resp, err := lambdahttp.Handler(h)(t.Context(), createLeadEvent(t))
	if err != nil {
		t.Fatal(err)
	}
	if fake.Calls() == 0 {
		t.Errorf("a create-lead request (answered %d) made no call to the fake either", resp.StatusCode)
	}
}
