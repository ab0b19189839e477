// Command heldout-replay verifies a held-out set's uploads again from the
// text a reader made of them, without the API: for changing the rules in
// internal/evidence, whose effect on a set it shows in seconds where `make
// heldout` takes minutes. The first run of a set reads each upload with the
// reader (-reader local: docread and Tesseract; -reader textract: the
// production path, internal/textract and the SDK client against the
// Textract stand-in) and keeps the text in -cache, keyed by the reader and
// the upload's bytes; later runs read only the cache. It prints
// heldout.sh's per-case lines (or only the counts, -counts; with -why, the
// rule and the text under each miss) and the fields right outside the harsh
// conditions, false accepts and false successes. It measures nothing that
// ships: `make heldout` (the API, both readers) gives the figures to report.
//
//	make heldout SET=unseen12 UPLOADS_ONLY=1                # the uploads, once
//	go run ./cmd/heldout-replay -set unseen12 -why           # then after each change
//	go run ./cmd/heldout-replay -set unseen12 -reader textract
//	go run ./cmd/heldout-replay -set unseen12 -reader textract -relayout  # after a change to internal/textract
package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/pagecount"
	"github.com/clinicplatform/intake/internal/tesseract"
	"github.com/clinicplatform/intake/internal/testing/textractstandin"
)

func main() {
	set := flag.String("set", "", "the held-out set (a folder of testdata/heldout; \"first\" for the top one)")
	uploads := flag.String("uploads", "", "where its uploads are (default .local/heldout/<set>/docs, from make heldout UPLOADS_ONLY=1)")
	cache := flag.String("cache", ".local/replay-cache", "where the text read from each upload is kept")
	counts := flag.Bool("counts", false, "print the counts only, not each case (for sets kept unseen)")
	readerName := flag.String("reader", "local", "local (Tesseract) or textract (the production path: internal/textract against the Textract stand-in, as make heldout READER=textract)")
	why := flag.Bool("why", false, "under each miss, the rule that decided the field and the text it rests on (never for sets kept unseen)")
	relayout := flag.Bool("relayout", false, "with -reader textract: run the production path again from what the stand-in's engine read (kept in -cache), not from its text, to measure a change to docread or internal/textract")
	today := flag.String("today", "", "the day the uploads were made (YYYY-MM-DD; default today): their dates are relative to it (HELDOUT_TODAY of make heldout)")
	flag.Parse()
	if *set == "" {
		fmt.Fprintln(os.Stderr, "heldout-replay: -set is required")
		os.Exit(2)
	}
	dir := filepath.Join("testdata/heldout", *set)
	if *set == "first" {
		dir = "testdata/heldout"
	}
	if *uploads == "" {
		*uploads = filepath.Join(".local/heldout", *set, "docs")
	}
	if *readerName != "local" && *readerName != "textract" {
		fmt.Fprintln(os.Stderr, "heldout-replay: -reader must be local or textract")
		os.Exit(2)
	}
	if *relayout && *readerName != "textract" {
		fmt.Fprintln(os.Stderr, "heldout-replay: -relayout is for -reader textract")
		os.Exit(2)
	}
	now := time.Now()
	if *today != "" {
		day, err := time.ParseInLocation(time.DateOnly, *today, time.Local)
		if err != nil {
			fmt.Fprintln(os.Stderr, "heldout-replay: -today must be YYYY-MM-DD")
			os.Exit(2)
		}
		// Noon of that day: the verifier counts whole days from it.
		now = day.Add(12 * time.Hour)
	}
	opts := options{uploads: *uploads, cache: *cache, reader: *readerName, relayout: *relayout, counts: *counts, why: *why && !*counts, now: now}
	if err := run(dir, opts); err != nil {
		fmt.Fprintln(os.Stderr, "heldout-replay:", err)
		os.Exit(1)
	}
}

// upload is one verification to make: a case and one of its conditions.
type upload struct {
	c    heldoutCase
	cond string
}

// options are how one replay reads and reports.
type options struct {
	uploads, cache string // where the uploads are and their readings are kept
	reader         string // local or textract
	relayout       bool   // with textract: rebuild the production path's text from the engine's reading
	counts, why    bool   // print counts only; print each miss's rule
	now            time.Time
}

func run(dir string, o options) error {
	f, err := os.Open(filepath.Join(dir, "cases.tsv"))
	if err != nil {
		return err
	}
	cases, err := parseCases(f)
	f.Close()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.cache, 0o755); err != nil {
		return err
	}
	var todo []upload
	for _, c := range cases {
		for _, cond := range c.uploads {
			todo = append(todo, upload{c, cond})
		}
	}
	reader, stop, err := newReader(o.reader, o.uploads, o.cache)
	if err != nil {
		return err
	}
	defer stop()
	lines := make([]string, len(todo))
	scores := make([]*score, len(todo))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2) // the local reader's OCR is the cost: two at a time on two cores
	for i, u := range todo {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			s, err := verify(reader, o, u)
			if err != nil {
				lines[i] = fmt.Sprintf("%-28s %-10s error: %v", u.c.doc, u.cond, err)
				return
			}
			scores[i] = &s
			status := "ok"
			if len(s.misses) > 0 {
				status = "miss   " + strings.Join(s.misses, " ")
			}
			lines[i] = fmt.Sprintf("%-28s %-10s %s", u.c.doc, u.cond, status)
			if o.why {
				for _, w := range s.why {
					lines[i] += "\n    " + w
				}
			}
		}()
	}
	wg.Wait()
	var right, fields, fa, fs, failed int
	for i, u := range todo {
		if !o.counts {
			fmt.Println(lines[i])
		}
		s := scores[i]
		if s == nil {
			failed++
			continue
		}
		fa += s.falseAccepts
		if s.falseSuccess {
			fs++
		}
		if !slices.Contains(harsh, u.cond) {
			right += s.right
			fields += 5
		}
	}
	fmt.Printf("replay %s: outside harsh %d/%d fields right, %d false accepts, %d false successes (all conditions), %d uploads not verified\n",
		filepath.Base(dir), right, fields, fa, fs, failed)
	return nil
}

