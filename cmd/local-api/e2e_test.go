//go:build unix

// Unix only: Chromium runs in its own process group so the test can end it.

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/testing/browser"
)

// chromiumFlags run Debian's Chromium headless as root on a machine without
// a GPU or internet; the background-networking flags stop it calling Google.
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
	"--disable-dev-shm-usage",
	// Virtual time only advances while no fetch is pending, so the page's
	// real requests all finish before the DOM is dumped.
	"--virtual-time-budget=15000",
	"--dump-dom",
}

// TestE2EBrowserCrossOrigin drives headless Chromium through the clinic's
// front-end calls from a page on another origin, once from an origin in
// CORS_ALLOWED_ORIGINS and once from one that is not.
func TestE2EBrowserCrossOrigin(t *testing.T) {
	if testing.Short() {
		t.Skip("browser end-to-end test skipped in -short mode")
	}
	chromium := browser.Path(t)

	// Both pages listen before the API starts, which needs the allowed
	// origin; they are started once the page knows the catalogue's ETag.
	allowedPage := httptest.NewUnstartedServer(nil)
	t.Cleanup(allowedPage.Close)
	blockedPage := httptest.NewUnstartedServer(nil)
	t.Cleanup(blockedPage.Close)
	allowedOrigin := "http://" + allowedPage.Listener.Addr().String()
	blockedOrigin := "http://" + blockedPage.Listener.Addr().String()

	apiPort := freePort(t)
	apiURL := "http://127.0.0.1:" + apiPort
	apiLog, protocolsETag := startLocalAPI(t, map[string]string{
		"PORT":                 apiPort,
		"DATA_DIR":             t.TempDir(),
		"CORS_ALLOWED_ORIGINS": allowedOrigin,
		"MARKET":               "us",
	}, apiURL)

	label := dispensingLabelPDF(t, "Rosalind Pemberton", time.Now().AddDate(0, 0, -3))
	page := pageConfig{
		API:              apiURL,
		Lead:             json.RawMessage(`{"email":"rosalind.pemberton@example.com","data":{"forename":"Rosalind","surname":"Pemberton","dateOfBirth":"1979-04-18"}}`),
		IdempotencyKey:   "e2e-" + uuid.NewString(),
		RequestID:        "e2e-" + uuid.NewString(),
		LabelPDF:         base64.StdEncoding.EncodeToString(label),
		MedicationName:   "Wegovy",
		MedicationDosage: "2.4 mg",
		UnknownUserID:    "00000000-0000-4000-8000-000000000000",
		ProtocolsETag:    protocolsETag,
	}
	for _, srv := range []*httptest.Server{allowedPage, blockedPage} {
		srv.Config.Handler = pageHandler(t, page)
		srv.Start()
	}

	allowedFrom := apiLog.Len()
	allowed := runPage(t, chromium, allowedPage.URL)
	allowedRequests := apiLog.requests(t, allowedFrom)
	blockedFrom := apiLog.Len()
	blocked := runPage(t, chromium, blockedPage.URL)
	blockedRequests := apiLog.requests(t, blockedFrom)

	t.Run("allowed origin reads every answer", func(t *testing.T) {
		if allowed.Origin != allowedOrigin {
			t.Errorf("page origin = %q, want %q", allowed.Origin, allowedOrigin)
		}
		if _, err := uuid.Parse(allowed.Lead.ID); err != nil {
			t.Errorf("lead id %q read by the page is not a UUID: %v", allowed.Lead.ID, err)
		}
		if allowed.Lead.RequestID != page.RequestID {
			t.Errorf("X-Request-Id read by the page = %q, want the one it sent, %q (allowed and exposed headers)",
				allowed.Lead.RequestID, page.RequestID)
		}
		if allowed.Upload.VerificationID == "" {
			t.Error("X-Verification-Id is not readable from the page: missing from Access-Control-Expose-Headers")
		}
		if allowed.Upload.Note == "" || allowed.Upload.Confidence == "" {
			t.Errorf("upload answer lacks note or confidence: %+v", allowed.Upload)
		}
		if allowed.Protocols.ETag != protocolsETag || allowed.Protocols.Count == 0 {
			t.Errorf("protocols: ETag %q, %d protocols; want the exposed ETag %q and a non-empty catalogue",
				allowed.Protocols.ETag, allowed.Protocols.Count, protocolsETag)
		}
		valid := rating{Value: "valid"}
		want := pageResult{
			Done:        true,
			Lead:        leadStep{Status: 200, Forename: "Rosalind"},
			InvalidLead: invalidLeadStep{Status: 400, Messages: []string{"email must be an email"}},
			Upload: uploadStep{Status: 200, Success: true, Data: &ratings{
				PatientName: valid, MedicationName: valid, MedicationDosage: valid,
				MedicationDate: valid, PharmacyName: valid,
			}},
			Protocols:           protocolsStep{Status: 200, IsArray: true},
			ProtocolsRevalidate: statusStep{Status: 304},
		}
		if diff := cmp.Diff(want, allowed.comparable()); diff != "" {
			t.Errorf("what the allowed page read (-want +got):\n%s", diff)
		}
	})

	t.Run("allowed origin's preflights reach the API", func(t *testing.T) {
		want := []string{
			"GET /external/v1/protocols/weightloss 200",
			"GET /external/v1/protocols/weightloss 304",
			"OPTIONS /external/v1/leads 204",
			"OPTIONS /external/v1/protocols/weightloss 204",
			"POST /external/v1/leads 200",
			"POST /external/v1/leads 400",
			"POST /external/v1/prescriptions/verify-evidence 200",
		}
		if diff := cmp.Diff(want, allowedRequests); diff != "" {
			t.Errorf("requests the local API logged for the allowed page (-want +got):\n%s", diff)
		}
	})

	t.Run("other origin is refused by the browser", func(t *testing.T) {
		want := pageResult{
			Origin:              blockedOrigin,
			Done:                true,
			Lead:                leadStep{Error: "TypeError"},
			InvalidLead:         invalidLeadStep{Error: "TypeError"},
			Upload:              uploadStep{Error: "TypeError"},
			Protocols:           protocolsStep{Error: "TypeError"},
			ProtocolsRevalidate: statusStep{Error: "TypeError"},
		}
		if diff := cmp.Diff(want, blocked); diff != "" {
			t.Errorf("what the other origin's page read (-want +got):\n%s", diff)
		}
	})

	t.Run("other origin's preflighted requests never reach a handler", func(t *testing.T) {
		// Form uploads and plain GETs are CORS "simple" requests: the browser
		// sends them and only hides the answer, so they are logged, not asserted.
		// The conditional GET would have been answered 304 had it been sent.
		t.Logf("requests the local API logged for the other origin: %q", blockedRequests)
		for _, r := range []string{"POST /external/v1/leads", "GET /external/v1/protocols/weightloss 304"} {
			if slices.ContainsFunc(blockedRequests, func(got string) bool { return strings.HasPrefix(got, r) }) {
				t.Errorf("%q reached the API after a refused preflight; logged: %q", r, blockedRequests)
			}
		}
		for _, r := range []string{"OPTIONS /external/v1/leads 204", "OPTIONS /external/v1/protocols/weightloss 204"} {
			if !slices.Contains(blockedRequests, r) {
				t.Errorf("preflight %q not logged; logged: %q", r, blockedRequests)
			}
		}
	})
}

