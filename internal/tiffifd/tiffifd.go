// Package tiffifd reads the structure of a classic TIFF (a .tiff file, or
// the TIFF inside a JPEG's Exif segment): its header and the 12-byte
// entries of its image file directories (IFDs), with every offset checked
// against the bytes at hand. It decodes no pixels and decides nothing:
// internal/imagebudget walks every page to bound a file's pixels,
// internal/imageprep reads the orientation tag.
package tiffifd

import "encoding/binary"

// File is a classic TIFF structure whose header has been read.
type File struct {
	// Order is the byte order the header names ("II" little, "MM" big endian).
	Order binary.ByteOrder
	// First is the offset of the first IFD (0: none).
	First uint32
	b     []byte
}

// Parse reads b's header: "II*\x00" or "MM\x00*" (byte order and the
// number 42), then the first IFD's offset. ok is false when b is shorter
// than a header or starts otherwise.
func Parse(b []byte) (f File, ok bool) {
	if len(b) < 8 {
		return File{}, false
	}
	switch string(b[:4]) {
	case "II*\x00":
		f.Order = binary.LittleEndian
	case "MM\x00*":
		f.Order = binary.BigEndian
	default:
		return File{}, false
	}
	f.First, f.b = f.Order.Uint32(b[4:8]), b
	return f, true
}

// Entries is the number of entries of the IFD at off; ok is false when
// the count is not inside the file.
func (f File) Entries(off uint32) (n int, ok bool) {
	if uint64(off)+2 > uint64(len(f.b)) {
		return 0, false
	}
	return int(f.Order.Uint16(f.b[off:])), true
}

// Next is the offset of the IFD after the one at off, which has n
// entries (0: it is the last); ok is false when the IFD with its
// next-offset does not fit in the file.
func (f File) Next(off uint32, n int) (next uint32, ok bool) {
	end := uint64(off) + 2 + uint64(n)*12
	if end+4 > uint64(len(f.b)) {
		return 0, false
	}
	return f.Order.Uint32(f.b[end:]), true
}

// Entry is one IFD entry.
type Entry struct {
	Tag, Type uint16
	Count     uint32
	value     []byte
	order     binary.ByteOrder
}

// Field types this package reads a value of.
const (
	Short = 3
	Long  = 4
)

// Entry reads entry i of the IFD at off; ok is false when it does not fit
// in the file.
func (f File) Entry(off uint32, i int) (e Entry, ok bool) {
	at := uint64(off) + 2 + uint64(i)*12
	if at+12 > uint64(len(f.b)) {
		return Entry{}, false
	}
	b := f.b[at : at+12]
	return Entry{Tag: f.Order.Uint16(b), Type: f.Order.Uint16(b[2:]), Count: f.Order.Uint32(b[4:]), value: b[8:], order: f.Order}, true
}

// Value is the entry's first value when its type is Short or Long (held in
// the entry itself); ok is false for any other type.
func (e Entry) Value() (v uint32, ok bool) {
	switch e.Type {
	case Short:
		return uint32(e.order.Uint16(e.value)), true
	case Long:
		return e.order.Uint32(e.value), true
	}
	return 0, false
}

// Byte and Undefined are the field types of byte strings (JPEGTables).
const (
	Byte      = 1
	Undefined = 7
)

// Values reads every value of a Short or Long entry (a strip's offsets,
// say), held in the entry or at the offset it gives; ok is false for other
// types, more than max values, or values outside the file.
func (f File) Values(e Entry, max int) (v []uint32, ok bool) {
	var size uint64
	switch e.Type {
	case Short:
		size = 2
	case Long:
		size = 4
	default:
		return nil, false
	}
	if e.Count == 0 || uint64(e.Count) > uint64(max) {
		return nil, false
	}
	data, ok := f.data(e, size*uint64(e.Count))
	if !ok {
		return nil, false
	}
	v = make([]uint32, e.Count)
	for i := range v {
		if size == 2 {
			v[i] = uint32(f.Order.Uint16(data[2*i:]))
		} else {
			v[i] = f.Order.Uint32(data[4*i:])
		}
	}
	return v, true
}

// Bytes is the value of a Byte or Undefined entry; ok is false for other
// types or bytes outside the file.
func (f File) Bytes(e Entry) ([]byte, bool) {
	if e.Type != Byte && e.Type != Undefined {
		return nil, false
	}
	return f.data(e, uint64(e.Count))
}

// data is an entry's n bytes of values: in the entry when they fit in its
// four value bytes, else at the offset those bytes give.
func (f File) data(e Entry, n uint64) ([]byte, bool) {
	if n <= 4 {
		return e.value[:n], true
	}
	off := uint64(e.order.Uint32(e.value))
	if off+n > uint64(len(f.b)) {
		return nil, false
	}
	return f.b[off : off+n], true
}

// Pages is the offset of each IFD (each page) in file order, at most
// limit of them; more is false when the file has more. ok is false when
// an IFD is outside the file or the chain loops.
func (f File) Pages(limit int) (offs []uint32, more, ok bool) {
	seen := map[uint32]bool{}
	for off := f.First; off != 0; {
		if len(offs) == limit {
			return offs, true, true
		}
		n, ok := f.Entries(off)
		if !ok || seen[off] {
			return offs, false, false
		}
		seen[off] = true
		next, ok := f.Next(off, n)
		if !ok {
			return offs, false, false
		}
		offs = append(offs, off)
		off = next
	}
	return offs, false, true
}

// Find is the IFD at off's entry with tag; ok is false when it has none.
func (f File) Find(off uint32, tag uint16) (Entry, bool) {
	n, ok := f.Entries(off)
	if !ok {
		return Entry{}, false
	}
	for i := range n {
		e, ok := f.Entry(off, i)
		if !ok {
			return Entry{}, false
		}
		if e.Tag == tag {
			return e, true
		}
	}
	return Entry{}, false
}

// Raw is the whole file.
func (f File) Raw() []byte { return f.b }
