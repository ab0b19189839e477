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
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"sync"
	"time"

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

// directive is one MetricDirective: metrics that share dimension sets.
type directive struct {
	dimensions [][]string
	metrics    map[string]unit
}

// put writes one line: the directives, and the values of their dimensions
// and metrics as members of the root. Function and Market lead every
// dimension set.
func (e *EMF) put(function string, dims map[string]string, values map[string]float64, directives ...directive) {
	if e == nil || e.w == nil {
		return
	}
	type metricDef struct {
		Name string `json:"Name"`
		Unit unit   `json:"Unit"`
	}
	type metricDirective struct {
		Namespace  string      `json:"Namespace"`
		Dimensions [][]string  `json:"Dimensions"`
		Metrics    []metricDef `json:"Metrics"`
	}
	root := map[string]any{
		DimFunction: function,
		DimMarket:   e.market,
	}
	for k, v := range dims {
		root[k] = v
	}
	for k, v := range values {
		root[k] = v
	}
	var ds []metricDirective
	for _, d := range directives {
		md := metricDirective{Namespace: e.namespace}
		for _, set := range d.dimensions {
			md.Dimensions = append(md.Dimensions, append([]string{DimFunction, DimMarket}, set...))
		}
		for _, name := range slices.Sorted(maps.Keys(d.metrics)) {
			md.Metrics = append(md.Metrics, metricDef{Name: name, Unit: d.metrics[name]})
		}
		ds = append(ds, md)
	}
	root["_aws"] = struct {
		Timestamp         int64             `json:"Timestamp"`
		CloudWatchMetrics []metricDirective `json:"CloudWatchMetrics"`
	}{e.now().UnixMilli(), ds}
	line, err := json.Marshal(root)
	if err != nil {
		// Only strings and numbers go in; this cannot happen.
		panic(fmt.Sprintf("metrics: encode line: %v", err))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	_, _ = e.w.Write(append(line, '\n'))
}

// Request counts one answered request of function and its latency, by status
// class (2xx, 4xx, 5xx).
func (e *EMF) Request(function string, status int, elapsed time.Duration) {
	both := map[string]unit{Requests: count, Latency: milliseconds}
	e.put(function,
		map[string]string{DimStatusClass: statusClass(status)},
		map[string]float64{Requests: 1, Latency: float64(elapsed.Microseconds()) / 1000},
		directive{dimensions: [][]string{{}, {DimStatusClass}}, metrics: both})
}

// LeadCreated counts a lead created, or an Idempotency-Key replay of one.
func (e *EMF) LeadCreated(replayed bool) {
	name := LeadsCreated
	if replayed {
		name = IdempotentReplays
	}
	e.put(FunctionCreateLead, nil, map[string]float64{name: 1},
		directive{dimensions: [][]string{{}}, metrics: map[string]unit{name: count}})
}

// Verified counts a verification by outcome, the text source that read its
// document, why a document could not be read, and each field's verdict.
func (e *EMF) Verified(out evidence.Outcome) {
	outcome := outcomeOf(out)
	dims := map[string]string{DimOutcome: outcome, DimSource: sourceOf(out.TextSource)}
	values := map[string]float64{Verifications: 1, DocumentsRead: 1}
	directives := []directive{
		{dimensions: [][]string{{}, {DimOutcome}}, metrics: map[string]unit{Verifications: count}},
		{dimensions: [][]string{{DimSource}}, metrics: map[string]unit{DocumentsRead: count}},
	}
	if outcome == OutcomeUnreadable {
		dims[DimReason] = reason(out.Unreadable)
		values[UnreadableDocuments] = 1
		directives = append(directives, directive{dimensions: [][]string{{}, {DimReason}}, metrics: map[string]unit{UnreadableDocuments: count}})
	}
	e.put(FunctionVerifyEvidence, dims, values, directives...)
	f := out.Result.Data
	for _, field := range []struct {
		name string
		r    evidence.Rating
	}{
		{"patientName", f.PatientName},
		{"medicationName", f.MedicationName},
		{"medicationDosage", f.MedicationDosage},
		{"medicationDate", f.MedicationDate},
		{"pharmacyName", f.PharmacyName},
	} {
		e.put(FunctionVerifyEvidence,
			map[string]string{DimField: field.name, DimVerdict: verdict(field.r.Value)},
			map[string]float64{FieldVerdicts: 1},
			directive{dimensions: [][]string{{DimField, DimVerdict}}, metrics: map[string]unit{FieldVerdicts: count}})
	}
}

// DocumentRefused counts an upload refused before it was read (too large,
// a type not accepted), by reason.
func (e *EMF) DocumentRefused(why string) {
	e.put(FunctionVerifyEvidence,
		map[string]string{DimReason: reason(why)},
		map[string]float64{RefusedDocuments: 1},
		directive{dimensions: [][]string{{}, {DimReason}}, metrics: map[string]unit{RefusedDocuments: count}})
}

// TextractPages counts pages Textract read (and bills).
func (e *EMF) TextractPages(n int) {
	e.put(FunctionVerifyEvidence, nil, map[string]float64{TextractPages: float64(n)},
		directive{dimensions: [][]string{{}}, metrics: map[string]unit{TextractPages: count}})
}

// TextractError counts a Textract call that failed for a reason of ours or
// Textract's (throttled, denied, failed), not a document Textract refused.
func (e *EMF) TextractError(why string) {
	e.put(FunctionVerifyEvidence,
		map[string]string{DimReason: reason(why)},
		map[string]float64{TextractErrors: 1},
		directive{dimensions: [][]string{{}, {DimReason}}, metrics: map[string]unit{TextractErrors: count}})
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
	if out.Unreadable != "" {
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
