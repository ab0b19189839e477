package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/clinicplatform/intake/bench/fakeaws"
	"github.com/clinicplatform/intake/bench/sample"
)

// evidenceCase is one document sent to verify-evidence with one reader.
type evidenceCase struct {
	Doc    sample.Document
	Reader string // "textract" (as deployed, answered by the fake) or "local"
	Runs   int
	// Tesseract is the image tesseract alone is timed on, to compare with;
	// nil when the comparison does not apply.
	Tesseract     []byte
	TesseractName string
}

// evidenceRun is what one evidenceCase cost.
type evidenceRun struct {
	Doc, Reader string
	FileBytes   int
	// Duration is the median invocation and CPU the median CPU of one,
	// the process's and its children's (tesseract), of Runs invocations
	// after warmRuns of the PDF.
	Duration, CPU time.Duration
	Runs          int
	// RSS is the process's peak; Extra is that beyond a process that only
	// served the PDF warm-up (the baseline).
	RSS, Baseline, Extra int64
	// ExtraPerFileByte is Extra over the file's size.
	ExtraPerFileByte float64
	// Tesseract and TesseractCPU are the medians of tesseract alone on
	// the same image, run in turns with ours.
	Tesseract, TesseractCPU time.Duration
	TesseractRSS            int64
	TesseractOn             string
	// TimeRatio is Duration over Tesseract; CPURatio is CPU over
	// TesseractCPU, which other load on the machine disturbs less.
	TimeRatio, CPURatio float64
	Answer              string // the ratings, to see the document was read
}

const warmRuns = 5

// verifyEnv is verify-evidence's environment as template.yaml sets it, with
// the reader chosen.
func verifyEnv(reader string) map[string]string {
	return map[string]string{
		"LEADS_TABLE": "leads", "VERIFICATIONS_TABLE": "verifications", "EVIDENCE_BUCKET": "evidence",
		"QUOTA_TABLE": "quota", "S3_USE_PATH_STYLE": "true", "MARKET": "us", "TEXT_READER": reader,
		"EVIDENCE_FILE_LIMIT_BYTES": "4000000", "GOGC": "50",
	}
}

// measureEvidence runs each case in a fresh verify-evidence process that
// first serves the PDF warmRuns times; a process that serves only those is
// each reader's baseline.
func measureEvidence(bin string, fake *fakeaws.Server, home, tmp string, pdfEvent []byte, cases []evidenceCase) ([]evidenceRun, error) {
	baselines := map[string]int64{}
	for _, reader := range []string{"textract", "local"} {
		f, err := startFunction("verify-evidence", bin, lambdaEnv(fake, home, verifyEnv(reader)))
		if err != nil {
			return nil, err
		}
		for range warmRuns {
			if _, _, err := f.invoke(pdfEvent); err != nil {
				f.stop()
				return nil, err
			}
		}
		baselines[reader] = f.stop().MaxRSS
	}
	var runs []evidenceRun
	for _, c := range cases {
		run, err := measureEvidenceCase(bin, fake, home, tmp, pdfEvent, c)
		if err != nil {
			return nil, fmt.Errorf("verify-evidence %s with %s: %w", c.Doc.Name, c.Reader, err)
		}
		run.Baseline = baselines[c.Reader]
		run.Extra = max(run.RSS-run.Baseline, 0)
		run.ExtraPerFileByte = float64(run.Extra) / float64(run.FileBytes)
		runs = append(runs, run)
	}
	return runs, nil
}

