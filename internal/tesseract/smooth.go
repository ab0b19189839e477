package tesseract

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"

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
	b := src.Bounds()
	gray := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(gray, gray.Bounds(), src, b.Min, draw.Src)
	return encodePGM(boxBlur3(gray)), nil
}

// boxBlur3 averages each pixel with its neighbours (edges clamp), as two
// separable passes.
func boxBlur3(src *image.Gray) *image.Gray {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	tmp := make([]uint16, w*h)
	for y := range h {
		row := src.Pix[y*src.Stride : y*src.Stride+w]
		for x := range w {
			tmp[y*w+x] = uint16(row[max(x-1, 0)]) + uint16(row[x]) + uint16(row[min(x+1, w-1)])
		}
	}
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		up, down := max(y-1, 0), min(y+1, h-1)
		for x := range w {
			sum := int(tmp[up*w+x]) + int(tmp[y*w+x]) + int(tmp[down*w+x])
			dst.Pix[y*dst.Stride+x] = uint8((sum + 4) / 9)
		}
	}
	return dst
}

// encodePGM writes a binary PGM, which tesseract reads without decompressing.
func encodePGM(img *image.Gray) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var b bytes.Buffer
	b.Grow(w*h + 32)
	fmt.Fprintf(&b, "P5\n%d %d\n255\n", w, h)
	for y := range h {
		b.Write(img.Pix[y*img.Stride : y*img.Stride+w])
	}
	return b.Bytes()
}
