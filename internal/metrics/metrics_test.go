package metrics_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/metrics"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.jsonl")

var fixedNow = time.Date(2026, 11, 21, 10, 4, 5, 123_000_000, time.UTC)

func rating(v evidence.Verdict) evidence.Rating {
	return evidence.Rating{Value: v, Confidence: evidence.High}
}

func result(p, n, d, dt, ph evidence.Verdict) evidence.Result {
	return evidence.Result{
		Success: p == evidence.Valid && n == evidence.Valid && d == evidence.Valid && dt == evidence.Valid && ph == evidence.Valid,
		Data: evidence.Fields{PatientName: rating(p), MedicationName: rating(n), MedicationDosage: rating(d),
			MedicationDate: rating(dt), PharmacyName: rating(ph)},
	}
}

const (
	valid    = evidence.Valid
	invalid  = evidence.Invalid
	notFound = evidence.NotFound
)

// emfLine is an EMF document as CloudWatch reads it.
type emfLine struct {
	AWS struct {
		Timestamp         int64 `json:"Timestamp"`
		CloudWatchMetrics []struct {
			Namespace  string     `json:"Namespace"`
			Dimensions [][]string `json:"Dimensions"`
			Metrics    []struct {
				Name string `json:"Name"`
				Unit string `json:"Unit"`
			} `json:"Metrics"`
		} `json:"CloudWatchMetrics"`
	} `json:"_aws"`
}

// checkSpec holds a line to the embedded metric format's rules: a root
// _aws with a millisecond Timestamp and at least one directive; every
// dimension a string member of the root, every metric a number member; at
// most 30 dimensions a set; and nothing but the known low-cardinality
// dimensions.
func checkSpec(t *testing.T, raw []byte) emfLine {
	t.Helper()
	var line emfLine
	if err := json.Unmarshal(raw, &line); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, raw)
	}
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		t.Fatal(err)
	}
	if line.AWS.Timestamp != fixedNow.UnixMilli() {
		t.Errorf("Timestamp = %d, want %d (milliseconds)", line.AWS.Timestamp, fixedNow.UnixMilli())
	}
	if len(line.AWS.CloudWatchMetrics) == 0 {
		t.Errorf("no CloudWatchMetrics directive: %s", raw)
	}
	allowed := map[string]bool{metrics.DimFunction: true, metrics.DimMarket: true, metrics.DimStatusClass: true,
		metrics.DimOutcome: true, metrics.DimField: true, metrics.DimVerdict: true, metrics.DimSource: true, metrics.DimReason: true}
	for _, d := range line.AWS.CloudWatchMetrics {
		if d.Namespace != "ClinicIntake/test" {
			t.Errorf("Namespace = %q", d.Namespace)
		}
		if len(d.Metrics) == 0 || len(d.Dimensions) == 0 {
			t.Errorf("directive without metrics or dimensions: %s", raw)
		}
		for _, set := range d.Dimensions {
			if len(set) > 30 {
				t.Errorf("dimension set of %d", len(set))
			}
			for _, dim := range set {
				if !allowed[dim] {
					t.Errorf("dimension %q is not one of the known few", dim)
				}
				if _, ok := root[dim].(string); !ok {
					t.Errorf("dimension %q has no string value in the root: %s", dim, raw)
				}
			}
		}
		for _, m := range d.Metrics {
			if _, ok := root[m.Name].(float64); !ok {
				t.Errorf("metric %q has no number value in the root: %s", m.Name, raw)
			}
			if m.Unit != "Count" && m.Unit != "Milliseconds" {
				t.Errorf("metric %q has unit %q", m.Name, m.Unit)
			}
		}
	}
	return line
}

func lines(t *testing.T, out *bytes.Buffer) [][]byte {
	t.Helper()
	var ls [][]byte
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		ls = append(ls, append([]byte(nil), sc.Bytes()...))
	}
	return ls
}

