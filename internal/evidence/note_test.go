package evidence

import "testing"

func TestComposeNote(t *testing.T) {
	ok := finding{rating: Rating{Valid, High}}
	tests := []struct {
		name     string
		fields   [fieldCount]finding
		poorRead bool
		want     string
	}{
		{"success", [fieldCount]finding{ok, ok, ok, ok, ok}, false, "All five fields match the document."},
		{
			"wrong dose and no date",
			[fieldCount]finding{ok, ok,
				{rating: Rating{Invalid, High}, problem: "the document shows a different dose (5 mg) from the one requested (2.5 mg)"},
				{rating: Rating{NotFound, Medium}, missing: "the dispensing or prescription date"}, ok},
			false,
			"The document shows a different dose (5 mg) from the one requested (2.5 mg). The dispensing or prescription date could not be found.",
		},
		{
			"several missing on a poor read",
			[fieldCount]finding{{rating: Rating{NotFound, Low}, missing: "the patient name"}, ok, ok, ok, {rating: Rating{NotFound, Low}, missing: "the pharmacy name"}},
			true,
			"The patient name and the pharmacy name could not be found (a clearer photo or the PDF may help).",
		},
	}
	for _, tt := range tests {
		success := true
		for _, f := range tt.fields {
			success = success && f.rating.Value == Valid
		}
		if got := composeNote(tt.fields, success, tt.poorRead); got != tt.want {
			t.Errorf("%s: note = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestNothingReadNote pins the wording clients get when no field could be
// checked, written out here so an edit to the one home shows up.
func TestNothingReadNote(t *testing.T) {
	tests := []struct {
		why          readFailure
		patientKnown bool
		want         string
	}{
		{nothingLegible, true, "No text could be read from the document; ask the patient for a clearer photo or the PDF."},
		{nothingLegible, false, "No text could be read from the document; ask the patient for a clearer photo or the PDF. No lead has this user id."},
		{unreadable, true, "The document could not be read (it may be damaged, password-protected or blank), so no field could be checked. Ask the patient to upload a clear photo or the original PDF."},
		{unreadable, false, "The document could not be read (it may be damaged, password-protected or blank), so no field could be checked. Ask the patient to upload a clear photo or the original PDF. No lead has this user id, so the patient name could not be checked either."},
		{imageTooLarge, true, "The image is larger than this service reads, so no field could be checked. Ask the patient to upload it again as a JPEG photo, a screenshot or a PDF."},
	}
	for _, tt := range tests {
		if got := nothingReadNote(tt.why, tt.patientKnown); got != tt.want {
			t.Errorf("nothingReadNote(%v, patientKnown %v) =\n%q\nwant\n%q", tt.why, tt.patientKnown, got, tt.want)
		}
	}
}
