// Command lambdarun runs a function's real bootstrap as Lambda does, with the
// environment template.yaml gives it (internal/testing/samtemplate), against
// a Lambda Runtime API (bench/runtimeapi) and an AWS endpoint (bench/fakeaws)
// served on loopback, and prints what it costs as rows of make bench's table
// (| figure | value | command |; docs/performance.md):
//
//	-cold N            N starts, each killed as it asks for its first event:
//	                   exec to first GET next, CPU and RSS by then (medians),
//	                   and the AWS calls all of them made
//	-event FILE -n N   an API Gateway event (events/*.json) once, then N warm:
//	                   first, median and p99, CPU per warm invocation, peak RSS
//	-docs a,b,...      uploads of the sample label (bench/sample) or of every
//	                   class of internal/testing/hostile ("hostile"), each to a fresh
//	                   process that has served the PDF first: median time and
//	                   CPU (with children: tesseract, pdftoppm) of -runs
//	                   invocations, peak RSS, answer
//	-docs hard         issue 18's hard photos (sample.HardPhotos), each read
//	                   -runs times by a fresh process, in turns with
//	                   tesseract alone on the same file: CPU and wall of
//	                   each, their ratio, the fields right; then the median
//	                   and 90th percentile of the ratios against the budgets
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clinicplatform/intake/bench/fakeaws"
	"github.com/clinicplatform/intake/bench/runtimeapi"
	"github.com/clinicplatform/intake/bench/sample"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/testing/hostile"
	"github.com/clinicplatform/intake/internal/testing/samtemplate"
)

func main() {
	fn := flag.String("fn", "", "the function, by logical id in template.yaml (or hello, the floor); its environment "+
		"as template.yaml sets it for -market's stack, and bin/bench/host/<fn>/bootstrap unless a bootstrap is given")
	market := flag.String("market", "us", "the stack's Market parameter (the sample label is a US one)")
	env := flag.String("env", "", "comma-separated K=V added to the function's environment (TEXT_READER=local, GOGC=100)")
	cold := flag.Int("cold", 0, "cold starts to measure")
	event := flag.String("event", "", "API Gateway event file to invoke with, or a sample upload as -docs names it")
	n := flag.Int("n", 200, "warm invocations of -event")
	docs := flag.String("docs", "", "comma-separated uploads to verify: "+strings.Join(sampleNames, ", ")+", hostile; or hard (issue 18's hard photos beside tesseract alone)")
	runs := flag.Int("runs", 3, "invocations per -docs upload")
	save := flag.String("save", "", "folder to write the -docs files to (for tesseract alone)")
	flag.Parse()
	own, err := functionEnv(*fn, *market)
	if err != nil || flag.NArg() > 1 {
		fmt.Fprintf(os.Stderr, "usage: lambdarun -fn LogicalId [flags] [path/to/bootstrap]\n%v\n", err)
		flag.PrintDefaults()
		os.Exit(2)
	}
	bin := filepath.Join("bin", "bench", "host", *fn, "bootstrap")
	if flag.NArg() == 1 {
		bin = flag.Arg(0)
	}
	r := runner{bin: bin, name: *fn, env: append(own, strings.FieldsFunc(*env, func(r rune) bool { return r == ',' })...),
		command: "go run ./bench/lambdarun " + strings.Join(os.Args[1:], " ")}
	if err := r.run(*cold, *event, *n, *docs, *runs, *save); err != nil {
		fmt.Fprintln(os.Stderr, "lambdarun:", err)
		os.Exit(1)
	}
}

