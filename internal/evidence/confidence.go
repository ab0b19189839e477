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

// certainty is how sure the verifier is of a reading, a match or a rating,
// ordered so that evidence combines with min and max: a rating is as sure
// as its weakest evidence. A rating's Confidence is its wire word.
type certainty int

const (
	lowCertainty certainty = iota + 1
	mediumCertainty
	highCertainty
)

// Confidence is the wire word for c ("high", "medium", "low").
func (c certainty) Confidence() Confidence {
	switch c {
	case highCertainty:
		return High
	case mediumCertainty:
		return Medium
	case lowCertainty:
		return Low
	}
	return ""
}

func (c certainty) String() string { return string(c.Confidence()) }

// certainty is the ordered form of a rating's wire word; an unknown word
// is as unsure as it gets.
func (c Confidence) certainty() certainty {
	switch c {
	case High:
		return highCertainty
	case Medium:
		return mediumCertainty
	}
	return lowCertainty
}

// readCertainty is how well a line or word read with the reader's
// confidence c (0..1) was read.
func readCertainty(c float64) certainty {
	switch {
	case c >= wellRead:
		return highCertainty
	case c >= fairlyRead:
		return mediumCertainty
	default:
		return lowCertainty
	}
}

// notFoundConfidence is how sure a not_found is when the document was read
// but the field was not on it: never high (the reader may have missed it).
func (d document) notFoundConfidence() Confidence {
	if d.readCertainty() == highCertainty {
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

// certainty is how sure a match at level m is of what it matched.
func (m matchLevel) certainty() certainty {
	switch m {
	case exactMatch:
		return highCertainty
	case ocrMatch, fuzzyMatch1:
		return mediumCertainty
	default:
		return lowCertainty
	}
}
