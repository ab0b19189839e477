// Command eval measures verify-evidence on the generated corpus: each
// market's documents, in every layout and condition, go through the real
// handler (local storage) and every field's rating is scored against the
// truth, once per reader: the local one (PDF text layer, Tesseract) and the
// production one (PDF text layer, internal/textract and the real SDK
// client, against the Textract stand-in of internal/testing/textractstandin,
// which reads with the local reader's OCR). It exits 1 when a bar is
// missed: any false accept or false success, field accuracy under 95% on a
// condition (under 50% on severe), or, with both readers, the production
// path more than 2 points under the local one. -reader, -layout,
// -condition and -market run a slice.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/pagecount"
	"github.com/clinicplatform/intake/internal/testing/corpus"
	"github.com/clinicplatform/intake/internal/testing/eval"
	"github.com/clinicplatform/intake/internal/testing/textractstandin"
)

// config is what to evaluate.
type config struct {
	seed                         uint64
	now                          time.Time
	markets, layouts, conditions []string
	// perCell is how many documents of each layout an image condition gets.
	perCell int
	// bars: check the accuracy targets; otherwise only that nothing was
	// falsely accepted.
	bars bool
	// readers are the readers evaluated, in order: readerLocal,
	// readerTextract.
	readers []string
}

// The readers eval runs the corpus through.
const (
	readerLocal    = "local"
	readerTextract = "textract"
)

// maxGap is how many points of field accuracy the production (Textract)
// path may lose against the local reader on the same corpus (issue 18).
const maxGap = 2.0

// evalBucket is the bucket name the Textract path reads staged documents
// from (the stand-in serves it from the run's local store).
const evalBucket = "eval-evidence"

func main() {
	seed := flag.Uint64("seed", 1, "corpus seed (a seed not used for tuning is a held-out test)")
	markets := flag.String("market", "", "comma-separated markets (default: "+strings.Join(corpus.Markets, ",")+")")
	layouts := flag.String("layout", "", "comma-separated layouts (default: all)")
	conditions := flag.String("condition", "", "comma-separated conditions (default: all): "+strings.Join(corpus.Conditions, ","))
	perCell := flag.Int("per-cell", 1, "documents of each layout per image condition (more: a finer measure, a longer run)")
	progress := flag.Bool("v", false, "print one line per case: its verdicts against the truth")
	reader := flag.String("reader", "both", "local (Tesseract), textract (the production reader against the Textract stand-in), or both")
	flag.Parse()
	readers, err := readersOf(*reader)
	if err != nil {
		fmt.Fprintln(os.Stderr, "eval:", err)
		os.Exit(2)
	}
	var progressOut io.Writer
	if *progress {
		progressOut = os.Stderr
	}
	cfg := config{
		seed: *seed, now: time.Now().UTC(), bars: true, perCell: *perCell,
		markets: split(*markets), layouts: split(*layouts), conditions: split(*conditions),
		readers: readers,
	}
	if err := run(context.Background(), cfg, os.Stdout, progressOut); err != nil {
		fmt.Fprintln(os.Stderr, "eval:", err)
		os.Exit(1)
	}
}

