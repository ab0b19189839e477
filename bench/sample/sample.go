// Package sample builds what the benchmarks send: verify-evidence uploads as
// API Gateway proxy events, and evidence documents
// (a one-page pharmacy label from internal/testing/corpus as a PDF with a text
// layer, a PNG scan and a phone photo, and a photo enlarged to the upload
// limit). Every person and pharmacy in them is invented.
package sample

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/aws/aws-lambda-go/events"
	xdraw "golang.org/x/image/draw"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/pdftext"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// UserID is the lead every sample upload is for.
const UserID = "5d0c2f8e-6a1b-4c3d-8e9f-0a1b2c3d4e5f"

// Document is one evidence file with what to send along with it.
type Document struct {
	Name             string
	File             []byte
	MediaType        string
	FileName         string
	MedicationName   string
	MedicationDosage string
	// Forename and Surname are the lead's, for a fake lead store.
	Forename, Surname string
	// Lines is the document's text as a reader gives it back, for a fake
	// Textract.
	Lines []string
	// Truth is each field's expected rating, in the interface's order
	// (patientName, medicationName, medicationDosage, medicationDate,
	// pharmacyName); nil when not known.
	Truth []string
}

// Documents is the same valid US pharmacy label in three forms.
type Documents struct {
	PDF, PNG, Photo Document
}

// Label generates the documents of corpus.Sample's case (a valid US
// pharmacy label) as a PDF, a clean PNG scan and a mild phone photo (the
// corpus's photo before issue 9, so figures compare with earlier runs).
func Label(now time.Time) (Documents, error) {
	c, err := corpus.Sample(now)
	if err != nil {
		return Documents{}, fmt.Errorf("sample label: %w", err)
	}
	var docs Documents
	for _, form := range []struct {
		condition string
		doc       *Document
	}{
		{corpus.ConditionPDF, &docs.PDF}, {corpus.ConditionClean, &docs.PNG}, {corpus.ConditionMildPhoto, &docs.Photo},
	} {
		k, err := corpus.SampleAs(now, form.condition)
		if err != nil {
			return Documents{}, fmt.Errorf("sample label: %w", err)
		}
		*form.doc = Document{
			Name: map[string]string{corpus.FormatPDF: "pdf", corpus.FormatPNG: "png", corpus.FormatJPEG: "photo"}[k.Format],
			File: k.File, MediaType: k.MediaType(), FileName: k.FileName(),
			MedicationName: k.MedicationName, MedicationDosage: k.MedicationDosage,
			Forename: k.Lead.Forename, Surname: k.Lead.Surname,
		}
	}
	if docs.PDF.File == nil || docs.PNG.File == nil || docs.Photo.File == nil {
		return Documents{}, fmt.Errorf("sample label: corpus case %s lacks a format", c.Name)
	}
	lines, err := textLines(docs.PDF)
	if err != nil {
		return Documents{}, err
	}
	docs.PDF.Lines, docs.PNG.Lines, docs.Photo.Lines = lines, lines, lines
	return docs, nil
}

// textLines is the PDF's text layer, which is also what OCR of its images
// should give back.
func textLines(doc Document) ([]string, error) {
	text, err := pdftext.Reader{}.Read(context.Background(), evidence.Document{Body: doc.File, MediaType: doc.MediaType})
	if err != nil {
		return nil, fmt.Errorf("sample label: read its text layer: %w", err)
	}
	lines := make([]string, 0, len(text.Lines))
	for _, l := range text.Lines {
		lines = append(lines, l.Text)
	}
	return lines, nil
}

// PDFOnly is the label as a PDF alone, for benchmarks that need no image
// (corpus.Sample renders only that one document).
func PDFOnly(now time.Time) (Document, error) {
	c, err := corpus.Sample(now)
	if err != nil {
		return Document{}, fmt.Errorf("sample label: %w", err)
	}
	return Document{
		Name: c.Format, File: c.File, MediaType: c.MediaType(), FileName: c.FileName(),
		MedicationName: c.MedicationName, MedicationDosage: c.MedicationDosage,
		Forename: c.Lead.Forename, Surname: c.Lead.Surname,
	}, nil
}

// HardSeed is the corpus seed of HardPhotos.
const HardSeed = 18

// HardPhotos are issue 18's hard photos (corpus.HardConditions: low light
// with glare, 12 MP, crumpled, a screen, 600 px; or only those conditions
// named) of three US layouts (a pharmacy label, an online order, a clinic
// letter): 15 photos, each its own lead and request, with its truth. The
// same now gives the same bytes.
func HardPhotos(now time.Time, conditions ...string) ([]Document, error) {
	if len(conditions) == 0 {
		conditions = corpus.HardConditions
	}
	cases, err := corpus.Generate(HardSeed, now, "us", corpus.Options{
		Layouts:    []string{corpus.LayoutUSLabel, corpus.LayoutOnlineOrder, corpus.LayoutClinicLetter},
		Conditions: conditions,
	})
	if err != nil {
		return nil, fmt.Errorf("hard photos: %w", err)
	}
	docs := make([]Document, 0, len(cases))
	for _, c := range cases {
		t := c.Truth
		docs = append(docs, Document{
			Name: c.Condition + " " + c.Layout, File: c.File, MediaType: c.MediaType(), FileName: c.FileName(),
			MedicationName: c.MedicationName, MedicationDosage: c.MedicationDosage,
			Forename: c.Lead.Forename, Surname: c.Lead.Surname,
			Truth: []string{string(t.PatientName), string(t.MedicationName), string(t.MedicationDosage), string(t.MedicationDate), string(t.PharmacyName)},
		})
	}
	return docs, nil
}

