package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// defaultUploads are the conditions of a case whose row names none (the
// first held-out set), as scripts/heldout.sh gives them.
var defaultUploads = []string{"upright", "rot90", "rot180", "rot270", "exif6", "photo", "scan", "severe"}

// harsh are the conditions scored apart (testdata/heldout/README.md), as
// scripts/heldout.sh lists them: a front camera's mirrored photo
// (selfiemirror, unseen189) since round 33.
var harsh = []string{"severe", "lowlight", "crumpled", "selfiemirror"}

// heldoutCase is one row of a set's cases.tsv: a document, the lead and the
// request it is verified for, the truth of the five fields (each one
// verdict, or two a careful reader may give: "invalid|not_found"), and
// the uploads made of it.
type heldoutCase struct {
	doc, market, forename, surname, medicine, dosage string
	truth                                            [5][]string
	uploads                                          []string
}

// parseCases reads a set's cases.tsv (scripts/heldout.sh's format).
func parseCases(r io.Reader) ([]heldoutCase, error) {
	var out []heldoutCase
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) < 7 {
			return nil, fmt.Errorf("cases line %d: %d columns, want 7 or 8", n, len(c))
		}
		truth := strings.Fields(c[6])
		if len(truth) != 5 {
			return nil, fmt.Errorf("cases line %d: %d truths, want 5", n, len(truth))
		}
		hc := heldoutCase{doc: c[0], market: c[1], forename: c[2], surname: c[3], medicine: c[4], dosage: c[5], uploads: defaultUploads}
		for k, t := range truth {
			hc.truth[k] = strings.Split(t, "|")
		}
		if len(c) > 7 && strings.TrimSpace(c[7]) != "" {
			hc.uploads = strings.Fields(c[7])
		}
		out = append(out, hc)
	}
	return out, sc.Err()
}

// score is how an answer fared against a case's truth: fields right, false
// accepts (valid where the truth allows no valid) and whether success
// true is a false success; misses name each wrong field as heldout.sh does.
type score struct {
	right, falseAccepts int
	falseSuccess        bool
	misses              []string
	// why is, for each miss, the rule that decided the field and the text
	// it rests on (-why).
	why []string
}

func scoreAnswer(truth [5][]string, got [5]string, success bool) score {
	var s score
	for k, want := range truth {
		if slices.Contains(want, got[k]) {
			s.right++
			continue
		}
		if got[k] == "valid" {
			s.falseAccepts++
		}
		s.misses = append(s.misses, fmt.Sprintf("field%d:%s->%s", k, strings.Join(want, "|"), got[k]))
	}
	s.falseSuccess = success && slices.ContainsFunc(truth[:], func(want []string) bool { return !slices.Contains(want, "valid") })
	return s
}
