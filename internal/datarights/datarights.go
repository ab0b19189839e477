// Package datarights carries out a patient's rights of erasure and of access
// (UK GDPR articles 17 and 15): it finds every record held about a lead,
// by e-mail or by lead id, and removes or exports them. Each store it needs
// is a small interface implemented by the local (bbolt) and the AWS
// adapters, which all pass storetest.RunDataRights. It imports no AWS code.
package datarights

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/isotime"
	"github.com/clinicplatform/intake/internal/lead"
)

// Leads finds, reads and removes leads. LeadIDsByEmail matches the address
// as lead.EmailKey normalises it. Get of a missing id wraps
// derrors.ErrNotFound; DeleteLead of a missing id is not an error.
type Leads interface {
	LeadIDsByEmail(ctx context.Context, email string) ([]string, error)
	Get(ctx context.Context, id string) (lead.Lead, error)
	DeleteLead(ctx context.Context, id string) error
}

// Verifications lists one lead's verification records, oldest first, and
// removes them; DeleteVerification of a missing id is not an error.
type Verifications interface {
	VerificationsOf(ctx context.Context, leadID string) ([]evidence.Record, error)
	DeleteVerification(ctx context.Context, id string) error
}

// Keys removes an idempotency entry; a missing one is not an error.
type Keys interface {
	DeleteKey(ctx context.Context, key string) error
}

// Counters removes a lead's quota counters, every day's, and says how many
// there were.
type Counters interface {
	DeleteCounters(ctx context.Context, leadID string) (int, error)
}

// Evidence removes every stored version of every staged file whose key
// starts with prefix (delete markers included) and says how many versions
// it removed.
type Evidence interface {
	PurgeEvidence(ctx context.Context, prefix string) (int, error)
}

// Service erases and exports. Every store must be set.
type Service struct {
	Leads         Leads
	Verifications Verifications
	Keys          Keys
	Counters      Counters
	Evidence      Evidence
}

// Subject names whose data is asked for: an e-mail address (every lead
// created with it) or one lead id. Exactly one is set.
type Subject struct {
	Email  string
	LeadID string
}

// Receipt counts what an erasure removed. It holds no personal data, so it
// can be printed, logged and filed with the request.
type Receipt struct {
	Leads            int `json:"leads"`
	IdempotencyKeys  int `json:"idempotencyKeys"`
	Verifications    int `json:"verifications"`
	QuotaCounters    int `json:"quotaCounters"`
	EvidenceVersions int `json:"evidenceVersions"`
}

// ErrNoSubject: neither or both of e-mail and lead id were given.
var ErrNoSubject = errors.New("give exactly one of an e-mail address or a lead id")

// leadIDs are the lead ids the subject names. A lead id is taken as given,
// stored lead or not: uploads sent for an id that has no lead are that
// id's data too.
func (s *Service) leadIDs(ctx context.Context, subj Subject) ([]string, error) {
	switch {
	case (subj.Email == "") == (subj.LeadID == ""):
		return nil, ErrNoSubject
	case subj.LeadID != "":
		return []string{subj.LeadID}, nil
	}
	ids, err := s.Leads.LeadIDsByEmail(ctx, subj.Email)
	if err != nil {
		return nil, fmt.Errorf("find leads by e-mail: %w", err)
	}
	slices.Sort(ids)
	return slices.Compact(ids), nil
}

// Erase removes everything held about the subject and counts it. The lead
// goes last, so an erasure interrupted half way can be run again and finds
// the rest by the same e-mail.
func (s *Service) Erase(ctx context.Context, subj Subject) (Receipt, error) {
	ids, err := s.leadIDs(ctx, subj)
	if err != nil {
		return Receipt{}, err
	}
	var rc Receipt
	for _, id := range ids {
		if err := s.eraseLead(ctx, id, &rc); err != nil {
			return rc, err
		}
	}
	return rc, nil
}

