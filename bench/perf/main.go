// Command perf measures the service against its floors and budgets, on
// this machine, and prints one table (`make bench`; docs/performance.md):
//
//   - each function's bootstrap size (as Makefile.build builds it) against
//     a hello-world aws-lambda-go function built the same way;
//   - each function's cold start and invocations, running the real
//     bootstrap (built for this machine) against a Lambda Runtime API and
//     an AWS endpoint faked on loopback, against hello-world;
//   - the Go benchmarks of the handlers through the Lambda adapter (read
//     from `go test -bench` output);
//   - the local API under load against a bare net/http server sending the
//     same bytes;
//   - verify-evidence's time and memory for a one-page PDF, a photo and a
//     photo at the 4 MB upload limit, against tesseract alone;
//   - verify-evidence's answer, time and memory for each hostile document
//     class of internal/hostile (issue 10).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/clinicplatform/intake/bench/fakeaws"
	"github.com/clinicplatform/intake/bench/sample"
)

func main() {
	var o options
	flag.StringVar(&o.lambdaDir, "lambda-dir", ".aws-sam-local", "bootstraps as make build-lambdas builds them (<LogicalId>/bootstrap)")
	flag.StringVar(&o.benchDir, "bench-dir", "bin/bench", "hello-world and host builds (make bench-build), and where results go")
	flag.StringVar(&o.goBench, "gobench", "bin/bench/gobench.txt", "go test -bench output to report")
	flag.IntVar(&o.initRuns, "init-runs", 15, "cold starts per function")
	flag.IntVar(&o.warmRuns, "warm-runs", 200, "warm invocations per function")
	flag.DurationVar(&o.loadTime, "load-time", 2*time.Second, "length of one load run")
	flag.IntVar(&o.loadRounds, "load-rounds", 5, "load runs per server and route, interleaved")
	flag.IntVar(&o.conns, "conns", 4, "concurrent keep-alive connections of the load generator")
	flag.StringVar(&o.extraEnv, "env", "", "comma-separated K=V added to every function's environment, to try settings (GOGC=50)")
	flag.StringVar(&o.from, "from", "", "re-render the table from a results.json instead of measuring")
	flag.StringVar(&o.only, "only", "", "comma-separated steps to run (sizes, cold, evidence, hostile, load); all when empty")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "perf:", err)
		os.Exit(1)
	}
}

type options struct {
	lambdaDir, benchDir, goBench string
	initRuns, warmRuns           int
	loadTime                     time.Duration
	loadRounds, conns            int
	only, extraEnv, from         string
}

// runs reports whether step was asked for.
func (o options) runs(step string) bool {
	return o.only == "" || slices.Contains(strings.Split(o.only, ","), step)
}

// results is everything measured, written to results.json.
type results struct {
	Machine    machine
	Sizes      []size
	ColdStarts []coldStart
	GoBench    []goBench
	Load       []loadComparison
	Evidence   []evidenceRun
	Hostile    []hostileRun
	Costs      []cost
}

