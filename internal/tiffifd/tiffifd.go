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
