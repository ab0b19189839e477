package api

import (
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

// idempotencyHeader names the create-lead retry key.
const idempotencyHeader = "Idempotency-Key"

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
		created, err := s.deps.Leads.Create(r.Context(), lead.CreateRequest{Body: body, IdempotencyKey: r.Header.Get(idempotencyHeader)})
		if err != nil {
			s.writeError(w, r, err, messageList)
			return
		}
		resp, err := leadBody(created.Lead)
		if err != nil {
			s.writeError(w, r, err, messageList)
			return
		}
		s.deps.Metrics.LeadCreated(created.Replayed)
		if created.Replayed {
			w.Header().Set("Idempotent-Replayed", "true")
		}
		writeJSONBytes(w, http.StatusOK, resp)
	})
}

// leadBody is the Lead of the interface for l.
func leadBody(l lead.Lead) ([]byte, error) {
	data := l.Data
	if len(data) == 0 {
		data = emptyData
	}
	// lead.EncodeExact: data comes back byte for byte as accepted ("&"
	// stays "&", not "\u0026").
	resp, err := lead.EncodeExact(leadResponse{ID: l.ID, Email: l.Email, Data: data, CreatedAt: timestamp(l.CreatedAt)})
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
