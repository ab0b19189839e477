package s3store_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/s3store"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// stager reads a staged upload back from the object and its metadata.
type stager struct {
	*s3store.Stager
	client *s3.Client
}

func (s stager) Staged(ctx context.Context, key string) (evidence.Upload, error) {
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)})
	var missing *types.NoSuchKey
	if errors.As(err, &missing) {
		return evidence.Upload{}, fmt.Errorf("get %s: %w", key, derrors.ErrNotFound)
	}
	if err != nil {
		return evidence.Upload{}, err
	}
	defer out.Body.Close()
	body, err := io.ReadAll(out.Body)
	if err != nil {
		return evidence.Upload{}, err
	}
	return evidence.Upload{Body: body, MediaType: out.Metadata[s3store.MetaMediaType], SHA256: out.Metadata[s3store.MetaSHA256]}, nil
}

func TestStagerConformance(t *testing.T) {
	client := awstest.S3(t)
	storetest.RunStager(t, func(t *testing.T) storetest.Stager {
		return stager{&s3store.Stager{Client: client, Bucket: awstest.CreateBucket(t, client)}, client}
	})
}
