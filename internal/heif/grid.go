package heif

import (
	"encoding/binary"
	"fmt"
)

// Grid is an HEIF primary image made of tiles (as iPhones save every
// photo): the canvas's size and, in row order, each tile as a standalone
// one-image HEIF file. A decoder that reads tile by tile holds one tile
// at a time instead of the whole image several times over.
type Grid struct {
	Rows, Columns int
	Width, Height int // the canvas, before Info's rotation
	Tiles         [][]byte
}

// maxTiles bounds a grid (an iPhone's 48-megapixel grid has 192 tiles).
const maxTiles = 1024

// ParseGrid returns the grid of b's primary item; ok is false when the
// primary item is not a grid of HEVC tiles this package can split.
func ParseGrid(b []byte) (g Grid, ok bool, err error) {
	meta, found := child(b, "meta")
	if !found || len(meta) < 4 {
		return g, false, fmt.Errorf("%w: no meta box", ErrNotHEIF)
	}
	meta = meta[4:]
	primary, err := primaryItem(meta)
	if err != nil {
		return g, false, err
	}
	types, err := itemTypes(meta)
	if err != nil {
		return g, false, err
	}
	if types[primary] != "grid" {
		return g, false, nil
	}
	locs, err := itemLocations(meta)
	if err != nil {
		return g, false, err
	}
	desc, err := itemData(b, meta, locs[primary])
	if err != nil || len(desc) < 8 {
		return g, false, fmt.Errorf("%w: grid descriptor not in the file", ErrNotHEIF)
	}
	g.Rows, g.Columns = int(desc[2])+1, int(desc[3])+1
	if desc[1]&1 == 0 {
		g.Width, g.Height = int(binary.BigEndian.Uint16(desc[4:])), int(binary.BigEndian.Uint16(desc[6:]))
	} else if len(desc) >= 12 {
		g.Width, g.Height = int(binary.BigEndian.Uint32(desc[4:])), int(binary.BigEndian.Uint32(desc[8:]))
	}
	tiles := references(meta, "dimg")[primary]
	if len(tiles) != g.Rows*g.Columns || len(tiles) > maxTiles {
		return g, false, fmt.Errorf("%w: a %d×%d grid of %d tiles", ErrNotHEIF, g.Rows, g.Columns, len(tiles))
	}
	props, assoc, err := properties(meta)
	if err != nil {
		return g, false, err
	}
	for _, id := range tiles {
		if types[id] != "hvc1" {
			return g, false, nil
		}
		loc, found := locs[id]
		if !found || loc.method != 0 {
			return g, false, nil
		}
		data, err := itemData(b, meta, loc)
		if err != nil {
			return g, false, err
		}
		// libheif 1.18 wants pixi (bits per channel) too: the tile's, the
		// grid's, or 8-bit Y'CbCr.
		hvcC, ispe, pixi := property(props, assoc[id], "hvcC"), property(props, assoc[id], "ispe"), property(props, assoc[id], "pixi")
		if pixi == nil {
			pixi = property(props, assoc[primary], "pixi")
		}
		if pixi == nil {
			pixi = newBox("pixi", []byte{0, 0, 0, 0, 3, 8, 8, 8})
		}
		if hvcC == nil || ispe == nil {
			return g, false, nil
		}
		g.Tiles = append(g.Tiles, tileFile([][]byte{hvcC, ispe, pixi}, data))
	}
	return g, true, nil
}

func primaryItem(meta []byte) (uint32, error) {
	pitm, ok := child(meta, "pitm")
	if !ok || len(pitm) < 6 {
		return 0, fmt.Errorf("%w: no primary item", ErrNotHEIF)
	}
	if pitm[0] == 0 {
		return uint32(binary.BigEndian.Uint16(pitm[4:])), nil
	}
	if len(pitm) < 8 {
		return 0, fmt.Errorf("%w: short pitm", ErrNotHEIF)
	}
	return binary.BigEndian.Uint32(pitm[4:]), nil
}

