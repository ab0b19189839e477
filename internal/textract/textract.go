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
}

var _ evidence.Reader = Reader{}

// Read returns Textract's LINE blocks in response order, confidence scaled
// to 0..1. Documents Textract cannot read give an error wrapping
// evidence.ErrUnreadable; every other failure wraps derrors.ErrUnavailable.
func (r Reader) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	text := evidence.Text{Source: Source}
	// The staged object, or the body itself when the body is not what was
	// staged (docread turns an EXIF-rotated photo upright and clears Key).
	in := &textract.DetectDocumentTextInput{Document: &types.Document{Bytes: doc.Body}}
	switch {
	case doc.Key != "":
		in.Document = &types.Document{S3Object: &types.S3Object{
			Bucket: aws.String(r.Bucket),
			Name:   aws.String(doc.Key),
		}}
	case len(doc.Body) == 0:
		return text, fmt.Errorf("textract: document has no staged object key and no body")
	}
	out, err := r.Client.DetectDocumentText(ctx, in)
	if err != nil {
		if unreadable(err) {
			return text, fmt.Errorf("textract detect text %s: %w: %w", doc.Key, evidence.ErrUnreadable, err)
		}
		return text, fmt.Errorf("textract detect text %s: %w: %w", doc.Key, derrors.ErrUnavailable, err)
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

// unreadable reports whether Textract refused the document itself (its
// format, content or size) rather than failed. InvalidS3ObjectException is
// not among them: it means our bucket, key, region or permissions are wrong,
// which is ours to fix, not the patient's.
func unreadable(err error) bool {
	var (
		unsupported *types.UnsupportedDocumentException
		bad         *types.BadDocumentException
		tooLarge    *types.DocumentTooLargeException
	)
	return errors.As(err, &unsupported) || errors.As(err, &bad) || errors.As(err, &tooLarge)
}

// confidence scales Textract's percentage to 0..1, rounded to drop float32 noise.
func confidence(pct *float32) float64 {
	c := math.Round(float64(aws.ToFloat32(pct))*100) / 10000
	return min(max(c, 0), 1)
}
