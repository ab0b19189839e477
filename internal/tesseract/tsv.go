package tesseract

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// parseTSV turns tesseract's TSV output into lines: the words (level 5 rows)
// of each (page, block, paragraph, line) joined by spaces, in output order,
// with the mean word confidence scaled to 0..1.
func parseTSV(tsv string) ([]evidence.Line, error) {
	rows := strings.Split(strings.TrimRight(tsv, "\n"), "\n")
	if len(rows) == 0 || !strings.HasPrefix(rows[0], "level\t") {
		return nil, fmt.Errorf("parse tesseract output: no TSV header: %w", derrors.ErrUnavailable)
	}
	var (
		lines   []evidence.Line
		key     string
		words   []string
		confSum float64
		confN   int
	)
	flush := func() {
		if len(words) > 0 {
			line := evidence.Line{Text: strings.Join(words, " ")}
			if confN > 0 {
				line.Confidence = confSum / float64(confN) / 100
			}
			lines = append(lines, line)
		}
		words, confSum, confN = nil, 0, 0
	}
	for _, row := range rows[1:] {
		// level page block par line word left top width height conf text
		cols := strings.SplitN(strings.TrimRight(row, "\r"), "\t", 12)
		if len(cols) < 12 || cols[0] != "5" {
			continue
		}
		word := strings.TrimSpace(cols[11])
		if word == "" {
			continue
		}
		if k := strings.Join(cols[1:5], "/"); k != key {
			flush()
			key = k
		}
		words = append(words, word)
		if conf, err := strconv.ParseFloat(cols[10], 64); err == nil && conf >= 0 {
			confSum += min(conf, 100)
			confN++
		}
	}
	flush()
	return lines, nil
}
