package textract

import (
	"context"
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

// detectAsync reads every page of the staged document with an asynchronous
// text detection job: start it on the S3 object, poll until it is done (or
// JobReserve before ctx's deadline), then fetch every page of its result by
// NextToken.
func (r Reader) detectAsync(ctx context.Context, doc evidence.Document) ([]types.Block, error) {
	what := "textract text detection job on " + doc.Key
	if dl, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-JobReserve))
		defer cancel()
	}
	start, err := r.Client.StartDocumentTextDetection(ctx, &textract.StartDocumentTextDetectionInput{
		DocumentLocation: &types.DocumentLocation{S3Object: r.object(doc)},
	}, plainRequestBody)
	if err != nil {
		return nil, r.classify("start "+what, err)
	}
	jobID := aws.ToString(start.JobId)
	if jobID == "" {
		return nil, fmt.Errorf("start %s: no job id: %w", what, derrors.ErrUnavailable)
	}
	interval := r.PollInterval
	if interval <= 0 {
		interval = DefaultPollInterval
	}
	var blocks []types.Block
	var next *string
	for {
		out, err := r.Client.GetDocumentTextDetection(ctx, &textract.GetDocumentTextDetectionInput{JobId: aws.String(jobID), NextToken: next}, plainRequestBody)
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
				return nil, fmt.Errorf("%s: not done in time: %w: %w", what, derrors.ErrUnavailable, err)
			}
			continue
		case types.JobStatusSucceeded, types.JobStatusPartialSuccess:
			// Partial success: some pages could not be read; the others
			// still count, and a missing field is rated not_found.
			if next == nil {
				r.countPages(out.DocumentMetadata)
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
