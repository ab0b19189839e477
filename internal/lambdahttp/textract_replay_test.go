package lambdahttp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/aws-sdk-go-v2/service/textract/types"
	_ "golang.org/x/image/tiff"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/imagebudget"
	"github.com/clinicplatform/intake/internal/imageprep"
	"github.com/clinicplatform/intake/internal/lambdahttp"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/pagecount"
	"github.com/clinicplatform/intake/internal/pdftext"
	"github.com/clinicplatform/intake/internal/protocol"
	textractreader "github.com/clinicplatform/intake/internal/textract"
)

// recordingTextract stands in for Amazon Textract's synchronous text
// detection as the deployed reader calls it: it refuses what Textract
// refuses (a type other than JPEG, PNG, PDF and TIFF; a PDF or TIFF of
// more than one page; over 10 MB; an image over 10,000 pixels a side),
// records what it was sent, and answers with the sample label's lines for
// a page that shows anything and nothing for a blank one.
type recordingTextract struct {
	staged func(key string) ([]byte, error)
	label  []string

	mu   sync.Mutex
	sent []string // the type of each document it accepted
}

func (f *recordingTextract) DetectDocumentText(ctx context.Context, in *textract.DetectDocumentTextInput, _ ...func(*textract.Options)) (*textract.DetectDocumentTextOutput, error) {
	body := in.Document.Bytes
	if o := in.Document.S3Object; o != nil {
		b, err := f.staged(aws.ToString(o.Name))
		if err != nil {
			return nil, &types.InvalidS3ObjectException{Message: aws.String(err.Error())}
		}
		body = b
	}
	unsupported := func(why string) error {
		return &types.UnsupportedDocumentException{Message: aws.String(why)}
	}
	if len(body) > 10_000_000 {
		return nil, &types.DocumentTooLargeException{Message: aws.String("over 10 MB")}
	}
	kind := ""
	switch {
	case bytes.HasPrefix(body, []byte{0xFF, 0xD8, 0xFF}):
		kind = "jpeg"
	case bytes.HasPrefix(body, []byte("\x89PNG\r\n\x1a\n")):
		kind = "png"
	case bytes.HasPrefix(body, []byte("II*\x00")), bytes.HasPrefix(body, []byte("MM\x00*")):
		kind = "tiff"
		if n, err := pagecount.TIFFPages(body, 1); err != nil || n != 1 {
			return nil, unsupported("a TIFF of more than one page")
		}
	case bytes.HasPrefix(body, []byte("%PDF-")):
		kind = "pdf"
		if n, err := pdftext.CountPages(ctx, body, 1); err != nil || n != 1 {
			return nil, unsupported("a PDF of more than one page")
		}
	default:
		return nil, unsupported(fmt.Sprintf("unsupported document format (%.8q)", body))
	}
	blank := false
	if kind != "pdf" {
		cfg, _, err := image.DecodeConfig(bytes.NewReader(body))
		if err != nil {
			return nil, &types.BadDocumentException{Message: aws.String(err.Error())}
		}
		if cfg.Width > 10_000 || cfg.Height > 10_000 {
			return nil, unsupported("over 10,000 pixels a side")
		}
		g, err := imageprep.Decode(body)
		if err != nil {
			return nil, &types.BadDocumentException{Message: aws.String(err.Error())}
		}
		blank = inkShare(g) < 0.005
	}
	f.mu.Lock()
	f.sent = append(f.sent, kind)
	f.mu.Unlock()
	out := &textract.DetectDocumentTextOutput{DocumentMetadata: &types.DocumentMetadata{Pages: aws.Int32(1)}}
	if !blank {
		out.Blocks = labelBlocks(f.label)
	}
	return out, nil
}

func (f *recordingTextract) StartDocumentTextDetection(context.Context, *textract.StartDocumentTextDetectionInput, ...func(*textract.Options)) (*textract.StartDocumentTextDetectionOutput, error) {
	return nil, fmt.Errorf("no document of these tests has several pages to read")
}

func (f *recordingTextract) GetDocumentTextDetection(context.Context, *textract.GetDocumentTextDetectionInput, ...func(*textract.Options)) (*textract.GetDocumentTextDetectionOutput, error) {
	return nil, fmt.Errorf("no job was started")
}

// labelBlocks are LINE and WORD blocks for lines, one under another.
func labelBlocks(lines []string) []types.Block {
	var blocks []types.Block
	box := func(l, t, w, h float32) *types.Geometry {
		return &types.Geometry{BoundingBox: &types.BoundingBox{Left: l, Top: t, Width: w, Height: h}}
	}
	for i, line := range lines {
		top := 0.05 + 0.06*float32(i)
		words := strings.Fields(line)
		var ids []string
		x := float32(0.05)
		for j, w := range words {
			id := fmt.Sprintf("w%d-%d", i, j)
			width := 0.012 * float32(len([]rune(w)))
			blocks = append(blocks, types.Block{BlockType: types.BlockTypeWord, Id: aws.String(id), Text: aws.String(w),
				Confidence: aws.Float32(99), Geometry: box(x, top, width, 0.03)})
			ids = append(ids, id)
			x += width + 0.01
		}
		blocks = append(blocks, types.Block{BlockType: types.BlockTypeLine, Id: aws.String(fmt.Sprintf("l%d", i)), Text: aws.String(line),
			Confidence: aws.Float32(99), Geometry: box(0.05, top, x-0.06, 0.03),
			Relationships: []types.Relationship{{Type: types.RelationshipTypeChild, Ids: ids}}})
	}
	return blocks
}

