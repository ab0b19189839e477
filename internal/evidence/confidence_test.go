package evidence

import (
	"slices"
	"testing"
)

func TestCertaintyWireWords(t *testing.T) {
	ordered := []certainty{lowCertainty, mediumCertainty, highCertainty}
	words := []Confidence{Low, Medium, High}
	if !slices.IsSorted(ordered) {
		t.Fatalf("certainties %v are not ordered low to high", ordered)
	}
	for i, c := range ordered {
		if got := c.Confidence(); got != words[i] {
			t.Errorf("%d.Confidence() = %q, want %q", int(c), got, words[i])
		}
		if got := words[i].certainty(); got != c {
			t.Errorf("%q.certainty() = %v, want %v", words[i], got, c)
		}
	}
	if got := Confidence("sure").certainty(); got != lowCertainty {
		t.Errorf("an unknown word's certainty = %v, want low", got)
	}
}
