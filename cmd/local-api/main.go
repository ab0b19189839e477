// Command local-api serves every route of the API on one local HTTP server,
// with embedded storage in DATA_DIR: no AWS account, no Docker, no network.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/cli"
	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/metrics"
	"github.com/clinicplatform/intake/internal/pagecount"
	"github.com/clinicplatform/intake/internal/protocol"
	"github.com/clinicplatform/intake/internal/quota"
)

func main() {
	cli.Main("local-api", func(ctx context.Context) error { return run(ctx, os.Getenv, os.Stdout) })
}

// run serves until ctx is done.
func run(ctx context.Context, getenv func(string) string, stdout io.Writer) error {
	var cfg config.LocalAPI
	if err := config.Load(getenv, &cfg); err != nil {
		return err
	}
	log := cfg.Logger(stdout)
	store, err := localstore.Open(cfg.DataDir)
	if err != nil {
		return err
	}
	defer store.Close()
	reader, err := newReader(ctx, cfg)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Host, cfg.Port))
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	defer ln.Close()
	// The reference page at /docs calls the API from the API's own origin.
	cfg.CORSAllowedOrigins = append(cfg.CORSAllowedOrigins, ownOrigins(ln.Addr())...)
	// Embedded-format metrics only with METRICS_NAMESPACE set: locally they
	// would only crowd the log.
	h, err := newHandler(cfg, log, store, reader, cfg.Metrics(stdout))
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      90 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	log.Info("local API listening",
		slog.String("url", "http://"+ln.Addr().String()),
		slog.String("reference", "http://"+ln.Addr().String()+pathDocs),
		slog.String("review", "http://"+ln.Addr().String()+pathReview+"{X-Verification-Id}"),
		slog.String("market", cfg.Market),
		slog.String("data_dir", cfg.DataDir),
		slog.String("text_reader", cfg.TextReader),
		slog.Bool("ocr", reader.OCR != nil))

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shut down: %w", err)
	}
	return nil
}

// newHandler wires every route to the embedded store and local readers, and
// serves the API reference page beside them.
func newHandler(cfg config.LocalAPI, log *slog.Logger, store *localstore.Store, reader docread.Reader, emf *metrics.EMF) (http.Handler, error) {
	catalogue, err := protocol.Load(cfg.Market)
	if err != nil {
		return nil, err
	}
	leads, err := lead.NewService(store, store, time.Now, uuid.NewString)
	if err != nil {
		return nil, err
	}
	leadQuota := &quota.Verifications{Counter: store, PerDay: cfg.VerificationsPerLeadPerDay}
	// The same daily allowances as a deployed stack, in the embedded store.
	readerPages := &quota.Daily{Counter: store, Subject: quota.SubjectTextReaderPages,
		PerDay: cfg.TextReaderPagesPerDay, What: "pages read", Usage: emf.TextReaderPagesToday}
	verifications := &quota.Daily{Counter: store, Subject: quota.SubjectVerifications,
		PerDay: cfg.VerificationsPerDay, What: "verifications", Usage: emf.VerificationsToday}
	if reader.OCR != nil {
		reader.OCR = evidence.BudgetedReader{Next: reader.OCR, Budget: readerPages}
	}
	verifier, err := evidence.NewService(cfg.Market, cfg.EvidenceMaxAge, evidence.Deps{
		Stager: store, Reader: reader, Leads: store, Recorder: store,
		Now: time.Now, NewID: uuid.NewString,
		Pages: pagecount.Counter{}, MaxPages: cfg.EvidenceMaxPages,
		Quota: leadQuota, Verifications: verifications, ReaderPages: readerPages,
	})
	if err != nil {
		return nil, err
	}
	h, err := api.NewHandler(api.Deps{
		Log:                log,
		Now:                time.Now,
		NewID:              uuid.NewString,
		Leads:              leads,
		Protocols:          catalogue,
		Evidence:           verifier,
		VerificationQuota:  leadQuota,
		Metrics:            emf,
		LeadBodyLimit:      cfg.LeadBodyLimit,
		EvidenceFileLimit:  cfg.EvidenceFileLimit,
		CORSAllowedOrigins: cfg.CORSAllowedOrigins,
	})
	if err != nil {
		return nil, err
	}
	return withReview(withReference(h), newReviewer(store), log), nil
}

// ownOrigins are the origins a browser gives pages the local API serves
// from addr: the address itself and, on loopback, localhost.
func ownOrigins(addr net.Addr) []string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return nil
	}
	port := strconv.Itoa(tcp.Port)
	origins := []string{"http://" + net.JoinHostPort(tcp.IP.String(), port)}
	if tcp.IP.IsLoopback() || tcp.IP.IsUnspecified() {
		for _, o := range []string{"http://127.0.0.1:" + port, "http://localhost:" + port} {
			if !slices.Contains(origins, o) {
				origins = append(origins, o)
			}
		}
	}
	return origins
}
