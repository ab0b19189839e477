// Package derrors holds the few error kinds the service distinguishes. Domain
// packages return them (wrapped with context); internal/api maps them to HTTP
// status codes in one place.
package derrors

import (
	"errors"
	"strings"
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
	// ErrUnavailable: a dependency failed or timed out (500 to the client).
	ErrUnavailable = errors.New("dependency unavailable")
)

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
