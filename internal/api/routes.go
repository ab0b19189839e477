package api

import (
	"net/http"

	"github.com/clinicplatform/intake/internal/derrors"
)

// Paths of the interface.
const (
	PathLeads          = "/external/v1/leads"
	PathVerifyEvidence = "/external/v1/prescriptions/verify-evidence"
	PathProtocols      = "/external/v1/protocols/weightloss"
)

// routes is the whole API surface.
func (s *server) routes() http.Handler {
	mux := http.NewServeMux()
	if s.deps.Leads != nil {
		mux.Handle("POST "+PathLeads, s.handleCreateLead())
		mux.Handle(PathLeads, s.methodNotAllowed("POST", messageList))
	}
	if s.deps.Evidence != nil {
		mux.Handle("POST "+PathVerifyEvidence, s.handleVerifyEvidence())
		mux.Handle(PathVerifyEvidence, s.methodNotAllowed("POST", messageString))
	}
	if s.deps.Protocols != nil {
		mux.Handle("GET "+PathProtocols, s.handleGetProtocols())
		mux.Handle(PathProtocols, s.methodNotAllowed("GET, HEAD", messageString))
	}
	mux.Handle("/", s.notFound())
	return mux
}

func (s *server) notFound() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, &derrors.Client{Kind: derrors.ErrNotFound,
			Message: "Cannot " + r.Method + " " + r.URL.Path}, messageString)
	})
}

func (s *server) methodNotAllowed(allow string, style messageStyle) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		s.writeError(w, r, &derrors.Client{Kind: derrors.ErrMethodNotAllowed,
			Message: r.Method + " is not allowed on " + r.URL.Path + "; use " + allow}, style)
	})
}
