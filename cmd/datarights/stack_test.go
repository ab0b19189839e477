package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/cloudformation"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/datarights"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/quota"
	"github.com/clinicplatform/intake/internal/s3store"
	"github.com/clinicplatform/intake/internal/testing/awstest"
)

// stackTables are tables and a bucket shaped as template.yaml makes them.
type stackTables struct {
	leads, verifications, keys, quota, bucket string
}

func s(v string) *string { return aws.String(v) }

func createStackTables(t *testing.T, db *dynamodb.Client, s3c *s3.Client) stackTables {
	t.Helper()
	str := types.ScalarAttributeTypeS
	st := stackTables{
		leads: awstest.CreateTableFrom(t, db, &dynamodb.CreateTableInput{
			AttributeDefinitions: []types.AttributeDefinition{{AttributeName: s("id"), AttributeType: str}, {AttributeName: s("emailKey"), AttributeType: str}},
			KeySchema:            []types.KeySchemaElement{{AttributeName: s("id"), KeyType: types.KeyTypeHash}},
			GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: s(dynamo.EmailIndex),
				KeySchema:  []types.KeySchemaElement{{AttributeName: s("emailKey"), KeyType: types.KeyTypeHash}},
				Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly}}},
		}),
		verifications: awstest.CreateTableFrom(t, db, &dynamodb.CreateTableInput{
			AttributeDefinitions: []types.AttributeDefinition{{AttributeName: s("id"), AttributeType: str},
				{AttributeName: s("userId"), AttributeType: str}, {AttributeName: s("createdAt"), AttributeType: str}},
			KeySchema: []types.KeySchemaElement{{AttributeName: s("id"), KeyType: types.KeyTypeHash}},
			GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: s(dynamo.VerificationsByUserIndex),
				KeySchema: []types.KeySchemaElement{{AttributeName: s("userId"), KeyType: types.KeyTypeHash},
					{AttributeName: s("createdAt"), KeyType: types.KeyTypeRange}},
				Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
		}),
		keys: awstest.CreateTable(t, db, "key"),
		quota: awstest.CreateTableFrom(t, db, &dynamodb.CreateTableInput{
			AttributeDefinitions: []types.AttributeDefinition{{AttributeName: s("leadId"), AttributeType: str}, {AttributeName: s("day"), AttributeType: str}},
			KeySchema: []types.KeySchemaElement{{AttributeName: s("leadId"), KeyType: types.KeyTypeHash},
				{AttributeName: s("day"), KeyType: types.KeyTypeRange}},
		}),
		bucket: awstest.CreateBucket(t, s3c),
	}
	if _, err := s3c.PutBucketVersioning(t.Context(), &s3.PutBucketVersioningInput{Bucket: s(st.bucket),
		VersioningConfiguration: &s3types.VersioningConfiguration{Status: s3types.BucketVersioningStatusEnabled}}); err != nil {
		t.Fatal(err)
	}
	// Runs before the bucket's own cleanup, which deletes current objects only.
	t.Cleanup(func() {
		(&s3store.Purger{Client: s3c, Bucket: st.bucket}).PurgeEvidence(context.Background(), "evidence/")
	})
	return st
}

