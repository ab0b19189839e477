// Command datarights carries out a patient's erasure or access request on
// the local store (DATA_DIR) or on a deployed stack (STACK=uk|us):
//
//	make erase|export EMAIL=<address> | LEAD_ID=<uuid>  [STACK=uk|us | DATA_DIR=.local]  [OUT=file]
//
// (the targets run "datarights erase|export" with those variables set).
// erase prints a receipt of counts that holds no personal data; export
// writes the records as JSON to OUT (mode 0600) or standard output. See
// docs/security.md ("Data rights").
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/cloudformation"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/cfnstack"
	"github.com/clinicplatform/intake/internal/cli"
	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/datarights"
	"github.com/clinicplatform/intake/internal/dynamo"
	"github.com/clinicplatform/intake/internal/isotime"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/s3store"
)

func main() {
	cli.Main("datarights", func(ctx context.Context) error { return run(ctx, os.Args[1:], os.Getenv, os.Stdout) })
}

const usage = "usage: make erase|export EMAIL=<address> | LEAD_ID=<uuid> [STACK=uk|us | DATA_DIR=dir] [OUT=file]"

// receipt is what erase prints: counts and where, never who.
type receipt struct {
	Request     string             `json:"request"`
	SubjectBy   string             `json:"subjectBy"`
	Store       string             `json:"store"`
	Erased      datarights.Receipt `json:"erased"`
	Compacted   bool               `json:"compacted,omitempty"`
	CompletedAt string             `json:"completedAt"`
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 1 || (args[0] != "erase" && args[0] != "export") {
		return errors.New(usage)
	}
	var cfg config.DataRights
	if err := config.Load(getenv, &cfg); err != nil {
		return err
	}
	subj, by, err := subject(cfg)
	if err != nil {
		return err
	}
	var (
		svc   datarights.Service
		where string
		done  = func() (bool, error) { return false, nil }
	)
	if cfg.Stack != "" {
		if svc, where, err = stackService(ctx, cfg); err != nil {
			return err
		}
	} else {
		dir := cfg.DataDir
		if _, err := os.Stat(filepath.Join(dir, "intake.db")); err != nil {
			return fmt.Errorf("no local store in %s (set DATA_DIR): %w", dir, err)
		}
		store, err := localstore.Open(dir)
		if err != nil {
			return err
		}
		svc = datarights.Service{Leads: store, Verifications: store, Keys: store, Counters: store, Evidence: store}
		where = "local " + dir
		done = func() (bool, error) {
			if err := store.Close(); err != nil {
				return false, err
			}
			// Only an erasure changed the file; compacting drops the freed
			// pages that still hold the erased bytes.
			if args[0] != "erase" {
				return false, nil
			}
			return true, localstore.Compact(dir)
		}
		defer store.Close()
	}
	if args[0] == "export" {
		ex, err := svc.Export(ctx, subj)
		if err != nil {
			return err
		}
		if _, err := done(); err != nil {
			return err
		}
		return writeExport(ex, cfg.Out, stdout)
	}
	rc, err := svc.Erase(ctx, subj)
	if err != nil {
		return fmt.Errorf("erase (partly done: %+v; run it again to finish): %w", rc, err)
	}
	compacted, err := done()
	if err != nil {
		return fmt.Errorf("erased %+v but: %w", rc, err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(receipt{Request: "erasure", SubjectBy: by, Store: where, Erased: rc, Compacted: compacted,
		CompletedAt: isotime.Format(time.Now())})
}

// subject reads EMAIL or LEAD_ID; a lead id must be a UUID, since it names
// key prefixes in the stores.
func subject(cfg config.DataRights) (datarights.Subject, string, error) {
	email, id := strings.TrimSpace(cfg.Email), strings.TrimSpace(cfg.LeadID)
	switch {
	case (email == "") == (id == ""):
		return datarights.Subject{}, "", errors.New("set exactly one of EMAIL or LEAD_ID; " + usage)
	case email != "":
		if !strings.Contains(email, "@") {
			return datarights.Subject{}, "", errors.New("EMAIL is not an e-mail address")
		}
		return datarights.Subject{Email: email}, "email", nil
	}
	u, err := uuid.Parse(id)
	if err != nil || len(id) != 36 {
		return datarights.Subject{}, "", errors.New("LEAD_ID is not a UUID")
	}
	return datarights.Subject{LeadID: u.String()}, "leadId", nil
}

// stackService wires the stores of a deployed stack: names from explicit
// settings when all are set, otherwise from the stack's outputs.
func stackService(ctx context.Context, c config.DataRights) (datarights.Service, string, error) {
	region, ok := cfnstack.Region(c.Stack)
	if !ok {
		return datarights.Service{}, "", fmt.Errorf("STACK must be uk or us, not %q", c.Stack)
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
		return datarights.Service{}, "", fmt.Errorf("load AWS configuration: %w", err)
	}
	names, err := cfnstack.Resources(ctx, cloudformation.NewFromConfig(cfg), name,
		map[string]string{"LeadsTableName": c.LeadsTable, "VerificationsTableName": c.VerificationsTable,
			"IdempotencyTableName": c.IdempotencyTable, "QuotaTableName": c.QuotaTable, "EvidenceBucketName": c.EvidenceBucket},
		"LeadsTableName", "VerificationsTableName", "IdempotencyTableName", "QuotaTableName", "EvidenceBucketName")
	if err != nil {
		return datarights.Service{}, "", err
	}
	db := dynamodb.NewFromConfig(cfg)
	tables := &dynamo.DataRights{Client: db, LeadsTable: names["LeadsTableName"], VerificationsTable: names["VerificationsTableName"],
		IdempotencyTable: names["IdempotencyTableName"], QuotaTable: names["QuotaTableName"]}
	purger := &s3store.Purger{Bucket: names["EvidenceBucketName"], Client: s3.NewFromConfig(cfg, func(o *s3.Options) {
		o.UsePathStyle = c.S3UsePathStyle
	})}
	return datarights.Service{Leads: tables, Verifications: tables, Keys: tables, Counters: tables, Evidence: purger},
		"stack " + name + " (" + region + ")", nil
}

// writeExport writes ex as indented JSON to path (created 0600, never
// overwritten) or, without one, to stdout.
func writeExport(ex datarights.Export, path string, stdout io.Writer) error {
	body, err := json.MarshalIndent(ex, "", "  ")
	if err != nil {
		return err
	}
	body = append(body, '\n')
	if path == "" {
		_, err := stdout.Write(body)
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("write export: %w", err)
	}
	_, err = f.Write(body)
	return errors.Join(err, f.Close())
}
