package pagecount_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/pagecount"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

func TestCountPages(t *testing.T) {
	pages := func(n int) [][2]uint32 {
		s := make([][2]uint32, n)
		for i := range s {
			s[i] = [2]uint32{8, 8}
		}
		return s
	}
	// A header, then one empty page (IFD at 8) whose next page is itself.
	loop := []byte("II*\x00\x08\x00\x00\x00\x00\x00\x08\x00\x00\x00")
	tests := []struct {
		name      string
		doc       evidence.Document
		limit     int
		want      int
		wantError bool
	}{
		{name: "one-page PDF", doc: evidence.Document{MediaType: evidence.PDF, Body: hostile.ManyPages(1)}, limit: 5, want: 1},
		{name: "five-page PDF", doc: evidence.Document{MediaType: evidence.PDF, Body: hostile.ManyPages(5)}, limit: 5, want: 5},
		{name: "3,000-page PDF stops past the limit", doc: evidence.Document{MediaType: evidence.PDF, Body: hostile.ManyPages(3000)}, limit: 5, want: 6},
		{name: "five-page PDF after a byte order mark", doc: evidence.Document{MediaType: evidence.PDF, Body: append([]byte("\xef\xbb\xbf"), hostile.ManyPages(5)...)}, limit: 5, want: 5},
		{name: "page tree whose /Count says fewer", doc: evidence.Document{MediaType: evidence.PDF, Body: countSays(hostile.ManyPages(3), 1)}, limit: 5, wantError: true},
		{name: "page tree whose /Count says more", doc: evidence.Document{MediaType: evidence.PDF, Body: countSays(hostile.ManyPages(3), 9)}, limit: 5, wantError: true},
		{name: "not a PDF", doc: evidence.Document{MediaType: evidence.PDF, Body: []byte("%PDF-1.4 nothing")}, limit: 5, wantError: true},
		{name: "one-page TIFF", doc: evidence.Document{MediaType: "image/tiff", Body: hostile.TIFFPages(pages(1)...)}, limit: 5, want: 1},
		{name: "TIFF at the limit", doc: evidence.Document{MediaType: "image/tiff", Body: hostile.TIFFPages(pages(5)...)}, limit: 5, want: 5},
		{name: "40-page TIFF stops past the limit", doc: evidence.Document{MediaType: "image/tiff", Body: hostile.TIFFPages(pages(40)...)}, limit: 5, want: 6},
		{name: "TIFF whose pages loop", doc: evidence.Document{MediaType: "image/tiff", Body: loop}, limit: 5, wantError: true},
		{name: "truncated TIFF", doc: evidence.Document{MediaType: "image/tiff", Body: hostile.TIFFPages(pages(3)...)[:40]}, limit: 5, wantError: true},
		{name: "PNG", doc: evidence.Document{MediaType: "image/png", Body: hostile.PNGHeader(10, 10)}, limit: 5, want: 1},
		{name: "JPEG", doc: evidence.Document{MediaType: "image/jpeg", Body: hostile.JPEGHeader(10, 10)}, limit: 5, want: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := pagecount.Counter{}.CountPages(t.Context(), tt.doc, tt.limit)
			if tt.wantError {
				if !errors.Is(err, evidence.ErrUnreadable) {
					t.Errorf("CountPages = %d, %v; want an error wrapping ErrUnreadable", got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("CountPages = %d, %v; want %d", got, err, tt.want)
			}
		})
	}
}

// countSays rewrites the page tree root's /Count n (same length, so the
// xref offsets hold).
func countSays(pdf []byte, n int) []byte {
	i := bytes.Index(pdf, []byte("/Count "))
	j := i + len("/Count ")
	k := j + bytes.IndexByte(pdf[j:], ' ')
	old := k - j
	num := fmt.Sprintf("%-*d", old, n)
	if len(num) > old {
		num = num[:old]
	}
	out := append([]byte{}, pdf...)
	copy(out[j:k], num)
	return out
}

// BenchmarkCountPages3000: counting a 3,000-page PDF stops past the cap.
func BenchmarkCountPages3000(b *testing.B) {
	doc := evidence.Document{MediaType: evidence.PDF, Body: hostile.ManyPages(3000)}
	for b.Loop() {
		if _, err := (pagecount.Counter{}).CountPages(b.Context(), doc, 5); err != nil {
			b.Fatal(err)
		}
	}
}
