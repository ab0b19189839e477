// Package s3store stages evidence uploads in an S3 bucket.
package s3store

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"

	"github.com/clinicplatform/intake/internal/awsenv"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// NewClient is the S3 client for cfg (from awsenv.Load). Buckets are
// addressed by path when pathStyle is set or the endpoint is an emulator
// (awsenv.IsEmulator: moto or LocalStack on localhost cannot answer
// bucket.localhost), and by virtual host on AWS.
func NewClient(cfg aws.Config, pathStyle bool) *s3.Client {
	return s3.NewFromConfig(cfg, func(o *s3.Options) {
		// o.BaseEndpoint is already AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL here.
		o.UsePathStyle = pathStyle || awsenv.IsEmulator(o.BaseEndpoint)
	})
}

// API is the part of the S3 client the Stager uses.
type API interface {
	PutObject(ctx context.Context, in *s3.PutObjectInput, opts ...func(*s3.Options)) (*s3.PutObjectOutput, error)
	HeadObject(ctx context.Context, in *s3.HeadObjectInput, opts ...func(*s3.Options)) (*s3.HeadObjectOutput, error)
}

// Metadata keys of a staged object (sent as x-amz-meta-sha256 and
// x-amz-meta-media-type).
const (
	MetaSHA256    = "sha256"
	MetaMediaType = "media-type"
)

// Stager puts uploads into Bucket, encrypted at rest (SSE-S3), never
// overwriting an object.
type Stager struct {
	Client API
	Bucket string
}

var _ evidence.Stager = (*Stager)(nil)

// Stage stores up.Body under key. A key that holds the same upload already
// is done (a retry); one that holds another fails with derrors.ErrConflict.
// S3 rejects a body that does not match up.SHA256.
func (s *Stager) Stage(ctx context.Context, key string, up evidence.Upload) error {
	digest, err := hex.DecodeString(up.SHA256)
	if err != nil || len(digest) != 32 {
		return fmt.Errorf("stage %s: sha256 %q is not a hex SHA-256 digest", key, up.SHA256)
	}
	_, err = s.Client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(s.Bucket),
		Key:           aws.String(key),
		Body:          bytes.NewReader(up.Body),
		ContentLength: aws.Int64(int64(len(up.Body))),
		ContentType:   aws.String(up.MediaType),
		Metadata:      map[string]string{MetaSHA256: up.SHA256, MetaMediaType: up.MediaType},
		// S3 checks the body against this digest and keeps it with the
		// object. (moto 5 stores and returns it but does not check it.)
		ChecksumAlgorithm: types.ChecksumAlgorithmSha256,
		ChecksumSHA256:    aws.String(base64.StdEncoding.EncodeToString(digest)),
		// A conditional write: S3 answers 412 when the key exists.
		IfNoneMatch: aws.String("*"),
	})
	if err != nil {
		if isConflict(err) {
			if s.alreadyStaged(ctx, key, up) {
				return nil
			}
			return fmt.Errorf("stage %s: object exists: %w", key, derrors.ErrConflict)
		}
		return fmt.Errorf("stage %s: %w", key, derrors.Unavailable(err))
	}
	return nil
}

// alreadyStaged reports whether key holds exactly up (body by digest and
// length, and media type): an SDK retry after an attempt that landed but
// lost its answer meets its own object.
func (s *Stager) alreadyStaged(ctx context.Context, key string, up evidence.Upload) bool {
	head, err := s.Client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)})
	return err == nil && head.Metadata[MetaSHA256] == up.SHA256 &&
		head.Metadata[MetaMediaType] == up.MediaType &&
		aws.ToInt64(head.ContentLength) == int64(len(up.Body))
}

// isConflict: 412 when the key exists, 409 when a concurrent conditional
// write to the same key is in flight.
func isConflict(err error) bool {
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		switch apiErr.ErrorCode() {
		case "PreconditionFailed", "ConditionalRequestConflict":
			return true
		}
	}
	var respErr *awshttp.ResponseError
	return errors.As(err, &respErr) && respErr.HTTPStatusCode() == http.StatusPreconditionFailed
}
