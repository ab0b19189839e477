// Package hostile builds the documents an attacker would upload to make one
// verification cost out of all proportion: deep nesting, endless operators,
// self-drawing forms, decompression bombs, images whose headers claim
// billions of pixels. Tests, fuzz seeds and make bench use them; each is
// generated, so none is committed.
package hostile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"strings"
)

// Document is one hostile upload and the class it stands for.
type Document struct {
	Class string // e.g. "nested-arrays"
	Body  []byte
}

// All returns one document of each class, at the sizes of issue 10's table.
func All() []Document {
	return []Document{
		{"nested-arrays", NestedArrays(12_000_000)},
		{"nested-saves", NestedSaves(1_500_000)},
		{"self-drawing-form", SelfDrawingForm(64)},
		{"repeated-form", RepeatedForm(100_000)},
		{"many-operators", ManyOperators(15_000_000)},
		{"flate-bomb", FlateBomb(1 << 30)},
		{"huge-pdf-image", HugePDFImage(100_000, 100_000)},
		{"many-pages", ManyPages(20_000)},
		{"xref-reach", XrefReach(100_000_000)},
		{"trailer-size", TrailerSize(100_000_000)},
		{"tiff-huge-second-page", TIFFPages([2]uint32{8, 8}, [2]uint32{30_000, 30_000})},
		{"png-huge-header", PNGHeader(100_000, 100_000)},
		{"jpeg-huge-header", JPEGHeader(60_000, 60_000)},
		{"png-rgba-decode-memory", PNGHeaderOf(7_000, 7_000, 6)},
		{"webp-huge-canvas", WebPHeader(16_384, 16_384)},
		{"heic-huge-header", HEIFHeader("heic", 100_000, 100_000)},
		{"avif-huge-header", HEIFHeader("avif", 100_000, 100_000)},
		{"heic-many-items", HEIFItems(5_000)},
		{"tiff-jpeg-strip-lies", TIFFJPEGStripLies(JPEGHeader(60_000, 60_000))},
	}
}

// NestedArrays is a one-page PDF whose content stream opens n arrays and
// closes them (12M: 23 KB compressed).
func NestedArrays(n int) []byte {
	return onePage(deflate(strings.Repeat("[", n)+strings.Repeat("]", n)), "")
}

// NestedSaves pushes the graphics state n times (q) before showing text.
func NestedSaves(n int) []byte {
	return onePage(deflate(strings.Repeat("q ", n)+"BT /F1 12 Tf 72 700 Td (Wegovy) Tj ET"), "")
}

// SelfDrawingForm is a page drawing the form Fm1, which draws itself
// `times` times.
func SelfDrawingForm(times int) []byte {
	return onePage([]byte("/Fm1 Do"), strings.Repeat("/Fm1 Do ", times))
}

// RepeatedForm is a page drawing the (harmless) form Fm1 n times.
func RepeatedForm(n int) []byte {
	return onePage(deflate(strings.Repeat("/Fm1 Do ", n)), "0 0 m")
}

// ManyOperators is a content stream of n path operators.
func ManyOperators(n int) []byte {
	return onePage(deflate(strings.Repeat("0 0 m\n", n)), "")
}

// FlateBomb is a content stream that inflates to size bytes of spaces.
func FlateBomb(size int) []byte {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	chunk := bytes.Repeat([]byte{' '}, 1<<20)
	for i := 0; i < size>>20; i++ {
		zw.Write(chunk)
	}
	zw.Close()
	return onePage(z.Bytes(), "")
}

// HugePDFImage draws an image XObject whose dictionary claims w×h pixels.
func HugePDFImage(w, h int) []byte {
	const content = "q 612 0 0 792 0 0 cm /Im1 Do Q"
	return PDFFile(pageObjects(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Length 1 >>\nstream\n \nendstream",
		fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream",
			w, h, len(deflateBytes(make([]byte, 1<<16))), deflateBytes(make([]byte, 1<<16)))))
}

// XrefReach is a one-page PDF whose cross-reference subsection starts at
// object `start` (a reader that sizes its table by it allocates start
// entries).
func XrefReach(start int) []byte {
	b := onePage([]byte("BT /F1 12 Tf 72 700 Td (Wegovy) Tj ET"), "")
	return bytes.Replace(b, []byte("xref\n0 "), []byte(fmt.Sprintf("xref\n%d ", start)), 1)
}