// pageConfig is what the test page's script is given.
type pageConfig struct {
	API              string          `json:"api"`
	Lead             json.RawMessage `json:"lead"`
	IdempotencyKey   string          `json:"idempotencyKey"`
	RequestID        string          `json:"requestId"` // sent on the lead POST, echoed back
	LabelPDF         string          `json:"labelPDF"`  // base64
	MedicationName   string          `json:"medicationName"`
	MedicationDosage string          `json:"medicationDosage"`
	// UnknownUserID stands in for the lead id when the page could not read one.
	UnknownUserID string `json:"unknownUserId"`
	// ProtocolsETag is sent as If-None-Match, which needs a preflight.
	ProtocolsETag string `json:"protocolsETag"`
}

// pageResult is the JSON the page writes into <pre id="result">. Error is
// the name of what fetch threw (TypeError when CORS refuses).
type pageResult struct {
	Origin              string          `json:"origin"`
	Done                bool            `json:"done"`
	Lead                leadStep        `json:"lead"`
	InvalidLead         invalidLeadStep `json:"invalidLead"`
	Upload              uploadStep      `json:"upload"`
	Protocols           protocolsStep   `json:"protocols"`
	ProtocolsRevalidate statusStep      `json:"protocolsRevalidate"`
}

type statusStep struct {
	Status int    `json:"status"`
	Error  string `json:"error"`
}

type leadStep struct {
	Status    int    `json:"status"`
	ID        string `json:"id"`
	Forename  string `json:"forename"`
	RequestID string `json:"requestId"`
	Error     string `json:"error"`
}

type invalidLeadStep struct {
	Status   int      `json:"status"`
	Messages []string `json:"messages"`
	Error    string   `json:"error"`
}

type uploadStep struct {
	Status         int      `json:"status"`
	Success        bool     `json:"success"`
	Data           *ratings `json:"data"`
	Confidence     string   `json:"confidence"`
	Note           string   `json:"note"`
	VerificationID string   `json:"verificationId"`
	Error          string   `json:"error"`
}

type ratings struct {
	PatientName      rating `json:"patientName"`
	MedicationName   rating `json:"medicationName"`
	MedicationDosage rating `json:"medicationDosage"`
	MedicationDate   rating `json:"medicationDate"`
	PharmacyName     rating `json:"pharmacyName"`
}

type rating struct {
	Value      string `json:"value"`
	Confidence string `json:"confidence"`
}

type protocolsStep struct {
	Status  int    `json:"status"`
	IsArray bool   `json:"isArray"`
	Count   int    `json:"count"`
	ETag    string `json:"etag"`
	Error   string `json:"error"`
}

