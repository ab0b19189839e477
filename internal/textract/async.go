package textract

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// ErrJobFailed: Textract ran the detection job and it failed on the
// document (a damaged or password-protected PDF, too many pages).
var ErrJobFailed = fmt.Errorf("textract text detection job failed: %w", evidence.Unreadable("job_failed"))

// JobReserve is the time a job leaves before ctx's deadline for the rest of
// the request (recording the verification, answering): polling stops then.
const JobReserve = 2 * time.Second

// JobRetryAfter is what a client whose job was not done in time is asked
// to wait before sending the same file again: its retry polls the same job.
const JobRetryAfter = 10 * time.Second

// JobReuse is how long a started job is reused for the same lead's same
// file. Textract keeps a job's results for days; a retry comes within
// seconds or minutes.
const JobReuse = 24 * time.Hour

// Job is a text detection job started for a lead's file.
type Job = evidence.ReadJob

// JobStore remembers the job started for a lead's file.
type JobStore = evidence.ReadJobs

// detectAsync reads every page of the staged document with an asynchronous
// text detection job: the job started for this lead's same file before,
// or a new one on the S3 object, its pages taken from the budget and
// counted when it starts; polled until it is done (or JobReserve before
// ctx's deadline: a *derrors.Later, 503), then every page of its result
// fetched by NextToken.
func (r Reader) detectAsync(ctx context.Context, doc evidence.Document) ([]types.Block, error) {
	what := "textract text detection job on " + doc.Key
	if dl, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-JobReserve))
		defer cancel()
	}
	job, reused, err := r.findJob(ctx, doc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if reused {
		blocks, err := r.poll(ctx, what, job)
		var expired *types.InvalidJobIdException
		if !errors.As(err, &expired) {
			return blocks, err
		}
		// Textract no longer knows the job: start another.
	}
	if job, err = r.startJob(ctx, what, doc); err != nil {
		return nil, err
	}
	return r.poll(ctx, what, job)
}

// findJob is the job started for doc's lead and file, if one was saved.
func (r Reader) findJob(ctx context.Context, doc evidence.Document) (Job, bool, error) {
	if r.Jobs == nil || doc.LeadID == "" || doc.SHA256 == "" {
		return Job{}, false, nil
	}
	job, found, err := r.Jobs.FindJob(ctx, doc.LeadID, doc.SHA256)
	if err != nil {
		return Job{}, false, fmt.Errorf("find its job: %w", err)
	}
	return job, found && job.ID != "", nil
}

// startJob takes the document's pages from the budget, starts the job,
// counts its pages (Textract bills them from now, done in time or not) and
// saves it for a retry.
func (r Reader) startJob(ctx context.Context, what string, doc evidence.Document) (Job, error) {
	if err := r.take(ctx, doc.Pages); err != nil {
		return Job{}, err
	}
	start, err := r.Client.StartDocumentTextDetection(ctx, &textract.StartDocumentTextDetectionInput{
		DocumentLocation: &types.DocumentLocation{S3Object: r.object(doc)},
	}, PlainRequestBody)
	if err != nil {
		return Job{}, r.classify("start "+what, err)
	}
	job := Job{ID: aws.ToString(start.JobId), Pages: doc.Pages, StartedAt: r.now()}
	if job.ID == "" {
		return Job{}, fmt.Errorf("start %s: no job id: %w", what, derrors.ErrUnavailable)
	}
	if r.Usage != nil {
		r.Usage.TextractPages(job.Pages)
	}
	if r.Jobs != nil && doc.LeadID != "" && doc.SHA256 != "" {
		// Not saved, a retry starts (and pays for) another job; this
		// request still has its answer coming, so it goes on.
		if err := r.Jobs.SaveJob(ctx, doc.LeadID, doc.SHA256, job, job.StartedAt.Add(JobReuse)); err != nil {
			r.failed("job_not_saved")
		}
	}
	return job, nil
}

func (r Reader) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// poll waits for job to be done and fetches every page of its result.
func (r Reader) poll(ctx context.Context, what string, job Job) ([]types.Block, error) {
	interval := r.PollInterval
	if interval <= 0 {
		interval = DefaultPollInterval
	}
	var blocks []types.Block
	var next *string
	for {
		out, err := r.Client.GetDocumentTextDetection(ctx, &textract.GetDocumentTextDetectionInput{JobId: aws.String(job.ID), NextToken: next}, PlainRequestBody)
		var expired *types.InvalidJobIdException
		if errors.As(err, &expired) && next == nil {
			return nil, err
		}
		if err != nil {
			return nil, r.classify("get "+what, err)
		}
		switch out.JobStatus {
		case types.JobStatusInProgress:
			if next != nil {
				return nil, fmt.Errorf("get %s: in progress again after its first page: %w", what, derrors.ErrUnavailable)
			}
			if err := sleep(ctx, interval); err != nil {
				r.failed("timeout")
				return nil, fmt.Errorf("%s: not done in time (%w): %w", what, err, &derrors.Later{
					Reason:     "job_running",
					Message:    fmt.Sprintf("the document is still being read; send the same request again in %d seconds", int(JobRetryAfter/time.Second)),
					RetryAfter: JobRetryAfter,
				})
			}
			continue
		case types.JobStatusSucceeded, types.JobStatusPartialSuccess:
			// Partial success: some pages could not be read; the others
			// still count, and a missing field is rated not_found.
			if next == nil {
				r.countExtraPages(out.DocumentMetadata, job.Pages)
			}
		case types.JobStatusFailed:
			return nil, fmt.Errorf("%s: %w: %s", what, ErrJobFailed, aws.ToString(out.StatusMessage))
		default:
			return nil, fmt.Errorf("%s: job status %q: %w", what, out.JobStatus, derrors.ErrUnavailable)
		}
		blocks = append(blocks, out.Blocks...)
		if aws.ToString(out.NextToken) == "" {
			return blocks, nil
		}
		next = out.NextToken
	}
}

// countExtraPages counts the pages Textract read beyond those counted when
// the job started: none, unless Textract's reading of the file found more
// pages than the service's did. Textract bills what it read.
func (r Reader) countExtraPages(meta *types.DocumentMetadata, counted int) {
	if r.Usage == nil || meta == nil || meta.Pages == nil {
		return
	}
	if extra := int(*meta.Pages) - counted; extra > 0 {
		r.Usage.TextractPages(extra)
		r.failed("pages_miscounted")
	}
}

// sleep waits d, or returns ctx's error if it ends first.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
