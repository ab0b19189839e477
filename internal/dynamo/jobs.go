package dynamo

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// JobStore keeps the Textract job started for a lead's file in the quota
// table, in the lead's own partition (leadId), under the sort key
// "textract-job/<sha256>": erasure, which removes every item of a lead's
// partition, removes them with the lead's counters. Items carry jobId (S),
// pages (N), startedAt (S, RFC 3339) and expiresAt (N, the table's TTL).
type JobStore struct {
	Client API
	Table  string
	// Now judges expiry (TTL deletes within days, not to the second); nil
	// is time.Now.
	Now func() time.Time
}

var _ evidence.ReadJobs = (*JobStore)(nil)

// JobSortKeyPrefix begins the sort key of a job item.
const JobSortKeyPrefix = "textract-job/"

func jobKey(leadID, sha256 string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"leadId": str(leadID), "day": str(JobSortKeyPrefix + sha256)}
}

func (s *JobStore) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// FindJob reads the job saved for the lead's file, strongly consistent.
func (s *JobStore) FindJob(ctx context.Context, leadID, sha256 string) (evidence.ReadJob, bool, error) {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.Table), Key: jobKey(leadID, sha256), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return evidence.ReadJob{}, false, fmt.Errorf("get read job: %w", derrors.Unavailable(err))
	}
	if len(out.Item) == 0 {
		return evidence.ReadJob{}, false, nil
	}
	var item struct {
		JobID     string `dynamodbav:"jobId"`
		Pages     int    `dynamodbav:"pages"`
		StartedAt string `dynamodbav:"startedAt"`
		ExpiresAt int64  `dynamodbav:"expiresAt"`
	}
	if err := attributevalue.UnmarshalMap(out.Item, &item); err != nil {
		return evidence.ReadJob{}, false, fmt.Errorf("decode read job: %w", err)
	}
	if !s.now().Before(time.Unix(item.ExpiresAt, 0)) {
		return evidence.ReadJob{}, false, nil
	}
	started, err := time.Parse(time.RFC3339Nano, item.StartedAt)
	if err != nil {
		return evidence.ReadJob{}, false, fmt.Errorf("decode read job's start: %w", err)
	}
	return evidence.ReadJob{ID: item.JobID, Pages: item.Pages, StartedAt: started}, true, nil
}

// SaveJob puts the job unless an unexpired one is saved for the file.
func (s *JobStore) SaveJob(ctx context.Context, leadID, sha256 string, job evidence.ReadJob, expiresAt time.Time) error {
	item := jobKey(leadID, sha256)
	item["jobId"] = str(job.ID)
	item["pages"] = &types.AttributeValueMemberN{Value: strconv.Itoa(job.Pages)}
	item["startedAt"] = str(job.StartedAt.UTC().Format(time.RFC3339Nano))
	item[attrExpiresAt] = epoch(expiresAt)
	_, err := s.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                aws.String(s.Table),
		Item:                     item,
		ConditionExpression:      aws.String("attribute_not_exists(#lead) OR #expiresAt <= :now"),
		ExpressionAttributeNames: map[string]string{"#lead": "leadId", "#expiresAt": attrExpiresAt},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": epoch(s.now()),
		},
	})
	switch {
	case conditionFailed(err):
		return nil // a job is saved for the file already: it stays
	case err != nil:
		return fmt.Errorf("put read job: %w", derrors.Unavailable(err))
	}
	return nil
}
