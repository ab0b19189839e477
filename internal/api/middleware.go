package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"
)

type requestIDKey struct{}

func requestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// statusRecorder remembers the status a handler wrote, for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// middleware wraps every route: request id, one access log line, panic
// recovery into the 500 envelope, and CORS.
func (s *server) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := s.requestID(r)
		ctx, cancel := s.deadline(r.Context())
		defer cancel()
		r = r.WithContext(context.WithValue(ctx, requestIDKey{}, id))
		w.Header().Set("X-Request-Id", id)
		rec := &statusRecorder{ResponseWriter: w}
		preflight := false // answered by cors

		defer func() {
			if v := recover(); v != nil {
				// The panic value is logged by type only: it may quote request data.
				s.log.ErrorContext(r.Context(), "panic in handler",
					slog.String("request_id", id),
					slog.String("panic_type", fmt.Sprintf("%T", v)),
					slog.String("stack", string(debug.Stack())))
				if rec.status == 0 {
					s.writeServerError(rec, r)
				}
			}
			s.log.LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("request_id", id),
				slog.String("method", r.Method),
				slog.String("path", loggedPath(r.URL.Path)),
				slog.Int("status", rec.status),
				slog.Float64("duration_ms", float64(time.Since(start).Microseconds())/1000))
			// A preflight is the browser asking, not a use of the function: it
			// stays out of the request metrics, as when API Gateway answered it.
			if fn := functionOf(r.URL.Path); fn != "" && !preflight {
				s.deps.Metrics.Request(fn, rec.status, time.Since(start))
			}
		}()

		if s.cors(rec, r) {
			preflight = isPreflight(r)
			return
		}
		next.ServeHTTP(rec, r)
	})
}

// Answer margins: a request must finish, 500 envelope included, before
// Lambda's own deadline (which would make API Gateway answer a bare 502), and
// outside Lambda within DefaultRequestTimeout (under API Gateway's 29 s).
const (
	DeadlineMargin        = time.Second
	DefaultRequestTimeout = 25 * time.Second
)

func (s *server) deadline(ctx context.Context) (context.Context, context.CancelFunc) {
	if dl, ok := ctx.Deadline(); ok {
		return context.WithDeadline(ctx, dl.Add(-DeadlineMargin))
	}
	return context.WithTimeout(ctx, DefaultRequestTimeout)
}

func (s *server) requestID(r *http.Request) string {
	if s.deps.RequestID != nil {
		if id := s.deps.RequestID(r); id != "" {
			return id
		}
	}
	if id := r.Header.Get("X-Request-Id"); id != "" && len(id) <= 128 && isToken(id) {
		return id
	}
	return s.newID()
}

// isToken keeps client-chosen request ids to characters safe in logs.
func isToken(s string) bool {
	for _, c := range s {
		if !(c == '-' || c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// loggedPath keeps unknown paths out of the logs: a client may put anything
// in a path, an e-mail address included.
func loggedPath(p string) string {
	switch p {
	case PathLeads, PathVerifyEvidence, PathProtocols:
		return p
	}
	return "(unmatched)"
}
