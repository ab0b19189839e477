package imageprep

import (
	"image"
	"strconv"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// BenchmarkOrientation measures how often MeasureLayout finds which way
// up a page is: every photo and scan of the corpus (both markets, the
// image conditions and the hard photos, seeds 1 and 7), each turned by
// each quarter, smoothed first when textured as readPage does. It reports
// the share of pages put upright (axis and way up) by MeasureLayout
// ("right/page"), and by the row profile alone for the way up
// ("profile/page"), the measure before issue 18. A measure, not a budget:
//
//	go test ./internal/imageprep -run XXX -bench Orientation -benchtime 1x
//
// takes about five minutes on 2 cores.
func BenchmarkOrientation(b *testing.B) {
	conds := append([]string{corpus.ConditionClean, corpus.ConditionPhonePhoto, corpus.ConditionFlatbed,
		corpus.ConditionSmallPrint, corpus.ConditionSevere, corpus.ConditionEXIF6}, corpus.HardConditions...)
	for _, seed := range []uint64{1, 7} {
		b.Run("seed-"+strconv.FormatUint(seed, 10), func(b *testing.B) {
			var pages []*image.Gray
			for _, m := range corpus.Markets {
				cases, err := corpus.Generate(seed, time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), m, corpus.Options{Conditions: conds})
				if err != nil {
					b.Fatal(err)
				}
				for _, c := range cases {
					g, err := Decode(c.File)
					if err != nil {
						b.Fatal(err)
					}
					if MeasureLayout(g).Textured() {
						g = Blur(Blur(g))
					}
					pages = append(pages, g)
				}
			}
			var right, profile, all int
			for b.Loop() {
				right, profile, all = 0, 0, 0
				for _, g := range pages {
					for q := range 4 {
						turned := Turn(g, q)
						l := MeasureLayout(turned)
						// Turned clockwise by q quarters, the page is put
						// upright by the quarter turns left to a whole turn.
						want := (4 - q) % 4
						all++
						if turns(l.Sideways, l.UpsideDown) == want {
							right++
						}
						if turns(l.Sideways, profileUpsideDown(turned, l)) == want {
							profile++
						}
					}
				}
			}
			b.ReportMetric(float64(right)/float64(all), "right/page")
			b.ReportMetric(float64(profile)/float64(all), "profile/page")
			b.ReportMetric(float64(all), "pages")
		})
	}
}

func turns(sideways, upsideDown bool) int {
	n := 0
	if sideways {
		n++
	}
	if upsideDown {
		n += 2
	}
	return n
}

// profileUpsideDown is MeasureLayout's way up by the row profile alone, on
// the axis l found.
func profileUpsideDown(g *image.Gray, l Layout) bool {
	small, _ := reduce(g)
	w, h := small.Rect.Dx(), small.Rect.Dy()
	ink := binarize(small)
	if l.Sideways {
		turned := make([]bool, len(ink))
		for y := range h {
			for x := range w {
				turned[x*h+h-1-y] = ink[y*w+x]
			}
		}
		ink, w, h = turned, h, w
	}
	return upsideDown(ink, w, h, l.Skew)
}