// verify rates one upload from its text, read once and then cached.
func verify(reader evidence.Reader, o options, u upload) (score, error) {
	matches, _ := filepath.Glob(filepath.Join(o.uploads, u.c.doc+"."+u.cond+".*"))
	if len(matches) == 0 {
		return score{}, fmt.Errorf("no upload %s.%s.* in %s", u.c.doc, u.cond, o.uploads)
	}
	if refused, err := overPageCap(matches[0]); err != nil || refused {
		// The service refuses a document over its page cap (400) before
		// any reader sees it; make heldout scores an upload without a
		// verdict as wrong on every field.
		return score{misses: []string{"refused: more pages than the service reads"}}, err
	}
	text, err := readCached(reader, o.reader, o.relayout, matches[0], o.cache)
	if err != nil {
		return score{}, err
	}
	exp := evidence.Expected{PatientKnown: true, Forename: u.c.forename, Surname: u.c.surname, MedicationName: u.c.medicine, MedicationDosage: u.c.dosage}
	r, fs := evidence.Explain(text, exp, evidence.Policy{Now: o.now, Market: u.c.market})
	d := r.Data
	got := [5]string{string(d.PatientName.Value), string(d.MedicationName.Value), string(d.MedicationDosage.Value), string(d.MedicationDate.Value), string(d.PharmacyName.Value)}
	s := scoreAnswer(u.c.truth, got, r.Success)
	found := [5]evidence.Finding{fs.PatientName, fs.MedicationName, fs.MedicationDosage, fs.MedicationDate, fs.PharmacyName}
	for k, want := range u.c.truth {
		if !slices.Contains(want, got[k]) {
			s.why = append(s.why, fmt.Sprintf("field%d %s %q", k, found[k].Rule, found[k].Text))
		}
	}
	return s, nil
}

// overPageCap reports an upload the service refuses for its pages
// (evidence.DefaultMaxPages, counted as the service counts them).
func overPageCap(path string) (bool, error) {
	body, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	mediaType, err := evidence.DetectMediaType(body)
	if err != nil {
		return false, nil // the reader says why
	}
	n, err := (pagecount.Counter{}).CountPages(context.Background(), evidence.Document{Body: body, MediaType: mediaType}, evidence.DefaultMaxPages)
	return err == nil && n > evidence.DefaultMaxPages, nil
}

// newReader is the reader named: the local one, or the production path
// against a Textract stand-in serving the uploads in folder uploads by
// their file names, its engine's pages kept in cache.
func newReader(name, uploads, cache string) (evidence.Reader, func(), error) {
	if name == "local" {
		// HEIC and AVIF photos decoded in process, as make run's reader does.
		r := docread.NewWithTesseract(context.Background())
		r.Pages.HEIF = heifwasm.Decoder{}
		return r, func() {}, nil
	}
	objects := textractstandin.ObjectsFunc(func(_ context.Context, bucket, key, _ string) ([]byte, error) {
		if bucket != replayBucket || key != filepath.Base(key) {
			return nil, textractstandin.ErrNoSuchObject
		}
		return os.ReadFile(filepath.Join(uploads, key))
	})
	engine, err := tesseract.New(context.Background())
	if err != nil {
		return nil, nil, err
	}
	ocr := cachedOCR{inner: textractstandin.Tesseract{Reader: engine}, dir: cache}
	return textractstandin.ProductionReaderWith(context.Background(), replayBucket, objects, ocr)
}

// replayBucket is the bucket the Textract stand-in serves the uploads from.
const replayBucket = "heldout-replay"

// readCached is the text reader (named readerName) makes of the file at
// path, from the cache when it has read those bytes before (never with
// relayout, which reads again and keeps nothing).
func readCached(reader evidence.Reader, readerName string, relayout bool, path, cache string) (evidence.Text, error) {
	body, err := os.ReadFile(path)
	if err != nil {
		return evidence.Text{}, err
	}
	sum := sha256.Sum256(body)
	name := hex.EncodeToString(sum[:16]) + ".json"
	if readerName != "local" {
		name = readerName + "-" + name
	}
	cached := filepath.Join(cache, name)
	if b, err := os.ReadFile(cached); err == nil && !relayout {
		var t evidence.Text
		if err := json.Unmarshal(b, &t); err == nil {
			return t, nil
		}
	}
	mediaType, err := evidence.DetectMediaType(body)
	if err != nil {
		return evidence.Text{}, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	doc := evidence.Document{Body: body, MediaType: mediaType, Key: filepath.Base(path)}
	// Pages are counted before anything reads, as the service does: the
	// Textract reader chooses between one call and a job by them.
	if doc.Pages, err = (pagecount.Counter{}).CountPages(context.Background(), doc, evidence.DefaultMaxPages); err != nil {
		return evidence.Text{}, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	t, err := reader.Read(context.Background(), doc)
	if err != nil {
		return evidence.Text{}, fmt.Errorf("read %s: %w", filepath.Base(path), err)
	}
	if relayout {
		return t, nil
	}
	b, err := json.Marshal(t)
	if err != nil {
		return evidence.Text{}, err
	}
	return t, os.WriteFile(cached, b, 0o644)
}
