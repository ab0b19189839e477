package tesseract

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"strconv"

	"github.com/clinicplatform/intake/internal/evidence"
)

// smoothPhoto prepares a photo (JPEG) for OCR: grayscale, then a 3×3 box
// blur, returned as a binary PGM. Sensor noise defeats tesseract's global
// threshold; the blur removes it, and on clean images it made no measured
// difference (upscaling small text did not help, so it is not done).
func smoothPhoto(body []byte) ([]byte, error) {
	src, err := jpeg.Decode(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("ocr: decode jpeg: %w: %w", err, evidence.ErrUnreadable)
	}
	return blurredPGM(grayOf(src)), nil
}

// grayOf is the image's luma. A colour JPEG decodes to Y'CbCr, whose Y'
// plane already is the grey image; only other models are converted.
func grayOf(src image.Image) *image.Gray {
	switch m := src.(type) {
	case *image.Gray:
		return m
	case *image.YCbCr:
		return &image.Gray{Pix: m.Y, Stride: m.YStride, Rect: m.Rect}
	}
	b := src.Bounds()
	gray := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(gray, gray.Bounds(), src, b.Min, draw.Src)
	return gray
}

// blurredPGM averages each pixel with its neighbours (edges clamp) and
// returns the result as a binary PGM, which tesseract reads without
// decompressing. The blur is separable: it keeps the horizontal sums of
// three source rows and writes each output row straight into the PGM.
func blurredPGM(src *image.Gray) []byte {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	pgm := make([]byte, 0, len("P5\n \n255\n")+2*20+w*h) // 20: digits of any int64
	pgm = append(pgm, "P5\n"...)
	pgm = strconv.AppendInt(pgm, int64(w), 10)
	pgm = append(pgm, ' ')
	pgm = strconv.AppendInt(pgm, int64(h), 10)
	pgm = append(pgm, "\n255\n"...)
	if w == 0 || h == 0 {
		return pgm
	}
	start := len(pgm)
	pgm = pgm[:start+w*h]

	// sums[y%3] holds the horizontal sums of source row y: row y+1 is
	// summed into the slot of row y-2, which no output row needs any more.
	buf := make([]uint16, 3*w)
	sums := [3][]uint16{buf[:w:w], buf[w : 2*w : 2*w], buf[2*w:]}
	rowSums(sums[0], src.Pix[:w])
	for y := range h {
		if y+1 < h {
			off := (y + 1) * src.Stride
			rowSums(sums[(y+1)%3], src.Pix[off:off+w])
		}
		up, mid, down := sums[max(y-1, 0)%3], sums[y%3], sums[min(y+1, h-1)%3]
		out := pgm[start+y*w : start+(y+1)*w]
		up, mid, down = up[:len(out)], mid[:len(out)], down[:len(out)]
		for x := range out {
			out[x] = uint8((int(up[x]) + int(mid[x]) + int(down[x]) + 4) / 9)
		}
	}
	return pgm
}

// rowSums sets sums[x] to row[x-1] + row[x] + row[x+1], edges clamped.
func rowSums(sums []uint16, row []uint8) {
	w := len(row)
	sums = sums[:w]
	if w == 1 {
		sums[0] = 3 * uint16(row[0])
		return
	}
	sums[0] = 2*uint16(row[0]) + uint16(row[1])
	for x := 1; x < w-1; x++ {
		sums[x] = uint16(row[x-1]) + uint16(row[x]) + uint16(row[x+1])
	}
	sums[w-1] = uint16(row[w-2]) + 2*uint16(row[w-1])
}
