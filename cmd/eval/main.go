// Command eval measures verify-evidence on the generated corpus: each
// market's documents go through the real handler (local storage, PDF text
// layer, Tesseract) and every field's rating is scored against the truth.
// It exits 1 when a target is missed (see eval.Targets).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/corpus"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/eval"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/localstore"
)

func main() {
	seed := flag.Uint64("seed", 1, "corpus seed")
	progress := flag.Bool("v", false, "print one line per case")
	flag.Parse()
	var progressOut io.Writer
	if *progress {
		progressOut = os.Stderr
	}
	if err := run(context.Background(), *seed, time.Now().UTC(), os.Stdout, progressOut); err != nil {
		fmt.Fprintln(os.Stderr, "eval:", err)
		os.Exit(1)
	}
}

// run evaluates every market and reports whether all met the targets.
func run(ctx context.Context, seed uint64, now time.Time, out, progress io.Writer) error {
	reader := docread.NewLocal(ctx)
	if reader.OCR == nil {
		return errors.New("tesseract is not installed: images cannot be read (apt-get install tesseract-ocr)")
	}
	var missed []error
	for _, market := range corpus.Markets {
		cases, err := corpus.Generate(seed, now, market)
		if err != nil {
			return err
		}
		report, err := evaluate(ctx, market, now, reader, cases, progress)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "== market %s: %d documents, seed %d\n", market, len(cases), seed)
		if err := report.WriteText(out); err != nil {
			return err
		}
		fmt.Fprintln(out)
		if err := report.MeetsTargets(); err != nil {
			missed = append(missed, fmt.Errorf("market %s: %w", market, err))
		}
	}
	return errors.Join(missed...)
}

func evaluate(ctx context.Context, market string, now time.Time, reader evidence.Reader, cases []corpus.Case, progress io.Writer) (eval.Report, error) {
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
	return eval.Run(ctx, handler(market, now, store, reader), cases, eval.Options{Progress: progress})
}

// handler is the real API on embedded storage, set to the corpus's market
// and day.
func handler(market string, now time.Time, store *localstore.Store, reader evidence.Reader) http.Handler {
	clock := func() time.Time { return now }
	return api.NewHandler(api.Deps{
		Now:   clock,
		Leads: store,
		Evidence: &evidence.Service{
			Stager: store, Reader: reader, Leads: store, Recorder: store,
			Now: clock, NewID: uuid.NewString, Market: market,
		},
		EvidenceFileLimit: api.DefaultEvidenceFileLimit,
	})
}