// enlargedMaxBytes keeps Enlarge's photo just under the 4,000,000-byte
// upload limit (EVIDENCE_FILE_LIMIT_BYTES in template.yaml).
const enlargedMaxBytes = 3_950_000

// Enlarge turns a phone photo into one the size a phone camera uploads:
// scaled to 4000 pixels wide (11 megapixels) with sensor noise, JPEG at
// quality 92, or at the highest quality below it that keeps
// it just under the upload limit. The result is deterministic.
func Enlarge(photo Document) (Document, error) {
	src, err := jpeg.Decode(bytes.NewReader(photo.File))
	if err != nil {
		return Document{}, fmt.Errorf("enlarge photo: %w", err)
	}
	const width = 4000
	height := width * src.Bounds().Dy() / src.Bounds().Dx()
	dst := image.NewRGBA(image.Rect(0, 0, width, height))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), xdraw.Src, nil)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range dst.Pix {
		if i%4 == 3 {
			continue
		}
		v := float64(dst.Pix[i]) + r.NormFloat64()*9
		dst.Pix[i] = uint8(max(0, min(255, v)))
	}
	// Quality 92, or less if that would not fit under the limit.
	var buf bytes.Buffer
	for quality := 92; ; quality-- {
		buf.Reset()
		if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: quality}); err != nil {
			return Document{}, fmt.Errorf("enlarge photo: %w", err)
		}
		if buf.Len() <= enlargedMaxBytes || quality <= 50 {
			break
		}
	}
	big := photo
	big.Name = "photo-4mb"
	big.File = buf.Bytes()
	return big, nil
}

// VerifyEvent is the REST proxy event API Gateway sends for an upload of
// doc: multipart/form-data is a binary media type, so the body is base64.
func VerifyEvent(doc Document) (events.APIGatewayProxyRequest, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, f := range [][2]string{{"userId", UserID}, {"medicationName", doc.MedicationName}, {"medicationDosage", doc.MedicationDosage}} {
		if err := mw.WriteField(f[0], f[1]); err != nil {
			return events.APIGatewayProxyRequest{}, err
		}
	}
	fw, err := mw.CreateFormFile("file", doc.FileName)
	if err != nil {
		return events.APIGatewayProxyRequest{}, err
	}
	if _, err := fw.Write(doc.File); err != nil {
		return events.APIGatewayProxyRequest{}, err
	}
	if err := mw.Close(); err != nil {
		return events.APIGatewayProxyRequest{}, err
	}
	return events.APIGatewayProxyRequest{
		Resource: "/external/v1/prescriptions/verify-evidence",
		Path:     "/external/v1/prescriptions/verify-evidence", HTTPMethod: http.MethodPost,
		Headers:           map[string]string{"Content-Type": mw.FormDataContentType()},
		MultiValueHeaders: map[string][]string{"Content-Type": {mw.FormDataContentType()}},
		Body:              base64.StdEncoding.EncodeToString(body.Bytes()), IsBase64Encoded: true,
		RequestContext: events.APIGatewayProxyRequestContext{RequestID: "bench-request", Stage: "live",
			HTTPMethod: http.MethodPost, ResourcePath: "/external/v1/prescriptions/verify-evidence"},
	}, nil
}

// LeadDataJSON is the intake record of the lead an upload is checked
// against, as create-lead stores it.
func LeadDataJSON(doc Document) string {
	b, _ := json.Marshal(map[string]string{"forename": doc.Forename, "surname": doc.Surname})
	return string(b)
}

// Turn is the photo as a phone saves it sideways or upside down: its pixels
// turned clockwise by degrees (90, 180 or 270), re-encoded at quality 92,
// with no orientation tag. Name gets "-rot<degrees>".
func Turn(photo Document, degrees int) (Document, error) {
	src, err := jpeg.Decode(bytes.NewReader(photo.File))
	if err != nil {
		return Document{}, fmt.Errorf("turn photo: %w", err)
	}
	dst := turned(src, degrees)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 92}); err != nil {
		return Document{}, fmt.Errorf("turn photo: %w", err)
	}
	out := photo
	out.Name = fmt.Sprintf("%s-rot%d", photo.Name, degrees)
	out.File = buf.Bytes()
	return out, nil
}

// WithEXIFOrientation is the photo stored sideways (pixels turned 90
// degrees anticlockwise) with EXIF orientation 6 (rotate 90 clockwise to
// display), as phone cameras save a portrait shot. Name gets "-exif6".
func WithEXIFOrientation(photo Document) (Document, error) {
	sideways, err := Turn(photo, 270)
	if err != nil {
		return Document{}, err
	}
	// An APP1 Exif segment with a big-endian TIFF header and one IFD entry:
	// Orientation (0x0112), SHORT, count 1, value 6.
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0}
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}
	file := append([]byte{0xFF, 0xD8}, seg...)
	file = append(file, payload...)
	file = append(file, sideways.File[2:]...) // after SOI
	out := photo
	out.Name = photo.Name + "-exif6"
	out.File = file
	return out, nil
}

// turned is src turned clockwise by degrees (90, 180 or 270).
func turned(src image.Image, degrees int) *image.RGBA {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if degrees == 90 || degrees == 270 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			c := src.At(b.Min.X+x, b.Min.Y+y)
			switch degrees {
			case 90:
				dst.Set(h-1-y, x, c)
			case 180:
				dst.Set(w-1-x, h-1-y, c)
			case 270:
				dst.Set(y, w-1-x, c)
			default:
				dst.Set(x, y, c)
			}
		}
	}
	return dst
}