// itemTypes reads iinf: each item's type (hvc1, grid, Exif...).
func itemTypes(meta []byte) (map[uint32]string, error) {
	iinf, ok := child(meta, "iinf")
	if !ok || len(iinf) < 6 {
		return nil, fmt.Errorf("%w: no item information", ErrNotHEIF)
	}
	skip := 6
	if iinf[0] != 0 {
		skip = 8
	}
	if len(iinf) < skip {
		return nil, fmt.Errorf("%w: short iinf", ErrNotHEIF)
	}
	types := map[uint32]string{}
	for _, e := range boxes(iinf[skip:]) {
		if e.typ != "infe" || len(e.body) < 4 {
			continue
		}
		switch v := e.body[0]; {
		case v == 2 && len(e.body) >= 12:
			types[uint32(binary.BigEndian.Uint16(e.body[4:]))] = string(e.body[8:12])
		case v == 3 && len(e.body) >= 14:
			types[binary.BigEndian.Uint32(e.body[4:])] = string(e.body[10:14])
		}
	}
	return types, nil
}

// references reads iref: for each item, the items it refers to by typ, in order.
func references(meta []byte, typ string) map[uint32][]uint32 {
	refs := map[uint32][]uint32{}
	iref, ok := child(meta, "iref")
	if !ok || len(iref) < 4 {
		return refs
	}
	wide := iref[0] != 0
	id := func(b []byte) (uint32, []byte, bool) {
		if wide {
			if len(b) < 4 {
				return 0, nil, false
			}
			return binary.BigEndian.Uint32(b), b[4:], true
		}
		if len(b) < 2 {
			return 0, nil, false
		}
		return uint32(binary.BigEndian.Uint16(b)), b[2:], true
	}
	for _, r := range boxes(iref[4:]) {
		if r.typ != typ {
			continue
		}
		from, rest, ok := id(r.body)
		if !ok || len(rest) < 2 {
			continue
		}
		n := int(binary.BigEndian.Uint16(rest))
		rest = rest[2:]
		for range n {
			to, more, ok := id(rest)
			if !ok {
				break
			}
			refs[from] = append(refs[from], to)
			rest = more
		}
	}
	return refs
}

type location struct {
	method  int // 0: in the file, 1: in idat
	base    uint64
	extents [][2]uint64 // offset, length
}

// itemLocations reads iloc.
func itemLocations(meta []byte) (map[uint32]location, error) {
	b, ok := child(meta, "iloc")
	if !ok || len(b) < 8 {
		return nil, fmt.Errorf("%w: no item locations", ErrNotHEIF)
	}
	version := b[0]
	offSize, lenSize, baseSize, idxSize := int(b[4]>>4), int(b[4]&15), int(b[5]>>4), int(b[5]&15)
	if version == 0 {
		idxSize = 0
	}
	b = b[6:]
	r := reader{b: b}
	var count uint64
	if version < 2 {
		count = r.uint(2)
	} else {
		count = r.uint(4)
	}
	if count > maxBoxes {
		return nil, fmt.Errorf("%w: %d item locations", ErrNotHEIF, count)
	}
	locs := map[uint32]location{}
	for range count {
		var id uint64
		if version < 2 {
			id = r.uint(2)
		} else {
			id = r.uint(4)
		}
		var loc location
		if version >= 1 {
			loc.method = int(r.uint(2) & 15)
		}
		r.uint(2) // data reference index
		loc.base = r.uint(baseSize)
		n := r.uint(2)
		if n > maxBoxes {
			return nil, fmt.Errorf("%w: %d extents", ErrNotHEIF, n)
		}
		for range n {
			r.uint(idxSize)
			off, length := r.uint(offSize), r.uint(lenSize)
			loc.extents = append(loc.extents, [2]uint64{off, length})
		}
		if r.short {
			return nil, fmt.Errorf("%w: short iloc", ErrNotHEIF)
		}
		locs[uint32(id)] = loc
	}
	return locs, nil
}