func inkShare(g *image.Gray) float64 {
	dark := 0
	for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
		for x := g.Rect.Min.X; x < g.Rect.Max.X; x++ {
			if g.GrayAt(x, y).Y < 128 {
				dark++
			}
		}
	}
	return float64(dark) / float64(max(1, g.Rect.Dx()*g.Rect.Dy()))
}

// TestFormatsThroughTextract: the sample label in every format patients'
// devices save it, replayed through the Lambda adapter with the deployed
// reader (PDF text layer in process, images by Textract behind the image
// budget): each verifies 5/5, and Textract was only ever sent a type it
// takes, one page at a time (the label's page 2 of a fax, for one).
func TestFormatsThroughTextract(t *testing.T) {
	sample, err := os.ReadFile("../../testdata/samples/us-pharmacy-label.pdf")
	if err != nil {
		t.Fatal(err)
	}
	layer, err := pdftext.Reader{}.Read(context.Background(), evidence.Document{Body: sample, MediaType: evidence.PDF})
	if err != nil {
		t.Fatal(err)
	}
	var label []string
	for _, l := range layer.Lines {
		label = append(label, l.Text)
	}
	tests := []struct {
		event string
		sent  []string // what Textract was sent, in order
	}{
		{"verify-evidence-heic", []string{"jpeg"}},
		{"verify-evidence-webp", []string{"jpeg"}},
		{"verify-evidence-avif", []string{"jpeg"}},
		{"verify-evidence-transparent-png", []string{"jpeg"}},
		{"verify-evidence-transparent-webp", []string{"jpeg"}},
		{"verify-evidence-tiff-label-on-page-2", []string{"jpeg", "jpeg"}},
		{"verify-evidence-jpeg-compressed-tiff", []string{"jpeg"}},
		{"verify-evidence-pdf-after-bom", nil}, // its text layer, read in process
		{"verify-evidence-pdf-after-blank-line", nil},
	}
	for _, tt := range tests {
		t.Run(tt.event, func(t *testing.T) {
			raw, err := os.ReadFile("../../events/" + tt.event + ".json")
			if err != nil {
				t.Fatal(err)
			}
			var ev events.APIGatewayProxyRequest
			if err := json.Unmarshal(raw, &ev); err != nil {
				t.Fatal(err)
			}
			h, fake := newTextractHandler(t, label)
			resp, err := lambdahttp.Handler(h)(context.Background(), ev)
			if err != nil {
				t.Fatal(err)
			}
			var result struct {
				Success bool
				Data    map[string]struct{ Value string }
			}
			if err := json.Unmarshal([]byte(resp.Body), &result); err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("HTTP %d: %s", resp.StatusCode, resp.Body)
			}
			valid := 0
			for _, f := range result.Data {
				if f.Value == "valid" {
					valid++
				}
			}
			if !result.Success || valid != 5 {
				t.Errorf("%d of 5 valid: %s", valid, resp.Body)
			}
			if fmt.Sprint(fake.sent) != fmt.Sprint(tt.sent) {
				t.Errorf("Textract was sent %v; want %v", fake.sent, tt.sent)
			}
		})
	}
}

func newTextractHandler(t *testing.T, label []string) (http.Handler, *recordingTextract) {
	t.Helper()
	store, err := localstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	err = store.Put(context.Background(), lead.Lead{ID: seededLeadID, Email: "sample.patient@example.com",
		Data: json.RawMessage(`{"forename":"Dana","surname":"Whitcombe"}`), CreatedAt: fixedNow.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	fake := &recordingTextract{label: label, staged: func(key string) ([]byte, error) {
		up, err := store.Staged(context.Background(), key)
		return up.Body, err
	}}
	reader := docread.Reader{PDF: pdftext.Reader{}, OCR: imagebudget.Reader{Next: textractreader.Reader{Client: fake, Bucket: "evidence"}}}
	reader.Pages.HEIF = heifwasm.Decoder{}
	now := func() time.Time { return fixedNow }
	ids := 0
	newID := func() string {
		ids++
		return fmt.Sprintf("00000000-0000-4000-8000-%012d", ids)
	}
	verifier, err := evidence.NewService("us", evidence.DefaultMaxAge, evidence.Deps{
		Stager: store, Reader: reader, Leads: store, Recorder: store, Now: now, NewID: newID,
		Pages: pagecount.Counter{}, MaxPages: evidence.DefaultMaxPages,
	})
	if err != nil {
		t.Fatal(err)
	}
	leads, err := lead.NewService(store, store, now, newID)
	if err != nil {
		t.Fatal(err)
	}
	catalogue, err := protocol.Load("us")
	if err != nil {
		t.Fatal(err)
	}
	h, err := api.NewHandler(api.Deps{
		Log: slog.New(slog.DiscardHandler), Now: now, NewID: newID, Metrics: api.NoMetrics{},
		Leads: leads, Protocols: catalogue, Evidence: verifier, RequestID: lambdahttp.RequestID,
		LeadBodyLimit: api.DefaultLeadBodyLimit, EvidenceFileLimit: api.DefaultEvidenceFileLimit,
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, fake
}
