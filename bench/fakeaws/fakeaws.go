// Package fakeaws answers, on loopback, the AWS calls the functions make:
// DynamoDB PutItem, UpdateItem (the quota counter) and GetItem, S3 PutObject and Textract
// DetectDocumentText. Benchmarks point AWS_ENDPOINT_URL at it to time the
// SDK's own work (signing, encoding, one HTTP exchange) without a network
// or an emulator, and read Calls to show that init makes no call at all.
package fakeaws

import (
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Lead is the item every GetItem answers with; nil answers "no item".
type Lead struct {
	ID, Email, DataJSON string
	CreatedAt           time.Time
}

// Server is a running fake. Its zero value is not usable; call Start.
type Server struct {
	// URL is the endpoint to put in AWS_ENDPOINT_URL.
	URL string

	calls    atomic.Int64
	getItem  []byte
	textract []byte
	srv      *httptest.Server
}

// Start serves GetItem answers built from lead and Textract answers made of
// lines, one LINE block each.
func Start(lead *Lead, lines []string) (*Server, error) {
	s := &Server{getItem: []byte(`{}`)}
	if lead != nil {
		item := map[string]map[string]map[string]string{"Item": {
			"id":        {"S": lead.ID},
			"email":     {"S": lead.Email},
			"createdAt": {"S": lead.CreatedAt.UTC().Format(time.RFC3339Nano)},
			"dataJson":  {"S": lead.DataJSON},
		}}
		b, err := json.Marshal(item)
		if err != nil {
			return nil, fmt.Errorf("fake GetItem answer: %w", err)
		}
		s.getItem = b
	}
	type block struct {
		BlockType  string
		Text       string
		Confidence float64
	}
	blocks := make([]block, 0, len(lines))
	for _, l := range lines {
		blocks = append(blocks, block{BlockType: "LINE", Text: l, Confidence: 99.1})
	}
	b, err := json.Marshal(map[string]any{"Blocks": blocks, "DocumentMetadata": map[string]int{"Pages": 1}})
	if err != nil {
		return nil, fmt.Errorf("fake Textract answer: %w", err)
	}
	s.textract = b
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	return s, nil
}

// Calls is how many requests the fake has answered.
func (s *Server) Calls() int64 { return s.calls.Load() }

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.calls.Add(1)
	_, _ = io.Copy(io.Discard, r.Body)
	target := r.Header.Get("X-Amz-Target")
	switch {
	case target == "DynamoDB_20120810.PutItem", target == "DynamoDB_20120810.UpdateItem":
		writeDynamoDB(w, []byte(`{}`))
	case target == "DynamoDB_20120810.GetItem":
		writeDynamoDB(w, s.getItem)
	case target == "Textract.DetectDocumentText":
		writeAWSJSON(w, "application/x-amz-json-1.1", s.textract)
	case target == "" && r.Method == http.MethodPut:
		// S3 PutObject, path-style (S3_USE_PATH_STYLE=true).
		w.Header().Set("ETag", `"fake-etag"`)
		w.WriteHeader(http.StatusOK)
	default:
		http.Error(w, "fakeaws: unexpected call "+r.Method+" "+r.URL.Path+" "+strings.TrimSpace(target), http.StatusNotImplemented)
	}
}

// writeDynamoDB adds the CRC32 the DynamoDB client checks every answer against.
func writeDynamoDB(w http.ResponseWriter, body []byte) {
	w.Header().Set("X-Amz-Crc32", strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10))
	writeAWSJSON(w, "application/x-amz-json-1.0", body)
}

func writeAWSJSON(w http.ResponseWriter, contentType string, body []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("X-Amzn-Requestid", "fake-request")
	_, _ = w.Write(body)
}