// TrailerSize is a one-page PDF whose trailer claims size objects.
func TrailerSize(size int) []byte {
	b := onePage([]byte("BT /F1 12 Tf 72 700 Td (Wegovy) Tj ET"), "")
	i := bytes.LastIndex(b, []byte("/Size "))
	j := i + bytes.IndexByte(b[i:], ' ') + 1
	k := j + bytes.IndexByte(b[j:], ' ')
	return append(append(append([]byte{}, b[:j]...), fmt.Sprint(size)...), b[k:]...)
}

// ManyPages is a PDF of n pages, each showing a line of text.
func ManyPages(n int) []byte {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "", fontObject,
		"<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 700 Td (Wegovy 1 mg) Tj ET\nendstream"}
	kids := make([]string, n)
	for i := range n {
		kids[i] = fmt.Sprintf("%d 0 R", len(objs)+1)
		objs = append(objs, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>")
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n)
	return PDFFile(objs)
}

// TIFFPages is a little-endian TIFF with one 8-bit grey page per size; the
// pixel data of every page is one strip of 64 bytes (readers that trust
// the header allocate for the size it claims).
func TIFFPages(sizes ...[2]uint32) []byte {
	var b bytes.Buffer
	b.WriteString("II*\x00")
	binary.Write(&b, binary.LittleEndian, uint32(8))
	const entries = 8
	ifdSize := 2 + entries*12 + 4
	data := make([]byte, 64)
	for i, size := range sizes {
		start := uint32(b.Len())
		dataAt := start + uint32(ifdSize)
		next := uint32(0)
		if i < len(sizes)-1 {
			next = dataAt + uint32(len(data))
		}
		binary.Write(&b, binary.LittleEndian, uint16(entries))
		for _, e := range [][3]uint32{
			{256, 4, size[0]}, // ImageWidth
			{257, 4, size[1]}, // ImageLength
			{258, 3, 8},       // BitsPerSample
			{259, 3, 1},       // Compression: none
			{262, 3, 1},       // Photometric: black is zero
			{273, 4, dataAt},  // StripOffsets
			{278, 4, size[1]}, // RowsPerStrip
			{279, 4, uint32(len(data))},
		} {
			binary.Write(&b, binary.LittleEndian, uint16(e[0]))
			binary.Write(&b, binary.LittleEndian, uint16(e[1]))
			binary.Write(&b, binary.LittleEndian, uint32(1))
			if e[1] == 3 {
				binary.Write(&b, binary.LittleEndian, uint16(e[2]))
				binary.Write(&b, binary.LittleEndian, uint16(0))
			} else {
				binary.Write(&b, binary.LittleEndian, e[2])
			}
		}
		binary.Write(&b, binary.LittleEndian, next)
		b.Write(data)
	}
	return b.Bytes()
}

// PNGHeader is a PNG signature and IHDR claiming w×h grey pixels, an empty
// IDAT and IEND.
func PNGHeader(w, h uint32) []byte { return PNGHeaderOf(w, h, 0) }

// PNGHeaderOf is PNGHeader in PNG colour type colorType (6: RGBA, four
// bytes a pixel decoded).
func PNGHeaderOf(w, h uint32, colorType byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, colorType, 0, 0, 0)
	for _, c := range []struct {
		kind string
		data []byte
	}{{"IHDR", ihdr}, {"IDAT", deflateBytes(nil)}, {"IEND", nil}} {
		binary.Write(&b, binary.BigEndian, uint32(len(c.data)))
		crc := crc32.NewIEEE()
		crc.Write([]byte(c.kind))
		crc.Write(c.data)
		b.WriteString(c.kind)
		b.Write(c.data)
		binary.Write(&b, binary.BigEndian, crc.Sum32())
	}
	return b.Bytes()
}

// JPEGHeader is a JFIF baseline JPEG start of frame claiming w×h grey
// pixels, with no image data.
func JPEGHeader(w, h uint16) []byte {
	b := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0}
	b = append(b, 0xFF, 0xC0, 0, 11, 8)
	b = binary.BigEndian.AppendUint16(b, h)
	b = binary.BigEndian.AppendUint16(b, w)
	return append(b, 1, 1, 0x11, 0, 0xFF, 0xD9)
}

const fontObject = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"

// onePage is a one-page PDF with the given (Flate-compressed when it does
// not start with a letter or slash) content stream and form Fm1's content.
func onePage(content []byte, form string) []byte {
	contentObj := fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content)
	if len(content) > 0 && content[0] == 0x78 { // zlib header
		contentObj = fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", len(content), content)
	}
	return PDFFile(pageObjects(contentObj,
		fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /Fm1 5 0 R >> >> /Length %d >>\nstream\n%s\nendstream", len(form), form),
		"<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\x80\nendstream"))
}

