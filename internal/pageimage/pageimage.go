// Package pageimage turns an uploaded image into its pages as every
// reader sees them: decoded, the right way up (EXIF orientation; HEIF's
// irot and imir), transparent parts flattened on white, and grey. Every
// page of a TIFF is read, up to a page cap, JPEG-compressed ones included.
//
// internal/docread hands these pages to the OCR engines (re-encoded for
// Textract, which takes JPEG, PNG, PDF and TIFF only); a review page can
// show them as the reader saw them. HEIC and AVIF are decoded by a
// HEIFDecoder, kept apart because their decoders are heavy (see
// internal/heif/wasm).
package pageimage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // the accepted upload formats
	_ "image/png"

	_ "golang.org/x/image/webp"

	"github.com/clinicplatform/intake/internal/imageprep"
)

// Media types read (as internal/evidence names them).
const (
	JPEG = "image/jpeg"
	PNG  = "image/png"
	TIFF = "image/tiff"
	WebP = "image/webp"
	HEIC = "image/heic"
	AVIF = "image/avif"
)

// DefaultMaxPages is the page cap when Options.MaxPages is 0: the default
// of EVIDENCE_MAX_PAGES.
const DefaultMaxPages = 5

// HEIFDecoder decodes HEIC and AVIF images.
type HEIFDecoder interface {
	// DecodeGray returns the file's primary image upright (irot, imir),
	// flattened on white and grey. Errors for a file it cannot decode wrap
	// ErrUndecodable.
	DecodeGray(ctx context.Context, body []byte) (*image.Gray, error)
}

// Options are what Pages needs beyond the file.
type Options struct {
	// MaxPages is how many pages of a multi-page TIFF are read (the first
	// ones); DefaultMaxPages when 0.
	MaxPages int
	// HEIF decodes HEIC and AVIF; nil leaves them undecodable.
	HEIF HEIFDecoder
}

// ErrUndecodable: the file's pixels could not be decoded (corrupt, a
// compression or layout no decoder here reads, or no decoder configured).
var ErrUndecodable = errors.New("image cannot be decoded")

// Pages decodes an image upload into its pages, each upright, flattened
// on white and grey. Errors wrap ErrUndecodable when the file is at fault;
// a HEIFDecoder's other errors (it could not run) are returned as they are.
// Pixel budgets are the caller's to check first (internal/imagebudget).
func Pages(ctx context.Context, body []byte, mediaType string, o Options) ([]*image.Gray, error) {
	switch mediaType {
	case JPEG, PNG, WebP:
		img, _, err := image.Decode(bytes.NewReader(body))
		if err != nil {
			return nil, fmt.Errorf("decode %s: %w: %w", mediaType, err, ErrUndecodable)
		}
		return []*image.Gray{imageprep.Orient(FlatGray(img), orientation(body, mediaType))}, nil
	case TIFF:
		return tiffPages(body, cmpOr(o.MaxPages, DefaultMaxPages))
	case HEIC, AVIF:
		if o.HEIF == nil {
			return nil, fmt.Errorf("decode %s: no decoder is configured: %w", mediaType, ErrUndecodable)
		}
		g, err := o.HEIF.DecodeGray(ctx, body)
		if err != nil {
			return nil, fmt.Errorf("decode %s: %w", mediaType, err)
		}
		return []*image.Gray{g}, nil
	}
	return nil, fmt.Errorf("decode %s: not an image type read here: %w", mediaType, ErrUndecodable)
}

// AsIs reports whether an engine that reads JPEG, PNG and TIFF (Textract,
// and tesseract through imageprep.Decode) reads the upload as it is with
// the same result as Pages gives: an upright JPEG, an opaque PNG, a
// one-page TIFF, upright and opaque, in a compression golang.org/x/image
// decodes. Those are passed on without being decoded; anything else is
// converted page by page.
func AsIs(body []byte, mediaType string) bool {
	switch mediaType {
	case JPEG:
		return imageprep.EXIFOrientation(body) == imageprep.Upright
	case PNG:
		return !pngHasAlpha(body)
	case TIFF:
		return tiffAsIs(body)
	}
	return false
}

// orientation is a JPEG's or WebP's EXIF orientation.
func orientation(body []byte, mediaType string) imageprep.Orientation {
	switch mediaType {
	case JPEG:
		return imageprep.EXIFOrientation(body)
	case WebP:
		return webpOrientation(body)
	}
	return imageprep.Upright
}

// webpOrientation reads the orientation tag of a WebP's EXIF chunk (a
// TIFF structure, sometimes behind an "Exif\0\0" prefix).
func webpOrientation(b []byte) imageprep.Orientation {
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return imageprep.Upright
	}
	for i := 12; i+8 <= len(b); {
		size := int(binary.LittleEndian.Uint32(b[i+4:]))
		if size < 0 || size > len(b)-i-8 {
			break
		}
		if string(b[i:i+4]) == "EXIF" {
			exif := bytes.TrimPrefix(b[i+8:i+8+size], []byte("Exif\x00\x00"))
			return imageprep.EXIFOrientation(exif)
		}
		i += 8 + size + size&1
	}
	return imageprep.Upright
}

// pngHasAlpha reports whether a PNG has an alpha channel or a
// transparent colour (tRNS), from its chunks before the image data.
func pngHasAlpha(b []byte) bool {
	const sig = 8
	if len(b) < sig+8+13 {
		return false
	}
	if colorType := b[sig+8+9]; colorType == 4 || colorType == 6 {
		return true
	}
	for i := sig; i+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		typ := string(b[i+4 : i+8])
		if typ == "tRNS" {
			return true
		}
		if typ == "IDAT" || n < 0 || n > len(b)-i-12 {
			return false
		}
		i += 12 + n
	}
	return false
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}
