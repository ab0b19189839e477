package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/clinicplatform/intake/internal/testing/corpus"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

const (
	V  = corpus.Valid
	I  = corpus.Invalid
	NF = corpus.NotFound
)

func truth(p, n, d, dt, ph corpus.Verdict) corpus.Truth {
	return corpus.Truth{PatientName: p, MedicationName: n, MedicationDosage: d, MedicationDate: dt, PharmacyName: ph}
}

// testCases are six small cases; each File is a marker the fake service
// recognises, so the scorer is tested without any verification logic.
func testCases() []corpus.Case {
	mk := func(name, layout, scenario, condition string, t corpus.Truth) corpus.Case {
		format := map[string]string{corpus.ConditionPDF: corpus.FormatPDF, corpus.ConditionClean: corpus.FormatPNG, corpus.ConditionPhonePhoto: corpus.FormatJPEG}[condition]
		return corpus.Case{
			Name: name, Market: "uk", Layout: layout, Scenario: scenario, Condition: condition, Format: format,
			File:             []byte("case:" + name),
			Lead:             corpus.Person{Forename: "Siobhán", Surname: "O'Neil-" + name},
			MedicationName:   "Wegovy",
			MedicationDosage: "2.4 mg",
			Truth:            t,
		}
	}
	return []corpus.Case{
		mk("a", "label", "valid", corpus.ConditionPDF, truth(V, V, V, V, V)),
		mk("b", "label", "wrong-dose", corpus.ConditionClean, truth(V, V, I, V, V)),
		mk("c", "bill", "unrelated", corpus.ConditionPhonePhoto, truth(NF, NF, NF, NF, NF)),
		mk("d", "order", "no-pharmacy", corpus.ConditionPDF, truth(V, V, V, V, NF)),
		mk("e", "label", "old-date", corpus.ConditionClean, truth(V, V, V, I, V)),
		mk("f", "order", "wrong-patient", corpus.ConditionPhonePhoto, truth(I, V, V, V, V)),
	}
}

type rating struct {
	Value      string `json:"value"`
	Confidence string `json:"confidence"`
}

// reply is what the fake says for one case: a status and, for 200, ratings.
type reply struct {
	status  int
	success bool
	data    map[string]rating
}

func truthful(c corpus.Case) reply {
	data := map[string]rating{}
	all := true
	for k, v := range truthValues(c.Truth) {
		data[FieldNames[k]] = rating{Value: string(v), Confidence: "high"}
		all = all && v == V
	}
	return reply{status: http.StatusOK, success: all, data: data}
}

func alwaysValid(corpus.Case) reply {
	data := map[string]rating{}
	for _, f := range FieldNames {
		data[f] = rating{Value: "valid", Confidence: "medium"}
	}
	return reply{status: http.StatusOK, success: true, data: data}
}

// fakeService speaks the interface: it issues lead ids and answers
// verify-evidence from answer(case). It records anything a real client
// would not send.
type fakeService struct {
	cases  map[string]corpus.Case // by file content
	answer func(corpus.Case) reply
	// leadStatus, when set, fails lead creation for the named case.
	leadStatus map[string]int

	mu       sync.Mutex
	leads    map[string]corpus.Person
	problems []string
}

func newFake(cases []corpus.Case, answer func(corpus.Case) reply) *fakeService {
	f := &fakeService{cases: map[string]corpus.Case{}, answer: answer, leads: map[string]corpus.Person{}}
	for _, c := range cases {
		f.cases[string(c.File)] = c
	}
	return f
}

func (f *fakeService) problem(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.problems = append(f.problems, fmt.Sprintf(format, args...))
}