// functionEnv is fn's own environment as template.yaml sets it, as K=V in
// name order (tables and bucket by logical id: the fake takes any name), or
// hello-world's (none).
func functionEnv(fn, market string) ([]string, error) {
	if fn == "hello" {
		return nil, nil
	}
	tpl, err := samtemplate.Load("template.yaml")
	if err != nil {
		return nil, err
	}
	if !slices.Contains(tpl.Functions(), fn) {
		return nil, fmt.Errorf("-fn %q: not hello nor a function of template.yaml (%s)", fn, strings.Join(tpl.Functions(), ", "))
	}
	env, err := tpl.FunctionEnv(fn, samtemplate.BenchValues(market))
	if err != nil {
		return nil, err
	}
	var kv []string
	for _, k := range slices.Sorted(maps.Keys(env)) {
		kv = append(kv, k+"="+env[k])
	}
	return kv, nil
}

// sampleNames are the sample label's uploads -docs knows.
var sampleNames = []string{"pdf", "png", "photo", "photo-4mb", "photo-rot90", "photo-rot180", "photo-rot270", "photo-exif6"}

type runner struct {
	bin, name, command string
	env                []string
	fake               *fakeaws.Server
	home               string
}

func (r *runner) run(cold int, event string, n int, docs string, runs int, save string) error {
	label, err := sample.Label(time.Now())
	if err != nil {
		return err
	}
	r.fake, err = fakeaws.Start(&fakeaws.Lead{ID: sample.UserID, Email: "bench@example.com",
		DataJSON: sample.LeadDataJSON(label.PDF), CreatedAt: time.Now()}, label.PDF.Lines)
	if err != nil {
		return err
	}
	defer r.fake.Close()
	if r.home, err = os.MkdirTemp("", "lambdarun-"); err != nil {
		return err
	}
	defer os.RemoveAll(r.home)

	if cold > 0 {
		if err := r.coldStarts(cold); err != nil {
			return err
		}
	}
	if event != "" {
		if err := r.warm(label, event, n); err != nil {
			return err
		}
	}
	if docs == "hard" {
		return r.hardPhotos(runs)
	}
	if docs != "" {
		return r.uploads(label, strings.Split(docs, ","), runs, save)
	}
	return nil
}

// envOf is the last value of k in env; "" if none.
func envOf(env []string, k string) string {
	v := ""
	for _, kv := range env {
		if after, ok := strings.CutPrefix(kv, k+"="); ok {
			v = after
		}
	}
	return v
}

func (r *runner) row(figure, value string) {
	fmt.Printf("| %s | %s | `%s` |\n", figure, value, r.command)
}

// lambdaEnv is what Lambda puts in a function's environment, with every AWS
// endpoint at the fake and an empty home (no ~/.aws), then the function's.
func (r *runner) lambdaEnv() []string {
	return append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + r.home, "TZ=:UTC", "LANG=C.UTF-8",
		"AWS_REGION=us-east-1", "AWS_DEFAULT_REGION=us-east-1",
		"AWS_ACCESS_KEY_ID=ASIABENCHMARK", "AWS_SECRET_ACCESS_KEY=bench", "AWS_SESSION_TOKEN=bench",
		"AWS_ENDPOINT_URL=" + r.fake.URL, "AWS_EC2_METADATA_DISABLED=true",
		"AWS_LAMBDA_FUNCTION_NAME=bench", "AWS_LAMBDA_FUNCTION_VERSION=$LATEST", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=256",
	}, r.env...)
}

func (r *runner) coldStarts(n int) error {
	var inits, cpus []time.Duration
	var rss int64
	before := r.fake.Calls()
	for range n {
		f, err := runtimeapi.Start(r.bin, r.lambdaEnv())
		if err != nil {
			return err
		}
		cpu, _ := f.CPU()
		rss = max(rss, f.Stop())
		inits, cpus = append(inits, f.Init), append(cpus, cpu)
	}
	r.row(fmt.Sprintf("%s cold start: exec to first `GET next`, wall / CPU / RSS (median of %d)", r.name, n),
		fmt.Sprintf("%s / %s / %s; %d AWS calls", dur(median(inits)), dur(median(cpus)), mb(rss), r.fake.Calls()-before))
	return nil
}

