package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/lead"
)

// leadResponse is the Lead of the interface (section 2.1).
type leadResponse struct {
	ID        string          `json:"id"`
	Email     string          `json:"email"`
	Data      json.RawMessage `json:"data"`
	CreatedAt string          `json:"createdAt"`
}

// emptyData is what a lead created without an intake record answers as data:
// the interface types data as an object.
var emptyData = json.RawMessage(`{}`)

func (s *server) handleCreateLead() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := readJSONBody(w, r, s.deps.LeadBodyLimit)
		if err != nil {
			s.writeError(w, r, err, messageList)
			return
		}
		if s.deps.Idempotency != nil && r.Header.Get(idempotencyHeader) != "" {
			s.createLeadIdempotent(w, r, body)
			return
		}
		resp, err := s.createLead(r, body, s.newID())
		if err != nil {
			s.writeError(w, r, err, messageList)
			return
		}
		s.deps.Metrics.LeadCreated(false)
		writeJSONBytes(w, http.StatusOK, resp)
	})
}

// createLead validates and stores a lead with the given id and returns the
// response body.
func (s *server) createLead(r *http.Request, body []byte, id string) ([]byte, error) {
	now := s.now().UTC()
	p, err := lead.ParsePayload(body, now)
	if err != nil {
		return nil, err
	}
	return s.storeLead(r, lead.Lead{ID: id, Email: p.Email, Data: p.Data, CreatedAt: now})
}

// storeLead stores l (sent without an Idempotency-Key) and returns the
// response body. A conflict on a random id means an SDK retry met its own
// attempt that landed but lost its answer; recoverLead checks it is.
func (s *server) storeLead(r *http.Request, l lead.Lead) ([]byte, error) {
	err := s.deps.Leads.Put(r.Context(), l)
	switch {
	case errors.Is(err, derrors.ErrConflict):
		return s.recoverLead(r, l)
	case err != nil:
		return nil, fmt.Errorf("store lead %s: %w", l.ID, err)
	}
	return leadBody(l)
}

// leadBody is the Lead of the interface for l.
func leadBody(l lead.Lead) ([]byte, error) {
	data := l.Data
	if len(data) == 0 {
		data = emptyData
	}
	resp, err := encodeLead(leadResponse{ID: l.ID, Email: l.Email, Data: data, CreatedAt: timestamp(l.CreatedAt)})
	if err != nil {
		return nil, fmt.Errorf("encode lead %s: %w", l.ID, err)
	}
	return resp, nil
}

// readJSONBody checks the Content-Type and reads at most limit bytes.
func readJSONBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return nil, &derrors.Client{Kind: derrors.ErrUnsupportedMediaType,
			Message: "Content-Type must be application/json"}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, &derrors.Client{Kind: derrors.ErrTooLarge,
				Message: fmt.Sprintf("request body must not be larger than %d bytes", limit)}
		}
		return nil, derrors.Invalid("request body could not be read")
	}
	return body, nil
}

// unexpected hides client-error kinds of a dependency's error, so a
// storage conflict we did not expect becomes a 500, not a 4xx.
func unexpected(err error) error {
	if statusOf(err) < 500 {
		return fmt.Errorf("%v: %w", err, derrors.ErrUnavailable)
	}
	return err
}

// encodeLead writes the lead without HTML escaping, so data comes back byte
// for byte as accepted ("&" stays "&", not "\u0026").
func encodeLead(l leadResponse) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(l); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
