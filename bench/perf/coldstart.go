package main

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/clinicplatform/intake/bench/fakeaws"
)

// binary is one Lambda bootstrap under test.
type binary struct {
	Name string // "hello", "get-protocols", ...
	// Path of the bootstrap built for this machine (cold starts), and of
	// the one built as Makefile.build builds it (sizes).
	HostPath, LambdaPath string
	// Env is the function's own environment, as template.yaml sets it.
	Env map[string]string
	// Event is what a warm invocation sends.
	Event []byte
}

// lambdaEnv is what Lambda puts in every function's environment, with
// every AWS endpoint pointing at fake and an empty home (no ~/.aws).
func lambdaEnv(fake *fakeaws.Server, home string, own map[string]string) []string {
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "TZ=:UTC", "LANG=C.UTF-8",
		"AWS_REGION=us-east-1", "AWS_DEFAULT_REGION=us-east-1",
		"AWS_ACCESS_KEY_ID=ASIABENCHMARK", "AWS_SECRET_ACCESS_KEY=bench", "AWS_SESSION_TOKEN=bench",
		"AWS_ENDPOINT_URL=" + fake.URL, "AWS_EC2_METADATA_DISABLED=true",
		"AWS_LAMBDA_FUNCTION_NAME=bench", "AWS_LAMBDA_FUNCTION_VERSION=$LATEST", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=256",
	}
	for k, v := range own {
		env = append(env, k+"="+v)
	}
	return append(env, tryEnv...)
}

// tryEnv is added to every function's environment (-env), last so it wins.
var tryEnv []string

// coldStart is what one binary costs to start and to serve.
type coldStart struct {
	Name string
	// Init is the median, over InitRuns processes, of exec to first GET
	// next; InitCPU the median CPU (user+system) used by then.
	Init, InitCPU time.Duration
	InitRSS       int64
	InitRuns      int
	// InitAWSCalls is how many calls all those inits made to AWS.
	InitAWSCalls int64
	// First is the first invocation of a fresh process; Warm the median of
	// the following ones, WarmCPU their mean CPU.
	First, Warm, WarmP99, WarmCPU time.Duration
	WarmRuns                      int
	// RSS is the peak resident memory after all invocations.
	RSS    int64
	Status int
}

// measureColdStart starts b initRuns times, killing it as it asks for its
// first event, then once more to serve warmRuns events.
func measureColdStart(b binary, fake *fakeaws.Server, home string, initRuns, warmRuns int) (coldStart, error) {
	cs := coldStart{Name: b.Name, InitRuns: initRuns, WarmRuns: warmRuns}
	env := lambdaEnv(fake, home, b.Env)
	var inits, cpus []time.Duration
	before := fake.Calls()
	for range initRuns {
		f, err := startFunction(b.Name, b.HostPath, env)
		if err != nil {
			return cs, err
		}
		u := f.stop()
		inits, cpus = append(inits, f.Init), append(cpus, u.CPU)
		cs.InitRSS = max(cs.InitRSS, u.MaxRSS)
	}
	cs.InitAWSCalls = fake.Calls() - before
	cs.Init, cs.InitCPU = median(inits), median(cpus)

	f, err := startFunction(b.Name, b.HostPath, env)
	if err != nil {
		return cs, err
	}
	defer f.stop()
	first, resp, err := f.invoke(b.Event)
	if err != nil {
		return cs, err
	}
	if resp.StatusCode != http.StatusOK {
		return cs, fmt.Errorf("%s answered %d: %s", b.Name, resp.StatusCode, resp.Body)
	}
	cs.First, cs.Status = first, resp.StatusCode
	cpu0, err := f.cpuTime()
	if err != nil {
		return cs, err
	}
	warm := make([]time.Duration, 0, warmRuns)
	for range warmRuns {
		d, resp, err := f.invoke(b.Event)
		if err != nil {
			return cs, err
		}
		if resp.StatusCode != http.StatusOK {
			return cs, fmt.Errorf("%s answered %d: %s", b.Name, resp.StatusCode, resp.Body)
		}
		warm = append(warm, d)
	}
	cpu1, err := f.cpuTime()
	if err != nil {
		return cs, err
	}
	cs.Warm, cs.WarmP99 = median(warm), percentile(warm, 0.99)
	cs.WarmCPU = (cpu1 - cpu0) / time.Duration(warmRuns)
	cs.RSS = f.stop().MaxRSS
	return cs, nil
}

// size is a bootstrap's size as built and as zipped for upload.
type size struct {
	Name        string
	Bytes, Zip  int64
	Ratio       float64 // Bytes over hello's
	ZipRatio    float64
	HelloBytes  int64
	HelloZipped int64
}

func measureSizes(bins []binary) ([]size, error) {
	var out []size
	var hello size
	for _, b := range bins {
		st, err := os.Stat(b.LambdaPath)
		if err != nil {
			return nil, fmt.Errorf("size of %s (run make build-lambdas bench-build): %w", b.Name, err)
		}
		z, err := zippedSize(b.LambdaPath)
		if err != nil {
			return nil, err
		}
		s := size{Name: b.Name, Bytes: st.Size(), Zip: z}
		if b.Name == "hello" {
			hello = s
			continue
		}
		out = append(out, s)
	}
	for i := range out {
		out[i].HelloBytes, out[i].HelloZipped = hello.Bytes, hello.Zip
		out[i].Ratio = float64(out[i].Bytes) / float64(hello.Bytes)
		out[i].ZipRatio = float64(out[i].Zip) / float64(hello.Zip)
	}
	return out, nil
}

func median(ds []time.Duration) time.Duration { return percentile(ds, 0.5) }

// percentile is the nearest-rank percentile of ds.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(p*float64(len(s))+0.5) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// eventJSON reads events/<name> as the bytes the Runtime API hands over.
func eventJSON(eventsDir, name string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(eventsDir, name))
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("event %s: %w", name, err)
	}
	return json.Marshal(v)
}

// zippedSize is the size of a zip holding only the file, deflated, as
// sam package uploads it.
func zippedSize(path string) (int64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var n countingWriter
	zw := zip.NewWriter(&n)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "bootstrap", Method: zip.Deflate})
	if err != nil {
		return 0, err
	}
	if _, err := w.Write(b); err != nil {
		return 0, err
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	return int64(n), nil
}

type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}
