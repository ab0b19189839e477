package main

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/clinicplatform/intake/bench/sample"
)

var errNoSample = errors.New("no request completed")

// server is an HTTP server process under load.
type server struct {
	name   string
	addr   string
	cmd    *exec.Cmd
	exited chan struct{}
	stderr *strings.Builder
}

// freeAddr is a loopback address nothing listens on (yet).
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// startServer runs bin and waits until GET readyPath answers 200.
func startServer(name, bin string, args, env []string, addr, readyPath string) (*server, error) {
	s := &server{name: name, addr: addr, cmd: exec.Command(bin, args...), exited: make(chan struct{}), stderr: &strings.Builder{}}
	s.cmd.Env = env
	s.cmd.Stderr = s.stderr // stdout (access logs) goes to /dev/null
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	go func() { _ = s.cmd.Wait(); close(s.exited) }()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-s.exited:
			return nil, fmt.Errorf("%s exited: %s", name, strings.TrimSpace(s.stderr.String()))
		default:
		}
		resp, err := http.Get("http://" + addr + readyPath)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.stop()
	return nil, fmt.Errorf("%s did not answer on %s", name, addr)
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
}

// loadResult is one load run against one server.
type loadResult struct {
	Server    string
	Requests  int
	Elapsed   time.Duration
	RPS       float64
	P50, P99  time.Duration
	CPUPerReq time.Duration // the server's CPU (all threads) per request
}

// runLoad sends request (raw HTTP/1.1 bytes) over conns keep-alive
// connections, each waiting for its answer before sending again, for d or
// until limit requests, and checks every status. The client parses only
// the status line and the framing, so it costs the server's two cores
// little and the same for both servers.
func runLoad(s *server, request []byte, wantStatus, conns int, d time.Duration, limit int) (loadResult, error) {
	res := loadResult{Server: s.name}
	cpu0, err := processCPU(s.cmd.Process.Pid)
	if err != nil {
		return res, err
	}
	var (
		mu      sync.Mutex
		lat     []time.Duration
		firstEr error
		sent    atomic.Int64
	)
	deadline := time.Now().Add(d)
	start := time.Now()
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			var mine []time.Duration
			err := func() error {
				conn, err := net.Dial("tcp", s.addr)
				if err != nil {
					return err
				}
				defer conn.Close()
				br := bufio.NewReaderSize(conn, 32<<10)
				for time.Now().Before(deadline) {
					if sent.Add(1) > int64(limit) {
						return nil
					}
					t := time.Now()
					if _, err := conn.Write(request); err != nil {
						return err
					}
					status, err := readResponse(br)
					if err != nil {
						return err
					}
					if status != wantStatus {
						return fmt.Errorf("%s answered %d, want %d", s.name, status, wantStatus)
					}
					mine = append(mine, time.Since(t))
				}
				return nil
			}()
			mu.Lock()
			lat = append(lat, mine...)
			if err != nil && firstEr == nil {
				firstEr = err
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	res.Elapsed = time.Since(start)
	if firstEr != nil {
		return res, firstEr
	}
	cpu1, err := processCPU(s.cmd.Process.Pid)
	if err != nil {
		return res, err
	}
	res.Requests = len(lat)
	if res.Requests == 0 {
		return res, errNoSample
	}
	res.RPS = float64(res.Requests) / res.Elapsed.Seconds()
	res.P50, res.P99 = median(lat), percentile(lat, 0.99)
	res.CPUPerReq = (cpu1 - cpu0) / time.Duration(res.Requests)
	return res, nil
}

// readResponse reads one response and returns its status; the body is
// skipped by Content-Length or chunked framing.
func readResponse(br *bufio.Reader) (int, error) {
	line, err := br.ReadSlice('\n')
	if err != nil {
		return 0, fmt.Errorf("read status line: %w", err)
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	status, err := strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, fmt.Errorf("bad status line %q", line)
	}
	length, chunked := -1, false
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return 0, fmt.Errorf("read header: %w", err)
		}
		if len(bytes.TrimRight(line, "\r\n")) == 0 {
			break
		}
		name, value, _ := bytes.Cut(line, []byte(":"))
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(value)); err != nil {
				return 0, fmt.Errorf("bad Content-Length %q", value)
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		}
	}
	switch {
	case status == http.StatusNotModified || status == http.StatusNoContent:
		return status, nil
	case chunked:
		return status, skipChunks(br)
	case length >= 0:
		_, err := br.Discard(length)
		return status, err
	}
	return 0, errors.New("response without framing (Connection: close is not expected)")
}

