// How sure a rating is: how well its evidence was read and how closely it matched.

package evidence

// Read-quality thresholds for Line.Confidence.
const (
	wellRead   = 0.90
	fairlyRead = 0.60
	// Lines read with at least this confidence, by a reader that is not OCR,
	// come from a text layer where OCR noise cannot occur: their words
	// must match exactly.
	textLayerRead = 0.99
)

func readConfidence(c float64) Confidence {
	switch {
	case c >= wellRead:
		return High
	case c >= fairlyRead:
		return Medium
	default:
		return Low
	}
}

func rank(c Confidence) int {
	switch c {
	case High:
		return 3
	case Medium:
		return 2
	default:
		return 1
	}
}

func lower(a, b Confidence) Confidence {
	if rank(b) < rank(a) {
		return b
	}
	return a
}

func higher(a, b Confidence) Confidence {
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// notFoundConfidence is how sure a not_found is when the document was read
// but the field was not on it: never high (the reader may have missed it).
func (d document) notFoundConfidence() Confidence {
	if d.readConfidence() == High {
		return Medium
	}
	return Low
}

// matchLevel is how closely a word matched what was looked for.
type matchLevel int

const (
	noMatch     matchLevel = iota
	fuzzyMatch2            // two edits away after allowing for OCR confusions
	fuzzyMatch1            // one edit away
	ocrMatch               // equal once OCR confusions (0/o, 1/l, rn/m) are undone
	exactMatch             // equal (ignoring case, accents, apostrophes)
)

func (m matchLevel) confidence() Confidence {
	switch m {
	case exactMatch:
		return High
	case ocrMatch, fuzzyMatch1:
		return Medium
	default:
		return Low
	}
}
