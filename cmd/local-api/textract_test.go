package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/testing/textractstandin"
)

// TestTextractReaderOnTheLocalAPI: with TEXT_READER=textract the local API
// reads an image with the production reader, through a Textract stand-in
// on this machine that reads the upload where the local API staged it.
func TestTextractReaderOnTheLocalAPI(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	if err := os.MkdirAll(filepath.Join(dataDir, "evidence"), 0o700); err != nil {
		t.Fatal(err)
	}
	// A hand-written OCR: what is tested is the wiring, not the reading.
	box := func(top float64) evidence.Box { return evidence.Box{Left: 0.1, Top: top, Width: 0.5, Height: 0.03} }
	line := func(text string, top float64) evidence.Line {
		return evidence.Line{Text: text, Confidence: 0.97, Box: box(top)}
	}
	filled := time.Now().AddDate(0, 0, -5).Format("01/02/2006")
	page := textractstandin.Page{Lines: []evidence.Line{
		line("RIVERSIDE PHARMACY", 0.1),
		line("Patient: DANA WHITCOMBE", 0.2),
		line("Zepbound 5 mg/0.5 mL single-dose pen", 0.3),
		line("Filled: "+filled, 0.4),
	}}
	var mu sync.Mutex
	var keys []string
	dir := textractstandin.Dir{Root: filepath.Join(dataDir, "evidence")}
	s := textractstandin.New(ocrFunc(func(context.Context, *image.Gray) (textractstandin.Page, error) { return page, nil }),
		textractstandin.ObjectsFunc(func(ctx context.Context, bucket, key, version string) ([]byte, error) {
			mu.Lock()
			keys = append(keys, bucket+"/"+key)
			mu.Unlock()
			return dir.Object(ctx, bucket, key, version)
		}))
	url, stop, err := textractstandin.Serve(s, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)

	port := freePort(t)
	base := "http://127.0.0.1:" + port
	log, _ := startLocalAPI(t, map[string]string{"PORT": port, "DATA_DIR": dataDir, "MARKET": "us",
		"TEXT_READER": "textract", "AWS_ENDPOINT_URL_TEXTRACT": url}, base)
	if !strings.Contains(log.String(), `"text_reader":"textract"`) {
		t.Errorf("start-up line does not name the reader: %s", log)
	}
	resp, err := http.Post(base+"/external/v1/leads", "application/json",
		strings.NewReader(`{"email":"dana.whitcombe@example.com","data":{"forename":"Dana","surname":"Whitcombe"}}`))
	if err != nil {
		t.Fatal(err)
	}
	var lead struct{ ID string }
	json.NewDecoder(resp.Body).Decode(&lead)
	resp.Body.Close()

	var img bytes.Buffer
	png.Encode(&img, image.NewGray(image.Rect(0, 0, 80, 60)))
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("userId", lead.ID)
	mw.WriteField("medicationName", "Zepbound")
	mw.WriteField("medicationDosage", "5 mg")
	hdr := textproto.MIMEHeader{}
	hdr.Set("Content-Disposition", `form-data; name="file"; filename="label.png"`)
	hdr.Set("Content-Type", "image/png")
	fw, _ := mw.CreatePart(hdr)
	fw.Write(img.Bytes())
	mw.Close()
	resp, err = http.Post(base+"/external/v1/prescriptions/verify-evidence", mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var got struct {
		Data map[string]struct{ Value string } `json:"data"`
	}
	if err := json.Unmarshal(raw, &got); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("verify: %d %s", resp.StatusCode, raw)
	}
	for _, f := range []string{"patientName", "medicationName", "medicationDosage", "medicationDate", "pharmacyName"} {
		if got.Data[f].Value != "valid" {
			t.Errorf("%s = %q, want valid: %s", f, got.Data[f].Value, raw)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(keys) != 1 || !strings.HasPrefix(keys[0], localBucket+"/evidence/") {
		t.Errorf("stand-in read %v, want the one staged upload", keys)
	}
}

type ocrFunc func(context.Context, *image.Gray) (textractstandin.Page, error)

func (f ocrFunc) ReadPage(ctx context.Context, g *image.Gray) (textractstandin.Page, error) {
	return f(ctx, g)
}

// TestTextractReaderStaysLocal: the local API refuses a Textract endpoint
// that is not on this machine, or none, rather than send documents out.
func TestTextractReaderStaysLocal(t *testing.T) {
	for _, endpoint := range []string{"", "https://textract.us-east-1.amazonaws.com", "http://10.1.2.3:4599"} {
		env := map[string]string{"DATA_DIR": t.TempDir(), "PORT": freePort(t), "TEXT_READER": "textract", "AWS_ENDPOINT_URL_TEXTRACT": endpoint}
		err := run(t.Context(), func(k string) string { return env[k] }, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "AWS_ENDPOINT_URL_TEXTRACT") {
			t.Errorf("endpoint %q: run = %v, want a refusal naming AWS_ENDPOINT_URL_TEXTRACT", endpoint, err)
		}
	}
}