// TestLinesMatchGolden writes one of each event and compares the lines,
// byte for byte, with testdata/events.golden.jsonl.
func TestLinesMatchGolden(t *testing.T) {
	var out bytes.Buffer
	m := metrics.New(&out, "ClinicIntake/test", "uk").WithClock(func() time.Time { return fixedNow })
	m.Request(metrics.FunctionCreateLead, 200, 12345*time.Microsecond)
	m.Request(metrics.FunctionVerifyEvidence, 500, 2*time.Second)
	m.LeadCreated(false)
	m.LeadCreated(true)
	m.Verified(evidence.Outcome{ID: "9b2f4c1e", Result: result(valid, valid, valid, valid, valid), TextSource: "pdf-text"})
	m.Verified(evidence.Outcome{Result: result(notFound, notFound, notFound, notFound, notFound), Unreadable: fmt.Errorf("read pdf text: %w", evidence.Unreadable("encrypted"))})
	m.DocumentRefused("too_large")
	m.TextractPages(1)
	m.TextractError("throttled")
	got := out.String()
	for _, l := range lines(t, bytes.NewBufferString(got)) {
		checkSpec(t, l)
	}
	path := filepath.Join("testdata", "events.golden.jsonl")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/metrics -update)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

// values reads the members of every line whose metric is name, as
// "dimension=value" words plus the metric's value.
func values(t *testing.T, out *bytes.Buffer, name string) []string {
	t.Helper()
	var got []string
	for _, raw := range lines(t, out) {
		line := checkSpec(t, raw)
		var root map[string]any
		json.Unmarshal(raw, &root)
		for _, d := range line.AWS.CloudWatchMetrics {
			for _, m := range d.Metrics {
				if m.Name != name {
					continue
				}
				words := []string{}
				for _, dim := range d.Dimensions[len(d.Dimensions)-1] {
					words = append(words, dim+"="+root[dim].(string))
				}
				got = append(got, strings.Join(words, " ")+" "+name+"="+strings.TrimSuffix(strings.TrimSuffix(jsonNumber(root[name]), ".0"), ".000"))
			}
		}
	}
	return got
}

func jsonNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestVerificationOutcomes(t *testing.T) {
	tests := []struct {
		name string
		out  evidence.Outcome
		want []string // Verifications, DocumentsRead, UnreadableDocuments, FieldVerdicts
	}{
		{"all valid", evidence.Outcome{Result: result(valid, valid, valid, valid, valid), TextSource: "textract"}, []string{
			"Function=verify-evidence Market=us Outcome=verified Verifications=1",
			"Function=verify-evidence Market=us Source=textract DocumentsRead=1",
		}},
		{"one invalid", evidence.Outcome{Result: result(valid, invalid, notFound, valid, valid), TextSource: "tesseract"}, []string{
			"Function=verify-evidence Market=us Outcome=rejected Verifications=1",
			"Function=verify-evidence Market=us Source=tesseract DocumentsRead=1",
		}},
		{"some not found", evidence.Outcome{Result: result(valid, valid, notFound, valid, valid), TextSource: "pdf-text"}, []string{
			"Function=verify-evidence Market=us Outcome=incomplete Verifications=1",
			"Function=verify-evidence Market=us Source=pdf DocumentsRead=1",
		}},
		{"unreadable", evidence.Outcome{Result: result(notFound, notFound, notFound, notFound, notFound), Unreadable: evidence.Unreadable("no_ocr")}, []string{
			"Function=verify-evidence Market=us Outcome=unreadable Verifications=1",
			"Function=verify-evidence Market=us Source=none DocumentsRead=1",
			"Function=verify-evidence Market=us Reason=no_ocr UnreadableDocuments=1",
		}},
		{"over budget", evidence.Outcome{Result: result(notFound, notFound, notFound, notFound, notFound), Unreadable: fmt.Errorf("pdf: %w: %w", derrors.OverBudget("pdf.operators", 1000), evidence.ErrUnreadable)}, []string{
			"Function=verify-evidence Market=us Outcome=unreadable Verifications=1",
			"Function=verify-evidence Market=us Source=none DocumentsRead=1",
			"Function=verify-evidence Market=us Reason=over_budget UnreadableDocuments=1",
		}},
		{"free text never becomes a dimension", evidence.Outcome{Result: result(notFound, notFound, notFound, notFound, notFound), TextSource: "Jordan Avery", Unreadable: evidence.Unreadable("Jordan Avery's file")}, []string{
			"Function=verify-evidence Market=us Outcome=unreadable Verifications=1",
			"Function=verify-evidence Market=us Source=other DocumentsRead=1",
			"Function=verify-evidence Market=us Reason=other UnreadableDocuments=1",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			m := metrics.New(&out, "ClinicIntake/test", "us").WithClock(func() time.Time { return fixedNow })
			m.Verified(tt.out)
			raw := out.String()
			var got []string
			for _, name := range []string{metrics.Verifications, metrics.DocumentsRead, metrics.UnreadableDocuments} {
				got = append(got, values(t, bytes.NewBufferString(raw), name)...)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			verdicts := values(t, bytes.NewBufferString(raw), metrics.FieldVerdicts)
			f := tt.out.Result.Data
			var want []string
			for _, fv := range []struct {
				name string
				r    evidence.Rating
			}{{"patientName", f.PatientName}, {"medicationName", f.MedicationName}, {"medicationDosage", f.MedicationDosage}, {"medicationDate", f.MedicationDate}, {"pharmacyName", f.PharmacyName}} {
				want = append(want, "Function=verify-evidence Market=us Field="+fv.name+" Verdict="+string(fv.r.Value)+" FieldVerdicts=1")
			}
			if diff := cmp.Diff(want, verdicts); diff != "" {
				t.Errorf("field verdicts (-want +got):\n%s", diff)
			}
			if strings.Contains(raw, "Jordan") {
				t.Errorf("a line carries the client's text:\n%s", raw)
			}
		})
	}
}

func TestRequestStatusClassAndLatency(t *testing.T) {
	var out bytes.Buffer
	m := metrics.New(&out, "ClinicIntake/test", "uk").WithClock(func() time.Time { return fixedNow })
	for _, status := range []int{200, 304, 404, 503} {
		m.Request(metrics.FunctionGetProtocols, status, 1500*time.Microsecond)
	}
	raw := out.String()
	want := []string{
		"Function=get-protocols Market=uk StatusClass=2xx Latency=1.5",
		"Function=get-protocols Market=uk StatusClass=3xx Latency=1.5",
		"Function=get-protocols Market=uk StatusClass=4xx Latency=1.5",
		"Function=get-protocols Market=uk StatusClass=5xx Latency=1.5",
	}
	if diff := cmp.Diff(want, values(t, bytes.NewBufferString(raw), metrics.Latency)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestConcurrentLinesStayWhole: the local API writes from many requests at
// once; every line must still be one JSON document.
func TestConcurrentLinesStayWhole(t *testing.T) {
	var out bytes.Buffer
	m := metrics.New(&out, "ClinicIntake/test", "uk").WithClock(func() time.Time { return fixedNow })
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				m.LeadCreated(false)
			}
		})
	}
	wg.Wait()
	ls := lines(t, &out)
	if len(ls) != 400 {
		t.Fatalf("%d lines, want 400", len(ls))
	}
	for _, l := range ls {
		checkSpec(t, l)
	}
}

