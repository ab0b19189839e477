package textract

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.json from the current output")

// The testdata/*.json responses have the exact shape of DetectDocumentText
// responses (PAGE, LINE and WORD blocks with geometry and relationships);
// their documents and people are invented. The first two are tidy, one
// LINE per row; the others are as messy as real responses (after public
// samples of Textract's output): rows split into several LINEs, two
// columns listed row by row, captions in small print with larger
// handwritten values set higher, a caption wrapped under another, a city
// and state split from the ZIP code, slight skew, and pages turned a
// quarter, a half and three quarters with stray marks read at other angles.
//
// The last four are the Textract stand-in's answers
// (internal/testing/textractstandin) on documents of the evaluation's
// corpus where the production path lost fields the local reader read:
// an NHS prescription with the pharmacy's stamp pressed on crooked (a
// photo turned upside down by its TIFF orientation tag, sent upright by
// docread), an invoice photographed in perspective (its header
// sloping up, its footer down), an order whose column of quantities
// was read as one word three rows tall, and a blurred invoice whose
// heading's last word was boxed with the smudge below it.
var fixtures = []string{
	"us_pharmacy_label", "uk_dispensing_label",
	"us_vial_label_messy", "intake_form_two_columns",
	"us_vial_label_rotated_90", "us_vial_label_rotated_180", "us_vial_label_rotated_270",
	"nhs_fp10_stamp", "online_invoice_perspective_photo", "online_order_tall_word",
	"online_invoice_blurred",
}

// fakeAPI is a hand-written API whose behaviour is its Fn fields; a
// method whose field is nil fails the test.
type fakeAPI struct {
	Fn    func(ctx context.Context, in *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error)
	Start func(ctx context.Context, in *textract.StartDocumentTextDetectionInput) (*textract.StartDocumentTextDetectionOutput, error)
	Get   func(ctx context.Context, in *textract.GetDocumentTextDetectionInput) (*textract.GetDocumentTextDetectionOutput, error)
}

func (f fakeAPI) DetectDocumentText(ctx context.Context, in *textract.DetectDocumentTextInput, _ ...func(*textract.Options)) (*textract.DetectDocumentTextOutput, error) {
	return f.Fn(ctx, in)
}

func (f fakeAPI) StartDocumentTextDetection(ctx context.Context, in *textract.StartDocumentTextDetectionInput, _ ...func(*textract.Options)) (*textract.StartDocumentTextDetectionOutput, error) {
	if f.Start == nil {
		return nil, errors.New("unexpected StartDocumentTextDetection")
	}
	return f.Start(ctx, in)
}

