package contract

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// recordingTB is a testing.TB whose failures are recorded instead of failing
// the test, so a test can assert that a check failed.
type recordingTB struct {
	testing.TB
	mu       sync.Mutex
	failures []string
}

func (r *recordingTB) Helper() {}

func (r *recordingTB) record(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failures = append(r.failures, msg)
}

func (r *recordingTB) Error(args ...any)                 { r.record(fmt.Sprint(args...)) }
func (r *recordingTB) Errorf(format string, args ...any) { r.record(fmt.Sprintf(format, args...)) }
func (r *recordingTB) Fail()                             { r.record("Fail") }
func (r *recordingTB) Fatal(args ...any)                 { r.record(fmt.Sprint(args...)); runtime.Goexit() }
func (r *recordingTB) Fatalf(format string, args ...any) {
	r.record(fmt.Sprintf(format, args...))
	runtime.Goexit()
}
func (r *recordingTB) FailNow() { r.record("FailNow"); runtime.Goexit() }

// failures runs check with a recordingTB on its own goroutine (so a Fatal
// ends only that goroutine) and returns what it recorded.
func failures(t *testing.T, check func(tb testing.TB)) []string {
	t.Helper()
	tb := &recordingTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		check(tb)
	}()
	<-done
	return tb.failures
}

const (
	pathLeads     = "/external/v1/leads"
	pathEvidence  = "/external/v1/prescriptions/verify-evidence"
	pathProtocols = "/external/v1/protocols/weightloss"
	multipartType = "multipart/form-data; boundary=b0undary"
	stamp         = "2026-11-21T10:04:05.123Z"
)

func jsonHeader() http.Header {
	return http.Header{"Content-Type": {"application/json; charset=utf-8"}}
}

func protocolHeader() http.Header {
	h := jsonHeader()
	h.Set("ETag", `"8c7d1e0f"`)
	h.Set("Cache-Control", "public, max-age=300")
	return h
}

func header(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	return h
}

const (
	validLeadRequest = `{"email":"jane.example@example.com","data":{"forename":"Jane","surname":"Example","dateOfBirth":"1985-04-12","height":null}}`
	validLead        = `{"id":"3f0c8a2e-7b1d-4e5f-9a6c-1d2e3f4a5b6c","email":"jane.example@example.com","data":{"forename":"Jane","surname":"Example","dateOfBirth":"1985-04-12","height":null},"createdAt":"` + stamp + `"}`
	validResult      = `{"success":false,"data":{"patientName":{"value":"valid","confidence":"high"},"medicationName":{"value":"valid","confidence":"high"},"medicationDosage":{"value":"invalid","confidence":"medium"},"medicationDate":{"value":"not_found","confidence":"low"},"pharmacyName":{"value":"valid","confidence":"medium"}},"confidence":"medium","note":"The dosage on the document is 1 mg, not 2.4 mg."}`
	validProtocols   = `[{"id":1,"name":"Wegovy weekly injection","description":"Weekly semaglutide.","image":"https://images.example.com/p/1.webp","traits":["Weekly injection"],"variants":[{"id":101,"priceId":"price_1Example","name":"Monthly plan","isDefault":true,"currency":"GBP","amount":19900,"recurring":{"interval":"month","intervalCount":1}}]}]`
)

func leadError(status int, phrase string, message string) string {
	return fmt.Sprintf(`{"status":%d,"error":{"message":%s,"error":%q,"statusCode":%d},"timestamp":%q,"path":%q}`,
		status, message, phrase, status, stamp, pathLeads)
}

func errorAt(path string, status int, phrase, message string) string {
	return fmt.Sprintf(`{"status":%d,"error":{"message":%q,"error":%q,"statusCode":%d},"timestamp":%q,"path":%q}`,
		status, message, phrase, status, stamp, path)
}

func serverError(path string) string {
	return fmt.Sprintf(`{"status":500,"error":"Internal Server Error","timestamp":%q,"path":%q}`, stamp, path)
}

type exchange struct {
	method, path string
	reqHeader    http.Header
	reqBody      string
	status       int
	header       http.Header
	body         string
}

