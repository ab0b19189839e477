// Package contract checks HTTP exchanges against the service's OpenAPI
// document (openapi.yaml at the module root), so that handler tests fail when
// the code and the document drift apart. It is test support: only _test.go
// files may import it, never production code.
//
// What a check asserts, for a request and the response the service gave:
//   - the status is declared for the operation (404 and 405 are declared
//     once, in components.responses, and are allowed on any request);
//   - the body matches the status's schema (formats uuid, email, uri, date
//     and date-time included) and the declared required headers are present;
//   - an error body's status, error.statusCode and path repeat the HTTP
//     status and the request path;
//   - a request the document refuses (JSON body, headers, parameters) did
//     not get a 2xx or 3xx: the service must reject what the document
//     rejects. Multipart bodies are not checked on the way in.
//
// HEAD is checked as the documented GET (status and headers, not the body);
// a CORS preflight (OPTIONS on a documented path) must be a 204 or 200 with
// no body, as it is outside the document.
package contract

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// DocumentFile is the document's file name at the module root.
const DocumentFile = "openapi.yaml"

// maxQuotedBody bounds how much of a response body a failure message quotes.
const maxQuotedBody = 2000

// spec is the loaded document and what checking against it needs.
type spec struct {
	doc    *openapi3.T
	router routers.Router
	// anyRoute declares the 404 and 405 answers that any request may get.
	anyRoute *openapi3.Operation
	// schemaOptions carries the document's format validators into openapi3filter,
	// which does not pick them up from the document by itself.
	schemaOptions []openapi3.SchemaValidationOption
}

var loadSpec = sync.OnceValues(func() (*spec, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("find %s: %w", DocumentFile, err)
	}
	root, err := moduleRoot(wd)
	if err != nil {
		return nil, fmt.Errorf("find %s: %w", DocumentFile, err)
	}
	return load(filepath.Join(root, DocumentFile))
})

// moduleRoot returns dir or the nearest directory above it holding go.mod.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no go.mod in %s or above", dir)
		}
		d = parent
	}
}

// load reads, validates and prepares the document at path.
func load(path string) (*spec, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	// kin-openapi checks only date, date-time and byte out of the box.
	doc.SetStringFormatValidator("uuid", openapi3.NewRegexpFormatValidator(
		`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`))
	doc.SetStringFormatValidator("email", openapi3.NewCallbackValidator(checkEmail))
	doc.SetStringFormatValidator("uri", openapi3.NewCallbackValidator(checkAbsoluteURL))
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("validate %s: %w", path, err)
	}

	// Routing ignores servers: test requests go to httptest hosts, not to the
	// documented base URLs.
	routed := *doc
	routed.Servers = nil
	router, err := legacy.NewRouter(&routed)
	if err != nil {
		return nil, fmt.Errorf("route %s: %w", path, err)
	}

	anyRoute := &openapi3.Operation{Responses: openapi3.NewResponses()}
	for status, name := range map[int]string{
		http.StatusNotFound:         "NotFound",
		http.StatusMethodNotAllowed: "MethodNotAllowed",
	} {
		ref := doc.Components.Responses[name]
		if ref == nil || ref.Value == nil {
			return nil, fmt.Errorf("%s: components.responses.%s is missing", path, name)
		}
		anyRoute.Responses.Set(fmt.Sprint(status), ref)
	}
	return &spec{
		doc:           doc,
		router:        router,
		anyRoute:      anyRoute,
		schemaOptions: doc.GetSchemaValidationOptions(),
	}, nil
}

// checkEmail is deliberately loose: the service checks addresses strictly
// (class-validator's rules), and the document must not refuse what it accepts.
func checkEmail(s string) error {
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return errors.New("not an e-mail address")
	}
	return nil
}

func checkAbsoluteURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return err
	}
	if u.Scheme == "" || u.Host == "" {
		return errors.New("not an absolute URL")
	}
	return nil
}

func mustLoad(t testing.TB) *spec {
	t.Helper()
	s, err := loadSpec()
	if err != nil {
		t.Fatalf("contract: %v", err)
	}
	return s
}

// Document returns the loaded and validated document, for tests that walk
// it (every documented operation is served, for example). It is shared:
// do not modify it.
func Document(t testing.TB) *openapi3.T {
	t.Helper()
	return mustLoad(t).doc
}