// warm invokes with an event file, or with the upload of a sample document
// named as -docs names it.
func (r *runner) warm(label sample.Documents, file string, n int) error {
	event, err := os.ReadFile(file)
	if slices.Contains(sampleNames, file) {
		var docs []sample.Document
		if docs, err = documents(label, []string{file}); err == nil {
			event, err = uploadEvent(docs[0])
		}
	}
	if err != nil {
		return err
	}
	f, err := runtimeapi.Start(r.bin, r.lambdaEnv())
	if err != nil {
		return err
	}
	defer f.Stop()
	first, err := f.InvokeOK(event)
	if err != nil {
		return err
	}
	cpu0, _ := f.CPU()
	times := make([]time.Duration, 0, n)
	for range n {
		a, err := f.InvokeOK(event)
		if err != nil {
			return err
		}
		times = append(times, a.D)
	}
	cpu1, _ := f.CPU()
	r.row(fmt.Sprintf("%s %s: first / median / p99 of %d warm; CPU per warm invocation; peak RSS", r.name, filepath.Base(file), n),
		fmt.Sprintf("%s / %s / %s; %s; %s", dur(first.D), dur(median(times)), dur(percentile(times, 0.99)), dur((cpu1-cpu0)/time.Duration(n)), mb(f.Stop())))
	return nil
}

// uploads sends each document to a fresh process that first verifies the
// PDF five times, so every process starts from the same warm state.
func (r *runner) uploads(label sample.Documents, names []string, runs int, save string) error {
	pdfEvent, err := uploadEvent(label.PDF)
	if err != nil {
		return err
	}
	docs, err := documents(label, names)
	if err != nil {
		return err
	}
	reader := envOf(r.env, "TEXT_READER")
	var pdfRSS int64
	photoCPU := map[string]time.Duration{}
	for _, doc := range docs {
		if save != "" {
			if err := os.WriteFile(filepath.Join(save, doc.Name+evidence.Extension(doc.MediaType)), doc.File, 0o644); err != nil {
				return err
			}
		}
		event, err := uploadEvent(doc)
		if err != nil {
			return err
		}
		f, err := runtimeapi.Start(r.bin, r.lambdaEnv())
		if err != nil {
			return err
		}
		for range 5 {
			if _, err := f.InvokeOK(pdfEvent); err != nil {
				f.Stop()
				return err
			}
		}
		var times, cpus []time.Duration
		var last runtimeapi.Answer
		for range max(runs, 1) {
			cpu0, _ := f.CPU()
			a, err := f.Invoke(event)
			if err != nil {
				f.Stop()
				return fmt.Errorf("%s: %w", doc.Name, err)
			}
			cpu1, _ := f.CPU()
			times, cpus, last = append(times, a.D), append(cpus, cpu1-cpu0), a
		}
		rss := f.Stop()
		figure := fmt.Sprintf("verify-evidence %s (%s), %s reader", doc.Name, mb(int64(len(doc.File))), reader)
		if len(times) > 1 {
			figure += fmt.Sprintf(": median of %d", len(times))
		}
		value := fmt.Sprintf("%d %s in %s (CPU %s), peak RSS %s", last.Status, summary(last), dur(median(times)), dur(median(cpus)), mb(rss))
		switch {
		case doc.Name == "pdf":
			pdfRSS = rss
		case pdfRSS > 0:
			value += fmt.Sprintf(" (+%s beyond the pdf's)", mb(rss-pdfRSS))
		}
		if strings.HasPrefix(doc.Name, "hostile") {
			// Issue 10's bars: an answer, not a 500, within 10 s, under the
			// Go memory limit Lambda's memory size sets.
			limit, _ := lambdahttp.MemoryLimit(func(k string) string { return envOf(r.lambdaEnv(), k) })
			verdict := "hold"
			if last.Status >= 500 || median(times) > 10*time.Second || rss > limit {
				verdict = "FAIL"
			}
			value += fmt.Sprintf("; bars (not 5xx, <= 10 s, RSS <= %s): %s", mb(limit), verdict)
		}
		r.row(figure, value)
		if strings.HasPrefix(doc.Name, "photo") && reader == "local" {
			photoCPU[doc.Name] = median(cpus)
		}
	}
	// Issue 9's figures: what a photo costs the local reader, whichever way
	// up it was taken, and what a turned one costs against the upright one.
	if len(photoCPU) > 1 {
		r.row(fmt.Sprintf("verify-evidence, %s reader: median CPU per photo (%d photos)", reader, len(photoCPU)),
			dur(median(slices.Collect(maps.Values(photoCPU)))))
	}
	for _, name := range []string{"photo-rot90", "photo-rot180", "photo-rot270", "photo-exif6"} {
		if cpu, ok := photoCPU[name]; ok && photoCPU["photo"] > 0 {
			r.row(fmt.Sprintf("verify-evidence %s against the upright photo, %s reader: CPU", name, reader),
				fmt.Sprintf("%.2fx", float64(cpu)/float64(photoCPU["photo"])))
		}
	}
	return nil
}

