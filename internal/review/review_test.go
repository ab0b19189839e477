package review

import (
	"bytes"
	"context"
	"html"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/pdftext"
)

var created = time.Date(2026, 11, 21, 10, 4, 5, 123e6, time.UTC)

// twoPageLabel is a label on page 1 and notes with no field on page 2.
func twoPageLabel(t *testing.T) []byte {
	t.Helper()
	f := fpdf.New("P", "pt", "Letter", "")
	f.SetAutoPageBreak(false, 0)
	f.AddPage()
	f.SetFont("Helvetica", "B", 16)
	f.Text(60, 80, "Maple Ridge Pharmacy")
	f.SetFont("Helvetica", "", 12)
	f.Text(60, 110, "418 Cedar Ave, Springfield, IL 62704")
	f.Text(60, 160, "Patient: Dana Whitcombe")
	f.Text(60, 190, "Zepbound 5 mg/0.5 mL pen")
	f.Text(330, 190, "Filled: 11/11/2026")
	f.AddPage()
	f.SetFont("Helvetica", "", 12)
	f.Text(60, 80, "Counselling notes: inject weekly, keep refrigerated.")
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readPDF is what the text-layer reader reads from pdf.
func readPDF(t *testing.T, pdf []byte) evidence.Text {
	t.Helper()
	text, err := pdftext.Reader{}.Read(context.Background(), evidence.Document{Body: pdf, MediaType: "application/pdf"})
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// wordsBox is the union of the boxes of the given words read on page 1, in
// order, as the rating code makes a finding's box.
func wordsBox(t *testing.T, text evidence.Text, words ...string) *evidence.Box {
	t.Helper()
	var box evidence.Box
	found := 0
	for _, l := range text.Lines {
		for _, w := range l.Words {
			if l.Page == 1 && found < len(words) && w.Text == words[found] {
				box = box.Union(w.Box)
				found++
			}
		}
	}
	if found != len(words) {
		t.Fatalf("words %q not read on page 1", words)
	}
	return &box
}

// reviewed is a record of the two-page label as the service keeps it,
// with findings for four fields built from the words read, and a pharmacy
// found nowhere.
func reviewed(t *testing.T, text evidence.Text) evidence.Record {
	valid := evidence.Rating{Value: evidence.Valid, Confidence: evidence.High}
	return evidence.Record{
		ID: "9b2f4c1e-0d7a-4e5b-8c3f-1a2b3c4d5e6f", UserID: "3b241101-e2bb-4255-8caf-4136c566a962", CreatedAt: created,
		ObjectKey: "evidence/3b241101-e2bb-4255-8caf-4136c566a962/2026/11/21/9b2f4c1e-0d7a-4e5b-8c3f-1a2b3c4d5e6f.pdf",
		MediaType: "application/pdf", Size: 2048, MedicationName: "Zepbound", MedicationDosage: "10 mg", TextSource: text.Source,
		Result: evidence.Result{Data: evidence.Fields{
			PatientName: valid, MedicationName: valid, MedicationDate: valid,
			MedicationDosage: evidence.Rating{Value: evidence.Invalid, Confidence: evidence.High},
			PharmacyName:     evidence.Rating{Value: evidence.NotFound, Confidence: evidence.Low},
		}, Confidence: evidence.High, Note: "The document shows a different dose (5 mg) from the one requested (10 mg)."},
		Findings: &evidence.Findings{
			PatientName:      evidence.Finding{Rule: "exact-name", Page: 1, Box: wordsBox(t, text, "Dana", "Whitcombe"), Text: "dana whitcombe", Confidence: 1},
			MedicationName:   evidence.Finding{Rule: "brand-named", Page: 1, Box: wordsBox(t, text, "Zepbound"), Text: "zepbound", Confidence: 1},
			MedicationDosage: evidence.Finding{Rule: "other-dose", Page: 1, Box: wordsBox(t, text, "5", "mg/0.5"), Text: "5 mg", Confidence: 1},
			MedicationDate:   evidence.Finding{Rule: "recent-date", Page: 1, Box: wordsBox(t, text, "11/11/2026"), Text: "11/11/2026", Confidence: 1},
			PharmacyName:     evidence.Finding{Rule: "no-pharmacy"},
		},
		Reading: evidence.KeepReading(text),
	}
}

func render(t *testing.T, in Input) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Render(&buf, in); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestRenderShowsWhatTheRecordKeeps: verdicts, rule, request and lines,
// document text escaped, and what an old record or a missing file leaves
// out said so.
func TestRenderShowsWhatTheRecordKeeps(t *testing.T) {
	text := readPDF(t, twoPageLabel(t))
	rec := reviewed(t, text)
	rec.Reading.Lines = append(rec.Reading.Lines, evidence.LineRead{Text: `<script>alert("x")</script>`, Page: 2, Confidence: 0.5})
	got := render(t, Input{Record: rec, Patient: &lead.Patient{Forename: "Dana", Surname: "Whitcombe"}, FileNote: "The file is no longer stored."})
	for _, want := range []string{
		"Verification 9b2f4c1e-0d7a-4e5b-8c3f-1a2b3c4d5e6f", "Dana Whitcombe", "Zepbound", "10 mg",
		`<span class="verdict invalid">invalid</span>`, "<code>other-dose</code>", "The document shows a different dose",
		"Patient: Dana Whitcombe", "&lt;script&gt;", "The file is no longer stored.", "Health data",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(got, "<script>") {
		t.Error("document text reached the page unescaped")
	}

	old := rec
	old.Findings, old.Reading = nil, nil
	got = render(t, Input{Record: old})
	for _, want := range []string{"kept before verdicts kept what decided them", "does not keep the lines read", "no lead with this id"} {
		if !strings.Contains(got, want) {
			t.Errorf("an old record's page lacks %q", want)
		}
	}
}

// TestPageLoadsNothing: no URL in the page but its data: images, and a
// policy that allows nothing else.
func TestPageLoadsNothing(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm is not installed")
	}
	pdf := twoPageLabel(t)
	rec := reviewed(t, readPDF(t, pdf))
	images, note := NewPages().Of(context.Background(), evidence.Upload{Body: pdf, MediaType: "application/pdf"}, rec.Reading.Pages)
	if note != "" || len(images) != 2 {
		t.Fatalf("pages: %d, %q; want 2", len(images), note)
	}
	got := render(t, Input{Record: rec, Images: images})
	for _, attr := range []string{"src=", "href=", "url(", "@import", "http:", "https:"} {
		for rest := got; ; {
			i := strings.Index(rest, attr)
			if i < 0 {
				break
			}
			if !strings.HasPrefix(rest[i+len(attr):], `"data:image/jpeg;base64,`) {
				t.Errorf("the page refers to something outside it: %q", rest[i:min(len(rest), i+60)])
			}
			rest = rest[i+len(attr):]
		}
	}
	if !strings.Contains(html.UnescapeString(got), `content="default-src 'none'; img-src data:; style-src 'sha256-`) {
		t.Error("the page has no strict Content-Security-Policy")
	}
}
