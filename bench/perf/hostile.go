package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/clinicplatform/intake/bench/fakeaws"
	"github.com/clinicplatform/intake/bench/sample"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/hostile"
	"github.com/clinicplatform/intake/internal/lambdahttp"
)

// lambdaMemoryMB is verify-evidence's MemorySize in template.yaml; the
// bootstrap sets its Go memory limit from it as in Lambda.
const lambdaMemoryMB = 256

// hostileRun is what one hostile document cost verify-evidence (issue 10).
type hostileRun struct {
	Class, Reader string
	FileBytes     int
	Status        int
	Answer        string
	// Duration is the invocation; CPU the process's and its children's.
	Duration, CPU time.Duration
	// RSS is the function process's peak (it served one PDF before).
	RSS int64
}

// measureHostile sends each hostile class to a fresh verify-evidence
// bootstrap per reader, after one ordinary PDF.
func measureHostile(bin string, fake *fakeaws.Server, home string, pdfEvent []byte, pdf sample.Document, readers []string) ([]hostileRun, error) {
	var runs []hostileRun
	for _, doc := range hostile.All() {
		for _, reader := range readers {
			run, err := measureHostileCase(bin, fake, home, pdfEvent, pdf, doc, reader)
			if err != nil {
				return nil, fmt.Errorf("hostile %s with %s: %w", doc.Class, reader, err)
			}
			logf("hostile %s (%s): %d %s in %s, RSS %s", run.Class, reader, run.Status, run.Answer, dur(run.Duration), mb(run.RSS))
			runs = append(runs, run)
		}
	}
	return runs, nil
}

func measureHostileCase(bin string, fake *fakeaws.Server, home string, pdfEvent []byte, pdf sample.Document, doc hostile.Document, reader string) (hostileRun, error) {
	run := hostileRun{Class: doc.Class, Reader: reader, FileBytes: len(doc.Body)}
	mediaType, err := evidence.DetectMediaType(doc.Body)
	if err != nil {
		return run, err
	}
	up := pdf
	up.Name, up.File, up.MediaType, up.FileName = doc.Class, doc.Body, mediaType, "upload"+evidence.Extension(mediaType)
	ev, err := sample.VerifyEvent(up)
	if err != nil {
		return run, err
	}
	event, err := json.Marshal(ev)
	if err != nil {
		return run, err
	}
	env := verifyEnv(reader)
	env["AWS_LAMBDA_FUNCTION_MEMORY_SIZE"] = fmt.Sprint(lambdaMemoryMB)
	f, err := startFunction("verify-evidence", bin, lambdaEnv(fake, home, env))
	if err != nil {
		return run, err
	}
	defer f.stop()
	if _, _, err := f.invoke(pdfEvent); err != nil {
		return run, err
	}
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
	cpu1, _ := f.cpuTime()
	children1, _ := childrenCPU(f.cmd.Process.Pid)
	run.Duration, run.CPU, run.Status = d, cpu1-cpu0+children1-children0, resp.StatusCode
	run.Answer = ratings(resp.Body)
	if strings.Contains(resp.Body, "could not be read") {
		run.Answer = "unreadable"
	}
	run.RSS = f.stop().MaxRSS
	return run, nil
}

// hostileBudgets: the bars of issue 10.
const hostileTimeLimit = 10 * time.Second

func hostileRows(runs []hostileRun) []row {
	limit, _ := lambdahttp.MemoryLimit(func(k string) string {
		if k == "AWS_LAMBDA_FUNCTION_MEMORY_SIZE" {
			return fmt.Sprint(lambdaMemoryMB)
		}
		return ""
	})
	rows := []row{section(fmt.Sprintf("Hostile uploads (issue 10; internal/hostile), real verify-evidence bootstrap with %d MB (Go memory limit %s): answer, time, peak RSS of the function process", lambdaMemoryMB, mb(limit)))}
	for _, h := range runs {
		reader := "Textract reader (as deployed; faked)"
		if h.Reader == "local" {
			reader = "local reader (Tesseract)"
		}
		ok := h.Status < 500 && h.Duration <= hostileTimeLimit && h.RSS <= limit
		verdict := "holds"
		if !ok {
			verdict = "FAILS"
		}
		rows = append(rows, row{fmt.Sprintf("%s %s, %s", h.Class, mb(int64(h.FileBytes)), reader),
			fmt.Sprintf("%d %s in %s (CPU %s), RSS %s", h.Status, h.Answer, dur(h.Duration), dur(h.CPU), mb(h.RSS)),
			"", "", fmt.Sprintf("4xx or 200, <= %s, RSS <= %s", dur(hostileTimeLimit), mb(limit)), verdict})
	}
	return rows
}
