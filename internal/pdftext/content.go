package pdftext

import (
	"context"
	"io"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"
)

// fragment is one shown string, placed in default user space (points, y up).
type fragment struct {
	x, y, endX float64
	size       float64 // font size in user space
	text       string
}

// matrix is a PDF transformation [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// then returns m followed by n (the PDF product m × n).
func (m matrix) then(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func translate(tx, ty float64) matrix { return matrix{1, 0, 0, 1, tx, ty} }

type graphicsState struct {
	ctm     matrix
	font    *font
	size    float64 // Tfs
	charSp  float64 // Tc
	wordSp  float64 // Tw
	scale   float64 // Th
	leading float64 // TL
	rise    float64 // Ts
}

type interpreter struct {
	ctx   context.Context
	ops   int
	bytes int64 // decompressed stream bytes seen so far
	frags []fragment
}

// maxStreamBytes bounds the decompressed content and CMap streams read per
// document: the parser holds operands in memory until an operator comes, so a
// compressed stream of bare numbers could otherwise exhaust memory.
const maxStreamBytes = 32 << 20

// budget counts a stream's (or an array of streams') decompressed size against
// maxStreamBytes before the parser sees it, raising errTooComplex past it.
func (in *interpreter) budget(v pdf.Value) {
	if v.Kind() == pdf.Array {
		for i := 0; i < v.Len() && i < 4096; i++ {
			in.budget(v.Index(i))
		}
		return
	}
	if v.Kind() != pdf.Stream {
		return
	}
	rc := v.Reader()
	defer rc.Close()
	n, _ := io.Copy(io.Discard, io.LimitReader(rc, maxStreamBytes-in.bytes+1))
	in.bytes += n
	if in.bytes > maxStreamBytes {
		panic(abort{errTooComplex})
	}
}

// page interprets one page's content streams and returns its text fragments.
func (in *interpreter) page(page pdf.Value) []fragment {
	in.frags = nil
	gs := graphicsState{ctm: identity, scale: 1}
	in.run(page.Key("Contents"), inheritedResources(page), gs, 0)
	return in.frags
}

func inheritedResources(page pdf.Value) pdf.Value {
	v := page
	for i := 0; i < 32 && !v.IsNull(); i++ {
		if r := v.Key("Resources"); !r.IsNull() {
			return r
		}
		v = v.Key("Parent")
	}
	return pdf.Value{}
}

// run interprets a content stream (or array of streams) with the given
// resources; depth counts nested form XObjects.
func (in *interpreter) run(strm, resources pdf.Value, gs graphicsState, depth int) {
	if strm.Kind() != pdf.Stream && strm.Kind() != pdf.Array {
		return
	}
	in.budget(strm)
	fonts := map[string]*font{}
	var stack []graphicsState
	tm, tlm := identity, identity

	show := func(raw string) {
		f := gs.font
		if f == nil {
			f = unknownFont
		}
		var advance float64
		for _, code := range f.codes(raw) {
			w := f.width(code) / 1000 * gs.size
			w += gs.charSp
			if !f.twoByte && code == ' ' {
				w += gs.wordSp
			}
			advance += w * gs.scale
		}
		start := matrix{gs.size * gs.scale, 0, 0, gs.size, 0, gs.rise}.then(tm).then(gs.ctm)
		tm = translate(advance, 0).then(tm)
		end := matrix{gs.size * gs.scale, 0, 0, gs.size, 0, gs.rise}.then(tm).then(gs.ctm)
		txt := cleanText(f.decode(raw))
		if txt == "" {
			return
		}
		in.frags = append(in.frags, fragment{
			x: start[4], y: start[5], endX: end[4],
			size: math.Hypot(start[2], start[3]),
			text: txt,
		})
	}
	nextLine := func() {
		tlm = translate(0, -gs.leading).then(tlm)
		tm = tlm
	}

	pdf.Interpret(strm, func(stk *pdf.Stack, op string) {
		in.ops++
		if in.ops > maxOps {
			panic(abort{errTooComplex})
		}
		if in.ops%4096 == 0 {
			if err := in.ctx.Err(); err != nil {
				panic(abort{err})
			}
		}
		args := make([]pdf.Value, stk.Len())
		for i := len(args) - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		num := func(i int) float64 { return args[i].Float64() }
		switch op {
		case "q":
			if len(stack) < 256 {
				stack = append(stack, gs)
			}
		case "Q":
			if n := len(stack); n > 0 {
				gs = stack[n-1]
				stack = stack[:n-1]
			}
		case "cm":
			if len(args) == 6 {
				gs.ctm = matrix{num(0), num(1), num(2), num(3), num(4), num(5)}.then(gs.ctm)
			}
		case "BT":
			tm, tlm = identity, identity
		case "Tf":
			if len(args) == 2 {
				gs.font = in.loadFont(fonts, resources, args[0].Name())
				gs.size = num(1)
			}
		case "Tc":
			if len(args) == 1 {
				gs.charSp = num(0)
			}
		case "Tw":
			if len(args) == 1 {
				gs.wordSp = num(0)
			}
		case "Tz":
			if len(args) == 1 {
				gs.scale = num(0) / 100
			}
		case "TL":
			if len(args) == 1 {
				gs.leading = num(0)
			}
		case "Ts":
			if len(args) == 1 {
				gs.rise = num(0)
			}
		case "Td", "TD":
			if len(args) == 2 {
				if op == "TD" {
					gs.leading = -num(1)
				}
				tlm = translate(num(0), num(1)).then(tlm)
				tm = tlm
			}
		case "Tm":
			if len(args) == 6 {
				tm = matrix{num(0), num(1), num(2), num(3), num(4), num(5)}
				tlm = tm
			}
		case "T*":
			nextLine()
		case "Tj":
			if len(args) == 1 {
				show(args[0].RawString())
			}
		case "'":
			if len(args) == 1 {
				nextLine()
				show(args[0].RawString())
			}
		case "\"":
			if len(args) == 3 {
				gs.wordSp, gs.charSp = num(0), num(1)
				nextLine()
				show(args[2].RawString())
			}
		case "TJ":
			if len(args) != 1 {
				return
			}
			arr := args[0]
			for i := 0; i < arr.Len(); i++ {
				v := arr.Index(i)
				if v.Kind() == pdf.String {
					show(v.RawString())
					continue
				}
				tm = translate(-v.Float64()/1000*gs.size*gs.scale, 0).then(tm)
			}
		case "Do":
			if len(args) != 1 || depth >= 4 {
				return
			}
			xobj := resources.Key("XObject").Key(args[0].Name())
			if xobj.Key("Subtype").Name() != "Form" {
				return
			}
			inner := gs
			if m := xobj.Key("Matrix"); m.Len() == 6 {
				inner.ctm = matrix{m.Index(0).Float64(), m.Index(1).Float64(), m.Index(2).Float64(),
					m.Index(3).Float64(), m.Index(4).Float64(), m.Index(5).Float64()}.then(gs.ctm)
			}
			res := xobj.Key("Resources")
			if res.IsNull() {
				res = resources
			}
			in.run(xobj, res, inner, depth+1)
		}
	})
}

// cleanText drops control characters and invalid bytes that fonts without a
// usable encoding produce.
func cleanText(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	return strings.Map(func(r rune) rune {
		if r == '\t' {
			return ' '
		}
		if unicode.IsControl(r) || r == utf8.RuneError || r == '\u00ad' {
			return -1
		}
		return r
	}, s)
}
