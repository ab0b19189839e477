package pdftext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/clinicplatform/intake/internal/evidence"
)

// hybridPDF is a one-page hybrid-reference file as writers that keep PDF
// 1.4 readers in mind write one: the page tree and the page in an object
// stream, listed only in the cross-reference stream the classic trailer's
// /XRefStm names.
func hybridPDF(text string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n")
	offsets := map[int]int{}
	obj := func(n int, body string) {
		offsets[n] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", n, body)
	}
	obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
	content := fmt.Sprintf("BT /F1 12 Tf 72 700 Td (%s) Tj ET", text)
	obj(4, fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content))
	obj(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	pages := "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
	page := "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"
	head := fmt.Sprintf("2 0 3 %d ", len(pages)+1)
	objs := head + pages + " " + page
	obj(6, fmt.Sprintf("<< /Type /ObjStm /N 2 /First %d /Length %d >>\nstream\n%s\nendstream", len(head), len(objs), objs))
	// The cross-reference stream: objects 2 and 3 in object stream 6.
	data := []byte{2, 0, 0, 0, 6, 0, 0, 2, 0, 0, 0, 6, 0, 1}
	obj(7, fmt.Sprintf("<< /Type /XRef /Size 8 /W [1 4 2] /Index [2 2] /Length %d >>\nstream\n%s\nendstream", len(data), data))
	table := b.Len()
	b.WriteString("xref\n0 8\n0000000000 65535 f \n")
	for n := 1; n < 8; n++ {
		if off, ok := offsets[n]; ok {
			fmt.Fprintf(&b, "%010d 00000 n \n", off)
		} else {
			b.WriteString("0000000000 00000 f \n")
		}
	}
	fmt.Fprintf(&b, "trailer\n<< /Size 8 /Root 1 0 R /XRefStm %d >>\nstartxref\n%d\n%%%%EOF\n", offsets[7], table)
	return b.Bytes()
}

// TestHybridReferenceFile: a hybrid-reference file's pages, kept in an
// object stream, are found and read (unseen161's pdfobjstm uploads, round
// 30: "PDF has no pages" on 2 of 6); a file with no /XRefStm is untouched.
func TestHybridReferenceFile(t *testing.T) {
	body := hybridPDF("Wegovy 1 mg FlexTouch")
	n, err := CountPages(context.Background(), body, 5)
	if err != nil || n != 1 {
		t.Fatalf("CountPages = %d, %v; want 1, nil", n, err)
	}
	got, err := Reader{}.Read(context.Background(), evidence.Document{Body: body, MediaType: "application/pdf"})
	if err != nil || len(got.Lines) != 1 || got.Lines[0].Text != "Wegovy 1 mg FlexTouch" {
		t.Fatalf("Read = %+v, %v; want the page's one line", got.Lines, err)
	}
	plain := rawPDF("BT /F1 12 Tf 72 700 Td (Plain) Tj ET", "")
	if !bytes.Equal(withXRefStm(plain), plain) {
		t.Error("a file without /XRefStm was changed")
	}
	// A table that cannot be read leaves the file as it is, and the
	// reader says why it cannot open it.
	broken := bytes.Replace(body, []byte("0000000000 65535 f"), []byte("garbage garbage f"), 1)
	if _, err := CountPages(context.Background(), broken, 5); !errors.Is(err, evidence.ErrUnreadable) {
		t.Errorf("CountPages on a broken table: %v, want unreadable", err)
	}
}
