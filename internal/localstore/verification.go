package localstore

import (
	"context"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/isotime"
)

var _ evidence.Recorder = (*Store)(nil)

// recordValue is a verification record as stored under its id, with the
// attribute names of the DynamoDB table.
type recordValue struct {
	ID               string          `json:"id"`
	UserID           string          `json:"userId"`
	CreatedAt        string          `json:"createdAt"`
	ObjectKey        string          `json:"objectKey"`
	SHA256           string          `json:"sha256"`
	MediaType        string          `json:"mediaType"`
	Size             int64           `json:"size"`
	MedicationName   string          `json:"medicationName"`
	MedicationDosage string          `json:"medicationDosage"`
	TextSource       string          `json:"textSource"`
	Result           evidence.Result `json:"result"`
	// Findings and Reading are kept for review; records stored before
	// them have neither.
	Findings *evidence.Findings `json:"findings,omitempty"`
	Reading  *evidence.Reading  `json:"reading,omitempty"`
}

// Record writes r unless another record has its id (derrors.ErrConflict).
func (s *Store) Record(ctx context.Context, r evidence.Record) error {
	return s.putValue(ctx, verificationsBucket, "verification record", r.ID, recordValue{
		ID:               r.ID,
		UserID:           r.UserID,
		CreatedAt:        isotime.Format(r.CreatedAt),
		ObjectKey:        r.ObjectKey,
		SHA256:           r.SHA256,
		MediaType:        r.MediaType,
		Size:             r.Size,
		MedicationName:   r.MedicationName,
		MedicationDosage: r.MedicationDosage,
		TextSource:       r.TextSource,
		Result:           r.Result,
		Findings:         r.Findings,
		Reading:          r.Reading,
	})
}

// Verification reads the record with id; a missing one is
// derrors.ErrNotFound.
func (s *Store) Verification(ctx context.Context, id string) (evidence.Record, error) {
	var v recordValue
	createdAt, err := s.getValue(ctx, verificationsBucket, "verification record", id, &v, &v.CreatedAt)
	if err != nil {
		return evidence.Record{}, err
	}
	return evidence.Record{
		ID:               v.ID,
		UserID:           v.UserID,
		CreatedAt:        createdAt,
		ObjectKey:        v.ObjectKey,
		SHA256:           v.SHA256,
		MediaType:        v.MediaType,
		Size:             v.Size,
		MedicationName:   v.MedicationName,
		MedicationDosage: v.MedicationDosage,
		TextSource:       v.TextSource,
		Result:           v.Result,
		Findings:         v.Findings,
		Reading:          v.Reading,
	}, nil
}