// comparable blanks what differs from run to run (ids, ETag, wording,
// confidences), which the test checks separately.
func (r pageResult) comparable() pageResult {
	r.Origin = ""
	r.Lead.ID, r.Lead.RequestID = "", ""
	r.Upload.Note, r.Upload.Confidence, r.Upload.VerificationID = "", "", ""
	if r.Upload.Data != nil {
		d := *r.Upload.Data
		for _, f := range []*rating{&d.PatientName, &d.MedicationName, &d.MedicationDosage, &d.MedicationDate, &d.PharmacyName} {
			f.Confidence = ""
		}
		r.Upload.Data = &d
	}
	r.Protocols.Count, r.Protocols.ETag = 0, ""
	return r
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("find a free port: %v", err)
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// dispensingLabelPDF draws a US pharmacy label for patient, filled on
// filled, with a text layer the local reader can read without OCR.
func dispensingLabelPDF(t *testing.T, patient string, filled time.Time) []byte {
	t.Helper()
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 360, Ht: 200}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.AddPage()
	lines := []struct {
		style string
		size  float64
		text  string
	}{
		{"B", 12, "Harborview Pharmacy #0318"},
		{"", 9, "88 Beacon St, Portland ME 04101  (207) 555-0199"},
		{"", 9, "Rx# 5510274        Date Filled: " + filled.Format("01/02/2006")},
		{"B", 11, strings.ToUpper(patient)},
		{"", 9, "INJECT 2.4MG UNDER THE SKIN ONCE WEEKLY"},
		{"B", 10, "WEGOVY 2.4MG/0.75ML PEN"},
		{"", 9, "QTY: 3 ML      Refills: 1"},
	}
	y := 28.0
	for _, l := range lines {
		pdf.SetFont("Helvetica", l.style, l.size)
		pdf.Text(18, y, l.text)
		y += l.size + 10
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatalf("write label PDF: %v", err)
	}
	return buf.Bytes()
}

// pageHandler serves the test page; both origins get the same script.
func pageHandler(t *testing.T, cfg pageConfig) http.Handler {
	t.Helper()
	tmpl, err := template.ParseFiles("testdata/cross-origin-page.html.tmpl")
	if err != nil {
		t.Fatalf("parse page template: %v", err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if err := tmpl.Execute(w, cfg); err != nil {
			t.Errorf("render page: %v", err)
		}
	})
}

// startLocalAPI runs the local API in-process until the test ends and,
// once it answers, returns its log and the protocol catalogue's ETag.
func startLocalAPI(t *testing.T, env map[string]string, apiURL string) (*syncBuffer, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	log := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- run(ctx, func(k string) string { return env[k] }, log) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("local API: %v", err)
		}
	})

	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case err := <-done:
			t.Fatalf("local API stopped before answering: %v\n%s", err, log)
		default:
		}
		resp, err := client.Get(apiURL + "/external/v1/protocols/weightloss")
		if err == nil {
			resp.Body.Close()
			if etag := resp.Header.Get("ETag"); resp.StatusCode == http.StatusOK && etag != "" {
				return log, etag
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("local API did not answer on %s within 10s (last error: %v)\n%s", apiURL, err, log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

var resultPre = regexp.MustCompile(`(?s)<pre id="result">(.*?)</pre>`)

// runPage loads pageURL in a fresh headless Chromium and returns what the
// page wrote into <pre id="result">.
func runPage(t *testing.T, chromium, pageURL string) pageResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	args := append(slices.Clone(chromiumFlags), "--user-data-dir="+t.TempDir(), pageURL)
	cmd := exec.CommandContext(ctx, chromium, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Chromium forks renderer and utility processes: its own process group
	// lets the test end all of them, and only them.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // stragglers, if any
	}
	if err != nil {
		t.Fatalf("chromium %s: %v\nstderr (tail):\n%s", pageURL, err, tail(stderr.String(), 2000))
	}
	m := resultPre.FindSubmatch(stdout.Bytes())
	if m == nil {
		t.Fatalf("no <pre id=\"result\"> in the DOM Chromium dumped for %s:\n%s\nstderr (tail):\n%s",
			pageURL, tail(stdout.String(), 2000), tail(stderr.String(), 2000))
	}
	var res pageResult
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &res); err != nil {
		t.Fatalf("page %s did not finish (result %q): %v", pageURL, tail(string(m[1]), 500), err)
	}
	return res
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}

// syncBuffer collects the local API's JSON log, written from its goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Len()
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// requests lists the access-log lines written since offset, as sorted
// unique "METHOD path status" (a cached preflight is not sent twice).
func (b *syncBuffer) requests(t *testing.T, offset int) []string {
	t.Helper()
	b.mu.Lock()
	logged := slices.Clone(b.buf.Bytes()[offset:])
	b.mu.Unlock()
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(logged))
	sc.Buffer(nil, 1<<20) // a panic line carries a stack
	for sc.Scan() {
		var line struct {
			Msg    string `json:"msg"`
			Method string `json:"method"`
			Path   string `json:"path"`
			Status int    `json:"status"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("local API log line is not JSON: %v", err)
		}
		if line.Msg == "request" {
			out = append(out, fmt.Sprintf("%s %s %d", line.Method, line.Path, line.Status))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read local API log: %v", err)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
