package api

import (
	"encoding/json"
	"github.com/clinicplatform/intake/internal/isotime"
	"net/http"
	"time"
)

func timestamp(t time.Time) string { return isotime.Format(t) }

// clientErrorBody is the envelope of every 4xx. Message is a []string for
// create-lead's 400s and a string everywhere else.
type clientErrorBody struct {
	Status    int         `json:"status"`
	Error     clientError `json:"error"`
	Timestamp string      `json:"timestamp"`
	Path      string      `json:"path"`
}

type clientError struct {
	Message    any    `json:"message"`
	Error      string `json:"error"`
	StatusCode int    `json:"statusCode"`
}

// serverErrorBody is the 500 envelope: error is the status phrase, a string.
type serverErrorBody struct {
	Status    int    `json:"status"`
	Error     string `json:"error"`
	Timestamp string `json:"timestamp"`
	Path      string `json:"path"`
}

// writeJSON writes v as the response body. v is always one of our own types,
// so a marshal error is a programming error and panics into the 500 path.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		panic("api: encode response: " + err.Error())
	}
	writeJSONBytes(w, status, body)
}

// Header values every JSON answer carries, allocated once.
var (
	jsonContentType = []string{"application/json; charset=utf-8"}
	noSniff         = []string{"nosniff"}
)

func writeJSONBytes(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h["Content-Type"] = jsonContentType
	h["X-Content-Type-Options"] = noSniff
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
