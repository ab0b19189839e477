package s3store_test

import (
	"testing"

	"github.com/clinicplatform/intake/internal/s3store"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// stager reads a staged upload back as make review does.
type stager struct {
	*s3store.Stager
	*s3store.Fetcher
}

func TestStagerConformance(t *testing.T) {
	client := awstest.S3(t)
	storetest.RunStager(t, func(t *testing.T) storetest.Stager {
		bucket := awstest.CreateBucket(t, client)
		return stager{&s3store.Stager{Client: client, Bucket: bucket}, &s3store.Fetcher{Client: client, Bucket: bucket}}
	})
}
