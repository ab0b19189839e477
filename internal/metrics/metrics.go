// Package metrics writes the service's metrics in CloudWatch embedded metric
// format (EMF): one JSON object a line on the function's stdout, which
// CloudWatch Logs turns into metrics. Publishing costs no API call and no
// permission, and a line is written whether or not anything reads it.
//
// Dimensions are a few fixed words (function, market, outcome, field, verdict,
// source, reason); no value a client sends ever becomes a dimension, and no
// line carries an id or personal data. docs/operations.md lists every metric;
// the template's alarms and dashboard read them by the names below.
package metrics

import (
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/clinicplatform/intake/internal/evidence"
)

// Metric names.
const (
	Requests            = "Requests"
	Latency             = "Latency"
	LeadsCreated        = "LeadsCreated"
	IdempotentReplays   = "IdempotentReplays"
	Verifications       = "Verifications"
	FieldVerdicts       = "FieldVerdicts"
	DocumentsRead       = "DocumentsRead"
	UnreadableDocuments = "UnreadableDocuments"
	RefusedDocuments    = "RefusedDocuments"
	TextractPages       = "TextractPages"
	TextractErrors      = "TextractErrors"
	UnknownLeads        = "UnknownLeads"
	RetryLaterAnswers   = "RetryLater"
	// The stack's daily allowances: the day's count after each take
	// (alarmed on its Maximum, docs/operations.md).
	TextReaderPagesToday = "TextReaderPagesToday"
	VerificationsToday   = "VerificationsToday"
)

// Dimension names.
const (
	DimFunction    = "Function"
	DimMarket      = "Market"
	DimStatusClass = "StatusClass"
	DimOutcome     = "Outcome"
	DimField       = "Field"
	DimVerdict     = "Verdict"
	DimSource      = "Source"
	DimReason      = "Reason"
)

// Function names, the values of the Function dimension.
const (
	FunctionCreateLead     = "create-lead"
	FunctionVerifyEvidence = "verify-evidence"
	FunctionGetProtocols   = "get-protocols"
)

// Verification outcomes, the values of the Outcome dimension.
const (
	OutcomeVerified   = "verified"   // every field valid
	OutcomeRejected   = "rejected"   // some field invalid
	OutcomeIncomplete = "incomplete" // none invalid, some not found
	OutcomeUnreadable = "unreadable" // no reader could read the document
)

// Text sources, the values of the Source dimension.
const (
	SourcePDF       = "pdf"
	SourceTextract  = "textract"
	SourceTesseract = "tesseract"
	SourceNone      = "none"
	SourceOther     = "other"
)

// ReasonOther replaces a reason that is not a short lower-case word.
const ReasonOther = "other"

// EMF writes metrics for one market to w. It is safe for concurrent use
// (the local API serves requests in parallel); each line is one Write. A nil
// *EMF writes nothing.
type EMF struct {
	mu        sync.Mutex
	buf       []byte // the line being written, reused under mu
	w         io.Writer
	namespace string
	market    string
	now       func() time.Time
}

// New writes metrics of namespace to w; every metric carries the Market
// dimension.
func New(w io.Writer, namespace, market string) *EMF {
	return &EMF{w: w, namespace: namespace, market: market, now: time.Now}
}

// WithClock pins the time of the lines (tests).
func (e *EMF) WithClock(now func() time.Time) *EMF {
	e.now = now
	return e
}

// unit is a CloudWatch unit name.
type unit string

const (
	count        unit = "Count"
	milliseconds unit = "Milliseconds"
)

// dim is one dimension's value on a line.
type dim struct{ name, value string }

// val is one metric's value on a line.
type val struct {
	name  string
	unit  unit
	value float64
}

// directive is one MetricDirective: metrics that share dimension sets.
// Each set lists the dimensions after Function and Market, which lead every
// set.
type directive struct {
	sets [][]string
	vals []val
}

// Dimension sets used below.
var (
	byNothing      = [][]string{{}}
	byStatusClass  = [][]string{{}, {DimStatusClass}}
	byOutcome      = [][]string{{}, {DimOutcome}}
	bySource       = [][]string{{DimSource}}
	byReason       = [][]string{{}, {DimReason}}
	byFieldVerdict = [][]string{{DimField, DimVerdict}}
)

