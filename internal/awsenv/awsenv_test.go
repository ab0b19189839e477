package awsenv

import (
	"testing"
	"time"
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

func TestLoadMakesNoNetworkCall(t *testing.T) {
	t.Setenv("AWS_REGION", "eu-west-2")
	t.Setenv("AWS_ENDPOINT_URL", "http://127.0.0.1:1") // nothing listens there
	cfg, err := Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Region != "eu-west-2" || cfg.Retryer().MaxAttempts() != MaxAttempts {
		t.Errorf("config: region %q, max attempts %d", cfg.Region, cfg.Retryer().MaxAttempts())
	}
}

func TestLoadNeedsARegion(t *testing.T) {
	t.Setenv("AWS_REGION", "")
	t.Setenv("AWS_DEFAULT_REGION", "")
	if _, err := Load(t.Context()); err == nil {
		t.Error("Load without a region succeeded")
	}
}

func TestEndpoints(t *testing.T) {
	t.Setenv("AWS_REGION", "us-east-1")
	t.Setenv("AWS_ENDPOINT_URL", "http://127.0.0.1:5000")
	t.Setenv("AWS_ENDPOINT_URL_DYNAMODB", "http://127.0.0.1:8000")
	t.Setenv("AWS_ACCESS_KEY_ID", "AKIDEXAMPLE")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "secret")
	cfg, err := Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	creds, err := cfg.Credentials.Retrieve(t.Context())
	if err != nil || creds.AccessKeyID != "AKIDEXAMPLE" {
		t.Errorf("credentials = %+v, %v; want the environment's", creds, err)
	}
	if cfg.BaseEndpoint == nil || *cfg.BaseEndpoint != "http://127.0.0.1:5000" {
		t.Errorf("BaseEndpoint = %v", cfg.BaseEndpoint)
	}
	if e := ServiceEndpoint("DYNAMODB"); e == nil || *e != "http://127.0.0.1:8000" {
		t.Errorf("ServiceEndpoint(DYNAMODB) = %v", e)
	}
	if e := ServiceEndpoint("S3"); e != nil {
		t.Errorf("ServiceEndpoint(S3) = %v, want nil", *e)
	}
}
