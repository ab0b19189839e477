package main

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

// Budgets (the issue "Performance budget, measured in the repo").
const (
	budgetSizeRatio    = 1.5                  // bootstrap over hello-world
	budgetInitCPU      = 5 * time.Millisecond // "a few ms": newHandler, and the process beyond hello
	budgetLoadRatio    = 0.80                 // local API rps over bare net/http, GET protocols
	budgetMemPerByte   = 3.0                  // extra peak memory over upload size
	budgetOCRTimeRate  = 1.10                 // verify-evidence time over tesseract alone
	budgetAllocPerByte = 1.5                  // bytes allocated per byte of a large upload
)

// fileSize is the size of the evidence document named doc; 0 if unknown.
func fileSize(r results, doc string) int {
	for _, e := range r.Evidence {
		if e.Doc == doc {
			return e.FileBytes
		}
	}
	return 0
}

// bigUploadBytes is the size of the upload at the limit (as sample.Enlarge
// makes it, if the evidence step did not run).
func bigUploadBytes(r results) float64 {
	for _, e := range r.Evidence {
		if e.FileBytes >= 1_000_000 {
			return float64(e.FileBytes)
		}
	}
	return 3_905_230
}

// row is one line of the table.
type row struct {
	measure, ours, floor, ratio, budget, verdict string
}

func section(name string) row { return row{measure: "**" + name + "**"} }

