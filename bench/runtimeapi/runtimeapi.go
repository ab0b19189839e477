// Package runtimeapi runs a Lambda function's real bootstrap as Lambda
// does: against a Lambda Runtime API of its own, served on loopback, and
// measures it: the time from exec to its first request for an event, the
// CPU it has used (its threads and ended children) and its peak RSS.
// bench/lambdarun drives it; its test runs bench/hello.
//
// Peak RSS is VmHWM read just before the kill (a child's ru_maxrss counts
// the parent's size: Go forks with the address space shared until exec).
package runtimeapi

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
	"time"
)

// Process is one running bootstrap with a Runtime API of its own.
type Process struct {
	cmd    *exec.Cmd
	exited chan struct{}
	stderr strings.Builder
	srv    *http.Server
	next   chan chan []byte // a GET next waiting for its event
	first  chan []byte      // the first GET next, taken by start
	resp   chan result
	// Init is the time from exec to the first GET next.
	Init time.Duration
	rss  int64
	done bool
}

// result is what the function posted back, and when.
type result struct {
	at     time.Time
	body   []byte
	failed bool
}

// Answer is a function's response to one invocation, and how long it
// took, the runtime client's decoding and encoding included.
type Answer struct {
	D      time.Duration `json:"-"`
	Status int           `json:"statusCode"`
	Body   string        `json:"body"`
}

const waitLimit = 90 * time.Second

// Start runs bin against a Runtime API of its own and waits until it asks
// for its first event.
func Start(bin string, env []string) (*Process, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	f := &Process{cmd: exec.Command(bin), exited: make(chan struct{}), next: make(chan chan []byte), resp: make(chan result, 1)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2018-06-01/runtime/invocation/next", func(w http.ResponseWriter, r *http.Request) {
		reply := make(chan []byte, 1)
		select {
		case f.next <- reply:
		case <-r.Context().Done():
			return
		}
		select {
		case ev := <-reply:
			h := w.Header()
			h.Set("Lambda-Runtime-Aws-Request-Id", "bench")
			h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(60*time.Second).UnixMilli(), 10))
			h.Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:000000000000:function:bench")
			_, _ = w.Write(ev)
		case <-r.Context().Done():
		}
	})
	result := func(failed bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			f.resp <- result{at: time.Now(), body: body, failed: failed}
			w.WriteHeader(http.StatusAccepted)
		}
	}
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/response", result(false))
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/error", result(true))
	f.srv = &http.Server{Handler: mux}
	go f.srv.Serve(ln)

	f.cmd.Env = append(env, "AWS_LAMBDA_RUNTIME_API="+ln.Addr().String())
	f.cmd.Stderr = &f.stderr // stdout (the JSON logs) goes to /dev/null
	t0 := time.Now()
	if err := f.cmd.Start(); err != nil {
		f.srv.Close()
		return nil, err
	}
	go func() { _ = f.cmd.Wait(); close(f.exited) }()
	select {
	case reply := <-f.next:
		f.Init, f.first = time.Since(t0), reply
		return f, nil
	case <-f.exited:
		f.srv.Close()
		return nil, fmt.Errorf("%s exited: %s", bin, strings.TrimSpace(f.stderr.String()))
	case <-time.After(waitLimit):
		f.Stop()
		return nil, fmt.Errorf("%s did not ask for an event", bin)
	}
}

// Invoke hands the function one event and waits for its response; the time
// includes the runtime client's decoding and encoding, as Lambda's Duration.
func (f *Process) Invoke(event []byte) (Answer, error) {
	reply := f.first
	f.first = nil
	if reply == nil {
		select {
		case reply = <-f.next:
		case <-f.exited:
			return Answer{}, fmt.Errorf("exited: %s", strings.TrimSpace(f.stderr.String()))
		case <-time.After(waitLimit):
			return Answer{}, fmt.Errorf("did not ask for its next event")
		}
	}
	t0 := time.Now()
	reply <- event
	select {
	case res := <-f.resp:
		if res.failed {
			return Answer{}, fmt.Errorf("reported an error: %s", res.body)
		}
		a := Answer{D: res.at.Sub(t0)}
		if err := json.Unmarshal(res.body, &a); err != nil {
			return a, fmt.Errorf("answered %.200q: %w", res.body, err)
		}
		return a, nil
	case <-f.exited:
		return Answer{}, fmt.Errorf("exited: %s", strings.TrimSpace(f.stderr.String()))
	case <-time.After(waitLimit):
		return Answer{}, fmt.Errorf("did not answer")
	}
}

// InvokeOK is Invoke, failing unless the answer is a 200.
func (f *Process) InvokeOK(event []byte) (Answer, error) {
	a, err := f.Invoke(event)
	if err == nil && a.Status != http.StatusOK {
		err = fmt.Errorf("answered %d: %.300s", a.Status, a.Body)
	}
	return a, err
}

// CPU is the CPU time the process has used so far, all threads, in
// nanoseconds (/proc/<pid>/task/*/schedstat), plus that of its ended
// children (cutime and cstime of /proc/<pid>/stat, in 10 ms ticks).
func (f *Process) CPU() (time.Duration, error) {
	pid := f.cmd.Process.Pid
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	var ns int64
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if fields := strings.Fields(string(b)); err == nil && len(fields) > 0 {
			v, _ := strconv.ParseInt(fields[0], 10, 64)
			ns += v
		}
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	_, rest, _ := strings.Cut(string(b), ") ")
	if fields := strings.Fields(rest); len(fields) > 14 { // from field 3; cutime and cstime are 16 and 17
		cu, _ := strconv.ParseInt(fields[13], 10, 64)
		cs, _ := strconv.ParseInt(fields[14], 10, 64)
		ns += (cu + cs) * int64(10*time.Millisecond)
	}
	return time.Duration(ns), nil
}

// Stop kills the function and returns its peak RSS.
func (f *Process) Stop() int64 {
	if f.done {
		return f.rss
	}
	f.done = true
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", f.cmd.Process.Pid)); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
				f.rss = kb << 10
			}
		}
	}
	_ = f.cmd.Process.Kill()
	<-f.exited
	f.srv.Close()
	return f.rss
}
