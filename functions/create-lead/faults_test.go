package main

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/awsenv"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/testing/awstest"
)

// TestDynamoDBFaults: whatever DynamoDB does, the client gets the 500
// envelope (never a lead that was not stored), after a bounded number of
// attempts and before the Lambda deadline.
func TestDynamoDBFaults(t *testing.T) {
	tests := []struct {
		name      string
		fault     awstest.Fault
		unreached bool
		attempts  int
	}{
		{"server error", awstest.Error500, false, awsenv.MaxAttempts},
		{"throttling", awstest.Throttle, false, awsenv.MaxAttempts},
		{"timeout", awstest.Hang, false, 0},
		{"unreachable endpoint", "", true, 0},
	}
	ev := readEvent(t, "../../events/create-lead.json")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var faults *awstest.FaultServer
			endpoint := awstest.ClosedEndpoint(t)
			if !tt.unreached {
				faults = awstest.NewFaultServer(t, tt.fault, awstest.NotCalled)
				endpoint = faults.URL
			}
			env := map[string]string{"LEADS_TABLE": "leads", "IDEMPOTENCY_TABLE": "keys"}
			h, err := newHandler(t.Context(), awstest.LambdaEnv(endpoint, env), io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			// Lambda's deadline: the handler must answer before it, after
			// at most MaxAttempts tries.
			budget := 10 * time.Second
			if tt.fault == awstest.Hang {
				budget = 3 * time.Second
			}
			ctx, cancel := context.WithTimeout(t.Context(), budget)
			defer cancel()
			resp, err := lambdahttp.Handler(h)(ctx, ev)
			if err != nil {
				t.Fatal(err)
			}
			if ctx.Err() != nil {
				t.Errorf("the handler answered after the Lambda deadline")
			}
			awstest.CheckServerError(t, resp, "/external/v1/leads")
			if faults != nil && tt.attempts > 0 && faults.Calls("dynamodb.PutItem") != tt.attempts {
				t.Errorf("PutItem attempts = %d, want %d", faults.Calls("dynamodb.PutItem"), tt.attempts)
			}
		})
	}
}
