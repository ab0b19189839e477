package s3store_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/url"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/awsenv"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/s3store"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// object is what S3 says about a staged object.
type object struct {
	Body           string
	ContentType    string
	Metadata       map[string]string
	Encryption     types.ServerSideEncryption
	ChecksumSHA256 string
}

func readObject(t *testing.T, client *s3.Client, bucket, key string) object {
	t.Helper()
	out, err := client.GetObject(t.Context(), &s3.GetObjectInput{
		Bucket:       aws.String(bucket),
		Key:          aws.String(key),
		ChecksumMode: types.ChecksumModeEnabled,
	})
	if err != nil {
		t.Fatalf("GetObject %s: %v", key, err)
	}
	defer out.Body.Close()
	body, err := io.ReadAll(out.Body)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	return object{
		Body:           string(body),
		ContentType:    aws.ToString(out.ContentType),
		Metadata:       out.Metadata,
		Encryption:     out.ServerSideEncryption,
		ChecksumSHA256: aws.ToString(out.ChecksumSHA256),
	}
}

// TestStageObject: the object as S3 keeps it, encrypted, with its checksum
// and metadata (storetest.RunStager checks what reads back).
func TestStageObject(t *testing.T) {
	client := awstest.S3(t)
	bucket := awstest.CreateBucket(t, client)
	// As the template sets it: objects take the bucket's default encryption
	// (SSE-S3, or the stack's KMS key), which the stager does not override.
	if _, err := client.PutBucketEncryption(t.Context(), &s3.PutBucketEncryptionInput{Bucket: aws.String(bucket),
		ServerSideEncryptionConfiguration: &types.ServerSideEncryptionConfiguration{Rules: []types.ServerSideEncryptionRule{
			{ApplyServerSideEncryptionByDefault: &types.ServerSideEncryptionByDefault{SSEAlgorithm: types.ServerSideEncryptionAwsKms, KMSMasterKeyID: aws.String("alias/clinic-intake-test-data")}},
		}}}); err != nil {
		t.Fatal(err)
	}
	stager := &s3store.Stager{Client: client, Bucket: bucket}

	tests := []struct {
		name string
		key  string
		up   evidence.Upload
	}{
		{name: "pdf", key: "evidence/2026/11/21/3e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6a.pdf", up: storetest.Upload("%PDF-1.7\ninvented prescription\n%%EOF\n", "application/pdf")},
		{name: "png", key: "evidence/2026/11/21/9a0b1f2e-3d4c-4b6a-8e7c-5d2f3e7c9b1a.png", up: storetest.Upload("\x89PNG\r\n\x1a\n\x00\x00binary\xff", "image/png")},
		{name: "empty body", key: "evidence/2026/11/21/empty.jpg", up: storetest.Upload("", "image/jpeg")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := stager.Stage(t.Context(), tt.key, tt.up); err != nil {
				t.Fatalf("Stage: %v", err)
			}
			sum := sha256.Sum256(tt.up.Body)
			want := object{
				Body:           string(tt.up.Body),
				ContentType:    tt.up.MediaType,
				Metadata:       map[string]string{"sha256": tt.up.SHA256, "media-type": tt.up.MediaType},
				Encryption:     types.ServerSideEncryptionAwsKms,
				ChecksumSHA256: base64.StdEncoding.EncodeToString(sum[:]),
			}
			if diff := cmp.Diff(want, readObject(t, client, bucket, tt.key)); diff != "" {
				t.Errorf("staged object (-want +got):\n%s", diff)
			}
		})
	}
}

type fakeAPI struct {
	err   error
	calls int
}

func (f *fakeAPI) PutObject(context.Context, *s3.PutObjectInput, ...func(*s3.Options)) (*s3.PutObjectOutput, error) {
	f.calls++
	return nil, f.err
}

func (f *fakeAPI) HeadObject(context.Context, *s3.HeadObjectInput, ...func(*s3.Options)) (*s3.HeadObjectOutput, error) {
	return nil, f.err
}

