package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/metrics"
)

// Personal data the requests below carry; none of it may reach a log line.
var personal = []string{
	"jordan.avery@example.com", "Jordan", "Avery", "1984-07-19", "07700 900123",
	"Flat 4, 22 Canal Street", "Jordan-Avery-prescription.pdf",
	"Riverside Pharmacy", "Inject 2.4mg once weekly", "Date dispensed",
}

// TestLogsCarryNoPersonalData runs every route, valid and invalid, through
// the whole local stack and reads back every log line.
func TestLogsCarryNoPersonalData(t *testing.T) {
	var cfg config.LocalAPI
	err := config.Load(func(k string) string { return map[string]string{"MARKET": "uk"}[k] }, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	store, err := localstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var metricLines bytes.Buffer
	h, err := newHandler(cfg, log, store, docread.NewWithTesseract(t.Context()), metrics.New(&metricLines, "ClinicIntake/test", "uk"))
	if err != nil {
		t.Fatal(err)
	}

	leadBody := `{"email":"jordan.avery@example.com","data":{"forename":"Jordan","surname":"Avery",` +
		`"dateOfBirth":"1984-07-19","phone":"07700 900123","billingAddress":{"addressLine1":"Flat 4, 22 Canal Street"}}}`
	rec := serve(h, http.MethodPost, "/external/v1/leads", "application/json", leadBody, nil)
	var created struct{ ID string }
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || created.ID == "" {
		t.Fatalf("create lead: %d %s", rec.Code, rec.Body)
	}
	serve(h, http.MethodPost, "/external/v1/leads", "application/json", leadBody, map[string]string{"Idempotency-Key": "k-1"})
	serve(h, http.MethodPost, "/external/v1/leads", "application/json", leadBody, map[string]string{"Idempotency-Key": "k-1"})
	serve(h, http.MethodPost, "/external/v1/leads", "application/json",
		`{"email":"Jordan Avery <jordan.avery@example.com>","data":{"dateOfBirth":"1984-07-19x","Jordan":"Avery"}}`, nil)
	serve(h, http.MethodPost, "/external/v1/leads", "text/plain", leadBody, nil)
	serve(h, http.MethodPost, "/external/v1/leads", "application/json", `{"email":"jordan.avery@example.com",`, nil)
	serve(h, http.MethodGet, "/external/v1/protocols/weightloss", "", "", nil)
	serve(h, http.MethodGet, "/external/v1/leads?email=jordan.avery@example.com", "", "", nil)
	serve(h, http.MethodGet, "/external/v1/leads/jordan.avery@example.com", "", "", nil)

	doc := labelPDF(t)
	for _, userID := range []string{created.ID, "not-a-uuid", "00000000-0000-0000-0000-000000000000"} {
		body, ct := uploadForm(t, userID, doc)
		serve(h, http.MethodPost, "/external/v1/prescriptions/verify-evidence", ct, body, nil)
	}
	body, ct := uploadForm(t, created.ID, []byte("Jordan Avery, not a real document"))
	serve(h, http.MethodPost, "/external/v1/prescriptions/verify-evidence", ct, body, nil)

	// A broken store: the 500 path logs its cause.
	store.Close()
	serve(h, http.MethodPost, "/external/v1/leads", "application/json", leadBody, nil)
	body, ct = uploadForm(t, created.ID, doc)
	serve(h, http.MethodPost, "/external/v1/prescriptions/verify-evidence", ct, body, nil)

	all := logs.String()
	lines := 0
	sc := bufio.NewScanner(strings.NewReader(all))
	for sc.Scan() {
		line := sc.Text()
		lines++
		for _, p := range append(personal, created.ID) {
			if strings.Contains(strings.ToLower(line), strings.ToLower(p)) {
				t.Errorf("log line carries %q: %s", p, line)
			}
		}
		var entry map[string]any
		if err := json.Unmarshal([]byte(line), &entry); err != nil {
			t.Errorf("log line is not JSON: %s", line)
		} else if id, _ := entry["request_id"].(string); id == "" {
			t.Errorf("log line without request_id: %s", line)
		}
	}
	if lines < 14 {
		t.Errorf("read %d log lines, want at least one per request (14)", lines)
	}
	if !strings.Contains(all, `"status":500`) {
		t.Errorf("the broken store never produced a 500; the failure paths went untested")
	}

	// The metrics of the same requests carry no personal data either.
	emf := 0
	for line := range strings.Lines(metricLines.String()) {
		emf++
		for _, p := range personal {
			if strings.Contains(strings.ToLower(line), strings.ToLower(p)) {
				t.Errorf("metric line carries %q: %s", p, line)
			}
		}
		if !strings.Contains(line, `"_aws":`) {
			t.Errorf("metric line is not in embedded metric format: %s", line)
		}
	}
	if emf < 14 {
		t.Errorf("read %d metric lines, want at least one per request (14)", emf)
	}
}

// createLead creates a lead for the invented Jordan Avery through h and
// returns its id: verify-evidence reads nothing for an id no lead has.
func createLead(t *testing.T, h http.Handler) string {
	t.Helper()
	rec := serve(h, http.MethodPost, "/external/v1/leads", "application/json",
		`{"email":"jordan.avery@example.com","data":{"forename":"Jordan","surname":"Avery"}}`, nil)
	var created struct{ ID string }
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || created.ID == "" {
		t.Fatalf("create lead: %d %s", rec.Code, rec.Body)
	}
	return created.ID
}

func serve(h http.Handler, method, target, contentType, body string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func uploadForm(t *testing.T, userID string, file []byte) (string, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("userId", userID)
	mw.WriteField("medicationName", "Wegovy")
	mw.WriteField("medicationDosage", "2.4 mg")
	fw, err := mw.CreateFormFile("file", "Jordan-Avery-prescription.pdf")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(file)
	mw.Close()
	return buf.String(), mw.FormDataContentType()
}

func labelPDF(t *testing.T) []byte {
	t.Helper()
	pdf := fpdf.New("P", "mm", "A5", "")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "", 11)
	for _, line := range []string{
		"Riverside Pharmacy, 12 High Street, Leeds LS1 4AB",
		"Wegovy 2.4mg/0.75ml FlexTouch pre-filled pen",
		"Inject 2.4mg once weekly",
		"Patient: Jordan Avery   DOB 19/07/1984",
		"Date dispensed: " + time.Now().AddDate(0, 0, -3).Format("02/01/2006"),
	} {
		pdf.Cell(0, 7, line)
		pdf.Ln(7)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
