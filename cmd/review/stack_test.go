//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/s3store"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/browser"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// TestE2EReviewOnStack is the bar on a deployed stack: the sample
// label verified as verify-evidence does, staged in S3 and recorded in
// DynamoDB (moto), then make review STACK=us finds the tables and bucket
// from the stack's outputs, reads the record and the file back, and writes
// a page whose boxes lie on the label's words.
func TestE2EReviewOnStack(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	endpoint := awstest.Endpoint(t)
	browser.Path(t)
	dbc, s3c := awstest.DynamoDB(t), awstest.S3(t)
	leadsTable, verificationsTable := awstest.CreateTable(t, dbc, "id"), awstest.CreateVerificationsTable(t, dbc)
	bucket := awstest.CreateBucket(t, s3c)

	leads := &dynamo.LeadStore{Client: dbc, Table: leadsTable}
	leadID := uuid.NewString()
	data, _ := json.Marshal(dana)
	if err := leads.Put(t.Context(), lead.Lead{ID: leadID, Email: "dana.whitcombe@example.com", Data: data, CreatedAt: time.Now().UTC()}); err != nil {
		t.Fatal(err)
	}
	svc, err := evidence.NewService("us", evidence.DefaultMaxAge, evidence.Deps{
		Stager: &s3store.Stager{Client: s3c, Bucket: bucket}, Reader: docread.NewWithTesseract(t.Context()), Leads: leads,
		Recorder: &dynamo.VerificationStore{Client: dbc, Table: verificationsTable},
		Now:      time.Now, NewID: uuid.NewString,
	})
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := corpus.Sample(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	verified, err := svc.Verify(t.Context(), evidence.Request{UserID: leadID, MedicationName: pdf.MedicationName,
		MedicationDosage: pdf.MedicationDosage, File: pdf.File, MediaType: pdf.MediaType()})
	if err != nil {
		t.Fatal(err)
	}

	for k, v := range map[string]string{"AWS_ENDPOINT_URL": endpoint, "AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test",
		"AWS_SESSION_TOKEN": "", "AWS_PROFILE": "", "AWS_CONFIG_FILE": "/dev/null", "AWS_SHARED_CREDENTIALS_FILE": "/dev/null"} {
		t.Setenv(k, v)
	}
	stack := awstest.CreateOutputsStack(t, awstest.Config(t, endpoint), map[string]string{
		"LeadsTableName": leadsTable, "VerificationsTableName": verificationsTable, "EvidenceBucketName": bucket,
	})
	out := filepath.Join(t.TempDir(), "reviews")
	var stdout bytes.Buffer
	if err := run(t.Context(), env(map[string]string{"ID": verified.ID, "STACK": "us", "STACK_NAME": stack, "AWS_REGION": "eu-west-2", "OUT": out}), &stdout); err != nil {
		t.Fatalf("review: %v", err)
	}
	if !strings.Contains(stdout.String(), "health data") {
		t.Errorf("review said %q, not that the page holds health data", stdout.String())
	}
	rec, err := (&dynamo.VerificationStore{Client: dbc, Table: verificationsTable}).Verification(t.Context(), verified.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Findings == nil || rec.Reading == nil || len(rec.Reading.Lines) == 0 {
		t.Fatalf("the record read back from DynamoDB keeps no findings or lines: %+v", rec)
	}
	n := checkPage(t, filepath.Join(out, verified.ID+".html"), rec, onPDFWords(t, pdf.File), 0)
	if n != 5 {
		t.Errorf("%d boxes checked, want one for each of the five fields found", n)
	}
}
