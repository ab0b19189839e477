package textractstandin

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"
	"github.com/go-pdf/fpdf"
	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/evidence"
	intaketextract "github.com/clinicplatform/intake/internal/textract"
)

// ocrFunc is a hand-written OCR engine for these tests: the stand-in's
// wire protocol and block shapes are what is tested, not the reading.
type ocrFunc func(ctx context.Context, page *image.Gray) (Page, error)

func (f ocrFunc) ReadPage(ctx context.Context, page *image.Gray) (Page, error) { return f(ctx, page) }

// fixed reads every page as p.
func fixed(p Page) ocrFunc {
	return func(context.Context, *image.Gray) (Page, error) { return p, nil }
}

// w is a word at (left, top) on the upright page, 0.02 high, 0.01 wide per letter.
func w(text string, left, top float64) evidence.Word {
	return evidence.Word{Text: text, Confidence: 0.95, Box: evidence.Box{Left: left, Top: top, Width: 0.01 * float64(len(text)), Height: 0.02}}
}

// ln is a line of words as an OCR engine gives it.
func ln(words ...evidence.Word) evidence.Line {
	l := evidence.Line{Words: words, Confidence: 0.95}
	var texts []string
	for _, w := range words {
		texts = append(texts, w.Text)
		l.Box = l.Box.Union(w.Box)
	}
	l.Text = strings.Join(texts, " ")
	return l
}

// label is a page as an engine reads it: a heading, a caption and its
// value far apart on one line, and two columns read one after the other.
var label = Page{Lines: []evidence.Line{
	ln(w("RIVERSIDE", 0.1, 0.1), w("PHARMACY", 0.2, 0.1)),
	ln(w("Patient:", 0.1, 0.2), w("JANE", 0.4, 0.2), w("DOE", 0.45, 0.2)),
	ln(w("Left", 0.1, 0.3), w("one", 0.15, 0.3)),
	ln(w("Left", 0.1, 0.34), w("two", 0.15, 0.34)),
	ln(w("Right", 0.6, 0.3), w("one", 0.66, 0.3)),
	ln(w("Right", 0.6, 0.34), w("two", 0.66, 0.34)),
}}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 60, 40))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// client is the real SDK client pointed at the stand-in over loopback,
// without retries so each call's answer is seen as sent.
func client(t *testing.T, s *Server) *textract.Client {
	t.Helper()
	srv := httptest.NewServer(s)
	t.Cleanup(func() {
		srv.Close()
		s.Close()
	})
	return textract.NewFromConfig(aws.Config{
		Region:           "us-east-1",
		Credentials:      credentials.NewStaticCredentialsProvider("standin", "standin", ""),
		BaseEndpoint:     aws.String(srv.URL),
		RetryMaxAttempts: 1,
	}, intaketextract.PlainRequestBody)
}

func lineTexts(blocks []types.Block) []string {
	var out []string
	for _, b := range blocks {
		if b.BlockType == types.BlockTypeLine {
			out = append(out, aws.ToString(b.Text))
		}
	}
	return out
}

