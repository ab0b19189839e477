// Damaged files: a cross-reference table that no longer says where the
// objects are, rebuilt from the objects themselves.

package pdftext

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
)

// Viewers open a PDF whose cross-reference table is wrong (offsets shifted
// by a gateway that turned CRLF into LF, a "startxref" that points nowhere,
// garbage after "%%EOF", an incremental update whose table is off) by
// finding its objects where they are: Poppler, qpdf and Acrobat all do. The
// pdf package trusts the table, and such a file was unreadable (unseen178's
// pdfdamaged uploads, round 32: 5 of 6 refused, "cross-reference table not
// found"). repairXRef returns body with a classic table appended that lists
// every object where the file holds it, and a trailer that keeps the file's
// own /Root, /Info, /ID and /Encrypt, when the file's table does not agree
// with its objects; any other body is returned as it is. Written by hand:
// the pdf package has no repair, and pdfcpu's (which reads the whole file
// its own way) would replace the reader, not mend its table.
//
// Not repaired: a file whose objects are kept in object streams (a classic
// table cannot point into them), and a file with no catalogue to name.
func repairXRef(body []byte) []byte {
	if xrefAgrees(body) || bytes.Contains(body, []byte("/ObjStm")) {
		return body
	}
	objects := scanObjects(body)
	if len(objects) == 0 {
		return body
	}
	keys := trailerKeys(body, objects)
	if !rootRe.Match(keys) {
		return body
	}
	numbers := slices.Sorted(func(yield func(int) bool) {
		for n := range objects {
			if !yield(n) {
				return
			}
		}
	})
	size := numbers[len(numbers)-1] + 1
	if size > maxObjects {
		return body
	}
	at := len(body) + 1
	var out bytes.Buffer
	out.Grow(len(body) + 20*len(numbers) + 256)
	out.Write(body)
	out.WriteString("\nxref\n0 1\n0000000000 65535 f\r\n")
	for k := 0; k < len(numbers); {
		run := k
		for run+1 < len(numbers) && numbers[run+1] == numbers[run]+1 {
			run++
		}
		fmt.Fprintf(&out, "%d %d\n", numbers[k], run-k+1)
		for _, n := range numbers[k : run+1] {
			fmt.Fprintf(&out, "%010d %05d n\r\n", objects[n].offset, objects[n].gen)
		}
		k = run + 1
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d %s >>\nstartxref\n%d\n%%%%EOF\n", size, keys, at)
	return out.Bytes()
}

// maxXrefSections bounds the chain of tables (/Prev) xrefAgrees follows.
const maxXrefSections = 64

// xrefAgrees reports a file whose last "startxref" leads to a
// cross-reference stream (trusted as it is: its entries may point into
// object streams), or to a chain of classic tables each of whose objects in
// use is where the table says.
func xrefAgrees(body []byte) bool {
	start, ok := lastStartXref(body)
	for range maxXrefSections {
		if !ok || start >= len(body) {
			return false
		}
		rest := bytes.TrimLeft(body[start:], " \r\n\t\f\x00")
		if !bytes.HasPrefix(rest, []byte("xref")) {
			return objectHeaderRe.Match(rest[:min(len(rest), 32)])
		}
		tableAt := len(body) - len(rest) + len("xref")
		trailerAt := bytes.Index(body[tableAt:], []byte("trailer"))
		if trailerAt < 0 {
			return false
		}
		entries, read := classicEntries(body[tableAt : tableAt+trailerAt])
		if !read {
			return false
		}
		for n, e := range entries {
			if !objectAt(body, e.offset, n, e.gen) {
				return false
			}
		}
		trailer := body[tableAt+trailerAt:]
		if end := bytes.Index(trailer, []byte("startxref")); end >= 0 {
			trailer = trailer[:end]
		}
		m := prevOffsetRe.FindSubmatch(trailer)
		if m == nil {
			return true
		}
		start, ok = atoiOK(m[1])
	}
	return false
}

// objectAt reports object n (generation gen) beginning at offset off of
// body, whitespace before it allowed.
func objectAt(body []byte, off, n, gen int) bool {
	if off < 0 || off >= len(body) {
		return false
	}
	head := bytes.TrimLeft(body[off:min(len(body), off+64)], " \r\n\t\f\x00")
	want := strconv.Itoa(n) + " " + strconv.Itoa(gen) + " obj"
	if bytes.HasPrefix(head, []byte(want)) {
		return true
	}
	m := objectHeaderRe.FindSubmatch(head)
	return m != nil && string(m[1]) == strconv.Itoa(n) && string(m[2]) == strconv.Itoa(gen)
}

var (
	// objectHeaderRe is an indirect object's header at the start of s.
	objectHeaderRe = regexp.MustCompile(`^(\d{1,7})[ \t\r\n]+(\d{1,5})[ \t\r\n]+obj\b`)
	// objectScanRe is an indirect object's header at a line's start.
	objectScanRe = regexp.MustCompile(`(?:^|[\r\n])[ \t]*(\d{1,7})[ \t\r\n]+(\d{1,5})[ \t\r\n]+obj\b`)
	prevOffsetRe = regexp.MustCompile(`/Prev\s+(\d+)`)
	catalogRe    = regexp.MustCompile(`/Type\s*/Catalog\b`)
	xrefStreamRe = regexp.MustCompile(`/Type\s*/XRef\b`)
)

// scanObjects finds every indirect object's header in body, by number: the
// last one of a number wins, as a later revision replaces an earlier. A
// stream's data is skipped, up to its "endstream", so that a header
// written inside it is not taken for an object. Linear in body: a stream's
// keyword is looked for only near its header, and once no "endstream" is
// left none is looked for again.
func scanObjects(body []byte) map[int]classicEntry {
	out := map[int]classicEntry{}
	noEnd := false // no "endstream" after here
	for pos := 0; pos < len(body); {
		loc := objectScanRe.FindSubmatchIndex(body[pos:])
		if loc == nil {
			break
		}
		n, _ := strconv.Atoi(string(body[pos+loc[2] : pos+loc[3]]))
		gen, _ := strconv.Atoi(string(body[pos+loc[4] : pos+loc[5]]))
		head := pos + loc[2]
		for head > 0 && (body[head-1] == ' ' || body[head-1] == '\t') {
			head--
		}
		if n > 0 && gen <= 0xFFFF && len(out) < maxClassicEntries {
			out[n] = classicEntry{offset: head, gen: gen}
		}
		pos += loc[1]
		if s := streamKeyword(body[pos:min(len(body), pos+dictWindow)]); s >= 0 && !noEnd {
			e := bytes.Index(body[pos+s:], []byte("endstream"))
			if e < 0 {
				noEnd = true
				continue
			}
			pos += s + e + len("endstream")
		}
	}
	return out
}

// dictWindow is how far after an object's header its dictionary's end
// (and a stream's keyword) is looked for.
const dictWindow = 4096

// streamKeyword is where "stream" starts in head, an object's text after
// its header, when it comes before the object's "endobj"; else -1.
func streamKeyword(head []byte) int {
	s := bytes.Index(head, []byte("stream"))
	if end := bytes.Index(head, []byte("endobj")); s < 0 || end >= 0 && end < s {
		return -1
	}
	return s + len("stream")
}

// trailerKeys are the keys of the file's last trailer (or, in a file that
// has none, of its last cross-reference stream's dictionary) that the
// rebuilt trailer keeps: /Root, /Info, /ID and /Encrypt. A file whose
// trailer is lost names its catalogue by the object that says it is one.
func trailerKeys(body []byte, objects map[int]classicEntry) []byte {
	var dict []byte
	if i := bytes.LastIndex(body, []byte("trailer")); i >= 0 {
		dict = body[i:]
		if end := bytes.Index(dict, []byte("startxref")); end >= 0 {
			dict = dict[:end]
		}
	} else if locs := xrefStreamRe.FindAllIndex(body, -1); len(locs) > 0 {
		last := locs[len(locs)-1][0]
		dict = body[max(0, last-1024):min(len(body), last+1024)]
	}
	var keys [][]byte
	for _, key := range []*regexp.Regexp{rootRe, infoRe, idRe, encryptRe} {
		if m := key.Find(dict); m != nil {
			keys = append(keys, m)
		}
	}
	if len(keys) == 0 || !rootRe.Match(keys[0]) {
		if n, gen, ok := catalogObject(body, objects); ok {
			keys = append([][]byte{fmt.Appendf(nil, "/Root %d %d R", n, gen)}, keys...)
		}
	}
	return bytes.Join(keys, []byte(" "))
}

// catalogObject is the object whose dictionary says it is the document's
// catalogue (/Type /Catalog), the last such.
func catalogObject(body []byte, objects map[int]classicEntry) (n, gen int, ok bool) {
	best := -1
	for num, e := range objects {
		dict := body[e.offset:min(len(body), e.offset+dictWindow)]
		if end := bytes.Index(dict, []byte("endobj")); end >= 0 {
			dict = dict[:end]
		}
		if catalogRe.Match(dict) && e.offset > best {
			best, n, gen, ok = e.offset, num, e.gen, true
		}
	}
	return n, gen, ok
}

// atoiOK is s as a non-negative number.
func atoiOK(s []byte) (int, bool) {
	n, err := strconv.Atoi(string(s))
	return n, err == nil && n >= 0
}
