package main

import (
	"context"
	"testing"

	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/s3store"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// stackLeads writes leads as create-lead does and finds them as erasure does.
type stackLeads struct {
	*dynamo.DataRights
	store *dynamo.LeadStore
}

func (s stackLeads) Put(ctx context.Context, l lead.Lead) error { return s.store.Put(ctx, l) }

// stackEvidence stages as verify-evidence does and purges as erasure does.
type stackEvidence struct {
	*s3store.Stager
	*s3store.Purger
}

// TestStackStoresConformance: the AWS stores erasure and access use pass
// the data-rights suite localstore passes, on tables and a versioned bucket
// shaped as the template makes them.
func TestStackStoresConformance(t *testing.T) {
	dbc, s3c := awstest.DynamoDB(t), awstest.S3(t)
	storetest.RunDataRights(t, func(t *testing.T) storetest.DataRights {
		st := createStackTables(t, dbc, s3c)
		rights := &dynamo.DataRights{Client: dbc, LeadsTable: st.leads, VerificationsTable: st.verifications,
			IdempotencyTable: st.keys, QuotaTable: st.quota}
		return storetest.DataRights{
			Leads: stackLeads{rights, &dynamo.LeadStore{Client: dbc, Table: st.leads}},
			Verifications: struct {
				*dynamo.VerificationStore
				*dynamo.DataRights
			}{&dynamo.VerificationStore{Client: dbc, Table: st.verifications}, rights},
			Keys: struct {
				*dynamo.IdempotencyStore
				*dynamo.DataRights
			}{&dynamo.IdempotencyStore{Client: dbc, Table: st.keys}, rights},
			Counters: struct {
				*dynamo.QuotaStore
				*dynamo.DataRights
			}{&dynamo.QuotaStore{Client: dbc, Table: st.quota}, rights},
			Evidence: stackEvidence{&s3store.Stager{Client: s3c, Bucket: st.bucket}, &s3store.Purger{Client: s3c, Bucket: st.bucket}},
		}
	})
}
