package textractstandin

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// recorded is internal/textract's recorded responses, in Textract's shape.
const recorded = "../../textract/testdata"

// call posts a request to the stand-in as the SDK sends it and returns the
// raw answer.
func call(t *testing.T, s *Server, target string, body any) (int, []byte) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(string(b)))
	req.Header.Set("X-Amz-Target", "Textract."+target)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential=standin/20261121/us-east-1/textract/aws4_request, SignedHeaders=host, Signature=0")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if ct := rec.Header().Get("Content-Type"); ct != contentType {
		t.Errorf("%s: Content-Type %q", target, ct)
	}
	if rec.Header().Get("x-amzn-RequestId") == "" {
		t.Errorf("%s: no x-amzn-RequestId", target)
	}
	return rec.Code, rec.Body.Bytes()
}

// shape is the set of member paths a response uses, by block type
// ("LINE Geometry.Polygon[].X"); values are left out.
func shape(t *testing.T, raw []byte) map[string]bool {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(prefix+"."+k, x)
			}
		case []any:
			for _, x := range v {
				walk(prefix+"[]", x)
			}
		default:
			out[strings.TrimPrefix(prefix, ".")] = true
		}
	}
	for k, x := range v {
		if k != "Blocks" {
			walk(k, x)
			continue
		}
		for _, b := range x.([]any) {
			block := b.(map[string]any)
			for bk, bx := range block {
				walk(block["BlockType"].(string)+" "+bk, bx)
			}
		}
	}
	return out
}

// TestShapeMatchesRecorded: the stand-in's answers use the members the
// recorded Textract responses use, no more and no fewer, block type by
// block type (a DetectDocumentText answer; a job's first answer, in
// progress; a job's page of results).
func TestShapeMatchesRecorded(t *testing.T) {
	needPdftoppm(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "label.png"), pngBytes(t), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "letter.pdf"), pdf(t, 2), 0o600); err != nil {
		t.Fatal(err)
	}
	s := New(fixed(label), Dir{Root: dir})
	defer s.Close()
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(recorded, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	compare := func(what string, want, got []byte) {
		t.Helper()
		if diff := cmp.Diff(slices.Sorted(maps.Keys(shape(t, want))), slices.Sorted(maps.Keys(shape(t, got)))); diff != "" {
			t.Errorf("%s: members (-recorded +stand-in):\n%s", what, diff)
		}
	}

	code, got := call(t, s, "DetectDocumentText", map[string]any{"Document": map[string]any{"S3Object": map[string]string{"Bucket": "b", "Name": "label.png"}}})
	if code != http.StatusOK {
		t.Fatalf("DetectDocumentText: %d %s", code, got)
	}
	compare("DetectDocumentText", read("us_pharmacy_label.json"), got)

	code, got = call(t, s, "StartDocumentTextDetection", map[string]any{"DocumentLocation": map[string]any{"S3Object": map[string]string{"Bucket": "b", "Name": "letter.pdf"}}})
	if code != http.StatusOK {
		t.Fatalf("StartDocumentTextDetection: %d %s", code, got)
	}
	compare("StartDocumentTextDetection", read("letter_two_pages.start.json"), got)
	var start struct{ JobId string }
	json.Unmarshal(got, &start)
	_, got = call(t, s, "GetDocumentTextDetection", map[string]any{"JobId": start.JobId})
	compare("GetDocumentTextDetection in progress", read("letter_two_pages.get_0.json"), got)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		_, got = call(t, s, "GetDocumentTextDetection", map[string]any{"JobId": start.JobId, "MaxResults": 20})
		if !strings.Contains(string(got), "IN_PROGRESS") || time.Now().After(deadline) {
			break
		}
	}
	compare("GetDocumentTextDetection", read("letter_two_pages.get_1.json"), got)

	code, got = call(t, s, "DetectDocumentText", map[string]any{"Document": map[string]any{"Bytes": []byte("GIF89a")}})
	var e map[string]string
	if err := json.Unmarshal(got, &e); err != nil || code != http.StatusBadRequest || e["__type"] != "UnsupportedDocumentException" || e["Message"] == "" {
		t.Errorf("refusal: %d %s, want 400 with __type and Message", code, got)
	}
}
