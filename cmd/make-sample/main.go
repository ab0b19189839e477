// Command make-sample writes a sample prescription document (a US pharmacy
// label PDF for the invented patient Dana Whitcombe, Zepbound 5 mg, filled
// ten days before -date) for trying verify-evidence by hand.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/clinicplatform/intake/internal/testing/corpus"
)

func main() {
	out := flag.String("out", ".local/sample-label.pdf", "where to write the PDF")
	date := flag.String("date", "", "the day the label is read (YYYY-MM-DD); default today")
	flag.Parse()
	if err := run(*out, *date); err != nil {
		fmt.Fprintln(os.Stderr, "make-sample:", err)
		os.Exit(1)
	}
}

func run(out, date string) error {
	now := time.Now().UTC()
	if date != "" {
		d, err := time.Parse(time.DateOnly, date)
		if err != nil {
			return fmt.Errorf("-date: %w", err)
		}
		now = d.Add(12 * time.Hour)
	}
	c, err := corpus.Sample(now)
	if err != nil {
		return err
	}
	// .local: the local store keeps health data beside the sample.
	if err := os.MkdirAll(filepath.Dir(out), 0o700); err != nil {
		return err
	}
	if err := os.WriteFile(out, c.File, 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s: %s %s label for %s %s (medicationName=%q medicationDosage=%q)\n",
		out, c.Format, c.Layout, c.Lead.Forename, c.Lead.Surname, c.MedicationName, c.MedicationDosage)
	return nil
}
