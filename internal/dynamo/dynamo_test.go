package dynamo_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// TestLeadStoreItemAttributes: the item as people querying the table see it,
// with its e-mail index key and TTL (storetest.RunLeadStore checks what
// reads back).
func TestLeadStoreItemAttributes(t *testing.T) {
	client := awstest.DynamoDB(t)
	table := awstest.CreateTable(t, client, "id")
	store := &dynamo.LeadStore{Client: client, Table: table, Retention: 365 * 24 * time.Hour}
	l := lead.Lead{
		ID:             "5a0c1c3e-7a43-4c0e-8d8c-3c1c0c7c2b10",
		Email:          "Ada.Testperson@example.com",
		Data:           json.RawMessage(storetest.IntakeJSON),
		CreatedAt:      time.Date(2026, 11, 21, 10, 4, 5, 7e6, time.UTC),
		IdempotencyKey: "retry-key-9",
	}
	if err := store.Put(t.Context(), l); err != nil {
		t.Fatalf("Put: %v", err)
	}
	item := getItem(t, client, table, "id", l.ID)

	var wantData any
	if err := json.Unmarshal([]byte(storetest.IntakeJSON), &wantData); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"id":        l.ID,
		"email":     l.Email,
		"createdAt": "2026-11-21T10:04:05.007Z",
		"dataJson":  storetest.IntakeJSON,
		"data":      wantData,
		// sha256("lead-email:ada.testperson@example.com")
		"emailKey":       lead.EmailKey("ada.testperson@example.com"),
		"idempotencyKey": "retry-key-9",
		"expiresAt":      float64(time.Date(2027, 11, 21, 10, 4, 5, 0, time.UTC).Unix()),
	}
	var got map[string]any
	if err := attributevalue.UnmarshalMap(item, &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stored item (-want +got):\n%s", diff)
	}
	if _, ok := item["data"].(*types.AttributeValueMemberM); !ok {
		t.Errorf("data is %T, want a native map", item["data"])
	}
}

func TestLeadStoreGetItemWithoutDataJSON(t *testing.T) {
	client := awstest.DynamoDB(t)
	table := awstest.CreateTable(t, client, "id")
	const id = "1c9a7f0e-0d4b-4e8a-b5b4-2f0a9c8e7d61"
	// An item written by another tool: only the map, no exact bytes.
	_, err := client.PutItem(t.Context(), &dynamodb.PutItemInput{
		TableName: aws.String(table),
		Item: map[string]types.AttributeValue{
			"id":        &types.AttributeValueMemberS{Value: id},
			"email":     &types.AttributeValueMemberS{Value: "hand.testperson@example.com"},
			"createdAt": &types.AttributeValueMemberS{Value: "2026-11-21T10:04:05.123Z"},
			"data": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{
				"surname": &types.AttributeValueMemberS{Value: "Hand <Written>"},
				"height": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{
					"unit": &types.AttributeValueMemberS{Value: "cm"},
				}},
				"surgeries": &types.AttributeValueMemberL{Value: []types.AttributeValue{
					&types.AttributeValueMemberNULL{Value: true},
					&types.AttributeValueMemberBOOL{Value: false},
					&types.AttributeValueMemberN{Value: "1.50"},
				}},
			}},
		},
	})
	if err != nil {
		t.Fatalf("PutItem: %v", err)
	}
	got, err := (&dynamo.LeadStore{Client: client, Table: table}).Get(t.Context(), id)
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	want := `{"height":{"unit":"cm"},"surgeries":[null,false,1.50],"surname":"Hand <Written>"}`
	if diff := cmp.Diff(want, string(got.Data)); diff != "" {
		t.Errorf("Data (-want +got):\n%s", diff)
	}
}

// TestLeadPastItsRetentionIsNoLead (issue 19): with a clock, a lead whose
// expiresAt has passed reads as not found though TTL has not deleted it
// yet, and one second before it still reads; without a clock (data rights)
// every item still in the table reads.
func TestLeadPastItsRetentionIsNoLead(t *testing.T) {
	client := awstest.DynamoDB(t)
	table := awstest.CreateTable(t, client, "id")
	created := time.Date(2025, 11, 1, 10, 0, 0, 0, time.UTC)
	const retention = 365 * 24 * time.Hour
	l := lead.Lead{ID: "6b0f3c1e-2a4d-4f8b-9c7e-1d2a3b4c5d6e", Email: "kept.testperson@example.com", CreatedAt: created}
	if err := (&dynamo.LeadStore{Client: client, Table: table, Retention: retention}).Put(t.Context(), l); err != nil {
		t.Fatal(err)
	}
	expires := created.Add(retention)
	for _, tt := range []struct {
		name     string
		now      func() time.Time
		wantGone bool
	}{
		{"a second before its expiry", func() time.Time { return expires.Add(-time.Second) }, false},
		{"at its expiry", func() time.Time { return expires }, true},
		{"a day after, TTL not yet run", func() time.Time { return expires.Add(24 * time.Hour) }, true},
		{"no clock (data rights)", nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := (&dynamo.LeadStore{Client: client, Table: table, Now: tt.now}).Get(t.Context(), l.ID)
			if gone := errors.Is(err, derrors.ErrNotFound); gone != tt.wantGone || (err != nil && !gone) {
				t.Errorf("Get: %v; want not found %v", err, tt.wantGone)
			}
		})
	}
}

