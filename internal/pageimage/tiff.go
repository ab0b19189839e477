package pageimage

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"io"

	"golang.org/x/image/tiff"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/imagebudget"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/tiffifd"
)

// TIFF tags read here.
const (
	tagWidth           = 256
	tagHeight          = 257
	tagCompression     = 259
	tagStripOffsets    = 273
	tagOrientation     = 274
	tagRowsPerStrip    = 278
	tagStripByteCounts = 279
	tagTileWidth       = 322
	tagTileLength      = 323
	tagTileOffsets     = 324
	tagTileByteCounts  = 325
	tagExtraSamples    = 338
	tagJPEGTables      = 347
)

// compressionJPEG is "new-style" JPEG compression (TIFF Technical Note 2),
// what scanners and ImageMagick write; golang.org/x/image/tiff does not
// decode it. Old-style JPEG (6) is left unreadable.
const compressionJPEG = 7

// maxSegments bounds the strips or tiles of one page.
const maxSegments = 1 << 16

// tiffPages decodes the first maxPages pages of a TIFF.
func tiffPages(body []byte, maxPages int) ([]*image.Gray, error) {
	f, ok := tiffifd.Parse(body)
	if !ok {
		return nil, fmt.Errorf("decode TIFF: no TIFF header: %w", ErrUndecodable)
	}
	offs, _, ok := f.Pages(maxPages)
	if !ok || len(offs) == 0 {
		return nil, fmt.Errorf("decode TIFF: its pages are not in the file: %w", ErrUndecodable)
	}
	pages := make([]*image.Gray, 0, len(offs))
	for i, off := range offs {
		g, err := tiffPage(f, body, off)
		if err != nil {
			return nil, fmt.Errorf("decode TIFF page %d: %w: %w", i+1, err, ErrUndecodable)
		}
		orient := imageprep.Upright
		if e, ok := f.Find(off, tagOrientation); ok {
			if v, ok := e.Value(); ok && v >= 1 && v <= 8 {
				orient = imageprep.Orientation(v)
			}
		}
		pages = append(pages, imageprep.Orient(g, orient))
	}
	return pages, nil
}

// tiffPage decodes the page whose IFD is at off, flattened and grey.
func tiffPage(f tiffifd.File, body []byte, off uint32) (*image.Gray, error) {
	if c, ok := f.Find(off, tagCompression); ok {
		if v, _ := c.Value(); v == compressionJPEG {
			return jpegTIFFPage(f, off)
		}
	}
	// golang.org/x/image/tiff decodes a file's first page: hand it the
	// file with its header pointing at this page instead.
	ifd := make([]byte, 4)
	f.Order.PutUint32(ifd, off)
	r := firstPageAt{body: body, patches: []patch{{4, ifd}}}
	cmyk, ok := cmykAsRGBA(f, off)
	if ok {
		r.patches = append(r.patches, cmyk...)
	}
	img, err := tiff.Decode(r)
	if err != nil {
		return nil, err
	}
	if ok {
		if n, isNRGBA := img.(*image.NRGBA); isNRGBA {
			return cmykGray(n), nil
		}
		return nil, fmt.Errorf("a CMYK page decoded as %T", img)
	}
	return FlatGray(img), nil
}

// firstPageAt reads as body with some of its bytes replaced (patches: the
// header's first-IFD offset, bytes 4..7, and any others), without copying
// the file.
type firstPageAt struct {
	body    []byte
	patches []patch
}

// patch is bytes to read at an offset of the file instead of its own.
type patch struct {
	at    int64
	bytes []byte
}

