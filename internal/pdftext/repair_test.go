package pdftext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/clinicplatform/intake/internal/evidence"
)

// TestDamagedFiles: a PDF whose cross-reference table no longer says where
// its objects are, as gateways, interrupted downloads and careless writers
// leave it and as viewers still open it, is read by the objects themselves
// (unseen178's pdfdamaged uploads, round 32: 5 of 6 unreadable).
func TestDamagedFiles(t *testing.T) {
	const line = "Wegovy 1 mg FlexTouch"
	good := rawPDF("BT /F1 12 Tf 72 700 Td ("+line+") Tj ET", "")
	startxref := regexp.MustCompile(`startxref\s+\d+`)
	tests := []struct {
		name   string
		damage func([]byte) []byte
	}{
		{"every offset shifted by a line put in after the header", func(b []byte) []byte {
			return bytes.Replace(b, []byte("\n"), []byte("\n% added by a mail gateway\n"), 1)
		}},
		{"startxref pointing nowhere, no %%EOF, a gateway's text after", func(b []byte) []byte {
			b = startxref.ReplaceAll(b, []byte("startxref\n999"))
			b = bytes.TrimSuffix(bytes.TrimRight(b, "\n"), []byte("%%EOF"))
			return append(b, "\n-- \nScanned by MailGuard: no threats found\n"...)
		}},
		{"every offset off by the CRs a gateway took out of CRLF line ends", func(b []byte) []byte {
			return offsetsShifted(b, 7)
		}},
		{"the table cut off", func(b []byte) []byte {
			i := bytes.LastIndex(b, []byte("\nxref\n")) + 1
			return append(b[:i:i], "xref\n0 1\n"...)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := tt.damage(bytes.Clone(good))
			if xrefAgrees(body) {
				t.Fatal("the damaged table agrees with its objects")
			}
			n, err := CountPages(context.Background(), body, 5)
			if err != nil || n != 1 {
				t.Fatalf("CountPages = %d, %v; want 1, nil", n, err)
			}
			got, err := Reader{}.Read(context.Background(), evidence.Document{Body: body, MediaType: "application/pdf"})
			if err != nil || len(got.Lines) != 1 || got.Lines[0].Text != line {
				t.Fatalf("Read = %+v, %v; want the page's one line", got.Lines, err)
			}
		})
	}
	// Headers without end, as a hostile file may hold: no object found
	// twice over, and no catalogue, so the file stays unreadable.
	hostile := append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte("1 0 obj\n<< >>\nstream\n"), 20_000)...)
	if _, err := CountPages(context.Background(), hostile, 5); !errors.Is(err, evidence.ErrUnreadable) {
		t.Errorf("CountPages on headers without end: %v, want unreadable", err)
	}
	if !xrefAgrees(good) || !bytes.Equal(repairXRef(good), good) {
		t.Error("a file whose table is right was changed")
	}
}

// TestIncrementalUpdateAgrees: a file saved again by an incremental update
// (a later revision of an object, a table of its own whose /Prev names
// the first) agrees with its objects through the chain, and is read as its
// last revision says; the same update with the first table's offsets off
// is rebuilt, the later revision still winning.
func TestIncrementalUpdateAgrees(t *testing.T) {
	good := rawPDF("BT /F1 12 Tf 72 700 Td (First revision) Tj ET", "")
	update := func(base []byte) []byte {
		prev, _ := lastStartXref(base)
		content := "BT /F1 12 Tf 72 700 Td (Wegovy 1 mg FlexTouch) Tj ET"
		var b bytes.Buffer
		b.Write(base)
		at := b.Len()
		fmt.Fprintf(&b, "4 0 obj\n<< /Length %d >>\nstream\n%s\nendstream\nendobj\n", len(content), content)
		table := b.Len()
		fmt.Fprintf(&b, "xref\n4 1\n%010d 00000 n \ntrailer\n<< /Size 9 /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n", at, prev, table)
		return b.Bytes()
	}
	for _, tt := range []struct {
		name   string
		body   []byte
		agrees bool
	}{
		{"the chain agrees", update(good), true},
		{"the first table off", update(offsetsShifted(good, 7)), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := xrefAgrees(tt.body); got != tt.agrees {
				t.Fatalf("xrefAgrees = %v, want %v", got, tt.agrees)
			}
			got, err := Reader{}.Read(context.Background(), evidence.Document{Body: tt.body, MediaType: "application/pdf"})
			if err != nil || len(got.Lines) != 1 || got.Lines[0].Text != "Wegovy 1 mg FlexTouch" {
				t.Fatalf("Read = %+v, %v; want the last revision's one line", got.Lines, err)
			}
		})
	}
}

// offsetsShifted is body with every object's offset in its table k bytes
// further on than the object.
func offsetsShifted(body []byte, k int) []byte {
	table := bytes.LastIndex(body, []byte("\nxref\n"))
	entry := regexp.MustCompile(`(?m)^(\d{10}) (\d{5}) n`)
	shifted := entry.ReplaceAllFunc(body[table:], func(e []byte) []byte {
		off, _ := strconv.Atoi(string(e[:10]))
		return fmt.Appendf(nil, "%010d%s", off+k, e[10:])
	})
	return append(body[:table:table], shifted...)
}

// BenchmarkRepairXRef: what checking every PDF's table against its objects
// costs (the file agrees: nothing is copied), and what rebuilding a damaged
// one's costs, on a five-page letter.
func BenchmarkRepairXRef(b *testing.B) {
	good := denseLetter(b)
	for _, bb := range []struct {
		name string
		pdf  []byte
	}{{"table agrees", good}, {"offsets shifted", offsetsShifted(good, 7)}} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				repairXRef(bb.pdf)
			}
		})
	}
}