// TestVerificationStoreItem: the item keeps the names of the response body
// and the TTL attribute (storetest.RunRecorder checks what reads back).
func TestVerificationStoreItem(t *testing.T) {
	client := awstest.DynamoDB(t)
	table := awstest.CreateTable(t, client, "id")
	store := &dynamo.VerificationStore{Client: client, Table: table, Retention: 30 * 24 * time.Hour}
	valid := evidence.Rating{Value: evidence.Valid, Confidence: evidence.High}
	r := evidence.Record{
		ID:               "3e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6a",
		UserID:           "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01",
		CreatedAt:        time.Date(2026, 11, 21, 10, 4, 5, 123e6, time.UTC),
		ObjectKey:        "evidence/2026/11/21/3e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6a.pdf",
		SHA256:           "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		MediaType:        "application/pdf",
		Size:             48213,
		MedicationName:   "Wegovy",
		MedicationDosage: "2.4 mg",
		TextSource:       "pdf-text",
		Result: evidence.Result{
			Success: false,
			Data: evidence.Fields{
				PatientName:      valid,
				MedicationName:   valid,
				MedicationDosage: evidence.Rating{Value: evidence.Invalid, Confidence: evidence.Medium},
				MedicationDate:   valid,
				PharmacyName:     evidence.Rating{Value: evidence.NotFound, Confidence: evidence.Low},
			},
			Confidence: evidence.Medium,
			Note:       "The dosage on the prescription differs from the one given.",
		},
	}
	if err := store.Record(t.Context(), r); err != nil {
		t.Fatalf("Record: %v", err)
	}
	rating := func(v, c string) map[string]any { return map[string]any{"value": v, "confidence": c} }
	want := map[string]any{
		"id":               r.ID,
		"userId":           r.UserID,
		"createdAt":        "2026-11-21T10:04:05.123Z",
		"objectKey":        r.ObjectKey,
		"sha256":           r.SHA256,
		"mediaType":        "application/pdf",
		"size":             float64(48213),
		"expiresAt":        float64(time.Date(2026, 12, 21, 10, 4, 5, 0, time.UTC).Unix()),
		"medicationName":   "Wegovy",
		"medicationDosage": "2.4 mg",
		"textSource":       "pdf-text",
		"result": map[string]any{
			"success": false,
			"data": map[string]any{
				"patientName":      rating("valid", "high"),
				"medicationName":   rating("valid", "high"),
				"medicationDosage": rating("invalid", "medium"),
				"medicationDate":   rating("valid", "high"),
				"pharmacyName":     rating("not_found", "low"),
			},
			"confidence": "medium",
			"note":       "The dosage on the prescription differs from the one given.",
		},
	}
	var got map[string]any
	if err := attributevalue.UnmarshalMap(getItem(t, client, table, "id", r.ID), &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stored item (-want +got):\n%s", diff)
	}

}

// TestIdempotencyStoreItem: expiresAt is the table's TTL attribute, in
// epoch seconds (storetest.RunIdempotencyStore checks the rest).
func TestIdempotencyStoreItem(t *testing.T) {
	client := awstest.DynamoDB(t)
	table := awstest.CreateTable(t, client, "key")
	e := idempotency.Entry{
		Key:         "retry-key-1",
		RequestHash: idempotency.HashRequest([]byte(`{"email":"a@example.com"}`)),
		LeadID:      "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01",
		ExpiresAt:   time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC),
	}
	if err := (&dynamo.IdempotencyStore{Client: client, Table: table}).PutIfAbsent(t.Context(), e); err != nil {
		t.Fatalf("PutIfAbsent: %v", err)
	}
	want := map[string]any{"key": e.Key, "requestHash": e.RequestHash, "leadId": e.LeadID, "expiresAt": float64(1795428000)}
	var got map[string]any
	if err := attributevalue.UnmarshalMap(getItem(t, client, table, "key", e.Key), &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stored item (-want +got):\n%s", diff)
	}
}