func TestDetectDocumentTextShape(t *testing.T) {
	c := client(t, New(fixed(label), nil))
	out, err := c.DetectDocumentText(t.Context(), &textract.DetectDocumentTextInput{Document: &types.Document{Bytes: pngBytes(t)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := aws.ToInt32(out.DocumentMetadata.Pages); got != 1 {
		t.Errorf("Pages = %d, want 1", got)
	}
	if got := aws.ToString(out.DetectDocumentTextModelVersion); got != ModelVersion {
		t.Errorf("model version = %q", got)
	}
	// Textract's LINEs: the caption apart from its value, the columns
	// row by row.
	want := []string{"RIVERSIDE PHARMACY", "Patient:", "JANE DOE", "Left one", "Right one", "Left two", "Right two"}
	if diff := cmp.Diff(want, lineTexts(out.Blocks)); diff != "" {
		t.Errorf("LINEs (-want +got):\n%s", diff)
	}
	checkBlocks(t, out.Blocks, false)
}

// checkBlocks checks what every Textract response holds: PAGE, then LINEs,
// then WORDs; unique Ids; each LINE's CHILD words spell its text; the PAGE's
// children are the LINEs; confidences in percent; geometry within the page.
func checkBlocks(t *testing.T, blocks []types.Block, job bool) {
	t.Helper()
	byID := map[string]types.Block{}
	order := ""
	for _, b := range blocks {
		id := aws.ToString(b.Id)
		if _, dup := byID[id]; dup || id == "" {
			t.Fatalf("block id %q missing or repeated", id)
		}
		byID[id] = b
		order += string(b.BlockType[0])
		if job != (b.Page != nil) {
			t.Errorf("block %s: Page = %v, want one only in a job's results", id, b.Page)
		}
		g := b.Geometry
		if g == nil || g.BoundingBox == nil || len(g.Polygon) != 4 {
			t.Fatalf("block %s has no box or polygon", id)
		}
		for _, p := range g.Polygon {
			if p.X < 0 || p.X > 1 || p.Y < 0 || p.Y > 1 {
				t.Errorf("block %s: polygon point %v outside the page", id, p)
			}
		}
	}
	for _, page := range strings.Split(order, "P")[1:] {
		if strings.Contains(strings.TrimLeft(page, "L"), "L") || strings.Trim(page, "LW") != "" {
			t.Errorf("block order %q, want PAGE, LINEs, then WORDs per page", order)
		}
	}
	for _, b := range blocks {
		switch b.BlockType {
		case types.BlockTypePage:
			var lines int
			for _, rel := range b.Relationships {
				for _, id := range rel.Ids {
					if byID[id].BlockType != types.BlockTypeLine {
						t.Errorf("PAGE child %s is a %s", id, byID[id].BlockType)
					}
					lines++
				}
			}
			_ = lines
		case types.BlockTypeLine:
			var words []string
			for _, rel := range b.Relationships {
				if rel.Type != types.RelationshipTypeChild {
					t.Errorf("LINE relationship %s", rel.Type)
				}
				for _, id := range rel.Ids {
					wb := byID[id]
					if wb.BlockType != types.BlockTypeWord || wb.TextType != types.TextTypePrinted {
						t.Errorf("LINE child %s is a %s %s", id, wb.BlockType, wb.TextType)
					}
					if c := aws.ToFloat32(wb.Confidence); c <= 1 || c > 100 {
						t.Errorf("WORD confidence %v, want a percentage", c)
					}
					words = append(words, aws.ToString(wb.Text))
				}
			}
			if strings.Join(words, " ") != aws.ToString(b.Text) {
				t.Errorf("LINE %q has words %q", aws.ToString(b.Text), words)
			}
		}
	}
}

func TestDetectFromS3Object(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "evidence/2026"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "evidence/2026/a.png"), pngBytes(t), 0o600); err != nil {
		t.Fatal(err)
	}
	c := client(t, New(fixed(label), Dir{Bucket: "evidence-bucket", Root: dir}))
	out, err := c.DetectDocumentText(t.Context(), &textract.DetectDocumentTextInput{Document: &types.Document{
		S3Object: &types.S3Object{Bucket: aws.String("evidence-bucket"), Name: aws.String("evidence/2026/a.png")}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(lineTexts(out.Blocks)) != 7 {
		t.Errorf("read %d lines, want 7", len(lineTexts(out.Blocks)))
	}
	for _, o := range []types.S3Object{
		{Bucket: aws.String("other-bucket"), Name: aws.String("evidence/2026/a.png")},
		{Bucket: aws.String("evidence-bucket"), Name: aws.String("evidence/2026/missing.png")},
		{Bucket: aws.String("evidence-bucket"), Name: aws.String("../outside.png")},
	} {
		_, err := c.DetectDocumentText(t.Context(), &textract.DetectDocumentTextInput{Document: &types.Document{S3Object: &o}})
		var want *types.InvalidS3ObjectException
		if !errors.As(err, &want) {
			t.Errorf("%s/%s: err = %v, want InvalidS3ObjectException", aws.ToString(o.Bucket), aws.ToString(o.Name), err)
		}
	}
}

// pdf is a PDF of n pages of text.
func pdf(t *testing.T, n int) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "A5", "")
	f.SetFont("Helvetica", "", 14)
	for i := range n {
		f.AddPage()
		f.Text(20, 30, "Page "+string(rune('1'+i)))
	}
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// lockedPDF is a one-page PDF that opens only with a password.
func lockedPDF(t *testing.T) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "A5", "")
	f.SetProtection(fpdf.CnProtectPrint, "open-sesame", "owner")
	f.SetFont("Helvetica", "", 14)
	f.AddPage()
	f.Text(20, 30, "Patient: Jane Doe")
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func needPdftoppm(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftoppm is required under CI")
		}
		t.Skip("pdftoppm is not installed")
	}
}

