package pageimage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/sandbox"
)

// Command decodes HEIC and AVIF by running cmd/heif-decode, a helper
// program that holds the WebAssembly decoders, under the sandbox's
// limits (address space, CPU, time, one per CPU at once). A function that
// is never sent such a file never starts it.
type Command struct {
	// Path of heif-decode; a bare name is looked for beside this
	// program's own executable (where Makefile.build puts it in the
	// Lambda package).
	Path string
}

var _ HEIFDecoder = Command{}

// decoders runs every heif-decode process: one per CPU, each within
// HelperLimits.
var decoders = sandbox.NewPool(0, 0, HelperLimits)

// HelperLimits bound one heif-decode. A Go program reserves far more
// address space than it uses (1.6 GB for the sample label, with wazero),
// so its memory is bounded by RLIMIT_DATA (its heap, counted in 64 MB
// arenas) and by GOMEMLIMIT, which makes its collector keep the heap near
// what imagebudget's estimate allowed; CPU and time as other helpers.
var HelperLimits = sandbox.Limits{
	AddressSpace: 8 << 30,
	Data:         320 << 20,
	CPU:          sandbox.DefaultLimits.CPU,
	Timeout:      sandbox.DefaultLimits.Timeout,
}

// helperMemLimit is the helper's GOMEMLIMIT.
const helperMemLimit = "160MiB"

// DecodeGray implements HEIFDecoder. A file the helper refuses, or that
// makes it exceed its limits, wraps ErrUndecodable; a helper that cannot
// be found or started wraps derrors.ErrUnavailable.
func (c Command) DecodeGray(ctx context.Context, body []byte) (*image.Gray, error) {
	path := c.Path
	if !strings.Contains(path, "/") {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("find %s: %w: %w", path, derrors.ErrUnavailable, err)
		}
		path = filepath.Join(filepath.Dir(exe), path)
	}
	cmd := exec.CommandContext(ctx, path)
	cmd.Env = append(os.Environ(), "GOMEMLIMIT="+helperMemLimit)
	cmd.Stdin = bytes.NewReader(body)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := decoders.Run(ctx, cmd)
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.Is(err, derrors.ErrBusy):
		return nil, fmt.Errorf("heif-decode: %w", err)
	case errors.Is(err, derrors.ErrOverBudget):
		return nil, fmt.Errorf("heif-decode: %w: %w", err, ErrUndecodable)
	case ctx.Err() != nil:
		return nil, fmt.Errorf("heif-decode: %w: %w", derrors.ErrUnavailable, ctx.Err())
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return nil, fmt.Errorf("heif-decode: %s: %w", firstLine(stderr.String()), derrors.ErrUnavailable)
	case errors.As(err, &exit):
		// Exit status 2 (refused), or killed at its memory limit.
		return nil, fmt.Errorf("heif-decode %s: %s: %w", exit, firstLine(stderr.String()), ErrUndecodable)
	default:
		return nil, fmt.Errorf("run heif-decode: %w: %w", derrors.ErrUnavailable, err)
	}
	g, err := imageprep.DecodePGM(stdout.Bytes())
	if err != nil {
		return nil, fmt.Errorf("heif-decode output: %w: %w", err, derrors.ErrUnavailable)
	}
	return g, nil
}

// firstLine is a short diagnostic from the helper's stderr (its own
// messages, never the image).
func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s[:min(len(s), 200)]
}
