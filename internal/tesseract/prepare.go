package tesseract

import (
	"context"
	"image"

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
	// maxUpscale bounds the enlargement (memory and time on a tiny image).
	maxUpscale = 3.0
	// maxReadings bounds the OCR passes over one page.
	maxReadings = 3
)

// readPage OCRs one decoded page. It turns a page whose text runs up or
// down a quarter turn (so that it is upright or upside down), prepares it
// as measured (plan), and reads it. A reading that is not clear is tried
// again upside down, then without the preparation, and the best reading
// (the most confidence in words read well) is kept: a page read upside
// down gives junk at low confidence, and a preparation step that makes
// the reading worse loses to the plain page.
func (r *Reader) readPage(ctx context.Context, page *image.Gray) ([]evidence.Line, error) {
	layout := imageprep.MeasureLayout(page)
	if layout.Sideways {
		page = imageprep.Turn(page, 1)
	}
	prepared, steps := plan(page, layout.GlyphHeight)
	candidates := []func() *image.Gray{
		func() *image.Gray { return prepared },
		func() *image.Gray { return imageprep.Turn(prepared, 2) },
	}
	var best reading
	bestTurned := false
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
		rd, err := r.ocr(ctx, imageprep.PGM(img))
		if err != nil {
			return nil, err
		}
		if i == 0 || rd.Score() > best.Score() {
			best, bestTurned = rd, i == 1 || i == 2 && bestTurned
		}
		if rd.Clear() {
			break
		}
	}
	return best.Lines, nil
}

// plan prepares a page for tesseract from what it measures: characters too
// small are enlarged and very large ones reduced (by glyphHeight, 0 when
// unknown), and a noisy image is smoothed. It returns the prepared image
// and how many steps were applied (0: the page itself).
func plan(page *image.Gray, glyphHeight int) (*image.Gray, int) {
	steps := 0
	// Reduce first (which also averages noise away), smooth, then enlarge
	// (so that noise is not enlarged with the text).
	if glyphHeight > largeGlyph {
		page = imageprep.Scale(page, float64(targetGlyph)/float64(glyphHeight))
		steps++
	}
	if imageprep.NoiseSigma(page) > noisySigma {
		page = imageprep.Blur(page)
		steps++
	}
	if glyphHeight > 0 && glyphHeight < smallGlyph {
		page = imageprep.Scale(page, min(float64(targetGlyph)/float64(glyphHeight), maxUpscale))
		steps++
	}
	return page, steps
}
