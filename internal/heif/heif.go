// Package heif reads what an HEIF image file (HEIC, AVIF: ISO/IEC 23008-12,
// boxes of ISO base media) says about its primary image, in pure Go and
// without decoding it: its size, and how it is to be turned and mirrored
// for display (irot, imir). The pixel budget is checked from it before any
// decoder runs, and the AVIF decoder, which leaves transformations to its
// caller, is oriented by it.
package heif

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"

	"github.com/clinicplatform/intake/internal/imageprep"
)

// Info is what an HEIF file says about its primary image.
type Info struct {
	// Width and Height are the primary image's size as coded (its ispe),
	// before Rotation.
	Width, Height int
	// Rotation is the anticlockwise turn, in quarter turns (0..3), that
	// displays the image (irot).
	Rotation int
	// Mirror is 0 (none), 'v' (mirror about a vertical axis: left and
	// right swap) or 'h' (about a horizontal axis: top and bottom swap),
	// applied after Rotation when irot comes first (imir).
	Mirror byte
	// MirrorFirst is true when imir is associated before irot.
	MirrorFirst bool
	// Items is the number of items in the file; MaxItemPixels the largest
	// size any item claims (the tiles of a grid, a thumbnail).
	Items         int
	MaxItemPixels int
}

// ErrNotHEIF: the file is not an HEIF image this package can read.
var ErrNotHEIF = errors.New("heif: not an HEIF image file")

// maxBoxes bounds the boxes walked, whatever a file claims.
const maxBoxes = 4096

// Parse reads the meta box of an HEIF file: its primary item and that
// item's properties. Errors wrap ErrNotHEIF.
func Parse(b []byte) (Info, error) {
	var info Info
	meta, ok := child(b, "meta")
	if !ok || len(meta) < 4 {
		return info, fmt.Errorf("%w: no meta box", ErrNotHEIF)
	}
	meta = meta[4:] // FullBox version and flags
	pitm, ok := child(meta, "pitm")
	if !ok || len(pitm) < 6 {
		return info, fmt.Errorf("%w: no primary item", ErrNotHEIF)
	}
	var primary uint32
	if pitm[0] == 0 {
		primary = uint32(binary.BigEndian.Uint16(pitm[4:]))
	} else if len(pitm) >= 8 {
		primary = binary.BigEndian.Uint32(pitm[4:])
	}
	iprp, ok := child(meta, "iprp")
	if !ok {
		return info, fmt.Errorf("%w: no item properties", ErrNotHEIF)
	}
	ipco, ok := child(iprp, "ipco")
	if !ok {
		return info, fmt.Errorf("%w: no item property container", ErrNotHEIF)
	}
	props := boxes(ipco)
	ipma, ok := child(iprp, "ipma")
	if !ok {
		return info, fmt.Errorf("%w: no item property associations", ErrNotHEIF)
	}
	assoc, err := associations(ipma)
	if err != nil {
		return info, err
	}
	info.Items = len(assoc)
	var sawRotation, found bool
	for _, a := range assoc {
		for _, idx := range a.props {
			if idx == 0 || idx > len(props) {
				continue
			}
			p := props[idx-1]
			switch p.typ {
			case "ispe":
				if len(p.body) < 12 {
					return info, fmt.Errorf("%w: short ispe", ErrNotHEIF)
				}
				w, h := int(binary.BigEndian.Uint32(p.body[4:])), int(binary.BigEndian.Uint32(p.body[8:]))
				info.MaxItemPixels = max(info.MaxItemPixels, w*h)
				if a.item == primary && !found {
					info.Width, info.Height, found = w, h, true
				}
			case "irot":
				if a.item == primary && len(p.body) >= 1 {
					info.Rotation, sawRotation = int(p.body[0]&3), true
				}
			case "imir":
				if a.item == primary && len(p.body) >= 1 {
					info.Mirror = 'v'
					if p.body[0]&1 == 1 {
						info.Mirror = 'h'
					}
					info.MirrorFirst = !sawRotation
				}
			}
		}
	}
	if !found {
		return info, fmt.Errorf("%w: primary item has no size", ErrNotHEIF)
	}
	return info, nil
}

// Pixels is the primary image's pixel count.
func (i Info) Pixels() int { return i.Width * i.Height }

