package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestHarshAsTheScriptListsThem: the replay scores apart the conditions
// scripts/heldout.sh (and so make heldout) calls harsh, no more, no fewer.
func TestHarshAsTheScriptListsThem(t *testing.T) {
	script, err := os.ReadFile("../../scripts/heldout.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^harsh="([^"]*)"`).FindSubmatch(script)
	if m == nil {
		t.Fatal(`scripts/heldout.sh has no harsh="..." line`)
	}
	want := strings.Fields(string(m[1]))
	got := slices.Clone(harsh)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("harsh = %v, scripts/heldout.sh lists %v", got, want)
	}
}
