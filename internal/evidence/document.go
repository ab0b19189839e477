// The document model: a reader's Text prepared for matching, line by line and word by word.

package evidence

import (
	"math"
	"strings"
	"time"
)

// document is Text prepared for matching: blank lines dropped, each line
// lowercased with accents folded, and split into words.
type document struct {
	lines []docLine
	// meanConf is the mean line confidence.
	meanConf float64
	// relations: the page names people with their relationship to an
	// account's holder ("Patricia Huang (self)"), though the lines saying
	// so were left out (another person's rows: document.without).
	relations bool
}

func (d document) readCertainty() certainty { return readCertainty(d.meanConf) }

type docLine struct {
	raw  string
	norm string
	conf float64
	// ocr is true for lines that may carry OCR noise.
	ocr   bool
	words []word
	// page and box are where the reader read the line (Line.Page, Line.Box).
	page int
	box  Box
	// place is where the line stands in the page's layout (reflowTables).
	place linePlace
	// yearFitted: a date of the line was printed without its year, on a
	// page with no date of its own, and placed in the year its weekday
	// fits (writeSpelledDates).
	yearFitted bool
}

// word is a run of letters and digits in a line's norm; apostrophes inside a
// word are dropped (O'Neil, O’Neil and ONeil are all "oneil").
type word struct {
	text string
	ocr  string // ocrForm(text)
	// lower is text before accents were folded ("núñez" for "nunez"), for
	// matching names whose accented letters OCR misreads; text when the word
	// has none.
	lower      string
	start, end int // byte offsets in norm
	capital    bool
	// upper: the word was printed in capitals, two letters or more
	// ("KIM" in "KIM Min-seo").
	upper bool
	// commaAfter: a comma follows the word ("OWEN, THOMAS"), which marks a
	// surname written first.
	commaAfter bool
	// conf is the reader's confidence for the word (0..1) when it reported
	// one (Line.Words), else 0: the line's confidence stands.
	conf float64
	// box is where the reader read the word, when it said and its words
	// line up with ours (zero otherwise: the line's box stands).
	box Box
	// said is the reader's word this one came from, as read ("2026-11-15"
	// for "2026", "11" and "15"), and saidAt its place among the line's
	// reported words, when they line up with ours ("" otherwise).
	said   string
	saidAt int
}

func readDocument(t Text) document {
	return readDocumentOn(t, time.Time{})
}

// readDocumentOn is readDocument on the day today: a date later than the
// day after it is no page's own date (a misread year: "PRINTED 11/22/28"
// off a postcard's postmark) to place yearless dates by. The zero time
// sets no such bound.
func readDocumentOn(t Text, today time.Time) document {
	// OCR output may be noisy however sure the reader was of a line.
	ocrSource := t.Source == "tesseract" || t.Source == "textract" || t.Source == unseenSource
	lines, places := reflowTables(writeSpelledDoses(readDeclaredDates(joinSplitLines(joinCombFields(t.Lines)))))
	lines, fitted := writeSpelledDates(joinCellYears(joinWrappedPharmacy(joinWrappedDates(lines))), today)
	return documentOf(lines, places, ocrSource, fitted)
}

// documentOf prepares lines laid out (places: each line's place, or nil;
// fitted: the lines whose dates' year was fitted to their weekday, by
// index, or nil).
func documentOf(lines []Line, places []linePlace, ocrSource bool, fitted map[int]bool) document {
	var d document
	var sum float64
	for li, l := range lines {
		raw := strings.TrimSpace(l.Text)
		if raw == "" {
			continue
		}
		norm, words := normalise(raw)
		if len(words) == 0 {
			continue
		}
		c := lineConfidence(l.Confidence)
		setWordConfidences(words, l.Words)
		dl := docLine{raw: raw, norm: norm, conf: c, ocr: ocrSource || c < textLayerRead, words: words, page: l.Page, box: l.Box, yearFitted: fitted[li]}
		if places != nil {
			dl.place = places[li]
		}
		d.lines = append(d.lines, dl)
		sum += c
	}
	if len(d.lines) > 0 {
		d.meanConf = sum / float64(len(d.lines))
	}
	return d
}

