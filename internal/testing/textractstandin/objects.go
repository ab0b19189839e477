package textractstandin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Objects gets the S3 objects Textract is asked to read (a Document's or a
// job's S3Object). Any error is answered as Textract answers an object it
// cannot get: InvalidS3ObjectException.
type Objects interface {
	Object(ctx context.Context, bucket, key, version string) ([]byte, error)
}

// ObjectsFunc is an Objects from a function.
type ObjectsFunc func(ctx context.Context, bucket, key, version string) ([]byte, error)

func (f ObjectsFunc) Object(ctx context.Context, bucket, key, version string) ([]byte, error) {
	return f(ctx, bucket, key, version)
}

// ErrNoSuchObject: the bucket or key is not one the stand-in can read.
var ErrNoSuchObject = errors.New("no such object")

// Dir serves the objects of one bucket from a folder: key k is the file
// Root/k (the local API's staged evidence is DATA_DIR/evidence/<key>).
// Keys cannot reach outside Root. Versions are not kept.
type Dir struct {
	// Bucket is the one bucket served; "" serves any bucket name.
	Bucket string
	Root   string
}

func (d Dir) Object(_ context.Context, bucket, key, _ string) ([]byte, error) {
	if d.Bucket != "" && bucket != d.Bucket {
		return nil, fmt.Errorf("bucket %q: %w", bucket, ErrNoSuchObject)
	}
	if !fs.ValidPath(key) {
		return nil, fmt.Errorf("key %q: %w", key, ErrNoSuchObject)
	}
	root, err := os.OpenRoot(d.Root)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	b, err := root.ReadFile(key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("key %q: %w", key, ErrNoSuchObject)
	}
	return b, err
}

// S3 reads objects with an S3 client (an emulator's in tests, as Textract
// reads them from S3 with the caller's role).
type S3 struct{ Client *s3.Client }

func (o S3) Object(ctx context.Context, bucket, key, version string) ([]byte, error) {
	in := &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)}
	if version != "" {
		in.VersionId = aws.String(version)
	}
	out, err := o.Client.GetObject(ctx, in)
	if err != nil {
		return nil, err
	}
	defer out.Body.Close()
	return io.ReadAll(io.LimitReader(out.Body, maxAsyncBytes+1))
}
