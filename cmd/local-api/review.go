package main

import (
	"bytes"
	"errors"
	"log/slog"
	"net"
	"net/http"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/review"
)

// pathReview is where a verification's review page is served:
// /review/{id}, the id being the X-Verification-Id of the answer.
const pathReview = "/review/"

// newReviewer reviews the verifications kept in store.
func newReviewer(store *localstore.Store) *review.Reviewer {
	pages := review.NewPages()
	pages.HEIF = heifwasm.Decoder{} // in process, as the local reader decodes
	return &review.Reviewer{Records: store, Leads: store, Files: store, Pages: pages}
}

// withReview serves the review page of a verification at /review/{id}
// beside next, to this machine only: the page holds health data, and the
// local API may listen on other addresses (HOST). Nothing of the page is
// logged; a failure is logged by its kind, without the id.
func withReview(next http.Handler, rv *review.Reviewer, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+pathReview+"{id}", func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-store")
		h.Set("Referrer-Policy", "no-referrer")
		if !fromThisMachine(r) {
			http.Error(w, "Review pages are served to this machine only.", http.StatusForbidden)
			return
		}
		id := r.PathValue("id")
		if u, err := uuid.Parse(id); err != nil || len(id) != 36 || u.String() != id {
			http.Error(w, "No verification has that id.", http.StatusNotFound)
			return
		}
		var page bytes.Buffer
		err := rv.WriteID(r.Context(), &page, id)
		switch {
		case errors.Is(err, derrors.ErrNotFound):
			http.Error(w, "No verification has that id.", http.StatusNotFound)
			return
		case err != nil:
			log.Error("review page failed", slog.String("route", "GET "+pathReview+"{id}"), slog.String("error_kind", errorKind(err)))
			http.Error(w, "The review page could not be made.", http.StatusInternalServerError)
			return
		}
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", review.Policy()+"; frame-ancestors 'none'")
		w.Write(page.Bytes())
	})
	mux.Handle("/", next)
	return mux
}

// fromThisMachine reports a request from a loopback address.
func fromThisMachine(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// errorKind names a failure without its message (which may name a key).
func errorKind(err error) string {
	if errors.Is(err, derrors.ErrUnavailable) {
		return "unavailable"
	}
	return "other"
}
