package textractstandin

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/textract/types"
	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/s3store"
	"github.com/clinicplatform/intake/internal/testing/awstest"
	"github.com/clinicplatform/intake/internal/textract"
)

// TestProductionReaderRebuildsRows runs internal/textract's Reader, with
// the real SDK client, against the stand-in: the page read each way up
// gives the rows a person reads, the caption with its value and each
// column's cell on its own, as Textract's geometry is meant to be read.
func TestProductionReaderRebuildsRows(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "label.png"), pngBytes(t), 0o600); err != nil {
		t.Fatal(err)
	}
	want := []string{"RIVERSIDE PHARMACY", "Patient: JANE DOE", "Left one", "Right one", "Left two", "Right two"}
	for turns := range 4 {
		page := label
		page.Turns = turns
		c := client(t, New(fixed(page), Dir{Bucket: "evidence", Root: dir}))
		r := textract.Reader{Client: c, Bucket: "evidence"}
		text, err := r.Read(t.Context(), evidence.Document{Key: "label.png", MediaType: "image/png"})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range text.Lines {
			got = append(got, l.Text)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("turned %d quarters: lines (-want +got):\n%s", turns, diff)
		}
	}
}

// TestReadsWhatS3StoreStaged: a document the production stager put in S3
// (moto_server's) is what the stand-in reads, as Textract reads the staged
// object; a key not staged is Textract's InvalidS3ObjectException, which
// the reader answers as unavailable (ours to fix, not the patient's).
func TestReadsWhatS3StoreStaged(t *testing.T) {
	s3c := awstest.S3(t)
	bucket := awstest.CreateBucket(t, s3c)
	body := pngBytes(t)
	sum := sha256.Sum256(body)
	key := "evidence/2026/11/21/upload.png"
	stager := &s3store.Stager{Client: s3c, Bucket: bucket}
	if err := stager.Stage(t.Context(), key, evidence.Upload{Body: body, MediaType: "image/png", SHA256: hex.EncodeToString(sum[:])}); err != nil {
		t.Fatal(err)
	}
	var read []byte
	s := New(ocrFunc(func(_ context.Context, page *image.Gray) (Page, error) {
		var buf bytes.Buffer
		png.Encode(&buf, page)
		read = buf.Bytes()
		return label, nil
	}), S3{Client: s3c})
	r := textract.Reader{Client: client(t, s), Bucket: bucket}
	text, err := r.Read(t.Context(), evidence.Document{Key: key, MediaType: "image/png"})
	if err != nil {
		t.Fatal(err)
	}
	if len(text.Lines) != 6 || len(read) == 0 {
		t.Errorf("read %d lines from the staged object, want 6", len(text.Lines))
	}
	_, err = r.Read(t.Context(), evidence.Document{Key: "evidence/2026/11/21/never-staged.png", MediaType: "image/png"})
	if !errors.Is(err, derrors.ErrUnavailable) || !sameType(err, &types.InvalidS3ObjectException{}) {
		t.Errorf("unstaged key: %v, want InvalidS3ObjectException as unavailable", err)
	}
}
