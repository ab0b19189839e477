// Package textract reads staged evidence with Amazon Textract on the S3
// object: DetectDocumentText for images and one-page PDFs, and the
// asynchronous StartDocumentTextDetection for PDFs of several pages. It
// implements evidence.Reader for the deployed service, and rebuilds the
// rows a person reads from the geometry Textract returns (layout.go).
package textract

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// Textract's budget: a dense photo can take longer than the 5 s the other
// AWS calls get, so 2 attempts of 10 s each, which with the 1 s backoff
// (21 s) leaves verify-evidence's 25 s answer deadline 4 s for S3 and
// DynamoDB (internal/stack deadline_test.go).
const (
	MaxAttempts    = 2
	AttemptTimeout = 10 * time.Second
)

// NewClient is the Textract client for cfg with Textract's own budget,
// then optFns (WithAttemptTimeout).
func NewClient(cfg aws.Config, optFns ...func(*textract.Options)) *textract.Client {
	return textract.NewFromConfig(cfg, append([]func(*textract.Options){func(o *textract.Options) {
		o.HTTPClient = awshttp.NewBuildableClient().WithTimeout(AttemptTimeout)
		o.RetryMaxAttempts = MaxAttempts
	}}, optFns...)...)
}

// WithAttemptTimeout gives each attempt d instead of AttemptTimeout: for
// the Textract stand-in (internal/testing/textractstandin), which reads at
// a local OCR engine's speed, seconds where Textract takes one, in the
// evaluation and the local API. The function never uses it.
func WithAttemptTimeout(d time.Duration) func(*textract.Options) {
	return func(o *textract.Options) {
		o.HTTPClient = awshttp.NewBuildableClient().WithTimeout(d)
	}
}

// Source names this reader in evidence.Text.
const Source = "textract"

// API is the part of the Textract client the reader uses.
type API interface {
	DetectDocumentText(ctx context.Context, in *textract.DetectDocumentTextInput, optFns ...func(*textract.Options)) (*textract.DetectDocumentTextOutput, error)
	StartDocumentTextDetection(ctx context.Context, in *textract.StartDocumentTextDetectionInput, optFns ...func(*textract.Options)) (*textract.StartDocumentTextDetectionOutput, error)
	GetDocumentTextDetection(ctx context.Context, in *textract.GetDocumentTextDetectionInput, optFns ...func(*textract.Options)) (*textract.GetDocumentTextDetectionOutput, error)
}

var _ API = (*textract.Client)(nil)

// Reader detects text in documents staged in Bucket. Synchronous detection
// reads JPEG, PNG, TIFF and one-page PDFs; a PDF the service counted
// several pages in (evidence.Document.Pages, within the page cap) is read by
// an asynchronous detection job, polled every PollInterval
// (DefaultPollInterval when zero) until shortly before ctx's deadline. No
// job is ever started on a document whose pages were not counted: Textract
// would bill every page of it.
type Reader struct {
	Client       API
	Bucket       string
	PollInterval time.Duration
	// Usage counts pages read and calls failed (metrics.EMF in the
	// function); nil counts nothing.
	Usage Usage
	// Budget is the stack's daily allowance of pages (quota.Daily): each
	// call Textract bills takes its pages first, and is not made when they
	// are not left (503). nil takes nothing.
	Budget Budget
	// Jobs remembers the job started for a lead's file, so that a retry of
	// the same file (same lead, same SHA-256) after a job outlasted its
	// request polls that job, or reads its result, instead of paying for
	// another. nil remembers nothing.
	Jobs JobStore
	// Now is the clock of job records; nil is time.Now.
	Now func() time.Time
}

// Usage receives what Textract read (and bills) or why a call failed.
type Usage interface {
	TextractPages(n int)
	TextractError(reason string)
}

// Budget is the allowance each billed call takes its pages from; it fails
// with an error wrapping derrors.ErrBusy when they are not left.
type Budget interface {
	Take(ctx context.Context, pages int) error
}

// DefaultPollInterval: a job on a few pages takes some seconds; polling
// each second costs a free Get call and waits at most a second too long.
const DefaultPollInterval = time.Second

var _ evidence.Reader = Reader{}

// Read returns the document's rows as a person reads them (see lines), page
// by page, confidences scaled to 0..1. Documents Textract cannot read give
// an error wrapping evidence.ErrUnreadable; the day's pages spent, or a job
// not done in time, one wrapping derrors.ErrBusy (503: the client retries,
// and the retry reuses the job); every other failure wraps
// derrors.ErrUnavailable.
func (r Reader) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	text := evidence.Text{Source: Source}
	if doc.Key != "" && doc.MediaType == "application/pdf" && doc.Pages > 1 {
		// The synchronous API reads one page: a longer PDF is a job.
		blocks, err := r.detectAsync(ctx, doc)
		if err != nil {
			return text, err
		}
		text.Lines, text.Pages = layout(blocks)
		return text, nil
	}
	// The staged object, or the body itself when the body is not what was
	// staged (docread turns an EXIF-rotated photo upright and clears Key).
	document := &types.Document{Bytes: doc.Body}
	switch {
	case doc.Key != "":
		document = &types.Document{S3Object: r.object(doc)}
	case len(doc.Body) == 0:
		return text, fmt.Errorf("textract: document has no staged object key and no body")
	}
	// One page at most: Textract refuses a document of several pages here
	// (a PDF the service could not count is then unreadable, never a job).
	if err := r.take(ctx, 1); err != nil {
		return text, err
	}
	out, err := r.Client.DetectDocumentText(ctx, &textract.DetectDocumentTextInput{
		Document: document,
	}, PlainRequestBody)
	if err != nil {
		return text, r.classify("textract detect text "+doc.Key, err)
	}
	r.countPages(out.DocumentMetadata)
	text.Lines, text.Pages = layout(out.Blocks)
	return text, nil
}

