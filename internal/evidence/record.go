package evidence

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
)

// Upload is an evidence file as received, once its type was detected from
// its bytes (never from the client's Content-Type or file name).
type Upload struct {
	Body      []byte
	MediaType string // one of the accepted types of mediatype.go (PDF, JPEG, ...)
	SHA256    string // lowercase hex of Body
}

// Stager stores an upload before it is read, under a key the service chose,
// and never overwrites one. Staging under a key that holds the same upload
// already (body and media type) succeeds, writing nothing: that is a retry
// of a Stage that landed but lost its answer. Any other upload under that
// key fails with an error wrapping derrors.ErrConflict and leaves the
// staged one as it was. Every implementation passes storetest.RunStager.
type Stager interface {
	Stage(ctx context.Context, key string, up Upload) error
}

// Record is the audit record of one verification: what the patient sent
// (the staged object's key and digest) and what the service said.
type Record struct {
	ID               string
	UserID           string
	CreatedAt        time.Time
	ObjectKey        string
	SHA256           string
	MediaType        string
	Size             int64
	MedicationName   string
	MedicationDosage string
	TextSource       string
	Result           Result
	// Findings is what decided each field and where it was read; nil in
	// records kept before findings were (they still read).
	Findings *Findings
	// Reading is what the reader read, for a clinician's review (see
	// KeepReading); nil in records kept before it was, and when nothing was
	// read.
	Reading *Reading
}

// Reading is what a reader read from a document, as a verification record
// keeps it for review: how each page was seen and the lines read, in the
// reader's order, without their words. It holds document text: it is kept
// with the record (erased and exported with it) and never logged.
type Reading struct {
	Pages []Page     `json:"pages,omitempty"`
	Lines []LineRead `json:"lines,omitempty"`
	// Omitted counts the lines left out past MaxReadingLines or
	// MaxReadingText.
	Omitted int `json:"omitted,omitempty"`
}

// LineRead is one line read, as a record keeps it.
type LineRead struct {
	Text       string  `json:"text"`
	Page       int     `json:"page,omitempty"`
	Box        *Box    `json:"box,omitempty"`
	Confidence float64 `json:"confidence"`
}

// A record keeps at most MaxReadingLines lines read and MaxReadingText
// bytes of their text: a label or a letter reads as well under 100 lines
// and 4 KiB, and a DynamoDB item (the whole record) holds at most 400 KB.
// At the limits a reading takes about 69 KB of the item
// (dynamo's TestAReadingAtItsLimitsFitsAnItem).
const (
	MaxReadingLines = 500
	MaxReadingText  = 32 << 10
)

// KeepReading is t as a record keeps it: its pages, and its lines up to the
// limits, boxes rounded to 1/10,000 of the page and confidences to 1/1,000
// (a record holds no more precision than review needs). It is nil when t
// says nothing.
func KeepReading(t Text) *Reading {
	if len(t.Lines) == 0 && len(t.Pages) == 0 {
		return nil
	}
	r := &Reading{Pages: t.Pages}
	size := 0
	for i, l := range t.Lines {
		size += len(l.Text)
		if i == MaxReadingLines || size > MaxReadingText {
			r.Omitted = len(t.Lines) - i
			break
		}
		kept := LineRead{Text: l.Text, Page: l.Page, Confidence: round(l.Confidence, 1000)}
		if !l.Box.IsZero() && onPage(l.Box) {
			b := l.Box.Rounded()
			kept.Box = &b
		}
		r.Lines = append(r.Lines, kept)
	}
	return r
}

// Rounded is b to 1/10,000 of the page: a tenth of a point on a letter
// page, a fraction of a pixel on a phone photo.
func (b Box) Rounded() Box {
	return Box{Left: round(b.Left, 1e4), Top: round(b.Top, 1e4), Width: round(b.Width, 1e4), Height: round(b.Height, 1e4)}
}

// onPage reports a box of numbers on the page (a store cannot keep NaN).
func onPage(b Box) bool {
	return b.Left >= 0 && b.Top >= 0 && b.Width >= 0 && b.Height >= 0 && b.Left+b.Width <= 1+1e-9 && b.Top+b.Height <= 1+1e-9
}

func round(v, per float64) float64 { return math.Round(v*per) / per }

// Recorder keeps verification records and never overwrites one. Recording
// exactly the stored record again (every field, CreatedAt to the
// millisecond) succeeds, writing nothing: that is a retry of a Record that
// landed but lost its answer. Any other record under a stored ID fails with
// an error wrapping derrors.ErrConflict and leaves the stored one as it was.
// Every implementation passes storetest.RunRecorder.
type Recorder interface {
	Record(ctx context.Context, r Record) error
}

// Document is a staged upload handed to a Reader.
type Document struct {
	Body      []byte
	MediaType string
	// Key is the staged object's key (Textract reads the object from S3).
	Key string
	// Pages is the document's page count as the service counted it before
	// reading (PageCounter), at most the page cap; 0 when it could not be
	// counted. A reader never reads, nor has read for it, more pages.
	Pages int
	// LeadID and SHA256 (of Body) name the upload: a reader may reuse
	// what it did for the same file sent for the same lead (a Textract job
	// whose answer came too late). Both are empty for a derived document.
	LeadID string
	SHA256 string
}

// Reader gets the text out of a document. A document that is readable but
// holds no text gives an empty Text and no error. A document that cannot be
// read (corrupt, encrypted, unsupported content) gives an error wrapping
// ErrUnreadable; a failing dependency gives an error wrapping
// derrors.ErrUnavailable.
type Reader interface {
	Read(ctx context.Context, doc Document) (Text, error)
}

// ErrUnreadable: the document's content could not be read.
var ErrUnreadable = errors.New("document unreadable")

// Unreadable is ErrUnreadable with a reason: a short lower-case word
// ("encrypted", "no_ocr") that metrics may count by. It reads and matches as
// ErrUnreadable, so a reader tags its error with
// fmt.Errorf("...: %w", evidence.Unreadable("encrypted")).
func Unreadable(reason string) error { return &unreadableError{reason: reason} }

type unreadableError struct{ reason string }

func (e *unreadableError) Error() string        { return ErrUnreadable.Error() }
func (e *unreadableError) Is(target error) bool { return target == ErrUnreadable }

// UnreadableReason is the reason err gives for a document that could not be
// read: "" when err is not ErrUnreadable, "over_budget" for a document that
// needed more work than the service spends on one, "other" when no reader
// named one.
func UnreadableReason(err error) string {
	if !errors.Is(err, ErrUnreadable) {
		return ""
	}
	if errors.Is(err, derrors.ErrOverBudget) {
		return "over_budget"
	}
	var u *unreadableError
	if errors.As(err, &u) && u.reason != "" {
		return u.reason
	}
	return "other"
}
