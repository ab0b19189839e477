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
		{"heic", "\x00\x00\x00\x18ftypheic\x00\x00", "", "HEIC/HEIF image"},
		{"webp", "RIFF\x24\x00\x00\x00WEBPVP8 ", "", "WebP image"},
		{"gif", "GIF89a", "", "GIF image"},
		{"docx", "PK\x03\x04\x14\x00", "", "ZIP or Office document"},
		{"text claiming nothing", "hello, this is text", "", "unrecognised content"},
		{"pdf magic not at start", " %PDF-1.7", "", "unrecognised content"},
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
				!strings.Contains(v.Messages[0], "accepted types are PDF, JPEG, PNG and TIFF") {
				t.Fatalf("DetectMediaType error = %v; want a validation error naming %q and the accepted types", err, tt.wantErr)
			}
		})
	}
}