// CheckResponse fails t (with t.Errorf, so the test goes on) when the
// response (status, header, body) that the service gave to req is not one
// the document allows. reqBody is the body req was sent with; req.Body is
// not read, as the handler will have consumed it.
func CheckResponse(t testing.TB, req *http.Request, reqBody []byte, status int, header http.Header, body []byte) {
	t.Helper()
	s := mustLoad(t)
	problems := s.check(req, reqBody, status, header, body)
	if len(problems) == 0 {
		return
	}
	t.Errorf("contract: %s %s answered %d, which %s does not allow:\n  - %s\nresponse body: %s",
		req.Method, req.URL.Path, status, DocumentFile,
		strings.Join(problems, "\n  - "), quote(body))
}

// Recorder serves req with h, checks the response with CheckResponse and
// returns it. req.Body is read first and handed to h unchanged.
func Recorder(t testing.TB, h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	var reqBody []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			t.Fatalf("contract: read request body: %v", err)
		}
		reqBody = b
		req.Body = io.NopCloser(bytes.NewReader(b))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	CheckResponse(t, req, reqBody, res.StatusCode, res.Header, rec.Body.Bytes())
	return rec
}

// check returns every way the exchange breaks the document, or nothing.
func (s *spec) check(req *http.Request, reqBody []byte, status int, header http.Header, body []byte) []string {
	if header == nil {
		header = http.Header{}
	}
	// RFC 8259 lets a parser ignore a leading byte order mark, and the
	// service does; kin-openapi's JSON decoder does not.
	routeReq := cloneWithBody(req, bytes.TrimPrefix(reqBody, []byte("\ufeff")))
	if req.Method == http.MethodHead {
		// Go's ServeMux serves HEAD with the GET handler; the document has GET only.
		routeReq.Method = http.MethodGet
	}
	route, pathParams, routeErr := s.router.FindRoute(routeReq)

	var problems []string
	switch {
	case status == http.StatusNotFound || status == http.StatusMethodNotAllowed:
		anyRoute := &routers.Route{Spec: s.doc, Path: req.URL.Path, PathItem: &openapi3.PathItem{},
			Method: req.Method, Operation: s.anyRoute}
		problems = s.validateResponse(anyRoute, req, status, header, body)
	case routeErr != nil && req.Method == http.MethodOptions:
		// A CORS preflight: answered by the middleware, outside the document.
		if status != http.StatusNoContent && status != http.StatusOK {
			problems = append(problems, fmt.Sprintf("a CORS preflight must answer 204 or 200, not %d", status))
		}
		if len(body) != 0 {
			problems = append(problems, "a CORS preflight answer must have no body")
		}
		return problems
	case routeErr != nil:
		return []string{fmt.Sprintf("%s %s is not an operation of the document (%v); only 404 or 405 may answer it",
			req.Method, req.URL.Path, routeErr)}
	default:
		problems = s.checkOperation(route, pathParams, req, routeReq, status, header, body)
	}
	if status >= 400 {
		problems = append(problems, checkEnvelope(req, status, body)...)
	}
	return problems
}

// checkOperation checks an exchange with a documented operation.
func (s *spec) checkOperation(route *routers.Route, pathParams map[string]string, req, routeReq *http.Request,
	status int, header http.Header, body []byte) []string {
	responses := route.Operation.Responses
	response := responses.Status(status)
	if response == nil {
		response = responses.Default()
	}
	if response == nil || response.Value == nil {
		return []string{fmt.Sprintf("status %d is not declared for %s %s (declared: %s)",
			status, route.Method, route.Path, strings.Join(responses.Keys(), ", "))}
	}

	var problems []string
	if status < 400 {
		if err := s.validateRequest(route, pathParams, routeReq); err != nil {
			for _, p := range flatten("", err) {
				problems = append(problems, "the document refuses this request, yet it was answered "+
					fmt.Sprint(status)+": "+p)
			}
		}
	}

	switch {
	case req.Method == http.MethodHead, status == http.StatusNotModified:
		// openapi3filter skips these; check what they must carry ourselves.
		for _, name := range slices.Sorted(maps.Keys(response.Value.Headers)) {
			h := response.Value.Headers[name]
			if h.Value != nil && h.Value.Required && header.Get(name) == "" {
				problems = append(problems, fmt.Sprintf("response header %q is missing", name))
			}
		}
		if status == http.StatusNotModified && len(body) != 0 {
			problems = append(problems, "a 304 must have no body")
		}
	default:
		problems = append(problems, s.validateResponse(route, routeReq, status, header, body)...)
	}
	return problems
}