func run(o options) error {
	if o.from != "" {
		return rerender(o)
	}
	started := time.Now()
	if o.extraEnv != "" {
		tryEnv = strings.Split(o.extraEnv, ",")
	}
	m := describeMachine()
	logf("machine: %s, %d CPUs, %s, load average %s", m.CPU, m.CPUs, m.Go, m.LoadBefore)

	eventsDir, err := sample.EventsDir()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "perf-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	home := filepath.Join(tmp, "home")
	if err := os.MkdirAll(home, 0o700); err != nil {
		return err
	}

	logf("rendering sample documents")
	docs, err := sample.Label(time.Now())
	if err != nil {
		return err
	}
	big, err := sample.Enlarge(docs.Photo)
	if err != nil {
		return err
	}
	fake, err := fakeaws.Start(&fakeaws.Lead{ID: sample.UserID, Email: "bench@example.com",
		DataJSON: sample.LeadDataJSON(docs.PDF), CreatedAt: time.Now()}, docs.PDF.Lines)
	if err != nil {
		return err
	}
	defer fake.Close()

	var res results
	bins, pdfEvent, err := binaries(o, eventsDir, docs.PDF)
	if err != nil {
		return err
	}
	if o.runs("sizes") {
		logf("sizes")
		if res.Sizes, err = measureSizes(bins); err != nil {
			return err
		}
	}
	for _, b := range bins {
		if !o.runs("cold") {
			break
		}
		logf("cold start and invocations: %s", b.Name)
		cs, err := measureColdStart(b, fake, home, o.initRuns, o.warmRuns)
		if err != nil {
			return err
		}
		res.ColdStarts = append(res.ColdStarts, cs)
	}

	if o.runs("evidence") {
		if err := measureAllEvidence(o, &res, docs, big, fake, home, tmp, pdfEvent); err != nil {
			return err
		}
	}
	if o.runs("hostile") {
		logf("hostile uploads")
		readers := []string{"textract", "local"}
		if _, err := exec.LookPath("tesseract"); err != nil {
			readers = readers[:1]
		}
		if res.Hostile, err = measureHostile(hostPath(o, "VerifyEvidenceFunction"), fake, home, pdfEvent, docs.PDF, readers); err != nil {
			return err
		}
	}
	if o.runs("load") {
		logf("local API under load")
		if res.Load, err = measureLoad(o, eventsDir, tmp, home); err != nil {
			return err
		}
	}

	if res.GoBench, err = parseGoBench(o.goBench); err != nil {
		logf("go benchmarks: %v (run make bench-go first)", err)
	}
	res.Costs = estimateCosts(res)
	m.LoadAfter = loadAverage()
	m.Took = time.Since(started).Round(time.Second).String()
	res.Machine = m
	return write(o, res)
}

// rerender prints the table of a saved run, with the Go benchmarks and the
// cost estimate read and computed again.
func rerender(o options) error {
	b, err := os.ReadFile(o.from)
	if err != nil {
		return err
	}
	var res results
	if err := json.Unmarshal(b, &res); err != nil {
		return fmt.Errorf("%s: %w", o.from, err)
	}
	if res.GoBench, err = parseGoBench(o.goBench); err != nil {
		logf("go benchmarks: %v", err)
	}
	res.Costs = estimateCosts(res)
	return write(o, res)
}

// write prints the table and saves it with the results under -bench-dir.
func write(o options, res results) error {
	var table bytes.Buffer
	writeReport(&table, res)
	os.Stdout.Write(table.Bytes())
	if err := os.WriteFile(filepath.Join(o.benchDir, "table.md"), table.Bytes(), 0o644); err != nil {
		return err
	}
	js, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(o.benchDir, "results.json"), js, 0o644)
}