func getItem(t *testing.T, client *dynamodb.Client, table, keyName, key string) map[string]types.AttributeValue {
	t.Helper()
	out, err := client.GetItem(t.Context(), &dynamodb.GetItemInput{
		TableName:      aws.String(table),
		Key:            map[string]types.AttributeValue{keyName: &types.AttributeValueMemberS{Value: key}},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		t.Fatalf("GetItem %s: %v", key, err)
	}
	if len(out.Item) == 0 {
		t.Fatalf("GetItem %s: no item", key)
	}
	return out.Item
}

// fakeAPI is a DynamoDB client that fails or answers as its fields say.
type fakeAPI struct {
	PutItemFn func(*dynamodb.PutItemInput) (*dynamodb.PutItemOutput, error)
	GetItemFn func(*dynamodb.GetItemInput) (*dynamodb.GetItemOutput, error)
}

func (f *fakeAPI) PutItem(_ context.Context, in *dynamodb.PutItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	return f.PutItemFn(in)
}

func (f *fakeAPI) GetItem(_ context.Context, in *dynamodb.GetItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	return f.GetItemFn(in)
}

func TestClientErrors(t *testing.T) {
	throttled := &types.ProvisionedThroughputExceededException{Message: aws.String("slow down")}
	exists := &types.ConditionalCheckFailedException{Message: aws.String("The conditional request failed")}
	failing := func(err error) *fakeAPI {
		return &fakeAPI{
			PutItemFn: func(*dynamodb.PutItemInput) (*dynamodb.PutItemOutput, error) { return nil, err },
			GetItemFn: func(*dynamodb.GetItemInput) (*dynamodb.GetItemOutput, error) { return nil, err },
		}
	}
	someLead := lead.Lead{ID: "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01", Email: "secret.testperson@example.com", Data: json.RawMessage(`{"surname":"Secret"}`)}
	someRecord := evidence.Record{ID: "3e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6a", MedicationName: "SecretMedicine"}
	someEntry := idempotency.Entry{Key: "secret-key", LeadID: "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01"}
	ops := map[string]func(api dynamo.API) error{
		"LeadStore.Put": func(api dynamo.API) error {
			return (&dynamo.LeadStore{Client: api, Table: "leads"}).Put(context.Background(), someLead)
		},
		"LeadStore.Get": func(api dynamo.API) error {
			_, err := (&dynamo.LeadStore{Client: api, Table: "leads"}).Get(context.Background(), someLead.ID)
			return err
		},
		"VerificationStore.Record": func(api dynamo.API) error {
			return (&dynamo.VerificationStore{Client: api, Table: "verifications"}).Record(context.Background(), someRecord)
		},
		"IdempotencyStore.Lookup": func(api dynamo.API) error {
			_, err := (&dynamo.IdempotencyStore{Client: api, Table: "idempotency"}).Lookup(context.Background(), someEntry.Key)
			return err
		},
		"IdempotencyStore.PutIfAbsent": func(api dynamo.API) error {
			return (&dynamo.IdempotencyStore{Client: api, Table: "idempotency"}).PutIfAbsent(context.Background(), someEntry)
		},
	}
	tests := []struct {
		name      string
		clientErr error
		op        string
		want      error
	}{
		{name: "throttled put lead", clientErr: throttled, op: "LeadStore.Put", want: derrors.ErrUnavailable},
		{name: "throttled get lead", clientErr: throttled, op: "LeadStore.Get", want: derrors.ErrUnavailable},
		{name: "throttled record", clientErr: throttled, op: "VerificationStore.Record", want: derrors.ErrUnavailable},
		{name: "throttled lookup", clientErr: throttled, op: "IdempotencyStore.Lookup", want: derrors.ErrUnavailable},
		{name: "throttled put entry", clientErr: throttled, op: "IdempotencyStore.PutIfAbsent", want: derrors.ErrUnavailable},
		{name: "cancelled get lead", clientErr: context.Canceled, op: "LeadStore.Get", want: context.Canceled},
		{name: "existing lead", clientErr: exists, op: "LeadStore.Put", want: derrors.ErrConflict},
		{name: "existing record", clientErr: exists, op: "VerificationStore.Record", want: derrors.ErrConflict},
		{name: "existing entry", clientErr: exists, op: "IdempotencyStore.PutIfAbsent", want: derrors.ErrConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ops[tt.op](failing(tt.clientErr))
			if !errors.Is(err, tt.want) {
				t.Fatalf("%s: err = %v, want %v", tt.op, err, tt.want)
			}
			if errors.Is(err, derrors.ErrConflict) == errors.Is(err, derrors.ErrUnavailable) {
				t.Errorf("%s: err = %v is both or neither of conflict and unavailable", tt.op, err)
			}
			if strings.Contains(err.Error(), "Secret") || strings.Contains(err.Error(), "secret") {
				t.Errorf("%s: error %q shows item contents", tt.op, err)
			}
		})
	}
}
