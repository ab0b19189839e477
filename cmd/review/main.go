// Command review writes the review page of verifications (make review): one
// self-contained HTML file per verification, into a private folder, for a
// clinician to check where each field was read. See docs/security.md
// ("Reviewing a verification").
//
//	ID=<verification id> | LEAD_ID=<uuid>  [STACK=uk|us | DATA_DIR=.local]  [OUT=folder]  review
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/cloudformation"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/cfnstack"
	"github.com/clinicplatform/intake/internal/cli"
	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/heifwasm"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/review"
	"github.com/clinicplatform/intake/internal/s3store"
)

func main() {
	cli.Main("review", func(ctx context.Context) error { return run(ctx, os.Getenv, os.Stdout) })
}

const usage = "usage: make review ID=<verification id> | LEAD_ID=<uuid> [STACK=uk|us | DATA_DIR=dir] [OUT=folder]"

// healthData is what the command says of the files it wrote.
const healthData = "These files hold health data (a patient's document, name and medicine, and what was read from it): " +
	"keep them private, do not send them on, and delete them when the review is done."

// source is where verifications are kept: records by id and by lead, the
// leads, and the staged files.
type source struct {
	records interface {
		review.Records
		VerificationsOf(ctx context.Context, leadID string) ([]evidence.Record, error)
	}
	leads lead.Finder
	files review.Files
	where string
}

func run(ctx context.Context, getenv func(string) string, stdout io.Writer) error {
	var cfg config.Review
	if err := config.Load(getenv, &cfg); err != nil {
		return err
	}
	id, leadID, err := subject(cfg)
	if err != nil {
		return err
	}
	out := cfg.Out
	if out == "" {
		out = filepath.Join(cfg.DataDir, "review")
	}
	if err := privateFolder(out); err != nil {
		return err
	}

	var src source
	if cfg.Stack != "" {
		if src, err = stackSource(ctx, cfg); err != nil {
			return err
		}
	} else {
		if _, err := os.Stat(filepath.Join(cfg.DataDir, "intake.db")); err != nil {
			return fmt.Errorf("no local store in %s (set DATA_DIR, or STACK for a deployed stack): %w", cfg.DataDir, err)
		}
		store, err := localstore.Open(cfg.DataDir)
		if errors.Is(err, localstore.ErrLocked) && id != "" {
			// make run holds the store: it serves the same page.
			return fromLocalAPI(ctx, cfg, id, out, stdout)
		}
		if errors.Is(err, localstore.ErrLocked) {
			return fmt.Errorf("the local API (make run) holds %s: stop it to review a lead's verifications, or give ID=<verification id>", cfg.DataDir)
		}
		if err != nil {
			return err
		}
		defer store.Close()
		src = source{records: store, leads: store, files: store, where: "local " + cfg.DataDir}
	}

	var records []evidence.Record
	if id != "" {
		rec, err := src.records.Verification(ctx, id)
		if err != nil {
			return fmt.Errorf("verification %s in %s: %w", id, src.where, err)
		}
		records = []evidence.Record{rec}
	} else {
		if records, err = src.records.VerificationsOf(ctx, leadID); err != nil {
			return fmt.Errorf("verifications of lead %s in %s: %w", leadID, src.where, err)
		}
		if len(records) == 0 {
			return fmt.Errorf("no verification of lead %s in %s", leadID, src.where)
		}
	}
	pages := review.NewPages()
	pages.HEIF = heifwasm.Decoder{}
	rv := &review.Reviewer{Records: src.records, Leads: src.leads, Files: src.files, Pages: pages}
	var written []string
	for _, rec := range records {
		path := filepath.Join(out, rec.ID+".html")
		if err := writePrivate(path, func(w io.Writer) error { return rv.Write(ctx, w, rec) }); err != nil {
			return err
		}
		written = append(written, path)
	}
	return report(stdout, out, written)
}

// subject reads ID or LEAD_ID: exactly one, a UUID (they name files and keys).
func subject(cfg config.Review) (id, leadID string, err error) {
	id, leadID = strings.TrimSpace(cfg.ID), strings.TrimSpace(cfg.LeadID)
	if (id == "") == (leadID == "") {
		return "", "", errors.New("set exactly one of ID or LEAD_ID; " + usage)
	}
	v, name := id, "ID"
	if leadID != "" {
		v, name = leadID, "LEAD_ID"
	}
	u, err := uuid.Parse(v)
	if err != nil || len(v) != 36 {
		return "", "", errors.New(name + " is not a UUID; " + usage)
	}
	if id != "" {
		return u.String(), "", nil
	}
	return "", u.String(), nil
}

