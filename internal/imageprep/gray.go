package imageprep

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // the accepted upload formats
	_ "image/png"
	"strconv"

	_ "golang.org/x/image/tiff"
)

// Decode decodes a PNG, JPEG or TIFF (or binary PGM, as pdftoppm renders
// pages) to grey and applies its EXIF orientation, so that the result is
// the page as the camera saw it.
func Decode(body []byte) (*image.Gray, error) {
	if len(body) >= 2 && body[0] == 'P' && body[1] == '5' {
		return DecodePGM(body)
	}
	src, _, err := image.Decode(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("decode image: %w", err)
	}
	return Orient(Gray(src), EXIFOrientation(body)), nil
}

// Gray is the image's luma. A colour JPEG decodes to Y'CbCr, whose Y'
// plane already is the grey image (shared, not copied); other models are
// converted.
func Gray(src image.Image) *image.Gray {
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

// compact is g with its origin at 0,0 and Stride equal to its width.
func compact(g *image.Gray) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if g.Rect.Min == (image.Point{}) && g.Stride == w {
		return g
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		copy(out.Pix[y*w:(y+1)*w], g.Pix[g.PixOffset(g.Rect.Min.X, g.Rect.Min.Y+y):])
	}
	return out
}

// PGM encodes g as a binary PGM, which tesseract reads without
// decompressing.
func PGM(g *image.Gray) []byte {
	g = compact(g)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := make([]byte, 0, 32+w*h)
	out = append(out, "P5\n"...)
	out = strconv.AppendInt(out, int64(w), 10)
	out = append(out, ' ')
	out = strconv.AppendInt(out, int64(h), 10)
	out = append(out, "\n255\n"...)
	return append(out, g.Pix[:w*h]...)
}

// DecodePGM decodes a binary 8-bit PGM (P5, maxval 255) such as pdftoppm
// -gray writes.
func DecodePGM(b []byte) (*image.Gray, error) {
	var fields [3]int
	i := 2
	for f := range fields {
		for i < len(b) && (isSpace(b[i]) || b[i] == '#') {
			if b[i] == '#' {
				for i < len(b) && b[i] != '\n' {
					i++
				}
				continue
			}
			i++
		}
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(string(b[start:i]))
		if err != nil {
			return nil, fmt.Errorf("decode PGM header: %w", err)
		}
		fields[f] = n
	}
	w, h, maxval := fields[0], fields[1], fields[2]
	i++ // the one whitespace byte after maxval
	if maxval != 255 || w <= 0 || h <= 0 || i > len(b) || len(b)-i < w*h {
		return nil, fmt.Errorf("decode PGM: unsupported or truncated %dx%d image, maxval %d", w, h, maxval)
	}
	return &image.Gray{Pix: b[i : i+w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
