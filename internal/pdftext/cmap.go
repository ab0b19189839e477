package pdftext

import (
	"io"
	"strings"
	"unicode/utf16"

	"github.com/ledongthuc/pdf"
)

// toUnicode is a font's ToUnicode CMap. The pdf package has its own, but it
// mishandles ranges wider than 256 codes (<0000> <FFFF> <0000>, as fpdf and
// other producers write), so the map is read here.
type toUnicode struct {
	chars  map[int]string
	ranges []unicodeRange
}

type unicodeRange struct {
	lo, hi int
	base   []uint16 // UTF-16 of the first code's text; later codes add to the last unit
	each   []string // one text per code, when the range maps to an array
}

// maxCMapEntries bounds what one CMap may define.
const maxCMapEntries = 1 << 16

func readToUnicode(strm pdf.Value) *toUnicode {
	if strm.Kind() != pdf.Stream {
		return nil
	}
	rc := strm.Reader()
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, maxCMapBytes))
	if err != nil && len(data) == 0 {
		return nil
	}
	m := &toUnicode{chars: map[int]string{}}
	var operands []cmapToken
	sc := cmapScanner{data: data}
	for {
		tok, ok := sc.next()
		if !ok {
			break
		}
		switch {
		case tok.keyword == "beginbfchar" || tok.keyword == "beginbfrange":
			operands = operands[:0]
		case tok.keyword == "endbfchar":
			for i := 0; i+1 < len(operands) && len(m.chars) < maxCMapEntries; i += 2 {
				m.chars[codeOf(operands[i].str)] = utf16Text(operands[i+1].str)
			}
			operands = operands[:0]
		case tok.keyword == "endbfrange":
			for i := 0; i+2 < len(operands) && len(m.ranges) < maxCMapEntries; i += 3 {
				lo, hi, dst := operands[i], operands[i+1], operands[i+2]
				r := unicodeRange{lo: codeOf(lo.str), hi: codeOf(hi.str)}
				if dst.array != nil {
					for _, d := range dst.array {
						r.each = append(r.each, utf16Text(d.str))
					}
				} else {
					r.base = utf16Units(dst.str)
				}
				m.ranges = append(m.ranges, r)
			}
			operands = operands[:0]
		case tok.keyword == "":
			if len(operands) < 3*maxCMapEntries {
				operands = append(operands, tok)
			}
		}
	}
	if len(m.chars) == 0 && len(m.ranges) == 0 {
		return nil
	}
	return m
}

// maxCMapBytes bounds how much of a ToUnicode stream is read.
const maxCMapBytes = 4 << 20

// cmapToken is a string (hex or literal), an array of strings, or a keyword.
type cmapToken struct {
	str     string
	array   []cmapToken
	keyword string
}

// cmapScanner reads the few PostScript tokens a ToUnicode CMap needs.
type cmapScanner struct {
	data []byte
	pos  int
}

func (s *cmapScanner) next() (cmapToken, bool) {
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == '%':
			for s.pos < len(s.data) && s.data[s.pos] != '\n' && s.data[s.pos] != '\r' {
				s.pos++
			}
		case c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0:
			s.pos++
		case c == '<' && s.pos+1 < len(s.data) && s.data[s.pos+1] == '<', c == '>':
			s.pos++
			for s.pos < len(s.data) && (s.data[s.pos] == '<' || s.data[s.pos] == '>') {
				s.pos++
			}
			return cmapToken{keyword: "<<>>"}, true
		case c == '<':
			return cmapToken{str: s.hex()}, true
		case c == '(':
			return cmapToken{str: s.literal()}, true
		case c == '[':
			s.pos++
			arr := []cmapToken{}
			for {
				tok, ok := s.next()
				if !ok || tok.keyword == "]" {
					return cmapToken{array: arr}, true
				}
				if len(arr) < maxCMapEntries {
					arr = append(arr, tok)
				}
			}
		case c == ']':
			s.pos++
			return cmapToken{keyword: "]"}, true
		default:
			start := s.pos
			s.pos++
			for s.pos < len(s.data) && !strings.ContainsRune(" \n\r\t\f\x00[]<>()/%", rune(s.data[s.pos])) {
				s.pos++
			}
			return cmapToken{keyword: string(s.data[start:s.pos])}, true
		}
	}
	return cmapToken{}, false
}

func (s *cmapScanner) hex() string {
	s.pos++ // <
	var out []byte
	var hi byte
	half := false
	for ; s.pos < len(s.data) && s.data[s.pos] != '>'; s.pos++ {
		v, ok := hexValue(s.data[s.pos])
		if !ok {
			continue
		}
		if half {
			out = append(out, hi<<4|v)
		} else {
			hi = v
		}
		half = !half
	}
	if half {
		out = append(out, hi<<4)
	}
	s.pos++ // >
	return string(out)
}

func hexValue(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// literal reads a (string); escapes other than \ddd and \x are taken as x.
func (s *cmapScanner) literal() string {
	s.pos++ // (
	var out []byte
	depth := 1
	for ; s.pos < len(s.data); s.pos++ {
		c := s.data[s.pos]
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				s.pos++
				return string(out)
			}
		case '\\':
			s.pos++
			if s.pos >= len(s.data) {
				return string(out)
			}
			c = s.data[s.pos]
			if '0' <= c && c <= '7' {
				v := 0
				for n := 0; n < 3 && s.pos < len(s.data) && '0' <= s.data[s.pos] && s.data[s.pos] <= '7'; n++ {
					v = v*8 + int(s.data[s.pos]-'0')
					s.pos++
				}
				s.pos--
				c = byte(v)
			}
		}
		out = append(out, c)
	}
	return string(out)
}

func (m *toUnicode) lookup(code int) (string, bool) {
	if s, ok := m.chars[code]; ok {
		return s, true
	}
	for _, r := range m.ranges {
		if code < r.lo || code > r.hi {
			continue
		}
		off := code - r.lo
		if r.each != nil {
			if off < len(r.each) {
				return r.each[off], true
			}
			return "", false
		}
		if len(r.base) == 0 {
			return "", false
		}
		units := append([]uint16(nil), r.base...)
		units[len(units)-1] += uint16(off)
		return string(utf16.Decode(units)), true
	}
	return "", false
}

func codeOf(raw string) int {
	c := 0
	for i := 0; i < len(raw) && i < 4; i++ {
		c = c<<8 | int(raw[i])
	}
	return c
}

func utf16Units(raw string) []uint16 {
	units := make([]uint16, 0, len(raw)/2)
	for i := 0; i+1 < len(raw); i += 2 {
		units = append(units, uint16(raw[i])<<8|uint16(raw[i+1]))
	}
	return units
}

func utf16Text(raw string) string { return string(utf16.Decode(utf16Units(raw))) }
