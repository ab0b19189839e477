package docread

import (
	"testing"

	"github.com/clinicplatform/intake/internal/evidence"
)

// A PDF after leading bytes is read from its header; Textract reads the
// trimmed bytes of a one-page file and the staged object of a longer one.
func TestFromPDFHeader(t *testing.T) {
	pdf := []byte("%PDF-1.7\n...")
	bom := append([]byte("\xef\xbb\xbf"), pdf...)
	for _, tt := range []struct {
		name    string
		doc     evidence.Document
		wantKey string
	}{
		{"header first: untouched", evidence.Document{Body: pdf, Key: "k", Pages: 1}, "k"},
		{"one page after a BOM: trimmed bytes, no key", evidence.Document{Body: bom, Key: "k", Pages: 1}, ""},
		{"uncounted after a BOM: trimmed bytes, no key", evidence.Document{Body: bom, Key: "k"}, ""},
		{"three pages after a BOM: the staged object for Textract's job", evidence.Document{Body: bom, Key: "k", Pages: 3}, "k"},
	} {
		got := fromPDFHeader(tt.doc)
		if string(got.Body) != string(pdf) || got.Key != tt.wantKey || got.Pages != tt.doc.Pages {
			t.Errorf("%s: body %.12q key %q pages %d; want the PDF from its header, key %q", tt.name, got.Body, got.Key, got.Pages, tt.wantKey)
		}
	}
}
