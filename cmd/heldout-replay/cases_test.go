package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseCases(t *testing.T) {
	tsv := "# document\tmarket\tforename\tsurname\tmedicationName\tmedicationDosage\ttruth\tuploads\n" +
		"us-vial\tus\tJane\tDoe\tZepbound\t5 mg\tvalid valid valid valid valid\n" +
		"uk-label\tuk\tOwen\tRhys\tMounjaro\t10 mg\tinvalid|not_found valid valid valid valid\tupright px600\n"
	got, err := parseCases(strings.NewReader(tsv))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d cases, want 2", len(got))
	}
	if diff := cmp.Diff(defaultUploads, got[0].uploads); diff != "" {
		t.Errorf("a row without uploads gets the first set's (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"upright", "px600"}, got[1].uploads); diff != "" {
		t.Errorf("uploads (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"invalid", "not_found"}, got[1].truth[0]); diff != "" {
		t.Errorf("a truth of two answers (-want +got):\n%s", diff)
	}
	if _, err := parseCases(strings.NewReader("doc\tus\tJane\n")); err == nil {
		t.Error("a short row was accepted")
	}
}

func TestScoreAnswer(t *testing.T) {
	valid := []string{"valid"}
	truth := [5][]string{{"invalid", "not_found"}, valid, valid, {"not_found"}, valid}
	tests := []struct {
		name    string
		got     [5]string
		success bool
		want    score
	}{
		{"all right", [5]string{"not_found", "valid", "valid", "not_found", "valid"}, false, score{right: 5}},
		{"a false accept and a false success", [5]string{"valid", "valid", "valid", "not_found", "valid"}, true,
			score{right: 4, falseAccepts: 1, falseSuccess: true, misses: []string{"field0:invalid|not_found->valid"}}},
		{"a miss that is no false accept", [5]string{"invalid", "valid", "not_found", "not_found", "valid"}, false,
			score{right: 4, misses: []string{"field2:valid->not_found"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, scoreAnswer(truth, tt.got, tt.success), cmp.AllowUnexported(score{})); diff != "" {
				t.Errorf("score (-want +got):\n%s", diff)
			}
		})
	}
}