func (e exchange) request() *http.Request {
	req := httptest.NewRequest(e.method, e.path, strings.NewReader(e.reqBody))
	for k, v := range e.reqHeader {
		req.Header[k] = v
	}
	return req
}

func leadExchange(status int, h http.Header, body string) exchange {
	return exchange{method: http.MethodPost, path: pathLeads, reqHeader: header("Content-Type", "application/json"),
		reqBody: validLeadRequest, status: status, header: h, body: body}
}

func evidenceExchange(status int, h http.Header, body string) exchange {
	return exchange{method: http.MethodPost, path: pathEvidence, reqHeader: header("Content-Type", multipartType),
		reqBody: "--b0undary--\r\n", status: status, header: h, body: body}
}

func protocolsExchange(status int, h http.Header, body string) exchange {
	return exchange{method: http.MethodGet, path: pathProtocols, status: status, header: h, body: body}
}

func TestCheckResponse(t *testing.T) {
	tests := []struct {
		name string
		exchange
		// wantProblems are fragments the failure must name; none means the
		// exchange must pass.
		wantProblems []string
	}{
		// Exchanges the document allows.
		{name: "lead 200", exchange: leadExchange(200, jsonHeader(), validLead)},
		{name: "lead 200 for a body with a byte order mark", exchange: func() exchange {
			e := leadExchange(200, jsonHeader(), validLead)
			e.reqBody = "\ufeff" + e.reqBody
			return e
		}()},
		{name: "lead 200 with empty data", exchange: leadExchange(200, jsonHeader(),
			`{"id":"9b2d4f6a-8c0e-5a1b-b3d5-e7f9a1c3e5f7","email":"sam.example@example.com","data":{},"createdAt":"`+stamp+`"}`)},
		{name: "lead 400 with message list", exchange: leadExchange(400, jsonHeader(),
			leadError(400, "Bad Request", `["email must be an email","property data.heigth should not exist"]`))},
		{name: "lead 409", exchange: leadExchange(409, jsonHeader(),
			leadError(409, "Conflict", `"Idempotency-Key was already used with a different request body"`))},
		{name: "lead 413", exchange: leadExchange(413, jsonHeader(),
			leadError(413, "Request Entity Too Large", `"request body must not be larger than 65536 bytes"`))},
		{name: "lead 415", exchange: leadExchange(415, jsonHeader(),
			leadError(415, "Unsupported Media Type", `"Content-Type must be application/json"`))},
		{name: "lead 500", exchange: leadExchange(500, jsonHeader(), serverError(pathLeads))},
		{name: "evidence 200", exchange: evidenceExchange(200, jsonHeader(), validResult)},
		{name: "evidence 400 with one message", exchange: evidenceExchange(400, jsonHeader(),
			errorAt(pathEvidence, 400, "Bad Request", "Validation failed (uuid is expected)"))},
		{name: "evidence 413", exchange: evidenceExchange(413, jsonHeader(),
			errorAt(pathEvidence, 413, "Request Entity Too Large", "file must not be larger than 4000000 bytes"))},
		{name: "evidence 500", exchange: evidenceExchange(500, jsonHeader(), serverError(pathEvidence))},
		{name: "protocols 200", exchange: protocolsExchange(200, protocolHeader(), validProtocols)},
		{name: "protocols 200 empty", exchange: protocolsExchange(200, protocolHeader(), `[]`)},
		{name: "protocols 304", exchange: exchange{method: http.MethodGet, path: pathProtocols,
			reqHeader: header("If-None-Match", `"8c7d1e0f"`), status: 304,
			header: header("ETag", `"8c7d1e0f"`, "Cache-Control", "public, max-age=300")}},
		{name: "protocols HEAD", exchange: exchange{method: http.MethodHead, path: pathProtocols, status: 200,
			header: protocolHeader(), body: validProtocols}},
		{name: "protocols 500", exchange: protocolsExchange(500, jsonHeader(), serverError(pathProtocols))},
		{name: "unknown path 404", exchange: exchange{method: http.MethodGet, path: "/external/v1/lead", status: 404,
			header: jsonHeader(), body: errorAt("/external/v1/lead", 404, "Not Found", "Cannot GET /external/v1/lead")}},
		{name: "documented path 404", exchange: leadExchange(404, jsonHeader(),
			errorAt(pathLeads, 404, "Not Found", "Cannot POST "+pathLeads))},
		{name: "405 with Allow", exchange: exchange{method: http.MethodDelete, path: pathProtocols, status: 405,
			header: func() http.Header { h := jsonHeader(); h.Set("Allow", "GET, HEAD"); return h }(),
			body:   errorAt(pathProtocols, 405, "Method Not Allowed", "DELETE is not allowed on "+pathProtocols+"; use GET, HEAD")}},
		{name: "CORS preflight", exchange: exchange{method: http.MethodOptions, path: pathLeads,
			reqHeader: header("Origin", "https://clinic.example.com", "Access-Control-Request-Method", "POST"),
			status:    204, header: header("Access-Control-Allow-Origin", "https://clinic.example.com")}},

		// Responses the document refuses.
		{name: "500 with an object error", exchange: leadExchange(500, jsonHeader(),
			`{"status":500,"error":{"message":"boom","error":"Internal Server Error","statusCode":500},"timestamp":"`+stamp+`","path":"`+pathLeads+`"}`),
			wantProblems: []string{"/error"}},
		{name: "lead without createdAt", exchange: leadExchange(200, jsonHeader(),
			`{"id":"3f0c8a2e-7b1d-4e5f-9a6c-1d2e3f4a5b6c","email":"jane.example@example.com","data":{}}`),
			wantProblems: []string{"createdAt"}},
		{name: "createdAt without milliseconds", exchange: leadExchange(200, jsonHeader(),
			`{"id":"3f0c8a2e-7b1d-4e5f-9a6c-1d2e3f4a5b6c","email":"jane.example@example.com","data":{},"createdAt":"2026-11-21T10:04:05Z"}`),
			wantProblems: []string{"/createdAt"}},
		{name: "createdAt not a time", exchange: leadExchange(200, jsonHeader(),
			`{"id":"3f0c8a2e-7b1d-4e5f-9a6c-1d2e3f4a5b6c","email":"jane.example@example.com","data":{},"createdAt":"2026-13-21T10:04:05.123Z"}`),
			wantProblems: []string{"/createdAt"}},
		{name: "lead id not a uuid", exchange: leadExchange(200, jsonHeader(),
			`{"id":"lead-1","email":"jane.example@example.com","data":{},"createdAt":"`+stamp+`"}`),
			wantProblems: []string{"/id"}},
		{name: "lead data null", exchange: leadExchange(200, jsonHeader(),
			`{"id":"3f0c8a2e-7b1d-4e5f-9a6c-1d2e3f4a5b6c","email":"jane.example@example.com","data":null,"createdAt":"`+stamp+`"}`),
			wantProblems: []string{"/data"}},
		{name: "lead with an extra field", exchange: leadExchange(200, jsonHeader(),
			`{"id":"3f0c8a2e-7b1d-4e5f-9a6c-1d2e3f4a5b6c","email":"jane.example@example.com","data":{},"createdAt":"`+stamp+`","updatedAt":"`+stamp+`"}`),
			wantProblems: []string{"updatedAt"}},
		{name: "lead as text/plain", exchange: leadExchange(200, header("Content-Type", "text/plain"), validLead),
			wantProblems: []string{"text/plain"}},
		{name: "lead 400 with one message", exchange: leadExchange(400, jsonHeader(),
			leadError(400, "Bad Request", `"email must be an email"`)),
			wantProblems: []string{"/error/message"}},
		{name: "lead 400 with no message", exchange: leadExchange(400, jsonHeader(),
			leadError(400, "Bad Request", `[]`)),
			wantProblems: []string{"/error/message"}},
		{name: "evidence 400 with message list", exchange: evidenceExchange(400, jsonHeader(),
			fmt.Sprintf(`{"status":400,"error":{"message":["file is required"],"error":"Bad Request","statusCode":400},"timestamp":%q,"path":%q}`, stamp, pathEvidence)),
			wantProblems: []string{"/error/message"}},
		{name: "undeclared status", exchange: leadExchange(201, jsonHeader(), validLead),
			wantProblems: []string{"status 201 is not declared"}},
		{name: "undeclared error status", exchange: protocolsExchange(409, jsonHeader(),
			errorAt(pathProtocols, 409, "Conflict", "no")),
			wantProblems: []string{"status 409 is not declared"}},
		{name: "protocols without ETag", exchange: protocolsExchange(200, header("Content-Type", "application/json", "Cache-Control", "no-store"), validProtocols),
			wantProblems: []string{"ETag"}},
		{name: "protocols 304 without ETag", exchange: protocolsExchange(304, header("Cache-Control", "public, max-age=300"), ""),
			wantProblems: []string{"ETag"}},
		{name: "protocols 304 with a body", exchange: protocolsExchange(304, protocolHeader(), validProtocols),
			wantProblems: []string{"no body"}},
		{name: "protocols amount in major units", exchange: protocolsExchange(200, protocolHeader(),
			strings.Replace(validProtocols, `"amount":19900`, `"amount":199.99`, 1)),
			wantProblems: []string{"/0/variants/0/amount"}},
		{name: "protocols lowercase currency", exchange: protocolsExchange(200, protocolHeader(),
			strings.Replace(validProtocols, `"GBP"`, `"gbp"`, 1)),
			wantProblems: []string{"/0/variants/0/currency"}},
		{name: "protocols unknown interval", exchange: protocolsExchange(200, protocolHeader(),
			strings.Replace(validProtocols, `"month"`, `"quarter"`, 1)),
			wantProblems: []string{"/0/variants/0/recurring/interval"}},
		{name: "protocols image not a URL", exchange: protocolsExchange(200, protocolHeader(),
			strings.Replace(validProtocols, `"https://images.example.com/p/1.webp"`, `"p/1.webp"`, 1)),
			wantProblems: []string{"/0/image"}},
		{name: "protocols not an array", exchange: protocolsExchange(200, protocolHeader(), `{"protocols":[]}`),
			wantProblems: []string{"array"}},
		{name: "verification confidence outside its values", exchange: evidenceExchange(200, jsonHeader(),
			strings.Replace(validResult, `"confidence":"medium","note"`, `"confidence":"certain","note"`, 1)),
			wantProblems: []string{"/confidence"}},
		{name: "verification rating outside its values", exchange: evidenceExchange(200, jsonHeader(),
			strings.Replace(validResult, `"not_found"`, `"missing"`, 1)),
			wantProblems: []string{"/data/medicationDate/value"}},
		{name: "verification without a rating", exchange: evidenceExchange(200, jsonHeader(),
			strings.Replace(validResult, `"pharmacyName":{"value":"valid","confidence":"medium"}`, `"pharmacy":{"value":"valid","confidence":"medium"}`, 1)),
			wantProblems: []string{"pharmacyName", "pharmacy"}},
		{name: "body status other than the HTTP status", exchange: leadExchange(409, jsonHeader(),
			leadError(413, "Conflict", `"Idempotency-Key was already used with a different request body"`)),
			wantProblems: []string{"body status is 413", "error.statusCode is 413"}},
		{name: "body path other than the request path", exchange: leadExchange(500, jsonHeader(), serverError("/dev/external/v1/leads")),
			wantProblems: []string{`body path is "/dev/external/v1/leads"`}},
		{name: "timestamp with an offset", exchange: leadExchange(500, jsonHeader(),
			strings.Replace(serverError(pathLeads), stamp, "2026-11-21T10:04:05.123+00:00", 1)),
			wantProblems: []string{"/timestamp"}},
		{name: "404 in the 500 shape", exchange: exchange{method: http.MethodGet, path: "/nowhere", status: 404,
			header: jsonHeader(), body: serverError("/nowhere")},
			wantProblems: []string{"/error"}},
		{name: "405 without Allow", exchange: exchange{method: http.MethodGet, path: pathLeads, status: 405,
			header: jsonHeader(), body: errorAt(pathLeads, 405, "Method Not Allowed", "GET is not allowed")},
			wantProblems: []string{"Allow"}},
		{name: "unknown path answered 200", exchange: exchange{method: http.MethodGet, path: "/external/v1/leads/1", status: 200,
			header: jsonHeader(), body: validLead},
			wantProblems: []string{"not an operation of the document"}},
		{name: "CORS preflight with a body", exchange: exchange{method: http.MethodOptions, path: pathLeads,
			reqHeader: header("Access-Control-Request-Method", "POST"), status: 200, header: jsonHeader(), body: `{}`},
			wantProblems: []string{"no body"}},

		// Requests the document refuses must not succeed.
		{name: "invalid email accepted", exchange: exchange{method: http.MethodPost, path: pathLeads,
			reqHeader: header("Content-Type", "application/json"), reqBody: `{"email":"jane.example"}`,
			status: 200, header: jsonHeader(), body: validLead},
			wantProblems: []string{"refuses this request", "/email"}},
		{name: "unknown intake field accepted", exchange: exchange{method: http.MethodPost, path: pathLeads,
			reqHeader: header("Content-Type", "application/json"), reqBody: `{"email":"jane.example@example.com","data":{"heigth":"170"}}`,
			status: 200, header: jsonHeader(), body: validLead},
			wantProblems: []string{"refuses this request", "heigth"}},
		{name: "bad date of birth accepted", exchange: exchange{method: http.MethodPost, path: pathLeads,
			reqHeader: header("Content-Type", "application/json"), reqBody: `{"email":"jane.example@example.com","data":{"dateOfBirth":"12/04/1985"}}`,
			status: 200, header: jsonHeader(), body: validLead},
			wantProblems: []string{"refuses this request", "/data/dateOfBirth"}},
		{name: "two byte order marks accepted", exchange: exchange{method: http.MethodPost, path: pathLeads,
			reqHeader: header("Content-Type", "application/json"), reqBody: "\ufeff\ufeff" + validLeadRequest,
			status: 200, header: jsonHeader(), body: validLead},
			wantProblems: []string{"refuses this request"}},
		{name: "long Idempotency-Key accepted", exchange: exchange{method: http.MethodPost, path: pathLeads,
			reqHeader: header("Content-Type", "application/json", "Idempotency-Key", strings.Repeat("k", 256)), reqBody: validLeadRequest,
			status: 200, header: jsonHeader(), body: validLead},
			wantProblems: []string{"refuses this request", "Idempotency-Key"}},
		{name: "invalid email refused", exchange: exchange{method: http.MethodPost, path: pathLeads,
			reqHeader: header("Content-Type", "application/json"), reqBody: `{"email":"jane.example"}`,
			status: 400, header: jsonHeader(), body: leadError(400, "Bad Request", `["email must be an email"]`)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // checks share one loaded document
			req := tt.request()
			got := failures(t, func(tb testing.TB) {
				CheckResponse(tb, req, []byte(tt.reqBody), tt.status, tt.header, []byte(tt.body))
			})
			if len(tt.wantProblems) == 0 {
				if len(got) != 0 {
					t.Fatalf("CheckResponse failed a valid exchange:\n%s", strings.Join(got, "\n"))
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("CheckResponse reported %d failures, want 1:\n%s", len(got), strings.Join(got, "\n"))
			}
			for _, want := range tt.wantProblems {
				if !strings.Contains(got[0], want) {
					t.Errorf("failure does not mention %q:\n%s", want, got[0])
				}
			}
		})
	}
}

func TestRecorder(t *testing.T) {
	echoLead := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Email string          `json:"email"`
			Data  json.RawMessage `json:"data"`
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"3f0c8a2e-7b1d-4e5f-9a6c-1d2e3f4a5b6c","email":%q,"data":%s,"createdAt":%q}`, in.Email, in.Data, stamp)
	})
	brokenServerError := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, `{"status":500,"error":"Internal Server Error","path":"/external/v1/leads"}`)
	})
	tests := []struct {
		name       string
		handler    http.Handler
		wantStatus int
		wantFail   bool
	}{
		{name: "valid lead", handler: echoLead, wantStatus: 200},
		{name: "500 without timestamp", handler: brokenServerError, wantStatus: 500, wantFail: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, pathLeads, strings.NewReader(validLeadRequest))
			req.Header.Set("Content-Type", "application/json")
			var rec *httptest.ResponseRecorder
			got := failures(t, func(tb testing.TB) { rec = Recorder(tb, tt.handler, req) })
			if rec.Code != tt.wantStatus {
				t.Errorf("status = %d, want %d (body %s)", rec.Code, tt.wantStatus, rec.Body)
			}
			if failed := len(got) > 0; failed != tt.wantFail {
				t.Errorf("Recorder failed = %v, want %v; failures:\n%s", failed, tt.wantFail, strings.Join(got, "\n"))
			}
		})
	}
}

// TestDocument pins what clients and the deployment rely on.
func TestDocument(t *testing.T) {
	doc := Document(t)
	type operation struct{ Method, Path, ID string }
	var got []operation
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			got = append(got, operation{method, path, op.OperationID})
		}
	}
	slices.SortFunc(got, func(a, b operation) int { return strings.Compare(a.Path, b.Path) })
	want := []operation{
		{"POST", pathLeads, "createLead"},
		{"POST", pathEvidence, "verifyPrescriptionEvidence"},
		{"GET", pathProtocols, "getWeightlossProtocols"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("operations (-want +got):\n%s", diff)
	}
	if doc.Info.Title != "Clinic intake service" || doc.Info.Version != "1.0.0" {
		t.Errorf("info = %q %q, want %q %q", doc.Info.Title, doc.Info.Version, "Clinic intake service", "1.0.0")
	}
	var servers []string
	for _, s := range doc.Servers {
		servers = append(servers, s.URL)
	}
	if diff := cmp.Diff([]string{"/", "https://api.uk.example.com", "https://api.us.example.com"}, servers); diff != "" {
		t.Errorf("servers (-want +got):\n%s", diff)
	}
	createLead := doc.Paths.Value(pathLeads).Post
	if createLead.Security == nil || len(*createLead.Security) != 0 {
		t.Errorf("createLead security = %v, want an empty requirement list", createLead.Security)
	}
}

// TestExamples holds the document's own examples to the same checks as the
// service's responses, formats and envelope rules included.
func TestExamples(t *testing.T) {
	s, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	// Requests that the document accepts, per operation, to pair with
	// its response examples.
	requests := map[string]exchange{
		pathLeads:     {method: http.MethodPost, path: pathLeads, reqHeader: header("Content-Type", "application/json"), reqBody: validLeadRequest},
		pathEvidence:  {method: http.MethodPost, path: pathEvidence, reqHeader: header("Content-Type", multipartType)},
		pathProtocols: {method: http.MethodGet, path: pathProtocols},
	}
	checked := 0
	for path, item := range s.doc.Paths.Map() {
		for method, op := range item.Operations() {
			if rb := op.RequestBody; rb != nil {
				for mediaType, mt := range rb.Value.Content {
					if mediaType != "application/json" {
						continue
					}
					for name, ex := range mt.Examples {
						body, err := json.Marshal(ex.Value.Value)
						if err != nil {
							t.Fatal(err)
						}
						e := exchange{method: method, path: path, reqHeader: header("Content-Type", mediaType), reqBody: string(body)}
						route, params, err := s.router.FindRoute(e.request())
						if err != nil {
							t.Fatalf("%s %s: %v", method, path, err)
						}
						if err := s.validateRequest(route, params, e.request()); err != nil {
							t.Errorf("%s %s request example %s: %v", method, path, name, err)
						}
						checked++
					}
				}
			}
			for status, ref := range op.Responses.Map() {
				for _, mt := range ref.Value.Content {
					examples := map[string]any{}
					for name, ex := range mt.Examples {
						examples[name] = ex.Value.Value
					}
					if mt.Example != nil {
						examples["example"] = mt.Example
					}
					for name, value := range examples {
						body, err := json.Marshal(value)
						if err != nil {
							t.Fatal(err)
						}
						e := requests[path]
						e.status = mustAtoi(t, status)
						e.header = jsonHeader()
						for hName, h := range ref.Value.Headers {
							if h.Value.Required {
								e.header.Set(hName, fmt.Sprint(h.Value.Example))
							}
						}
						e.body = string(body)
						// Shared responses (500) quote one path for every operation.
						if ref.Ref != "" {
							e.body = strings.ReplaceAll(e.body, pathLeads, path)
						}
						for _, p := range s.check(e.request(), []byte(e.reqBody), e.status, e.header, []byte(e.body)) {
							t.Errorf("%s %s %s example %s: %s", method, path, status, name, p)
						}
						checked++
					}
				}
			}
		}
	}
	for name, ref := range s.doc.Components.Responses {
		status := map[string]int{"NotFound": 404, "MethodNotAllowed": 405}[name]
		if status == 0 {
			continue
		}
		for _, mt := range ref.Value.Content {
			body, err := json.Marshal(mt.Example)
			if err != nil {
				t.Fatal(err)
			}
			var env struct{ Path string }
			if err := json.Unmarshal(body, &env); err != nil {
				t.Fatal(err)
			}
			h := jsonHeader()
			h.Set("Allow", "GET, HEAD")
			e := exchange{method: http.MethodDelete, path: env.Path, status: status, header: h, body: string(body)}
			for _, p := range s.check(e.request(), nil, status, h, body) {
				t.Errorf("components.responses.%s example: %s", name, p)
			}
			checked++
		}
	}
	if checked < 15 {
		t.Errorf("checked %d examples; the document has more", checked)
	}
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscanf(s, "%d", &n); err != nil {
		t.Fatalf("status %q: %v", s, err)
	}
	return n
}

func TestModuleRoot(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	nested := filepath.Join(root, "internal", "contract")
	if err := os.MkdirAll(nested, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{root, nested} {
		got, err := moduleRoot(dir)
		if err != nil {
			t.Fatalf("moduleRoot(%s): %v", dir, err)
		}
		if got != root {
			t.Errorf("moduleRoot(%s) = %s, want %s", dir, got, root)
		}
	}
	if got, err := moduleRoot(filepath.Dir(root)); err == nil {
		// Only fails when no directory above the temp dir holds a go.mod.
		if _, statErr := os.Stat(filepath.Join(got, "go.mod")); statErr != nil {
			t.Errorf("moduleRoot(%s) = %s, which holds no go.mod", filepath.Dir(root), got)
		}
	}
}

// TestNotImportedByProductionCode keeps this package out of the binaries.
func TestNotImportedByProductionCode(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := moduleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	got, err := productionImporters(root, selfImportPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) > 0 {
		t.Errorf("production code imports %s (test support only): %s", selfImportPath, strings.Join(got, ", "))
	}
}

func TestProductionImporters(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"go.mod":                      "module example.com/m\n",
		"internal/api/api.go":         "package api\n\nimport _ \"" + selfImportPath + "\"\n",
		"internal/api/api_test.go":    "package api\n\nimport _ \"" + selfImportPath + "\"\n",
		"internal/lead/lead.go":       "package lead\n\nimport _ \"fmt\"\n",
		"internal/lead/testdata/x.go": "package x\n\nimport _ \"" + selfImportPath + "\"\n",
	}
	for name, content := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := productionImporters(root, selfImportPath)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{filepath.FromSlash("internal/api/api.go")}, got); diff != "" {
		t.Errorf("importers (-want +got):\n%s", diff)
	}
}

const selfImportPath = "github.com/clinicplatform/intake/internal/testing/contract"

// productionImporters lists the non-test Go files under root that import
// importPath, relative to root.
func productionImporters(root, importPath string) ([]string, error) {
	var importers []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return nil // a file someone is still writing; the compiler will say
		}
		for _, imp := range f.Imports {
			if strings.Trim(imp.Path.Value, `"`) == importPath {
				rel, err := filepath.Rel(root, path)
				if err != nil {
					return err
				}
				importers = append(importers, rel)
			}
		}
		return nil
	})
	return importers, err
}
