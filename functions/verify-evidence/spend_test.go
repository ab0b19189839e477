package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/pagecount"
	"github.com/clinicplatform/intake/internal/quota"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

// billingTextract stands in for Amazon Textract over the wire and counts
// the pages it would bill: it reads the staged object from the emulator's
// S3 and counts its pages with poppler's pdfinfo (a reader other than the
// service's own), as Textract counts what it reads. Synchronous calls on a
// PDF of several pages are refused, unbilled, as Textract refuses them.
type billingTextract struct {
	t      *testing.T
	s3     *s3.Client
	mu     sync.Mutex
	billed int
	calls  []string
	jobs   map[string]int // job id: pages
}

func (b *billingTextract) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Document         struct{ S3Object struct{ Bucket, Name string } }
		DocumentLocation struct{ S3Object struct{ Bucket, Name string } }
		JobId            string
	}
	raw, _ := io.ReadAll(r.Body)
	json.Unmarshal(raw, &in)
	target := strings.TrimPrefix(r.Header.Get("X-Amz-Target"), "Textract.")
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls = append(b.calls, target)
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	page := `{"BlockType":"LINE","Text":"Zepbound 5 mg","Confidence":99}`
	switch target {
	case "DetectDocumentText":
		pages := b.pages(in.Document.S3Object.Bucket, in.Document.S3Object.Name)
		if pages > 1 {
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"__type":"UnsupportedDocumentException","Message":"Request has unsupported document format"}`)
			return
		}
		b.billed += pages
		fmt.Fprintf(w, `{"DocumentMetadata":{"Pages":%d},"Blocks":[%s]}`, pages, page)
	case "StartDocumentTextDetection":
		pages := b.pages(in.DocumentLocation.S3Object.Bucket, in.DocumentLocation.S3Object.Name)
		b.billed += pages
		id := fmt.Sprintf("job-%d", len(b.jobs)+1)
		b.jobs[id] = pages
		fmt.Fprintf(w, `{"JobId":%q}`, id)
	case "GetDocumentTextDetection":
		fmt.Fprintf(w, `{"JobStatus":"SUCCEEDED","DocumentMetadata":{"Pages":%d},"Blocks":[%s]}`, b.jobs[in.JobId], page)
	default:
		b.t.Errorf("unexpected Textract call %s", target)
		w.WriteHeader(http.StatusBadRequest)
	}
}

// pages counts the staged object's pages as a reader other than ours does.
func (b *billingTextract) pages(bucket, key string) int {
	obj, err := b.s3.GetObject(b.t.Context(), &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		b.t.Errorf("Textract could not read s3://%s/%s: %v", bucket, key, err)
		return 0
	}
	defer obj.Body.Close()
	body, _ := io.ReadAll(obj.Body)
	if !bytes.HasPrefix(body, []byte("%PDF")) {
		return 1
	}
	path := filepath.Join(b.t.TempDir(), "doc.pdf")
	os.WriteFile(path, body, 0o600)
	out, err := exec.Command("pdfinfo", path).Output()
	if m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(out); err == nil && m != nil {
		n, _ := strconv.Atoi(string(m[1]))
		return n
	}
	n, err := pagecount.Counter{}.CountPages(b.t.Context(), evidence.Document{MediaType: evidence.PDF, Body: body}, 1_000_000)
	if err != nil {
		b.t.Errorf("count pages: %v", err)
	}
	return n
}

// imageOnlyPDF is a PDF of n pages, each showing one small grey image and
// no text: a scan, which only OCR reads.
func imageOnlyPDF(n int) []byte {
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "",
		"<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n\x80\x80\x80\x80\nendstream",
		"<< /Length 32 >>\nstream\nq 612 0 0 792 0 0 cm /Im1 Do Q\nendstream"}
	kids := make([]string, n)
	for i := range n {
		kids[i] = fmt.Sprintf("%d 0 R", len(objs)+1)
		objs = append(objs, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 3 0 R >> >> >>")
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n)
	return hostile.PDFFile(objs)
}

func pngImage(t *testing.T) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	img.Set(3, 3, color.Black)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestSpendAgainstEmulator runs the function as deployed (TEXT_READER
// textract) against DynamoDB and S3 in the emulator and a Textract that
// counts the pages it would bill (issue 19's bars):
//   - a 3,000-page image-only PDF costs no Textract page (over the page cap:
//     400 before anything is staged or read), a 5-page one 5;
//   - the stack's daily page allowance is taken before reading: past it the
//     answer is 503 with Retry-After, and Textract is not called;
//   - a userId no lead has costs nothing at all.
func TestSpendAgainstEmulator(t *testing.T) {
	endpoint := awstest.Endpoint(t)
	db, s3c := awstest.DynamoDB(t), awstest.S3(t)
	leads, verifications := awstest.CreateTable(t, db, "id"), awstest.CreateTable(t, db, "id")
	bucket := awstest.CreateBucket(t, s3c)
	quotaTable := awstest.CreateTableFrom(t, db, &dynamodb.CreateTableInput{
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("leadId"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("day"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("leadId"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("day"), KeyType: types.KeyTypeRange},
		},
	})
	tx := &billingTextract{t: t, s3: s3c, jobs: map[string]int{}}
	srv := httptest.NewServer(tx)
	t.Cleanup(srv.Close)
	env := map[string]string{"LEADS_TABLE": leads, "VERIFICATIONS_TABLE": verifications, "QUOTA_TABLE": quotaTable,
		"EVIDENCE_BUCKET": bucket, "TEXT_READER": "textract", "MARKET": "uk",
		"AWS_ENDPOINT_URL_TEXTRACT": srv.URL, "TEXT_READER_PAGES_PER_DAY": "7"}
	h, err := newHandler(t.Context(), awstest.LambdaEnv(endpoint, env), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	const userID = "2f1d7c9e-8b6a-4c3d-9e2f-1a0b9c8d7e6f"
	if err := (&dynamo.LeadStore{Client: db, Table: leads}).Put(t.Context(), lead.Lead{ID: userID, Email: "p@example.com",
		Data: json.RawMessage(`{"forename":"Dana","surname":"Whitcombe"}`), CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	staged := func() int {
		out, err := s3c.ListObjectsV2(t.Context(), &s3.ListObjectsV2Input{Bucket: aws.String(bucket)})
		if err != nil {
			t.Fatal(err)
		}
		return len(out.Contents)
	}
	upload := func(userID string, doc []byte) (int, string, map[string][]string) {
		t.Helper()
		resp, err := lambdahttp.Handler(h)(t.Context(), multipartEvent(t, userID, doc))
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, resp.Body, resp.MultiValueHeaders
	}

	// 20 ids no lead has: answered, nothing staged or read.
	for i := range 20 {
		id := fmt.Sprintf("7c0e5a3b-1d2f-4a6b-8c9d-%012d", i)
		if code, body, _ := upload(id, imageOnlyPDF(1)); code != http.StatusOK || !strings.Contains(body, "No lead has this user id") {
			t.Fatalf("no lead: %d %s", code, body)
		}
	}
	if staged() != 0 || tx.billed != 0 || len(tx.calls) != 0 {
		t.Errorf("for ids no lead has: %d staged, %d pages billed, Textract calls %v; want none", staged(), tx.billed, tx.calls)
	}

	code, body, _ := upload(userID, imageOnlyPDF(3000))
	if code != http.StatusBadRequest || !strings.Contains(body, "more than 5 pages") {
		t.Errorf("3,000-page PDF: %d %s, want 400 over the page cap", code, body)
	}
	if staged() != 0 || tx.billed != 0 {
		t.Errorf("3,000-page PDF: %d staged, %d pages billed; want none", staged(), tx.billed)
	}

	if code, body, _ := upload(userID, imageOnlyPDF(5)); code != http.StatusOK {
		t.Fatalf("5-page image-only PDF: %d %s", code, body)
	}
	if tx.billed != 5 || !strings.Contains(strings.Join(tx.calls, " "), "StartDocumentTextDetection") {
		t.Errorf("5-page PDF: %d pages billed (calls %v), want 5 through one job", tx.billed, tx.calls)
	}
	for range 2 { // a page each: the allowance of 7 is used up
		if code, body, _ := upload(userID, pngImage(t)); code != http.StatusOK {
			t.Fatalf("photo: %d %s", code, body)
		}
	}
	calls := len(tx.calls)
	code, body, header := upload(userID, pngImage(t))
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "allowance of pages read for today") {
		t.Fatalf("past the day's pages: %d %s, want 503", code, body)
	}
	secs, err := strconv.Atoi(strings.Join(header["Retry-After"], ""))
	if err != nil || secs < 1 || secs > 86400 {
		t.Errorf("Retry-After = %v, want the seconds to midnight UTC", header["Retry-After"])
	}
	if len(tx.calls) != calls || tx.billed != 7 {
		t.Errorf("past the day's pages Textract was called (%v), %d pages billed; want 7 and no call", tx.calls[calls:], tx.billed)
	}
	if staged() != 3 {
		t.Errorf("%d objects staged, want 3 (nothing once the allowance is spent)", staged())
	}
	counter, err := (&dynamo.QuotaStore{Client: db, Table: quotaTable}).Used(t.Context(), quota.SubjectTextReaderPages, quota.Day(time.Now()))
	if err != nil || counter != 7 {
		t.Errorf("the day's page counter in DynamoDB = %d, %v; want 7", counter, err)
	}
}
