package tesseract

import (
	"context"
	"image"
	"math"
	"time"

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
	// the cap height) shorter than smallGlyph pixels are enlarged to about
	// targetGlyph, near the 20-30 pixel x-height tesseract reads best;
	// characters taller than largeGlyph are reduced to it, which saves OCR
	// time on large photos. The sample photo and scan measure 24 and 26.
	smallGlyph, targetGlyph, largeGlyph = 14, 24, 60
	// deskewAt: pages sloping less than this many degrees are left as they
	// are (tesseract's own line finding copes); the sample photo slopes 1.25.
	deskewAt = 2.0
	// maxUpscale bounds the enlargement (memory and time on a tiny image).
	maxUpscale = 3.0
	// maxReadings bounds the OCR passes over one page.
	maxReadings = 3
)

// readPage OCRs one decoded page. It turns a page whose text runs up or
// down a quarter turn, and one whose text looks upside down half a turn,
// prepares it as measured (plan), and reads it. A junk reading (many
// words, mostly unsure), or one that finds almost no words on a page with
// many characters, is tried again upside down, then without the
// preparation, while the deadline allows, and the best reading (the most
// confidence in words read well) is kept: a page read upside down gives
// junk at low confidence, and a preparation step that makes the reading
// worse loses to the plain page.
func (r *Reader) readPage(ctx context.Context, page *image.Gray) ([]evidence.Line, error) {
	layout := imageprep.MeasureLayout(page)
	turns := 0
	if layout.Sideways {
		turns++
	}
	if layout.UpsideDown {
		turns += 2
	}
	page = imageprep.Turn(page, turns)
	prepared, steps := plan(page, layout)
	candidates := []func() *image.Gray{
		func() *image.Gray { return prepared },
		func() *image.Gray { return imageprep.Turn(prepared, 2) },
	}
	var best reading
	bestTurned := false
	var first time.Duration
	for i := 0; i < maxReadings; i++ {
		var img *image.Gray
		switch {
		case i < len(candidates):
			img = candidates[i]()
		case steps > 0:
			// The plain page, the better way up so far.
			img = page
			if bestTurned {
				img = imageprep.Turn(page, 2)
			}
		default:
			return best.Lines, nil
		}
		start := time.Now()
		rd, err := r.ocr(ctx, imageprep.PGM(img))
		if err != nil {
			return nil, err
		}
		if i == 0 {
			first = time.Since(start)
		}
		if i == 0 || rd.Score() > best.Score() {
			best, bestTurned = rd, i == 1 || i == 2 && bestTurned
		}
		if !(rd.Junk() || unread(rd, layout)) || !timeFor(ctx, first) {
			break
		}
	}
	return best.Lines, nil
}

// unread reports a page with text on it (many character-shaped marks)
// that a reading found almost no words in: read the wrong way, or spoilt
// by a preparation step.
func unread(rd reading, layout imageprep.Layout) bool {
	return rd.Words < 5 && layout.Glyphs >= 50
}

// timeFor reports whether ctx leaves time for another reading that takes
// about as long as one did, with as much again to spare for the rest of
// the request (other pages, the verdict): a reading found is not lost to a
// timeout by looking for a better one.
func timeFor(ctx context.Context, reading time.Duration) bool {
	deadline, ok := ctx.Deadline()
	return !ok || time.Until(deadline) > 2*reading
}

// plan prepares a page for tesseract from what it measures: a page askew
// by deskewAt degrees or more is levelled, characters too small are
// enlarged and very large ones reduced, and a noisy image is smoothed. It
// returns the prepared image and how many steps were applied (0: the page
// itself).
func plan(page *image.Gray, layout imageprep.Layout) (*image.Gray, int) {
	steps := 0
	glyph := layout.GlyphHeight
	// Reduce first (which also averages noise away), smooth, then enlarge
	// (so that noise is not enlarged with the text).
	if glyph > largeGlyph {
		page = imageprep.Scale(page, float64(targetGlyph)/float64(glyph))
		steps++
	}
	if math.Abs(layout.Skew) >= deskewAt {
		page = imageprep.Rotate(page, -layout.Skew)
		steps++
	}
	if imageprep.NoiseSigma(page) > noisySigma {
		page = imageprep.Blur(page)
		steps++
	}
	if glyph > 0 && glyph < smallGlyph {
		page = imageprep.Scale(page, min(float64(targetGlyph)/float64(glyph), maxUpscale))
		steps++
	}
	return page, steps
}
