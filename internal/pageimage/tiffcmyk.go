package pageimage

import (
	"image"

	"github.com/clinicplatform/intake/internal/tiffifd"
)

// A CMYK TIFF (PhotometricInterpretation 5, "separated", four 8-bit inks),
// as document systems and print workflows write it (unseen188's tifftiled,
// round 33: refused as unreadable on both readers), which
// golang.org/x/image/tiff does not decode. Its samples are laid out as an
// RGBA page's are, so the decoder is shown the page as RGB with an
// unassociated extra sample: its PhotometricInterpretation read as 2, and
// an entry it has no use for (a resolution, a name, the ink set) read as
// ExtraSamples = 2. The four channels it gives back are C, M, Y and K.

const (
	tagPhotometric     = 262
	tagBitsPerSample   = 258
	tagSamplesPerPixel = 277
	photometricCMYK    = 5
	photometricRGB     = 2
	extraUnassociated  = 2
)

// spareTags are entries the decoder never reads, any of which may be read
// as the ExtraSamples entry instead.
var spareTags = map[uint16]bool{
	269: true, 270: true, 271: true, 272: true, 282: true, 283: true, 285: true, 296: true, 297: true,
	305: true, 306: true, 315: true, 316: true, 318: true, 319: true, 332: true, 333: true,
}

// cmykAsRGBA are the patches that show the decoder the CMYK page at off as
// an RGBA one; ok is false for any other page, or a CMYK page the decoder
// could not be shown so (not four 8-bit samples, an ExtraSamples entry of
// its own, no spare entry).
func cmykAsRGBA(f tiffifd.File, off uint32) (patches []patch, ok bool) {
	if v := uintTag(f, off, tagPhotometric); v != photometricCMYK || uintTag(f, off, tagSamplesPerPixel) != 4 {
		return nil, false
	}
	if _, has := f.Find(off, tagExtraSamples); has {
		return nil, false
	}
	if bits, ok := values(f, off, tagBitsPerSample); !ok || len(bits) != 4 || bits[0] != 8 || bits[1] != 8 || bits[2] != 8 || bits[3] != 8 {
		return nil, false
	}
	n, ok := f.Entries(off)
	if !ok {
		return nil, false
	}
	// The decoder wants its tags in ascending order: the spare entry
	// read as ExtraSamples (338) is the last one before a tag above 338.
	var photometric, spare int64 = -1, -1
	for i := range n {
		e, ok := f.Entry(off, i)
		if !ok {
			return nil, false
		}
		at := int64(off) + 2 + int64(i)*12
		switch {
		case e.Tag == tagPhotometric && e.Type == tiffifd.Short:
			photometric = at
		case spareTags[e.Tag] && tagAfter(f, off, i, n) > tagExtraSamples:
			spare = at
		}
	}
	if photometric < 0 || spare < 0 {
		return nil, false
	}
	short := func(v uint16) []byte {
		b := make([]byte, 2)
		f.Order.PutUint16(b, v)
		return b
	}
	entry := make([]byte, 12)
	f.Order.PutUint16(entry, tagExtraSamples)
	f.Order.PutUint16(entry[2:], tiffifd.Short)
	f.Order.PutUint32(entry[4:], 1)
	copy(entry[8:], short(extraUnassociated))
	return []patch{{photometric + 8, short(photometricRGB)}, {spare, entry}}, true
}

// tagAfter is the tag of the IFD entry after entry i of n, past the
// largest tag when i is the last.
func tagAfter(f tiffifd.File, off uint32, i, n int) int {
	if i+1 >= n {
		return 1 << 16
	}
	e, ok := f.Entry(off, i+1)
	if !ok {
		return 0
	}
	return int(e.Tag)
}

// cmykGray is the grey of a CMYK page decoded as NRGBA (C, M, Y, K in R,
// G, B, A): each ink's colour as paper shows it, R = (1-C)(1-K) and so
// on, weighed as luminance (Rec. 601).
func cmykGray(n *image.NRGBA) *image.Gray {
	b := n.Rect
	g := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := n.Pix[(y-b.Min.Y)*n.Stride:]
		out := g.Pix[(y-b.Min.Y)*g.Stride:]
		for x := 0; x < b.Dx(); x++ {
			c, m, ye, k := int(row[4*x]), int(row[4*x+1]), int(row[4*x+2]), int(row[4*x+3])
			r, gr, bl := (255-c)*(255-k), (255-m)*(255-k), (255-ye)*(255-k)
			out[x] = uint8((299*r + 587*gr + 114*bl) / (1000 * 255))
		}
	}
	return g
}