func (r firstPageAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off >= int64(len(r.body)) {
		return 0, io.EOF
	}
	n := copy(p, r.body[off:])
	for _, pt := range r.patches {
		for k, b := range pt.bytes {
			if i := pt.at + int64(k) - off; i >= 0 && i < int64(n) {
				p[i] = b
			}
		}
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// Read is never called: tiff.Decode reads through ReadAt.
func (r firstPageAt) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

// jpegTIFFPage decodes a JPEG-compressed page: each strip or tile is a
// JPEG stream whose tables may be kept once in JPEGTables; each is decoded
// with image/jpeg and drawn in place.
func jpegTIFFPage(f tiffifd.File, off uint32) (*image.Gray, error) {
	width, height := uintTag(f, off, tagWidth), uintTag(f, off, tagHeight)
	if width <= 0 || height <= 0 {
		return nil, fmt.Errorf("JPEG-compressed page without a size")
	}
	segW, segH := width, uintTag(f, off, tagRowsPerStrip)
	offTag, countTag := uint16(tagStripOffsets), uint16(tagStripByteCounts)
	if tw := uintTag(f, off, tagTileWidth); tw > 0 {
		segW, segH = tw, uintTag(f, off, tagTileLength)
		offTag, countTag = tagTileOffsets, tagTileByteCounts
	}
	if segH <= 0 || segH > height {
		segH = height
	}
	offsets, ok1 := values(f, off, offTag)
	counts, ok2 := values(f, off, countTag)
	if !ok1 || !ok2 || len(offsets) != len(counts) {
		return nil, fmt.Errorf("JPEG-compressed page: strips or tiles are not in the file")
	}
	var tables []byte
	if e, ok := f.Find(off, tagJPEGTables); ok {
		t, ok := f.Bytes(e)
		if !ok || len(t) < 4 {
			return nil, fmt.Errorf("JPEG-compressed page: JPEGTables are not in the file")
		}
		tables = t[:len(t)-2] // without its end-of-image marker
	}
	across := (width + segW - 1) / segW
	if want := across * ((height + segH - 1) / segH); len(offsets) < want {
		return nil, fmt.Errorf("JPEG-compressed page: %d strips or tiles for %d", len(offsets), want)
	}
	page := image.NewGray(image.Rect(0, 0, width, height))
	body := f.Raw()
	for i := range offsets {
		start, n := uint64(offsets[i]), uint64(counts[i])
		if start+n > uint64(len(body)) || n < 4 {
			return nil, fmt.Errorf("JPEG-compressed page: segment %d is not in the file", i+1)
		}
		seg := body[start : start+n]
		stream := seg
		if tables != nil {
			stream = append(append(make([]byte, 0, len(tables)+len(seg)), tables...), seg[2:]...)
		}
		// The strip's own header must not claim more than its place on
		// the page: the page's size was the one checked against the budget.
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(stream))
		if err != nil {
			return nil, fmt.Errorf("JPEG-compressed page, segment %d: %w", i+1, err)
		}
		if cfg.Width > segW || cfg.Height > segH {
			return nil, fmt.Errorf("JPEG-compressed page, segment %d claims %d×%d pixels in a %d×%d place: %w", i+1, cfg.Width, cfg.Height, segW, segH,
				derrors.OverBudget(imagebudget.BudgetPixels, int64(segW*segH)))
		}
		img, err := jpeg.Decode(bytes.NewReader(stream))
		if err != nil {
			return nil, fmt.Errorf("JPEG-compressed page, segment %d: %w", i+1, err)
		}
		at := image.Pt((i%across)*segW, (i/across)*segH)
		g := imageprep.Gray(img)
		draw.Draw(page, image.Rectangle{Min: at, Max: at.Add(g.Rect.Size())}, g, g.Rect.Min, draw.Src)
		if (i/across+1)*segH >= height && (i%across+1) == across {
			break
		}
	}
	return page, nil
}

func uintTag(f tiffifd.File, off uint32, tag uint16) int {
	e, ok := f.Find(off, tag)
	if !ok {
		return 0
	}
	v, _ := e.Value()
	return int(v)
}

func values(f tiffifd.File, off uint32, tag uint16) ([]uint32, bool) {
	e, ok := f.Find(off, tag)
	if !ok {
		return nil, false
	}
	return f.Values(e, maxSegments)
}

// tiffAsIs reports whether a TIFF has one page, upright and opaque, in a
// compression golang.org/x/image/tiff decodes.
func tiffAsIs(body []byte) bool {
	f, ok := tiffifd.Parse(body)
	if !ok {
		return false
	}
	offs, more, ok := f.Pages(1)
	if !ok || more || len(offs) != 1 {
		return false
	}
	off := offs[0]
	if c, ok := f.Find(off, tagCompression); ok {
		if v, _ := c.Value(); v == compressionJPEG || v == 6 {
			return false
		}
	}
	if _, ok := f.Find(off, tagExtraSamples); ok {
		return false
	}
	if uintTag(f, off, tagPhotometric) == photometricCMYK {
		return false // decoded through cmykAsRGBA, sent grey
	}
	if e, ok := f.Find(off, tagOrientation); ok {
		if v, _ := e.Value(); v > 1 && v <= 8 {
			return false
		}
	}
	return true
}
