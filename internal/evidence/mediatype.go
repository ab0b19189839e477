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
)

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
	}
	return ".bin"
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
	}
	return "", derrors.Invalid(fmt.Sprintf(
		"file type not accepted (%s); accepted types are PDF, JPEG, PNG and TIFF", describe(b)))
}

// describe names a rejected file's type for the error message.
func describe(b []byte) string {
	if len(b) >= 12 && string(b[4:8]) == "ftyp" {
		switch string(b[8:12]) {
		case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1":
			return "HEIC/HEIF image"
		case "avif", "avis":
			return "AVIF image"
		}
		return "video or ISO media file"
	}
	switch {
	case len(b) >= 12 && string(b[0:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "WebP image"
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
