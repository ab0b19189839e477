package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/clinicplatform/intake/bench/fakeaws"
	"github.com/clinicplatform/intake/bench/sample"
	"github.com/clinicplatform/intake/internal/lambdahttp"
)

// deployedEnv is the function's environment as template.yaml sets it.
var deployedEnv = map[string]string{
	"LEADS_TABLE": "leads", "VERIFICATIONS_TABLE": "verifications", "EVIDENCE_BUCKET": "evidence", "QUOTA_TABLE": "quota",
	"TEXT_READER": "textract", "S3_USE_PATH_STYLE": "true", "MARKET": "us", "METRICS_NAMESPACE": "ClinicIntake/bench",
}

// deployedGetenv is Lambda's environment for the function: deployedEnv,
// then the process's (where useFakeAWS puts the AWS variables).
func deployedGetenv(k string) string {
	if v, ok := deployedEnv[k]; ok {
		return v
	}
	return os.Getenv(k)
}

// useFakeAWS points the SDK at fake on loopback with static credentials,
// as Lambda provides them in the environment.
func useFakeAWS(tb testing.TB, fake *fakeaws.Server) {
	tb.Helper()
	tb.Cleanup(fake.Close)
	for k, v := range map[string]string{
		"AWS_ENDPOINT_URL": fake.URL, "AWS_REGION": "us-east-1",
		"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_SESSION_TOKEN": "test",
	} {
		tb.Setenv(k, v)
	}
}

// BenchmarkInit is the function's init work as deployed (Textract, S3 and
// DynamoDB clients built once per cold start). AWS_CA_BUNDLE, which Lambda
// does not set, would add the parsing of a certificate bundle.
func BenchmarkInit(b *testing.B) {
	b.Setenv("AWS_REGION", "us-east-1")
	b.Setenv("AWS_CA_BUNDLE", "")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := newHandler(b.Context(), deployedGetenv, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// TestInitMakesNoNetworkCall: newHandler builds its S3, DynamoDB and
// Textract clients without calling anything. Every AWS endpoint and the
// instance metadata service point at one fake that counts calls.
func TestInitMakesNoNetworkCall(t *testing.T) {
	fake, err := fakeaws.Start(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	useFakeAWS(t, fake)
	noFile := filepath.Join(t.TempDir(), "none")
	for k, v := range map[string]string{
		"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_SESSION_TOKEN": "",
		"AWS_EC2_METADATA_SERVICE_ENDPOINT": fake.URL, "AWS_CONFIG_FILE": noFile, "AWS_SHARED_CREDENTIALS_FILE": noFile,
	} {
		t.Setenv(k, v)
	}
	h, err := newHandler(t.Context(), deployedGetenv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if n := fake.Calls(); n != 0 {
		t.Fatalf("init made %d calls to AWS; want none", n)
	}
	// The same wiring does reach the fake once a request needs AWS, so the
	// zero above is not for want of pointing at it.
	doc, err := sample.PDFOnly(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	ev := verifyEvent(t, doc)
	resp, err := lambdahttp.Handler(h)(t.Context(), ev)
	if err != nil {
		t.Fatal(err)
	}
	if fake.Calls() == 0 {
		t.Errorf("a verify-evidence request (answered %d) made no call to the fake either", resp.StatusCode)
	}
}
