package pdftext

import (
	"github.com/clinicplatform/intake/internal/derrors"
)

// The work one document may cost. Each limit is far above what a
// prescription label or letter needs (docs/security.md gives the measured
// cost of documents that reach them); a document past one is rated
// unreadable, and is not handed to OCR either.
const (
	// maxOps bounds the content-stream operators per document, counted
	// both when streams are scanned and when they are interpreted (forms
	// drawn again count again).
	maxOps = 1_000_000
	// maxStreamBytes bounds the decompressed content, form and CMap
	// streams read per document, each reading counted.
	maxStreamBytes = 32 << 20
	// maxNesting bounds arrays and dictionaries inside one another in a
	// content stream (the parser recurses on them).
	maxNesting = 64
	// maxOperands bounds the operands waiting for an operator (the parser
	// holds them all in memory until one comes).
	maxOperands = 1 << 16
	// maxTokenBytes bounds one string, name or keyword.
	maxTokenBytes = 1 << 20
	// maxSaves bounds the graphics-state stack (q without Q).
	maxSaves = 256
	// maxFormDepth bounds form XObjects drawn inside one another; a form
	// that draws itself reaches it. maxForms bounds forms drawn per document.
	maxFormDepth = 8
	maxForms     = 1_000
	// maxImagePixels bounds one drawn image's width × height (what a
	// renderer would decode), as for uploaded images.
	maxImagePixels = 50_000_000
)

// Names of the budgets, as logged.
const (
	budgetOps         = "pdf.operators"
	budgetStreamBytes = "pdf.decompressed_bytes"
	budgetNesting     = "pdf.nesting_depth"
	budgetOperands    = "pdf.pending_operands"
	budgetTokenBytes  = "pdf.token_bytes"
	budgetSaves       = "pdf.graphics_state_depth"
	budgetFormDepth   = "pdf.form_depth"
	budgetForms       = "pdf.forms_drawn"
	budgetImagePixels = "pdf.image_pixels"
	budgetCoverChecks = "pdf.cover_checks"
)

func overBudget(name string, limit int64) {
	panic(abort{derrors.OverBudget(name, limit)})
}

// contentScan checks a content (or CMap) stream against the budget as it is
// decompressed, before github.com/ledongthuc/pdf's parser sees it: that
// parser recurses on nesting (skipping past its own depth limit of 1000 and
// starting again), and keeps every operand until an operator comes, so
// 23 KB of Flate can otherwise cost gigabytes. It tokenizes as that parser
// does (comments, literal strings with nested parentheses, hex strings,
// names, keywords), in constant memory. It panics with abort past a limit.
//
// Inline image data (BI ... ID data EI) is scanned as the parser reads it,
// as tokens: skipping it would let the parser meet unchecked nesting
// there. Binary data rarely nests 64 deep (any keyword-like run of letters
// ends an open array for the parser, and so here), but a PDF whose inline
// image does is rated unreadable, and the patient asked for a photo.
type contentScan struct {
	in       *interpreter
	state    scanState
	strDepth int  // parentheses open in a literal string
	escape   bool // the previous byte in a literal string was a backslash
	ltSeen   bool // the previous byte was '<' outside any token
	gtSeen   bool // the previous byte was '>' outside any token
	tok      []byte
	tokLen   int
	nest     int // arrays and dictionaries open
	operands int // operands since the last operator
	saves    int // q minus Q
}

type scanState uint8

const (
	scanSpace scanState = iota
	scanComment
	scanLiteral
	scanHex
	scanName
	scanKeyword
)

func isSpaceByte(c byte) bool {
	return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func isDelimByte(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

// Write scans the next bytes of the stream; it never fails but by panicking.
func (s *contentScan) Write(p []byte) (int, error) {
	for _, c := range p {
		s.byte(c)
	}
	return len(p), nil
}

func (s *contentScan) byte(c byte) {
	switch s.state {
	case scanComment:
		if c == '\r' || c == '\n' {
			s.state = scanSpace
		}
		return
	case scanLiteral:
		s.grow()
		switch {
		case s.escape:
			s.escape = false
		case c == '\\':
			s.escape = true
		case c == '(':
			s.strDepth++
		case c == ')':
			if s.strDepth--; s.strDepth == 0 {
				s.state = scanSpace
			}
		}
		return
	case scanHex:
		s.grow()
		if c == '>' {
			s.state = scanSpace
		}
		return
	case scanName, scanKeyword:
		if !isSpaceByte(c) && !isDelimByte(c) {
			s.grow()
			if len(s.tok) < 8 {
				s.tok = append(s.tok, c)
			}
			return
		}
		s.endToken()
	}
	// Outside any token.
	if s.ltSeen {
		s.ltSeen = false
		if c == '<' {
			s.open()
			return
		}
		s.operand()
		s.state, s.tokLen = scanHex, 0
		s.byte(c)
		return
	}
	if s.gtSeen {
		s.gtSeen = false
		if c == '>' {
			s.close()
			return
		}
	}
	switch {
	case isSpaceByte(c):
	case c == '%':
		s.state = scanComment
	case c == '(':
		s.operand()
		s.state, s.strDepth, s.escape, s.tokLen = scanLiteral, 1, false, 0
	case c == '<':
		s.ltSeen = true
	case c == '>':
		s.gtSeen = true
	case c == '[' || c == '{':
		s.open()
	case c == ']' || c == '}':
		s.close()
	case c == '/':
		s.operand()
		s.state, s.tok, s.tokLen = scanName, s.tok[:0], 0
	case c == ')':
		// The parser refuses a stray delimiter; nothing to count.
	default:
		s.state, s.tok, s.tokLen = scanKeyword, append(s.tok[:0], c), 1
	}
}

func (s *contentScan) grow() {
	if s.tokLen++; s.tokLen > maxTokenBytes {
		overBudget(budgetTokenBytes, maxTokenBytes)
	}
}

func (s *contentScan) operand() {
	if s.operands++; s.operands > maxOperands {
		overBudget(budgetOperands, maxOperands)
	}
}

func (s *contentScan) open() {
	s.operand()
	if s.nest++; s.nest > maxNesting {
		overBudget(budgetNesting, maxNesting)
	}
}

func (s *contentScan) close() {
	if s.nest > 0 {
		s.nest--
		return
	}
	// The parser reads a stray closer as a null operand.
	s.operand()
}

// endToken classifies the name or keyword just read.
func (s *contentScan) endToken() {
	state := s.state
	s.state = scanSpace
	if state == scanName {
		return // counted as an operand at '/'
	}
	kw := string(s.tok)
	switch {
	case kw == "true" || kw == "false" || kw == "null" || len(kw) > 0 && (kw[0] == '+' || kw[0] == '-' || kw[0] == '.' || kw[0] >= '0' && kw[0] <= '9'):
		s.operand()
		return
	case s.nest > 0:
		// A keyword inside an array or dictionary makes the parser give up
		// on the whole object.
		s.nest = 0
		return
	}
	switch kw {
	case "dict", "begin", "end", "def", "pop", "currentdict":
		// Interpreted by the parser itself, without reaching an operator.
		return
	case "q":
		if s.saves++; s.saves > maxSaves {
			overBudget(budgetSaves, maxSaves)
		}
	case "Q":
		if s.saves > 0 {
			s.saves--
		}
	}
	s.operands = 0
	if s.in.scannedOps++; s.in.scannedOps > maxOps {
		overBudget(budgetOps, maxOps)
	}
}

// end finishes the scan at the end of the stream.
func (s *contentScan) end() {
	if s.state == scanName || s.state == scanKeyword {
		s.endToken()
	}
}
