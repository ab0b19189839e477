// Package cli runs a command of cmd/ the way every one of them runs: its
// context is cancelled by an interrupt or SIGTERM, and an error ends it
// with one line on stderr, "<name>: <error>", and exit status 1.
// (lambdahttp.Start is the same for the Lambda functions.)
package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Main runs run until it returns or a signal cancels its context, and
// exits 1 if it failed.
func Main(name string, run func(ctx context.Context) error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx)
	stop()
	if code := report(name, err, os.Stderr); code != 0 {
		os.Exit(code)
	}
}

// report writes err's line to stderr and returns the exit status.
func report(name string, err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return 1
}
