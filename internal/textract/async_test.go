package textract

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"
	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// jobServer replays an asynchronous text detection over the wire: the
// synchronous call refuses the multi-page PDF, the job starts on the
// staged S3 object, the first Get finds it in progress and the next ones
// page through the result by NextToken. It records the requests made.
type jobServer struct {
	t        *testing.T
	jobID    string
	gets     [][]byte // Get responses in order
	mu       sync.Mutex
	requests []string // "Target NextToken"
}

func (s *jobServer) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	raw, _ := io.ReadAll(req.Body)
	target := strings.TrimPrefix(req.Header.Get("X-Amz-Target"), "Textract.")
	if !strings.Contains(req.Header.Get("Authorization"), "Credential=AKIDTEST/") {
		s.t.Errorf("%s request is not signed", target)
	}
	var in struct {
		Document         struct{ S3Object struct{ Bucket, Name string } }
		DocumentLocation struct{ S3Object struct{ Bucket, Name string } }
		JobId, NextToken string
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		s.t.Errorf("%s request body: %v", target, err)
	}
	s.mu.Lock()
	s.requests = append(s.requests, strings.TrimSpace(target+" "+in.NextToken))
	n := len(s.requests)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	switch target {
	case "DetectDocumentText":
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"__type":"UnsupportedDocumentException","Message":"Request has unsupported document format"}`)
		return
	case "StartDocumentTextDetection":
		if got := in.DocumentLocation.S3Object; got.Bucket != "evidence-bucket" || got.Name != "evidence/letter.pdf" {
			s.t.Errorf("job started on %+v", got)
		}
		w.Write(readFixture(s.t, "letter_two_pages.start"))
		return
	case "GetDocumentTextDetection":
		if in.JobId != s.jobID {
			s.t.Errorf("Get job %q, want %q", in.JobId, s.jobID)
		}
		k := n - 3 // after Detect and Start
		if k < 0 || k >= len(s.gets) {
			s.t.Errorf("Get number %d, only %d recorded", k+1, len(s.gets))
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.Write(s.gets[k])
		return
	}
	s.t.Errorf("unexpected target %q", target)
	w.WriteHeader(http.StatusBadRequest)
}

func newJobServer(t *testing.T, gets ...string) (*jobServer, *textract.Client) {
	t.Helper()
	var start struct{ JobId string }
	if err := json.Unmarshal(readFixture(t, "letter_two_pages.start"), &start); err != nil {
		t.Fatal(err)
	}
	js := &jobServer{t: t, jobID: start.JobId}
	for _, g := range gets {
		js.gets = append(js.gets, readFixture(t, g))
	}
	srv := httptest.NewServer(js)
	t.Cleanup(srv.Close)
	return js, textract.New(textract.Options{
		Region:           "eu-west-2",
		BaseEndpoint:     aws.String(srv.URL),
		Credentials:      credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", ""),
		RetryMaxAttempts: 1,
		HTTPClient:       srv.Client(),
	})
}

func TestReadMultiPagePDFOverTheWire(t *testing.T) {
	js, c := newJobServer(t, "letter_two_pages.get_0", "letter_two_pages.get_1", "letter_two_pages.get_2", "letter_two_pages.get_3")
	r := Reader{Client: c, Bucket: "evidence-bucket", PollInterval: time.Millisecond}
	got, err := r.Read(context.Background(), evidence.Document{Key: "evidence/letter.pdf", MediaType: "application/pdf"})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	wantRequests := []string{
		"DetectDocumentText",
		"StartDocumentTextDetection",
		"GetDocumentTextDetection",
		"GetDocumentTextDetection",
		"GetDocumentTextDetection token-1-xxxxxxxxxxxxxxxxxxxx",
		"GetDocumentTextDetection token-2-xxxxxxxxxxxxxxxxxxxx",
	}
	if diff := cmp.Diff(wantRequests, js.requests); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	checkGolden(t, "letter_two_pages", got)

	// The details are on page 2: the letter checks out end to end.
	exp := evidence.Expected{PatientKnown: true, Forename: "Joanna", Surname: "Fictional", MedicationName: "Mounjaro", MedicationDosage: "7.5 mg"}
	res := evidence.Verify(got, exp, evidence.Policy{Now: time.Date(2026, 10, 10, 12, 0, 0, 0, time.UTC), Market: "uk"})
	if res.Data.PatientName.Value != evidence.Valid || res.Data.MedicationName.Value != evidence.Valid || res.Data.MedicationDosage.Value != evidence.Valid {
		t.Errorf("Verify = %+v; lines:\n%s", res.Data, strings.Join(texts(got.Lines), "\n"))
	}
}

func TestReadMultiPagePDFJobFailures(t *testing.T) {
	inProgress := &textract.GetDocumentTextDetectionOutput{JobStatus: types.JobStatusInProgress}
	tests := []struct {
		name     string
		start    error
		gets     []*textract.GetDocumentTextDetectionOutput
		getErr   error
		deadline time.Duration
		want     error
		counted  []string // TextractErrors reasons
	}{
		{name: "job failed on the document", gets: []*textract.GetDocumentTextDetectionOutput{{JobStatus: types.JobStatusFailed, StatusMessage: aws.String("unsupported document")}}, want: evidence.ErrUnreadable},
		{name: "start throttled", start: &types.ProvisionedThroughputExceededException{}, want: derrors.ErrUnavailable, counted: []string{"throttled"}},
		{name: "start refuses the document", start: &types.BadDocumentException{}, want: evidence.ErrUnreadable},
		{name: "too many jobs", start: &types.LimitExceededException{}, want: derrors.ErrUnavailable, counted: []string{"throttled"}},
		{name: "get fails", getErr: &types.InternalServerError{}, want: derrors.ErrUnavailable, counted: []string{"failed"}},
		// In progress for ever: polling stops JobReserve before the deadline.
		{name: "not done before the deadline", deadline: JobReserve + 30*time.Millisecond, want: context.DeadlineExceeded, counted: []string{"timeout"}},
		{name: "unknown job status", gets: []*textract.GetDocumentTextDetectionOutput{{JobStatus: "PAUSED"}}, want: derrors.ErrUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			if tt.deadline > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.deadline)
				defer cancel()
			}
			n := 0
			var u usage
			r := Reader{Bucket: "b", PollInterval: 5 * time.Millisecond, Usage: &u, Client: fakeAPI{
				Fn: func(context.Context, *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
					return nil, &types.UnsupportedDocumentException{}
				},
				Start: func(context.Context, *textract.StartDocumentTextDetectionInput) (*textract.StartDocumentTextDetectionOutput, error) {
					if tt.start != nil {
						return nil, tt.start
					}
					return &textract.StartDocumentTextDetectionOutput{JobId: aws.String("job-1")}, nil
				},
				Get: func(_ context.Context, in *textract.GetDocumentTextDetectionInput) (*textract.GetDocumentTextDetectionOutput, error) {
					if tt.getErr != nil {
						return nil, tt.getErr
					}
					if len(tt.gets) == 0 {
						return inProgress, nil
					}
					if n >= len(tt.gets) {
						return nil, fmt.Errorf("Get number %d, only %d recorded", n+1, len(tt.gets))
					}
					n++
					return tt.gets[n-1], nil
				},
			}}
			began := time.Now()
			got, err := r.Read(ctx, evidence.Document{Key: "k.pdf", MediaType: "application/pdf"})
			if !errors.Is(err, tt.want) {
				t.Fatalf("Read error = %v, want one wrapping %v", err, tt.want)
			}
			if tt.deadline > 0 {
				if !errors.Is(err, derrors.ErrUnavailable) {
					t.Errorf("Read error = %v, want one wrapping %v", err, derrors.ErrUnavailable)
				}
				if left := tt.deadline - time.Since(began); left < JobReserve/2 {
					t.Errorf("polling left %v of the deadline, want about JobReserve (%v)", left, JobReserve)
				}
			}
			if len(got.Lines) != 0 {
				t.Errorf("got %d lines with an error", len(got.Lines))
			}
			if diff := cmp.Diff(usage{errors: tt.counted}, u, cmp.AllowUnexported(usage{})); diff != "" {
				t.Errorf("counted (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMultiPageJobCountsItsPages: a job's pages are counted once, from its
// first page of results, however many pages of results there are.
func TestMultiPageJobCountsItsPages(t *testing.T) {
	var u usage
	gets := []*textract.GetDocumentTextDetectionOutput{
		{JobStatus: types.JobStatusSucceeded, DocumentMetadata: &types.DocumentMetadata{Pages: aws.Int32(3)}, NextToken: aws.String("2")},
		{JobStatus: types.JobStatusSucceeded, DocumentMetadata: &types.DocumentMetadata{Pages: aws.Int32(3)}},
	}
	n := 0
	r := Reader{Bucket: "b", Usage: &u, Client: fakeAPI{
		Fn: func(context.Context, *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
			return nil, &types.UnsupportedDocumentException{}
		},
		Start: func(context.Context, *textract.StartDocumentTextDetectionInput) (*textract.StartDocumentTextDetectionOutput, error) {
			return &textract.StartDocumentTextDetectionOutput{JobId: aws.String("job-1")}, nil
		},
		Get: func(context.Context, *textract.GetDocumentTextDetectionInput) (*textract.GetDocumentTextDetectionOutput, error) {
			n++
			return gets[n-1], nil
		},
	}}
	if _, err := r.Read(context.Background(), evidence.Document{Key: "k.pdf", MediaType: "application/pdf"}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(usage{pages: []int{3}}, u, cmp.AllowUnexported(usage{})); diff != "" {
		t.Errorf("counted (-want +got):\n%s", diff)
	}
}

// An image Textract refuses is unreadable: only PDFs become jobs.
func TestUnsupportedImageIsNotAJob(t *testing.T) {
	r := Reader{Bucket: "b", Client: fakeAPI{Fn: func(context.Context, *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
		return nil, &types.UnsupportedDocumentException{}
	}}}
	_, err := r.Read(context.Background(), evidence.Document{Key: "k.tiff", MediaType: "image/tiff"})
	if !errors.Is(err, evidence.ErrUnreadable) {
		t.Fatalf("Read error = %v, want unreadable without a job (the fake fails Start)", err)
	}
}
