package heifwasm_test

import (
	"context"
	"errors"
	"testing"

	"github.com/clinicplatform/intake/internal/heif"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/imagebudget"
	"github.com/clinicplatform/intake/internal/pageimage"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

// FuzzDecodeGray: whatever an HEIC or AVIF holds, once its header is within
// the image budget, libheif and libavif in WebAssembly fail only as
// undecodable: a trap is an error, never a panic or a crash of the host.
// Inputs claiming more than 64 K pixels are left out: what large images
// cost is the budget's (imagebudget) and the helper's limits' to bound,
// and the fuzzer must try many inputs a second.
func FuzzDecodeGray(f *testing.F) {
	f.Add(hostile.HEIFHeader("heic", 64, 64))
	f.Add(hostile.HEIFHeader("avif", 64, 64))
	for _, name := range []string{"small.heic", "small.avif"} {
		b := readFixture(f, name)
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if _, err := imagebudget.Check(body, 0); err != nil {
			return
		}
		if info, err := heif.Parse(body); err == nil && (info.MaxItemPixels > 1<<16 || info.Pixels() > 1<<16 || info.Items > 16) {
			return
		}
		g, err := heifwasm.Decoder{}.DecodeGray(context.Background(), body)
		if err != nil {
			if !errors.Is(err, pageimage.ErrUndecodable) {
				t.Fatalf("error %v does not wrap ErrUndecodable", err)
			}
			return
		}
		if g.Rect.Dx()*g.Rect.Dy() > imagebudget.DefaultMaxPixels {
			t.Fatalf("decoded %v past the pixel budget", g.Rect)
		}
	})
}