// setWordConfidences gives each word of a line the confidence the reader
// reported for the word it came from. When the reader's words do not line
// up with ours, every word gets the weakest reported confidence: a weak word
// is never lost.
func setWordConfidences(words []word, reported []Word) {
	if len(reported) == 0 {
		return
	}
	var confs []float64
	var boxes []Box
	var from []int // the reported word each of ours comes from
	weakest := 1.0
	for k, r := range reported {
		c := lineConfidence(r.Confidence)
		weakest = min(weakest, c)
		_, ws := normalise(r.Text)
		for range ws {
			confs = append(confs, c)
			boxes = append(boxes, r.Box)
			from = append(from, k)
		}
	}
	for i := range words {
		if len(confs) == len(words) {
			words[i].conf = confs[i]
			words[i].box = boxes[i]
			words[i].said, words[i].saidAt = strings.TrimSpace(reported[from[i]].Text), from[i]
		} else {
			words[i].conf = weakest
		}
		if words[i].conf == 0 {
			// 0 means "not reported"; a reported zero is as weak as it gets.
			words[i].conf = 1e-9
		}
	}
}

// lineConfidence brings a reader's confidence into 0..1; a percentage (as
// Textract and Tesseract report it) is scaled down.
func lineConfidence(c float64) float64 {
	switch {
	case math.IsNaN(c) || c < 0:
		return 0
	case c > 1 && c <= 100:
		return c / 100
	case c > 100:
		return 1
	}
	return c
}

// numberText is the line's norm for finding dates and doses, with OCR's
// letters-for-digits undone on OCR output.
func (l docLine) numberText() string {
	if l.ocr {
		return ocrDigits(l.norm)
	}
	return l.norm
}

// confIn is how well the text at norm[from:to] was read: the line's
// confidence, or its weakest word's there when the reader reported words.
func (l docLine) confIn(from, to int) float64 {
	c := l.conf
	for _, w := range l.words {
		if w.conf > 0 && w.end > from && w.start < to {
			c = min(c, w.conf)
		}
	}
	return c
}

// wordsIn returns the words of l that lie within norm[from:to].
func (l docLine) wordsIn(from, to int) []word {
	var ws []word
	for _, w := range l.words {
		if w.start >= from && w.end <= to {
			ws = append(ws, w)
		}
	}
	return ws
}

// spot is where on the document a verdict's evidence was read: norm[from:to]
// of a line, and the rest of it on another line (also: a name joined from
// forename and surname fields on lines of their own).
type spot struct {
	line     docLine
	from, to int
	also     *spot
}

// spotOfWords is where the words ws of line l were read, from the first to
// the last (nil when there are none).
func spotOfWords(l docLine, ws []word) *spot {
	if len(ws) == 0 {
		return nil
	}
	return &spot{line: l, from: ws[0].start, to: ws[len(ws)-1].end}
}

// joinSpots is a spot read in two places: a, then b.
func joinSpots(a, b *spot) *spot {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	j := *a
	j.also = b
	return &j
}

// finding describes the spot for review: its page, its box (the words read
// there, or the line's box when the reader gave no word boxes), the text
// read there and how surely it was read.
func (s *spot) finding(rule string) Finding {
	f := s.part(rule)
	if s.also == nil {
		return f
	}
	more := s.also.finding(rule)
	if more.Page != f.Page {
		return f
	}
	if f.Box != nil && more.Box != nil {
		box := f.Box.Union(*more.Box)
		f.Box = &box
	}
	f.Text += " " + more.Text
	f.Confidence = min(f.Confidence, more.Confidence)
	return f
}

// part is the finding of the spot's own line. Its text is the reader's
// words there as read, when the reader reported words that line up with
// ours, and ours otherwise.
func (s *spot) part(rule string) Finding {
	f := Finding{Rule: rule, Page: s.line.page, Confidence: s.line.confIn(s.from, s.to)}
	var box Box
	var text []string
	ws := s.line.wordsIn(s.from, s.to)
	for _, w := range ws {
		box = box.Union(w.box)
		text = append(text, w.lower)
	}
	if said, ok := saidWords(ws); ok {
		text = said
	}
	if box.IsZero() {
		box = s.line.box
	}
	if !box.IsZero() {
		f.Box = &box
	}
	if s.from == 0 && s.to == len(s.line.norm) || len(text) == 0 {
		f.Text = s.line.raw
	} else {
		f.Text = strings.Join(text, " ")
	}
	return f
}

// saidWords are the reader's words that ws came from, each once, when the
// reader's words line up with ours.
func saidWords(ws []word) ([]string, bool) {
	var said []string
	for i, w := range ws {
		if w.said == "" {
			return nil, false
		}
		if i == 0 || ws[i-1].saidAt != w.saidAt {
			said = append(said, w.said)
		}
	}
	return said, len(said) > 0
}