// documents are the uploads named: the sample label's forms, and for
// "hostile" every class of internal/testing/hostile sent as the label's PDF is.
func documents(label sample.Documents, names []string) ([]sample.Document, error) {
	var out []sample.Document
	for _, name := range names {
		var doc sample.Document
		var err error
		switch name {
		case "pdf":
			doc = label.PDF
		case "png":
			doc = label.PNG
		case "photo":
			doc = label.Photo
		case "photo-4mb":
			doc, err = sample.Enlarge(label.Photo)
		case "photo-rot90", "photo-rot180", "photo-rot270":
			deg, _ := strconv.Atoi(strings.TrimPrefix(name, "photo-rot"))
			doc, err = sample.Turn(label.Photo, deg)
		case "photo-exif6":
			doc, err = sample.WithEXIFOrientation(label.Photo)
		case "hostile":
			for _, h := range hostile.All() {
				mediaType, err := evidence.DetectMediaType(h.Body)
				if err != nil {
					return nil, fmt.Errorf("hostile %s: %w", h.Class, err)
				}
				d := label.PDF
				d.Name, d.File, d.MediaType, d.FileName = "hostile "+h.Class, h.Body, mediaType, "upload"+evidence.Extension(mediaType)
				out = append(out, d)
			}
			continue
		default:
			return nil, fmt.Errorf("-docs: no upload %q", name)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, doc)
	}
	return out, nil
}

func uploadEvent(doc sample.Document) ([]byte, error) {
	ev, err := sample.VerifyEvent(doc)
	if err != nil {
		return nil, err
	}
	return json.Marshal(ev)
}

// summary is the answer's gist: the five ratings, or that the document
// could not be read.
func summary(a runtimeapi.Answer) string {
	if strings.Contains(a.Body, "could not be read") {
		return "unreadable"
	}
	var r struct {
		Data map[string]struct{ Value string }
	}
	if json.Unmarshal([]byte(a.Body), &r) != nil || len(r.Data) == 0 {
		return "answered"
	}
	valid := 0
	for _, f := range r.Data {
		if f.Value == "valid" {
			valid++
		}
	}
	return fmt.Sprintf("%d/5 valid", valid)
}

func median(ds []time.Duration) time.Duration { return percentile(ds, 0.5) }

// percentile is the nearest-rank percentile of ds.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(ds))
	return s[min(max(int(p*float64(len(s))+0.5)-1, 0), len(s)-1)]
}

// mb is a size in megabytes (10^6 bytes, as the 4,000,000-byte upload limit).
func mb(b int64) string {
	switch {
	case b < 10_000:
		return fmt.Sprintf("%d B", b)
	case b < 1_000_000:
		return fmt.Sprintf("%.0f kB", float64(b)/1e3)
	}
	return fmt.Sprintf("%.1f MB", float64(b)/1e6)
}

func dur(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.0f µs", float64(d)/float64(time.Microsecond))
	case d < 100*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	case d < 10*time.Second:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}
