package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/google/uuid"

	"github.com/clinicplatform/intake/bench/fakeaws"
	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/lead"
)

// discardLeads is lead storage that keeps nothing, so a benchmark times
// the function's own work and not a growing map; discardKeys likewise
// remembers no Idempotency-Key.
type (
	discardLeads struct{}
	discardKeys  struct{}
)

func (discardLeads) Put(context.Context, lead.Lead) error { return nil }
func (discardLeads) Get(_ context.Context, id string) (lead.Lead, error) {
	return lead.Lead{}, fmt.Errorf("lead %s: %w", id, derrors.ErrNotFound)
}
func (discardKeys) Lookup(_ context.Context, key string) (idempotency.Entry, error) {
	return idempotency.Entry{}, fmt.Errorf("key %s: %w", key, derrors.ErrNotFound)
}
func (discardKeys) PutIfAbsent(context.Context, idempotency.Entry) error { return nil }

// lambdaGetenv is Lambda's environment for the function: its settings, then
// the process's (where useFakeAWS puts the AWS variables).
func lambdaGetenv(settings map[string]string) func(string) string {
	return func(k string) string {
		if v, ok := settings[k]; ok {
			return v
		}
		return os.Getenv(k)
	}
}

// useFakeAWS points the SDK at a fake on loopback with static credentials,
// as Lambda provides them in the environment.
func useFakeAWS(tb testing.TB) *fakeaws.Server {
	tb.Helper()
	fake, err := fakeaws.Start(nil, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(fake.Close)
	for k, v := range map[string]string{
		"AWS_ENDPOINT_URL": fake.URL, "AWS_REGION": "eu-west-2",
		"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_SESSION_TOKEN": "test",
	} {
		tb.Setenv(k, v)
	}
	return fake
}

func createLeadEvent(tb testing.TB) events.APIGatewayProxyRequest {
	tb.Helper()
	// The repository's own API Gateway event for this route (events/).
	raw, err := os.ReadFile(filepath.Join("..", "..", "events", "create-lead.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var ev events.APIGatewayProxyRequest
	if err := json.Unmarshal(raw, &ev); err != nil {
		tb.Fatalf("decode events/create-lead.json: %v", err)
	}
	return ev
}

// BenchmarkLambdaCreateLead is one invocation as Lambda makes it, event in,
// response out, with the lead store either a fake that keeps nothing (the
// function's own work) or DynamoDB through the SDK against a fake endpoint
// on loopback (adding the SDK's encoding, signing and one HTTP exchange).
func BenchmarkLambdaCreateLead(b *testing.B) {
	ev := createLeadEvent(b)
	env := map[string]string{"LEADS_TABLE": "leads", "IDEMPOTENCY_TABLE": "keys", "METRICS_NAMESPACE": "ClinicIntake/bench"}
	getenv := lambdaGetenv(env)

	b.Run("floor=bare-handler", func(b *testing.B) {
		// The adapter around a handler that reads the body and answers a
		// fixed lead of the same size.
		created := []byte(`{"id":"00000000-0000-4000-8000-000000000001","email":"ada.lovelace@example.com","data":` +
			`{"forename":"Ada","surname":"Lovelace","dateOfBirth":"1985-12-10","height":{"unit":"cm","cm":"168"},` +
			`"weight":{"unit":"kg","kg":"92.5"},"weightLossInjections":{"drugName":"Wegovy","strength":"1.7 mg"}},` +
			`"createdAt":"2026-11-21T10:04:05.123Z"}`)
		benchInvoke(b, lambdahttp.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body)
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			_, _ = w.Write(created)
		})), ev)
	})
	b.Run("store=fake", func(b *testing.B) {
		var cfg config.CreateLead
		err := config.Load(getenv, &cfg)
		if err != nil {
			b.Fatal(err)
		}
		leads, err := lead.NewService(discardLeads{}, discardKeys{}, time.Now, uuid.NewString)
		if err != nil {
			b.Fatal(err)
		}
		h, err := api.NewHandler(api.Deps{
			Log:                slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: cfg.LogLevel})),
			Now:                time.Now,
			NewID:              uuid.NewString,
			Metrics:            api.NoMetrics{},
			Leads:              leads,
			RequestID:          lambdahttp.RequestID,
			LeadBodyLimit:      cfg.LeadBodyLimit,
			CORSAllowedOrigins: cfg.CORSAllowedOrigins,
		})
		if err != nil {
			b.Fatal(err)
		}
		benchInvoke(b, lambdahttp.Handler(h), ev)
	})
	b.Run("store=dynamodb-sdk-loopback", func(b *testing.B) {
		fake := useFakeAWS(b)
		h, err := newHandler(b.Context(), getenv, io.Discard)
		if err != nil {
			b.Fatal(err)
		}
		benchInvoke(b, lambdahttp.Handler(h), ev)
		if fake.Calls() == 0 {
			b.Fatal("the fake DynamoDB endpoint was never called")
		}
	})
}

func benchInvoke(b *testing.B, handle func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error), ev events.APIGatewayProxyRequest) {
	b.Helper()
	b.ReportAllocs()
	for b.Loop() {
		resp, err := handle(b.Context(), ev)
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("create lead = %d %s, %v", resp.StatusCode, resp.Body, err)
		}
	}
}