// readersOf is the readers a -reader value names.
func readersOf(v string) ([]string, error) {
	switch v {
	case readerLocal, readerTextract:
		return []string{v}, nil
	case "both":
		return []string{readerLocal, readerTextract}, nil
	}
	return nil, fmt.Errorf("-reader %q: want local, textract or both", v)
}

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// run evaluates every selected market with every selected reader and
// reports whether all met the bars.
func run(ctx context.Context, cfg config, out, progress io.Writer) error {
	local := docread.NewWithTesseract(ctx)
	local.Pages.HEIF = heifwasm.Decoder{} // HEIC and AVIF in process, as make run reads them
	if local.OCR == nil {
		return errors.New("tesseract is not installed: images cannot be read (apt-get install tesseract-ocr)")
	}
	readers := cfg.readers
	if len(readers) == 0 {
		readers = []string{readerLocal}
	}
	markets := cfg.markets
	if len(markets) == 0 {
		markets = corpus.Markets
	}
	var missed []error
	var summary []string
	evaluated := 0
	for _, market := range markets {
		if !slices.Contains(corpus.Markets, market) {
			return fmt.Errorf("unknown market %q (want %s)", market, strings.Join(corpus.Markets, " or "))
		}
		var layouts []string
		for _, l := range cfg.layouts {
			if slices.Contains(corpus.LayoutsFor(market), l) {
				layouts = append(layouts, l)
			}
		}
		if len(cfg.layouts) > 0 && len(layouts) == 0 {
			continue // no selected layout in this market
		}
		cases, err := corpus.Generate(cfg.seed, cfg.now, market, corpus.Options{Layouts: layouts, Conditions: cfg.conditions, PerCell: cfg.perCell})
		if err != nil {
			return err
		}
		if len(cases) == 0 {
			continue
		}
		accuracy := map[string]float64{}
		for _, reader := range readers {
			if progress != nil {
				fmt.Fprintf(progress, "== market %s, reader %s\n", market, reader)
			}
			report, err := evaluate(ctx, market, cfg.now, reader, local, cases, progress)
			if err != nil {
				return err
			}
			evaluated++
			accuracy[reader] = report.Overall.Percent()
			fmt.Fprintf(out, "== market %s, reader %s: %d documents, seed %d\n", market, reader, len(cases), cfg.seed)
			if err := report.WriteText(out); err != nil {
				return err
			}
			fmt.Fprintln(out)
			check := report.NoFalseAccepts
			if cfg.bars {
				check = report.MeetsTargets
			}
			verdict := "meets the bars"
			if err := check(); err != nil {
				missed = append(missed, fmt.Errorf("market %s, reader %s: %w", market, reader, err))
				verdict = err.Error()
			}
			summary = append(summary, fmt.Sprintf("market %s, reader %s: %d cases, fields %d/%d (%.1f%%), success flag %d/%d; %s",
				market, reader, report.Cases, report.Overall.Correct, report.Overall.Total, report.Overall.Percent(),
				report.Success.Correct, report.Success.Total, verdict))
		}
		if l, ok := accuracy[readerLocal]; ok {
			if t, ok := accuracy[readerTextract]; ok {
				line := fmt.Sprintf("market %s: textract %.1f%% against local %.1f%% (%+.1f points)", market, t, l, t-l)
				if cfg.bars && t < l-maxGap {
					missed = append(missed, fmt.Errorf("market %s: the textract path's field accuracy %.1f%% is more than %.0f points under the local reader's %.1f%%", market, t, maxGap, l))
					line += fmt.Sprintf("; more than %.0f points under", maxGap)
				}
				summary = append(summary, line)
			}
		}
	}
	if evaluated == 0 {
		return errors.New("no cases match the selection")
	}
	fmt.Fprintf(out, "== summary (seed %d)\n%s\n", cfg.seed, strings.Join(summary, "\n"))
	return errors.Join(missed...)
}

// evaluate runs cases through the real handler on a fresh local store,
// reading with reader: the local one (local), or the production path
// against a Textract stand-in that serves the store's staged uploads.
func evaluate(ctx context.Context, market string, now time.Time, reader string, local evidence.Reader, cases []corpus.Case, progress io.Writer) (eval.Report, error) {
	dir, err := os.MkdirTemp("", "eval-*")
	if err != nil {
		return eval.Report{}, err
	}
	defer os.RemoveAll(dir)
	store, err := localstore.Open(dir)
	if err != nil {
		return eval.Report{}, err
	}
	defer store.Close()
	r := local
	if reader == readerTextract {
		objects := textractstandin.ObjectsFunc(func(ctx context.Context, bucket, key, _ string) ([]byte, error) {
			if bucket != evalBucket {
				return nil, textractstandin.ErrNoSuchObject
			}
			up, err := store.Staged(ctx, key)
			return up.Body, err
		})
		production, stop, err := textractstandin.ProductionReader(ctx, evalBucket, objects)
		if err != nil {
			return eval.Report{}, err
		}
		defer stop()
		r = production
	}
	h, err := handler(market, now, store, r)
	if err != nil {
		return eval.Report{}, err
	}
	return eval.Run(ctx, h, cases, eval.Options{Progress: progress})
}

// handler is the real API on embedded storage, set to the corpus's market
// and day.
func handler(market string, now time.Time, store *localstore.Store, reader evidence.Reader) (http.Handler, error) {
	clock := func() time.Time { return now }
	leads, err := lead.NewService(store, store, clock, uuid.NewString)
	if err != nil {
		return nil, err
	}
	// Pages are counted before anything reads a document, as in the
	// function: the page cap, and the Textract reader's choice between
	// one call and a job for a PDF of several pages.
	verifier, err := evidence.NewService(market, evidence.DefaultMaxAge, evidence.Deps{
		Stager: store, Reader: reader, Leads: store, Recorder: store,
		Now: clock, NewID: uuid.NewString, Pages: pagecount.Counter{},
	})
	if err != nil {
		return nil, err
	}
	return api.NewHandler(api.Deps{
		// A 500's cause goes to stderr, so a failed case can be explained
		// (the corpus is synthetic: no one's data is logged).
		Log:               slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})),
		Now:               clock,
		NewID:             uuid.NewString,
		Metrics:           api.NoMetrics{},
		Leads:             leads,
		Evidence:          verifier,
		LeadBodyLimit:     api.DefaultLeadBodyLimit,
		EvidenceFileLimit: api.DefaultEvidenceFileLimit,
	})
}