// TestDetectRefuses: the documents Textract refuses come back as the
// SDK's typed errors.
func TestDetectRefuses(t *testing.T) {
	needPdftoppm(t)
	big := bytes.Repeat([]byte{0}, maxSyncBytes+1)
	copy(big, pngBytes(t))
	objects := ObjectsFunc(func(_ context.Context, _, key, _ string) ([]byte, error) {
		if key == "big.png" {
			return big, nil
		}
		return nil, ErrNoSuchObject
	})
	wide := func() []byte {
		var buf bytes.Buffer
		png.Encode(&buf, image.NewGray(image.Rect(0, 0, maxSide+1, 2)))
		return buf.Bytes()
	}()
	tests := []struct {
		name string
		doc  types.Document
		want error
	}{
		{"webp", types.Document{Bytes: []byte("RIFF\x10\x00\x00\x00WEBPVP8 ")}, &types.UnsupportedDocumentException{}},
		{"heic", types.Document{Bytes: []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00")}, &types.UnsupportedDocumentException{}},
		{"gif", types.Document{Bytes: []byte("GIF89a\x01\x00\x01\x00")}, &types.UnsupportedDocumentException{}},
		{"text", types.Document{Bytes: []byte("Patient: Jane Doe")}, &types.UnsupportedDocumentException{}},
		{"corrupt png", types.Document{Bytes: []byte("\x89PNG\r\n\x1a\ngarbage")}, &types.BadDocumentException{}},
		{"over 10000 pixels", types.Document{Bytes: wide}, &types.UnsupportedDocumentException{}},
		{"two-page pdf", types.Document{Bytes: pdf(t, 2)}, &types.UnsupportedDocumentException{}},
		{"corrupt pdf", types.Document{Bytes: []byte("%PDF-1.4\nnot a pdf")}, &types.BadDocumentException{}},
		{"password-protected pdf", types.Document{Bytes: lockedPDF(t)}, &types.UnsupportedDocumentException{}},
		{"over 10 MB", types.Document{S3Object: &types.S3Object{Bucket: aws.String("b"), Name: aws.String("big.png")}}, &types.DocumentTooLargeException{}},
		{"no object", types.Document{S3Object: &types.S3Object{Bucket: aws.String("b"), Name: aws.String("gone.png")}}, &types.InvalidS3ObjectException{}},
		{"both bytes and object", types.Document{Bytes: pngBytes(t), S3Object: &types.S3Object{Bucket: aws.String("b"), Name: aws.String("big.png")}}, &types.InvalidParameterException{}},
	}
	c := client(t, New(fixed(label), objects))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := c.DetectDocumentText(t.Context(), &textract.DetectDocumentTextInput{Document: &tt.doc})
			if err == nil || !sameType(err, tt.want) {
				t.Errorf("err = %v, want %T", err, tt.want)
			}
		})
	}
	// A one-page PDF is read.
	out, err := c.DetectDocumentText(t.Context(), &textract.DetectDocumentTextInput{Document: &types.Document{Bytes: pdf(t, 1)}})
	if err != nil || len(lineTexts(out.Blocks)) == 0 {
		t.Errorf("one-page PDF: %v", err)
	}
}

// sameType reports whether err holds an error of want's type.
func sameType(err, want error) bool {
	switch want.(type) {
	case *types.UnsupportedDocumentException:
		var e *types.UnsupportedDocumentException
		return errors.As(err, &e)
	case *types.BadDocumentException:
		var e *types.BadDocumentException
		return errors.As(err, &e)
	case *types.DocumentTooLargeException:
		var e *types.DocumentTooLargeException
		return errors.As(err, &e)
	case *types.InvalidS3ObjectException:
		var e *types.InvalidS3ObjectException
		return errors.As(err, &e)
	case *types.InvalidParameterException:
		var e *types.InvalidParameterException
		return errors.As(err, &e)
	case *types.ProvisionedThroughputExceededException:
		var e *types.ProvisionedThroughputExceededException
		return errors.As(err, &e)
	case *types.InvalidJobIdException:
		var e *types.InvalidJobIdException
		return errors.As(err, &e)
	case *types.IdempotentParameterMismatchException:
		var e *types.IdempotentParameterMismatchException
		return errors.As(err, &e)
	}
	return false
}

