package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// runtimeAPI is the part of the Lambda Runtime API a Go function talks to
// (GET next, POST response or error), served on loopback, so a function's
// real bootstrap binary can be started, timed and fed events here as
// Lambda would.
type runtimeAPI struct {
	addr  string
	srv   *http.Server
	next  chan nextRequest
	resps chan invocationResult
	seq   atomic.Int64
}

// nextRequest is a function asking for its next event; reply gets it.
type nextRequest struct {
	at    time.Time
	reply chan []byte
}

type invocationResult struct {
	at     time.Time
	body   []byte
	failed bool
}

func startRuntimeAPI() (*runtimeAPI, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("runtime API: %w", err)
	}
	api := &runtimeAPI{addr: ln.Addr().String(), next: make(chan nextRequest), resps: make(chan invocationResult, 1)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2018-06-01/runtime/invocation/next", api.serveNext)
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/response", api.serveResult(false))
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/error", api.serveResult(true))
	mux.HandleFunc("POST /2018-06-01/runtime/init/error", api.serveResult(true))
	api.srv = &http.Server{Handler: mux}
	go api.srv.Serve(ln)
	return api, nil
}

func (api *runtimeAPI) serveNext(w http.ResponseWriter, r *http.Request) {
	req := nextRequest{at: time.Now(), reply: make(chan []byte, 1)}
	select {
	case api.next <- req:
	case <-r.Context().Done():
		return
	}
	var ev []byte
	select {
	case ev = <-req.reply:
	case <-r.Context().Done():
		return
	}
	h := w.Header()
	h.Set("Lambda-Runtime-Aws-Request-Id", "bench-"+strconv.FormatInt(api.seq.Add(1), 10))
	h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(60*time.Second).UnixMilli(), 10))
	h.Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:000000000000:function:bench")
	h.Set("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000;Sampled=0")
	h.Set("Content-Type", "application/json")
	_, _ = w.Write(ev)
}

func (api *runtimeAPI) serveResult(failed bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		at := time.Now()
		w.WriteHeader(http.StatusAccepted)
		select {
		case api.resps <- invocationResult{at: at, body: body, failed: failed}:
		default:
		}
	}
}

func (api *runtimeAPI) close() { api.srv.Close() }

// function is one running bootstrap binary.
type function struct {
	name    string
	cmd     *exec.Cmd
	exited  chan struct{}
	stderr  *strings.Builder
	api     *runtimeAPI
	pending *nextRequest
	stopped *usage
	// Init is from exec to the first GET next: the Go runtime, package
	// initialisers and main's init work, as Lambda's Init Duration.
	Init time.Duration
}

const waitLimit = 90 * time.Second

// startFunction runs bin with env (plus the Runtime API's address) and
// waits until it asks for its first event.
func startFunction(name, bin string, env []string) (*function, error) {
	api, err := startRuntimeAPI()
	if err != nil {
		return nil, err
	}
	f := &function{name: name, cmd: exec.Command(bin), exited: make(chan struct{}), stderr: &strings.Builder{}, api: api}
	f.cmd.Env = append(env, "AWS_LAMBDA_RUNTIME_API="+api.addr)
	f.cmd.Stderr = f.stderr // stdout (the JSON logs) goes to /dev/null
	start := time.Now()
	if err := f.cmd.Start(); err != nil {
		api.close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	go func() { _ = f.cmd.Wait(); close(f.exited) }()
	select {
	case req := <-api.next:
		f.pending = &req
		f.Init = req.at.Sub(start)
		return f, nil
	case <-f.exited:
		api.close()
		return nil, fmt.Errorf("%s exited before asking for an event: %s", name, strings.TrimSpace(f.stderr.String()))
	case <-time.After(waitLimit):
		f.stop()
		return nil, fmt.Errorf("%s did not ask for an event within %s", name, waitLimit)
	}
}

// invoke hands the function one event and waits for its answer. The time
// is from handing the event over to receiving the response, so it
// includes the runtime client's decoding and encoding as Lambda's Duration
// does.
func (f *function) invoke(event []byte) (time.Duration, proxyResponse, error) {
	var req nextRequest
	if f.pending != nil {
		req, f.pending = *f.pending, nil
	} else {
		select {
		case req = <-f.api.next:
		case <-f.exited:
			return 0, proxyResponse{}, fmt.Errorf("%s exited: %s", f.name, strings.TrimSpace(f.stderr.String()))
		case <-time.After(waitLimit):
			return 0, proxyResponse{}, fmt.Errorf("%s did not ask for its next event", f.name)
		}
	}
	start := time.Now()
	req.reply <- event
	select {
	case res := <-f.api.resps:
		var resp proxyResponse
		if res.failed {
			return 0, resp, fmt.Errorf("%s reported an error: %s", f.name, res.body)
		}
		if err := json.Unmarshal(res.body, &resp); err != nil {
			return 0, resp, fmt.Errorf("%s answered %q: %w", f.name, truncate(res.body, 200), err)
		}
		return res.at.Sub(start), resp, nil
	case <-f.exited:
		return 0, proxyResponse{}, fmt.Errorf("%s exited: %s", f.name, strings.TrimSpace(f.stderr.String()))
	case <-time.After(waitLimit):
		return 0, proxyResponse{}, fmt.Errorf("%s did not answer within %s", f.name, waitLimit)
	}
}

// proxyResponse is the part of an API Gateway proxy response checked here.
type proxyResponse struct {
	StatusCode int    `json:"statusCode"`
	Body       string `json:"body"`
}

// cpuTime is the CPU time the process has used so far, all threads, in
// nanoseconds (/proc/<pid>/task/*/schedstat, which counts finer than
// the clock ticks of /proc/<pid>/stat).
func (f *function) cpuTime() (time.Duration, error) {
	return processCPU(f.cmd.Process.Pid)
}

func processCPU(pid int) (time.Duration, error) {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	if err != nil || len(tasks) == 0 {
		return 0, fmt.Errorf("read CPU time of %d: %v", pid, err)
	}
	var total int64
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue // a thread that just exited
		}
		fields := strings.Fields(string(b))
		if len(fields) == 0 {
			continue
		}
		ns, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("parse %s: %w", t, err)
		}
		total += ns
	}
	return time.Duration(total), nil
}

// usage is a process's resource use.
type usage struct {
	CPU    time.Duration // user + system
	MaxRSS int64         // peak resident set, bytes
}

// stop kills the function and returns its resource usage. The peak RSS is
// read from /proc before the kill: the kernel's ru_maxrss of a child
// counts the parent's memory at fork (Go forks with the parent's address
// space shared until exec), so it would say this harness's size.
func (f *function) stop() usage {
	if f.stopped != nil {
		return *f.stopped
	}
	peak := peakRSS(f.cmd.Process.Pid)
	_ = f.cmd.Process.Kill()
	<-f.exited
	f.api.close()
	u := usageOf(f.cmd.ProcessState)
	u.MaxRSS = peak
	f.stopped = &u
	return u
}

// peakRSS is VmHWM of a running process, in bytes; 0 if unknown.
func peakRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// usageOf is the CPU time of an ended process (its MaxRSS is not usable,
// see stop).
func usageOf(ps *os.ProcessState) usage {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return usage{}
	}
	return usage{CPU: time.Duration(ru.Utime.Nano() + ru.Stime.Nano())}
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}
