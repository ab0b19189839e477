package evidence

import "testing"

// TestInvisibleLayerIsHeldAgainstTheImage: a PDF's invisible text layer
// over a page image (a scanner app's own OCR) is never believed; a field
// it reads otherwise than the image is not_found, with a note (issue 18).
func TestInvisibleLayerIsHeldAgainstTheImage(t *testing.T) {
	thiLan := Expected{PatientKnown: true, Forename: "Thi Lan", Surname: "Nguyen", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	image := []string{"Greenfield Pharmacy", "Patient: NGUYEN, THI LAN", "Wegovy 2.4mg/0.75ml FlexTouch pen", "Date dispensed: 13/11/2026"}
	with := func(image []string, layer ...string) Text {
		t := textOf(0.95, image...)
		t.Source = "tesseract"
		t.Unseen = textOf(1, layer...).Lines
		return t
	}
	replace := func(lines []string, i int, s string) []string {
		out := append([]string(nil), lines...)
		out[i] = s
		return out
	}
	tests := []struct {
		name       string
		text       Text
		patient    Rating
		patientHow string
		date       Rating
	}{
		{"the layer says what the image shows", with(image, image...), Rating{Valid, High}, "labelled-name", Rating{Valid, High}},
		{"the layer's OCR slips are no disagreement", with(image, replace(image, 1, "Patient: NGUYEN, THl LAN")...), Rating{Valid, High}, "labelled-name", Rating{Valid, High}},
		{"the layer reads another name", with(image, replace(image, 1, "Patient: NGUYEN, THI LAM")...), Rating{NotFound, Low}, "hidden-layer-disagrees", Rating{Valid, High}},
		{"the layer reads another date", with(image, replace(image, 3, "Date dispensed: 13/01/2026")...), Rating{Valid, High}, "labelled-name", Rating{NotFound, Low}},
		{"a layer that names the lead over another's label is not believed", with(replace(image, 1, "Patient: NGUYEN, VAN MINH"), image...),
			Rating{Invalid, Medium}, "labelled-other-name", Rating{Valid, High}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, f := Explain(tt.text, thiLan, Policy{Now: testNow, Market: "uk"})
			if r.Data.PatientName != tt.patient || f.PatientName.Rule != tt.patientHow || r.Data.MedicationDate != tt.date {
				t.Errorf("patient %v by %q, date %v; want %v by %q, date %v (note: %s)",
					r.Data.PatientName, f.PatientName.Rule, r.Data.MedicationDate, tt.patient, tt.patientHow, tt.date, r.Note)
			}
			if tt.patientHow == ruleHiddenLayer && r.Note != "The PDF's hidden text layer reads the patient name differently from the page image, so check it on the document by hand." {
				t.Errorf("note %q", r.Note)
			}
			assertNoPersonalData(t, r.Note, thiLan, tt.text)
		})
	}
}
