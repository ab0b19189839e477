//go:build unix

package browser

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// ShownPage is a page of a document as Chromium lays a review page out
// (internal/review): its figure's id, its image's size as drawn, and each
// box drawn on it.
type ShownPage struct {
	ID            string
	Width, Height float64
	Boxes         []ShownBox
}

// ShownBox is a box drawn over a page: its field (data-field), its centre
// and size in fractions of the page's image, and its stroke colour.
type ShownBox struct {
	Field      string
	X, Y, W, H float64
	Stroke     string
}

// measure lays the review page out and reads where each box is drawn.
const measure = `Array.from(document.querySelectorAll("figure.page")).map(fig => {
  const img = fig.querySelector("image").getBoundingClientRect();
  return {ID: fig.id, Width: img.width, Height: img.height, Boxes: Array.from(fig.querySelectorAll("[data-field]")).map(r => {
    const b = r.getBoundingClientRect();
    return {Field: r.dataset.field, X: (b.left + b.width / 2 - img.left) / img.width,
      Y: (b.top + b.height / 2 - img.top) / img.height, W: b.width / img.width, H: b.height / img.height,
      Stroke: getComputedStyle(r).stroke};
  })};
})`

// ReviewBoxes opens a review page in a new headless Chromium and reads
// where its boxes are drawn. It fails the test if the page requests
// anything but url itself and data: images.
func ReviewBoxes(t *testing.T, url string) []ShownPage {
	t.Helper()
	ctx, requested := New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("table.verdicts"))); err != nil {
		t.Fatalf("load %s: %v", url, err)
	}
	pages, err := chromedp.Run(ctx, chromedp.Evaluate[[]ShownPage](measure))
	if err != nil {
		t.Fatalf("measure the review page: %v", err)
	}
	for _, u := range requested() {
		if u != url && !strings.HasPrefix(u, "data:") {
			t.Errorf("the review page requested %.80s, outside itself", u)
		}
	}
	return pages
}
