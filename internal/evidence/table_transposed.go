// Tables turned on their side: a column of captions, one column per record.

package evidence

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// transposedTables finds, among a page's physical rows, tables laid out the
// other way round: each row a field, its caption in the first cell at the
// left ("Medicine", "Strength", "Last supplied"), then one cell per record
// (a family account's column per member, a medication history's column per
// fill): unseen153, round 29, whose fills-across histories, family columns
// and month grids lost most of their doses and dates, and a member's
// Wegovy was rated the requested one of another column. Each record is
// written out as a table's row is (transposedLine), after its heading (the
// row of names over the captions, when there is one).
//
// A table is three or more such rows, one captioned as a medicine's and one
// as a date's, at least two records, each row no further below the last
// than 2.5 text heights. Only pages whose words have their places, and
// only words no table of rows took (consumed).
func transposedTables(lines []Line, rows []physicalRow, h, cw float64, consumed map[[2]int]bool) []tableInsert {
	var inserts []tableInsert
	for i := 0; i < len(rows); {
		band := fieldRows(rows, i, h, cw)
		if !transposedBand(band) || slices.ContainsFunc(band, func(r fieldRow) bool {
			return slices.ContainsFunc(r.all, func(w tableWord) bool { return consumed[[2]int{w.line, w.index}] })
		}) {
			i++
			continue
		}
		cols := recordColumns(band)
		if len(cols) < 2 {
			i++
			continue
		}
		for k := range band {
			// A lone cell under one record's column is that record's
			// ("Notes | transferred out" under the first supply).
			band[k].shared = band[k].shared && spans(band[k].values[0], cols) >= 2
		}
		var heading []cellWords
		if i > 0 && rows[i].top-rows[i-1].bottom < 2.5*h {
			heading = cellsOf(rows[i-1], cw)
			if len(heading) < len(cols) || slices.ContainsFunc(heading, func(c cellWords) bool { return fieldCaption(c.text()) != "" }) {
				heading = nil
			}
		}
		in := tableInsert{at: math.MaxInt}
		for c := range cols {
			if cell := cellUnder(heading, cols[c]); len(cell.words) > 0 {
				in.lines = append(in.lines, transposedLine(lines, []cellWords{{}}, []cellWords{cell}))
			}
			var captions, values []cellWords
			for _, row := range band {
				if row.shared {
					captions, values = append(captions, row.caption), append(values, row.values[0])
				} else if cell := cellUnder(row.values, cols[c]); len(cell.words) > 0 {
					captions, values = append(captions, row.caption), append(values, cell)
				}
			}
			if len(values) > 0 {
				in.lines = append(in.lines, transposedLine(lines, captions, values))
			}
		}
		for _, row := range band {
			markConsumed(row.all, consumed, &in.at)
		}
		if heading != nil {
			markConsumed(rows[i-1].words, consumed, &in.at)
		}
		in.rows = make([]linePlace, len(in.lines))
		inserts = append(inserts, in)
		i += len(band)
	}
	return inserts
}

// cellWords is a run of words standing together on a row, apart from the
// next by a column's gap.
type cellWords struct {
	words       []tableWord
	left, right float64
}

func (c cellWords) text() string {
	parts := make([]string, len(c.words))
	for k, w := range c.words {
		parts[k] = w.text
	}
	return strings.Join(parts, " ")
}

// cellsOf splits a row into cells at gaps wider than two characters, and
// drops the rules a reader reads as bars ("|").
func cellsOf(r physicalRow, cw float64) []cellWords {
	var cells []cellWords
	for _, w := range r.words {
		if strings.Trim(w.text, "|¦[]") == "" {
			continue
		}
		if n := len(cells); n > 0 && w.box.Left-cells[n-1].right <= 2*cw {
			cells[n-1].words = append(cells[n-1].words, w)
			cells[n-1].right = w.right()
			continue
		}
		cells = append(cells, cellWords{words: []tableWord{w}, left: w.box.Left, right: w.right()})
	}
	return cells
}