func (s *Service) eraseLead(ctx context.Context, id string, rc *Receipt) error {
	records, err := s.Verifications.VerificationsOf(ctx, id)
	if err != nil {
		return fmt.Errorf("list verifications of %s: %w", id, err)
	}
	n, err := s.Evidence.PurgeEvidence(ctx, evidence.LeadPrefix(id))
	if err != nil {
		return fmt.Errorf("purge evidence of %s: %w", id, err)
	}
	rc.EvidenceVersions += n
	for _, r := range records {
		// Files staged before keys carried the lead's prefix.
		if r.ObjectKey != "" && !hasPrefix(r.ObjectKey, evidence.LeadPrefix(id)) {
			n, err := s.Evidence.PurgeEvidence(ctx, r.ObjectKey)
			if err != nil {
				return fmt.Errorf("purge evidence of verification %s: %w", r.ID, err)
			}
			rc.EvidenceVersions += n
		}
		if err := s.Verifications.DeleteVerification(ctx, r.ID); err != nil {
			return fmt.Errorf("delete verification %s: %w", r.ID, err)
		}
		rc.Verifications++
	}
	n, err = s.Counters.DeleteCounters(ctx, id)
	if err != nil {
		return fmt.Errorf("delete quota counters of %s: %w", id, err)
	}
	rc.QuotaCounters += n
	l, err := s.Leads.Get(ctx, id)
	switch {
	case errors.Is(err, derrors.ErrNotFound):
		return nil
	case err != nil:
		return fmt.Errorf("read lead %s: %w", id, err)
	}
	if l.IdempotencyKey != "" {
		if err := s.Keys.DeleteKey(ctx, l.IdempotencyKey); err != nil {
			return fmt.Errorf("delete idempotency key of %s: %w", id, err)
		}
		rc.IdempotencyKeys++
	}
	if err := s.Leads.DeleteLead(ctx, id); err != nil {
		return fmt.Errorf("delete lead %s: %w", id, err)
	}
	rc.Leads++
	return nil
}

func hasPrefix(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }

// Export is what is held about a subject, as JSON for the patient.
type Export struct {
	Leads []ExportedLead `json:"leads"`
}

// ExportedLead is one lead with the verifications asked for its id.
type ExportedLead struct {
	ID        string `json:"id"`
	Stored    bool   `json:"stored"`
	Email     string `json:"email,omitempty"`
	CreatedAt string `json:"createdAt,omitempty"`
	// IdempotencyKey is the key the client sent when creating the lead.
	IdempotencyKey string                 `json:"idempotencyKey,omitempty"`
	Data           any                    `json:"data,omitempty"`
	Verifications  []ExportedVerification `json:"verifications"`
}

// ExportedVerification is one verification record: what was sent (the
// staged file by key, digest and size), what the service answered, and
// what it read from the file and where each verdict rests on it (records
// kept before those have neither).
type ExportedVerification struct {
	ID               string             `json:"id"`
	CreatedAt        string             `json:"createdAt"`
	MedicationName   string             `json:"medicationName"`
	MedicationDosage string             `json:"medicationDosage"`
	File             ExportedFile       `json:"file"`
	TextSource       string             `json:"textSource"`
	Result           evidence.Result    `json:"result"`
	Findings         *evidence.Findings `json:"findings,omitempty"`
	Reading          *evidence.Reading  `json:"reading,omitempty"`
}

// ExportedFile describes a staged upload (the file itself is handed over
// separately, from the evidence store, when asked for).
type ExportedFile struct {
	Key       string `json:"key"`
	SHA256    string `json:"sha256"`
	MediaType string `json:"mediaType"`
	Size      int64  `json:"size"`
}

// Export gathers every lead the subject names with its verifications.
func (s *Service) Export(ctx context.Context, subj Subject) (Export, error) {
	ids, err := s.leadIDs(ctx, subj)
	if err != nil {
		return Export{}, err
	}
	out := Export{Leads: []ExportedLead{}}
	for _, id := range ids {
		el := ExportedLead{ID: id, Verifications: []ExportedVerification{}}
		l, err := s.Leads.Get(ctx, id)
		switch {
		case err == nil:
			el.Stored, el.Email, el.CreatedAt = true, l.Email, isotime.Format(l.CreatedAt)
			el.IdempotencyKey = l.IdempotencyKey
			if len(l.Data) > 0 {
				el.Data = rawJSON(l.Data)
			}
		case !errors.Is(err, derrors.ErrNotFound):
			return Export{}, fmt.Errorf("read lead %s: %w", id, err)
		}
		records, err := s.Verifications.VerificationsOf(ctx, id)
		if err != nil {
			return Export{}, fmt.Errorf("list verifications of %s: %w", id, err)
		}
		for _, r := range records {
			el.Verifications = append(el.Verifications, ExportedVerification{
				ID: r.ID, CreatedAt: isotime.Format(r.CreatedAt),
				MedicationName: r.MedicationName, MedicationDosage: r.MedicationDosage,
				File:       ExportedFile{Key: r.ObjectKey, SHA256: r.SHA256, MediaType: r.MediaType, Size: r.Size},
				TextSource: r.TextSource, Result: r.Result, Findings: r.Findings, Reading: r.Reading,
			})
		}
		if el.Stored || len(el.Verifications) > 0 {
			out.Leads = append(out.Leads, el)
		}
	}
	return out, nil
}

// rawJSON keeps a lead's intake record as the patient sent it.
type rawJSON []byte

func (r rawJSON) MarshalJSON() ([]byte, error) { return r, nil }
