package awsenv

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/config"
)

// API Gateway gives up on an integration after 29 s; one SDK call's worst
// case (every attempt timing out, every backoff at its cap) must fit well
// inside it, with room for the rest of the request.
func TestWorstCaseCallFitsAPIGatewayTimeout(t *testing.T) {
	worst := MaxAttempts*AttemptTimeout + (MaxAttempts-1)*MaxBackoff
	if limit := 20 * time.Second; worst > limit {
		t.Errorf("worst-case SDK call takes %v, want at most %v (API Gateway stops at 29 s)", worst, limit)
	}
}

// env is a getenv over m only.
func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// clearProcessEndpoints keeps the test's own environment out: the SDK's
// clients look at the process's AWS_ENDPOINT_URL* themselves.
func clearProcessEndpoints(t *testing.T) {
	t.Helper()
	for _, k := range []string{"AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL_TEXTRACT"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
}

func TestLoadMakesNoNetworkCall(t *testing.T) {
	cfg, err := Load(t.Context(), env(map[string]string{
		"AWS_REGION": "eu-west-2", "AWS_ENDPOINT_URL": "http://127.0.0.1:1", // nothing listens there
	}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Region != "eu-west-2" || cfg.Retryer().MaxAttempts() != MaxAttempts {
		t.Errorf("config: region %q, max attempts %d", cfg.Region, cfg.Retryer().MaxAttempts())
	}
}

func TestLoadNeedsARegion(t *testing.T) {
	if _, err := Load(t.Context(), env(nil)); err == nil {
		t.Error("Load without a region succeeded")
	}
	cfg, err := Load(t.Context(), env(map[string]string{"AWS_DEFAULT_REGION": "us-east-1"}))
	if err != nil || cfg.Region != "us-east-1" {
		t.Errorf("Load with AWS_DEFAULT_REGION = %q, %v", cfg.Region, err)
	}
}

// TestLoadFunctionLoadsSettingsThenAWS: a function's own settings come
// first (their problems stop the load before AWS's are looked at), then
// the AWS configuration, both from the one getenv.
func TestLoadFunctionLoadsSettingsThenAWS(t *testing.T) {
	tables := map[string]string{"LEADS_TABLE": "leads", "IDEMPOTENCY_TABLE": "keys"}
	for _, tc := range []struct {
		name    string
		env     map[string]string
		wantErr string
	}{
		{name: "settings and region", env: map[string]string{"LEADS_TABLE": "leads", "IDEMPOTENCY_TABLE": "keys", "AWS_REGION": "eu-west-2"}},
		{name: "no region", env: tables, wantErr: "AWS_REGION is not set"},
		{name: "no settings, no region", env: nil, wantErr: "missing required setting(s): IDEMPOTENCY_TABLE, LEADS_TABLE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var settings config.CreateLead
			cfg, err := LoadFunction(t.Context(), env(tc.env), &settings)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("LoadFunction error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if settings.LeadsTable != "leads" || cfg.Region != "eu-west-2" {
				t.Errorf("LoadFunction: leads table %q, region %q; want leads, eu-west-2", settings.LeadsTable, cfg.Region)
			}
		})
	}
}

// TestLoadReadsOnlyGetenv: nothing comes from the process environment.
func TestLoadReadsOnlyGetenv(t *testing.T) {
	t.Setenv("AWS_REGION", "ap-south-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "AKIDPROCESS")
	cfg, err := Load(t.Context(), env(map[string]string{
		"AWS_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": "token",
	}))
	if err != nil {
		t.Fatal(err)
	}
	creds, err := cfg.Credentials.Retrieve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	got := []string{cfg.Region, creds.AccessKeyID, creds.SecretAccessKey, creds.SessionToken}
	if diff := cmp.Diff([]string{"us-east-1", "AKIDEXAMPLE", "secret", "token"}, got); diff != "" {
		t.Errorf("region and credentials (-getenv +loaded):\n%s", diff)
	}
	if _, err := Load(t.Context(), env(nil)); err == nil {
		t.Error("Load read AWS_REGION from the process, not from getenv")
	}
}

// TestServiceEndpoints: every client built from the configuration goes to
// AWS_ENDPOINT_URL_<SERVICE> when set, to AWS_ENDPOINT_URL otherwise.
func TestServiceEndpoints(t *testing.T) {
	clearProcessEndpoints(t)
	tests := []struct {
		name string
		env  map[string]string
		want map[string]string // service -> base endpoint ("" for AWS's)
	}{
		{"none", map[string]string{}, map[string]string{"s3": "", "dynamodb": "", "textract": ""}},
		{"one for all", map[string]string{"AWS_ENDPOINT_URL": "http://localhost:4566"},
			map[string]string{"s3": "http://localhost:4566", "dynamodb": "http://localhost:4566", "textract": "http://localhost:4566"}},
		{"per service over the general one", map[string]string{"AWS_ENDPOINT_URL": "http://localhost:4566",
			"AWS_ENDPOINT_URL_S3": "http://127.0.0.1:9000", "AWS_ENDPOINT_URL_DYNAMODB": "http://127.0.0.1:8000"},
			map[string]string{"s3": "http://127.0.0.1:9000", "dynamodb": "http://127.0.0.1:8000", "textract": "http://localhost:4566"}},
		{"per service only", map[string]string{"AWS_ENDPOINT_URL_TEXTRACT": "http://127.0.0.1:5000"},
			map[string]string{"s3": "", "dynamodb": "", "textract": "http://127.0.0.1:5000"}},
		{"ignored", map[string]string{"AWS_ENDPOINT_URL": "http://localhost:4566", "AWS_ENDPOINT_URL_S3": "http://127.0.0.1:9000",
			"AWS_IGNORE_CONFIGURED_ENDPOINTS": "true"}, map[string]string{"s3": "", "dynamodb": "", "textract": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.env["AWS_REGION"] = "us-east-1"
			cfg, err := Load(t.Context(), env(tt.env))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{
				"s3":       aws.ToString(s3.NewFromConfig(cfg).Options().BaseEndpoint),
				"dynamodb": aws.ToString(dynamodb.NewFromConfig(cfg).Options().BaseEndpoint),
				"textract": aws.ToString(textract.NewFromConfig(cfg).Options().BaseEndpoint),
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("clients' endpoints (-want +got):\n%s", diff)
			}
		})
	}
}

func TestIsEmulator(t *testing.T) {
	tests := map[string]bool{
		"":                                       false,
		"http://localhost:4566":                  true,
		"http://127.0.0.1:5000":                  true,
		"http://[::1]:5000":                      true,
		"http://10.0.0.7:9000":                   true,
		"http://localstack:4566":                 true,
		"http://host.docker.internal:4566":       true,
		"https://minio.example.net":              true,
		"https://s3.eu-west-2.amazonaws.com":     false,
		"https://s3.cn-north-1.amazonaws.com.cn": false,
		"https://s3.dualstack.us-east-1.api.aws": false,
		"https://S3.US-EAST-1.AMAZONAWS.COM.":    false,
		"https://bucket.vpce-1a2b.s3.us-east-1.vpce.amazonaws.com": false,
		"://not a url": true,
	}
	for endpoint, want := range tests {
		var e *string
		if endpoint != "" {
			e = aws.String(endpoint)
		}
		if got := IsEmulator(e); got != want {
			t.Errorf("IsEmulator(%q) = %v, want %v", endpoint, got, want)
		}
	}
}
