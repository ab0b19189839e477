// Package textract reads staged evidence with Amazon Textract's synchronous
// DetectDocumentText on the S3 object. It implements evidence.Reader for the
// deployed service.
package textract

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// Textract's budget: a dense photo can take longer than the 5 s the other
// AWS calls get, so 2 attempts of 12 s each, which with the 1 s backoff
// stays inside verify-evidence's 27 s.
const (
	MaxAttempts    = 2
	AttemptTimeout = 12 * time.Second
)

// NewClient is the Textract client for cfg with Textract's own budget.
func NewClient(cfg aws.Config) *textract.Client {
	return textract.NewFromConfig(cfg, func(o *textract.Options) {
		o.HTTPClient = awshttp.NewBuildableClient().WithTimeout(AttemptTimeout)
		o.RetryMaxAttempts = MaxAttempts
	})
}

// Source names this reader in evidence.Text.
const Source = "textract"

// API is the part of the Textract client the reader uses.
type API interface {
	DetectDocumentText(ctx context.Context, in *textract.DetectDocumentTextInput, optFns ...func(*textract.Options)) (*textract.DetectDocumentTextOutput, error)
}

var _ API = (*textract.Client)(nil)

// Reader detects text in documents staged in Bucket. Synchronous detection
// takes JPEG, PNG, TIFF and PDF, one page each (multi-page files are
// refused by Textract as unsupported, and so read as unreadable).
type Reader struct {
	Client API
	Bucket string
	// Usage counts pages read and calls failed (metrics.EMF in the
	// function); nil counts nothing.
	Usage Usage
}

// Usage receives what each Textract call cost or why it failed.
type Usage interface {
	TextractPages(n int)
	TextractError(reason string)
}

var _ evidence.Reader = Reader{}

// Read returns Textract's LINE blocks in response order, confidence scaled
// to 0..1. Documents Textract cannot read give an error wrapping
// evidence.ErrUnreadable; every other failure wraps derrors.ErrUnavailable.
func (r Reader) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	text := evidence.Text{Source: Source}
	if doc.Key == "" {
		return text, fmt.Errorf("textract: document has no staged object key")
	}
	out, err := r.Client.DetectDocumentText(ctx, &textract.DetectDocumentTextInput{
		Document: &types.Document{S3Object: &types.S3Object{
			Bucket: aws.String(r.Bucket),
			Name:   aws.String(doc.Key),
		}},
	})
	if err != nil {
		if reason := unreadable(err); reason != "" {
			return text, fmt.Errorf("textract detect text %s: %w: %w", doc.Key, evidence.Unreadable(reason), err)
		}
		if r.Usage != nil {
			r.Usage.TextractError(failure(err))
		}
		return text, fmt.Errorf("textract detect text %s: %w: %w", doc.Key, derrors.ErrUnavailable, err)
	}
	if r.Usage != nil {
		r.Usage.TextractPages(pages(out))
	}
	for _, b := range out.Blocks {
		if b.BlockType != types.BlockTypeLine {
			continue
		}
		s := strings.TrimSpace(aws.ToString(b.Text))
		if s == "" {
			continue
		}
		text.Lines = append(text.Lines, evidence.Line{
			Text:       s,
			Confidence: confidence(b.Confidence),
		})
	}
	return text, nil
}

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

// pages is how many pages Textract read (one when it does not say).
func pages(out *textract.DetectDocumentTextOutput) int {
	if out.DocumentMetadata != nil && out.DocumentMetadata.Pages != nil && *out.DocumentMetadata.Pages > 0 {
		return int(*out.DocumentMetadata.Pages)
	}
	return 1
}

// confidence scales Textract's percentage to 0..1, rounded to drop float32 noise.
func confidence(pct *float32) float64 {
	c := math.Round(float64(aws.ToFloat32(pct))*100) / 10000
	return min(max(c, 0), 1)
}
