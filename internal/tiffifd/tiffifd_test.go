package tiffifd

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// twoPages is a TIFF structure in order with two IFDs: the first (at 8)
// holds a LONG width, a SHORT height and an ASCII entry; the second (at
// 50) holds one SHORT entry and ends the chain.
func twoPages(order binary.ByteOrder) []byte {
	var b bytes.Buffer
	if order == binary.LittleEndian {
		b.WriteString("II")
	} else {
		b.WriteString("MM")
	}
	w := func(v any) { binary.Write(&b, order, v) }
	w(uint16(42))
	w(uint32(8))
	w(uint16(3))
	w([]uint16{256, Long})
	w([]uint32{1, 70_000})
	w([]uint16{257, Short})
	w(uint32(1))
	w([]uint16{300, 0})
	w([]uint16{270, 2}) // ASCII
	w([]uint32{4, 0})
	w(uint32(50)) // next IFD
	w(uint16(1))
	w([]uint16{0x0112, Short})
	w(uint32(1))
	w([]uint16{6, 0})
	w(uint32(0))
	return b.Bytes()
}

type entry struct {
	Tag, Type uint16
	Count     uint32
	Value     uint32
	HasValue  bool
}

// walk reads every IFD of b as this package's callers do.
func walk(t *testing.T, b []byte) [][]entry {
	t.Helper()
	f, ok := Parse(b)
	if !ok {
		t.Fatal("Parse: not a classic TIFF")
	}
	var pages [][]entry
	for off := f.First; off != 0; {
		n, ok := f.Entries(off)
		if !ok {
			t.Fatalf("Entries(%d): not in the file", off)
		}
		var page []entry
		for i := range n {
			e, ok := f.Entry(off, i)
			if !ok {
				t.Fatalf("Entry(%d, %d): not in the file", off, i)
			}
			v, has := e.Value()
			page = append(page, entry{e.Tag, e.Type, e.Count, v, has})
		}
		pages = append(pages, page)
		if off, ok = f.Next(off, n); !ok {
			t.Fatalf("Next: IFD %d is truncated", len(pages))
		}
	}
	return pages
}

func TestWalkBothByteOrders(t *testing.T) {
	want := [][]entry{
		{{256, Long, 1, 70_000, true}, {257, Short, 1, 300, true}, {270, 2, 4, 0, false}},
		{{0x0112, Short, 1, 6, true}},
	}
	for name, order := range map[string]binary.ByteOrder{"II": binary.LittleEndian, "MM": binary.BigEndian} {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(want, walk(t, twoPages(order))); diff != "" {
				t.Errorf("IFDs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseRefusesWhatIsNotAClassicTIFF(t *testing.T) {
	for name, b := range map[string][]byte{
		"empty":          nil,
		"short header":   []byte("II*\x00\x08\x00\x00"),
		"BigTIFF":        []byte("II+\x00\x08\x00\x00\x00"),
		"order mismatch": []byte("II\x00*\x08\x00\x00\x00"),
		"JPEG":           {0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F'},
	} {
		if _, ok := Parse(b); ok {
			t.Errorf("Parse(%s) = ok, want not a classic TIFF", name)
		}
	}
}

// Every offset is checked against the bytes at hand: a cut file gives
// ok false where its cut falls, never a panic.
func TestCutFileIsOutOfBounds(t *testing.T) {
	full := twoPages(binary.LittleEndian)
	for _, tc := range []struct {
		name                  string
		cut                   int
		entries, entry2, next bool
	}{
		{name: "whole", cut: len(full), entries: true, entry2: true, next: true},
		{name: "no next offset", cut: 8 + 2 + 3*12 + 3, entries: true, entry2: true},
		{name: "third entry cut", cut: 8 + 2 + 2*12 + 11, entries: true},
		{name: "count cut", cut: 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, ok := Parse(full[:tc.cut])
			if !ok {
				t.Fatal("Parse: not a classic TIFF")
			}
			n, ok := f.Entries(f.First)
			if ok != tc.entries {
				t.Errorf("Entries ok = %v, want %v", ok, tc.entries)
			}
			if !ok {
				n = 3
			}
			if _, ok := f.Entry(f.First, 2); ok != tc.entry2 {
				t.Errorf("Entry(2) ok = %v, want %v", ok, tc.entry2)
			}
			if _, ok := f.Next(f.First, n); ok != tc.next {
				t.Errorf("Next ok = %v, want %v", ok, tc.next)
			}
		})
	}
}
