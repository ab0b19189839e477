package imageprep

import (
	"bytes"
	"fmt"
	"image/jpeg"
)

// UprightJPEG returns body as upright pixels when its EXIF orientation
// says it is stored turned or mirrored: decoded, grey, oriented and
// re-encoded as a JPEG (quality 90) that carries no orientation tag, so
// that every OCR engine (Textract included, which ignores the tag) reads
// the page the right way up. ok is false, and body is not decoded, when
// the file is stored upright or has no tag.
func UprightJPEG(body []byte) (out []byte, ok bool, err error) {
	if EXIFOrientation(body) == Upright {
		return body, false, nil
	}
	g, err := Decode(body)
	if err != nil {
		return nil, false, err
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, g, &jpeg.Options{Quality: 90}); err != nil {
		return nil, false, fmt.Errorf("encode upright image: %w", err)
	}
	return buf.Bytes(), true, nil
}