// itemData is an item's bytes, from the file or from idat.
func itemData(file, meta []byte, loc location) ([]byte, error) {
	src := file
	if loc.method == 1 {
		idat, ok := child(meta, "idat")
		if !ok {
			return nil, fmt.Errorf("%w: no idat", ErrNotHEIF)
		}
		src = idat
	} else if loc.method != 0 {
		return nil, fmt.Errorf("%w: item construction method %d", ErrNotHEIF, loc.method)
	}
	var out []byte
	for _, e := range loc.extents {
		start, n := loc.base+e[0], e[1]
		if n == 0 || start > uint64(len(src)) || n > uint64(len(src))-start || uint64(len(out))+n > uint64(len(file)) {
			return nil, fmt.Errorf("%w: item data outside the file", ErrNotHEIF)
		}
		out = append(out, src[start:start+n]...)
	}
	return out, nil
}

// properties is ipco's boxes and ipma's associations by item.
func properties(meta []byte) ([]box, map[uint32][]int, error) {
	iprp, ok := child(meta, "iprp")
	if !ok {
		return nil, nil, fmt.Errorf("%w: no item properties", ErrNotHEIF)
	}
	ipco, ok := child(iprp, "ipco")
	if !ok {
		return nil, nil, fmt.Errorf("%w: no item property container", ErrNotHEIF)
	}
	ipma, ok := child(iprp, "ipma")
	if !ok {
		return nil, nil, fmt.Errorf("%w: no item property associations", ErrNotHEIF)
	}
	assoc, err := associations(ipma)
	if err != nil {
		return nil, nil, err
	}
	byItem := map[uint32][]int{}
	for _, a := range assoc {
		byItem[a.item] = append(byItem[a.item], a.props...)
	}
	return boxes(ipco), byItem, nil
}

// property is the raw box of the first property of type typ among idxs.
func property(props []box, idxs []int, typ string) []byte {
	for _, idx := range idxs {
		if idx > 0 && idx <= len(props) && props[idx-1].typ == typ {
			return props[idx-1].raw
		}
	}
	return nil
}

// tileFile is a one-image HEIC: item 1, of type hvc1, with the tile's
// hvcC, ispe and pixi properties (in that order) and its data.
func tileFile(props [][]byte, data []byte) []byte {
	ftyp := newBox("ftyp", []byte("heic\x00\x00\x00\x00mif1heic"))
	hdlr := newBox("hdlr", append(make([]byte, 8), "pict\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"...))
	pitm := newBox("pitm", []byte{0, 0, 0, 0, 0, 1})
	infe := newBox("infe", []byte{2, 0, 0, 0, 0, 1, 0, 0, 'h', 'v', 'c', '1', 0})
	iinf := newBox("iinf", append([]byte{0, 0, 0, 0, 0, 1}, infe...))
	var ipco []byte
	for _, p := range props {
		ipco = append(ipco, p...)
	}
	ipma := newBox("ipma", []byte{0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 3, 0x81, 0x02, 0x83})
	iprp := newBox("iprp", append(newBox("ipco", ipco), ipma...))
	// iloc v0: 4-byte offsets and lengths, no base offset; one extent.
	iloc := func(offset uint32) []byte {
		body := []byte{0, 0, 0, 0, 0x44, 0x00, 0, 1, 0, 1, 0, 0, 0, 1}
		body = binary.BigEndian.AppendUint32(body, offset)
		return newBox("iloc", binary.BigEndian.AppendUint32(body, uint32(len(data))))
	}
	metaBody := func(offset uint32) []byte {
		m := append([]byte{0, 0, 0, 0}, hdlr...)
		m = append(m, pitm...)
		m = append(m, iloc(offset)...)
		m = append(m, iinf...)
		return newBox("meta", append(m, iprp...))
	}
	offset := uint32(len(ftyp) + len(metaBody(0)) + 8)
	out := append(ftyp, metaBody(offset)...)
	return append(out, newBox("mdat", data)...)
}

func newBox(typ string, body []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	return append(append(b, typ...), body...)
}

// reader reads big-endian unsigned fields of 0, 2, 4 or 8 bytes; short is
// set once a field runs past the end.
type reader struct {
	b     []byte
	short bool
}

func (r *reader) uint(n int) uint64 {
	if n == 0 {
		return 0
	}
	if len(r.b) < n || (n != 2 && n != 4 && n != 8) {
		r.short, r.b = true, nil
		return 0
	}
	var v uint64
	for _, c := range r.b[:n] {
		v = v<<8 | uint64(c)
	}
	r.b = r.b[n:]
	return v
}
