// Package heifwasm decodes HEIC and AVIF images in process: libheif with
// libde265, and libavif with libaom, compiled to WebAssembly and run by
// wazero (github.com/gen2brain/heic and github.com/gen2brain/avif), so the
// binaries stay static and cgo-free. The runtime and each module are
// compiled on first use, never at init. It adds megabytes to a binary
// (docs/performance.md, "Image decoders"), so the Lambda function runs it
// in a helper process (cmd/heif-decode) and only that helper links it.
//
// Build with the nodynamic tag: without it the gen2brain packages link
// purego, which loads a system libheif when it finds one and turns a
// cgo-free binary into one that fakes cgo.
package heifwasm

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"sync"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/heic"

	"github.com/clinicplatform/intake/internal/heif"
	"github.com/clinicplatform/intake/internal/pageimage"
)

// Decoder decodes HEIC and AVIF, one image at a time per process: a
// decode holds the image several times over in WebAssembly memory.
type Decoder struct{}

var _ pageimage.HEIFDecoder = Decoder{}

var one sync.Mutex

// DecodeGray implements pageimage.HEIFDecoder. The pixel budget is the
// caller's to check from heif.Parse first.
func (Decoder) DecodeGray(ctx context.Context, body []byte) (g *image.Gray, err error) {
	info, err := heif.Parse(body)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", err, pageimage.ErrUndecodable)
	}
	one.Lock()
	defer one.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	defer func() {
		// A module that traps is an error from wazero; anything that
		// still panics in the host-side glue is the file's fault too.
		if p := recover(); p != nil {
			g, err = nil, fmt.Errorf("decode HEIF image: panic %T: %w", p, pageimage.ErrUndecodable)
		}
	}()
	var img image.Image
	isAVIF := heif.IsAVIF(body)
	if isAVIF {
		img, err = avif.Decode(bytes.NewReader(body))
	} else {
		img, err = heic.Decode(bytes.NewReader(body))
	}
	if err != nil {
		return nil, fmt.Errorf("decode HEIF image: %w: %w", err, pageimage.ErrUndecodable)
	}
	g = pageimage.FlatGray(img)
	if isAVIF {
		// libheif turns and mirrors what it decodes; libavif leaves it
		// to its caller.
		g = info.Orient(g)
	}
	return g, nil
}