// TestThroughputExceeded: a call beyond MaxInFlight is refused as over the
// rate, which the SDK counts as throttling and retries.
func TestThroughputExceeded(t *testing.T) {
	reading, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	s := New(ocrFunc(func(ctx context.Context, _ *image.Gray) (Page, error) {
		once.Do(func() { close(reading) })
		<-release
		return label, nil
	}), nil)
	s.MaxInFlight = 1
	c := client(t, s)
	in := &textract.DetectDocumentTextInput{Document: &types.Document{Bytes: pngBytes(t)}}
	first := make(chan error, 1)
	go func() {
		_, err := c.DetectDocumentText(context.Background(), in)
		first <- err
	}()
	<-reading
	_, err := c.DetectDocumentText(t.Context(), in)
	if !sameType(err, &types.ProvisionedThroughputExceededException{}) {
		t.Errorf("second call: err = %v, want ProvisionedThroughputExceededException", err)
	}
	close(release)
	if err := <-first; err != nil {
		t.Errorf("first call: %v", err)
	}
	if _, err := c.DetectDocumentText(t.Context(), in); err != nil {
		t.Errorf("call after the first ended: %v", err)
	}
}

func TestJob(t *testing.T) {
	needPdftoppm(t)
	doc := pdf(t, 3)
	objects := ObjectsFunc(func(_ context.Context, bucket, key, _ string) ([]byte, error) {
		switch key {
		case "letter.pdf":
			return doc, nil
		case "broken.pdf":
			return []byte("%PDF-1.4\nbroken"), nil
		case "note.webp":
			return []byte("RIFF\x10\x00\x00\x00WEBPVP8 "), nil
		}
		return nil, ErrNoSuchObject
	})
	var pagesRead int
	var mu sync.Mutex
	c := client(t, New(ocrFunc(func(context.Context, *image.Gray) (Page, error) {
		mu.Lock()
		pagesRead++
		mu.Unlock()
		return label, nil
	}), objects))
	location := func(key string) *types.DocumentLocation {
		return &types.DocumentLocation{S3Object: &types.S3Object{Bucket: aws.String("b"), Name: aws.String(key)}}
	}
	start, err := c.StartDocumentTextDetection(t.Context(), &textract.StartDocumentTextDetectionInput{
		DocumentLocation: location("letter.pdf"), ClientRequestToken: aws.String("sha256-abc")})
	if err != nil {
		t.Fatal(err)
	}
	id := aws.ToString(start.JobId)
	if len(id) != 64 {
		t.Errorf("JobId %q, want 64 hex digits", id)
	}
	// The same token is the same job; with another document it is refused.
	again, err := c.StartDocumentTextDetection(t.Context(), &textract.StartDocumentTextDetectionInput{
		DocumentLocation: location("letter.pdf"), ClientRequestToken: aws.String("sha256-abc")})
	if err != nil || aws.ToString(again.JobId) != id {
		t.Errorf("same token: job %q, %v; want %q", aws.ToString(again.JobId), err, id)
	}
	_, err = c.StartDocumentTextDetection(t.Context(), &textract.StartDocumentTextDetectionInput{
		DocumentLocation: location("other.pdf"), ClientRequestToken: aws.String("sha256-abc")})
	if !sameType(err, &types.IdempotentParameterMismatchException{}) {
		t.Errorf("token reused for another document: %v", err)
	}

	get := func(next *string, max int32) *textract.GetDocumentTextDetectionOutput {
		t.Helper()
		in := &textract.GetDocumentTextDetectionInput{JobId: aws.String(id), NextToken: next}
		if max > 0 {
			in.MaxResults = aws.Int32(max)
		}
		out, err := c.GetDocumentTextDetection(t.Context(), in)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if out := get(nil, 0); out.JobStatus != types.JobStatusInProgress || len(out.Blocks) != 0 {
		t.Fatalf("first poll: %s with %d blocks, want IN_PROGRESS", out.JobStatus, len(out.Blocks))
	}
	var first *textract.GetDocumentTextDetectionOutput
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		first = get(nil, 10)
		if first.JobStatus != types.JobStatusInProgress || time.Now().After(deadline) {
			break
		}
	}
	if first.JobStatus != types.JobStatusSucceeded {
		t.Fatalf("job %s (%s)", first.JobStatus, aws.ToString(first.StatusMessage))
	}
	blocks := first.Blocks
	answers := 1
	for next := first.NextToken; next != nil; answers++ {
		out := get(next, 10)
		if aws.ToInt32(out.DocumentMetadata.Pages) != 3 {
			t.Errorf("Pages = %d, want 3", aws.ToInt32(out.DocumentMetadata.Pages))
		}
		if len(out.Blocks) > 10 {
			t.Errorf("%d blocks in an answer, want at most MaxResults 10", len(out.Blocks))
		}
		blocks = append(blocks, out.Blocks...)
		next = out.NextToken
	}
	// Three pages of 1 PAGE, 7 LINEs and 13 WORDs: 63 blocks in 7 answers.
	if len(blocks) != 63 || answers != 7 {
		t.Errorf("%d blocks in %d answers, want 63 in 7", len(blocks), answers)
	}
	checkBlocks(t, blocks, true)
	var pages []int32
	for _, b := range blocks {
		if b.BlockType == types.BlockTypePage {
			pages = append(pages, aws.ToInt32(b.Page))
		}
	}
	if !slices.Equal(pages, []int32{1, 2, 3}) || pagesRead != 3 {
		t.Errorf("pages %v, %d read; want 1, 2, 3", pages, pagesRead)
	}
	// All in one answer by default.
	if out := get(nil, 0); len(out.Blocks) != 63 || out.NextToken != nil {
		t.Errorf("default MaxResults: %d blocks, next %v", len(out.Blocks), out.NextToken)
	}

	_, err = c.GetDocumentTextDetection(t.Context(), &textract.GetDocumentTextDetectionInput{JobId: aws.String(strings.Repeat("0", 64))})
	if !sameType(err, &types.InvalidJobIdException{}) {
		t.Errorf("unknown job: %v", err)
	}
	_, err = c.StartDocumentTextDetection(t.Context(), &textract.StartDocumentTextDetectionInput{DocumentLocation: location("note.webp")})
	if !sameType(err, &types.UnsupportedDocumentException{}) {
		t.Errorf("job on a WebP image: %v", err)
	}
	_, err = c.StartDocumentTextDetection(t.Context(), &textract.StartDocumentTextDetectionInput{DocumentLocation: location("gone.pdf")})
	if !sameType(err, &types.InvalidS3ObjectException{}) {
		t.Errorf("job on a missing object: %v", err)
	}
	broken, err := c.StartDocumentTextDetection(t.Context(), &textract.StartDocumentTextDetectionInput{DocumentLocation: location("broken.pdf")})
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		out, err := c.GetDocumentTextDetection(t.Context(), &textract.GetDocumentTextDetectionInput{JobId: broken.JobId})
		if err != nil {
			t.Fatal(err)
		}
		if out.JobStatus == types.JobStatusFailed {
			if aws.ToString(out.StatusMessage) == "" {
				t.Error("failed job without a status message")
			}
			break
		}
		if out.JobStatus != types.JobStatusInProgress || time.Now().After(deadline) {
			t.Fatalf("job on a broken PDF: %s, want FAILED", out.JobStatus)
		}
	}
}

// TestReadOncePerPage: a caller that runs out of time waiting for a page
// leaves it being read, and asking again gets that reading; the engine
// reads each page once.
func TestReadOncePerPage(t *testing.T) {
	release := make(chan struct{})
	var mu sync.Mutex
	reads := 0
	c := client(t, New(ocrFunc(func(context.Context, *image.Gray) (Page, error) {
		mu.Lock()
		reads++
		mu.Unlock()
		<-release
		return label, nil
	}), nil))
	in := &textract.DetectDocumentTextInput{Document: &types.Document{Bytes: pngBytes(t)}}
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	if _, err := c.DetectDocumentText(ctx, in); err == nil {
		t.Fatal("a call that could not wait for its page succeeded")
	}
	close(release)
	out, err := c.DetectDocumentText(t.Context(), in)
	if err != nil || len(lineTexts(out.Blocks)) != 7 {
		t.Fatalf("asked again: %v", err)
	}
	if _, err := c.DetectDocumentText(t.Context(), in); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if reads != 1 {
		t.Errorf("the page was read %d times, want once", reads)
	}
}
