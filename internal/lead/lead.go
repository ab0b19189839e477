// Package lead is the lead capture domain: the intake record, its validation
// and the storage contract. It imports no AWS or HTTP code.
package lead

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Lead is a stored lead. Data is the intake record exactly as the client sent
// it and validation accepted it (compact JSON object), so nothing the client
// sent is dropped or invented on the way back out.
type Lead struct {
	ID        string
	Email     string
	Data      json.RawMessage
	CreatedAt time.Time
	// IdempotencyKey is the Idempotency-Key of the request that created
	// the lead, if any: erasure removes the key's entry with the lead.
	IdempotencyKey string
}

// Intake decodes the typed view of the record, for code that needs a field
// (the patient's name, when verifying evidence).
func (l Lead) Intake() (Intake, error) {
	var in Intake
	if len(l.Data) == 0 {
		return in, nil
	}
	if err := json.Unmarshal(l.Data, &in); err != nil {
		return Intake{}, fmt.Errorf("decode intake of lead %s: %w", l.ID, err)
	}
	return in, nil
}

// Store persists leads. Put never overwrites: a lead whose id exists already
// fails with an error that wraps derrors.ErrConflict.
type Store interface {
	Put(ctx context.Context, l Lead) error
}

// Finder reads a lead by id; a missing id is an error wrapping
// derrors.ErrNotFound.
type Finder interface {
	Get(ctx context.Context, id string) (Lead, error)
}

// Payload is an accepted create-lead request body.
type Payload struct {
	Email string
	// Data is the compact JSON of the "data" object, or nil when the client
	// sent none (or sent null).
	Data json.RawMessage
}

// Intake is the typed intake record (CreateLeadPayload.data). Every field is
// optional; numbers are carried as text, as the interface specifies.
type Intake struct {
	Surname                                string                   `json:"surname,omitempty"`
	Forename                               string                   `json:"forename,omitempty"`
	Phone                                  string                   `json:"phone,omitempty"`
	Gender                                 string                   `json:"gender,omitempty"`
	Ethnicity                              string                   `json:"ethnicity,omitempty"`
	DateOfBirth                            string                   `json:"dateOfBirth,omitempty"`
	BillingAddress                         *Address                 `json:"billingAddress,omitempty"`
	ShippingAddress                        *Address                 `json:"shippingAddress,omitempty"`
	Height                                 *Height                  `json:"height,omitempty"`
	Weight                                 *Weight                  `json:"weight,omitempty"`
	GoalWeight                             *Weight                  `json:"goalWeight,omitempty"`
	PrescriptionMedication                 []PrescriptionMedication `json:"prescriptionMedication,omitempty"`
	Surgeries                              []Surgery                `json:"surgeries,omitempty"`
	WeightLossInjections                   *WeightLossInjection     `json:"weightLossInjections,omitempty"`
	AllergicReactionToWeightLossInjections *AllergicReaction        `json:"allergicReactionToWeightLossInjections,omitempty"`
	MedicalConditions                      []MedicalCondition       `json:"medicalConditions,omitempty"`
	HealthConditions                       []MedicalCondition       `json:"healthConditions,omitempty"`
	FamilyHistoryOfMedicalConditions       *FamilyHistory           `json:"familyHistoryOfMedicalConditions,omitempty"`
	AllergyToMedicationOrSupplement        string                   `json:"allergyToMedicationOrSupplement,omitempty"`
}

// Address is AddressDto.
type Address struct {
	AddressLine1 string `json:"addressLine1,omitempty"`
	AddressLine2 string `json:"addressLine2,omitempty"`
	City         string `json:"city,omitempty"`
	State        string `json:"state,omitempty"`
	Region       string `json:"region,omitempty"`
	ZipCode      string `json:"zipCode,omitempty"`
}

// Height is HeightDto.
type Height struct {
	Unit   string `json:"unit,omitempty"`
	Feet   string `json:"feet,omitempty"`
	Inches string `json:"inches,omitempty"`
	Cm     string `json:"cm,omitempty"`
}

// Weight is WeightDto.
type Weight struct {
	Unit   string `json:"unit,omitempty"`
	Kg     string `json:"kg,omitempty"`
	Stones string `json:"stones,omitempty"`
	Pounds string `json:"pounds,omitempty"`
}

// PrescriptionMedication is PrescriptionMedicationDto.
type PrescriptionMedication struct {
	Medication string `json:"medication,omitempty"`
	Reason     string `json:"reason,omitempty"`
}

// Surgery is SurgeryDto.
type Surgery struct {
	Value        string `json:"value,omitempty"`
	IntervalTime string `json:"intervalTime,omitempty"`
	Details      string `json:"details,omitempty"`
}

// WeightLossInjection is WeightLossInjectionDto.
type WeightLossInjection struct {
	DrugName               string `json:"drugName,omitempty"`
	Strength               string `json:"strength,omitempty"`
	WeightPriorToTreatment string `json:"weightPriorToTreatment,omitempty"`
}

// AllergicReaction is AllergicReactionDto.
type AllergicReaction struct {
	Description string `json:"description,omitempty"`
}

// MedicalCondition is MedicalConditionDto.
type MedicalCondition struct {
	Condition         string `json:"condition,omitempty"`
	Desc              string `json:"desc,omitempty"`
	KidneyDiseaseType string `json:"kidneyDiseaseType,omitempty"`
}

// FamilyHistory is FamilyHistoryDto.
type FamilyHistory struct {
	Value    string `json:"value,omitempty"`
	Relation string `json:"relation,omitempty"`
}
