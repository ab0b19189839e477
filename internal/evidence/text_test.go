package evidence

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalise(t *testing.T) {
	norm, ws := normalise("Mrs José O’Neil-Núñez\t2,4 µg")
	if want := "mrs jose o'neil-nunez  2,4 ug"; norm != want {
		t.Errorf("norm = %q, want %q", norm, want)
	}
	var got []string
	for _, w := range ws {
		got = append(got, w.text)
		if norm[w.start:w.end] != w.text && !strings.Contains(norm[w.start:w.end], "'") {
			t.Errorf("word %q spans %q", w.text, norm[w.start:w.end])
		}
	}
	if diff := cmp.Diff([]string{"mrs", "jose", "oneil", "nunez", "2", "4", "ug"}, got); diff != "" {
		t.Errorf("words mismatch (-want +got):\n%s", diff)
	}
}

func TestNormaliseWords(t *testing.T) {
	tests := []struct {
		in         string
		wantWords  []string
		wantLowers []string
	}{
		{"Núñez-García", []string{"nunez", "garcia"}, []string{"núñez", "garcía"}},
		{"O’Neil", []string{"oneil"}, []string{"oneil"}},
		// A PDF's ligatures (unseen73, round 19).
		{"Saﬀron Muﬃn Ruﬄe", []string{"saffron", "muffin", "ruffle"}, []string{"saffron", "muffin", "ruffle"}},
		{"SIOBHÁN", []string{"siobhan"}, []string{"siobhán"}},
		{"Concei¢ao", []string{"concei¢ao"}, []string{"concei¢ao"}}, // ç read as ¢ stays in the word
		{"50¢ each", []string{"50", "each"}, []string{"50", "each"}},
		{"¢ao", []string{"ao"}, []string{"ao"}},
	}
	for _, tt := range tests {
		_, ws := normalise(tt.in)
		var words, lowers []string
		for _, w := range ws {
			words = append(words, w.text)
			lowers = append(lowers, w.lower)
		}
		if diff := cmp.Diff(tt.wantWords, words); diff != "" {
			t.Errorf("normalise(%q) words mismatch (-want +got):\n%s", tt.in, diff)
		}
		if diff := cmp.Diff(tt.wantLowers, lowers); diff != "" {
			t.Errorf("normalise(%q) lowers mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestLazyRegexpsCompile: every expression compiled at first use compiles,
// so none can panic in a request.
func TestLazyRegexpsCompile(t *testing.T) {
	if len(lazyRegexps) < 20 {
		t.Fatalf("%d lazy expressions registered; the package has more", len(lazyRegexps))
	}
	for _, l := range lazyRegexps {
		if _, err := regexp.Compile(l.src); err != nil {
			t.Errorf("%s: %v", l.src, err)
		}
	}
}
