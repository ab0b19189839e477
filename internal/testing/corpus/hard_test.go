package corpus

import (
	"bytes"
	"image"
	"slices"
	"testing"
)

// TestHardConditions renders the sample page in every hard photo: a JPEG
// of the size the condition names, the same bytes every time, the truth
// unchanged.
func TestHardConditions(t *testing.T) {
	for _, cond := range HardConditions {
		t.Run(cond, func(t *testing.T) {
			c, err := SampleAs(testNow, cond)
			if err != nil {
				t.Fatal(err)
			}
			again, err := SampleAs(testNow, cond)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(c.File, again.File) {
				t.Error("two renderings differ")
			}
			if c.Truth != (Truth{Valid, Valid, Valid, Valid, Valid}) || c.Format != FormatJPEG {
				t.Errorf("truth %+v, format %s; want all valid, a JPEG", c.Truth, c.Format)
			}
			cfg, format, err := image.DecodeConfig(bytes.NewReader(c.File))
			if err != nil || format != "jpeg" {
				t.Fatalf("decode: %v (%s)", err, format)
			}
			long, short := max(cfg.Width, cfg.Height), min(cfg.Width, cfg.Height)
			want := map[string][2]int{
				ConditionLowLight:  {2000, 1500},
				ConditionPhoto12MP: {4032, 3024},
				ConditionCrumpled:  {2000, 1500},
				ConditionScreen:    {2000, 1500},
				ConditionSmall600:  {600, 450},
			}[cond]
			if long != want[0] || short != want[1] {
				t.Errorf("%dx%d px, want %dx%d", long, short, want[0], want[1])
			}
			if len(c.File) > uploadLimit {
				t.Errorf("%d bytes, over the upload limit %d", len(c.File), uploadLimit)
			}
		})
	}
}

// TestHardConditionsOnlyWhenAsked: the corpus has hard photos of every
// single-page layout when they are selected, and none otherwise.
func TestHardConditionsOnlyWhenAsked(t *testing.T) {
	for _, c := range corpus(t, "uk") {
		if slices.Contains(HardConditions, c.Condition) {
			t.Fatalf("%s: a hard photo in the default corpus", c.Name)
		}
	}
	cs, err := Generate(testSeed, testNow, "uk", Options{Layouts: []string{LayoutUKLabel, LayoutMultiPage}, Conditions: []string{ConditionSmall600, ConditionLowLight}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cs {
		got = append(got, c.Layout+" "+c.Condition)
	}
	want := []string{LayoutUKLabel + " " + ConditionLowLight, LayoutUKLabel + " " + ConditionSmall600}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("cases %v, want %v", got, want)
	}
}