type box struct {
	typ  string
	body []byte
	raw  []byte // header and body
}

// boxes splits b into boxes, stopping at the first that does not fit.
func boxes(b []byte) []box {
	var out []box
	for len(b) >= 8 && len(out) < maxBoxes {
		size := uint64(binary.BigEndian.Uint32(b))
		typ := string(b[4:8])
		head := uint64(8)
		switch size {
		case 0: // to the end
			size = uint64(len(b))
		case 1: // 64-bit size
			if len(b) < 16 {
				return out
			}
			size, head = binary.BigEndian.Uint64(b[8:]), 16
		}
		if size < head || size > uint64(len(b)) {
			return out
		}
		out = append(out, box{typ, b[head:size], b[:size]})
		b = b[size:]
	}
	return out
}

// child is the body of the first box of type typ in b.
func child(b []byte, typ string) ([]byte, bool) {
	for _, bx := range boxes(b) {
		if bx.typ == typ {
			return bx.body, true
		}
	}
	return nil, false
}

type association struct {
	item  uint32
	props []int // 1-based indexes into ipco, in order
}

// associations reads an ipma box: each item's properties, in order.
func associations(b []byte) ([]association, error) {
	if len(b) < 8 {
		return nil, fmt.Errorf("%w: short ipma", ErrNotHEIF)
	}
	version, flags := b[0], b[3]
	n := binary.BigEndian.Uint32(b[4:])
	b = b[8:]
	if uint64(n)*3 > uint64(len(b)) { // an entry takes 3 bytes at least
		return nil, fmt.Errorf("%w: %d items in a short ipma", ErrNotHEIF, n)
	}
	out := make([]association, 0, n)
	for range n {
		var a association
		if version < 1 {
			if len(b) < 2 {
				return nil, fmt.Errorf("%w: short ipma", ErrNotHEIF)
			}
			a.item, b = uint32(binary.BigEndian.Uint16(b)), b[2:]
		} else {
			if len(b) < 4 {
				return nil, fmt.Errorf("%w: short ipma", ErrNotHEIF)
			}
			a.item, b = binary.BigEndian.Uint32(b), b[4:]
		}
		if len(b) < 1 {
			return nil, fmt.Errorf("%w: short ipma", ErrNotHEIF)
		}
		count := int(b[0])
		b = b[1:]
		for range count {
			var idx int
			if flags&1 == 1 {
				if len(b) < 2 {
					return nil, fmt.Errorf("%w: short ipma", ErrNotHEIF)
				}
				idx, b = int(binary.BigEndian.Uint16(b)&0x7fff), b[2:]
			} else {
				if len(b) < 1 {
					return nil, fmt.Errorf("%w: short ipma", ErrNotHEIF)
				}
				idx, b = int(b[0]&0x7f), b[1:]
			}
			a.props = append(a.props, idx)
		}
		out = append(out, a)
	}
	return out, nil
}

// Orient turns and mirrors g, the primary image as coded, as the file's
// irot and imir say it is displayed.
func (i Info) Orient(g *image.Gray) *image.Gray {
	turn := func(g *image.Gray) *image.Gray {
		return imageprep.Turn(g, (4-i.Rotation)%4) // irot turns anticlockwise
	}
	mirror := func(g *image.Gray) *image.Gray {
		switch i.Mirror {
		case 'v':
			return imageprep.Orient(g, 2)
		case 'h':
			return imageprep.Orient(g, 4)
		}
		return g
	}
	if i.MirrorFirst {
		return turn(mirror(g))
	}
	return mirror(turn(g))
}

// IsAVIF reports whether the file's brands name AV1 coding (avif, avis)
// rather than HEVC.
func IsAVIF(b []byte) bool {
	if len(b) < 16 || string(b[4:8]) != "ftyp" {
		return false
	}
	size := min(int(binary.BigEndian.Uint32(b)), len(b), 4096)
	major := string(b[8:12])
	if major == "avif" || major == "avis" {
		return true
	}
	heic := false
	avif := false
	for i := 16; i+4 <= size; i += 4 {
		switch string(b[i : i+4]) {
		case "heic", "heix", "heim", "heis":
			heic = true
		case "avif":
			avif = true
		}
	}
	return avif && !heic
}