func measureAllEvidence(o options, res *results, docs sample.Documents, big sample.Document, fake *fakeaws.Server, home, tmp string, pdfEvent []byte) error {
	logf("verify-evidence documents")
	cases := []evidenceCase{
		{Doc: docs.PDF, Reader: "textract", Runs: 20},
		{Doc: docs.Photo, Reader: "textract", Runs: 20},
		{Doc: big, Reader: "textract", Runs: 10},
		{Doc: docs.PDF, Reader: "local", Runs: 20, Tesseract: docs.PNG.File, TesseractName: "the same page as PNG"},
		{Doc: docs.Photo, Reader: "local", Runs: 3, Tesseract: docs.Photo.File, TesseractName: "the same JPEG"},
		{Doc: big, Reader: "local", Runs: 3, Tesseract: big.File, TesseractName: "the same JPEG"},
	}
	// Photos saved sideways or upside down, and sideways with an EXIF
	// orientation tag, read with the local reader: a rotated photo's time
	// is compared with the upright one's (its tesseract-alone floor is the
	// upright JPEG, what the page costs to read once the right way up).
	for _, turn := range []func(sample.Document) (sample.Document, error){
		func(d sample.Document) (sample.Document, error) { return sample.Turn(d, 90) },
		func(d sample.Document) (sample.Document, error) { return sample.Turn(d, 180) },
		func(d sample.Document) (sample.Document, error) { return sample.Turn(d, 270) },
		sample.WithEXIFOrientation,
	} {
		doc, err := turn(docs.Photo)
		if err != nil {
			return err
		}
		cases = append(cases, evidenceCase{Doc: doc, Reader: "local", Runs: 3, Tesseract: docs.Photo.File, TesseractName: "the upright JPEG"})
	}
	if _, err := exec.LookPath("tesseract"); err != nil {
		logf("tesseract is not installed (Debian: tesseract-ocr): skipping the local reader's cases")
		cases = cases[:3]
	} else if _, err := os.Stat("/usr/bin/time"); err != nil {
		logf("/usr/bin/time is not installed (Debian: time): skipping the local reader's cases")
		cases = cases[:3]
	}
	var err error
	res.Evidence, err = measureEvidence(hostPath(o, "VerifyEvidenceFunction"), fake, home, tmp, pdfEvent, cases)
	return err
}

func hostPath(o options, name string) string {
	return filepath.Join(o.benchDir, "host", name, "bootstrap")
}

// binaries lists hello-world and the three functions with their
// environments and warm events; pdfEvent is verify-evidence's.
func binaries(o options, eventsDir string, pdf sample.Document) ([]binary, []byte, error) {
	protocols, err := eventJSON(eventsDir, "get-protocols.json")
	if err != nil {
		return nil, nil, err
	}
	createLead, err := eventJSON(eventsDir, "create-lead.json")
	if err != nil {
		return nil, nil, err
	}
	ev, err := sample.VerifyEvent(pdf)
	if err != nil {
		return nil, nil, err
	}
	pdfEvent, err := json.Marshal(ev)
	if err != nil {
		return nil, nil, err
	}
	return []binary{
		{Name: "hello", HostPath: hostPath(o, "hello"), LambdaPath: filepath.Join(o.benchDir, "arm64", "hello", "bootstrap"), Event: protocols},
		{Name: "get-protocols", HostPath: hostPath(o, "GetProtocolsFunction"), LambdaPath: filepath.Join(o.lambdaDir, "GetProtocolsFunction", "bootstrap"),
			Env: map[string]string{"MARKET": "us"}, Event: protocols},
		{Name: "create-lead", HostPath: hostPath(o, "CreateLeadFunction"), LambdaPath: filepath.Join(o.lambdaDir, "CreateLeadFunction", "bootstrap"),
			Env: map[string]string{"MARKET": "uk", "LEADS_TABLE": "leads", "IDEMPOTENCY_TABLE": "keys"}, Event: createLead},
		{Name: "verify-evidence", HostPath: hostPath(o, "VerifyEvidenceFunction"), LambdaPath: filepath.Join(o.lambdaDir, "VerifyEvidenceFunction", "bootstrap"),
			Env: verifyEnv("textract"), Event: pdfEvent},
	}, pdfEvent, nil
}

// machine describes where the figures were taken.
type machine struct {
	CPU                   string
	CPUs                  int
	Go                    string
	MemTotal              string
	LoadBefore, LoadAfter string
	Took                  string
}

func describeMachine() machine {
	m := machine{CPUs: runtime.NumCPU(), Go: runtime.Version(), LoadBefore: loadAverage()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		line, _, _ := strings.Cut(string(b), "\n")
		m.MemTotal = strings.Join(strings.Fields(strings.TrimPrefix(line, "MemTotal:")), " ")
	}
	return m
}

// loadAverage is the 1, 5 and 15 minute load averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "perf: "+format+"\n", args...)
}
