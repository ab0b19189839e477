package s3store

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// GetAPI is the part of the S3 client a Fetcher uses.
type GetAPI interface {
	GetObject(ctx context.Context, in *s3.GetObjectInput, opts ...func(*s3.Options)) (*s3.GetObjectOutput, error)
}

// Fetcher reads staged uploads back from Bucket: make review does, with the
// operator's own credentials (s3:GetObject); no function reads one back.
type Fetcher struct {
	Client GetAPI
	Bucket string
	// MaxBytes refuses a larger object (0: 64 MiB); uploads are at most a
	// few megabytes.
	MaxBytes int64
}

// Staged returns the upload staged under key, with the type and digest it
// was staged with. A missing key (never staged, or expired with the
// bucket's lifecycle rule) is derrors.ErrNotFound.
func (f *Fetcher) Staged(ctx context.Context, key string) (evidence.Upload, error) {
	out, err := f.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(f.Bucket), Key: aws.String(key)})
	var missing *types.NoSuchKey
	if errors.As(err, &missing) {
		return evidence.Upload{}, fmt.Errorf("get %s: %w", key, derrors.ErrNotFound)
	}
	if err != nil {
		return evidence.Upload{}, fmt.Errorf("get %s: %w", key, derrors.Unavailable(err))
	}
	defer out.Body.Close()
	limit := f.MaxBytes
	if limit <= 0 {
		limit = 64 << 20
	}
	body, err := io.ReadAll(io.LimitReader(out.Body, limit+1))
	if err != nil {
		return evidence.Upload{}, fmt.Errorf("get %s: %w", key, derrors.Unavailable(err))
	}
	if int64(len(body)) > limit {
		return evidence.Upload{}, fmt.Errorf("get %s: larger than %d bytes", key, limit)
	}
	return evidence.Upload{Body: body, MediaType: out.Metadata[MetaMediaType], SHA256: out.Metadata[MetaSHA256]}, nil
}
