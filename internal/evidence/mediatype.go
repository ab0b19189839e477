package evidence

import (
	"bytes"
	"fmt"

	"github.com/clinicplatform/intake/internal/derrors"
)

// Accepted media types of evidence files.
const (
	PDF  = "application/pdf"
	JPEG = "image/jpeg"
	PNG  = "image/png"
	TIFF = "image/tiff"
	// HEIC is an HEIF image coded with HEVC: iPhones' default photo format.
	HEIC = "image/heic"
	// WebP is what Android share sheets, browsers and messaging apps save.
	WebP = "image/webp"
	// AVIF is an HEIF image coded with AV1 (newer phones and browsers).
	AVIF = "image/avif"
)

// AcceptedTypes names the accepted types for people, in the order the
// documentation lists them.
const AcceptedTypes = "PDF, JPEG, PNG, TIFF, HEIC, WebP and AVIF"

// Extension returns the file name extension the service uses for a type.
func Extension(mediaType string) string {
	switch mediaType {
	case PDF:
		return ".pdf"
	case JPEG:
		return ".jpg"
	case PNG:
		return ".png"
	case TIFF:
		return ".tiff"
	case HEIC:
		return ".heic"
	case WebP:
		return ".webp"
	case AVIF:
		return ".avif"
	}
	return ".bin"
}

// pdfHeaderWindow: readers of PDF (Acrobat, pdf.js, poppler) take a header
// that starts anywhere in a file's first 1,024 bytes, after a byte order
// mark, a blank line or a mail client's leftovers.
const pdfHeaderWindow = 1024

// PDFStart is the offset of a PDF's "%PDF-" header: 0 for a file that
// starts with it, more when bytes come before it, -1 when it does not
// start within the first 1,024 bytes. Readers are handed the file from
// there: the offsets inside a PDF count from its header.
func PDFStart(b []byte) int {
	head := b[:min(len(b), pdfHeaderWindow+len("%PDF-")-1)]
	return bytes.Index(head, []byte("%PDF-"))
}

// DetectMediaType tells the type of an evidence file from its first bytes,
// never from what the client claims. Types we do not take are named in the
// error, so a patient knows to send a PDF or a JPEG instead.
func DetectMediaType(b []byte) (string, error) {
	switch {
	case bytes.HasPrefix(b, []byte("%PDF-")):
		return PDF, nil
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG, nil
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return PNG, nil
	case bytes.HasPrefix(b, []byte("II*\x00")), bytes.HasPrefix(b, []byte("MM\x00*")):
		return TIFF, nil
	case len(b) >= 16 && string(b[0:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return WebP, nil
	}
	if t := heifType(b); t != "" {
		return t, nil
	}
	if PDFStart(b) > 0 {
		// Checked after every signature that must start the file, so a
		// photo whose metadata quotes "%PDF-" stays a photo.
		return PDF, nil
	}
	return "", derrors.Invalid(fmt.Sprintf(
		"file type not accepted (%s); accepted types are %s", describe(b), AcceptedTypes))
}

// heifType is HEIC or AVIF for an HEIF image file (ISO base media with an
// image brand in its leading ftyp box), "" for anything else: a video or
// an image sequence only is not a still image.
func heifType(b []byte) string {
	brands := ftypBrands(b)
	if len(brands) == 0 {
		return ""
	}
	has := func(names ...string) bool {
		for _, br := range brands {
			for _, n := range names {
				if br == n {
					return true
				}
			}
		}
		return false
	}
	switch major := brands[0]; {
	case major == "avif" || major == "avis":
		return AVIF
	case has("heic", "heix", "heim", "heis"):
		return HEIC
	case has("avif"):
		return AVIF
	case has("mif1"):
		// A generic HEIF image: libheif reads its HEVC coding.
		return HEIC
	}
	return ""
}

// ftypBrands returns an ISO base media file's major brand then its
// compatible brands, or nil when the file does not start with an ftyp box.
func ftypBrands(b []byte) []string {
	if len(b) < 16 || string(b[4:8]) != "ftyp" {
		return nil
	}
	size := int(b[0])<<24 | int(b[1])<<16 | int(b[2])<<8 | int(b[3])
	if size < 16 || size > 4096 {
		return nil
	}
	size = min(size, len(b))
	brands := []string{string(b[8:12])}
	for i := 16; i+4 <= size; i += 4 {
		brands = append(brands, string(b[i:i+4]))
	}
	return brands
}

// describe names a rejected file's type for the error message.
func describe(b []byte) string {
	if len(b) >= 12 && string(b[4:8]) == "ftyp" {
		return "video or ISO media file"
	}
	switch {
	case bytes.HasPrefix(b, []byte("GIF8")):
		return "GIF image"
	case bytes.HasPrefix(b, []byte("BM")):
		return "BMP image"
	case bytes.HasPrefix(b, []byte("PK\x03\x04")):
		return "ZIP or Office document"
	case bytes.HasPrefix(b, []byte("\xD0\xCF\x11\xE0")):
		return "legacy Office document"
	case len(b) == 0:
		return "empty file"
	}
	return "unrecognised content"
}
