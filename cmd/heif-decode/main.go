// Command heif-decode decodes one HEIC or AVIF image, read from stdin, to
// the grey page every reader reads (upright, flattened on white), written
// to stdout as a binary PGM. verify-evidence runs it as a helper process
// (pageimage.Command) so that its WebAssembly decoders (internal/heifwasm,
// megabytes of code) stay out of the function's own binary and its memory
// stays out of the function's heap; it is built beside the function's
// bootstrap (Makefile.build). Exit status 2: the file cannot be decoded;
// 1: anything else.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/imagebudget"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/pageimage"
)

// maxInput is above any upload the API accepts (EVIDENCE_FILE_LIMIT_BYTES).
const maxInput = 64 << 20

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "heif-decode:", err)
		if errors.Is(err, pageimage.ErrUndecodable) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	body, err := io.ReadAll(io.LimitReader(in, maxInput))
	if err != nil {
		return fmt.Errorf("read input: %w", err)
	}
	// The caller checked the budget; checked again, the helper holds no
	// trust in what it is handed.
	if _, err := imagebudget.Check(body, 0); err != nil {
		return fmt.Errorf("%w: %w", err, pageimage.ErrUndecodable)
	}
	g, err := heifwasm.Decoder{}.DecodeGray(context.Background(), body)
	if err != nil {
		return err
	}
	if _, err := out.Write(imageprep.PGM(g)); err != nil {
		return fmt.Errorf("write page: %w", err)
	}
	return nil
}
