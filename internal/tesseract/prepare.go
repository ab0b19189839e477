package tesseract

import (
	"context"
	"image"
	"math"
	"slices"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
)

// Preparation thresholds, each measured with `go run ./cmd/eval` and
// BenchmarkPrepare (docs/performance.md, "Reading photos and scans").
const (
	// noisySigma: above this estimated noise (grey levels), the page is
	// smoothed before OCR. Rendered pages and scans measure 0-2, the
	// enlarged 11-megapixel sample photo 6.7.
	noisySigma = 3.0
	// Characters (imageprep.Layout.GlyphHeight, between the x-height and
	// the cap height) of largeGlyph or more are reduced by the whole
	// factor nearest to taking them to targetGlyph (2 from 42 pixels: 21),
	// near the 20-30 pixel x-height tesseract reads best, which saves OCR
	// time on large photos (a 12-megapixel photo's print measures 45-65).
	// Characters shorter than smallGlyph are enlarged to about
	// enlargedGlyph: enlarged to targetGlyph instead, small print, severe
	// copies and photos 600 pixels long read no better and cost more
	// (cmd/eval's small-print, severe and photo-600px, seed 1, both
	// markets: 214 fields of 225 right at 24 pixels, 221 at 18; CPU per
	// image against tesseract alone, median 1.90x and 1.74x). The sample
	// photo and scan measure 24 and 26.
	smallGlyph, enlargedGlyph, targetGlyph, largeGlyph = 14, 18, 24, 42
	// deskewAt: pages sloping less than this many degrees are left as they
	// are (tesseract's own line finding copes); the sample photo slopes 1.25.
	deskewAt = 2.0
	// unevenLight: where the paper's brightness (imageprep.Background)
	// varies by more than this many grey levels across the page (a shadow,
	// a lamp to one side, a table around the paper), the light is
	// flattened. Rendered pages and scans measure 0-16, phone photos
	// 90-170. (Made black and white after, at half the paper's
	// brightness, the page read better with a shadow but lost thin
	// strokes and accents on other photos: "Zoë" read "206".)
	unevenLight = 40
	// maxUpscale bounds the enlargement (memory and time on a tiny image).
	maxUpscale = 3.0
	// maxReadings bounds the readings of a whole page (the first and the
	// retries of a junk one); readAgain adds one pass over at most a
	// page's area.
	maxReadings = 5
	// A block of ink the page's reading missed whose text slopes by
	// blockSkewAt degrees or more (a rubber stamp pressed on crooked) is
	// levelled and read on its own; at most maxBlocks such blocks a page.
	blockSkewAt = 3.0
	maxBlocks   = 2
	// A reading that leaves missedAt or more character-shaped marks
	// outside its words has passed over text (a heading or a date its page
	// layout analysis found no place for, a name's second half); a line
	// read again from them is kept when read with missedConfidence or more
	// (below, specks and edges read as letters). Reading again costs only
	// the parts passed over (readAgain), so a short line is worth it: at 6
	// rather than 12, make heldout's severe copies gave 208 fields right
	// against 204 over seeds 1-3, the corpus's the same (227 over seeds 1,
	// 7 and 20261123), and the hard photos no more time.
	missedAt, missedConfidence = 6, 0.5
	// darkPage: a page whose dark grounds of light text (an app in dark
	// mode) cover this share of it or more is inverted before anything
	// else, so that it is measured, prepared and read as dark text on
	// light. Smaller grounds (a coloured bar, a table's header row) are
	// read again inverted instead (readAgain): inverted in the page, a
	// table's header row gave tesseract's layout analysis columns to split
	// the table's rows at, and a row's date and patient came apart.
	darkPage = 0.5
)