func TestStageErrors(t *testing.T) {
	good := storetest.Upload("%PDF-1.7", "application/pdf")
	badDigest := good
	badDigest.SHA256 = "not-hex"
	tests := []struct {
		name      string
		clientErr error
		up        evidence.Upload
		want      error // nil: an error that is neither conflict nor unavailable
		wantCalls int
	}{
		{name: "service error", clientErr: &smithy.GenericAPIError{Code: "SlowDown", Message: "reduce your request rate"}, up: good, want: derrors.ErrUnavailable, wantCalls: 1},
		{name: "network error", clientErr: io.ErrUnexpectedEOF, up: good, want: derrors.ErrUnavailable, wantCalls: 1},
		{name: "key exists", clientErr: &smithy.GenericAPIError{Code: "PreconditionFailed", Message: "At least one of the pre-conditions you specified did not hold"}, up: good, want: derrors.ErrConflict, wantCalls: 1},
		{name: "concurrent write", clientErr: &smithy.GenericAPIError{Code: "ConditionalRequestConflict"}, up: good, want: derrors.ErrConflict, wantCalls: 1},
		{name: "digest not hex", up: badDigest, wantCalls: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := &fakeAPI{err: tt.clientErr}
			err := (&s3store.Stager{Client: fake, Bucket: "evidence"}).Stage(context.Background(), "evidence/k.pdf", tt.up)
			if err == nil {
				t.Fatal("Stage: no error")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("Stage: err = %v, want %v", err, tt.want)
			}
			if tt.want == nil && (errors.Is(err, derrors.ErrConflict) || errors.Is(err, derrors.ErrUnavailable)) {
				t.Errorf("Stage: err = %v, want neither conflict nor unavailable", err)
			}
			if fake.calls != tt.wantCalls {
				t.Errorf("PutObject called %d times, want %d", fake.calls, tt.wantCalls)
			}
		})
	}
}

// TestNewClientAddressesEmulatorsByPath: with only an emulator's endpoint in
// the environment (AWS_ENDPOINT_URL=http://localhost:PORT as LocalStack's
// guides say, or AWS_ENDPOINT_URL_S3), the client stages into the emulator
// without S3_USE_PATH_STYLE.
func TestNewClientAddressesEmulatorsByPath(t *testing.T) {
	endpoint := awstest.Endpoint(t)
	bucket := awstest.CreateBucket(t, awstest.S3(t))
	u, err := url.Parse(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	localhost := "http://localhost:" + u.Port()
	tests := []struct {
		name string
		env  map[string]string
	}{
		{"AWS_ENDPOINT_URL on 127.0.0.1", map[string]string{"AWS_ENDPOINT_URL": endpoint}},
		{"AWS_ENDPOINT_URL on localhost", map[string]string{"AWS_ENDPOINT_URL": localhost}},
		{"AWS_ENDPOINT_URL_S3 over another service's", map[string]string{
			"AWS_ENDPOINT_URL": awstest.ClosedEndpoint(t), "AWS_ENDPOINT_URL_S3": localhost}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.env["AWS_REGION"] = "eu-west-2"
			tt.env["AWS_ACCESS_KEY_ID"], tt.env["AWS_SECRET_ACCESS_KEY"] = "test", "test"
			cfg, err := awsenv.Load(t.Context(), func(k string) string { return tt.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			client := s3store.NewClient(cfg, false)
			if !client.Options().UsePathStyle {
				t.Errorf("UsePathStyle is off for %v", tt.env)
			}
			key := fmt.Sprintf("evidence/by-path-%d", i)
			stager := &s3store.Stager{Client: client, Bucket: bucket}
			if err := stager.Stage(t.Context(), key, storetest.Upload("%PDF-1.7 by path", "application/pdf")); err != nil {
				t.Fatalf("Stage through %v: %v", tt.env, err)
			}
			if got := readObject(t, awstest.S3(t), bucket, key).Body; got != "%PDF-1.7 by path" {
				t.Errorf("staged body = %q", got)
			}
		})
	}
}

// TestNewClientOnAWS: AWS's own endpoints keep virtual-hosted addressing
// unless path style is asked for.
func TestNewClientOnAWS(t *testing.T) {
	for _, tt := range []struct {
		endpoint  string
		pathStyle bool
		want      bool
	}{
		{"", false, false},
		{"https://s3.eu-west-2.amazonaws.com", false, false},
		{"https://s3.eu-west-2.amazonaws.com", true, true},
		{"http://127.0.0.1:9000", false, true},
	} {
		env := map[string]string{"AWS_REGION": "eu-west-2", "AWS_ENDPOINT_URL_S3": tt.endpoint}
		cfg, err := awsenv.Load(t.Context(), func(k string) string { return env[k] })
		if err != nil {
			t.Fatal(err)
		}
		if got := s3store.NewClient(cfg, tt.pathStyle).Options().UsePathStyle; got != tt.want {
			t.Errorf("NewClient(endpoint %q, pathStyle %v).UsePathStyle = %v, want %v", tt.endpoint, tt.pathStyle, got, tt.want)
		}
	}
}
