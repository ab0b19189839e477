package textractstandin

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"image"
	"math"
	"slices"
	"strings"

	"github.com/clinicplatform/intake/internal/evidence"
)

// Page is what an OCR engine read on one page.
type Page struct {
	// Turns is how many quarter turns clockwise make the page as stored
	// upright (imageprep.Turn's sense).
	Turns int
	// Lines are the lines read, their words boxed on the upright page (in
	// fractions of its width and height, evidence.Box). Words without a
	// box share their line's box; lines without any box are not placed.
	Lines []evidence.Line
}

// OCR reads the words on one page image as stored.
type OCR interface {
	ReadPage(ctx context.Context, page *image.Gray) (Page, error)
}

// splitGap: within a row, a gap between words wider than this many word
// heights starts another LINE. Textract is a model, not a rule: public
// responses keep words up to about 1.2 heights apart in one LINE (justified
// text up to 2) and split a form's caption from its value 2 heights apart
// or more (a patient intake form's "First Name:" | "CARLOS"), a table's
// cells nearer still.
const splitGap = 1.5

// word is a word on the upright page.
type word struct {
	text string
	conf float64 // 0..1
	box  evidence.Box
}

func (w word) right() float64  { return w.box.Left + w.box.Width }
func (w word) bottom() float64 { return w.box.Top + w.box.Height }

// run is a LINE to be: words on one row with no wide gap between them.
type run struct{ words []word }

func (r run) box() evidence.Box {
	var b evidence.Box
	for _, w := range r.words {
		b = b.Union(w.box)
	}
	return b
}

// pageRuns turns an OCR engine's lines into Textract's LINEs, in Textract's
// order: each line is split at wide gaps, runs on one visual row that sit
// close together are joined (an engine that read a caption and its value
// as two blocks gives Textract's one LINE), and the runs are listed row by
// row from the top, left to right within a row, so that side-by-side
// columns come interleaved.
func pageRuns(lines []evidence.Line) []run {
	var runs []run
	for _, l := range lines {
		ws := placed(l)
		if len(ws) == 0 {
			continue
		}
		runs = append(runs, split(ws)...)
	}
	// Rows: a run joins the row it overlaps most vertically, by half the
	// smaller height or more.
	slices.SortStableFunc(runs, func(a, b run) int { return cmp.Compare(center(a.box()), center(b.box())) })
	type row struct {
		runs        []run
		top, bottom float64
		minHeight   float64
	}
	var rows []*row
	for _, r := range runs {
		b := r.box()
		var best *row
		bestShare := 0.0
		for _, rw := range rows {
			overlap := min(b.Top+b.Height, rw.bottom) - max(b.Top, rw.top)
			share := overlap / max(min(b.Height, rw.minHeight), 1e-9)
			if share >= 0.5 && share > bestShare {
				best, bestShare = rw, share
			}
		}
		if best == nil {
			rows = append(rows, &row{runs: []run{r}, top: b.Top, bottom: b.Top + b.Height, minHeight: b.Height})
			continue
		}
		best.runs = append(best.runs, r)
		best.top, best.bottom = min(best.top, b.Top), max(best.bottom, b.Top+b.Height)
		best.minHeight = min(best.minHeight, b.Height)
	}
	slices.SortStableFunc(rows, func(a, b *row) int { return cmp.Compare(a.top+a.bottom, b.top+b.bottom) })
	var out []run
	for _, rw := range rows {
		slices.SortStableFunc(rw.runs, func(a, b run) int { return cmp.Compare(a.box().Left, b.box().Left) })
		joined := []run{rw.runs[0]}
		for _, r := range rw.runs[1:] {
			last := &joined[len(joined)-1]
			prev := last.words[len(last.words)-1]
			gap := r.words[0].box.Left - prev.right()
			if gap >= 0 && gap <= splitGap*medianHeight(append(slices.Clone(last.words), r.words...)) {
				last.words = append(last.words, r.words...)
				continue
			}
			joined = append(joined, r)
		}
		out = append(out, joined...)
	}
	return out
}

// placed is l's words with their boxes, left to right; a word without a
// box gets a share of the line's box by its length (an engine that boxed
// the line but not each word).
func placed(l evidence.Line) []word {
	if len(l.Words) == 0 && !l.Box.IsZero() {
		// A line reported without words: its words share its box.
		for _, f := range strings.Fields(l.Text) {
			l.Words = append(l.Words, evidence.Word{Text: f, Confidence: l.Confidence})
		}
	}
	var chars int
	for _, w := range l.Words {
		chars += len([]rune(strings.TrimSpace(w.Text)))
	}
	var ws []word
	x := l.Box.Left
	for _, w := range l.Words {
		text := strings.TrimSpace(w.Text)
		if text == "" {
			continue
		}
		b := w.Box
		if b.IsZero() && !l.Box.IsZero() {
			width := l.Box.Width * float64(len([]rune(text))) / float64(chars)
			b = evidence.Box{Left: x, Top: l.Box.Top, Width: width, Height: l.Box.Height}
			x += width
		}
		if b.IsZero() {
			continue
		}
		ws = append(ws, word{text: text, conf: w.Confidence, box: b})
	}
	slices.SortStableFunc(ws, func(a, b word) int { return cmp.Compare(a.box.Left, b.box.Left) })
	return ws
}

