package api

import (
	"net/http"
	"slices"
	"strings"

	"github.com/clinicplatform/intake/internal/derrors"
)

// CORS has one definition, this file. Deployed, API Gateway sends each
// route's preflight (OPTIONS) to the route's own function like the request
// it announces (template.yaml, the functions' *Preflight events), so the
// browser meets these rules on AWS exactly as on the local API
// (docs/deploy.md "CORS"; events/preflight-*.json replay them).
const (
	corsAllowMethods  = "GET, POST, OPTIONS"
	corsAllowHeaders  = "Content-Type, Idempotency-Key, If-None-Match, X-Request-Id"
	corsExposeHeaders = "ETag, X-Request-Id, X-Verification-Id"
	corsMaxAgeSeconds = "600"
)

// isPreflight reports whether r is a CORS preflight request.
func isPreflight(r *http.Request) bool {
	return r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
}

// cors adds CORS headers for an allowed Origin and answers preflight
// requests itself; it reports whether the request was answered.
func (s *server) cors(w http.ResponseWriter, r *http.Request) bool {
	origin := r.Header.Get("Origin")
	preflight := isPreflight(r)
	h := w.Header()
	h.Add("Vary", "Origin")
	if origin == "" {
		return false
	}
	if !s.originAllowed(origin) {
		switch {
		case preflight:
			// No CORS headers, so the browser refuses.
			w.WriteHeader(http.StatusNoContent)
			return true
		case r.Method != http.MethodGet && r.Method != http.MethodHead:
			// A browser would send this simple POST without asking and only
			// hide the answer; refuse it before it does any work.
			style := messageString
			if r.URL.Path == PathLeads {
				style = messageList
			}
			s.writeError(w, r, &derrors.Client{Kind: derrors.ErrForbidden,
				Message: "origin " + truncate(origin, 100) + " is not allowed to call this API"}, style)
			return true
		}
		return false
	}
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Expose-Headers", corsExposeHeaders)
	if !preflight {
		return false
	}
	h.Set("Access-Control-Allow-Methods", corsAllowMethods)
	h.Set("Access-Control-Allow-Headers", corsAllowHeaders)
	h.Set("Access-Control-Max-Age", corsMaxAgeSeconds)
	w.WriteHeader(http.StatusNoContent)
	return true
}

func (s *server) originAllowed(origin string) bool {
	return slices.ContainsFunc(s.deps.CORSAllowedOrigins, func(o string) bool {
		return o == "*" || strings.EqualFold(o, origin)
	})
}
