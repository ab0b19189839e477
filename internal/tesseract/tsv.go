package tesseract

import (
	"fmt"
	"image"
	"strconv"
	"strings"
	"unicode"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// reading is one OCR pass over an image: its lines and how well its words
// were read, which decides between ways of preparing the image.
type reading struct {
	// Lines are the lines read, their words' boxes in the image's pixels
	// (place.go).
	Lines []evidence.Line
	// Words counts the words of two or more letters or digits; Confident
	// those read with confidence 80 or more; ConfSum is the sum of the
	// confidences (0..100) of the words read with 60 or more.
	Words, Confident int
	ConfSum          float64
	// Boxes are the boxes of the words read, in the image's pixels, and
	// LineBoxes the box of each of Lines.
	Boxes, LineBoxes []image.Rectangle
	// WordBoxes[i][k] is the box of Lines[i].Words[k] (empty when
	// tesseract gave none).
	WordBoxes [][]image.Rectangle
}

// Clear reports a reading good enough to stop looking for a better one:
// most words confident. A page read upside down or through noise gives
// junk words at low confidence.
func (rd reading) Clear() bool {
	return rd.Confident*10 >= rd.Words*6
}

// Junk reports a reading worth trying again another way: words were found
// (five or more) but most were read without confidence. A blank or sparse
// page (a cover page, a signature page) finds few words whichever way up
// it is read, so reading it again would only cost time.
func (rd reading) Junk() bool {
	return rd.Words >= 5 && !rd.Clear()
}

// Score orders readings of the same page: the confidence mass of the words
// read well, so that more words read well wins.
func (rd reading) Score() float64 { return rd.ConfSum }

// parseReading turns tesseract's TSV output into a reading: its lines are
// the words (level 5 rows) of each (page, block, paragraph, line) joined by
// spaces, in output order, with the mean word confidence scaled to 0..1.
func parseReading(tsv string) (reading, error) {
	var rd reading
	rows := strings.Split(strings.TrimRight(tsv, "\n"), "\n")
	if len(rows) == 0 || !strings.HasPrefix(rows[0], "level\t") {
		return rd, fmt.Errorf("parse tesseract output: no TSV header: %w", derrors.ErrUnavailable)
	}
	var (
		lines   []evidence.Line
		key     string
		words   []evidence.Word
		confSum float64
		confN   int
		lineBox image.Rectangle
		boxes   []image.Rectangle
	)
	flush := func() {
		if len(words) > 0 {
			text := make([]string, len(words))
			for i, w := range words {
				text[i] = w.Text
			}
			line := evidence.Line{Text: strings.Join(text, " "), Words: words}
			if confN > 0 {
				line.Confidence = confSum / float64(confN) / 100
			}
			lines = append(lines, line)
			rd.LineBoxes = append(rd.LineBoxes, lineBox)
			rd.WordBoxes = append(rd.WordBoxes, boxes)
		}
		words, confSum, confN, lineBox, boxes = nil, 0, 0, image.Rectangle{}, nil
	}
	for _, row := range rows[1:] {
		// level page block par line word left top width height conf text
		cols := strings.SplitN(strings.TrimRight(row, "\r"), "\t", 12)
		if len(cols) < 12 || cols[0] != "5" {
			continue
		}
		word := strings.TrimSpace(cols[11])
		if word == "" {
			continue
		}
		if k := strings.Join(cols[1:5], "/"); k != key {
			flush()
			key = k
		}
		box, ok := wordBox(cols[6:10])
		if ok {
			rd.Boxes = append(rd.Boxes, box)
			lineBox = lineBox.Union(box)
		} else {
			box = image.Rectangle{}
		}
		boxes = append(boxes, box)
		conf, err := strconv.ParseFloat(cols[10], 64)
		w := evidence.Word{Text: word, Box: pixelBox(box)}
		if err == nil && conf >= 0 {
			confSum += min(conf, 100)
			confN++
			w.Confidence = min(conf, 100) / 100
		}
		words = append(words, w)
		if alnum(word) >= 2 {
			rd.Words++
			if conf >= 80 {
				rd.Confident++
			}
			if conf >= 60 {
				rd.ConfSum += min(conf, 100)
			}
		}
	}
	flush()
	rd.Lines = lines
	return rd, nil
}

// wordBox is a word's box from its left, top, width and height columns.
func wordBox(cols []string) (image.Rectangle, bool) {
	var v [4]int
	for i, c := range cols {
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 {
			return image.Rectangle{}, false
		}
		v[i] = n
	}
	return image.Rect(v[0], v[1], v[0]+v[2], v[1]+v[3]), v[2] > 0 && v[3] > 0
}

// alnum counts the letters and digits in s.
func alnum(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}