// put writes one line: the values of its dimensions and metrics as members
// of the root, and the directives under _aws. It is written by hand, not
// with encoding/json, to keep a request's metrics to a few allocations.
func (e *EMF) put(function string, dims []dim, directives ...directive) {
	if e == nil || e.w == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	b := append(e.buf[:0], '{')
	b = appendMember(b, DimFunction, function)
	b = append(b, ',')
	b = appendMember(b, DimMarket, e.market)
	for _, d := range dims {
		b = append(b, ',')
		b = appendMember(b, d.name, d.value)
	}
	for _, d := range directives {
		for _, v := range d.vals {
			b = append(b, ',')
			b = appendString(b, v.name)
			b = append(b, ':')
			b = strconv.AppendFloat(b, v.value, 'f', -1, 64)
		}
	}
	b = append(b, `,"_aws":{"Timestamp":`...)
	b = strconv.AppendInt(b, e.now().UnixMilli(), 10)
	b = append(b, `,"CloudWatchMetrics":[`...)
	for i, d := range directives {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"Namespace":`...)
		b = appendString(b, e.namespace)
		b = append(b, `,"Dimensions":[`...)
		for j, set := range d.sets {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, `["`+DimFunction+`","`+DimMarket+`"`...)
			for _, name := range set {
				b = append(b, ',')
				b = appendString(b, name)
			}
			b = append(b, ']')
		}
		b = append(b, `],"Metrics":[`...)
		for j, v := range d.vals {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"Name":`...)
			b = appendString(b, v.name)
			b = append(b, `,"Unit":`...)
			b = appendString(b, string(v.unit))
			b = append(b, '}')
		}
		b = append(b, "]}"...)
	}
	b = append(b, "]}}\n"...)
	e.buf = b
	_, _ = e.w.Write(b)
}

func appendMember(b []byte, name, value string) []byte {
	b = appendString(b, name)
	b = append(b, ':')
	return appendString(b, value)
}

// appendString appends s as a JSON string. Names and values here are fixed
// words or validated settings; anything else is escaped all the same.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r < 0x20 || r == utf8.RuneError:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[r>>4&0xf], "0123456789abcdef"[r&0xf])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}

// Request counts one answered request of function and its latency, by status
// class (2xx, 4xx, 5xx).
func (e *EMF) Request(function string, status int, elapsed time.Duration) {
	e.put(function, []dim{{DimStatusClass, statusClass(status)}}, directive{byStatusClass, []val{
		{Latency, milliseconds, float64(elapsed.Microseconds()) / 1000},
		{Requests, count, 1},
	}})
}

// LeadCreated counts a lead created, or an Idempotency-Key replay of one.
func (e *EMF) LeadCreated(replayed bool) {
	name := LeadsCreated
	if replayed {
		name = IdempotentReplays
	}
	e.put(FunctionCreateLead, nil, directive{byNothing, []val{{name, count, 1}}})
}

// Verified counts a verification by outcome, the text source that read its
// document, why a document could not be read, and each field's verdict.
func (e *EMF) Verified(out evidence.Outcome) {
	outcome := outcomeOf(out)
	if outcome == OutcomeUnreadable {
		e.put(FunctionVerifyEvidence,
			[]dim{{DimOutcome, outcome}, {DimSource, sourceOf(out.TextSource)}, {DimReason, reason(evidence.UnreadableReason(out.Unreadable))}},
			directive{byOutcome, []val{{Verifications, count, 1}}},
			directive{bySource, []val{{DocumentsRead, count, 1}}},
			directive{byReason, []val{{UnreadableDocuments, count, 1}}})
	} else {
		e.put(FunctionVerifyEvidence,
			[]dim{{DimOutcome, outcome}, {DimSource, sourceOf(out.TextSource)}},
			directive{byOutcome, []val{{Verifications, count, 1}}},
			directive{bySource, []val{{DocumentsRead, count, 1}}})
	}
	f := out.Result.Data
	for _, field := range [...]struct {
		name string
		r    evidence.Rating
	}{
		{"patientName", f.PatientName},
		{"medicationName", f.MedicationName},
		{"medicationDosage", f.MedicationDosage},
		{"medicationDate", f.MedicationDate},
		{"pharmacyName", f.PharmacyName},
	} {
		e.put(FunctionVerifyEvidence, []dim{{DimField, field.name}, {DimVerdict, verdict(field.r.Value)}},
			directive{byFieldVerdict, []val{{FieldVerdicts, count, 1}}})
	}
}