// pageObjects: catalog 1, pages 2, page 3, content 4, form Fm1 5, image
// Im1 6, font F1 7.
func pageObjects(content, form, image string) []string {
	return []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 7 0 R >> /XObject << /Fm1 5 0 R /Im1 6 0 R >> >> >>",
		content, form, image, fontObject,
	}
}

// PDFFile writes objs as a PDF file: object i+1 is objs[i], the catalogue is
// object 1, with a cross-reference table that points at each.
func PDFFile(objs []string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

func deflate(s string) []byte { return deflateBytes([]byte(s)) }

func deflateBytes(p []byte) []byte {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(p)
	zw.Close()
	return z.Bytes()
}

// WebPHeader is an extended WebP (VP8X) whose canvas claims w×h pixels
// (at most 16,384 a side), with no image data.
func WebPHeader(w, h uint32) []byte {
	vp8x := []byte{0, 0, 0, 0}
	vp8x = append(vp8x, byte(w-1), byte((w-1)>>8), byte((w-1)>>16), byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
	b := []byte("RIFF\x00\x00\x00\x00WEBPVP8X")
	b = binary.LittleEndian.AppendUint32(b, uint32(len(vp8x)))
	b = append(b, vp8x...)
	binary.LittleEndian.PutUint32(b[4:], uint32(len(b)-8))
	return b
}

// HEIFHeader is an HEIF file of brand "heic" or "avif" whose primary item
// claims w×h pixels (ispe), with no image data.
func HEIFHeader(brand string, w, h uint32) []byte {
	ispe := heifBox("ispe", binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32([]byte{0, 0, 0, 0}, w), h))
	// ipma: version 0, no flags, one item (1) with one essential property (1).
	ipma := heifBox("ipma", []byte{0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0x81})
	return heifFile(brand, ispe, ipma)
}

// HEIFItems is an HEIF file of n 64×64 items, each associated with the
// same size.
func HEIFItems(n int) []byte {
	ispe := heifBox("ispe", []byte{0, 0, 0, 0, 0, 0, 0, 64, 0, 0, 0, 64})
	body := binary.BigEndian.AppendUint32([]byte{0, 0, 0, 0}, uint32(n))
	for i := range n {
		body = binary.BigEndian.AppendUint16(body, uint16(i+1))
		body = append(body, 1, 0x81)
	}
	return heifFile("heic", ispe, heifBox("ipma", body))
}

func heifFile(brand string, props, ipma []byte) []byte {
	ftyp := heifBox("ftyp", []byte(brand+"\x00\x00\x00\x00mif1"+brand))
	hdlr := heifBox("hdlr", append([]byte{0, 0, 0, 0, 0, 0, 0, 0}, "pict\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"...))
	pitm := heifBox("pitm", []byte{0, 0, 0, 0, 0, 1})
	iprp := heifBox("iprp", append(heifBox("ipco", props), ipma...))
	meta := heifBox("meta", append(append(append([]byte{0, 0, 0, 0}, hdlr...), pitm...), iprp...))
	return append(append(ftyp, meta...), heifBox("mdat", nil)...)
}

func heifBox(typ string, body []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	return append(append(b, typ...), body...)
}

// TIFFJPEGStripLies is an 8×8 JPEG-compressed TIFF page whose one strip
// is strip, a JPEG whose own header claims far more pixels than the page.
func TIFFJPEGStripLies(strip []byte) []byte {
	const ifdAt = 8
	entries := [][3]uint32{ // tag, type (3 short, 4 long), value
		{256, 3, 8}, {257, 3, 8}, {258, 3, 8}, {259, 3, 7}, {262, 3, 1},
		{273, 4, 0}, {277, 3, 1}, {278, 3, 8}, {279, 4, uint32(len(strip))},
	}
	dataAt := uint32(ifdAt + 2 + 12*len(entries) + 4)
	b := []byte("II*\x00")
	b = binary.LittleEndian.AppendUint32(b, ifdAt)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(entries)))
	for _, e := range entries {
		if e[0] == 273 {
			e[2] = dataAt
		}
		b = binary.LittleEndian.AppendUint16(b, uint16(e[0]))
		b = binary.LittleEndian.AppendUint16(b, uint16(e[1]))
		b = binary.LittleEndian.AppendUint32(b, 1)
		if e[1] == 3 {
			b = binary.LittleEndian.AppendUint16(b, uint16(e[2]))
			b = append(b, 0, 0)
		} else {
			b = binary.LittleEndian.AppendUint32(b, e[2])
		}
	}
	b = binary.LittleEndian.AppendUint32(b, 0)
	return append(b, strip...)
}