// fieldRow is a row of a turned table: its caption's cell and its
// records' cells.
type fieldRow struct {
	kind    string
	caption cellWords
	values  []cellWords
	all     []tableWord
	// shared: one cell for every record.
	shared bool
}

// fieldRows are the rows from row i on whose first cell is a field's
// caption, at the rows' left edge, with two or more cells after it, each
// close under the one before.
func fieldRows(rows []physicalRow, i int, h, cw float64) []fieldRow {
	var band []fieldRow
	for k := i; k < len(rows); k++ {
		cells := cellsOf(rows[k], cw)
		if len(cells) > 1 && len(cells[0].words) == 1 && rowNumber(cells[0].words[0]) {
			// A spreadsheet's row number before the caption ("3" | "Date
			// supplied" on a printed sheet; unseen153).
			cells = cells[1:]
		} else if len(cells) > 0 && len(cells[0].words) > 1 && rowNumber(cells[0].words[0]) {
			cells[0].words = cells[0].words[1:]
			cells[0].left = cells[0].words[0].box.Left
		}
		if len(band) > 0 && rows[k].top-rows[k-1].bottom > 2.5*h {
			break
		}
		if n := len(band); n > 0 && len(cells) > 0 && cells[0].left > band[0].caption.right+cw {
			// A row of the records' cells alone: the wrapped end of the
			// row above ("Wegovy FlexTouch" over "pen" in each column).
			band[n-1].values = wrapInto(band[n-1].values, cells)
			band[n-1].all = append(band[n-1].all, rows[k].words...)
			continue
		}
		if len(cells) < 2 {
			break
		}
		kind := fieldCaption(cells[0].text())
		if kind == "" || len(band) > 0 && math.Abs(cells[0].left-band[0].caption.left) > 3*cw {
			break
		}
		// A caption and one cell: a field every record shares, its cell
		// spanning their columns ("Medicine | Mounjaro KwikPen, one
		// injection weekly" over a titration record's month columns;
		// unseen153, round 30).
		band = append(band, fieldRow{kind: kind, caption: cells[0], values: cells[1:], all: rows[k].words, shared: len(cells) == 2})
	}
	return band
}

// wrapInto adds the cells of a wrapped row to the cells above them that
// they lie under, or as cells of their own.
func wrapInto(above, wrapped []cellWords) []cellWords {
	out := slices.Clone(above)
	for _, c := range wrapped {
		k := slices.IndexFunc(out, func(a cellWords) bool { return c.left < a.right && c.right > a.left })
		if k < 0 {
			out = append(out, c)
			continue
		}
		out[k].words = append(slices.Clone(out[k].words), c.words...)
		out[k].left, out[k].right = min(out[k].left, c.left), max(out[k].right, c.right)
	}
	slices.SortFunc(out, func(a, b cellWords) int { return cmp.Compare(a.left, b.left) })
	return out
}

// transposedBand reports three or more field rows, one a medicine's and
// one a date's.
func transposedBand(band []fieldRow) bool {
	kinds, own := map[string]bool{}, 0
	for _, r := range band {
		kinds[r.kind] = true
		if !r.shared {
			own++
		}
	}
	return len(band) >= 3 && own >= 2 && kinds["medicine"] && kinds["date"]
}

// fieldCaption is the kind of field a caption names ("medicine", "date",
// "other"), or "" when it names none.
func fieldCaption(s string) string {
	_, ws := normalise(s)
	if len(ws) == 0 || len(ws) > 4 {
		return ""
	}
	var words []string
	for _, w := range ws {
		if isDigit(w.text[0]) {
			return ""
		}
		words = append(words, w.text)
	}
	text := strings.Join(words, " ")
	switch {
	case medicineCaptions[text]:
		return "medicine"
	case otherFieldCaptions[text]:
		return "other"
	case strings.Contains(text, "date") || dateCaptionWords[words[len(words)-1]] || dateCaptionWords[words[0]]:
		return "date"
	}
	return ""
}

