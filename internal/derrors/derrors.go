// Package derrors holds the error kinds the service distinguishes. Any
// package may return them, wrapped with context: domain packages (lead,
// evidence, idempotency, quota, datarights), the storage and reader adapters
// (dynamo, s3store, localstore, textract, tesseract, pdftext, docread) and
// internal/api itself for what it finds in a request. Only internal/api
// turns a kind into an HTTP status, in one table (statusTable in
// internal/api/errors.go) that has a row for every kind declared here; an
// error of no kind is a 500.
package derrors

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

var (
	// ErrInvalidArgument: the client sent something we cannot accept (400).
	ErrInvalidArgument = errors.New("invalid argument")
	// ErrForbidden: the caller may not do this (403).
	ErrForbidden = errors.New("forbidden")
	// ErrNotFound: the thing asked for does not exist (404).
	ErrNotFound = errors.New("not found")
	// ErrMethodNotAllowed: the path exists but not for this method (405).
	ErrMethodNotAllowed = errors.New("method not allowed")
	// ErrConflict: the write would overwrite or contradict existing state (409).
	ErrConflict = errors.New("conflict")
	// ErrTooLarge: the request body is over a configured limit (413).
	ErrTooLarge = errors.New("payload too large")
	// ErrTooManyRequests: a quota is used up for now (429).
	ErrTooManyRequests = errors.New("too many requests")
	// ErrUnsupportedMediaType: the request's Content-Type is not one we take (415).
	ErrUnsupportedMediaType = errors.New("unsupported media type")
	// ErrUnavailable: a dependency failed or timed out (500, and the
	// client is told nothing more).
	ErrUnavailable = errors.New("dependency unavailable")
	// ErrBusy: every slot for the work is taken and the queue is full; the
	// client may retry shortly (503 with Retry-After).
	ErrBusy = errors.New("busy")
	// ErrOverBudget: a document needs more work than the service spends on
	// one (see Budget). It is the document's fault, not an outage: the
	// readers answer it as an unreadable document, so none should reach
	// internal/api (500 if one does).
	ErrOverBudget = errors.New("over budget")
)

// clientKinds are the kinds a client's request causes, the ones
// internal/api answers with a 4xx (TestUnexpectedHidesEveryClientKind).
var clientKinds = [...]error{ErrInvalidArgument, ErrForbidden, ErrNotFound, ErrMethodNotAllowed,
	ErrConflict, ErrTooLarge, ErrTooManyRequests, ErrUnsupportedMediaType}

// Unexpected is a dependency's error where the flow expected none of a
// client kind: storage answering conflict or not-found is our fault, not
// the client's, so such an error becomes ErrUnavailable, keeping its text
// for the log. A server kind (ErrBusy stays busy), an error of no kind and
// nil are returned as they are.
func Unexpected(err error) error {
	for _, kind := range clientKinds {
		if errors.Is(err, kind) {
			return fmt.Errorf("%v: %w", err, ErrUnavailable)
		}
	}
	return err
}

// Unavailable marks err, a failed call to a dependency (a DynamoDB or S3
// request), as ErrUnavailable, keeping err for the log.
func Unavailable(err error) error { return fmt.Errorf("%w: %w", ErrUnavailable, err) }

// Budget is a document that tripped one of the per-document work limits.
// Name and Limit say which (for the log line); neither carries document
// content. It unwraps to ErrOverBudget.
type Budget struct {
	Name  string // e.g. "pdf.nesting_depth"
	Limit int64
}

// OverBudget returns a *Budget for the named limit.
func OverBudget(name string, limit int64) *Budget { return &Budget{Name: name, Limit: limit} }

func (b *Budget) Error() string {
	return "over budget: " + b.Name + " exceeds " + strconv.FormatInt(b.Limit, 10)
}
func (b *Budget) Unwrap() error { return ErrOverBudget }

// Validation is a client error whose messages are safe to show the client.
// Messages are complete sentences in class-validator style
// ("email must be an email"). It unwraps to ErrInvalidArgument.
type Validation struct {
	Messages []string
}

// Invalid returns a *Validation with the given client-facing messages.
func Invalid(messages ...string) *Validation {
	return &Validation{Messages: messages}
}

func (v *Validation) Error() string { return "validation failed: " + strings.Join(v.Messages, "; ") }
func (v *Validation) Unwrap() error { return ErrInvalidArgument }

// Client is an error of another 4xx kind (Kind is one of the sentinels
// above) with a message that is safe to show the client.
type Client struct {
	Kind    error
	Message string
}

func (c *Client) Error() string { return c.Kind.Error() + ": " + c.Message }
func (c *Client) Unwrap() error { return c.Kind }

// Later is a refusal of work the service cannot do now but can later: every
// OCR slot taken, the day's allowance of pages spent, a Textract job still
// running. It unwraps to ErrBusy (503); RetryAfter becomes the Retry-After
// header and Message, safe to show the client, the error's message. Reason
// is a short lower-case word for logs and metrics ("daily_text_reader_pages").
type Later struct {
	Reason     string
	Message    string
	RetryAfter time.Duration
}

func (l *Later) Error() string { return "busy: " + l.Reason + ": " + l.Message }
func (l *Later) Unwrap() error { return ErrBusy }
