// Command create-lead is the Lambda function behind POST /external/v1/leads.
package main

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/awsenv"
	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/lead"
)

func main() { lambdahttp.Start("create-lead", newHandler) }

// newHandler does all init work once per cold start.
func newHandler(ctx context.Context, getenv func(string) string, logOut io.Writer) (http.Handler, error) {
	var cfg config.CreateLead
	awsCfg, err := awsenv.LoadFunction(ctx, getenv, &cfg)
	if err != nil {
		return nil, err
	}
	db := dynamo.NewClient(awsCfg)
	leads := &dynamo.LeadStore{Client: db, Table: cfg.LeadsTable, Retention: cfg.LeadRetention}
	service := &lead.Service{Leads: leads, Finder: leads, Keys: &dynamo.IdempotencyStore{Client: db, Table: cfg.IdempotencyTable},
		Now: time.Now, NewID: uuid.NewString}
	// Embedded-format metrics share stdout with the log lines.
	emf := cfg.Metrics(logOut)
	return api.NewHandler(api.Deps{
		Log:                cfg.Logger(logOut),
		Leads:              service,
		Metrics:            emf,
		RequestID:          lambdahttp.RequestID,
		LeadBodyLimit:      cfg.LeadBodyLimit,
		CORSAllowedOrigins: cfg.CORSAllowedOrigins,
	}), nil
}
