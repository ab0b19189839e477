package pdftext

import (
	"strings"

	"github.com/ledongthuc/pdf"
)

// estimatedWidth is the glyph width (in 1/1000 em) assumed when a font gives
// none, as the standard 14 fonts do: close to Helvetica's mean.
const estimatedWidth = 520

// font is what layout needs from a PDF font: how to split a string into
// codes, each code's advance, and how to decode it to text.
type font struct {
	enc       pdf.TextEncoding
	unicode   *toUnicode // preferred over enc when the font has one
	twoByte   bool       // Type0 fonts; Identity-H, by far the most common CMap, uses 2-byte codes
	first     int
	widths    []float64   // simple fonts: widths of codes first, first+1, ...
	cidWidths []widthSpan // Type0 fonts
	missing   float64     // width of codes the tables do not cover
	// standard and standardAll are a standard font's own widths when the
	// PDF leaves them out (standardWidths): they place words on the page,
	// while layout keeps reading with the estimate it always had.
	standard    *[224]uint16
	standardAll float64
}

// widthSpan gives CIDs first..last one width each (widths) or all the same (width).
type widthSpan struct {
	first, last int
	widths      []float64
	width       float64
}

var unknownFont = &font{missing: estimatedWidth}

func (in *interpreter) loadFont(cache map[string]*font, resources pdf.Value, name string) *font {
	if f, ok := cache[name]; ok {
		return f
	}
	v := resources.Key("Font").Key(name)
	f := unknownFont
	if !v.IsNull() {
		// Both this package and the pdf package parse the ToUnicode stream.
		in.budget(v.Key("ToUnicode"))
		f = newFont(v)
	}
	cache[name] = f
	return f
}

func newFont(v pdf.Value) *font {
	pf := pdf.Font{V: v}
	f := &font{enc: pf.Encoder(), unicode: readToUnicode(v.Key("ToUnicode")), missing: estimatedWidth}
	if v.Key("Subtype").Name() == "Type0" {
		f.twoByte = true
		desc := v.Key("DescendantFonts").Index(0)
		if dw := desc.Key("DW"); dw.Kind() == pdf.Integer || dw.Kind() == pdf.Real {
			f.missing = dw.Float64()
		} else if !desc.IsNull() {
			f.missing = 1000
		}
		f.cidWidths = parseW(desc.Key("W"))
		return f
	}
	ws := v.Key("Widths")
	if ws.Len() == 0 {
		f.standard, f.standardAll = standardWidths(v.Key("BaseFont").Name())
	}
	if ws.Len() > 0 && ws.Len() <= 65536 {
		f.first = int(v.Key("FirstChar").Int64())
		f.widths = make([]float64, ws.Len())
		for i := range f.widths {
			f.widths[i] = ws.Index(i).Float64()
		}
		if mw := v.Key("FontDescriptor").Key("MissingWidth").Float64(); mw > 0 {
			f.missing = mw
		}
	}
	return f
}

// parseW reads a CIDFont W array: [c [w1 w2 ...]] and [cfirst clast w] entries.
func parseW(w pdf.Value) []widthSpan {
	var spans []widthSpan
	for i := 0; i < w.Len() && len(spans) < 65536; {
		first := int(w.Index(i).Int64())
		next := w.Index(i + 1)
		if next.Kind() == pdf.Array {
			span := widthSpan{first: first, last: first + next.Len() - 1}
			for j := 0; j < next.Len(); j++ {
				span.widths = append(span.widths, next.Index(j).Float64())
			}
			spans = append(spans, span)
			i += 2
			continue
		}
		if i+2 >= w.Len() {
			break
		}
		spans = append(spans, widthSpan{first: first, last: int(next.Int64()), width: w.Index(i + 2).Float64()})
		i += 3
	}
	return spans
}

func (f *font) codes(raw string) []int {
	if !f.twoByte {
		codes := make([]int, len(raw))
		for i := 0; i < len(raw); i++ {
			codes[i] = int(raw[i])
		}
		return codes
	}
	codes := make([]int, 0, len(raw)/2)
	for i := 0; i+1 < len(raw); i += 2 {
		codes = append(codes, int(raw[i])<<8|int(raw[i+1]))
	}
	return codes
}

func (f *font) width(code int) float64 {
	if i := code - f.first; f.widths != nil && i >= 0 && i < len(f.widths) {
		return f.widths[i]
	}
	for _, s := range f.cidWidths {
		if code < s.first || code > s.last {
			continue
		}
		if s.widths != nil {
			return s.widths[code-s.first]
		}
		return s.width
	}
	return f.missing
}

// shownWidth is code's width as drawn: the font's own when the PDF left
// the widths of a standard font out, width(code) otherwise.
func (f *font) shownWidth(code int) float64 {
	switch {
	case f.standard != nil && code >= 32 && code < 256:
		return float64(f.standard[code-32])
	case f.standardAll > 0:
		return f.standardAll
	}
	return f.width(code)
}

// space reports whether code shows a space: a code the font's ToUnicode
// map gives as white space, or else code 32 of a one-byte font (the code
// word spacing applies to).
func (f *font) space(code int) bool {
	if f.unicode == nil {
		return !f.twoByte && code == ' '
	}
	return f.unicodeSpace(code)
}

func (f *font) unicodeSpace(code int) bool {
	if s, ok := f.unicode.lookup(code); ok {
		return s != "" && strings.TrimSpace(s) == ""
	}
	return !f.twoByte && code == ' '
}

func (f *font) decode(raw string) string {
	if f.unicode == nil {
		if f.enc == nil {
			return raw
		}
		return f.enc.Decode(raw)
	}
	var b strings.Builder
	for _, code := range f.codes(raw) {
		if s, ok := f.unicode.lookup(code); ok {
			b.WriteString(s)
		} else if f.enc != nil && !f.twoByte {
			b.WriteString(f.enc.Decode(string([]byte{byte(code)})))
		}
	}
	return b.String()
}
