// Package evidence is the prescription evidence domain: what a document says
// (Text), what we expected (Expected), and the verdict (Result). It imports
// no AWS or HTTP code.
//
// Service (service.go) stages, reads, verifies and records one document.
// Verify (verify.go) rates five fields, each rated in its own file: name.go,
// medicine.go, dosage.go, date.go and pharmacy.go. What a field's rating
// finds and compares sits beside it in files named for the field
// (name_labels.go, date_parse.go, dose_scan.go, ...); what the fields share
// has a file each: document.go (the document model), text.go (normalising),
// ocr.go (allowing for OCR noise), phrase.go, confidence.go (certainty and
// match levels) and note.go (the note a clinician reads).
package evidence

import "time"

// Verdict is a rating's value.
type Verdict string

const (
	// Valid: the field is on the document and agrees with what is expected.
	Valid Verdict = "valid"
	// Invalid: the field is on the document and disagrees.
	Invalid Verdict = "invalid"
	// NotFound: the field could not be found or read on the document.
	NotFound Verdict = "not_found"
)

// Confidence is how certain a verdict is.
type Confidence string

const (
	High   Confidence = "high"
	Medium Confidence = "medium"
	Low    Confidence = "low"
)

// Rating is one field's verdict.
type Rating struct {
	Value      Verdict    `json:"value"`
	Confidence Confidence `json:"confidence"`
}

// Fields holds the five ratings, in the wire order of the interface.
type Fields struct {
	PatientName      Rating `json:"patientName"`
	MedicationName   Rating `json:"medicationName"`
	MedicationDosage Rating `json:"medicationDosage"`
	MedicationDate   Rating `json:"medicationDate"`
	PharmacyName     Rating `json:"pharmacyName"`
}

// Result is the verification result (interface section 2.4).
type Result struct {
	Success    bool       `json:"success"`
	Data       Fields     `json:"data"`
	Confidence Confidence `json:"confidence"`
	Note       string     `json:"note"`
}

// Line is one line of text read from a document. Confidence is the reader's
// certainty for the line, from 0 to 1 (1 for a PDF text layer). Words, when
// the reader reports them, are the line's words with their own confidences,
// so a weak word inside a confident line can be seen.
type Line struct {
	Text       string
	Confidence float64
	Words      []Word
	// Page is the 1-based page the line was read on (0: the reader did not
	// say) and Box where on it (zero: the reader gave no geometry). They
	// show a clinician where a field was read (Findings); with the words'
	// boxes they also say which cells of a table share a row and a column
	// (docs/evidence-rules.md, "Tables of fills are read from where their
	// words lie").
	Page int
	Box  Box
}

// Box is a rectangle on a page in fractions of the page's width and height,
// measured from its top-left corner, as Textract's BoundingBox gives it. The
// page is the image as the reader saw it, turned upright.
type Box struct {
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// IsZero reports whether the box is unknown.
func (b Box) IsZero() bool { return b == Box{} }

// Union is the smallest box holding b and o (either may be zero).
func (b Box) Union(o Box) Box {
	switch {
	case b.IsZero():
		return o
	case o.IsZero():
		return b
	}
	left, top := min(b.Left, o.Left), min(b.Top, o.Top)
	right, bottom := max(b.Left+b.Width, o.Left+o.Width), max(b.Top+b.Height, o.Top+o.Height)
	return Box{Left: left, Top: top, Width: right - left, Height: bottom - top}
}

// Word is one word of a Line as the reader saw it, Confidence from 0 to 1
// (a percentage, as Textract and Tesseract report it, is also understood).
type Word struct {
	Text       string
	Confidence float64
	Box        Box // zero when the reader gave no geometry
}

// Text is what a reader got out of a document, top to bottom.
type Text struct {
	Lines []Line
	// Source names the reader ("pdf-text", "tesseract", "textract").
	Source string
	// Unseen is text the document carries but does not show, read besides
	// Lines: a PDF's invisible text layer over a page image (a scanner app's
	// own OCR), when Lines were read from the image. It is someone else's
	// reading, never what the document says: a field it reads otherwise than
	// Lines do is not_found (docs/evidence-rules.md, hidden-layer-disagrees).
	Unseen []Line
	// Pages is how the reader saw each page it read, in page order (Line.Page
	// 1 is Pages[0]); nil when the reader did not say. It is for showing a
	// clinician the page as it was read; no verdict depends on it.
	Pages []Page
}

// Page is how a reader saw one page of a document: the frame its lines' and
// words' boxes are measured in.
type Page struct {
	// Turns is how many quarter turns clockwise (0..3) the reader turned the
	// page to read it upright, after the file's own EXIF orientation: a photo
	// taken sideways reads as 1 or 3. A PDF page is as a viewer shows it
	// (its /Rotate applied) before any turn.
	Turns int `json:"turns,omitempty"`
}

// Expected is what the document is checked against.
type Expected struct {
	// PatientKnown is false when no lead has the request's userId; the
	// patient name is then rated not_found.
	PatientKnown bool
	Forename     string
	Surname      string
	// MedicationName and MedicationDosage are as the client sent them
	// ("Wegovy", "semaglutide"; "2.4 mg", "2,4mg", "500mcg").
	MedicationName   string
	MedicationDosage string
}

// Policy holds the settings a verification depends on.
type Policy struct {
	// Now is the time of the verification (dates after it are in the future).
	Now time.Time
	// MaxAge is how old the document's date may be (default 90 days).
	MaxAge time.Duration
	// Market ("uk" or "us") settles day/month order when the document
	// gives no cue: 03/04/2026 is 3 April in the UK and March 4 in the US.
	Market string
}

// Finding is what decided one field's verdict: the rule of
// docs/evidence-rules.md that decided it and, when the verdict rests on
// something read, where it was read (page, box), what was read there and
// how surely. A verdict that rests on nothing read (not_found) has only
// its Rule. Findings are kept with the verification record for review and
// are never logged: Text is document text.
type Finding struct {
	Rule       string  `json:"rule"`
	Page       int     `json:"page,omitempty"`
	Box        *Box    `json:"box,omitempty"`
	Text       string  `json:"text,omitempty"`
	Confidence float64 `json:"confidence,omitempty"`
}

// Findings holds a Finding per field, in the wire order of Fields.
type Findings struct {
	PatientName      Finding `json:"patientName"`
	MedicationName   Finding `json:"medicationName"`
	MedicationDosage Finding `json:"medicationDosage"`
	MedicationDate   Finding `json:"medicationDate"`
	PharmacyName     Finding `json:"pharmacyName"`
}
