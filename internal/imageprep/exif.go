// Package imageprep turns an uploaded image into the grey, upright page an
// OCR engine reads best: EXIF orientation applied, a page whose text runs
// up or down turned level, and measurements (sensor noise, text line
// height) that decide how to prepare it. It shells out to nothing and
// imports no AWS; internal/tesseract and internal/docread use it.
package imageprep

import (
	"encoding/binary"

	"github.com/clinicplatform/intake/internal/tiffifd"
)

// Orientation is an EXIF orientation (TIFF tag 0x0112): 1 is upright, 3 is
// upside down, 6 and 8 are turned a quarter, 2, 4, 5 and 7 are mirrored.
type Orientation int

// Upright is the orientation of an image stored the right way up.
const Upright Orientation = 1

// EXIFOrientation reads the orientation tag of a JPEG (APP1 Exif segment)
// or TIFF file. Files without the tag, with a value outside 1..8 or that do
// not parse give Upright: the pixels are then shown as stored.
func EXIFOrientation(body []byte) Orientation {
	switch {
	case len(body) >= 4 && body[0] == 0xFF && body[1] == 0xD8:
		return jpegOrientation(body)
	case len(body) >= 8 && (string(body[:4]) == "II*\x00" || string(body[:4]) == "MM\x00*"):
		return tiffOrientation(body)
	}
	return Upright
}

// jpegOrientation walks the JPEG's marker segments up to the first scan
// and reads the first APP1 segment that holds Exif data.
func jpegOrientation(b []byte) Orientation {
	i := 2
	for i+4 <= len(b) {
		if b[i] != 0xFF {
			return Upright
		}
		marker := b[i+1]
		switch {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0x01 || marker >= 0xD0 && marker <= 0xD7: // no length
			i += 2
			continue
		case marker == 0xDA || marker == 0xD9: // start of scan, end of image
			return Upright
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if n < 2 || i+2+n > len(b) {
			return Upright
		}
		seg := b[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return Upright
}

// tiffOrientation reads tag 0x0112 from a TIFF structure's first IFD.
func tiffOrientation(t []byte) Orientation {
	f, ok := tiffifd.Parse(t)
	if !ok || f.First < 8 {
		return Upright
	}
	n, ok := f.Entries(f.First)
	if !ok {
		return Upright
	}
	for k := range n {
		e, ok := f.Entry(f.First, k)
		if !ok {
			return Upright
		}
		if e.Tag != 0x0112 {
			continue
		}
		// SHORT, count 1: the value sits in the entry's first two value bytes.
		if e.Type != tiffifd.Short || e.Count != 1 {
			return Upright
		}
		if v, _ := e.Value(); v >= 1 && v <= 8 {
			return Orientation(v)
		}
		return Upright
	}
	return Upright
}
