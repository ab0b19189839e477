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
	"image/draw"
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
	if heif.IsAVIF(body) {
		img, err := avif.Decode(bytes.NewReader(body))
		if err != nil {
			return nil, fmt.Errorf("decode AVIF image: %w: %w", err, pageimage.ErrUndecodable)
		}
		// libavif leaves turning and mirroring to its caller.
		return info.Orient(pageimage.FlatGray(img)), nil
	}
	grid, ok, err := heif.ParseGrid(body)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", err, pageimage.ErrUndecodable)
	}
	if ok {
		return decodeGrid(ctx, grid, info)
	}
	img, err := heic.Decode(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("decode HEIC image: %w: %w", err, pageimage.ErrUndecodable)
	}
	return pageimage.FlatGray(img), nil // libheif turned and mirrored it
}

// decodeGrid decodes a grid's tiles one at a time into a grey canvas:
// libheif decoding the whole grid holds it several times over (a
// 12-megapixel iPhone photo took 300 MB; tile by tile, the canvas and one
// tile). The grid's rotation and mirroring are then applied to the canvas.
func decodeGrid(ctx context.Context, grid heif.Grid, info heif.Info) (*image.Gray, error) {
	canvas := image.NewGray(image.Rect(0, 0, grid.Width, grid.Height))
	tileW, tileH := 0, 0
	for i, tile := range grid.Tiles {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		img, err := heic.Decode(bytes.NewReader(tile))
		if err != nil {
			return nil, fmt.Errorf("decode HEIC tile %d of %d: %w: %w", i+1, len(grid.Tiles), err, pageimage.ErrUndecodable)
		}
		g := pageimage.FlatGray(img)
		if i == 0 {
			tileW, tileH = g.Rect.Dx(), g.Rect.Dy()
		}
		at := image.Pt((i%grid.Columns)*tileW, (i/grid.Columns)*tileH)
		draw.Draw(canvas, image.Rectangle{Min: at, Max: at.Add(g.Rect.Size())}, g, g.Rect.Min, draw.Src)
	}
	return info.Orient(canvas), nil
}
