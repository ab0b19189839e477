package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

func TestNewHandlerNamesMissingSettings(t *testing.T) {
	_, err := newHandler(t.Context(), func(string) string { return "" }, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "EVIDENCE_BUCKET, LEADS_TABLE, QUOTA_TABLE, VERIFICATIONS_TABLE") {
		t.Errorf("newHandler without settings: %v", err)
	}
}

// TestVerifyEvidenceAgainstEmulator runs the function as Lambda runs it
// against DynamoDB and S3 in a local emulator: the upload is staged in S3
// with its digest, and the verification is recorded with the object's key.
func TestVerifyEvidenceAgainstEmulator(t *testing.T) {
	endpoint := awstest.Endpoint(t)
	db, s3c := awstest.DynamoDB(t), awstest.S3(t)
	leads, verifications := awstest.CreateTable(t, db, "id"), awstest.CreateTable(t, db, "id")
	bucket := awstest.CreateBucket(t, s3c)
	quotaTable := awstest.CreateTableFrom(t, db, &dynamodb.CreateTableInput{
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("leadId"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("day"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("leadId"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("day"), KeyType: types.KeyTypeRange},
		},
	})
	// No S3_USE_PATH_STYLE: the emulator's endpoint alone must give path style.
	env := map[string]string{"LEADS_TABLE": leads, "VERIFICATIONS_TABLE": verifications, "QUOTA_TABLE": quotaTable,
		"EVIDENCE_BUCKET": bucket, "TEXT_READER": "local", "MARKET": "uk",
		"METRICS_NAMESPACE": "ClinicIntake/test"}
	var stdout bytes.Buffer
	h, err := newHandler(t.Context(), awstest.LambdaEnv(endpoint, env), &stdout)
	if err != nil {
		t.Fatal(err)
	}
	const userID = "2f1d7c9e-8b6a-4c3d-9e2f-1a0b9c8d7e6f"
	store := &dynamo.LeadStore{Client: db, Table: leads}
	if err := store.Put(t.Context(), lead.Lead{ID: userID, Email: "p@example.com",
		Data: json.RawMessage(`{"forename":"Dana","surname":"Whitcombe"}`), CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	doc := sampleLabel(t)
	resp, err := lambdahttp.Handler(h)(t.Context(), multipartEvent(t, userID, doc))
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, resp.Body)
	}
	var result struct {
		Success bool
		Data    map[string]struct{ Value string }
	}
	if err := json.Unmarshal([]byte(resp.Body), &result); err != nil {
		t.Fatal(err)
	}
	if !result.Success {
		t.Errorf("a matching label was not verified: %s", resp.Body)
	}
	id := resp.MultiValueHeaders["X-Verification-Id"]
	if len(id) != 1 {
		t.Fatalf("no X-Verification-Id in %v", resp.MultiValueHeaders)
	}
	rec, err := db.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(verifications),
		ConsistentRead: aws.Bool(true),
		Key:            map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: id[0]}}})
	if err != nil || rec.Item == nil {
		t.Fatalf("verification record %s: %v %v", id[0], rec, err)
	}
	key := rec.Item["objectKey"].(*types.AttributeValueMemberS).Value
	obj, err := s3c.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		t.Fatalf("staged object %s: %v", key, err)
	}
	defer obj.Body.Close()
	staged, _ := io.ReadAll(obj.Body)
	sum := sha256.Sum256(doc)
	if !bytes.Equal(staged, doc) || obj.Metadata["sha256"] != hex.EncodeToString(sum[:]) ||
		rec.Item["sha256"].(*types.AttributeValueMemberS).Value != hex.EncodeToString(sum[:]) {
		t.Errorf("staged object or record does not carry the upload and its sha256 (metadata %v)", obj.Metadata)
	}
	if strings.Contains(key, "label") || !strings.HasSuffix(key, ".pdf") {
		t.Errorf("object key %q should be server-chosen with the detected type's extension", key)
	}

	// The verification's metrics reached stdout in embedded metric format.
	var counted []string
	for line := range strings.Lines(stdout.String()) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("stdout line is not JSON: %q", line)
		}
		if _, ok := m["_aws"]; !ok {
			continue
		}
		for _, name := range []string{"Verifications", "DocumentsRead", "Requests"} {
			if _, ok := m[name]; ok {
				counted = append(counted, fmt.Sprintf("%s %v %v %v", name, m["Outcome"], m["Source"], m["StatusClass"]))
			}
		}
	}
	want := []string{"Verifications verified pdf <nil>", "DocumentsRead verified pdf <nil>", "Requests <nil> <nil> 2xx"}
	if diff := cmp.Diff(want, counted); diff != "" {
		t.Errorf("metrics on stdout (-want +got):\n%s", diff)
	}
}

// sampleLabel is the repository's sample pharmacy label (Dana Whitcombe,
// Zepbound 5 mg), filled ten days ago.
func sampleLabel(t *testing.T) []byte {
	t.Helper()
	c, err := corpus.Sample(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return c.File
}

// multipartEvent is the REST proxy event API Gateway sends for an upload:
// multipart/form-data is a binary media type, so the body is base64.
func multipartEvent(t *testing.T, userID string, doc []byte) events.APIGatewayProxyRequest {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("userId", userID)
	mw.WriteField("medicationName", "Zepbound")
	mw.WriteField("medicationDosage", "5 mg")
	fw, _ := mw.CreateFormFile("file", "my label.pdf")
	fw.Write(doc)
	mw.Close()
	return events.APIGatewayProxyRequest{
		Path: "/external/v1/prescriptions/verify-evidence", HTTPMethod: http.MethodPost,
		MultiValueHeaders: map[string][]string{"Content-Type": {mw.FormDataContentType()}},
		Body:              base64.StdEncoding.EncodeToString(body.Bytes()), IsBase64Encoded: true,
		RequestContext: events.APIGatewayProxyRequestContext{RequestID: "req-1", Stage: "live"},
	}
}