// readPage OCRs one decoded page. It turns a page whose text runs up or
// down a quarter turn, and one whose text looks upside down half a turn,
// prepares it as measured (plan), and reads it. A junk reading (many
// words, mostly unsure), or one that finds almost no words on a page with
// many characters, is tried again upside down, then without the
// preparation (and that upside down too when it reads as junk), then as
// one block of text (no page layout analysis), and the best reading (the
// most confidence in words read well) is kept: a page read upside down
// gives junk at low confidence, and a preparation step that makes the
// reading worse loses to the plain page. Then the parts of the page that
// reading needs read again are read in one more pass (readAgain).
//
// What is read depends only on the page and on what the readings found,
// never on the time left: a reading cut off by its deadline returns the
// error, and Read answers busy, rather than a verdict from part of the
// work. (A loaded machine had the same photo judged on a shorter reading:
// issue 18.)
//
// It returns the lines read, their words and lines placed on the page as
// turned upright (the Page says how), in fractions of it.
func (r *Reader) readPage(ctx context.Context, page *image.Gray) ([]evidence.Line, evidence.Page, error) {
	// A page small in a large frame (photographed from afar) is measured
	// and read alone: measured with the frame, a rug's checks took the
	// place of its characters and its text was reduced to nothing.
	whole := page.Rect.Size()
	found, small := imageprep.FindPage(page)
	if small {
		page = imageprep.Crop(page, found)
	}
	grounds := imageprep.DarkGrounds(page)
	if grounds.Share >= darkPage {
		page, grounds = grounds.Inverted, imageprep.Grounds{}
	}
	layout := imageprep.MeasureLayout(page)
	if layout.Textured() {
		// Smoothed over about a screen pixel's width, the grid goes and
		// the characters measure as they are.
		page = imageprep.Blur(imageprep.Blur(page))
		layout = imageprep.MeasureLayout(page)
	}
	turns := 0
	if layout.Sideways {
		turns++
	}
	if layout.UpsideDown {
		turns += 2
	}
	page = imageprep.Turn(page, turns)
	prepared, steps, inPlace := plan(page, layout)
	triedBlock, plainJunk := false, false
	var plain, turnedPrepared *image.Gray
	var best reading
	var bestImg *image.Gray
	bestTurned := false
	// Where each image read lies on page (place.go).
	preparedFrame := frame{levelled: levelling(layout)}
	var fr, plainFrame, bestFrame frame
	for i := 0; i < maxReadings; i++ {
		img, psm := prepared, autoLayout
		fr = preparedFrame
		switch {
		case i == 0:
		case i == 1 && steps > 0 && best.Words < 5:
			// The prepared page read as nothing at all, not as the junk
			// of a page upside down: the preparation spoilt it (a line
			// round the paper that framed the text, a screen's pattern
			// brought up), so the plain page is read next.
			continue
		case i == 1:
			img, fr = imageprep.Turn(prepared, 2), preparedFrame.turned()
			turnedPrepared = img
		case i == 2 && steps > 0:
			// The plain page, the better way up so far: turned only when the
			// turned reading was clear, since junk read upside down outscores
			// a prepared page whose layout analysis found nothing at all.
			img, fr = page, frame{}
			if bestTurned && !best.Junk() {
				img, fr = imageprep.Turn(page, 2), fr.turned()
			}
		case i == 3 && plainJunk:
			// The plain page read as junk: the other way up. The layout's
			// measure of which way up misleads on some pages (an FP10's
			// boxes), and the prepared page read nothing either way.
			img, fr, plainJunk = imageprep.Turn(plain, 2), plainFrame.turned(), false
		case i >= 2 && !triedBlock:
			// The best so far as one block of text: tesseract's page
			// layout analysis finds no text in some pages (small blurred
			// print inside a frame) that it reads well as one block.
			img, fr, psm, triedBlock = bestImg, bestFrame, oneBlock, true
		default:
			continue
		}
		rd, err := r.ocr(ctx, imageprep.PGM(img), psm)
		if err != nil {
			return nil, evidence.Page{}, err
		}
		if i == 2 && steps > 0 {
			plain, plainJunk, plainFrame = img, rd.Junk(), fr
		}
		if i == 0 || rd.Score() > best.Score() {
			best, bestImg, bestFrame = rd, img, fr
			if psm == autoLayout {
				bestTurned = i == 1 || i == 2 && bestTurned
			}
		}
		if !(rd.Junk() || unread(rd, layout)) {
			break
		}
	}
	glyph := layout.GlyphHeight * bestImg.Rect.Dx() / max(1, page.Rect.Dx())
	// When the preparation kept every pixel in place, the lines the best
	// reading was unsure of are read again from the page prepared the
	// other way (the plain page for a reading of the prepared one, either
	// way up, and the prepared page for a reading of the plain one), and
	// the lines a reading of the prepared page passed over are looked for
	// on the plain page too: flattening the light leaves a seam at a
	// shadow's hard edge, and text along it (a dose, a label's date) can
	// read as junk on one and well on the other, either way round.
	var unprepared, other *image.Gray
	if steps > 0 && inPlace {
		switch bestImg {
		case prepared:
			unprepared, other = page, page
		case turnedPrepared:
			unprepared = imageprep.Turn(page, 2)
			other = unprepared
		case page:
			other = prepared
		}
	}
	// Dark grounds smaller than the page are looked for again on the image
	// read, but with the light left as it was: flattening takes a bar
	// for paper and whitens it, text and all.
	var unflattened *image.Gray
	if grounds.Inverted != nil {
		switch bestImg {
		case prepared, turnedPrepared:
			unflattened, _, _ = prepare(page, layout, false)
			if bestImg == turnedPrepared {
				unflattened = imageprep.Turn(unflattened, 2)
			}
		case page:
			unflattened = page
		default: // the plain page turned
			unflattened = imageprep.Turn(page, 2)
		}
	}
	lines, err := r.readAgain(ctx, again{img: bestImg, rd: best, glyph: glyph, other: other, plain: unprepared, unflattened: unflattened})
	if err != nil {
		return nil, evidence.Page{}, err
	}
	if bestFrame.half {
		turns += 2
	}
	lines = placeLines(lines, bestImg.Rect.Size(), bestFrame)
	if small {
		lines = uncrop(lines, found, whole, turns%4)
	}
	return lines, evidence.Page{Turns: turns % 4}, nil
}

