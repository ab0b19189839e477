package textractstandin

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
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

// TestProductionReaderSlopes: internal/textract reads a page photographed
// at a slant row by row, and a crooked stamp's lines whole, from
// Textract-shaped geometry.
func TestProductionReaderSlopes(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "label.png"), pngBytes(t), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		lines []evidence.Line
		want  []string
	}{
		{"a page at a slant", []evidence.Line{
			sloped(5, 0.1, 0.1, "RIVERSIDE", "PHARMACY"), sloped(5, 0.6, 0.1+0.5*math.Tan(5*math.Pi/180), "Rx", "12345"),
			sloped(5, 0.1, 0.14, "Patient:"), sloped(5, 0.6, 0.14+0.5*math.Tan(5*math.Pi/180), "JANE", "DOE"),
			sloped(5, 0.1, 0.18, "Take", "one", "pen", "weekly"),
		}, []string{"RIVERSIDE PHARMACY", "Rx 12345", "Patient: JANE DOE", "Take one pen weekly"}},
		{"a crooked stamp", []evidence.Line{
			sloped(0, 0.1, 0.1, "Saxenda", "6", "mg/ml", "pen"),
			sloped(0, 0.1, 0.15, "Inject", "0.6mg", "once", "daily"),
			sloped(0, 0.1, 0.2, "Supply:", "5", "pens"),
			sloped(0, 0.1, 0.25, "Filled", "on", "11/02/2026"),
			sloped(-12, 0.1, 0.6, "HARBOURSIDE", "PHARMACY"),
			sloped(-12, 0.1, 0.63, "14", "Quay", "Street"),
			sloped(-12, 0.1, 0.66, "Bristol", "BS1", "4DJ"),
		}, []string{"Saxenda 6 mg/ml pen", "Inject 0.6mg once daily", "Supply: 5 pens", "Filled on 11/02/2026",
			"HARBOURSIDE PHARMACY", "14 Quay Street", "Bristol BS1 4DJ"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for turns := range 4 {
				c := client(t, New(fixed(Page{Turns: turns, Lines: tt.lines}), Dir{Root: dir}))
				text, err := textract.Reader{Client: c, Bucket: "evidence"}.Read(t.Context(), evidence.Document{Key: "label.png", MediaType: "image/png"})
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, l := range text.Lines {
					got = append(got, l.Text)
				}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("turned %d: lines (-want +got):\n%s", turns, diff)
				}
			}
		})
	}
}

// TestProductionReaderEngineTurnedWrong: an engine that turned a page the
// wrong way and still read its lines (running down the page as it turned
// it) gives polygons along the text, as Textract's are, and the page
// reads in order.
func TestProductionReaderEngineTurnedWrong(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "label.png"), pngBytes(t), 0o600); err != nil {
		t.Fatal(err)
	}
	// The label's boxes a quarter turn clockwise: its lines run down.
	cw := func(b evidence.Box) evidence.Box {
		return evidence.Box{Left: 1 - b.Top - b.Height, Top: b.Left, Width: b.Height, Height: b.Width}
	}
	var turned Page
	for _, l := range label.Lines {
		l.Words = slices.Clone(l.Words)
		for k := range l.Words {
			l.Words[k].Box = cw(l.Words[k].Box)
		}
		l.Box = cw(l.Box)
		turned.Lines = append(turned.Lines, l)
	}
	c := client(t, New(fixed(turned), Dir{Root: dir}))
	text, err := textract.Reader{Client: c, Bucket: "evidence"}.Read(t.Context(), evidence.Document{Key: "label.png", MediaType: "image/png"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range text.Lines {
		got = append(got, l.Text)
	}
	want := []string{"RIVERSIDE PHARMACY", "Patient: JANE DOE", "Left one", "Right one", "Left two", "Right two"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

// TestProductionReaderReadsHEIF: the production path as eval and the
// held-out replay build it reads an iPhone's HEIC and an AVIF, decoded and
// sent on as PNG pages as the Lambda's reader sends them (without a HEIF
// decoder every such upload was "document unreadable": round 26, unseen134's
// AVIF uploads through the replay).
func TestProductionReaderReadsHEIF(t *testing.T) {
	for _, name := range []string{"label.heic", "label.avif"} {
		body, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "formats", name))
		if err != nil {
			t.Fatal(err)
		}
		objects := ObjectsFunc(func(context.Context, string, string, string) ([]byte, error) { return body, nil })
		r, stop, err := ProductionReaderWith(t.Context(), "evidence", objects, fixed(label))
		if err != nil {
			t.Skip(err) // poppler not installed (CI installs it)
		}
		mediaType, err := evidence.DetectMediaType(body)
		if err != nil {
			t.Fatal(err)
		}
		text, err := r.Read(t.Context(), evidence.Document{Key: name, Body: body, MediaType: mediaType})
		stop()
		if err != nil || len(text.Lines) == 0 {
			t.Errorf("%s: %d lines, error %v; want the page's lines", name, len(text.Lines), err)
		}
	}
}