// split cuts a line's words at gaps wider than splitGap word heights.
func split(ws []word) []run {
	gap := splitGap * medianHeight(ws)
	out := []run{{words: ws[:1]}}
	for i := 1; i < len(ws); i++ {
		if ws[i].box.Left-ws[i-1].right() > gap {
			out = append(out, run{})
		}
		last := &out[len(out)-1]
		last.words = append(last.words, ws[i])
	}
	return out
}

func center(b evidence.Box) float64 { return b.Top + b.Height/2 }

func medianHeight(ws []word) float64 {
	hs := make([]float64, len(ws))
	for i, w := range ws {
		hs[i] = w.box.Height
	}
	slices.Sort(hs)
	return hs[len(hs)/2]
}

// ids makes the blocks' Ids: UUIDs that depend only on the document, the
// page and the block's place, so the same upload gets the same answer.
type ids struct{ seed [32]byte }

func (g ids) id(kind byte, page, n int) string {
	var buf [32 + 1 + 16]byte
	copy(buf[:], g.seed[:])
	buf[32] = kind
	binary.BigEndian.PutUint64(buf[33:], uint64(page))
	binary.BigEndian.PutUint64(buf[41:], uint64(n))
	sum := sha256.Sum256(buf[:])
	var b [16]byte
	copy(b[:], sum[:16])
	return uuidOf(b)
}

// pageBlocks are one page's blocks as Textract lists them: the PAGE, its
// LINEs in reading order, then every LINE's WORDs. page is the page's
// number in a job's results, 0 for DetectDocumentText (which leaves Page
// out).
func pageBlocks(p Page, page int, g ids) []Block {
	runs := pageRuns(p.Lines)
	pageBlock := Block{
		BlockType: "PAGE",
		Geometry:  boxGeometry(evidence.Box{Width: 1, Height: 1}, 0),
		Id:        g.id('P', page, 0),
		Page:      page,
	}
	var lines, words []Block
	var lineIDs []string
	for i, r := range runs {
		line := Block{
			BlockType: "LINE",
			Geometry:  boxGeometry(r.box(), p.Turns),
			Id:        g.id('L', page, i),
			Page:      page,
		}
		var texts, wordIDs []string
		var sum float64
		for _, w := range r.words {
			id := g.id('W', page, len(words))
			words = append(words, Block{
				BlockType:  "WORD",
				Confidence: percent(w.conf),
				Text:       w.text,
				TextType:   "PRINTED",
				Geometry:   boxGeometry(w.box, p.Turns),
				Id:         id,
				Page:       page,
			})
			texts = append(texts, w.text)
			wordIDs = append(wordIDs, id)
			sum += w.conf
		}
		line.Text = strings.Join(texts, " ")
		line.Confidence = percent(sum / float64(len(r.words)))
		line.Relationships = []relationship{{Type: "CHILD", Ids: wordIDs}}
		lines = append(lines, line)
		lineIDs = append(lineIDs, line.Id)
	}
	if len(lineIDs) > 0 {
		pageBlock.Relationships = []relationship{{Type: "CHILD", Ids: lineIDs}}
	}
	return append(append([]Block{pageBlock}, lines...), words...)
}

// percent is a 0..1 confidence (or a percentage) as Textract's percentage.
func percent(c float64) *float32 {
	if c <= 1 {
		c *= 100
	}
	v := float32(min(max(c, 0), 100))
	return &v
}

// boxGeometry is the geometry of a box on the upright page, in the frame of
// the page as stored (turned back by turns quarter turns): the polygon's
// corners in the text's own order (top left, top right, bottom right,
// bottom left of the upright text, so its first two points run along the
// text), and the bounding box around them.
func boxGeometry(b evidence.Box, turns int) geometry {
	corners := [4][2]float64{
		{b.Left, b.Top}, {b.Left + b.Width, b.Top},
		{b.Left + b.Width, b.Top + b.Height}, {b.Left, b.Top + b.Height},
	}
	g := geometry{Polygon: make([]point, 4)}
	left, top, right, bottom := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, c := range corners {
		x, y := stored(clamp(c[0]), clamp(c[1]), turns)
		g.Polygon[i] = point{X: float32(x), Y: float32(y)}
		left, right = min(left, x), max(right, x)
		top, bottom = min(top, y), max(bottom, y)
	}
	g.BoundingBox = boundingBox{Width: float32(right - left), Height: float32(bottom - top), Left: float32(left), Top: float32(top)}
	return g
}

// stored maps a point of the upright page to the page as stored, which
// turns quarter turns clockwise make upright: each quarter turn back is
// (x, y) -> (y, 1-x).
func stored(x, y float64, turns int) (float64, float64) {
	for range ((turns % 4) + 4) % 4 {
		x, y = y, 1-x
	}
	return x, y
}

func clamp(v float64) float64 { return min(max(v, 0), 1) }