func (f *fakeService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == leadsPath:
		var body struct {
			Email string            `json:"email"`
			Data  map[string]string `json:"data"`
		}
		if r.Header.Get("Content-Type") != "application/json" {
			f.problem("lead: content type %q", r.Header.Get("Content-Type"))
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || !strings.Contains(body.Email, "@") {
			f.problem("lead: bad body (%v) or email %q", err, body.Email)
		}
		p := corpus.Person{Forename: body.Data["forename"], Surname: body.Data["surname"]}
		for _, c := range f.cases {
			if c.Lead == p && f.leadStatus[c.Name] != 0 {
				w.WriteHeader(f.leadStatus[c.Name])
				return
			}
		}
		f.mu.Lock()
		id := fmt.Sprintf("00000000-0000-4000-8000-%012d", len(f.leads)+1)
		f.leads[id] = p
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"id": id, "email": body.Email, "data": body.Data})

	case r.Method == http.MethodPost && r.URL.Path == verifyPath:
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			f.problem("verify: %v", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		file, hdr, err := r.FormFile("file")
		if err != nil {
			f.problem("verify: no file part: %v", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		content, _ := io.ReadAll(file)
		c, ok := f.cases[string(content)]
		if !ok {
			f.problem("verify: unknown file %q", content)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		lead, known := f.leads[r.FormValue("userId")]
		f.mu.Unlock()
		if !known || lead != c.Lead {
			f.problem("%s: userId %q is not the case's lead", c.Name, r.FormValue("userId"))
		}
		if r.FormValue("medicationName") != c.MedicationName || r.FormValue("medicationDosage") != c.MedicationDosage {
			f.problem("%s: medication %q %q", c.Name, r.FormValue("medicationName"), r.FormValue("medicationDosage"))
		}
		if hdr.Filename != c.FileName() || hdr.Header.Get("Content-Type") != c.MediaType() {
			f.problem("%s: file %q of type %q", c.Name, hdr.Filename, hdr.Header.Get("Content-Type"))
		}
		rep := f.answer(c)
		if rep.status != http.StatusOK {
			w.WriteHeader(rep.status)
			fmt.Fprint(w, `{"status":500,"error":"Internal Server Error"}`)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{
			"success": rep.success, "data": rep.data, "confidence": "high", "note": "fake",
		})

	default:
		f.problem("unexpected %s %s", r.Method, r.URL.Path)
		w.WriteHeader(http.StatusNotFound)
	}
}

func run(t *testing.T, f *fakeService, cases []corpus.Case, opts Options) Report {
	t.Helper()
	r, err := Run(context.Background(), f, cases, opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(f.problems) > 0 {
		t.Errorf("the runner sent what a client should not:\n%s", strings.Join(f.problems, "\n"))
	}
	return r
}

var ignoreElapsed = cmpopts.IgnoreFields(Report{}, "Elapsed")

// all is n right answers on each field.
func all(n int) [5]Score {
	return [5]Score{{n, n}, {n, n}, {n, n}, {n, n}, {n, n}}
}

func TestRunTruthfulServiceScoresEverythingRight(t *testing.T) {
	cases := testCases()
	r := run(t, newFake(cases, truthful), cases, Options{})

	fields := make([]FieldScore, 5)
	for k, name := range FieldNames {
		fields[k] = FieldScore{Field: name, Score: Score{Correct: 6, Total: 6}}
	}
	// Confusion rows are the truths of the six cases, all answered alike.
	fields[0].Confusion = [3][4]int{{4, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}
	fields[1].Confusion = [3][4]int{{5, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 1, 0}}
	fields[2].Confusion = [3][4]int{{4, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}
	fields[3].Confusion = [3][4]int{{4, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}
	fields[4].Confusion = [3][4]int{{4, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 2, 0}}

	want := Report{
		Cases:   6,
		Fields:  fields,
		Overall: Score{Correct: 30, Total: 30},
		Success: Score{Correct: 6, Total: 6},
		ByCondition: []Group{
			{Name: "pdf", Cases: 2, Score: Score{10, 10}, Fields: all(2)},
			{Name: "clean", Cases: 2, Score: Score{10, 10}, Fields: all(2)},
			{Name: "phone-photo", Cases: 2, Score: Score{10, 10}, Fields: all(2)},
		},
		ByLayout: []Group{
			{Name: "label", Cases: 3, Score: Score{15, 15}, Fields: all(3)},
			{Name: "bill", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
			{Name: "order", Cases: 2, Score: Score{10, 10}, Fields: all(2)},
		},
		ByScenario: []Group{
			{Name: "valid", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
			{Name: "wrong-dose", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
			{Name: "unrelated", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
			{Name: "no-pharmacy", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
			{Name: "old-date", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
			{Name: "wrong-patient", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
		},
		ByCell: []Group{
			{Name: "label x pdf", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
			{Name: "label x clean", Cases: 2, Score: Score{10, 10}, Fields: all(2)},
			{Name: "bill x phone-photo", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
			{Name: "order x pdf", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
			{Name: "order x phone-photo", Cases: 1, Score: Score{5, 5}, Fields: all(1)},
		},
		ByConfidence: []Group{
			{Name: "high", Score: Score{30, 30}},
			{Name: "medium"},
			{Name: "low"},
		},
	}
	if diff := cmp.Diff(want, r, ignoreElapsed); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
	if err := r.MeetsTargets(); err != nil {
		t.Errorf("MeetsTargets() = %v, want nil", err)
	}
}

func TestRunCountsFalseAccepts(t *testing.T) {
	cases := testCases()
	r := run(t, newFake(cases, alwaysValid), cases, Options{})

	wantFA := []Miss{
		{Case: "b", Field: "success", Want: I, Got: "true"},
		{Case: "b", Field: "medicationDosage", Want: I, Got: "valid"},
		{Case: "c", Field: "success", Want: I, Got: "true"},
		{Case: "c", Field: "patientName", Want: NF, Got: "valid"},
		{Case: "c", Field: "medicationName", Want: NF, Got: "valid"},
		{Case: "c", Field: "medicationDosage", Want: NF, Got: "valid"},
		{Case: "c", Field: "medicationDate", Want: NF, Got: "valid"},
		{Case: "c", Field: "pharmacyName", Want: NF, Got: "valid"},
		{Case: "d", Field: "success", Want: I, Got: "true"},
		{Case: "d", Field: "pharmacyName", Want: NF, Got: "valid"},
		{Case: "e", Field: "success", Want: I, Got: "true"},
		{Case: "e", Field: "medicationDate", Want: I, Got: "valid"},
		{Case: "f", Field: "success", Want: I, Got: "true"},
		{Case: "f", Field: "patientName", Want: I, Got: "valid"},
	}
	if diff := cmp.Diff(wantFA, r.FalseAccepts); diff != "" {
		t.Errorf("false accepts (-want +got):\n%s", diff)
	}
	// Every wrong verdict here is a false accept (success is listed apart).
	var fieldFA []Miss
	for _, m := range wantFA {
		if m.Field != "success" {
			fieldFA = append(fieldFA, m)
		}
	}
	if diff := cmp.Diff(fieldFA, r.Misses); diff != "" {
		t.Errorf("misses (-want +got):\n%s", diff)
	}

	type row struct {
		Name                                         string
		Correct, Total, FalseAccepts, FalseSuccesses int
	}
	summarise := func(gs []Group) []row {
		var out []row
		for _, g := range gs {
			out = append(out, row{g.Name, g.Correct, g.Total, g.FalseAccepts, g.FalseSuccesses})
		}
		return out
	}
	for _, tc := range []struct {
		name string
		got  []Group
		want []row
	}{
		{"condition", r.ByCondition, []row{{"pdf", 9, 10, 1, 1}, {"clean", 8, 10, 2, 2}, {"phone-photo", 4, 10, 6, 2}}},
		{"layout", r.ByLayout, []row{{"label", 13, 15, 2, 2}, {"bill", 0, 5, 5, 1}, {"order", 8, 10, 2, 2}}},
		{"cell", r.ByCell, []row{{"label x pdf", 5, 5, 0, 0}, {"label x clean", 8, 10, 2, 2}, {"bill x phone-photo", 0, 5, 5, 1}, {"order x pdf", 4, 5, 1, 1}, {"order x phone-photo", 4, 5, 1, 1}}},
		{"confidence", r.ByConfidence, []row{{"high", 0, 0, 0, 0}, {"medium", 21, 30, 9, 0}, {"low", 0, 0, 0, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, summarise(tc.got)); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
	fields := map[string][2]int{}
	for _, f := range r.Fields {
		fields[f.Field] = [2]int{f.Correct, f.FalseAccepts}
	}
	wantFields := map[string][2]int{
		"patientName": {4, 2}, "medicationName": {5, 1}, "medicationDosage": {4, 2},
		"medicationDate": {4, 2}, "pharmacyName": {4, 2},
	}
	if diff := cmp.Diff(wantFields, fields); diff != "" {
		t.Errorf("per field {correct, false accepts} (-want +got):\n%s", diff)
	}
	if got, want := r.Overall, (Score{Correct: 21, Total: 30}); got != want {
		t.Errorf("overall = %+v, want %+v", got, want)
	}
	if got, want := r.Success, (Score{Correct: 1, Total: 6}); got != want {
		t.Errorf("success = %+v, want %+v", got, want)
	}
	err := r.MeetsTargets()
	if err == nil {
		t.Fatal("MeetsTargets() = nil for a service that accepts everything")
	}
	if got := r.ByCondition[2].Fields; got != [5]Score{{0, 2}, {1, 2}, {1, 2}, {1, 2}, {1, 2}} {
		t.Errorf("phone-photo per field = %v", got)
	}
	for _, part := range []string{"pdf accuracy 90.0% is under 95%", "clean accuracy 80.0%", "phone-photo accuracy 40.0% is under 95%", "9 false accepts", "5 false successes"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("MeetsTargets() = %q, want it to mention %q", err, part)
		}
	}
}

func TestRunCountsErrorsAsWrong(t *testing.T) {
	cases := testCases()
	f := newFake(cases, func(c corpus.Case) reply {
		rep := truthful(c)
		switch c.Name {
		case "a":
			rep.status = http.StatusInternalServerError
		case "c":
			panic("the service under test fell over")
		case "b":
			// A rating outside the vocabulary, and one left out.
			rep.data["medicationDosage"] = rating{Value: "maybe", Confidence: "sure"}
			delete(rep.data, "pharmacyName")
		}
		return rep
	})
	f.leadStatus = map[string]int{"e": http.StatusBadRequest}
	r := run(t, f, cases, Options{Parallelism: 3})

	wantErrors := []Failure{
		{Case: "a", Status: 500, Reason: "verify: status 500"},
		{Case: "c", Reason: "handler panicked"},
		{Case: "e", Status: 400, Reason: "create lead: status 400"},
	}
	if diff := cmp.Diff(wantErrors, r.Errors); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	wantMisses := []Miss{
		{Case: "b", Field: "medicationDosage", Want: I, Got: "maybe"},
		{Case: "b", Field: "pharmacyName", Want: V, Got: ""},
	}
	if diff := cmp.Diff(wantMisses, r.Misses); diff != "" {
		t.Errorf("misses (-want +got):\n%s", diff)
	}
	if len(r.FalseAccepts) != 0 {
		t.Errorf("false accepts = %v, want none", r.FalseAccepts)
	}
	// 30 verdicts: 15 lost to errors, 2 wrong in case b.
	if got, want := r.Overall, (Score{Correct: 13, Total: 30}); got != want {
		t.Errorf("overall = %+v, want %+v", got, want)
	}
	if got, want := r.ByCondition[0], (Group{Name: "pdf", Cases: 2, Errors: 1, Score: Score{5, 10}, Fields: [5]Score{{1, 2}, {1, 2}, {1, 2}, {1, 2}, {1, 2}}}); got != want {
		t.Errorf("pdf group = %+v, want %+v", got, want)
	}
	if got := r.Fields[2].Confusion[1]; got != [4]int{0, 0, 0, 1} {
		t.Errorf("medicationDosage confusion for truth invalid = %v, want the answer counted as other", got)
	}
}

func TestRunAsksAgainWhenBusy(t *testing.T) {
	defer func(p time.Duration) { busyPause = p }(busyPause)
	busyPause = time.Millisecond
	cases := testCases()
	var mu sync.Mutex
	asked := map[string]int{}
	f := newFake(cases, func(c corpus.Case) reply {
		mu.Lock()
		asked[c.Name]++
		n := asked[c.Name]
		mu.Unlock()
		rep := truthful(c)
		switch {
		case c.Name == "a" && n <= 2:
			rep.status = http.StatusServiceUnavailable // loaded twice, then read
		case c.Name == "b":
			rep.status = http.StatusServiceUnavailable // always busy
		}
		return rep
	})
	r := run(t, f, cases, Options{Parallelism: 2})
	wantErrors := []Failure{{Case: "b", Status: 503, Reason: "verify: status 503"}}
	if diff := cmp.Diff(wantErrors, r.Errors); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	if asked["a"] != 3 || asked["b"] != 1+busyRetries {
		t.Errorf("asked a %d times, b %d times; want 3 and %d", asked["a"], asked["b"], 1+busyRetries)
	}
}

func TestRunFilterAndParallelismDoNotChangeScores(t *testing.T) {
	cases := testCases()
	serial := run(t, newFake(cases, alwaysValid), cases, Options{Parallelism: 1})
	parallel := run(t, newFake(cases, alwaysValid), cases, Options{Parallelism: 4})
	if diff := cmp.Diff(serial, parallel, ignoreElapsed); diff != "" {
		t.Errorf("parallel report differs (-serial +parallel):\n%s", diff)
	}

	onlyPDF := run(t, newFake(cases, alwaysValid), cases, Options{Filter: func(c corpus.Case) bool { return c.Condition == corpus.ConditionPDF }})
	if onlyPDF.Cases != 2 || onlyPDF.Overall != (Score{Correct: 9, Total: 10}) {
		t.Errorf("filtered run: %d cases, %+v; want 2 cases, 9/10", onlyPDF.Cases, onlyPDF.Overall)
	}
	if _, err := Run(context.Background(), newFake(cases, alwaysValid), cases, Options{Filter: func(corpus.Case) bool { return false }}); err == nil {
		t.Error("Run with every case filtered out: want an error")
	}
}

func TestRunStopsWhenCancelled(t *testing.T) {
	cases := testCases()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, newFake(cases, truthful), cases, Options{}); err == nil {
		t.Error("Run with a cancelled context: want an error")
	}
}

func TestMeetsTargets(t *testing.T) {
	group := func(name string, correct, total int) Group {
		return Group{Name: name, Cases: total / 5, Score: Score{correct, total}}
	}
	for _, tc := range []struct {
		name    string
		report  Report
		wantErr string
		// wantFAErr is what NoFalseAccepts must say ("" for nil).
		wantFAErr string
	}{
		{
			name: "at the targets",
			report: Report{Cases: 60, ByCondition: []Group{
				group("pdf", 95, 100), group("rotated-90", 95, 100), group("severe", 50, 100),
			}},
		},
		{
			name: "rotated just under",
			report: Report{Cases: 60, ByCondition: []Group{
				group("pdf", 100, 100), group("rotated-90", 949, 1000), group("severe", 100, 100),
			}},
			wantErr: "rotated-90 accuracy 94.9% is under 95%",
		},
		{
			name:    "severe just under",
			report:  Report{Cases: 60, ByCondition: []Group{group("severe", 49, 100)}},
			wantErr: "severe accuracy 49.0% is under 50%",
		},
		{
			name: "one false accept",
			report: Report{Cases: 60, ByCondition: []Group{group("pdf", 100, 100)},
				FalseAccepts: []Miss{{Case: "x", Field: "patientName", Want: I, Got: "valid"}}},
			wantErr:   "1 false accepts",
			wantFAErr: "1 false accepts",
		},
		{
			name: "one false success",
			report: Report{Cases: 60, ByCondition: []Group{group("pdf", 100, 100)},
				FalseAccepts: []Miss{{Case: "x", Field: "success", Want: I, Got: "true"}}},
			wantErr:   "1 false successes",
			wantFAErr: "1 false successes",
		},
		{
			name:    "conditions without cases are not judged",
			report:  Report{Cases: 20, ByCondition: []Group{group("pdf", 100, 100), {Name: "clean"}}},
			wantErr: "",
		},
		{name: "nothing evaluated", report: Report{}, wantErr: "no cases", wantFAErr: "no cases"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			check := func(what string, err error, want string) {
				switch {
				case want == "" && err != nil:
					t.Errorf("%s() = %v, want nil", what, err)
				case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
					t.Errorf("%s() = %v, want an error containing %q", what, err, want)
				}
			}
			check("MeetsTargets", tc.report.MeetsTargets(), tc.wantErr)
			check("NoFalseAccepts", tc.report.NoFalseAccepts(), tc.wantFAErr)
		})
	}
}

func TestWriteTextGolden(t *testing.T) {
	cases := testCases()
	f := newFake(cases, func(c corpus.Case) reply {
		if c.Name == "a" {
			return reply{status: http.StatusInternalServerError}
		}
		if c.Name == "c" {
			return alwaysValid(c)
		}
		return truthful(c)
	})
	r := run(t, f, cases, Options{})
	r.Elapsed = 0
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "report.golden")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), buf.String()); diff != "" {
		t.Errorf("WriteText (-golden +got):\n%s", diff)
	}
}

func TestRunWithAGeneratedCase(t *testing.T) {
	sample, err := corpus.Sample(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	cases := []corpus.Case{sample}
	r := run(t, newFake(cases, truthful), cases, Options{})
	if r.Overall != (Score{Correct: 5, Total: 5}) || r.Success != (Score{Correct: 1, Total: 1}) {
		t.Errorf("overall %+v, success %+v; want 5/5 and 1/1", r.Overall, r.Success)
	}
}

func TestRunProgressLinesShowWrongVerdicts(t *testing.T) {
	cases := testCases()
	var buf bytes.Buffer
	run(t, newFake(cases, alwaysValid), cases, Options{Progress: &buf, Parallelism: 1})
	lines := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		fields := strings.Fields(l)
		if len(fields) < 4 {
			t.Fatalf("progress line %q: want [i/n] name time outcome", l)
		}
		lines[fields[1]] = strings.Join(fields[3:], " ")
	}
	want := map[string]string{
		"a": "ok",
		"b": "medicationDosage=valid(want invalid) success=true(want false)",
		"c": "patientName=valid(want not_found) medicationName=valid(want not_found) medicationDosage=valid(want not_found) medicationDate=valid(want not_found) pharmacyName=valid(want not_found) success=true(want false)",
		"d": "pharmacyName=valid(want not_found) success=true(want false)",
		"e": "medicationDate=valid(want invalid) success=true(want false)",
		"f": "patientName=valid(want invalid) success=true(want false)",
	}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("progress outcomes (-want +got):\n%s", diff)
	}
}
