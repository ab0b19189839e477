package api

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/quota"
)

// messageStyle says how a route words its 400 message: create-lead sends
// an array of messages, verify-evidence a single string (interface 7.1).
type messageStyle int

const (
	messageList messageStyle = iota
	messageString
)

// statusTable is the one place that decides which HTTP status an error is:
// every kind in internal/derrors has a row (TestStatusTableNamesEveryKind),
// so a new kind cannot fall through to a 500 unnoticed. The first row whose
// kind the error wraps wins, so client errors come before the kinds of a
// failing dependency an error may wrap as well.
var statusTable = []struct {
	kind   error
	status int
}{
	{derrors.ErrInvalidArgument, http.StatusBadRequest},
	{derrors.ErrForbidden, http.StatusForbidden},
	{derrors.ErrNotFound, http.StatusNotFound},
	{derrors.ErrMethodNotAllowed, http.StatusMethodNotAllowed},
	{derrors.ErrConflict, http.StatusConflict},
	{derrors.ErrTooLarge, http.StatusRequestEntityTooLarge},
	{derrors.ErrUnsupportedMediaType, http.StatusUnsupportedMediaType},
	{derrors.ErrTooManyRequests, http.StatusTooManyRequests},
	// Load, not an outage: the client retries after Retry-After.
	{derrors.ErrBusy, http.StatusServiceUnavailable},
	// A failing dependency: the client is told nothing more (the log is).
	{derrors.ErrUnavailable, http.StatusInternalServerError},
	// The readers turn an over-budget document into an unreadable one
	// (200, every field not_found); one that reaches here is our bug.
	{derrors.ErrOverBudget, http.StatusInternalServerError},
}

// statusOf is the HTTP status of err: its kind's row in statusTable, or
// 500 for an error of no kind.
func statusOf(err error) int {
	for _, row := range statusTable {
		if errors.Is(err, row.kind) {
			return row.status
		}
	}
	return http.StatusInternalServerError
}

// clientMessages returns the messages of err that are safe to show a client.
func clientMessages(err error, status int) []string {
	var v *derrors.Validation
	if errors.As(err, &v) && len(v.Messages) > 0 {
		return v.Messages
	}
	var c *derrors.Client
	if errors.As(err, &c) && c.Message != "" {
		return []string{c.Message}
	}
	var exceeded *quota.Exceeded
	if errors.As(err, &exceeded) {
		return []string{exceeded.Error()}
	}
	return []string{http.StatusText(status)}
}

// writeError answers with the envelope for err. Only 4xx carry a message;
// a 500 says nothing of its cause to the client and logs it instead.
func (s *server) writeError(w http.ResponseWriter, r *http.Request, err error, style messageStyle) {
	status := statusOf(err)
	if status == http.StatusServiceUnavailable {
		s.writeBusy(w, r, err)
		return
	}
	if status >= 500 {
		s.log.ErrorContext(r.Context(), "request failed",
			slog.String("request_id", requestIDFrom(r.Context())),
			slog.String("error", err.Error()))
		s.writeServerError(w, r)
		return
	}
	var exceeded *quota.Exceeded
	if errors.As(err, &exceeded) {
		w.Header().Set("Retry-After", strconv.Itoa(int(exceeded.RetryAfter.Seconds())))
	}
	msgs := clientMessages(err, status)
	var message any = strings.Join(msgs, "; ")
	if style == messageList && status == http.StatusBadRequest {
		message = msgs
	}
	writeJSON(w, status, clientErrorBody{
		Status:    status,
		Error:     clientError{Message: message, Error: statusPhrase(status), StatusCode: status},
		Timestamp: timestamp(s.now()),
		Path:      r.URL.Path,
	})
}

// RetryAfterSeconds is what a 503 asks the client to wait when every OCR
// slot is taken: about one OCR run, after which a slot has usually freed.
const RetryAfterSeconds = 5

// writeBusy refuses work the service has no room or allowance for now: 503
// with Retry-After, in the client-error envelope (its message says what to
// do), logged as one WARN line, since it is load or a spend limit, not an
// outage. A *derrors.Later says why, what to tell the client and how long
// to wait; otherwise every OCR slot is taken.
func (s *server) writeBusy(w http.ResponseWriter, r *http.Request, err error) {
	reason, wait := "busy", time.Duration(RetryAfterSeconds)*time.Second
	message := "too many documents are being read at once; retry in " + strconv.Itoa(RetryAfterSeconds) + " seconds"
	var later *derrors.Later
	if errors.As(err, &later) {
		reason, message, wait = later.Reason, later.Message, later.RetryAfter
	}
	seconds := max(int((wait+time.Second-1)/time.Second), 1)
	s.log.WarnContext(r.Context(), "request refused",
		slog.String("request_id", requestIDFrom(r.Context())),
		slog.String("reason", reason),
		slog.String("error", err.Error()))
	s.deps.Metrics.RetryLater(reason)
	w.Header().Set("Retry-After", strconv.Itoa(seconds))
	status := http.StatusServiceUnavailable
	writeJSON(w, status, clientErrorBody{
		Status: status,
		Error: clientError{
			Message:    message,
			Error:      statusPhrase(status),
			StatusCode: status,
		},
		Timestamp: timestamp(s.now()),
		Path:      r.URL.Path,
	})
}

func (s *server) writeServerError(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusInternalServerError, serverErrorBody{
		Status:    http.StatusInternalServerError,
		Error:     http.StatusText(http.StatusInternalServerError),
		Timestamp: timestamp(s.now()),
		Path:      r.URL.Path,
	})
}

// statusPhrase is the reason phrase of a status; 413 keeps the name
// clients know it by, where Go says "Request Entity Too Large".
func statusPhrase(status int) string {
	if status == http.StatusRequestEntityTooLarge {
		return "Payload Too Large"
	}
	return http.StatusText(status)
}
