// Hybrid-reference files: a classic xref table whose trailer points to a
// cross-reference stream (/XRefStm) for the objects kept in object streams.

package pdftext

import (
	"bytes"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
)

// A hybrid-reference file (PDF 1.5, section 7.5.8.4; written so that
// readers older than PDF 1.5 still open the file) lists the
// objects stored in object streams only in the stream its last trailer's
// /XRefStm names. The pdf package reads the classic table and not that
// stream, so the page tree, kept in an object stream, is not found ("PDF has
// no pages": unseen161's pdfobjstm uploads, round 30, 2 of 6 unreadable).
// withXRefStm returns body with a cross-reference stream appended that
// lists the table's objects and has the /XRefStm stream as its /Prev, which
// the pdf package follows; any other body is returned as it is. Written by
// hand: the pdf package has no hook for it, and a library that reads such
// files whole (pdfcpu) would replace the reader, not mend one gap.
func withXRefStm(body []byte) []byte {
	start, ok := lastStartXref(body)
	if !ok || start >= len(body) || !bytes.HasPrefix(bytes.TrimLeft(body[start:], " \r\n\t"), []byte("xref")) {
		return body
	}
	tableAt := start + bytes.Index(body[start:], []byte("xref")) + len("xref")
	trailerAt := bytes.Index(body[tableAt:], []byte("trailer"))
	if trailerAt < 0 {
		return body
	}
	trailer := body[tableAt+trailerAt:]
	if end := bytes.Index(trailer, []byte("startxref")); end >= 0 {
		trailer = trailer[:end]
	}
	stm := xrefStmRe.FindSubmatch(trailer)
	if stm == nil || prevRe.Match(trailer) {
		return body // not hybrid, or a chain of revisions: left as it is
	}
	entries, ok := classicEntries(body[tableAt : tableAt+trailerAt])
	if !ok {
		return body
	}
	size := 0
	if m := sizeRe.FindSubmatch(trailer); m != nil {
		size, _ = strconv.Atoi(string(m[1]))
	}
	for n := range entries {
		size = max(size, n+1)
	}
	self := size // the appended stream's own object number
	at := len(body) + 1
	if self > maxClassicEntries || at > 0xFFFFFFFF {
		return body
	}
	entries[self] = classicEntry{offset: at}
	// Runs of consecutive numbers, each an /Index pair.
	var index bytes.Buffer
	var data []byte
	numbers := slices.Sorted(maps.Keys(entries))
	for k := 0; k < len(numbers); {
		run := k
		for run+1 < len(numbers) && numbers[run+1] == numbers[run]+1 {
			run++
		}
		for _, n := range numbers[k : run+1] {
			e := entries[n]
			data = append(data, 1, byte(e.offset>>24), byte(e.offset>>16), byte(e.offset>>8), byte(e.offset), byte(e.gen>>8), byte(e.gen))
		}
		fmt.Fprintf(&index, "%d %d ", numbers[k], run-k+1)
		k = run + 1
	}
	var out bytes.Buffer
	out.Grow(len(body) + len(data) + 256)
	out.Write(body)
	out.WriteByte('\n')
	fmt.Fprintf(&out, "%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Index [%s] /Prev %s", self, self+1, bytes.TrimSpace(index.Bytes()), stm[1])
	for _, key := range []*regexp.Regexp{rootRe, infoRe, idRe, encryptRe} {
		if m := key.Find(trailer); m != nil {
			out.WriteByte(' ')
			out.Write(m)
		}
	}
	fmt.Fprintf(&out, " /Length %d >>\nstream\n", len(data))
	out.Write(data)
	fmt.Fprintf(&out, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", at)
	return out.Bytes()
}

// classicEntry is an object in use in a classic xref table.
type classicEntry struct{ offset, gen int }

// classicEntries reads a classic xref table's subsections (the text
// between "xref" and "trailer"): the objects in use, by number. Free
// entries are left out, so that the /XRefStm stream's entries for them
// stand. Offsets past 4 GiB do not fit the stream's fields: not ok.
func classicEntries(table []byte) (map[int]classicEntry, bool) {
	fields := bytes.Fields(table)
	out := map[int]classicEntry{}
	for i := 0; i+1 < len(fields); {
		first, err1 := strconv.Atoi(string(fields[i]))
		count, err2 := strconv.Atoi(string(fields[i+1]))
		if err1 != nil || err2 != nil || count < 0 || i+2+3*count > len(fields) || count > maxClassicEntries {
			return nil, false
		}
		i += 2
		for k := range count {
			off, err1 := strconv.Atoi(string(fields[i]))
			gen, err2 := strconv.Atoi(string(fields[i+1]))
			if err1 != nil || err2 != nil || off < 0 || off > 0xFFFFFFFF || gen < 0 || gen > 0xFFFF {
				return nil, false
			}
			if string(fields[i+2]) == "n" {
				out[first+k] = classicEntry{offset: off, gen: gen}
			}
			i += 3
		}
		if len(out) > maxClassicEntries {
			return nil, false
		}
	}
	return out, true
}

// maxClassicEntries bounds the table read for the repair (the structure
// check bounds the objects a file may have far below it).
const maxClassicEntries = 1 << 20

// lastStartXref is the offset the file's last "startxref" gives.
func lastStartXref(body []byte) (int, bool) {
	tail := body[max(0, len(body)-1024):]
	i := bytes.LastIndex(tail, []byte("startxref"))
	if i < 0 {
		return 0, false
	}
	f := bytes.Fields(tail[i+len("startxref"):])
	if len(f) == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(string(f[0]))
	return n, err == nil && n >= 0
}

var (
	xrefStmRe = regexp.MustCompile(`/XRefStm\s+(\d+)`)
	prevRe    = regexp.MustCompile(`/Prev\s+\d+`)
	sizeRe    = regexp.MustCompile(`/Size\s+(\d+)`)
	rootRe    = regexp.MustCompile(`/Root\s+\d+\s+\d+\s+R`)
	infoRe    = regexp.MustCompile(`/Info\s+\d+\s+\d+\s+R`)
	idRe      = regexp.MustCompile(`/ID\s*\[[^\]]*\]`)
	encryptRe = regexp.MustCompile(`/Encrypt\s+\d+\s+\d+\s+R`)
)