// privateFolder makes dir (0700) or checks that an existing one is the
// operator's alone: the pages hold health data.
func privateFolder(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("make OUT folder: %w", err)
	}
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("OUT folder: %w", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("OUT %s is not a folder", dir)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("OUT folder %s is open to others (mode %04o) and the pages hold health data: use a private folder (chmod 700 %s)", dir, perm, dir)
	}
	return nil
}

// writePrivate writes a file (mode 0600) through a temporary file in the
// same folder renamed into place: a page written again replaces the old one
// whole.
func writePrivate(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".review-*.html")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(f.Name())
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := errors.Join(write(f), f.Close()); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return os.Rename(f.Name(), path)
}

func report(stdout io.Writer, out string, written []string) error {
	pages := "pages"
	if len(written) == 1 {
		pages = "page"
	}
	fmt.Fprintf(stdout, "wrote %d review %s to %s:\n", len(written), pages, out)
	for _, p := range written {
		fmt.Fprintf(stdout, "  %s\n", p)
	}
	_, err := fmt.Fprintln(stdout, healthData)
	return err
}

// stackSource reads a deployed stack with the operator's own credentials:
// names from explicit settings when all are set, otherwise from the
// stack's outputs (cmd/datarights finds a stack the same way). Only reads:
// DescribeStacks, GetItem and Query, GetObject.
func stackSource(ctx context.Context, c config.Review) (source, error) {
	region, ok := cfnstack.Region(c.Stack)
	if !ok {
		return source{}, fmt.Errorf("STACK must be uk or us, not %q", c.Stack)
	}
	if c.Region != "" {
		region = c.Region
	}
	name := c.StackName
	if name == "" {
		name = cfnstack.Name(c.Stack)
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(region))
	if err != nil {
		return source{}, fmt.Errorf("load AWS configuration: %w", err)
	}
	names, err := cfnstack.Resources(ctx, cloudformation.NewFromConfig(cfg), name,
		map[string]string{"LeadsTableName": c.LeadsTable, "VerificationsTableName": c.VerificationsTable, "EvidenceBucketName": c.EvidenceBucket},
		"LeadsTableName", "VerificationsTableName", "EvidenceBucketName")
	if err != nil {
		return source{}, err
	}
	db := dynamodb.NewFromConfig(cfg)
	return source{
		records: stackRecords{
			VerificationStore: &dynamo.VerificationStore{Client: db, Table: names["VerificationsTableName"]},
			DataRights:        &dynamo.DataRights{Client: db, VerificationsTable: names["VerificationsTableName"]},
		},
		leads: &dynamo.LeadStore{Client: db, Table: names["LeadsTableName"]},
		files: &s3store.Fetcher{Client: s3store.NewClient(cfg, c.S3UsePathStyle), Bucket: names["EvidenceBucketName"]},
		where: "stack " + name + " (" + region + ")",
	}, nil
}

// stackRecords reads a record by id from the table and a lead's records
// through its byUser index.
type stackRecords struct {
	*dynamo.VerificationStore
	*dynamo.DataRights
}

// fromLocalAPI asks the running local API for the page of id and writes it.
func fromLocalAPI(ctx context.Context, cfg config.Review, id, out string, stdout io.Writer) error {
	url := "http://" + net.JoinHostPort(cfg.Host, cfg.Port) + "/review/" + id
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s is in use by another process, and no local API answers at %s (stop that process, or set HOST and PORT): %w", cfg.DataDir, url, err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
	case http.StatusNotFound:
		return fmt.Errorf("verification %s in local %s: not found (asked the running local API)", id, cfg.DataDir)
	default:
		return fmt.Errorf("the running local API answered %s for %s", resp.Status, url)
	}
	path := filepath.Join(out, id+".html")
	if err := writePrivate(path, func(w io.Writer) error { _, err := io.Copy(w, resp.Body); return err }); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "(from the running local API at %s)\n", url)
	return report(stdout, out, []string{path})
}
