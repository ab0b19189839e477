package evidence

import (
	"errors"
	"strings"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
)

func TestDetectMediaType(t *testing.T) {
	tests := []struct {
		name    string
		head    string
		want    string
		wantErr string // substring of the client message
	}{
		{"pdf", "%PDF-1.7\n", PDF, ""},
		{"jpeg", "\xFF\xD8\xFF\xE0\x00\x10JFIF", JPEG, ""},
		{"png", "\x89PNG\r\n\x1a\n\x00\x00", PNG, ""},
		{"tiff little endian", "II*\x00\x08\x00", TIFF, ""},
		{"tiff big endian", "MM\x00*\x00\x08", TIFF, ""},
		{"heic (iPhone)", "\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic", HEIC, ""},
		{"heic, truncated ftyp", "\x00\x00\x00\x18ftypheic\x00\x00\x00\x00", HEIC, ""},
		{"heif, generic brand with heic compatible", "\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1miafheic", HEIC, ""},
		{"heif, generic brand alone", "\x00\x00\x00\x14ftypmif1\x00\x00\x00\x00mif1", HEIC, ""},
		{"avif", "\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf", AVIF, ""},
		{"avif under a generic major brand", "\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1avifmiaf", AVIF, ""},
		{"webp", "RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00", WebP, ""},
		{"pdf after a UTF-8 byte order mark", "\xEF\xBB\xBF%PDF-1.7\n", PDF, ""},
		{"pdf after a blank line", "\r\n%PDF-1.4\n", PDF, ""},
		{"pdf header at byte 1,019", strings.Repeat(" ", 1019) + "%PDF-1.7", PDF, ""},
		{"pdf header past byte 1,024", strings.Repeat(" ", 1024) + "%PDF-1.7", "", "unrecognised content"},
		{"mp4 video", "\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2", "", "video or ISO media file"},
		{"jpeg quoting a pdf header", "\xFF\xD8\xFF\xFE\x00\x09%PDF-1.7", JPEG, ""},
		{"gif", "GIF89a", "", "GIF image"},
		{"docx", "PK\x03\x04\x14\x00", "", "ZIP or Office document"},
		{"text claiming nothing", "hello, this is text", "", "unrecognised content"},
		{"pdf magic not at start", " %PDF-1.7", PDF, ""},
		{"empty", "", "", "empty file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DetectMediaType([]byte(tt.head))
			if tt.wantErr == "" {
				if err != nil || got != tt.want {
					t.Fatalf("DetectMediaType = %q, %v; want %q", got, err, tt.want)
				}
				return
			}
			var v *derrors.Validation
			if !errors.As(err, &v) || !strings.Contains(v.Messages[0], tt.wantErr) ||
				!strings.Contains(v.Messages[0], "accepted types are PDF, JPEG, PNG, TIFF, HEIC, WebP and AVIF") {
				t.Fatalf("DetectMediaType error = %v; want a validation error naming %q and the accepted types", err, tt.wantErr)
			}
		})
	}
}

func TestPDFStart(t *testing.T) {
	for _, tt := range []struct {
		head string
		want int
	}{
		{"%PDF-1.7", 0},
		{"\xEF\xBB\xBF%PDF-1.7", 3},
		{"\n%PDF-1.4", 1},
		{strings.Repeat("x", 1023) + "%PDF-", 1023},
		{strings.Repeat("x", 1024) + "%PDF-", -1},
		{"%PD", -1},
		{"", -1},
	} {
		if got := PDFStart([]byte(tt.head)); got != tt.want {
			t.Errorf("PDFStart(%.12q...) = %d; want %d", tt.head, got, tt.want)
		}
	}
}