// withMissed is rd's lines in their order, then those of the readings of
// what it passed over (of the same page, pixels in place; readAgain) that
// lie outside rd's lines and the lines kept before them, were read with
// missedConfidence or more and hold a word. rd's lines keep their order:
// tesseract reads a page's columns one after the other, and a caption's
// value is the line after it (sorted by height, an FP10's practice
// address came between its patient caption and the patient).
func withMissed(rd reading, sparse ...reading) []evidence.Line {
	lines := slices.Clone(rd.Lines)
	taken := slices.Clone(rd.LineBoxes)
	for _, sp := range sparse {
		for i, l := range sp.Lines {
			box := sp.LineBoxes[i]
			if l.Confidence < missedConfidence || alnum(l.Text) < 2 || overlapsAny(box, taken) {
				continue
			}
			lines = append(lines, l)
			taken = append(taken, box)
		}
	}
	return lines
}

// overlapsAny reports whether half or more of box lies in one of boxes.
func overlapsAny(box image.Rectangle, boxes []image.Rectangle) bool {
	area := box.Dx() * box.Dy()
	for _, b := range boxes {
		in := box.Intersect(b)
		if 2*in.Dx()*in.Dy() >= area {
			return true
		}
	}
	return false
}

// unread reports a page with text on it (many character-shaped marks)
// that a reading found almost no words in: read the wrong way, or spoilt
// by a preparation step.
func unread(rd reading, layout imageprep.Layout) bool {
	return rd.Words < 5 && layout.Glyphs >= 30
}

// levelling is the turn, in degrees, plan gives a page to level it: none
// for a page askew by less than deskewAt.
func levelling(layout imageprep.Layout) float64 {
	if math.Abs(layout.Skew) >= deskewAt {
		return -layout.Skew
	}
	return 0
}

// plan prepares a page for tesseract from what it measures: a page askew
// by deskewAt degrees or more is levelled, characters too small are
// enlarged and very large ones reduced, and a noisy image is smoothed. It
// returns the prepared image, how many steps were applied (0: the page
// itself), and whether every pixel is where it was on the page (neither
// scaled nor rotated: only the light and the noise changed).
func plan(page *image.Gray, layout imageprep.Layout) (_ *image.Gray, steps int, inPlace bool) {
	return prepare(page, layout, true)
}

// prepare is plan, with the light evened out only when flatten is set.
func prepare(page *image.Gray, layout imageprep.Layout, flatten bool) (_ *image.Gray, steps int, inPlace bool) {
	inPlace = true
	glyph := layout.GlyphHeight
	// Reduce first (which also averages noise away), then smooth; small
	// print is enlarged before it is smoothed, the smoothing then finer
	// than its strokes. (Smoothed first, small print's own edges and a
	// JPEG's blocks measure as noise, and a receipt 600 pixels long read
	// "WEGOVY 1. 796/0. 75" for 1.7MG/0.75ML.)
	if glyph >= largeGlyph {
		page = imageprep.Scale(page, float64(targetGlyph)/float64(glyph))
		steps, inPlace = steps+1, false
	}
	if a := levelling(layout); a != 0 {
		page = imageprep.Rotate(page, a)
		steps, inPlace = steps+1, false
	}
	// The paper's brightness is estimated over windows wider than a
	// character (here, after any reduction), so that every window sees
	// paper between the strokes.
	radius := max(glyph, 12)
	if glyph >= largeGlyph {
		radius = targetGlyph
	}
	if flatten {
		if bg := imageprep.Background(page, radius); imageprep.Unevenness(bg) > unevenLight {
			page = imageprep.Flatten(page, bg)
			steps++
		}
	}
	noisy := imageprep.NoiseSigma(page) > noisySigma
	small := glyph > 0 && glyph < smallGlyph
	if noisy && !small {
		page = imageprep.Blur(page)
		steps++
	}
	if small {
		page = imageprep.Scale(page, min(float64(enlargedGlyph)/float64(glyph), maxUpscale))
		steps, inPlace = steps+1, false
		if noisy {
			page = imageprep.Blur(page)
			steps++
		}
	}
	return page, steps, inPlace
}