func (f fakeAPI) GetDocumentTextDetection(ctx context.Context, in *textract.GetDocumentTextDetectionInput, _ ...func(*textract.Options)) (*textract.GetDocumentTextDetectionOutput, error) {
	if f.Get == nil {
		return nil, errors.New("unexpected GetDocumentTextDetection")
	}
	return f.Get(ctx, in)
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkGolden compares lines with testdata/name.golden.json (rewritten with -update).
func checkGolden(t *testing.T, name string, got evidence.Text) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden.json")
	if *update {
		b, err := json.MarshalIndent(got.Lines, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	var want []evidence.Line
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if got.Source != "textract" {
		t.Errorf("Source = %q, want textract", got.Source)
	}
	if diff := cmp.Diff(want, got.Lines, placeless); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

// placeless compares lines by what was read: where it lies is
// TestLinesLieWhereRead's.
var placeless = cmp.Options{cmpopts.IgnoreFields(evidence.Line{}, "Page", "Box"), cmpopts.IgnoreFields(evidence.Word{}, "Box")}

func TestReadRecorded(t *testing.T) {
	for _, name := range fixtures {
		t.Run(name, func(t *testing.T) {
			var out textract.DetectDocumentTextOutput
			if err := json.Unmarshal(readFixture(t, name), &out); err != nil {
				t.Fatalf("decode fixture: %v", err)
			}
			var gotIn *textract.DetectDocumentTextInput
			r := Reader{Bucket: "evidence-bucket", Client: fakeAPI{Fn: func(_ context.Context, in *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
				gotIn = in
				return &out, nil
			}}}
			got, err := r.Read(context.Background(), evidence.Document{Key: "evidence/abc.png", MediaType: "image/png"})
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			want := &types.S3Object{Bucket: aws.String("evidence-bucket"), Name: aws.String("evidence/abc.png")}
			if gotIn == nil || gotIn.Document == nil || gotIn.Document.Bytes != nil {
				t.Fatalf("input = %+v, want an S3 document and no bytes", gotIn)
			}
			if diff := cmp.Diff(want, gotIn.Document.S3Object, cmp.Comparer(func(a, b types.S3Object) bool {
				return aws.ToString(a.Bucket) == aws.ToString(b.Bucket) && aws.ToString(a.Name) == aws.ToString(b.Name) && a.Version == nil && b.Version == nil
			})); diff != "" {
				t.Errorf("S3 object (-want +got):\n%s", diff)
			}
			checkGolden(t, name, got)
		})
	}
}

// usage records what a Reader counted.
type usage struct {
	pages  []int
	errors []string
}

func (u *usage) TextractPages(n int)         { u.pages = append(u.pages, n) }
func (u *usage) TextractError(reason string) { u.errors = append(u.errors, reason) }

// attemptTimeout is an HTTP client's timeout as net/http reports it.
type attemptTimeout struct{}

func (attemptTimeout) Error() string { return "Client.Timeout exceeded while awaiting headers" }
func (attemptTimeout) Timeout() bool { return true }

// A throttled call or one out of time is 503 (busy, try again), as the
// local reader answers a full queue or a reading cut off by its time; any
// other failure of Textract's is 500.
func TestReadClientErrors(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want error
		// unreadable is the document's reason; counted the failure's.
		unreadable string
		counted    []string
	}{
		{"bad document", &types.BadDocumentException{Message: aws.String("bad")}, evidence.ErrUnreadable, "bad_document", nil},
		{"unsupported", &types.UnsupportedDocumentException{}, evidence.ErrUnreadable, "unsupported_document", nil},
		{"too large", &types.DocumentTooLargeException{}, evidence.ErrUnreadable, "too_large", nil},
		{"invalid S3 object", &types.InvalidS3ObjectException{}, derrors.ErrUnavailable, "", []string{"denied"}},
		{"throttled", &types.ThrottlingException{}, derrors.ErrBusy, "", []string{"throttled"}},
		{"throughput", &types.ProvisionedThroughputExceededException{}, derrors.ErrBusy, "", []string{"throttled"}},
		{"limit", &types.LimitExceededException{}, derrors.ErrBusy, "", []string{"throttled"}},
		{"access denied", &types.AccessDeniedException{}, derrors.ErrUnavailable, "", []string{"denied"}},
		{"network", errors.New("read tcp: connection reset by peer"), derrors.ErrUnavailable, "", []string{"failed"}},
		{"deadline", context.DeadlineExceeded, derrors.ErrBusy, "", []string{"failed"}},
		{"attempt timed out", attemptTimeout{}, derrors.ErrBusy, "", []string{"failed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var u usage
			r := Reader{Bucket: "b", Usage: &u, Client: fakeAPI{Fn: func(context.Context, *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
				return nil, tt.err
			}}}
			got, err := r.Read(context.Background(), evidence.Document{Key: "k"})
			if !errors.Is(err, tt.want) {
				t.Fatalf("Read error = %v, want one wrapping %v", err, tt.want)
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("Read error = %v, does not keep the client's error", err)
			}
			if len(got.Lines) != 0 {
				t.Errorf("got %d lines with an error", len(got.Lines))
			}
			if r := evidence.UnreadableReason(err); r != tt.unreadable {
				t.Errorf("UnreadableReason = %q, want %q", r, tt.unreadable)
			}
			if diff := cmp.Diff(usage{errors: tt.counted}, u, cmp.AllowUnexported(usage{})); diff != "" {
				t.Errorf("counted (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadCountsPages: each successful call counts the pages Textract
// billed, one when the response does not say.
func TestReadCountsPages(t *testing.T) {
	for _, tt := range []struct {
		name     string
		metadata *types.DocumentMetadata
		want     []int
	}{
		{"one page", &types.DocumentMetadata{Pages: aws.Int32(1)}, []int{1}},
		{"three pages", &types.DocumentMetadata{Pages: aws.Int32(3)}, []int{3}},
		{"no metadata", nil, []int{1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var u usage
			r := Reader{Bucket: "b", Usage: &u, Client: fakeAPI{Fn: func(context.Context, *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
				return &textract.DetectDocumentTextOutput{DocumentMetadata: tt.metadata}, nil
			}}}
			if _, err := r.Read(context.Background(), evidence.Document{Key: "k"}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(usage{pages: tt.want}, u, cmp.AllowUnexported(usage{})); diff != "" {
				t.Errorf("counted (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadNoKey(t *testing.T) {
	r := Reader{Bucket: "b", Client: fakeAPI{Fn: func(context.Context, *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
		t.Fatal("Textract called without a key or a body")
		return nil, nil
	}}}
	if _, err := r.Read(context.Background(), evidence.Document{MediaType: "image/jpeg"}); err == nil {
		t.Fatal("Read without a key or a body succeeded")
	}
}

// A document with no staged key (docread turned an EXIF-rotated photo
// upright) is sent as bytes.
func TestReadBodyWithoutKey(t *testing.T) {
	var sent *types.Document
	r := Reader{Bucket: "b", Client: fakeAPI{Fn: func(_ context.Context, in *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
		sent = in.Document
		return &textract.DetectDocumentTextOutput{}, nil
	}}}
	if _, err := r.Read(context.Background(), evidence.Document{Body: []byte("upright"), MediaType: "image/jpeg"}); err != nil {
		t.Fatalf("Read: %v", err)
	}
	if sent == nil || string(sent.Bytes) != "upright" || sent.S3Object != nil {
		t.Errorf("sent %+v, want the body as bytes and no S3 object", sent)
	}
}

// wireServer replays a response over the AWS JSON 1.1 protocol, as Textract
// does, after checking the request the SDK sent.
func wireServer(t *testing.T, status int, body []byte) *textract.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Method != http.MethodPost || req.Header.Get("X-Amz-Target") != "Textract.DetectDocumentText" {
			t.Errorf("request %s with X-Amz-Target %q", req.Method, req.Header.Get("X-Amz-Target"))
		}
		if ct := req.Header.Get("Content-Type"); ct != "application/x-amz-json-1.1" {
			t.Errorf("Content-Type = %q", ct)
		}
		if !strings.Contains(req.Header.Get("Authorization"), "Credential=AKIDTEST/") {
			t.Errorf("request is not signed: %q", req.Header.Get("Authorization"))
		}
		raw, _ := io.ReadAll(req.Body)
		var in struct {
			Document struct{ S3Object struct{ Bucket, Name string } }
		}
		if err := json.Unmarshal(raw, &in); err != nil {
			t.Errorf("request body: %v", err)
		}
		if in.Document.S3Object.Bucket != "evidence-bucket" || in.Document.S3Object.Name != "evidence/label.jpg" {
			t.Errorf("request S3 object = %+v", in.Document.S3Object)
		}
		w.Header().Set("Content-Type", "application/x-amz-json-1.1")
		w.Header().Set("X-Amzn-Requestid", "11111111-2222-3333-4444-555555555555")
		w.WriteHeader(status)
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return textract.New(textract.Options{
		Region:           "us-east-1",
		BaseEndpoint:     aws.String(srv.URL),
		Credentials:      credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", ""),
		RetryMaxAttempts: 1,
		HTTPClient:       srv.Client(),
	})
}

func TestReadOverTheWire(t *testing.T) {
	for _, name := range fixtures {
		t.Run(name, func(t *testing.T) {
			r := Reader{Client: wireServer(t, http.StatusOK, readFixture(t, name)), Bucket: "evidence-bucket"}
			got, err := r.Read(context.Background(), evidence.Document{Key: "evidence/label.jpg", MediaType: "image/jpeg"})
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			checkGolden(t, name, got)
		})
	}
}

func TestReadOverTheWireErrors(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		want   error
	}{
		{"bad document", 400, `{"__type":"BadDocumentException","message":"Request has invalid or corrupt document"}`, evidence.ErrUnreadable},
		{"unsupported, namespaced type", 400, `{"__type":"com.amazonaws.textract#UnsupportedDocumentException","Message":"Request has unsupported document format"}`, evidence.ErrUnreadable},
		{"too large", 400, `{"__type":"DocumentTooLargeException","message":"document too large"}`, evidence.ErrUnreadable},
		{"invalid S3 object", 400, `{"__type":"InvalidS3ObjectException","message":"Unable to get object metadata from S3. Check object key, region and/or access permissions."}`, derrors.ErrUnavailable},
		{"throttled", 400, `{"__type":"ThrottlingException","message":"Rate exceeded"}`, derrors.ErrBusy},
		{"throughput exceeded", 400, `{"__type":"ProvisionedThroughputExceededException","message":"slow down"}`, derrors.ErrBusy},
		{"access denied", 400, `{"__type":"AccessDeniedException","message":"not authorized to perform textract:DetectDocumentText"}`, derrors.ErrUnavailable},
		{"internal error", 500, `{"__type":"InternalServerError","message":"oops"}`, derrors.ErrUnavailable},
		{"unavailable, not JSON", 503, `<html>Service Unavailable</html>`, derrors.ErrUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Reader{Client: wireServer(t, tt.status, []byte(tt.body)), Bucket: "evidence-bucket"}
			_, err := r.Read(context.Background(), evidence.Document{Key: "evidence/label.jpg"})
			if !errors.Is(err, tt.want) {
				t.Fatalf("Read error = %v, want one wrapping %v", err, tt.want)
			}
		})
	}
}

func TestClientBudgetFitsVerifyEvidence(t *testing.T) {
	// verify-evidence answers 1 s before its 28 s Lambda timeout.
	worst := MaxAttempts*AttemptTimeout + (MaxAttempts-1)*time.Second
	if worst > 26*time.Second {
		t.Errorf("worst-case Textract call takes %v, more than verify-evidence has", worst)
	}
	c := NewClient(aws.Config{Region: "us-east-1"})
	if got := c.Options().RetryMaxAttempts; got != MaxAttempts {
		t.Errorf("RetryMaxAttempts = %d, want %d", got, MaxAttempts)
	}
}

// writerToSpy records whether the request body net/http would copy offers
// io.WriterTo, the path on which a body closed early answers io.EOF as a
// write error (see PlainRequestBody).
type writerToSpy struct{ writerTo *bool }

func (s writerToSpy) Do(req *http.Request) (*http.Response, error) {
	_, *s.writerTo = req.Body.(io.WriterTo)
	return nil, errors.New("not sent")
}

func TestRequestBodyIsReadOnly(t *testing.T) {
	var writerTo bool
	c := textract.New(textract.Options{
		Region:           "us-east-1",
		Credentials:      credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", ""),
		RetryMaxAttempts: 1,
		HTTPClient:       writerToSpy{&writerTo},
	})
	r := Reader{Client: c, Bucket: "evidence-bucket"}
	if _, err := r.Read(context.Background(), evidence.Document{Key: "evidence/label.jpg"}); err == nil {
		t.Fatal("Read succeeded without a response")
	}
	if writerTo {
		t.Error("the request body offers io.WriterTo, which answers io.EOF as an error once smithy-go closes it")
	}
}
