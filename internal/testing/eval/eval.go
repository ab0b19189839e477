// Package eval measures how accurately the service verifies prescription
// evidence: it sends every case of a corpus through the HTTP interface, as
// a client would (create a lead, upload the document), and scores each of
// the five field ratings against the case's ground truth.
//
// The service under test is an http.Handler called in-process; the package
// knows nothing of how verification works.
package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"sync"
	"time"

	"github.com/clinicplatform/intake/internal/testing/corpus"
)

const (
	leadsPath  = "/external/v1/leads"
	verifyPath = "/external/v1/prescriptions/verify-evidence"
)

// FieldNames are the rated fields, in the interface's order.
var FieldNames = []string{"patientName", "medicationName", "medicationDosage", "medicationDate", "pharmacyName"}

// Options tune a run.
type Options struct {
	// Parallelism is how many cases are in flight at once (default 2).
	Parallelism int
	// Filter, when set, keeps only the cases it returns true for.
	Filter func(corpus.Case) bool
	// Progress, when set, gets one line per finished case: its name, time,
	// and each field's verdict with the truth beside a wrong one (never
	// document content).
	Progress io.Writer
}

// answer is what the service said about one case.
type answer struct {
	// failure is set when no verdict came back (non-200, bad body).
	failure *Failure
	success bool
	values  [5]string // by FieldNames
	conf    [5]string
	elapsed time.Duration
}

// Run verifies every case against h and scores the answers. It returns an
// error only when it could not run (no cases, context cancelled); a case the
// service fails on is counted in the report.
func Run(ctx context.Context, h http.Handler, cases []corpus.Case, opts Options) (Report, error) {
	if opts.Parallelism <= 0 {
		opts.Parallelism = 2
	}
	var selected []corpus.Case
	for _, c := range cases {
		if opts.Filter == nil || opts.Filter(c) {
			selected = append(selected, c)
		}
	}
	if len(selected) == 0 {
		return Report{}, errors.New("evaluate: no cases to run")
	}

	start := time.Now()
	answers := make([]answer, len(selected))
	next := make(chan int)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	for range opts.Parallelism {
		wg.Go(func() {
			for i := range next {
				answers[i] = ask(ctx, h, i, selected[i])
				if opts.Progress != nil {
					mu.Lock()
					done++
					fmt.Fprintf(opts.Progress, "[%d/%d] %s %s %s\n", done, len(selected), selected[i].Name,
						answers[i].elapsed.Round(time.Millisecond), answers[i].outcome(selected[i].Truth))
					mu.Unlock()
				}
			}
		})
	}
feed:
	for i := range selected {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Report{}, fmt.Errorf("evaluate: %w", err)
	}
	r := score(selected, answers)
	r.Elapsed = time.Since(start)
	return r, nil
}

// outcome is a case's verdicts against its truth: "ok" when all are
// right, else each field as "patientName=valid(want invalid)"; a wrong
// success flag is "success=true(want false)".
func (a answer) outcome(t corpus.Truth) string {
	if a.failure != nil {
		return "error (" + a.failure.Reason + ")"
	}
	var wrong []string
	for k, want := range truthValues(t) {
		if a.values[k] != string(want) {
			wrong = append(wrong, fmt.Sprintf("%s=%s(want %s)", FieldNames[k], a.values[k], want))
		}
	}
	if a.success != t.AllValid() {
		wrong = append(wrong, fmt.Sprintf("success=%t(want %t)", a.success, t.AllValid()))
	}
	if len(wrong) == 0 {
		return "ok"
	}
	return strings.Join(wrong, " ")
}

// ask creates the case's lead and uploads its document.
// A handler that panics costs its case, not the run (net/http would
// likewise recover and drop the connection).
func ask(ctx context.Context, h http.Handler, i int, c corpus.Case) (a answer) {
	start := time.Now()
	defer func() {
		if p := recover(); p != nil {
			a = answer{failure: &Failure{Case: c.Name, Reason: "handler panicked"}}
		}
		a.elapsed = time.Since(start)
	}()
	return verify(ctx, h, i, c)
}

// busyRetries is how many times a case answered 503 (busy) is asked
// again, busyPause apart (a variable for tests).
const busyRetries = 3

var busyPause = 5 * time.Second

func verify(ctx context.Context, h http.Handler, i int, c corpus.Case) answer {
	fail := func(status int, format string, args ...any) answer {
		return answer{failure: &Failure{Case: c.Name, Status: status, Reason: fmt.Sprintf(format, args...)}}
	}

	leadBody, err := json.Marshal(map[string]any{
		"email": fmt.Sprintf("eval-%03d@example.com", i),
		"data":  map[string]string{"forename": c.Lead.Forename, "surname": c.Lead.Surname},
	})
	if err != nil {
		return fail(0, "encode lead: %v", err)
	}
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, leadsPath, bytes.NewReader(leadBody))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		return fail(rec.Code, "create lead: status %d", rec.Code)
	}
	var lead struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &lead); err != nil || lead.ID == "" {
		return fail(rec.Code, "create lead: no id in response")
	}

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, f := range [][2]string{{"userId", lead.ID}, {"medicationName", c.MedicationName}, {"medicationDosage", c.MedicationDosage}} {
		if err := mw.WriteField(f[0], f[1]); err != nil {
			return fail(0, "encode form: %v", err)
		}
	}
	hdr := textproto.MIMEHeader{}
	hdr.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename=%q`, c.FileName()))
	hdr.Set("Content-Type", c.MediaType())
	part, err := mw.CreatePart(hdr)
	if err != nil {
		return fail(0, "encode form: %v", err)
	}
	if _, err := part.Write(c.File); err != nil {
		return fail(0, "encode form: %v", err)
	}
	if err := mw.Close(); err != nil {
		return fail(0, "encode form: %v", err)
	}
	// A 503 says the machine was too loaded to read the document in time:
	// the case is asked again, as a client would after Retry-After, so
	// that load is not counted as a miss.
	for try := 0; ; try++ {
		req = httptest.NewRequestWithContext(ctx, http.MethodPost, verifyPath, bytes.NewReader(body.Bytes()))
		req.Header.Set("Content-Type", mw.FormDataContentType())
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusServiceUnavailable || try >= busyRetries {
			break
		}
		select {
		case <-time.After(busyPause):
		case <-ctx.Done():
			return fail(rec.Code, "verify: status %d", rec.Code)
		}
	}
	if rec.Code != http.StatusOK {
		return fail(rec.Code, "verify: status %d", rec.Code)
	}

	type rating struct {
		Value      string `json:"value"`
		Confidence string `json:"confidence"`
	}
	var res struct {
		Success bool              `json:"success"`
		Data    map[string]rating `json:"data"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
		return fail(rec.Code, "verify: response is not a verification result")
	}
	a := answer{success: res.Success}
	for k, name := range FieldNames {
		a.values[k] = res.Data[name].Value
		a.conf[k] = res.Data[name].Confidence
	}
	return a
}

func truthValues(t corpus.Truth) [5]corpus.Verdict {
	return [5]corpus.Verdict{t.PatientName, t.MedicationName, t.MedicationDosage, t.MedicationDate, t.PharmacyName}
}
