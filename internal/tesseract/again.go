package tesseract

import (
	"context"
	"errors"
	"image"
	"math"
	"slices"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/imageprep"
)

// again is a page's best reading and what it was read from, for readAgain.
type again struct {
	img   *image.Gray // the image rd was read from
	rd    reading
	glyph int // the characters' height on img
	// other is the page prepared the other way (plain for a prepared
	// reading, prepared for a plain one), every pixel where img has it;
	// plain the unprepared page so placed. Either may be nil.
	other, plain *image.Gray
	// unflattened is img prepared with the light left as it was, every
	// pixel in place, when the page has dark grounds of light text smaller
	// than itself (imageprep.DarkGrounds); else nil.
	unflattened *image.Gray
}

// Kinds of segment: what part of a page a segment reads again, and so
// what its reading is for.
const (
	segUnsure      = iota // lines rd was unsure of, from other (withReread)
	segMissed             // text rd passed over, from img (withMissed)
	segMissedPlain        // the same, from plain (withMissed)
	segGround             // a dark ground of light text, inverted (withMissed)
	segBlock              // a block set at an angle of its own, levelled
	segKinds
)

// segment is a part of a page to read again.
type segment struct {
	kind int
	img  *image.Gray
	// at is where img's origin lies on the page; a block is img cropped at
	// crop and levelled by degrees (blockLines).
	at      image.Point
	crop    image.Rectangle
	degrees float64
}

// readAgain reads again, in one pass, the parts of the page that a.rd
// needs read again, each chosen from what a.rd and the page measure:
//
//   - the lines a.rd was unsure of (unsureLines), from the page prepared
//     the other way, and each part of such a line takes the words of
//     whichever reading read it better (withReread);
//   - the text a.rd passed over (imageprep.MissedText, when missedAt or
//     more character-shaped marks lie outside its words), from img and
//     from the plain page: lines read there outside a.rd's lines follow
//     a.rd's (withMissed);
//   - light text on dark grounds smaller than the page (a coloured bar, a
//     table's header row; imageprep.DarkGrounds), inverted: lines read
//     there outside a.rd's lines follow them (withMissed);
//   - blocks of text set at an angle of their own (a rubber stamp pressed
//     on crooked, blockSkewAt degrees or more; at most maxBlocks), levelled:
//     their lines follow the rest.
//
// The unsure lines are made black and white at the threshold tesseract
// would take for the whole of their page (imageprep.Otsu; a crop's own
// histogram put a shadow's paper under it); the rest stays grey, which
// tesseract's line recogniser reads better than black and white on
// blurred print (a severe copy's patient name read "Aolle D'Arcy" in
// black and white, "Aoife D'Arcy" in grey). The segments are stacked,
// white between them, into one image read as one block of text (--psm 6;
// page layout analysis took a table's rule under a dose for part of its
// line): one tesseract process, whose work grows with the area read
// again, not with the number of parts, and at most a page's area of
// parts in all (withinArea). It returns a.rd's lines when nothing needs
// reading again.
func (r *Reader) readAgain(ctx context.Context, a again) ([]evidence.Line, error) {
	segs, unsure := segmentsOf(a)
	segs = withinArea(segs, a.img.Rect.Dx()*a.img.Rect.Dy())
	if len(segs) == 0 {
		return a.rd.Lines, nil
	}
	// Inverted grounds are read in a run of their own: stacked with the
	// rest, a label's panel set at another angle than the label's small
	// print lost that print (one block, one slope).
	var got [segKinds]reading
	for _, part := range [][]segment{otherThan(segs, segGround), only(segs, segGround)} {
		if len(part) == 0 {
			continue
		}
		read, err := r.readSegments(ctx, part, max(a.glyph, 12))
		switch {
		case err == nil:
		case refused(err):
			// Tesseract refused the parts (their content, never the load):
			// the page's reading stands.
			continue
		default:
			return nil, err
		}
		for k, rd := range read {
			if len(rd.Lines) > 0 {
				got[k] = rd
			}
		}
	}
	rd := a.rd
	if unsure != nil {
		rd = withReread(rd, unsure, got[segUnsure], image.Point{})
	}
	lines := withMissed(rd, got[segMissed], got[segGround], got[segMissedPlain])
	return append(lines, got[segBlock].Lines...), nil
}