func skipChunks(br *bufio.Reader) error {
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return err
		}
		sizeText, _, _ := bytes.Cut(bytes.TrimRight(line, "\r\n"), []byte(";"))
		n, err := strconv.ParseInt(string(sizeText), 16, 64)
		if err != nil {
			return fmt.Errorf("bad chunk size %q", line)
		}
		if n == 0 {
			// Trailers, then the blank line.
			for {
				line, err := br.ReadSlice('\n')
				if err != nil {
					return err
				}
				if len(bytes.TrimRight(line, "\r\n")) == 0 {
					return nil
				}
			}
		}
		if _, err := br.Discard(int(n) + 2); err != nil {
			return err
		}
	}
}

// httpGet fetches a body once, to check what a server answers.
func httpGet(url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// loadComparison is the local API against the bare server on one route,
// each the median (by requests per second) of its rounds.
type loadComparison struct {
	Route      string
	Ours, Bare loadResult
	Rounds     int
	Conns      int
	// Ratio is our requests per second over the bare server's.
	Ratio float64
	// SameBytes: both servers sent the same body.
	SameBytes bool
}

// measureLoad starts cmd/local-api (embedded storage in a temp folder) and
// the bare server, and loads each route on both, interleaved round by
// round so that other load on the machine falls on both alike.
func measureLoad(o options, eventsDir, tmp, home string) ([]loadComparison, error) {
	ourAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	host, port, _ := net.SplitHostPort(ourAddr)
	const path = "/external/v1/protocols/weightloss"
	ours, err := startServer("local API", filepath.Join(o.benchDir, "host", "local-api"), nil,
		[]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "HOST=" + host, "PORT=" + port,
			"DATA_DIR=" + filepath.Join(tmp, "data"), "MARKET=uk"}, ourAddr, path)
	if err != nil {
		return nil, err
	}
	defer ours.stop()

	ev, err := sample.Event(eventsDir, "create-lead.json")
	if err != nil {
		return nil, err
	}
	post := []byte("POST /external/v1/leads HTTP/1.1\r\nHost: " + ourAddr + "\r\nUser-Agent: perf\r\n" +
		"Content-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(ev.Body)) + "\r\n\r\n" + ev.Body)
	get := []byte("GET " + path + " HTTP/1.1\r\nHost: " + ourAddr + "\r\nUser-Agent: perf\r\nAccept: application/json\r\n\r\n")

	// The bare server answers POST with a lead the local API created.
	resp, err := http.Post("http://"+ourAddr+"/external/v1/leads", "application/json", strings.NewReader(ev.Body))
	if err != nil {
		return nil, err
	}
	created, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("create a lead on the local API: %d %s %v", resp.StatusCode, created, err)
	}
	leadFile := filepath.Join(tmp, "lead-response.json")
	if err := os.WriteFile(leadFile, created, 0o600); err != nil {
		return nil, err
	}
	bareAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	bare, err := startServer("bare net/http", filepath.Join(o.benchDir, "host", "bareserver"),
		[]string{"-addr", bareAddr, "-market", "uk", "-post-response", leadFile},
		[]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}, bareAddr, path)
	if err != nil {
		return nil, err
	}
	defer bare.stop()
	ourBody, err := httpGet("http://" + ourAddr + path)
	if err != nil {
		return nil, err
	}
	bareBody, err := httpGet("http://" + bareAddr + path)
	if err != nil {
		return nil, err
	}

	routes := []struct {
		name      string
		req       []byte
		sameBytes bool
	}{
		{"GET protocols", get, bytes.Equal(ourBody, bareBody)},
		{"POST leads", post, true},
	}
	var out []loadComparison
	for _, r := range routes {
		byServer := map[*server][]loadResult{}
		for _, s := range []*server{ours, bare} {
			// Warm up connections, caches and the heap.
			if _, err := runLoad(s, r.req, http.StatusOK, o.conns, o.loadTime/6, 1<<30); err != nil {
				return nil, err
			}
		}
		for round := range o.loadRounds {
			order := []*server{ours, bare}
			if round%2 == 1 {
				order = []*server{bare, ours}
			}
			for _, s := range order {
				lr, err := runLoad(s, r.req, http.StatusOK, o.conns, o.loadTime, 1<<30)
				if err != nil {
					return nil, fmt.Errorf("%s on %s: %w", r.name, s.name, err)
				}
				byServer[s] = append(byServer[s], lr)
			}
		}
		c := loadComparison{Route: r.name, Rounds: o.loadRounds, Conns: o.conns, SameBytes: r.sameBytes,
			Ours: medianRun(byServer[ours]), Bare: medianRun(byServer[bare])}
		c.Ratio = c.Ours.RPS / c.Bare.RPS
		out = append(out, c)
	}
	return out, nil
}

// medianRun is the run with the median requests per second.
func medianRun(runs []loadResult) loadResult {
	s := slices.Clone(runs)
	slices.SortFunc(s, func(a, b loadResult) int { return cmp.Compare(a.RPS, b.RPS) })
	return s[len(s)/2]
}
