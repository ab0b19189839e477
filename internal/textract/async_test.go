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
	"github.com/clinicplatform/intake/internal/testing/storetest"
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
		k := n - 2 // after Start
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
	got, err := r.Read(context.Background(), evidence.Document{Key: "evidence/letter.pdf", MediaType: "application/pdf", Pages: 2})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	// Counted two pages: straight to a job, without a synchronous call
	// Textract would refuse.
	wantRequests := []string{
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
		pages    []int    // TextractPages counted
	}{
		{name: "job failed on the document", gets: []*textract.GetDocumentTextDetectionOutput{{JobStatus: types.JobStatusFailed, StatusMessage: aws.String("unsupported document")}}, want: evidence.ErrUnreadable, pages: []int{3}},
		{name: "start throttled", start: &types.ProvisionedThroughputExceededException{}, want: derrors.ErrBusy, counted: []string{"throttled"}},
		{name: "start refuses the document", start: &types.BadDocumentException{}, want: evidence.ErrUnreadable},
		{name: "too many jobs", start: &types.LimitExceededException{}, want: derrors.ErrBusy, counted: []string{"throttled"}, pages: nil},
		{name: "get fails", getErr: &types.InternalServerError{}, want: derrors.ErrUnavailable, counted: []string{"failed"}, pages: []int{3}},
		// In progress for ever: polling stops JobReserve before the
		// deadline and the answer is a 503 (the pages were counted when
		// the job started: Textract bills them anyway).
		{name: "not done before the deadline", deadline: JobReserve + 30*time.Millisecond, want: context.DeadlineExceeded, counted: []string{"timeout"}, pages: []int{3}},
		{name: "unknown job status", gets: []*textract.GetDocumentTextDetectionOutput{{JobStatus: "PAUSED"}}, want: derrors.ErrUnavailable, pages: []int{3}},
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
			got, err := r.Read(ctx, evidence.Document{Key: "k.pdf", MediaType: "application/pdf", Pages: 3})
			if !errors.Is(err, tt.want) {
				t.Fatalf("Read error = %v, want one wrapping %v", err, tt.want)
			}
			if tt.deadline > 0 {
				var later *derrors.Later
				if !errors.As(err, &later) || errors.Is(err, derrors.ErrUnavailable) || later.RetryAfter != JobRetryAfter {
					t.Errorf("Read error = %v, want a *derrors.Later (503, Retry-After %v) and not ErrUnavailable (500)", err, JobRetryAfter)
				}
				if left := tt.deadline - time.Since(began); left < JobReserve/2 {
					t.Errorf("polling left %v of the deadline, want about JobReserve (%v)", left, JobReserve)
				}
			}
			if len(got.Lines) != 0 {
				t.Errorf("got %d lines with an error", len(got.Lines))
			}
			if diff := cmp.Diff(usage{errors: tt.counted, pages: tt.pages}, u, cmp.AllowUnexported(usage{})); diff != "" {
				t.Errorf("counted (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMultiPageJobCountsItsPages: a job's pages are counted once, when it
// starts, however many pages of results there are; pages Textract read
// beyond those counted (its reading of the file found more) are counted
// when it says so, and flagged.
func TestMultiPageJobCountsItsPages(t *testing.T) {
	for _, tt := range []struct {
		name      string
		textract  int32
		want      usage
		wantTaken []int
	}{
		{name: "as counted", textract: 3, want: usage{pages: []int{3}}, wantTaken: []int{3}},
		{name: "Textract found more", textract: 5, want: usage{pages: []int{3, 2}, errors: []string{"pages_miscounted"}}, wantTaken: []int{3}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var u usage
			gets := []*textract.GetDocumentTextDetectionOutput{
				{JobStatus: types.JobStatusSucceeded, DocumentMetadata: &types.DocumentMetadata{Pages: aws.Int32(tt.textract)}, NextToken: aws.String("2")},
				{JobStatus: types.JobStatusSucceeded, DocumentMetadata: &types.DocumentMetadata{Pages: aws.Int32(tt.textract)}},
			}
			n := 0
			b := &budget{left: 100}
			r := Reader{Bucket: "b", Usage: &u, Budget: b, Client: fakeAPI{
				Start: func(context.Context, *textract.StartDocumentTextDetectionInput) (*textract.StartDocumentTextDetectionOutput, error) {
					return &textract.StartDocumentTextDetectionOutput{JobId: aws.String("job-1")}, nil
				},
				Get: func(context.Context, *textract.GetDocumentTextDetectionInput) (*textract.GetDocumentTextDetectionOutput, error) {
					n++
					return gets[n-1], nil
				},
			}}
			if _, err := r.Read(context.Background(), evidence.Document{Key: "k.pdf", MediaType: "application/pdf", Pages: 3}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, u, cmp.AllowUnexported(usage{})); diff != "" {
				t.Errorf("counted (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantTaken, b.taken); diff != "" {
				t.Errorf("pages taken from the budget (-want +got):\n%s", diff)
			}
		})
	}
}

// budget is a fake Budget with left pages.
type budget struct {
	left  int
	taken []int
}

func (b *budget) Take(_ context.Context, n int) error {
	if n > b.left {
		return &derrors.Later{Reason: "daily_text_reader_pages", Message: "spent", RetryAfter: time.Hour}
	}
	b.left -= n
	b.taken = append(b.taken, n)
	return nil
}

// TestBudgetComesBeforeTheCall: each call Textract bills takes its pages
// first; when they are not left, no call is made and the answer is a 503.
func TestBudgetComesBeforeTheCall(t *testing.T) {
	calls := 0
	client := fakeAPI{
		Fn: func(context.Context, *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
			calls++
			return &textract.DetectDocumentTextOutput{}, nil
		},
		Start: func(context.Context, *textract.StartDocumentTextDetectionInput) (*textract.StartDocumentTextDetectionOutput, error) {
			calls++
			return &textract.StartDocumentTextDetectionOutput{JobId: aws.String("job-1")}, nil
		},
		Get: func(context.Context, *textract.GetDocumentTextDetectionInput) (*textract.GetDocumentTextDetectionOutput, error) {
			return &textract.GetDocumentTextDetectionOutput{JobStatus: types.JobStatusSucceeded}, nil
		},
	}
	b := &budget{left: 4}
	r := Reader{Bucket: "b", Client: client, Budget: b}
	if _, err := r.Read(t.Context(), evidence.Document{Key: "k.png", MediaType: "image/png", Pages: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Read(t.Context(), evidence.Document{Key: "k.pdf", MediaType: "application/pdf", Pages: 3}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{1, 3}, b.taken); diff != "" {
		t.Errorf("taken (-want +got):\n%s", diff)
	}
	for _, doc := range []evidence.Document{
		{Key: "k.png", MediaType: "image/png", Pages: 1},
		{Key: "k2.pdf", MediaType: "application/pdf", Pages: 2},
	} {
		_, err := r.Read(t.Context(), doc)
		if !errors.Is(err, derrors.ErrBusy) {
			t.Errorf("%s with nothing left: %v, want ErrBusy", doc.MediaType, err)
		}
	}
	if calls != 2 {
		t.Errorf("%d billed calls, want 2 (none once the budget is spent)", calls)
	}
}

// An uncounted PDF (Pages 0) or one counted as one page is read
// synchronously: Textract refuses it if it has several pages, and it is
// unreadable, never a job billing pages nobody counted.
func TestUncountedPDFIsNeverAJob(t *testing.T) {
	for _, pages := range []int{0, 1} {
		r := Reader{Bucket: "b", Client: fakeAPI{Fn: func(context.Context, *textract.DetectDocumentTextInput) (*textract.DetectDocumentTextOutput, error) {
			return nil, &types.UnsupportedDocumentException{}
		}}}
		_, err := r.Read(t.Context(), evidence.Document{Key: "k.pdf", MediaType: "application/pdf", Pages: pages})
		if !errors.Is(err, evidence.ErrUnreadable) {
			t.Errorf("PDF of %d counted pages: %v, want unreadable without a job (the fake fails Start)", pages, err)
		}
	}
}

// memJobs is a fake JobStore; it passes storetest.RunReadJobs.
type memJobs struct {
	mu   sync.Mutex
	now  func() time.Time
	jobs map[string]savedJob
}

type savedJob struct {
	job     Job
	expires time.Time
}

func (m *memJobs) FindJob(_ context.Context, leadID, sha256 string) (Job, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	j, ok := m.jobs[leadID+"/"+sha256]
	if !ok || !m.now().Before(j.expires) {
		return Job{}, false, nil
	}
	return j.job, true, nil
}

func (m *memJobs) SaveJob(_ context.Context, leadID, sha256 string, job Job, expiresAt time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.jobs == nil {
		m.jobs = map[string]savedJob{}
	}
	if j, ok := m.jobs[leadID+"/"+sha256]; ok && m.now().Before(j.expires) {
		return nil
	}
	m.jobs[leadID+"/"+sha256] = savedJob{job, expiresAt}
	return nil
}

// TestRetryReusesTheJob: a job not done in time answers 503; the same file
// sent again for the same lead polls that job (no second start, no pages
// taken or counted twice) and reads its result. Another lead's same file,
// or the lead's other file, is a job of its own.
func TestRetryReusesTheJob(t *testing.T) {
	var starts []string
	done := map[string]bool{}
	client := fakeAPI{
		Start: func(_ context.Context, in *textract.StartDocumentTextDetectionInput) (*textract.StartDocumentTextDetectionOutput, error) {
			id := fmt.Sprintf("job-%d", len(starts)+1)
			starts = append(starts, aws.ToString(in.DocumentLocation.S3Object.Name))
			return &textract.StartDocumentTextDetectionOutput{JobId: aws.String(id)}, nil
		},
		Get: func(_ context.Context, in *textract.GetDocumentTextDetectionInput) (*textract.GetDocumentTextDetectionOutput, error) {
			if !done[aws.ToString(in.JobId)] {
				return &textract.GetDocumentTextDetectionOutput{JobStatus: types.JobStatusInProgress}, nil
			}
			return &textract.GetDocumentTextDetectionOutput{JobStatus: types.JobStatusSucceeded,
				Blocks: []types.Block{{BlockType: types.BlockTypeLine, Text: aws.String(aws.ToString(in.JobId) + " read"), Confidence: aws.Float32(99)}}}, nil
		},
	}
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	jobs := &memJobs{now: func() time.Time { return now }}
	var u usage
	b := &budget{left: 100}
	r := Reader{Bucket: "b", Client: client, Budget: b, Usage: &u, Jobs: jobs, PollInterval: 5 * time.Millisecond, Now: func() time.Time { return now }}
	const lead, other = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01", "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a02"
	doc := evidence.Document{Key: "evidence/" + lead + "/first.pdf", MediaType: "application/pdf", Pages: 3, LeadID: lead, SHA256: "aaaa"}

	ctx, cancel := context.WithTimeout(t.Context(), JobReserve+30*time.Millisecond)
	_, err := r.Read(ctx, doc)
	cancel()
	if !errors.Is(err, derrors.ErrBusy) {
		t.Fatalf("first read: %v, want a 503 (job not done in time)", err)
	}
	done["job-1"] = true
	retry := doc
	retry.Key = "evidence/" + lead + "/retry.pdf" // staged again under a new key
	text, err := r.Read(t.Context(), retry)
	if err != nil {
		t.Fatalf("retry: %v", err)
	}
	if len(text.Lines) != 1 || text.Lines[0].Text != "job-1 read" {
		t.Errorf("retry read %+v, want job-1's result", text.Lines)
	}
	if diff := cmp.Diff([]string{doc.Key}, starts); diff != "" {
		t.Errorf("jobs started (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{3}, b.taken); diff != "" {
		t.Errorf("pages taken (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{3}, u.pages); diff != "" {
		t.Errorf("pages counted (-want +got):\n%s", diff)
	}

	done["job-2"], done["job-3"] = true, true
	for _, d := range []evidence.Document{
		{Key: "evidence/" + other + "/x.pdf", MediaType: "application/pdf", Pages: 3, LeadID: other, SHA256: "aaaa"},
		{Key: "evidence/" + lead + "/y.pdf", MediaType: "application/pdf", Pages: 2, LeadID: lead, SHA256: "bbbb"},
	} {
		if _, err := r.Read(t.Context(), d); err != nil {
			t.Fatalf("read %s: %v", d.Key, err)
		}
	}
	if len(starts) != 3 {
		t.Errorf("%d jobs started, want 3: another lead's file and another file are jobs of their own", len(starts))
	}

	// A day later the job is not reused: a new one starts.
	now = now.Add(JobReuse)
	done["job-4"] = true
	if _, err := r.Read(t.Context(), retry); err != nil {
		t.Fatal(err)
	}
	if len(starts) != 4 {
		t.Errorf("%d jobs started, want 4 once the first expired", len(starts))
	}
}

// TestReusedJobTextractForgot: a saved job Textract no longer knows
// (InvalidJobIdException) is replaced by a new one.
func TestReusedJobTextractForgot(t *testing.T) {
	starts := 0
	client := fakeAPI{
		Start: func(context.Context, *textract.StartDocumentTextDetectionInput) (*textract.StartDocumentTextDetectionOutput, error) {
			starts++
			return &textract.StartDocumentTextDetectionOutput{JobId: aws.String("job-new")}, nil
		},
		Get: func(_ context.Context, in *textract.GetDocumentTextDetectionInput) (*textract.GetDocumentTextDetectionOutput, error) {
			if aws.ToString(in.JobId) == "job-old" {
				return nil, &types.InvalidJobIdException{Message: aws.String("no such job")}
			}
			return &textract.GetDocumentTextDetectionOutput{JobStatus: types.JobStatusSucceeded}, nil
		},
	}
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	jobs := &memJobs{now: func() time.Time { return now }}
	if err := jobs.SaveJob(t.Context(), "lead", "aaaa", Job{ID: "job-old", Pages: 2, StartedAt: now}, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	r := Reader{Bucket: "b", Client: client, Jobs: jobs}
	if _, err := r.Read(t.Context(), evidence.Document{Key: "k.pdf", MediaType: "application/pdf", Pages: 2, LeadID: "lead", SHA256: "aaaa"}); err != nil {
		t.Fatal(err)
	}
	if starts != 1 {
		t.Errorf("%d jobs started, want 1", starts)
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

func TestMemJobsConformance(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	storetest.RunReadJobs(t, func(*testing.T) JobStore { return &memJobs{now: func() time.Time { return now }} }, now)
}
