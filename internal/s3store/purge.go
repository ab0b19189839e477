package s3store

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/clinicplatform/intake/internal/datarights"
	"github.com/clinicplatform/intake/internal/derrors"
)

// PurgeAPI is the part of the S3 client erasure uses.
type PurgeAPI interface {
	ListObjectVersions(ctx context.Context, in *s3.ListObjectVersionsInput, opts ...func(*s3.Options)) (*s3.ListObjectVersionsOutput, error)
	DeleteObjects(ctx context.Context, in *s3.DeleteObjectsInput, opts ...func(*s3.Options)) (*s3.DeleteObjectsOutput, error)
}

// Purger removes every version of staged evidence. The bucket is
// versioned, so deleting a key only adds a delete marker: erasure deletes
// each version (and each marker) by its version id instead.
type Purger struct {
	Client PurgeAPI
	Bucket string
}

var _ datarights.Evidence = (*Purger)(nil)

// PurgeEvidence deletes every version and delete marker under prefix (a
// folder when it ends in "/", else exactly that key) and counts the
// versions and markers deleted.
func (p *Purger) PurgeEvidence(ctx context.Context, prefix string) (int, error) {
	folder := strings.HasSuffix(prefix, "/")
	var ids []types.ObjectIdentifier
	pages := s3.NewListObjectVersionsPaginator(p.Client, &s3.ListObjectVersionsInput{Bucket: aws.String(p.Bucket), Prefix: aws.String(prefix)})
	add := func(key, version *string) {
		if folder || aws.ToString(key) == prefix {
			ids = append(ids, types.ObjectIdentifier{Key: key, VersionId: version})
		}
	}
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return 0, fmt.Errorf("list versions under %s: %w", prefix, derrors.Unavailable(err))
		}
		for _, v := range page.Versions {
			add(v.Key, v.VersionId)
		}
		for _, m := range page.DeleteMarkers {
			add(m.Key, m.VersionId)
		}
	}
	deleted := 0
	for len(ids) > 0 {
		batch := ids[:min(len(ids), 1000)]
		ids = ids[len(batch):]
		out, err := p.Client.DeleteObjects(ctx, &s3.DeleteObjectsInput{
			Bucket: aws.String(p.Bucket),
			Delete: &types.Delete{Objects: batch, Quiet: aws.Bool(true)},
		})
		if err != nil {
			return deleted, fmt.Errorf("delete versions under %s: %w", prefix, derrors.Unavailable(err))
		}
		if len(out.Errors) > 0 {
			e := out.Errors[0]
			return deleted + len(batch) - len(out.Errors), fmt.Errorf("delete versions under %s: %d not deleted, first: %s %s",
				prefix, len(out.Errors), aws.ToString(e.Code), aws.ToString(e.Message))
		}
		deleted += len(batch)
	}
	return deleted, nil
}
