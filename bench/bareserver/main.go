// Command bareserver is the floor the local API is measured against: a
// bare net/http server that answers GET with the protocol catalogue and
// POST with a fixed create-lead response, the same bytes the local API
// sends, and does nothing else (no routing, validation, logging or storage).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"

	"github.com/clinicplatform/intake/internal/cli"
	"github.com/clinicplatform/intake/internal/protocol"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:3001", "listen address")
	market := flag.String("market", "uk", "catalogue served on GET")
	postFile := flag.String("post-response", "", "file holding the body answered to POST")
	flag.Parse()
	cli.Main("bareserver", func(ctx context.Context) error { return run(ctx, *addr, *market, *postFile) })
}

// run serves until ctx is done.
func run(ctx context.Context, addr, market, postFile string) error {
	catalogue, err := protocol.Load(market)
	if err != nil {
		return err
	}
	posted := []byte(`{}`)
	if postFile != "" {
		if posted, err = os.ReadFile(postFile); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := catalogue
		if r.Method == http.MethodPost {
			_, _ = io.Copy(io.Discard, r.Body)
			body = posted
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(body)
	})}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}