func writeReport(w io.Writer, r results) {
	var rows []row
	add := func(rs ...row) { rows = append(rows, rs...) }

	add(section("Bootstrap size, linux/arm64 as make build-lambdas builds it (zip as uploaded)"))
	for _, s := range r.Sizes {
		add(row{s.Name, fmt.Sprintf("%s (zip %s)", mb(s.Bytes), mb(s.Zip)), fmt.Sprintf("hello %s (zip %s)", mb(s.HelloBytes), mb(s.HelloZipped)),
			fmt.Sprintf("%.2fx (zip %.2fx)", s.Ratio, s.ZipRatio), fmt.Sprintf("<= %.1fx", budgetSizeRatio), atMost(s.Ratio, budgetSizeRatio)})
	}

	hello, _ := findCold(r.ColdStarts, "hello")
	add(section("Init: our newHandler (go test -bench Init)"))
	for _, fn := range []string{"get-protocols", "create-lead", "verify-evidence"} {
		b, ok := findBench(r.GoBench, fn, "BenchmarkInit")
		if !ok {
			add(row{fn, "not run", "", "", "", "run make bench-go"})
			continue
		}
		add(row{fn + " newHandler", fmt.Sprintf("%s, %s, %.0f allocs", dur(time.Duration(b.NsPerOp)), mb(int64(b.BytesPerOp)), b.AllocsPerOp),
			"", "", "<= " + dur(budgetInitCPU), atMostDur(time.Duration(b.NsPerOp), budgetInitCPU)})
	}
	add(section(fmt.Sprintf("Cold start: exec to first GET next, real bootstrap (linux/%s), median of %d", "amd64", hello.InitRuns)))
	for _, c := range r.ColdStarts {
		if c.Name == "hello" {
			continue
		}
		extra := c.InitCPU - hello.InitCPU
		add(row{c.Name + " init wall / CPU / RSS", fmt.Sprintf("%s / %s / %s", dur(c.Init), dur(c.InitCPU), mb(c.InitRSS)),
			fmt.Sprintf("hello %s / %s / %s", dur(hello.Init), dur(hello.InitCPU), mb(hello.InitRSS)),
			fmt.Sprintf("+%s CPU", dur(extra)), "CPU beyond hello <= " + dur(budgetInitCPU), atMostDur(extra, budgetInitCPU)})
		add(row{c.Name + " AWS calls during init", fmt.Sprintf("%d in %d cold starts", c.InitAWSCalls, c.InitRuns), "", "", "0", atMost(float64(c.InitAWSCalls), 0)})
	}
	add(section(fmt.Sprintf("Invocations of the real bootstrap, Runtime API and AWS faked on loopback (first, then median/p99 of %d warm)", hello.WarmRuns)))
	for _, c := range r.ColdStarts {
		if c.Name == "hello" {
			continue
		}
		add(row{c.Name + " first / warm p50 / p99", fmt.Sprintf("%s / %s / %s", dur(c.First), dur(c.Warm), dur(c.WarmP99)),
			fmt.Sprintf("hello %s / %s / %s", dur(hello.First), dur(hello.Warm), dur(hello.WarmP99)),
			fmt.Sprintf("%.1fx warm", float64(c.Warm)/float64(hello.Warm)), "", "info"})
		add(row{c.Name + " CPU per warm invocation / peak RSS", fmt.Sprintf("%s / %s", dur(c.WarmCPU), mb(c.RSS)),
			fmt.Sprintf("hello %s / %s", dur(hello.WarmCPU), mb(hello.RSS)), fmt.Sprintf("%.1fx CPU", float64(c.WarmCPU)/float64(hello.WarmCPU)), "", "info"})
	}

	add(section("Handlers through the Lambda adapter (go test -bench Lambda -benchmem): time, bytes and allocations per invocation"))
	for _, b := range r.GoBench {
		if !strings.HasPrefix(b.Name, "BenchmarkLambda") || strings.Contains(b.Name, "floor=") {
			continue
		}
		name := strings.TrimPrefix(b.Name, "BenchmarkLambda")
		floor, budget, verdict := "", "", "info"
		if i := strings.Index(name, "/"); i > 0 && !strings.HasSuffix(name, "/304") {
			if f, ok := findBench(r.GoBench, b.Package, b.Name[:len("BenchmarkLambda")+i]+"/floor=bare-handler"); ok {
				floor = fmt.Sprintf("adapter + bare handler: %s, %s, %.0f allocs", dur(time.Duration(f.NsPerOp)), mb(int64(f.BytesPerOp)), f.AllocsPerOp)
			}
		}
		if strings.Contains(name, "4mb") {
			// The upload itself must be held once; anything beyond is copying.
			ratio := b.BytesPerOp / bigUploadBytes(r)
			budget, verdict = fmt.Sprintf("<= %.1fx the file", budgetAllocPerByte), atMost(ratio, budgetAllocPerByte)
			floor = fmt.Sprintf("the file: %s", mb(int64(bigUploadBytes(r))))
		}
		add(row{name, fmt.Sprintf("%s, %s, %.0f allocs", dur(time.Duration(b.NsPerOp)), mb(int64(b.BytesPerOp)), b.AllocsPerOp), floor, "", budget, verdict})
	}
	for _, b := range r.GoBench {
		if b.Package != "tesseract" || !strings.HasPrefix(b.Name, "BenchmarkPrepare/") {
			continue
		}
		// BenchmarkPrepare/<doc>/<step>; the step "all" is the whole
		// preparation (decode, measure, plan), the others one step each.
		doc, step, _ := strings.Cut(strings.TrimPrefix(b.Name, "BenchmarkPrepare/"), "/")
		ratio := ""
		if n := fileSize(r, doc); n > 0 {
			ratio = fmt.Sprintf("allocates %.1fx the file", b.BytesPerOp/float64(n))
		}
		add(row{"tesseract: prepare a photo for OCR, " + doc + ", " + step,
			fmt.Sprintf("%s, %s, %.0f allocs", dur(time.Duration(b.NsPerOp)), mb(int64(b.BytesPerOp)), b.AllocsPerOp), "", ratio, "", "info"})
	}
	add(row{"get-protocols ETag / 304 / Cache-Control, bytes prepared at init", "TestCatalogueIsPreparedAtInit", "", "", "implemented", "holds (test passes in make bench-go)"})

	add(section(fmt.Sprintf("Local API (cmd/local-api, embedded storage) under load: %d keep-alive connections, median of %d interleaved runs", firstConns(r), firstRounds(r))))
	for _, l := range r.Load {
		budget, verdict := "", "info"
		if strings.HasPrefix(l.Route, "GET") {
			budget, verdict = fmt.Sprintf(">= %.0f%% of bare", budgetLoadRatio*100), atLeast(l.Ratio, budgetLoadRatio)
			if !l.SameBytes {
				verdict += " (bodies differ!)"
			}
		}
		add(row{l.Route + " req/s (p50, p99, server CPU/req)",
			fmt.Sprintf("%.0f (%s, %s, %s)", l.Ours.RPS, dur(l.Ours.P50), dur(l.Ours.P99), dur(l.Ours.CPUPerReq)),
			fmt.Sprintf("bare %.0f (%s, %s, %s)", l.Bare.RPS, dur(l.Bare.P50), dur(l.Bare.P99), dur(l.Bare.CPUPerReq)),
			fmt.Sprintf("%.0f%% (CPU/req %.2fx)", l.Ratio*100, float64(l.Ours.CPUPerReq)/float64(l.Bare.CPUPerReq)), budget, verdict})
	}

	add(section("verify-evidence, real bootstrap: median time, peak RSS beyond a process that served only PDFs, vs tesseract alone (OMP_THREAD_LIMIT=1)"))
	for _, e := range r.Evidence {
		reader := "Textract reader (as deployed; faked)"
		if e.Reader == "local" {
			reader = "local reader (Tesseract)"
		}
		var ratios, budgets, verdicts []string
		if e.FileBytes >= 1_000_000 {
			ratios = append(ratios, fmt.Sprintf("memory %.1fx file", e.ExtraPerFileByte))
			budgets = append(budgets, fmt.Sprintf("memory <= %.0fx file", budgetMemPerByte))
			verdicts = append(verdicts, "memory "+atMost(e.ExtraPerFileByte, budgetMemPerByte))
		}
		floor := ""
		if e.Tesseract > 0 {
			floor = fmt.Sprintf("tesseract alone on %s: %s (CPU %s), RSS %s", e.TesseractOn, dur(e.Tesseract), dur(e.TesseractCPU), mb(e.TesseractRSS))
			ratios = append(ratios, fmt.Sprintf("time %.2fx, CPU %.2fx", e.TimeRatio, e.CPURatio))
			if strings.HasPrefix(e.Doc, "photo") {
				// Judged on CPU time (ours with our tesseract child): the
				// OCR is single-threaded and CPU-bound, and CPU time is what
				// latency is made of at Lambda's fraction of a vCPU, and
				// what other load on this machine disturbs least.
				budgets = append(budgets, fmt.Sprintf("time <= %.2fx (on CPU)", budgetOCRTimeRate))
				verdicts = append(verdicts, "time "+atMost(e.CPURatio, budgetOCRTimeRate))
			}
		}
		if len(verdicts) == 0 {
			verdicts = []string{"info"}
		}
		add(row{fmt.Sprintf("%s %s, %s", e.Doc, mb(int64(e.FileBytes)), reader),
			fmt.Sprintf("%s (CPU %s), RSS +%s (peak %s of the Go process), %s", dur(e.Duration), dur(e.CPU), mb(e.Extra), mb(e.RSS), e.Answer),
			floor, strings.Join(ratios, "; "), strings.Join(budgets, "; "), strings.Join(verdicts, "; ")})
	}

	// The local API's photos: the median over every photo case (upright,
	// turned, EXIF-tagged), and each turned photo against the upright one.
	var photoCPU, photoWall []time.Duration
	var upright evidenceRun
	for _, e := range r.Evidence {
		if e.Reader != "local" || !strings.HasPrefix(e.Doc, "photo") {
			continue
		}
		photoCPU, photoWall = append(photoCPU, e.CPU), append(photoWall, e.Duration)
		if e.Doc == "photo" {
			upright = e
		}
	}
	if len(photoCPU) > 0 {
		add(row{fmt.Sprintf("median per photo, local reader (%d photos)", len(photoCPU)),
			fmt.Sprintf("%s (CPU %s)", dur(median(photoWall)), dur(median(photoCPU))), "", "", "<= 1.5x before issue 9 (docs/performance.md)", "info"})
	}
	for _, e := range r.Evidence {
		if e.Reader != "local" || upright.CPU == 0 || !strings.HasPrefix(e.Doc, "photo-") || e.Doc == "photo-4mb" {
			continue
		}
		ratio := float64(e.CPU) / float64(upright.CPU)
		add(row{e.Doc + " vs upright photo, local reader",
			fmt.Sprintf("%s (CPU %s), %s", dur(e.Duration), dur(e.CPU), e.Answer),
			fmt.Sprintf("upright: %s (CPU %s), %s", dur(upright.Duration), dur(upright.CPU), upright.Answer),
			fmt.Sprintf("CPU %.2fx", ratio), "<= 2x (on CPU)", atMost(ratio, 2)})
	}

	add(hostileRows(r.Hostile)...)

	m := r.Machine
	fmt.Fprintf(w, "\nPerformance against floors and budgets (%s; %d CPUs; %s; %s RAM; load average %s before, %s after; took %s)\n\n",
		m.CPU, m.CPUs, m.Go, m.MemTotal, m.LoadBefore, m.LoadAfter, m.Took)
	fmt.Fprintln(w, "| Measure | Ours | Floor | Ratio | Budget | Verdict |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for i, rw := range rows {
		if strings.HasPrefix(rw.measure, "**") && (i+1 == len(rows) || strings.HasPrefix(rows[i+1].measure, "**")) {
			continue // a section this run did not measure
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", rw.measure, rw.ours, rw.floor, rw.ratio, rw.budget, rw.verdict)
	}
	writeCosts(w, r.Costs)
}

func findCold(cs []coldStart, name string) (coldStart, bool) {
	for _, c := range cs {
		if c.Name == name {
			return c, true
		}
	}
	return coldStart{}, false
}

func firstConns(r results) int {
	if len(r.Load) == 0 {
		return 0
	}
	return r.Load[0].Conns
}

func firstRounds(r results) int {
	if len(r.Load) == 0 {
		return 0
	}
	return r.Load[0].Rounds
}

// Verdicts say by how much a budget holds or fails.
func atMost(v, limit float64) string {
	if v <= limit {
		return "holds"
	}
	if limit == 0 {
		return "FAILS"
	}
	if over := (v/limit - 1) * 100; over < 10 {
		return fmt.Sprintf("FAILS by %.1f%%", over)
	}
	return fmt.Sprintf("FAILS by %.0f%%", (v/limit-1)*100)
}

func atMostDur(v, limit time.Duration) string { return atMost(float64(v), float64(limit)) }

func atLeast(v, limit float64) string {
	if v >= limit {
		return fmt.Sprintf("holds (+%.0f points)", (v-limit)*100)
	}
	return fmt.Sprintf("FAILS by %.0f points", (limit-v)*100)
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
	case d < 0:
		return "-" + dur(-d)
	case d < time.Millisecond:
		return fmt.Sprintf("%.0f µs", float64(d)/float64(time.Microsecond))
	case d < 100*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	case d < 10*time.Second:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// Prices (list prices, us-east-1, to be checked before relying on them).
const (
	pricePerGBSecondARM = 0.0000133334 // Lambda arm64
	pricePerMRequests   = 0.20         // Lambda requests, per million
	priceAPIGWPerM      = 3.50         // API Gateway REST API, per million (first 333 M)
	priceTextractPage   = 0.0015       // Textract DetectDocumentText, per page (first 1 M pages a month)
	fullVCPUMemoryMB    = 1769         // Lambda gives one vCPU at this memory size, in proportion below it
)

// awsWait is the time a request waits on AWS services, assumed (typical
// in-region p50s, not measured here): replace with X-Ray figures once
// deployed.
var awsWait = map[string]time.Duration{
	"get-protocols":             0,
	"create-lead":               8 * time.Millisecond,                                              // DynamoDB PutItem
	"verify-evidence pdf":       30*time.Millisecond + 5*time.Millisecond + 8*time.Millisecond,     // S3 PutObject, GetItem, PutItem
	"verify-evidence photo":     30*time.Millisecond + 13*time.Millisecond + 1500*time.Millisecond, // and Textract
	"verify-evidence photo-4mb": 150*time.Millisecond + 13*time.Millisecond + 3000*time.Millisecond,
}

var memorySizes = []int{128, 256, 512, 1024}

// cost is the estimated bill of a million requests at one memory size.
type cost struct {
	Case             string
	MemoryMB         int
	CPU, Wait        time.Duration // measured CPU per warm invocation; assumed AWS wait
	ScaledCPU        time.Duration // CPU at this size's share of a vCPU
	InitCPU          time.Duration
	RSS              int64
	Billed, InitBill time.Duration
	LambdaPerM       float64 // duration charge per million warm requests
	TextractPerM     float64
	TotalPerM        float64 // with requests, API Gateway and Textract
	ColdExtraPerM    float64 // added per million cold starts
	Recommended      bool
}

// estimateCosts prices each function at each memory size from the
// measured CPU (scaled by Lambda's CPU share at that size) plus the
// assumed AWS wait. The recommended size is the smallest whose memory
// stays under half full and whose cold start (init CPU at that share)
// stays under 250 ms.
func estimateCosts(r results) []cost {
	type fn struct {
		name         string
		cpu, initCPU time.Duration
		rss          int64
		pages        int
	}
	var fns []fn
	for _, c := range r.ColdStarts {
		if c.Name == "hello" || c.Name == "verify-evidence" {
			continue
		}
		fns = append(fns, fn{c.Name, c.WarmCPU, c.InitCPU, c.RSS, 0})
	}
	vInit := time.Duration(0)
	if c, ok := findCold(r.ColdStarts, "verify-evidence"); ok {
		vInit = c.InitCPU
	}
	for _, e := range r.Evidence {
		if e.Reader != "textract" {
			continue
		}
		name, pages := "verify-evidence "+e.Doc, 0
		if e.Doc != "pdf" {
			pages = 1 // Textract reads images; PDFs' text layers are read in Go
		}
		fns = append(fns, fn{name, e.CPU, vInit, e.RSS, pages})
	}
	var out []cost
	for _, f := range fns {
		recommended := false
		for _, m := range memorySizes {
			share := min(1, float64(m)/fullVCPUMemoryMB)
			c := cost{Case: f.name, MemoryMB: m, CPU: f.cpu, Wait: awsWait[f.name], InitCPU: f.initCPU, RSS: f.rss}
			c.ScaledCPU = time.Duration(float64(f.cpu) / share)
			c.Billed = ceilMS(c.ScaledCPU + c.Wait)
			c.InitBill = ceilMS(time.Duration(float64(f.initCPU) / share))
			gb := float64(m) / 1024
			c.LambdaPerM = 1e6 * gb * c.Billed.Seconds() * pricePerGBSecondARM
			c.TextractPerM = 1e6 * float64(f.pages) * priceTextractPage
			c.TotalPerM = c.LambdaPerM + pricePerMRequests + priceAPIGWPerM + c.TextractPerM
			c.ColdExtraPerM = 1e6 * gb * c.InitBill.Seconds() * pricePerGBSecondARM
			if !recommended && f.rss <= int64(m)<<20/2 && c.InitBill <= 250*time.Millisecond {
				c.Recommended, recommended = true, true
			}
			out = append(out, c)
		}
	}
	return out
}

func ceilMS(d time.Duration) time.Duration {
	return time.Duration(math.Ceil(float64(d)/float64(time.Millisecond))) * time.Millisecond
}

func writeCosts(w io.Writer, cs []cost) {
	fmt.Fprintf(w, "\nEstimated cost per million requests, arm64, us-east-1 list prices ($%.10f/GB-s, $%.2f/M requests, API Gateway REST $%.2f/M, Textract $%.4f/page);\n",
		pricePerGBSecondARM, pricePerMRequests, priceAPIGWPerM, priceTextractPage)
	fmt.Fprintln(w, "billed = measured CPU x (1769 MB / memory) + assumed AWS wait; * = recommended (smallest size at most half full with a cold start under 250 ms)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Recommended memory per function (the largest its cases need): "+recommendations(cs))
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| Case | Memory | Warm billed (CPU at that share + assumed AWS wait) | Lambda $/M warm | Total $/M (with requests, API GW, Textract) | Cold start billed | + $/M cold starts | Peak RSS |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, c := range cs {
		mark := ""
		if c.Recommended {
			mark = " *"
		}
		fmt.Fprintf(w, "| %s | %d MB%s | %s (%s + %s) | $%.3f | $%.2f | %s | $%.3f | %s |\n",
			c.Case, c.MemoryMB, mark, dur(c.Billed), dur(c.ScaledCPU), dur(c.Wait), c.LambdaPerM, c.TotalPerM, dur(c.InitBill), c.ColdExtraPerM, mb(c.RSS))
	}
}

// recommendations is each function's recommended size: the largest any of
// its cases ("verify-evidence photo-4mb" is verify-evidence's) needs.
func recommendations(cs []cost) string {
	var order []string
	size := map[string]int{}
	for _, c := range cs {
		fn, _, _ := strings.Cut(c.Case, " ")
		if _, ok := size[fn]; !ok {
			order = append(order, fn)
			size[fn] = 0
		}
		if c.Recommended {
			size[fn] = max(size[fn], c.MemoryMB)
		}
	}
	var parts []string
	for _, fn := range order {
		if size[fn] == 0 {
			parts = append(parts, fn+" over 1024 MB")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d MB", fn, size[fn]))
	}
	return strings.Join(parts, ", ")
}