func TestNilWritesNothing(t *testing.T) {
	var m *metrics.EMF
	m.LeadCreated(true) // must not panic
	m.Request("create-lead", 200, time.Second)
}

// TestLinesStayJSONWhateverTheSettings: the writer escapes what it writes,
// so even a namespace or market with quotes or control characters cannot
// break a line.
func TestLinesStayJSONWhateverTheSettings(t *testing.T) {
	var out bytes.Buffer
	metrics.New(&out, "Clinic\"Intake\\\x01/é", "u\nk").DocumentRefused("too_large")
	var root map[string]any
	if err := json.Unmarshal(out.Bytes(), &root); err != nil {
		t.Fatalf("line is not JSON: %v\n%s", err, out.String())
	}
	if root["Market"] != "u\nk" {
		t.Errorf("Market = %q", root["Market"])
	}
	var line emfLine
	json.Unmarshal(out.Bytes(), &line)
	if got := line.AWS.CloudWatchMetrics[0].Namespace; got != "Clinic\"Intake\\\x01/é" {
		t.Errorf("Namespace = %q", got)
	}
}

// BenchmarkRequestLine is the cost a request pays for its metrics line.
func BenchmarkRequestLine(b *testing.B) {
	m := metrics.New(io.Discard, "ClinicIntake/clinic-intake-us", "us")
	for b.Loop() {
		m.Request(metrics.FunctionGetProtocols, 200, 1500*time.Microsecond)
	}
}

// BenchmarkVerifiedLines: the six lines of one verification.
func BenchmarkVerifiedLines(b *testing.B) {
	m := metrics.New(io.Discard, "ClinicIntake/clinic-intake-us", "us")
	out := evidence.Outcome{Result: result(valid, invalid, notFound, valid, valid), TextSource: "textract"}
	for b.Loop() {
		m.Verified(out)
	}
}