// seedStack writes one patient as the functions do: a lead with its key, a
// quota counter, and two verifications, one staged before keys carried the
// lead's prefix; the prefixed file has an older version and a delete marker.
func seedStack(t *testing.T, db *dynamo.DataRights, s3c *s3.Client, bucket string, p *patient) {
	t.Helper()
	ctx := t.Context()
	now := time.Now().UTC()
	p.leadID = uuid.NewString()
	l := lead.Lead{ID: p.leadID, Email: p.email, CreatedAt: now, IdempotencyKey: "key-" + p.forename,
		Data: json.RawMessage(`{"forename":"` + p.forename + `","surname":"` + p.surname + `"}`)}
	if err := (&dynamo.LeadStore{Client: db.Client, Table: db.LeadsTable}).Put(ctx, l); err != nil {
		t.Fatal(err)
	}
	if err := (&dynamo.IdempotencyStore{Client: db.Client, Table: db.IdempotencyTable}).PutIfAbsent(ctx,
		idempotency.Entry{Key: l.IdempotencyKey, LeadID: l.ID, RequestHash: "h", ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	q := &quota.Verifications{Counter: &dynamo.QuotaStore{Client: db.Client.(*dynamodb.Client), Table: db.QuotaTable}, PerDay: 5}
	if err := q.Take(ctx, l.ID); err != nil {
		t.Fatal(err)
	}
	stager := &s3store.Stager{Client: s3c, Bucket: bucket}
	sum := sha256.Sum256([]byte(p.evidence))
	up := evidence.Upload{Body: []byte(p.evidence), MediaType: "application/pdf", SHA256: hex.EncodeToString(sum[:])}
	keys := []string{evidence.ObjectKey(now, l.ID, uuid.NewString(), "application/pdf"), "evidence/2026/01/02/" + uuid.NewString() + ".pdf"}
	for i, key := range keys {
		if err := stager.Stage(ctx, key, up); err != nil {
			t.Fatal(err)
		}
		if err := (&dynamo.VerificationStore{Client: db.Client, Table: db.VerificationsTable}).Record(ctx, evidence.Record{
			ID: uuid.NewString(), UserID: l.ID, CreatedAt: now.Add(time.Duration(i) * time.Second), ObjectKey: key,
			SHA256: up.SHA256, MediaType: up.MediaType, Size: int64(len(up.Body)), MedicationName: "Wegovy", MedicationDosage: "2.4 mg",
		}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s3c.PutObject(ctx, &s3.PutObjectInput{Bucket: s(bucket), Key: s(keys[0]), Body: strings.NewReader(p.evidence + "v2")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s3c.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: s(bucket), Key: s(keys[0])}); err != nil {
		t.Fatal(err)
	}
}

func versions(t *testing.T, s3c *s3.Client, bucket, prefix string) int {
	t.Helper()
	out, err := s3c.ListObjectVersions(t.Context(), &s3.ListObjectVersionsInput{Bucket: s(bucket), Prefix: s(prefix)})
	if err != nil {
		t.Fatal(err)
	}
	return len(out.Versions) + len(out.DeleteMarkers)
}

// TestEraseOnStack erases one patient from tables and a versioned bucket
// in moto, the names read from a CloudFormation stack's outputs, and
// leaves another patient whole.
func TestEraseOnStack(t *testing.T) {
	endpoint := awstest.Endpoint(t)
	dbc, s3c := awstest.DynamoDB(t), awstest.S3(t)
	st := createStackTables(t, dbc, s3c)
	rights := &dynamo.DataRights{Client: dbc, LeadsTable: st.leads, VerificationsTable: st.verifications,
		IdempotencyTable: st.keys, QuotaTable: st.quota}
	gone, kept := newPatient("gone"), newPatient("kept")
	seedStack(t, rights, s3c, st.bucket, &gone)
	seedStack(t, rights, s3c, st.bucket, &kept)

	for k, v := range map[string]string{"AWS_ENDPOINT_URL": endpoint, "AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test",
		"AWS_SESSION_TOKEN": "", "AWS_PROFILE": "", "AWS_CONFIG_FILE": "/dev/null", "AWS_SHARED_CREDENTIALS_FILE": "/dev/null"} {
		t.Setenv(k, v)
	}
	stackName := "test-stack-" + strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
	createOutputsStack(t, awstest.Config(t, endpoint), stackName, map[string]string{
		"LeadsTableName": st.leads, "VerificationsTableName": st.verifications, "IdempotencyTableName": st.keys,
		"QuotaTableName": st.quota, "EvidenceBucketName": st.bucket,
	})
	getenv := env(map[string]string{"STACK": "uk", "STACK_NAME": stackName, "AWS_REGION": "eu-west-2",
		"S3_USE_PATH_STYLE": "true", "EMAIL": strings.ToUpper(gone.email)})

	var exported bytes.Buffer
	if err := run(t.Context(), []string{"export"}, getenv, &exported); err != nil {
		t.Fatalf("export: %v", err)
	}
	var ex datarights.Export
	if err := json.Unmarshal(exported.Bytes(), &ex); err != nil || len(ex.Leads) != 1 || len(ex.Leads[0].Verifications) != 2 ||
		!strings.Contains(exported.String(), gone.forename) {
		t.Fatalf("export = %s (%v)", exported.String(), err)
	}

	var out bytes.Buffer
	if err := run(t.Context(), []string{"erase"}, getenv, &out); err != nil {
		t.Fatalf("erase: %v", err)
	}
	var rc receipt
	if err := json.Unmarshal(out.Bytes(), &rc); err != nil {
		t.Fatal(err)
	}
	// Evidence: the prefixed key's two versions and delete marker, and the
	// older-style key's one version.
	want := datarights.Receipt{Leads: 1, IdempotencyKeys: 1, Verifications: 2, QuotaCounters: 1, EvidenceVersions: 4}
	if rc.Erased != want || !strings.Contains(rc.Store, stackName) {
		t.Errorf("receipt = %+v, want %+v from %s", rc, want, stackName)
	}
	if strings.Contains(strings.ToLower(out.String()), strings.ToLower(gone.email)) {
		t.Errorf("the receipt shows the address: %s", out.String())
	}

	ctx := t.Context()
	if _, err := rights.Get(ctx, gone.leadID); !errors.Is(err, derrors.ErrNotFound) {
		t.Errorf("erased lead: %v", err)
	}
	if n := versions(t, s3c, st.bucket, evidence.LeadPrefix(gone.leadID)); n != 0 {
		t.Errorf("%d versions of the erased patient's evidence left", n)
	}
	if recs, _ := rights.VerificationsOf(ctx, gone.leadID); len(recs) != 0 {
		t.Errorf("%d verification records left", len(recs))
	}
	if ids, _ := rights.LeadIDsByEmail(ctx, kept.email); len(ids) != 1 || ids[0] != kept.leadID {
		t.Errorf("other patient by e-mail: %v", ids)
	}
	recs, err := rights.VerificationsOf(ctx, kept.leadID)
	if err != nil || len(recs) != 2 {
		t.Fatalf("other patient's records: %d, %v", len(recs), err)
	}
	if n := versions(t, s3c, st.bucket, evidence.LeadPrefix(kept.leadID)); n != 3 {
		t.Errorf("other patient's evidence: %d versions, want 3", n)
	}
	if n := versions(t, s3c, st.bucket, recs[1].ObjectKey); n != 1 {
		t.Errorf("other patient's older-style evidence: %d versions, want 1", n)
	}
	if _, err := (&dynamo.IdempotencyStore{Client: dbc, Table: st.keys}).Lookup(ctx, "key-"+kept.forename); err != nil {
		t.Errorf("other patient's idempotency key: %v", err)
	}
}

// createOutputsStack makes a CloudFormation stack whose outputs are the
// given names (moto runs no SAM transform, so the real template cannot be
// deployed there).
func createOutputsStack(t *testing.T, cfg aws.Config, name string, outputs map[string]string) {
	t.Helper()
	tpl := map[string]any{
		"Resources": map[string]any{"Handle": map[string]any{"Type": "AWS::CloudFormation::WaitConditionHandle"}},
		"Outputs":   map[string]any{},
	}
	for k, v := range outputs {
		tpl["Outputs"].(map[string]any)[k] = map[string]any{"Value": v}
	}
	body, _ := json.Marshal(tpl)
	cfn := cloudformation.NewFromConfig(cfg)
	if _, err := cfn.CreateStack(t.Context(), &cloudformation.CreateStackInput{StackName: s(name), TemplateBody: s(string(body))}); err != nil {
		t.Fatalf("create stack: %v", err)
	}
	t.Cleanup(func() { cfn.DeleteStack(context.Background(), &cloudformation.DeleteStackInput{StackName: s(name)}) })
}
