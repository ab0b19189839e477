// Command textract-standin serves the Textract stand-in of
// internal/testing/textractstandin on this machine: Textract's text
// detection calls answered from the local reader's OCR, with S3 objects
// read from a folder. With the local API it runs the production reader
// (internal/textract and the real SDK client) on your own uploads:
//
//	go run ./cmd/textract-standin -objects .local/evidence &
//	TEXT_READER=textract AWS_ENDPOINT_URL_TEXTRACT=http://127.0.0.1:4599 make run
//
// It is test tooling: it measures the path around Textract, not
// Textract's own reading (docs/textract.md). Needs tesseract and pdftoppm.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/clinicplatform/intake/internal/cli"
	"github.com/clinicplatform/intake/internal/testing/textractstandin"
)

func main() {
	cli.Main("textract-standin", func(ctx context.Context) error { return run(ctx, os.Args[1:], os.Stdout) })
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("textract-standin", flag.ContinueOnError)
	addr := flags.String("addr", "127.0.0.1:4599", "where to listen (keep it on loopback: it answers anyone)")
	objects := flags.String("objects", ".local/evidence", "folder the S3 objects are read from: key k is <folder>/k (the local API stages uploads in DATA_DIR/evidence)")
	bucket := flags.String("bucket", "", "the one bucket name served (default: any)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if st, err := os.Stat(*objects); err != nil || !st.IsDir() {
		return fmt.Errorf("-objects %s: not a folder", *objects)
	}
	s, err := textractstandin.NewWithTesseract(ctx, textractstandin.Dir{Bucket: *bucket, Root: *objects})
	if err != nil {
		return err
	}
	url, stop, err := textractstandin.Serve(s, *addr)
	if err != nil {
		return err
	}
	defer stop()
	fmt.Fprintf(stdout, "textract stand-in on %s, objects from %s (set AWS_ENDPOINT_URL_TEXTRACT=%s)\n", url, *objects, url)
	<-ctx.Done()
	return nil
}