func (s *spec) validateRequest(route *routers.Route, pathParams map[string]string, req *http.Request) error {
	mediaType, _, _ := mime.ParseMediaType(req.Header.Get("Content-Type"))
	return openapi3filter.ValidateRequest(context.Background(), &openapi3filter.RequestValidationInput{
		Request:    req,
		PathParams: pathParams,
		Route:      route,
		Options: &openapi3filter.Options{
			// kin-openapi's multipart decoder checks part Content-Types, which
			// the service ignores (it detects the file type from its bytes).
			ExcludeRequestBody:      strings.HasPrefix(mediaType, "multipart/"),
			MultiError:              true,
			AuthenticationFunc:      openapi3filter.NoopAuthenticationFunc,
			SchemaValidationOptions: s.schemaOptions,
		},
	})
}

func (s *spec) validateResponse(route *routers.Route, req *http.Request, status int, header http.Header, body []byte) []string {
	input := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
		Status:                 status,
		Header:                 header,
		Options: &openapi3filter.Options{
			IncludeResponseStatus:   true,
			MultiError:              true,
			SchemaValidationOptions: s.schemaOptions,
		},
	}
	input.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), input); err != nil {
		return flatten("", err)
	}
	return nil
}

// checkEnvelope checks what the schemas cannot say: an error body repeats
// the HTTP status and the request path.
func checkEnvelope(req *http.Request, status int, body []byte) []string {
	var env struct {
		Status *int            `json:"status"`
		Error  json.RawMessage `json:"error"`
		Path   *string         `json:"path"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		return nil // the schema check has reported it
	}
	var problems []string
	if env.Status != nil && *env.Status != status {
		problems = append(problems, fmt.Sprintf("body status is %d but the HTTP status is %d", *env.Status, status))
	}
	var inner struct {
		StatusCode *int `json:"statusCode"`
	}
	if json.Unmarshal(env.Error, &inner) == nil && inner.StatusCode != nil && *inner.StatusCode != status {
		problems = append(problems, fmt.Sprintf("body error.statusCode is %d but the HTTP status is %d", *inner.StatusCode, status))
	}
	if env.Path != nil && *env.Path != req.URL.Path {
		problems = append(problems, fmt.Sprintf("body path is %q but the request path is %q", *env.Path, req.URL.Path))
	}
	return problems
}

// flatten turns kin-openapi's nested errors into one line per problem.
func flatten(prefix string, err error) []string {
	switch e := err.(type) {
	case openapi3.MultiError:
		var out []string
		for _, inner := range e {
			out = append(out, flatten(prefix, inner)...)
		}
		return out
	case *openapi3filter.ResponseError:
		if e.Err == nil {
			return []string{prefix + e.Reason}
		}
		return flatten(prefix+e.Reason+": ", e.Err)
	case *openapi3filter.RequestError:
		p := prefix
		switch {
		case e.Parameter != nil:
			p += fmt.Sprintf("parameter %q in %s: ", e.Parameter.Name, e.Parameter.In)
		case e.RequestBody != nil:
			p += "request body: "
		}
		if e.Err == nil {
			return []string{p + e.Reason}
		}
		if e.Reason != "" && e.Reason != e.Err.Error() {
			p += e.Reason + ": "
		}
		return flatten(p, e.Err)
	case *openapi3.SchemaError:
		if e.SchemaField == "allOf" {
			// The problems inside an allOf carry their full paths already.
			for inner := e.Origin; inner != nil; inner = errors.Unwrap(inner) {
				if me, ok := inner.(openapi3.MultiError); ok {
					return flatten(prefix, me)
				}
			}
		}
		at := "/" + strings.Join(e.JSONPointer(), "/")
		if e.Origin != nil {
			return flatten(fmt.Sprintf("%sat %s: ", prefix, at), e.Origin)
		}
		return []string{fmt.Sprintf("%sat %s: %s", prefix, at, e.Reason)}
	}
	return []string{prefix + err.Error()}
}

func cloneWithBody(req *http.Request, body []byte) *http.Request {
	r := req.Clone(context.Background())
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	return r
}

func quote(body []byte) string {
	if len(body) == 0 {
		return "(empty)"
	}
	if len(body) > maxQuotedBody {
		return string(body[:maxQuotedBody]) + "…"
	}
	return string(body)
}