func measureEvidenceCase(bin string, fake *fakeaws.Server, home, tmp string, pdfEvent []byte, c evidenceCase) (evidenceRun, error) {
	run := evidenceRun{Doc: c.Doc.Name, Reader: c.Reader, FileBytes: len(c.Doc.File), Runs: c.Runs}
	ev, err := sample.VerifyEvent(c.Doc)
	if err != nil {
		return run, err
	}
	event, err := json.Marshal(ev)
	if err != nil {
		return run, err
	}
	f, err := startFunction("verify-evidence", bin, lambdaEnv(fake, home, verifyEnv(c.Reader)))
	if err != nil {
		return run, err
	}
	defer f.stop()
	for range warmRuns {
		if _, _, err := f.invoke(pdfEvent); err != nil {
			return run, err
		}
	}
	// Ours and tesseract alone take turns, so that other load on the
	// machine falls on both alike.
	var ds, cpus, ts, tcpus []time.Duration
	for range c.Runs {
		cpu0, err := f.cpuTime()
		if err != nil {
			return run, err
		}
		children0, err := childrenCPU(f.cmd.Process.Pid)
		if err != nil {
			return run, err
		}
		d, resp, err := f.invoke(event)
		if err != nil {
			return run, err
		}
		if resp.StatusCode != http.StatusOK {
			return run, fmt.Errorf("answered %d: %s", resp.StatusCode, resp.Body)
		}
		cpu1, err := f.cpuTime()
		if err != nil {
			return run, err
		}
		children1, err := childrenCPU(f.cmd.Process.Pid)
		if err != nil {
			return run, err
		}
		run.Answer = ratings(resp.Body)
		ds, cpus = append(ds, d), append(cpus, cpu1-cpu0+children1-children0)
		if c.Tesseract != nil {
			d, u, err := tesseractAlone(c.Tesseract, tmp)
			if err != nil {
				return run, err
			}
			ts, tcpus = append(ts, d), append(tcpus, u.CPU)
			run.TesseractRSS = max(run.TesseractRSS, u.MaxRSS)
		}
	}
	run.Duration, run.CPU = median(ds), median(cpus)
	run.RSS = f.stop().MaxRSS
	if c.Tesseract != nil {
		run.Tesseract, run.TesseractCPU, run.TesseractOn = median(ts), median(tcpus), c.TesseractName
		run.TimeRatio = float64(run.Duration) / float64(run.Tesseract)
		run.CPURatio = float64(run.CPU) / float64(run.TesseractCPU)
	}
	return run, nil
}

// childrenCPU is the CPU time of a process's ended and waited-for children
// (tesseract, pdftoppm): cutime and cstime of /proc/<pid>/stat, in clock
// ticks of 10 ms.
func childrenCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// Fields after the command name, which is in parentheses.
	_, rest, ok := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if !ok || len(f) < 15 {
		return 0, fmt.Errorf("parse /proc/%d/stat", pid)
	}
	// rest starts at field 3 (state); cutime and cstime are fields 16 and 17.
	cu, err1 := strconv.ParseInt(f[13], 10, 64)
	cs, err2 := strconv.ParseInt(f[14], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("parse /proc/%d/stat", pid)
	}
	return time.Duration(cu+cs) * 10 * time.Millisecond, nil
}

// tesseractAlone runs tesseract as internal/tesseract does (image on
// stdin, TSV on stdout, one OpenMP thread) and nothing else, under
// /usr/bin/time for its peak RSS (a small parent, so ru_maxrss is
// tesseract's own).
func tesseractAlone(img []byte, tmp string) (time.Duration, usage, error) {
	rssFile := filepath.Join(tmp, "tesseract-rss")
	cmd := exec.Command("/usr/bin/time", "-f", "%M", "-o", rssFile, "tesseract", "stdin", "stdout", "-l", "eng", "--psm", "3", "tsv")
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(img), io.Discard, io.Discard
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, usage{}, fmt.Errorf("tesseract alone (needs tesseract-ocr and time from Debian): %w", err)
	}
	d := time.Since(start)
	u := usageOf(cmd.ProcessState)
	b, err := os.ReadFile(rssFile)
	if err != nil {
		return 0, usage{}, err
	}
	kb, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0, usage{}, fmt.Errorf("tesseract alone: /usr/bin/time said %q", b)
	}
	u.MaxRSS = kb << 10
	return d, u, nil
}

// ratings summarises a verification result as its five values.
func ratings(body string) string {
	var r struct {
		Data map[string]struct{ Value string }
	}
	if json.Unmarshal([]byte(body), &r) != nil {
		return "?"
	}
	valid := 0
	for _, f := range r.Data {
		if f.Value == "valid" {
			valid++
		}
	}
	return fmt.Sprintf("%d/5 valid", valid)
}
