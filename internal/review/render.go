package review

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/isotime"
	"github.com/clinicplatform/intake/internal/lead"
)

// Input is what a review page shows.
type Input struct {
	Record evidence.Record
	// Patient is the lead's name; nil when no lead has the record's userId.
	Patient *lead.Patient
	// Images are the document's pages as the reader saw them; FileNote
	// says why there are none.
	Images   []Image
	FileNote string
}

var (
	//go:embed page.html.tmpl
	pageTemplate string
	//go:embed page.css
	pageCSS string

	page = template.Must(template.New("review").Parse(pageTemplate))
)

// Policy is the page's Content-Security-Policy: nothing may load but the
// data: images inside it and its own style sheet (by hash); no script, no
// form. The local API sends it as a header too, with frame-ancestors
// (which a meta element cannot set).
func Policy() string {
	sum := sha256.Sum256([]byte(pageCSS))
	return "default-src 'none'; img-src data:; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) +
		"'; base-uri 'none'; form-action 'none'"
}

// Render writes the review page of in to w.
func Render(w io.Writer, in Input) error {
	if err := page.Execute(w, view(in)); err != nil {
		return fmt.Errorf("render review page: %w", err)
	}
	return nil
}

// The fields, in the interface's order, with the names clinicians read.
var fieldNames = [...]struct{ name, label string }{
	{"patientName", "Patient name"},
	{"medicationName", "Medicine"},
	{"medicationDosage", "Dose"},
	{"medicationDate", "Date"},
	{"pharmacyName", "Pharmacy"},
}

func ratingsOf(f evidence.Fields) [5]evidence.Rating {
	return [5]evidence.Rating{f.PatientName, f.MedicationName, f.MedicationDosage, f.MedicationDate, f.PharmacyName}
}

func findingsOf(f evidence.Findings) [5]evidence.Finding {
	return [5]evidence.Finding{f.PatientName, f.MedicationName, f.MedicationDosage, f.MedicationDate, f.PharmacyName}
}

type pageView struct {
	Policy, ID, CreatedAt, UserID, Patient, Medicine, Dose, MediaType, Reader string
	Size                                                                      int64
	CSS                                                                       template.CSS
	Success                                                                   bool
	Confidence                                                                evidence.Confidence
	Note                                                                      string
	Explained                                                                 bool
	Fields                                                                    []fieldView
	FileNote                                                                  string
	Pages                                                                     []imageView
	Lines                                                                     []lineView
	LinesNote                                                                 string
}

type fieldView struct {
	Name, Label, Rule, Text, Where, ReadPercent string
	Verdict                                     evidence.Verdict
	Confidence                                  evidence.Confidence
}

type imageView struct {
	Number, Width, Height int
	Turned                string
	Image                 template.URL
	Boxes                 []boxView
}

type boxView struct {
	Field, Label string
	Verdict      evidence.Verdict
	// X, Y, W, H and LabelY are in the image's pixels (the SVG's viewBox).
	X, Y, W, H, LabelY string
}

type lineView struct {
	Page          int
	Text, Percent string
}

func view(in Input) pageView {
	r := in.Record
	v := pageView{
		Policy: Policy(), CSS: template.CSS(pageCSS),
		ID: r.ID, CreatedAt: isotime.Format(r.CreatedAt), UserID: r.UserID,
		Medicine: r.MedicationName, Dose: r.MedicationDosage, MediaType: r.MediaType, Size: r.Size, Reader: r.TextSource,
		Success: r.Result.Success, Confidence: r.Result.Confidence, Note: r.Result.Note,
		Explained: r.Findings != nil, FileNote: in.FileNote,
	}
	if in.Patient != nil {
		v.Patient = in.Patient.Forename + " " + in.Patient.Surname
	}
	ratings := ratingsOf(r.Result.Data)
	var findings [5]evidence.Finding
	if r.Findings != nil {
		findings = findingsOf(*r.Findings)
	}
	for i, img := range in.Images {
		iv := imageView{Number: i + 1, Width: img.Width, Height: img.Height,
			Image: template.URL("data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(img.JPEG))}
		if img.Turns != 0 {
			iv.Turned = []string{"", "a quarter turn clockwise", "half a turn", "a quarter turn anticlockwise"}[img.Turns%4]
		}
		v.Pages = append(v.Pages, iv)
	}
	for k, f := range findings {
		fv := fieldView{Name: fieldNames[k].name, Label: fieldNames[k].label, Verdict: ratings[k].Value,
			Confidence: ratings[k].Confidence, Rule: f.Rule, Text: f.Text}
		if f.Text != "" && f.Confidence > 0 {
			fv.ReadPercent = strconv.Itoa(int(math.Round(f.Confidence * 100)))
		}
		if f.Page > 0 {
			fv.Where = "page " + strconv.Itoa(f.Page)
		}
		if f.Box != nil && f.Page > 0 && f.Page <= len(v.Pages) {
			p := &v.Pages[f.Page-1]
			p.Boxes = append(p.Boxes, boxOn(fv, *f.Box, p.Width, p.Height))
			fv.Where += ", boxed"
		}
		v.Fields = append(v.Fields, fv)
	}
	if r.Reading != nil {
		for _, l := range r.Reading.Lines {
			v.Lines = append(v.Lines, lineView{Page: l.Page, Text: l.Text, Percent: strconv.Itoa(int(math.Round(l.Confidence * 100)))})
		}
		switch {
		case r.Reading.Omitted > 0:
			v.LinesNote = fmt.Sprintf("%d more lines were read than a record keeps.", r.Reading.Omitted)
		case len(r.Reading.Lines) == 0:
			v.LinesNote = "No line was read."
		}
	} else {
		v.LinesNote = "This record does not keep the lines read (nothing was read, or it was kept before records did)."
	}
	return v
}

// boxOn is a finding's box on a page image w by h pixels.
func boxOn(f fieldView, b evidence.Box, w, h int) boxView {
	px := func(v float64, side int) string { return strconv.FormatFloat(v*float64(side), 'f', 1, 64) }
	labelY := b.Top*float64(h) - 6
	if labelY < 20 {
		// No room above the box: the label goes under it.
		labelY = (b.Top+b.Height)*float64(h) + 22
	}
	return boxView{Field: f.Name, Label: f.Label, Verdict: f.Verdict,
		X: px(b.Left, w), Y: px(b.Top, h), W: px(b.Width, w), H: px(b.Height, h),
		LabelY: strconv.FormatFloat(labelY, 'f', 1, 64)}
}
