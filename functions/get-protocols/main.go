// Command get-protocols is the Lambda function behind
// GET /external/v1/protocols/weightloss.
package main

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/protocol"
)

func main() { lambdahttp.Start("get-protocols", newHandler) }

// newHandler does all init work once per cold start: the catalogue is
// decoded, validated and encoded here, so a request only copies bytes.
func newHandler(_ context.Context, getenv func(string) string, logOut io.Writer) (http.Handler, error) {
	var cfg config.GetProtocols
	if err := config.Load(getenv, &cfg); err != nil {
		return nil, err
	}
	body, err := protocol.Load(cfg.Market)
	if err != nil {
		return nil, err
	}
	return api.NewHandler(api.Deps{
		Log:                cfg.Logger(logOut),
		Now:                time.Now,
		NewID:              uuid.NewString,
		Protocols:          body,
		Metrics:            cfg.Metrics(logOut), // embedded-format metrics share stdout with the log lines
		RequestID:          lambdahttp.RequestID,
		CORSAllowedOrigins: cfg.CORSAllowedOrigins,
	})
}