// segmentsOf lists what a page's best reading needs read again, most
// needed first (unsure lines, text passed over, crooked blocks, the text
// passed over as the plain page shows it), and which of its lines were
// unsure (nil when none are read again).
func segmentsOf(a again) (_ []segment, unsure []bool) {
	var segs, plainSegs []segment
	bounds := a.img.Rect.Sub(a.img.Rect.Min)
	if a.other != nil {
		var band image.Rectangle
		if unsure, band = unsureLines(a.rd); band.Empty() {
			unsure = nil
		} else {
			// One band around them all, as one block: page layout analysis
			// of a line alone took a table's rule under it for part of it.
			band = band.Inset(-max(a.glyph, 4)).Intersect(bounds)
			t := imageprep.Otsu(a.other)
			segs = append(segs, segment{kind: segUnsure, img: imageprep.Threshold(imageprep.Crop(a.other, band), t), at: band.Min})
		}
	}
	if a.rd.Words > 0 {
		// Marks are looked for on the plain page when there is one: a
		// preparation that evens out the light also brings up the texture
		// of a dark table around the paper, which looks like print.
		marks := a.img
		if a.plain != nil {
			marks = a.plain
		}
		n, regions := imageprep.MissedText(marks, a.glyph, a.rd.Boxes)
		if n >= missedAt {
			sources := []struct {
				kind int
				img  *image.Gray
			}{{segMissed, a.img}, {segMissedPlain, a.plain}}
			for _, src := range sources {
				if src.img == nil {
					continue
				}
				for _, b := range regions {
					seg := segment{kind: src.kind, img: imageprep.Crop(src.img, b), at: b.Min}
					if src.kind == segMissedPlain {
						plainSegs = append(plainSegs, seg)
					} else {
						segs = append(segs, seg)
					}
				}
			}
		}
	}
	// Light text on dark grounds smaller than a page (darkPage), as
	// dark on light.
	if a.unflattened != nil {
		g := imageprep.DarkGrounds(a.unflattened)
		for _, b := range g.Boxes {
			segs = append(segs, segment{kind: segGround, img: imageprep.Crop(g.Inverted, b), at: b.Min})
		}
	}
	if a.glyph > 0 && a.rd.Words > 0 {
		read := 0
		for _, b := range imageprep.TextBlocks(a.img, a.glyph) {
			if read >= maxBlocks {
				break
			}
			crop := b.Inset(-a.glyph).Intersect(bounds)
			block := imageprep.Crop(a.img, crop)
			skew := imageprep.BlockSkew(block)
			if math.Abs(skew) < blockSkewAt {
				continue
			}
			read++
			segs = append(segs, segment{kind: segBlock, img: imageprep.Rotate(block, -skew), crop: crop, degrees: -skew})
		}
	}
	return append(segs, plainSegs...), unsure
}

// only is the segments of kind k; otherThan the others.
func only(segs []segment, k int) []segment {
	return slices.DeleteFunc(slices.Clone(segs), func(s segment) bool { return s.kind != k })
}

func otherThan(segs []segment, k int) []segment {
	return slices.DeleteFunc(slices.Clone(segs), func(s segment) bool { return s.kind == k })
}

// withinArea keeps, in order, the segments that fit in area pixels
// together (a page's: reading again costs at most about one more reading),
// leaving out any that would not fit.
func withinArea(segs []segment, area int) []segment {
	var kept []segment
	used := 0
	for _, s := range segs {
		if a := s.img.Rect.Dx() * s.img.Rect.Dy(); used+a <= area {
			kept = append(kept, s)
			used += a
		}
	}
	return kept
}

// readSegments reads segs in one tesseract run: stacked top to bottom, gap
// white pixels around and between them, read as one block of text. It
// returns each kind's reading with its words' and lines' boxes on the page
// (a segment's at added); a block's words are moved back through its
// levelling (blockLines), and its reading holds no line boxes.
func (r *Reader) readSegments(ctx context.Context, segs []segment, gap int) ([segKinds]reading, error) {
	var got [segKinds]reading
	w, h := 0, gap
	tops := make([]int, len(segs))
	for i, s := range segs {
		w = max(w, s.img.Rect.Dx())
		tops[i] = h
		h += s.img.Rect.Dy() + gap
	}
	w += 2 * gap
	stack := image.NewGray(image.Rect(0, 0, w, h))
	for i := range stack.Pix {
		stack.Pix[i] = 255
	}
	for i, s := range segs {
		sw := s.img.Rect.Dx()
		for y := range s.img.Rect.Dy() {
			row := s.img.Pix[y*s.img.Stride : y*s.img.Stride+sw]
			copy(stack.Pix[(tops[i]+y)*w+gap:], row)
		}
	}
	rd, err := r.ocr(ctx, imageprep.PGM(stack), oneBlock)
	if err != nil {
		return got, err
	}
	for i, line := range rd.Lines {
		box := rd.LineBoxes[i]
		mid := (box.Min.Y + box.Max.Y) / 2
		k := -1
		for j, s := range segs {
			if mid >= tops[j] && mid < tops[j]+s.img.Rect.Dy() {
				k = j
				break
			}
		}
		if k < 0 {
			continue // in a gap: no segment's
		}
		s := segs[k]
		into := &got[s.kind]
		shift := s.at.Sub(image.Pt(gap, tops[k]))
		line = shifted(line, shift)
		if s.kind == segBlock {
			into.Lines = append(into.Lines, blockLines([]evidence.Line{line}, s.crop, s.degrees)...)
			continue
		}
		words := make([]image.Rectangle, len(rd.WordBoxes[i]))
		for j, b := range rd.WordBoxes[i] {
			if !b.Empty() {
				words[j] = b.Add(shift)
			}
		}
		into.Lines = append(into.Lines, line)
		into.LineBoxes = append(into.LineBoxes, box.Add(shift))
		into.WordBoxes = append(into.WordBoxes, words)
	}
	return got, nil
}

// shifted is l with its words' boxes (in pixels) moved by d.
func shifted(l evidence.Line, d image.Point) evidence.Line {
	words := make([]evidence.Word, len(l.Words))
	for k, w := range l.Words {
		if !w.Box.IsZero() {
			w.Box.Left += float64(d.X)
			w.Box.Top += float64(d.Y)
		}
		words[k] = w
	}
	l.Words = words
	return l
}

// refused reports an error of tesseract's refusing an image (its content:
// an exit status, its CPU budget), which a reading again may leave out,
// from one of the load (busy, cut off by the deadline), which must end the
// reading.
func refused(err error) bool {
	return errors.Is(err, evidence.ErrUnreadable) && !errors.Is(err, derrors.ErrBusy)
}