// DocumentRefused counts an upload refused before it was read (too large,
// a type not accepted), by reason.
func (e *EMF) DocumentRefused(why string) {
	e.put(FunctionVerifyEvidence, []dim{{DimReason, reason(why)}}, directive{byReason, []val{{RefusedDocuments, count, 1}}})
}

// UnknownLead counts an upload for a userId no lead has, answered without
// reading it.
func (e *EMF) UnknownLead() {
	e.put(FunctionVerifyEvidence, nil, directive{byNothing, []val{{UnknownLeads, count, 1}}})
}

// RetryLater counts a request answered 503 with Retry-After, by reason
// ("busy", "daily_text_reader_pages", "daily_verifications", "job_running").
func (e *EMF) RetryLater(why string) {
	e.put(FunctionVerifyEvidence, []dim{{DimReason, reason(why)}}, directive{byReason, []val{{RetryLaterAnswers, count, 1}}})
}

// TextReaderPagesToday reports the pages taken from the stack's daily
// allowance so far today, after a take.
func (e *EMF) TextReaderPagesToday(used int) {
	e.put(FunctionVerifyEvidence, nil, directive{byNothing, []val{{TextReaderPagesToday, count, float64(used)}}})
}

// VerificationsToday reports the verifications taken from the stack's
// daily allowance so far today, after a take.
func (e *EMF) VerificationsToday(used int) {
	e.put(FunctionVerifyEvidence, nil, directive{byNothing, []val{{VerificationsToday, count, float64(used)}}})
}

// TextractPages counts pages Textract read (and bills).
func (e *EMF) TextractPages(n int) {
	e.put(FunctionVerifyEvidence, nil, directive{byNothing, []val{{TextractPages, count, float64(n)}}})
}

// TextractError counts a Textract call that failed for a reason of ours or
// Textract's (throttled, denied, failed), not a document Textract refused.
func (e *EMF) TextractError(why string) {
	e.put(FunctionVerifyEvidence, []dim{{DimReason, reason(why)}}, directive{byReason, []val{{TextractErrors, count, 1}}})
}

func statusClass(status int) string {
	switch {
	case status >= 500:
		return "5xx"
	case status >= 400:
		return "4xx"
	case status >= 300:
		return "3xx"
	case status >= http.StatusOK:
		return "2xx"
	}
	return "other"
}

func outcomeOf(out evidence.Outcome) string {
	if out.Unreadable != nil {
		return OutcomeUnreadable
	}
	if out.Result.Success {
		return OutcomeVerified
	}
	f := out.Result.Data
	for _, r := range []evidence.Rating{f.PatientName, f.MedicationName, f.MedicationDosage, f.MedicationDate, f.PharmacyName} {
		if r.Value == evidence.Invalid {
			return OutcomeRejected
		}
	}
	return OutcomeIncomplete
}

// sourceOf maps a reader's name to the Source dimension's few values.
func sourceOf(source string) string {
	switch source {
	case "pdf-text", "pdf":
		return SourcePDF
	case "textract":
		return SourceTextract
	case "tesseract":
		return SourceTesseract
	case "":
		return SourceNone
	}
	return SourceOther
}

func verdict(v evidence.Verdict) string {
	switch v {
	case evidence.Valid, evidence.Invalid, evidence.NotFound:
		return string(v)
	}
	return ReasonOther
}

// reason keeps a reason to a short word of [a-z0-9_], so a dimension can
// never carry free text.
func reason(s string) string {
	if s == "" || len(s) > 32 {
		return ReasonOther
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return ReasonOther
		}
	}
	return s
}
