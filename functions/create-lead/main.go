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
	leads, err := lead.NewService(
		&dynamo.LeadStore{Client: db, Table: cfg.LeadsTable, Retention: cfg.LeadRetention},
		&dynamo.IdempotencyStore{Client: db, Table: cfg.IdempotencyTable},
		time.Now, uuid.NewString)
	if err != nil {
		return nil, err
	}
	return api.NewHandler(api.Deps{
		Log:       cfg.Logger(logOut),
		Now:       time.Now,
		NewID:     uuid.NewString,
		Leads:     leads,
		Metrics:   cfg.Metrics(logOut), // embedded-format metrics share stdout with the log lines
		RequestID: lambdahttp.RequestID,

		LeadBodyLimit:      cfg.LeadBodyLimit,
		CORSAllowedOrigins: cfg.CORSAllowedOrigins,
	})
}
