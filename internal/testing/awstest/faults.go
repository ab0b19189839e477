package awstest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Fault is how the FaultServer answers one service.
type Fault string

const (
	OK        Fault = "ok"
	Error500  Fault = "500"
	Throttle  Fault = "throttle"
	Hang      Fault = "hang" // never answers until the client gives up
	NotCalled Fault = ""     // fails the test if the service is called
)

// FaultServer stands in for DynamoDB and S3 at one endpoint, answering each
// with a chosen fault, and counts the calls per operation. OK answers are
// minimal but well-formed: PutItem/PutObject succeed, GetItem returns
// GetItemJSON.
type FaultServer struct {
	URL         string
	DynamoDB    Fault
	S3          Fault
	GetItemJSON string
	// DynamoDBOps overrides DynamoDB's fault for one operation ("PutItem"):
	// the lead is read, its verification's record fails to be written.
	DynamoDBOps map[string]Fault

	mu    sync.Mutex
	calls map[string]int
	stop  chan struct{}
}

// NewFaultServer starts a FaultServer for the test.
func NewFaultServer(t testing.TB, dynamo, s3 Fault) *FaultServer {
	t.Helper()
	f := &FaultServer{DynamoDB: dynamo, S3: s3, GetItemJSON: `{}`, calls: map[string]int{}, stop: make(chan struct{})}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if target := r.Header.Get("X-Amz-Target"); strings.HasPrefix(target, "DynamoDB_20120810.") {
			op := strings.TrimPrefix(target, "DynamoDB_20120810.")
			f.count("dynamodb." + op)
			f.answerDynamo(t, w, r, op)
			return
		}
		f.count("s3." + r.Method)
		f.answerS3(t, w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(f.stop) }) // runs first: releases hanging handlers
	f.URL = srv.URL
	return f
}

// Calls returns how often an operation ("dynamodb.PutItem", "s3.PUT") was called.
func (f *FaultServer) Calls(op string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[op]
}

func (f *FaultServer) count(op string) {
	f.mu.Lock()
	f.calls[op]++
	f.mu.Unlock()
}

func (f *FaultServer) answerDynamo(t testing.TB, w http.ResponseWriter, r *http.Request, op string) {
	w.Header().Set("Content-Type", "application/x-amz-json-1.0")
	fault := f.DynamoDB
	if op, ok := f.DynamoDBOps[op]; ok {
		fault = op
	}
	switch fault {
	case OK:
		if op == "GetItem" {
			w.Write([]byte(f.GetItemJSON))
			return
		}
		w.Write([]byte(`{}`))
	case Error500:
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error"}`))
	case Throttle:
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"__type":"com.amazonaws.dynamodb.v20120810#ThrottlingException","message":"Rate of requests exceeds the allowed throughput."}`))
	case Hang:
		f.hang(r)
	default:
		t.Errorf("DynamoDB %s was called, but the test expects no DynamoDB call", op)
		w.WriteHeader(http.StatusTeapot)
	}
}

func (f *FaultServer) answerS3(t testing.TB, w http.ResponseWriter, r *http.Request) {
	switch f.S3 {
	case OK:
		w.Header().Set("ETag", `"d41d8cd98f00b204e9800998ecf8427e"`)
		w.WriteHeader(http.StatusOK)
	case Error500:
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>`))
	case Throttle:
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>`))
	case Hang:
		f.hang(r)
	default:
		t.Errorf("S3 %s %s was called, but the test expects no S3 call", r.Method, r.URL.Path)
		w.WriteHeader(http.StatusTeapot)
	}
}

// hang holds the request until the client gives up or the test ends. The
// body is drained first: only then does the server notice a closed
// connection.
func (f *FaultServer) hang(r *http.Request) {
	io.Copy(io.Discard, r.Body)
	select {
	case <-r.Context().Done():
	case <-f.stop:
	}
}