var medicineCaptions = map[string]bool{
	"medicine": true, "medicines": true, "medication": true, "drug": true, "item": true, "product": true,
	"drug name": true, "medicine name": true, "item dispensed": true, "dispensed item": true, "preparation": true,
}

var dateCaptionWords = map[string]bool{
	"filled": true, "supplied": true, "dispensed": true, "fill": true, "collected": true, "shipped": true,
	"dispatched": true, "due": true, "dob": true, "delivered": true,
}

var otherFieldCaptions = map[string]bool{
	"strength": true, "dose": true, "dosage": true, "quantity": true, "qty": true, "pharmacy": true,
	"patient": true, "name": true, "nhs number": true, "nhs no": true, "rx": true, "rx no": true,
	"collected by": true, "prescriber": true, "status": true, "days supply": true, "refills": true,
	"directions": true, "pack": true, "pack size": true, "pens": true, "form": true, "paid": true,
	"cost": true, "price": true, "member": true, "relationship": true, "account": true,
	"pharmacist": true, "checked by": true, "dispensed by": true, "notes": true, "note": true, "comments": true,
}

// recordColumns are the spans of the records' cells: the cells of the row
// with the most, widened by the cells of the others that overlap them.
func recordColumns(band []fieldRow) []cellWords {
	widest := slices.MaxFunc(band, func(a, b fieldRow) int { return len(a.values) - len(b.values) })
	cols := slices.Clone(widest.values)
	for _, r := range band {
		if r.shared {
			continue
		}
		for _, c := range r.values {
			for k := range cols {
				if c.left < cols[k].right && c.right > cols[k].left {
					cols[k].left, cols[k].right = min(cols[k].left, c.left), max(cols[k].right, c.right)
				}
			}
		}
	}
	for k := 1; k < len(cols); k++ {
		if cols[k].left < cols[k-1].right {
			return nil // cells that overlap two records: no grid
		}
	}
	return cols
}

// spans is how many of cols a cell lies over.
func spans(cell cellWords, cols []cellWords) int {
	n := 0
	for _, c := range cols {
		if cell.left < c.right && cell.right > c.left {
			n++
		}
	}
	return n
}

// cellUnder is the cell of cells that lies under col (overlapping it); none
// when there is none.
func cellUnder(cells []cellWords, col cellWords) cellWords {
	for _, c := range cells {
		if c.left < col.right && c.right > col.left {
			return c
		}
	}
	return cellWords{}
}

// transposedLine is a record written as a table's row is: each field's
// caption, a colon and its value, the fields apart by tabs ("Medicine:
// Wegovy FlexTouch pen<tab>Strength: 1 mg weekly<tab>Last supplied: 12 Nov
// 2026"); a caption with no words gives the value alone (the record's
// heading).
func transposedLine(lines []Line, captions, values []cellWords) Line {
	var ws []Word
	var fields []string
	for f, cell := range values {
		var parts []string
		for k, w := range captions[f].words {
			word := lines[w.line].Words[w.index]
			if k == len(captions[f].words)-1 {
				word.Text = strings.TrimRight(word.Text, ":|") + ":"
			}
			ws, parts = append(ws, word), append(parts, word.Text)
		}
		for _, w := range cell.words {
			word := lines[w.line].Words[w.index]
			ws, parts = append(ws, word), append(parts, word.Text)
		}
		fields = append(fields, strings.Join(parts, " "))
	}
	out := lineOfWords(ws, lines[values[0].words[0].line])
	out.Text = strings.Join(fields, "\t")
	return out
}

// markConsumed marks words used and moves at up to the first line among
// them.
func markConsumed(ws []tableWord, consumed map[[2]int]bool, at *int) {
	for _, w := range ws {
		consumed[[2]int{w.line, w.index}] = true
		*at = min(*at, w.line)
	}
}