// take takes pages from the budget before a call that bills them.
func (r Reader) take(ctx context.Context, pages int) error {
	if r.Budget == nil {
		return nil
	}
	if err := r.Budget.Take(ctx, pages); err != nil {
		return fmt.Errorf("textract: %d page(s): %w", pages, err)
	}
	return nil
}

// countPages counts the pages Textract says it read (one when it does not say).
func (r Reader) countPages(meta *types.DocumentMetadata) {
	if r.Usage == nil {
		return
	}
	n := 1
	if meta != nil && meta.Pages != nil && *meta.Pages > 0 {
		n = int(*meta.Pages)
	}
	r.Usage.TextractPages(n)
}

// failed counts a call that failed for a reason of ours or Textract's.
func (r Reader) failed(reason string) {
	if r.Usage != nil {
		r.Usage.TextractError(reason)
	}
}

func (r Reader) object(doc evidence.Document) *types.S3Object {
	return &types.S3Object{Bucket: aws.String(r.Bucket), Name: aws.String(doc.Key)}
}

// classify wraps a client error as unreadable (with Textract's reason) or
// unavailable (counted as a failed call).
func (r Reader) classify(what string, err error) error {
	if reason := unreadable(err); reason != "" {
		return fmt.Errorf("%s: %w: %w", what, evidence.Unreadable(reason), err)
	}
	reason := failure(err)
	r.failed(reason)
	switch {
	case reason == "throttled":
		// Over Textract's rate after the SDK's retries: the document is
		// read when asked again, as the local reader's full queue answers.
		return fmt.Errorf("%s: %w: %w", what, err, &derrors.Later{Reason: "textract_throttled",
			Message: "too many documents are being read; try again shortly", RetryAfter: RetryAfter})
	case timedOut(err):
		// Cut off by the request's time or the attempts': no verdict from
		// half the work, and none from a reading the caller could not wait
		// for (the local reader answers the same).
		return fmt.Errorf("%s: %w: %w", what, err, &derrors.Later{Reason: "textract_timeout",
			Message: "the document could not be read in time; try again shortly", RetryAfter: RetryAfter})
	}
	return fmt.Errorf("%s: %w: %w", what, derrors.ErrUnavailable, err)
}

// RetryAfter is what a client whose document Textract could not read in
// time, or not at the moment, is asked to wait.
const RetryAfter = 5 * time.Second

// timedOut reports an error from a call that ran out of time: the
// request's deadline, or an attempt's timeout.
func timedOut(err error) bool {
	var timeout interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &timeout) && timeout.Timeout()
}

// PlainRequestBody makes the call's HTTP client send the request body
// through Read alone. smithy-go closes the request body as soon as the
// response headers arrive; when they arrive before net/http has made its
// last read of the body, the body's WriteTo answers io.EOF as an error, so
// net/http counts the write as failed and closes the connection under the
// response body still being read ("use of closed network connection").
// Read answers a plain EOF once closed, which ends the body as it should.
func PlainRequestBody(o *textract.Options) {
	o.HTTPClient = plainBodyClient{o.HTTPClient}
}

type plainBodyClient struct{ next textract.HTTPClient }

func (c plainBodyClient) Do(req *http.Request) (*http.Response, error) {
	if req.Body != nil && req.Body != http.NoBody {
		req.Body = readOnlyBody{req.Body}
	}
	return c.next.Do(req)
}

// readOnlyBody hides every method of a request body but Read and Close.
type readOnlyBody struct{ body io.ReadCloser }

func (b readOnlyBody) Read(p []byte) (int, error) { return b.body.Read(p) }
func (b readOnlyBody) Close() error               { return b.body.Close() }

// unreadable names why Textract refused the document itself (its format,
// content or size) rather than failed, or is "" when it did not.
// InvalidS3ObjectException is not among them: it means our bucket, key,
// region or permissions are wrong, which is ours to fix, not the patient's.
func unreadable(err error) string {
	var (
		unsupported *types.UnsupportedDocumentException
		bad         *types.BadDocumentException
		tooLarge    *types.DocumentTooLargeException
	)
	switch {
	case errors.As(err, &unsupported):
		return "unsupported_document"
	case errors.As(err, &bad):
		return "bad_document"
	case errors.As(err, &tooLarge):
		return "too_large"
	}
	return ""
}

// failure names, for the TextractErrors metric, why a call failed:
// "throttled" (Textract's rate or quota), "denied" (our role, bucket or
// region), or "failed" (Textract's errors, timeouts, the network).
func failure(err error) string {
	var (
		throughput *types.ProvisionedThroughputExceededException
		throttled  *types.ThrottlingException
		limit      *types.LimitExceededException
		denied     *types.AccessDeniedException
		object     *types.InvalidS3ObjectException
	)
	switch {
	case errors.As(err, &throughput), errors.As(err, &throttled), errors.As(err, &limit):
		return "throttled"
	case errors.As(err, &denied), errors.As(err, &object):
		return "denied"
	}
	return "failed"
}

// confidence scales Textract's percentage to 0..1, rounded to drop float32 noise.
func confidence(pct *float32) float64 {
	c := math.Round(float64(aws.ToFloat32(pct))*100) / 10000
	return min(max(c, 0), 1)
}
