package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"image"
	"os"
	"path/filepath"

	"github.com/clinicplatform/intake/internal/testing/textractstandin"
)

// cachedOCR is the Textract stand-in's engine with what it read on each
// page image kept in dir, keyed by the pixels: with it a replay through the
// production path (-relayout) runs docread, the stand-in's shaping and
// internal/textract's layout again without reading a page twice, so a
// change to the layout can be measured on a set in seconds.
type cachedOCR struct {
	inner textractstandin.OCR
	dir   string
}

func (c cachedOCR) ReadPage(ctx context.Context, page *image.Gray) (textractstandin.Page, error) {
	h := sha256.New()
	var dims [16]byte
	binary.LittleEndian.PutUint64(dims[:8], uint64(page.Rect.Dx()))
	binary.LittleEndian.PutUint64(dims[8:], uint64(page.Rect.Dy()))
	h.Write(dims[:])
	for y := page.Rect.Min.Y; y < page.Rect.Max.Y; y++ {
		row := page.Pix[page.PixOffset(page.Rect.Min.X, y):]
		h.Write(row[:page.Rect.Dx()])
	}
	path := filepath.Join(c.dir, "standin-ocr-"+hex.EncodeToString(h.Sum(nil)[:16])+".json")
	if b, err := os.ReadFile(path); err == nil {
		var p textractstandin.Page
		if json.Unmarshal(b, &p) == nil {
			return p, nil
		}
	}
	p, err := c.inner.ReadPage(ctx, page)
	if err != nil {
		return p, err
	}
	b, err := json.Marshal(p)
	if err != nil {
		return p, err
	}
	return p, os.WriteFile(path, b, 0o644)
}
