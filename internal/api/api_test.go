package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/testing/contract"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the handlers' answers")

var fixedNow = time.Date(2026, 11, 21, 10, 4, 5, 123_000_000, time.UTC)

// leadStore is a hand-written fake of lead.Store and lead.Finder; it passes
// storetest.RunLeadStore (TestFakesConformance).
type leadStore struct {
	mu    sync.Mutex
	leads map[string]lead.Lead
	PutFn func(lead.Lead) error
}

func (s *leadStore) Get(_ context.Context, id string) (lead.Lead, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.leads[id]
	if !ok {
		return lead.Lead{}, fmt.Errorf("lead %s: %w", id, derrors.ErrNotFound)
	}
	return l, nil
}

func (s *leadStore) Put(_ context.Context, l lead.Lead) error {
	if s.PutFn != nil {
		return s.PutFn(l)
	}
	if l.ID == "" {
		return errors.New("put lead: empty id")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.leads == nil {
		s.leads = map[string]lead.Lead{}
	}
	if old, ok := s.leads[l.ID]; ok {
		if old.Email == l.Email && bytes.Equal(old.Data, l.Data) && old.CreatedAt.Equal(l.CreatedAt) && old.IdempotencyKey == l.IdempotencyKey {
			return nil // a retry
		}
		return fmt.Errorf("put lead %s: %w", l.ID, derrors.ErrConflict)
	}
	s.leads[l.ID] = l
	return nil
}

// verifier is a hand-written fake of api.EvidenceVerifier.
type verifier struct {
	VerifyFn func(evidence.Request) (evidence.Outcome, error)
	got      []evidence.Request
}

func (v *verifier) Verify(_ context.Context, req evidence.Request) (evidence.Outcome, error) {
	v.got = append(v.got, req)
	return v.VerifyFn(req)
}

var allValid = evidence.Result{
	Success: true,
	Data: evidence.Fields{
		PatientName:      evidence.Rating{Value: evidence.Valid, Confidence: evidence.High},
		MedicationName:   evidence.Rating{Value: evidence.Valid, Confidence: evidence.High},
		MedicationDosage: evidence.Rating{Value: evidence.Valid, Confidence: evidence.High},
		MedicationDate:   evidence.Rating{Value: evidence.Valid, Confidence: evidence.High},
		PharmacyName:     evidence.Rating{Value: evidence.Valid, Confidence: evidence.Medium},
	},
	Confidence: evidence.Medium,
	Note:       "All five fields match the document.",
}

const protocolsBody = `[{"id":1,"name":"Wegovy","description":"d","image":"https://images.example.com/p.webp","traits":["Weekly"],"variants":[{"id":101,"priceId":"price_1","name":"Monthly","isDefault":true,"currency":"USD","amount":54900,"recurring":{"interval":"month","intervalCount":1}}]}]`

type fixture struct {
	leads    *leadStore
	verifier *verifier
	log      *bytes.Buffer
	handler  http.Handler
}

func newFixture(t testing.TB, tweak func(*api.Deps)) *fixture {
	t.Helper()
	f := &fixture{
		leads: &leadStore{},
		verifier: &verifier{VerifyFn: func(evidence.Request) (evidence.Outcome, error) {
			return evidence.Outcome{ID: "9b2f4c1e-0d7a-4e5b-8c3f-1a2b3c4d5e6f", Result: allValid}, nil
		}},
		log: &bytes.Buffer{},
	}
	ids := 0
	d := api.Deps{
		Log:     slog.New(slog.NewJSONHandler(f.log, nil)),
		Metrics: api.NoMetrics{},
		Now:     func() time.Time { return fixedNow },
		NewID: func() string {
			ids++
			return fmt.Sprintf("00000000-0000-4000-8000-%012d", ids)
		},
		Protocols:          []byte(protocolsBody),
		Evidence:           f.verifier,
		LeadBodyLimit:      api.DefaultLeadBodyLimit,
		EvidenceFileLimit:  64 << 10,
		CORSAllowedOrigins: []string{"https://app.example.com"},
	}
	d.Leads = leadService(t, &d, f.leads, newKeyStore(nil))
	if tweak != nil {
		tweak(&d)
	}
	f.handler = newHandler(t, d)
	return f
}

// newHandler is api.NewHandler, failing t if it refuses d.
func newHandler(t testing.TB, d api.Deps) http.Handler {
	t.Helper()
	h, err := api.NewHandler(d)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// leadService is the lead.Service main.go wires into api.Deps, on the
// given stores and on d's clock and ids.
func leadService(t testing.TB, d *api.Deps, leads lead.Storage, keys idempotency.Store) *lead.Service {
	t.Helper()
	s, err := lead.NewService(leads, keys, d.Now, d.NewID)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// request is one HTTP exchange of a table test.
type request struct {
	name    string
	method  string
	path    string
	header  map[string]string
	body    []byte
	tweak   func(*api.Deps)
	fixture func(*fixture)
}

// serve runs the request, checks the answer against openapi.yaml, and
// returns it in the golden form: status, chosen headers, indented body.
func (rq request) serve(t *testing.T) (string, *fixture) {
	t.Helper()
	f := newFixture(t, rq.tweak)
	if rq.fixture != nil {
		rq.fixture(f)
	}
	req := httptest.NewRequest(rq.method, rq.path, bytes.NewReader(rq.body))
	for k, v := range rq.header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	res := rec.Result()
	body, _ := io.ReadAll(res.Body)
	contract.CheckResponse(t, req, rq.body, res.StatusCode, res.Header, body)
	return golden(res, body), f
}

func golden(res *http.Response, body []byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP %d\n", res.StatusCode)
	keys := make([]string, 0, len(res.Header))
	for k := range res.Header {
		switch k {
		case "Content-Type", "Allow", "Etag", "Cache-Control", "Access-Control-Allow-Origin",
			"Access-Control-Allow-Methods", "Access-Control-Allow-Headers", "X-Verification-Id", "Idempotent-Replayed", "Retry-After":
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\n", k, strings.Join(res.Header[k], ", "))
	}
	b.WriteString("\n")
	var indented bytes.Buffer
	if json.Indent(&indented, body, "", "  ") == nil {
		b.Write(indented.Bytes())
		b.WriteString("\n")
	} else {
		b.Write(body)
	}
	return b.String()
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", strings.ReplaceAll(name, " ", "_")+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/api -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("response differs from %s (-want +got):\n%s", path, diff)
	}
}

func jsonHeader() map[string]string { return map[string]string{"Content-Type": "application/json"} }

// form builds a multipart body; a part named "file" is sent as a file.
func form(t testing.TB, parts ...[2]string) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if err := mw.SetBoundary("test-boundary-3f9a"); err != nil {
		t.Fatal(err)
	}
	for _, p := range parts {
		if p[0] == "file" {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", `form-data; name="file"; filename="label photo.jpg"`)
			h.Set("Content-Type", "image/jpeg") // a claim the service must not trust
			w, err := mw.CreatePart(h)
			if err != nil {
				t.Fatal(err)
			}
			w.Write([]byte(p[1]))
			continue
		}
		if err := mw.WriteField(p[0], p[1]); err != nil {
			t.Fatal(err)
		}
	}
	mw.Close()
	return buf.Bytes(), mw.FormDataContentType()
}

const (
	userID  = "3b241101-e2bb-4255-8caf-4136c566a962"
	pdfHead = "%PDF-1.4\n% a document\n"
)

func evidenceRequest(t testing.TB, name string, parts ...[2]string) request {
	body, ct := form(t, parts...)
	return request{name: name, method: "POST", path: api.PathVerifyEvidence,
		header: map[string]string{"Content-Type": ct}, body: body}
}

func validParts(file string) [][2]string {
	return [][2]string{{"userId", userID}, {"medicationName", "Wegovy"}, {"medicationDosage", "2.4 mg"}, {"file", file}}
}

func TestRoutes(t *testing.T) {
	failing := func(err error) func(*fixture) {
		return func(f *fixture) {
			f.leads.PutFn = func(lead.Lead) error { return err }
			f.verifier.VerifyFn = func(evidence.Request) (evidence.Outcome, error) { return evidence.Outcome{}, err }
		}
	}
	tests := []request{
		{name: "lead minimal", method: "POST", path: api.PathLeads, header: jsonHeader(),
			body: []byte(`{"email":"ada@example.com"}`)},
		{name: "lead full", method: "POST", path: api.PathLeads, header: jsonHeader(),
			body: mustRead(t, "testdata/lead_full.json")},
		{name: "lead invalid", method: "POST", path: api.PathLeads, header: jsonHeader(),
			body: []byte(`{"email":"not-an-email","data":{"height":"tall","dateOfBirth":"2001-02-30","foo":1}}`)},
		{name: "lead byte order mark", method: "POST", path: api.PathLeads, header: jsonHeader(),
			body: []byte("\xef\xbb\xbf{\"email\":\"ada@example.com\",\"data\":{\"forename\":\"Ada\"}}")},
		{name: "lead malformed json", method: "POST", path: api.PathLeads, header: jsonHeader(),
			body: []byte(`{"email":`)},
		{name: "lead wrong content type", method: "POST", path: api.PathLeads,
			header: map[string]string{"Content-Type": "text/plain"}, body: []byte(`{"email":"ada@example.com"}`)},
		{name: "lead too large", method: "POST", path: api.PathLeads, header: jsonHeader(),
			body:  []byte(`{"email":"ada@example.com","data":{"phone":"` + strings.Repeat("1", 200) + `"}}`),
			tweak: func(d *api.Deps) { d.LeadBodyLimit = 100 }},
		{name: "lead store down", method: "POST", path: api.PathLeads, header: jsonHeader(),
			body: []byte(`{"email":"ada@example.com"}`), fixture: failing(fmt.Errorf("put: %w", derrors.ErrUnavailable))},
		{name: "lead store conflict is a 500", method: "POST", path: api.PathLeads, header: jsonHeader(),
			body: []byte(`{"email":"ada@example.com"}`), fixture: failing(fmt.Errorf("put: %w", derrors.ErrConflict))},
		{name: "lead store panics", method: "POST", path: api.PathLeads, header: jsonHeader(),
			body: []byte(`{"email":"ada@example.com"}`), fixture: func(f *fixture) {
				f.leads.PutFn = func(lead.Lead) error { panic("boom with ada@example.com") }
			}},
		{name: "leads wrong method", method: "GET", path: api.PathLeads},
		{name: "protocols", method: "GET", path: api.PathProtocols},
		{name: "protocols not modified", method: "GET", path: api.PathProtocols,
			header: map[string]string{"If-None-Match": `W/"x", "0ff38bfa58a5316065439eff9351a88c"`}},
		{name: "protocols wrong method", method: "DELETE", path: api.PathProtocols},
		{name: "unknown path", method: "GET", path: "/external/v1/nothing"},
		evidenceRequest(t, "evidence valid", validParts(pdfHead)...),
		evidenceRequest(t, "evidence missing parts", [2]string{"userId", userID}),
		evidenceRequest(t, "evidence bad uuid", [][2]string{{"userId", "123"}, {"medicationName", "Wegovy"}, {"medicationDosage", "2.4 mg"}, {"file", pdfHead}}...),
		evidenceRequest(t, "evidence gif", validParts("GIF89a\x01\x00\x01\x00")...),
		evidenceRequest(t, "evidence video", validParts("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2")...),
		evidenceRequest(t, "evidence empty file", validParts("")...),
		evidenceRequest(t, "evidence file too large", validParts(pdfHead+strings.Repeat("x", 70<<10))...),
		evidenceRequest(t, "evidence unexpected part", append(validParts(pdfHead), [2]string{"patientName", "x"})...),
		evidenceRequest(t, "evidence repeated part", append(validParts(pdfHead), [2]string{"userId", userID})...),
		{name: "evidence not multipart", method: "POST", path: api.PathVerifyEvidence, header: jsonHeader(), body: []byte(`{}`)},
		{name: "evidence truncated multipart", method: "POST", path: api.PathVerifyEvidence,
			header: map[string]string{"Content-Type": "multipart/form-data; boundary=b"}, body: []byte("--b\r\nContent-Disposition: form-data; name=\"userId\"\r\n\r\nabc")},
		func() request {
			r := evidenceRequest(t, "evidence verifier down", validParts(pdfHead)...)
			r.fixture = failing(fmt.Errorf("stage: %w", derrors.ErrUnavailable))
			return r
		}(),
		func() request {
			r := evidenceRequest(t, "evidence no lead", validParts(pdfHead)...)
			r.fixture = func(f *fixture) {
				f.verifier.VerifyFn = func(evidence.Request) (evidence.Outcome, error) {
					return evidence.Outcome{NoLead: true, Result: evidence.NoLeadResult()}, nil
				}
			}
			return r
		}(),
		func() request {
			r := evidenceRequest(t, "evidence too many pages", validParts(pdfHead)...)
			r.fixture = failing(evidence.TooManyPages(5))
			return r
		}(),
		func() request {
			r := evidenceRequest(t, "evidence pages spent", validParts(pdfHead)...)
			r.fixture = failing(fmt.Errorf("read evidence: %w", &derrors.Later{Reason: "daily_text_reader_pages",
				Message: "this service has used its allowance of pages read for today (3000); retry after midnight UTC", RetryAfter: 50155 * time.Second}))
			return r
		}(),
		func() request {
			r := evidenceRequest(t, "evidence job running", validParts(pdfHead)...)
			r.fixture = failing(fmt.Errorf("read evidence: job not done in time (context deadline exceeded): %w", &derrors.Later{Reason: "job_running",
				Message: "the document is still being read; send the same request again in 10 seconds", RetryAfter: 10 * time.Second}))
			return r
		}(),
		func() request {
			r := evidenceRequest(t, "evidence busy", validParts(pdfHead)...)
			r.fixture = failing(fmt.Errorf("read evidence: helper processes: 2 running and 4 waiting: %w", derrors.ErrBusy))
			return r
		}(),
		{name: "cors preflight allowed", method: "OPTIONS", path: api.PathLeads, header: map[string]string{
			"Origin": "https://app.example.com", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}},
		{name: "cors preflight other origin", method: "OPTIONS", path: api.PathLeads, header: map[string]string{
			"Origin": "https://evil.example.net", "Access-Control-Request-Method": "POST"}},
		{name: "cors post from other origin", method: "POST", path: api.PathLeads, header: map[string]string{
			"Origin": "https://evil.example.net", "Content-Type": "application/json"}, body: []byte(`{"email":"ada@example.com"}`)},
		{name: "cors simple request", method: "GET", path: api.PathProtocols, header: map[string]string{"Origin": "https://app.example.com"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := tt.serve(t)
			checkGolden(t, tt.name, got)
		})
	}
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCreateLeadStoresWhatItAnswers: the stored lead and the answer agree,
// and data comes back byte for byte as sent (compacted).
func TestCreateLeadStoresWhatItAnswers(t *testing.T) {
	body := mustRead(t, "testdata/lead_full.json")
	got, f := request{method: "POST", path: api.PathLeads, header: jsonHeader(), body: body}.serve(t)
	if !strings.HasPrefix(got, "HTTP 200") {
		t.Fatalf("status: %s", got)
	}
	if len(f.leads.leads) != 1 {
		t.Fatalf("store holds %d leads, want 1", len(f.leads.leads))
	}
	var stored lead.Lead
	for _, l := range f.leads.leads {
		stored = l
	}
	if !strings.Contains(got, `"id": "`+stored.ID+`"`) {
		t.Errorf("answer does not carry the stored id %s:\n%s", stored.ID, got)
	}
	var sent struct{ Data json.RawMessage }
	if err := json.Unmarshal(body, &sent); err != nil {
		t.Fatal(err)
	}
	var compact bytes.Buffer
	json.Compact(&compact, sent.Data)
	if diff := cmp.Diff(compact.String(), string(stored.Data)); diff != "" {
		t.Errorf("stored data differs from sent data (-sent +stored):\n%s", diff)
	}
	if !stored.CreatedAt.Equal(fixedNow) || stored.Email != "ada.lovelace@example.com" {
		t.Errorf("stored lead = %+v", stored)
	}
}

// TestLeadDataComesBackAsSent: no HTML escaping of the intake record.
func TestLeadDataComesBackAsSent(t *testing.T) {
	body := []byte(`{"email":"ada@example.com","data":{"billingAddress":{"addressLine1":"Flat 4 & 5 <rear>"}}}`)
	got, _ := request{method: "POST", path: api.PathLeads, header: jsonHeader(), body: body}.serve(t)
	if !strings.Contains(got, `"addressLine1": "Flat 4 & 5 <rear>"`) {
		t.Errorf("data was rewritten on the way back:\n%s", got)
	}
}

// TestEvidenceRequestReachesVerifier: the verifier gets the parts and the
// type detected from the bytes, not the client's claimed image/jpeg.
func TestEvidenceRequestReachesVerifier(t *testing.T) {
	r := evidenceRequest(t, "", [][2]string{{"userId", strings.ToUpper(userID)}, {"medicationName", " Wegovy\n"}, {"medicationDosage", "2,4 mg"}, {"file", pdfHead}}...)
	_, f := r.serve(t)
	want := []evidence.Request{{UserID: userID, MedicationName: "Wegovy", MedicationDosage: "2,4 mg",
		File: []byte(pdfHead), MediaType: evidence.PDF}}
	if diff := cmp.Diff(want, f.verifier.got); diff != "" {
		t.Errorf("verifier requests (-want +got):\n%s", diff)
	}
}

// TestFailuresLogWithoutPersonalData: a panic and a 500 each leave a log
// line with the request id, and nothing the client sent.
func TestFailuresLogWithoutPersonalData(t *testing.T) {
	r := request{method: "POST", path: api.PathLeads, header: jsonHeader(),
		body: []byte(`{"email":"ada@example.com"}`), fixture: func(f *fixture) {
			f.leads.PutFn = func(lead.Lead) error { panic(errors.New("boom with ada@example.com")) }
		}}
	_, f := r.serve(t)
	logs := f.log.String()
	if strings.Contains(logs, "ada@example.com") {
		t.Errorf("log leaks the e-mail address:\n%s", logs)
	}
	if !strings.Contains(logs, `"msg":"panic in handler"`) || !strings.Contains(logs, `"status":500`) {
		t.Errorf("log lacks the panic line or the 500 access line:\n%s", logs)
	}
}

// parseUUIDCase is one verdict of NestJS's ParseUUIDPipe, written by
// testdata/parseuuid_nestjs.mjs.
type parseUUIDCase struct {
	Why      string `json:"why"`
	UserID   string `json:"userId"`
	Accepted bool   `json:"accepted"`
	Status   int    `json:"status"`
	Message  string `json:"message"`
}

// TestUserIDMatchesParseUUIDPipe: every userId the reference's ParseUUIDPipe
// accepts reaches the verifier (in lower case), and every one it refuses
// gets its status and message, with the other parts valid.
func TestUserIDMatchesParseUUIDPipe(t *testing.T) {
	var cases []parseUUIDCase
	if err := json.Unmarshal(mustRead(t, "testdata/parseuuid_nestjs.json"), &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 50 {
		t.Fatalf("only %d cases in testdata/parseuuid_nestjs.json", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Why, func(t *testing.T) {
			r := evidenceRequest(t, "", [][2]string{{"userId", c.UserID}, {"medicationName", "Wegovy"}, {"medicationDosage", "2.4 mg"}, {"file", pdfHead}}...)
			f := newFixture(t, nil)
			req := httptest.NewRequest(r.method, r.path, bytes.NewReader(r.body))
			req.Header.Set("Content-Type", r.header["Content-Type"])
			rec := httptest.NewRecorder()
			f.handler.ServeHTTP(rec, req)
			contract.CheckResponse(t, req, r.body, rec.Code, rec.Header(), rec.Body.Bytes())
			if c.Accepted {
				if rec.Code != http.StatusOK || len(f.verifier.got) != 1 {
					t.Fatalf("ParseUUIDPipe accepts %q; got %d %s", c.UserID, rec.Code, rec.Body)
				}
				if got, want := f.verifier.got[0].UserID, strings.ToLower(c.UserID); got != want {
					t.Errorf("verifier got userId %q, want %q", got, want)
				}
				return
			}
			var got struct {
				Error struct {
					Message    string `json:"message"`
					StatusCode int    `json:"statusCode"`
				} `json:"error"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatalf("%d %s: %v", rec.Code, rec.Body, err)
			}
			if diff := cmp.Diff([2]any{c.Status, c.Message}, [2]any{rec.Code, got.Error.Message}); diff != "" {
				t.Errorf("userId %q: answer differs from ParseUUIDPipe's (-nest +ours):\n%s", c.UserID, diff)
			}
			if len(f.verifier.got) != 0 {
				t.Errorf("verifier ran for a userId ParseUUIDPipe refuses")
			}
		})
	}
}

// TestEvidenceFormMessages: the userId's message comes first and every
// other problem follows it; an absent userId is not a UUID either.
func TestEvidenceFormMessages(t *testing.T) {
	tests := []struct {
		name  string
		parts [][2]string
		want  string
	}{
		{"absent userId", [][2]string{{"medicationName", "Wegovy"}, {"medicationDosage", "2.4 mg"}, {"file", pdfHead}},
			"Validation failed (uuid is expected)"},
		{"blank userId and no medication name", [][2]string{{"userId", "  "}, {"medicationName", " "}, {"medicationDosage", "2.4 mg"}, {"file", pdfHead}},
			"Validation failed (uuid is expected); medicationName should not be empty"},
		{"nothing", nil,
			"Validation failed (uuid is expected); medicationName should not be empty; medicationDosage should not be empty; file is required"},
		{"userId over the text part limit", [][2]string{{"userId", strings.Repeat("a", 5000)}, {"medicationName", "Wegovy"}, {"medicationDosage", "2.4 mg"}, {"file", pdfHead}},
			"Validation failed (uuid is expected)"},
		{"medication name over the limit", [][2]string{{"userId", userID}, {"medicationName", strings.Repeat("a", 1025)}, {"medicationDosage", "2.4 mg"}, {"file", pdfHead}},
			"medicationName must be shorter than or equal to 1024 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := evidenceRequest(t, "", tt.parts...).serve(t)
			want, _ := json.Marshal(tt.want)
			if !strings.HasPrefix(got, "HTTP 400") || !strings.Contains(got, `"message": `+string(want)) {
				t.Errorf("want 400 with message %s, got:\n%s", want, got)
			}
		})
	}
}

// TestNewHandlerFillsInNothing: a Deps missing what a served route needs is
// refused at start, naming every gap, rather than run with a default.
func TestNewHandlerFillsInNothing(t *testing.T) {
	full := func() api.Deps {
		return api.Deps{Log: slog.New(slog.DiscardHandler), Now: time.Now, NewID: func() string { return "id" },
			Metrics: api.NoMetrics{}, Protocols: []byte(protocolsBody)}
	}
	if _, err := api.NewHandler(full()); err != nil {
		t.Fatalf("NewHandler with every dependency: %v", err)
	}
	for _, tt := range []struct {
		name   string
		change func(*api.Deps)
		want   string
	}{
		{"no logger, clock, ids or metrics", func(d *api.Deps) { d.Log, d.Now, d.NewID, d.Metrics = nil, nil, nil, nil }, "Log, Now, NewID, Metrics"},
		{"create-lead without a body limit", func(d *api.Deps) { d.Leads = &lead.Service{} }, "LeadBodyLimit"},
		{"verify-evidence without a file limit", func(d *api.Deps) { d.Evidence = &verifier{} }, "EvidenceFileLimit"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := full()
			tt.change(&d)
			h, err := api.NewHandler(d)
			if err == nil || h != nil || !strings.HasSuffix(err.Error(), tt.want) {
				t.Errorf("NewHandler = %v, %v; want an error naming %s", h, err, tt.want)
			}
		})
	}
}

// TestVerifyCutShortByItsDeadlineIsBusy (issue 18): a verification the
// request's deadline cut short (here while recording, after the reading)
// is answered 503 with Retry-After, never judged on part of the work and
// never an outage; the same error with the request's time not up is a 500.
func TestVerifyCutShortByItsDeadlineIsBusy(t *testing.T) {
	f := newFixture(t, nil)
	f.verifier.VerifyFn = func(evidence.Request) (evidence.Outcome, error) {
		return evidence.Outcome{}, fmt.Errorf("record verification: %w", context.DeadlineExceeded)
	}
	body, ct := form(t, validParts(pdfHead)...)
	post := func(ctx context.Context) *httptest.ResponseRecorder {
		req := httptest.NewRequestWithContext(ctx, http.MethodPost, api.PathVerifyEvidence, bytes.NewReader(body))
		req.Header.Set("Content-Type", ct)
		rec := httptest.NewRecorder()
		f.handler.ServeHTTP(rec, req)
		return rec
	}
	ended, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	if rec := post(ended); rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("deadline passed: status %d, Retry-After %q; want 503 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
	}
	if rec := post(context.Background()); rec.Code != http.StatusInternalServerError {
		t.Errorf("deadline not passed: status %d, want 500", rec.Code)
	}
}
