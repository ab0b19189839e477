// Tables of fills read from the page's geometry: a row of column headings over rows of cells.

package evidence

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// reflowTables rewrites each table of fills on a page as a person reads it:
// one line per row, each cell after its column's heading ("Date filled:
// 11/17/2026<tab>Patient: NKECHI OKAFOR-REID<tab>Drug: ZEPBOUND 7.5 MG/0.5
// ML PEN"). Readers give a table's cells as lines of their own, in an order
// that is not the row's: a cell that wraps ("DARNELL OKAFOR-" over "REID")
// is two lines, cells centred on a wrapped neighbour sit on other
// baselines, and a spreadsheet is read column by column. The words' boxes
// say which heading a cell lies under and which row it belongs to.
//
// A table is a row of at least three headings, no digit in them, one of
// them a date's label other than another role's (tableHeading), over rows
// each with a date under that heading, a medicine named in one of them. A
// row is the words nearest its date (within rowReach text heights); a line
// further from every row than that ends the table. Lines without geometry,
// or whose words the reader did not
// place, are left as they are.
//
// Before that, a line that crosses a gutter between panels side by side is
// split at the gutter (splitAtGutters), each part marked with its panel.
func reflowTables(lines []Line) ([]Line, []linePlace) {
	out, places := splitAtGutters(lines)
	tables := 0
	for _, page := range pagesOf(lines) {
		out, places, tables = reflowPage(out, places, page, tables)
	}
	return out, places
}

// linePlace is where a line stands in a page's layout: the table it is a
// row of (0: none; tables count from 1 down the document) and what its
// patient cell reads ("" when the table has no patient column); the panel
// it lies in, on a page of panels side by side (0: none; 1 the leftmost).
type linePlace struct {
	table   int
	patient string
	panel   int
}

// patientCaptions head a column of the person each row was dispensed for.
var patientCaptions = []string{"patient", "patient name", "name", "member", "member name", "resident", "dependent", "dependant"}

// rowReach: a word joins the row whose date is nearest, up to this many
// text heights away (a cell wrapped over three lines, its date centred),
// or 0.6 of the rows' pitch where rows are padded further apart.
const rowReach = 1.6

// tableWord is a word of a page with where it is.
type tableWord struct {
	text string
	conf float64
	// box is where the word lies on the page levelled (a photo's slight
	// turn undone, so that a row's words share a height), shown where the
	// reader placed it.
	box, shown  Box
	line, index int // the line and place in it the word came from
}

func (w tableWord) centreY() float64 { return w.box.Top + w.box.Height/2 }
func (w tableWord) right() float64   { return w.box.Left + w.box.Width }
func (w tableWord) bottom() float64  { return w.box.Top + w.box.Height }

// physicalRow is words that share a baseline, left to right.
type physicalRow struct {
	words       []tableWord
	top, bottom float64
}

func (r physicalRow) centre() float64 { return (r.top + r.bottom) / 2 }

// hasDigit reports a digit in the row's words, other than a spreadsheet's
// row number at its left.
func (r physicalRow) hasDigit() bool {
	for k, w := range r.words {
		if k == 0 && len(r.words) > 1 && rowNumber(w) {
			continue
		}
		if strings.ContainsFunc(w.text, unicode.IsDigit) {
			return true
		}
	}
	return false
}

// rowNumber reports a spreadsheet's row number: one to three digits.
func rowNumber(w tableWord) bool {
	return len(w.text) <= 3 && !strings.ContainsFunc(w.text, func(c rune) bool { return !unicode.IsDigit(c) })
}

// tableColumn is a heading and the span it covers.
type tableColumn struct {
	caption     string
	words       []tableWord
	left, right float64
}

func pagesOf(lines []Line) []int {
	var pages []int
	for _, l := range lines {
		if !l.Box.IsZero() && !slices.Contains(pages, l.Page) {
			pages = append(pages, l.Page)
		}
	}
	return pages
}

// reflowPage reflows the tables of one page; lines of other pages keep
// their place.
func reflowPage(lines []Line, info []linePlace, page, tables int) ([]Line, []linePlace, int) {
	words := placedWords(lines, page)
	if len(words) < 6 {
		return lines, info, tables
	}
	h, cw := textMetrics(words)
	if h <= 0 || cw <= 0 {
		return lines, info, tables
	}
	consumed := map[[2]int]bool{}
	inserts, tables := pageTables(lines, physicalRows(words, h), h, cw, consumed, page, tables)
	inserts = append(inserts, transposedTables(lines, physicalRows(words, h), h, cw, consumed)...)
	if gutters := sideGutters(words, cw, inserts); len(gutters) > 0 {
		// Pages side by side in one picture (a scanner app's three pages
		// on one image): a table's heading shares its baseline with the
		// next page's lines, and is found only within its own page
		// (unseen86, round 22, whose dispensing log, read column by
		// column, was left so and a prescribed dose taken for a fill).
		for _, ws := range byPanel(words, gutters) {
			var in []tableInsert
			in, tables = pageTables(lines, physicalRows(ws, h), h, cw, consumed, page, tables)
			inserts = append(inserts, in...)
		}
	}
	if len(inserts) == 0 {
		return lines, info, tables
	}
	var out []Line
	var outInfo []linePlace
	for li, l := range lines {
		for _, in := range inserts {
			if in.at == li {
				out = append(out, in.lines...)
				outInfo = append(outInfo, in.rows...)
			}
		}
		if l.Page != page || l.Box.IsZero() {
			out = append(out, l)
			outInfo = append(outInfo, info[li])
			continue
		}
		var kept []Word
		for k, w := range l.Words {
			if !consumed[[2]int{li, k}] {
				kept = append(kept, w)
			}
		}
		switch {
		case len(kept) == len(l.Words):
			out = append(out, l)
			outInfo = append(outInfo, info[li])
		case len(kept) > 0:
			out = append(out, lineOfWords(kept, l))
			outInfo = append(outInfo, info[li])
		}
	}
	return out, outInfo, tables
}

// tableInsert is a table's rows, to go in before line at.
type tableInsert struct {
	at    int
	lines []Line
	rows  []linePlace
}

// pageTables finds the tables among a page's physical rows, marks their
// words consumed, and gives their rows to insert; tables counts the
// document's tables so far.
func pageTables(lines []Line, rows []physicalRow, h, cw float64, consumed map[[2]int]bool, page, tables int) ([]tableInsert, int) {
	var inserts []tableInsert
	for i := 0; i < len(rows); {
		cols, next := tableHeading(rows, i, h, cw)
		if cols == nil {
			i++
			continue
		}
		table, patients, end := tableRows(rows, next, cols, h, cw)
		if len(table) == 0 || len(findMedicineMentions(documentOf(table, nil, true, nil))) == 0 {
			// No rows, or rows that name no medicine (a titration plan's
			// steps under the plan's one medicine): each row's date would
			// stand for a fill of no medicine named.
			i++
			continue
		}
		first := consume(rows[i:end], cols, cw, consumed, len(lines))
		tables++
		ri := make([]linePlace, len(table))
		for k := range table {
			table[k].Page = page
			ri[k] = linePlace{table: tables, patient: patients[k]}
		}
		inserts = append(inserts, tableInsert{at: first, lines: table, rows: ri})
		i = end
	}
	return inserts, tables
}

// sideGutters are the gutters between panels of a page whose tables were
// found nowhere across it (none when some were: the page is read).
func sideGutters(words []tableWord, cw float64, found []tableInsert) []float64 {
	if len(found) > 0 {
		return nil
	}
	return pageGutters(words, cw)
}

// byPanel is a page's words between each pair of gutters, left to right.
func byPanel(words []tableWord, gutters []float64) [][]tableWord {
	panels := make([][]tableWord, len(gutters)+1)
	for _, w := range words {
		k, _ := slices.BinarySearch(gutters, w.box.Left+w.box.Width/2)
		panels[k] = append(panels[k], w)
	}
	return panels
}

// consume marks the table's words (those of rows within its sides) as
// read into its rows, and returns the first line any came from (or none,
// when there is none).
func consume(rows []physicalRow, cols []tableColumn, cw float64, consumed map[[2]int]bool, none int) int {
	first := none
	for _, r := range rows {
		for _, w := range r.words {
			if inTable(w, cols, cw) {
				consumed[[2]int{w.line, w.index}] = true
				first = min(first, w.line)
			}
		}
	}
	return first
}

// tableMargin: words this many character widths either side of the outer
// headings still belong to the table (a row number, a figure set right).
const tableMargin = 6

// placedWords are the words of a page's lines, when every word of every
// line of the page was placed; nil otherwise (the geometry cannot be
// trusted to say what lies beside what).
func placedWords(lines []Line, page int) []tableWord {
	return level(wordsAsRead(lines, page))
}

// wordsAsRead are the words of a page's lines where the reader read them,
// not levelled; nil when a line of the page has no words or a word no
// place.
func wordsAsRead(lines []Line, page int) []tableWord {
	var out []tableWord
	for li, l := range lines {
		if l.Page != page || l.Box.IsZero() {
			continue
		}
		if len(l.Words) == 0 {
			return nil
		}
		for k, w := range l.Words {
			if w.Box.IsZero() || strings.TrimSpace(w.Text) == "" {
				return nil
			}
			out = append(out, tableWord{text: strings.TrimSpace(w.Text), conf: w.Confidence, box: w.Box, shown: w.Box, line: li, index: k})
		}
	}
	return out
}

// maxSlope: a page turned further than about 3 degrees is not levelled
// well enough by a shear to read its rows; its tables are left as read.
const maxSlope = 0.05

// level undoes a page's slight turn: the median slope of the reader's own
// lines (each line's first and last word's centres), taken out of every
// word's height. nil when the page slopes too far.
func level(ws []tableWord) []tableWord { return levelUpTo(ws, maxSlope) }

// levelUpTo is level for a page sloping at most maxSlope.
func levelUpTo(ws []tableWord, maxSlope float64) []tableWord {
	var slopes []float64
	for i := 0; i < len(ws); {
		j := i
		for j+1 < len(ws) && ws[j+1].line == ws[i].line {
			j++
		}
		a, b := ws[i].box, ws[j].box
		if dx := (b.Left + b.Width/2) - (a.Left + a.Width/2); j > i && dx > 0 {
			slopes = append(slopes, ((b.Top+b.Height/2)-(a.Top+a.Height/2))/dx)
		}
		i = j + 1
	}
	slope := median(slopes)
	if math.Abs(slope) > maxSlope {
		return nil
	}
	for i := range ws {
		ws[i].box.Top -= slope * (ws[i].box.Left + ws[i].box.Width/2)
	}
	return ws
}

// textMetrics are the median word height and the median width of a
// character, each in its own axis's page fraction.
func textMetrics(words []tableWord) (h, cw float64) {
	var hs, cws []float64
	for _, w := range words {
		hs = append(hs, w.box.Height)
		if n := utf8.RuneCountInString(w.text); n >= 3 {
			cws = append(cws, w.box.Width/float64(n))
		}
	}
	return median(hs), median(cws)
}

func median(vs []float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	slices.Sort(vs)
	return vs[len(vs)/2]
}

// physicalRows groups words whose centres lie within half a text height
// of a row's, top to bottom, each row left to right.
func physicalRows(words []tableWord, h float64) []physicalRow {
	ws := slices.Clone(words)
	slices.SortStableFunc(ws, func(a, b tableWord) int { return cmp.Compare(a.centreY(), b.centreY()) })
	var rows []physicalRow
	for _, w := range ws {
		if n := len(rows); n > 0 && w.centreY()-rows[n-1].centre() < h/2 {
			r := &rows[n-1]
			r.words = append(r.words, w)
			r.top, r.bottom = min(r.top, w.box.Top), max(r.bottom, w.bottom())
			continue
		}
		rows = append(rows, physicalRow{words: []tableWord{w}, top: w.box.Top, bottom: w.bottom()})
	}
	for i := range rows {
		slices.SortStableFunc(rows[i].words, func(a, b tableWord) int { return cmp.Compare(a.box.Left, b.box.Left) })
	}
	return rows
}

// tableHeading reads the headings starting at row i: one to three rows
// without a digit, at most three text heights deep ("DATE OF" over
// "SERVICE"), split into columns where words stand apart by more than
// columnSpace characters. It returns the columns, left to right, and the
// row after the headings; nil unless there are three or more, each of at
// most four words, and one is a date's label of a fill, an order or a
// prescription (or a plain "Date").
func tableHeading(rows []physicalRow, i int, h, cw float64) ([]tableColumn, int) {
	if rows[i].hasDigit() {
		return nil, i
	}
	// A heading wraps onto lines set tight under it; the first row of
	// cells lies further down.
	end := i + 1
	for end < len(rows) && end-i < 3 && !rows[end].hasDigit() && rows[end].centre()-rows[end-1].centre() <= headingLeading*h {
		end++
	}
	for ; end > i; end-- {
		if cols := bandColumns(rows[i:end], cw); cols != nil && figuresBelow(rows, end, h) {
			return cols, end
		}
	}
	return nil, i
}

// figuresBelow reports a row with a digit among the three from row r, the
// first of them close under the row above (the heading's last).
func figuresBelow(rows []physicalRow, r int, h float64) bool {
	if r >= len(rows) || rows[r].top-rows[r-1].bottom >= 2*h {
		return false
	}
	for k := r; k < len(rows) && k < r+3 && rows[k].centre()-rows[r-1].centre() <= rowPitch*h; k++ {
		if rows[k].hasDigit() {
			return true
		}
	}
	return false
}

// headingLeading: a heading's wrapped lines lie at most this many text
// heights apart, centre to centre.
const headingLeading = 1.2

// columnSpace: words further apart than this many characters are in
// separate columns (a space is about half a character).
const columnSpace = 1.5

// bandColumns are the columns of a band of heading rows: words that
// overlap or stand within columnSpace characters join one heading
// ("DATE OF" over "SERVICE"); nil unless tableHeading's conditions hold.
func bandColumns(band []physicalRow, cw float64) []tableColumn {
	var ws []tableWord
	for _, r := range band {
		for k, w := range r.words {
			if k == 0 && rowNumber(w) {
				continue
			}
			ws = append(ws, w)
		}
	}
	slices.SortStableFunc(ws, func(a, b tableWord) int { return cmp.Compare(a.box.Left, b.box.Left) })
	var cols []tableColumn
	for _, w := range ws {
		if n := len(cols); n > 0 && w.box.Left-cols[n-1].right <= columnSpace*cw {
			c := &cols[n-1]
			c.words = append(c.words, w)
			c.right = max(c.right, w.right())
			continue
		}
		cols = append(cols, tableColumn{words: []tableWord{w}, left: w.box.Left, right: w.right()})
	}
	if len(cols) < 3 {
		return nil
	}
	dated := false
	for k := range cols {
		c := &cols[k]
		if len(c.words) > 4 {
			return nil
		}
		c.caption = readingOrder(c.words)
		if fillCaption(c.caption) {
			dated = true
		}
	}
	if !dated {
		return nil
	}
	return cols
}

// fillCaption reports a heading that labels a date of a fill, an order or
// a prescription, or a plain date (never another role's date). A heading
// that names who or where ("Dispensed by", "Filled at") heads no date.
func fillCaption(caption string) bool {
	norm, ws := normalise(caption)
	if len(ws) > 1 && agentWords[ws[len(ws)-1].text] {
		return false
	}
	ls := sortedLabels(outermostLabels(findDateLabels(docLine{norm: norm, words: ws})))
	return len(ls) == 1 && ls[0].kind != otherDate
}

// agentWords end a heading that names who or where a thing was done.
var agentWords = map[string]bool{"by": true, "at": true, "from": true}

// readingOrder joins words top line first, each line left to right; a word
// broken at a hyphen at a line's end runs on into the next ("OKAFOR-",
// "REID").
func readingOrder(ws []tableWord) string {
	ws = orderedWords(slices.Clone(ws))
	var b strings.Builder
	for i, w := range ws {
		if i > 0 && !strings.HasSuffix(ws[i-1].text, "-") {
			b.WriteByte(' ')
		}
		b.WriteString(w.text)
	}
	return b.String()
}

// grid is a table's columns and the measures its words are placed by.
type grid struct {
	cols []tableColumn
	// anchor is the column of the fill's date, patient the patient's (-1:
	// none).
	anchor, patient int
	h, cw           float64
	// reach is how far from its row's date a word of the row may lie.
	reach float64
}

func newGrid(cols []tableColumn, h, cw float64) grid {
	g := grid{cols: cols, anchor: -1, patient: -1, h: h, cw: cw}
	for k, c := range cols {
		norm, _ := normalise(c.caption)
		if g.patient < 0 && slices.Contains(patientCaptions, strings.Join(strings.Fields(norm), " ")) {
			g.patient = k
		}

	}
	return g
}

// dateColumns are the columns headed by a fill's, an order's, a
// prescription's or a plain date, left to right.
func dateColumns(cols []tableColumn) []int {
	var out []int
	for k, c := range cols {
		if fillCaption(c.caption) {
			out = append(out, k)
		}
	}
	return out
}

// inTable reports a word within the table's sides, other than a
// spreadsheet's row number left of it.
func (g grid) inTable(w tableWord) bool {
	return inTable(w, g.cols, g.cw)
}

// inTable reports a word within a table's sides: from a little left of its
// first heading to a little right of where its last heading starts a cell
// that may run on, other than a spreadsheet's row number left of it.
func inTable(w tableWord, cols []tableColumn, cw float64) bool {
	return w.box.Left >= cols[0].left-tableMargin*cw && w.box.Left <= cols[len(cols)-1].right+lastCellReach*cw &&
		!(rowNumber(w) && w.right() < cols[0].left)
}

// lastCellReach: a word starting this many characters past the last
// heading's end is beside the table, not in its last cell.
const lastCellReach = 40

// dated reports a physical row whose cell under the date's heading is a date.
func (g grid) dated(r physicalRow) bool {
	var under []tableWord
	for _, w := range r.words {
		if g.inTable(w) && columnOf(w, g.cols) == g.anchor {
			under = append(under, w)
		}
	}
	return dateCellOnly(under)
}

// tableRows reads the rows below the headings, from row start: each row
// anchored on a date under the first heading of a fill's date, every word
// within reach taken into the column it lies under. It returns the rows as
// lines, each row's patient cell, and the physical row after the table.
func tableRows(rows []physicalRow, start int, cols []tableColumn, h, cw float64) ([]Line, []string, int) {
	g := newGrid(cols, h, cw)
	var anchors []int
	end := start
	for _, k := range dateColumns(cols) {
		// The first heading of a date whose cells are dates: an "Order"
		// heading over order numbers gives way to "Dispensed".
		g.anchor = k
		if anchors, end = g.anchors(rows, start); len(anchors) > 0 {
			break
		}
	}
	if len(anchors) == 0 {
		return nil, nil, start
	}
	var out []Line
	var patients []string
	for _, row := range g.cells(rows, start, end, anchors) {
		who := ""
		if g.patient >= 0 {
			who = readingOrder(row[g.patient])
		}
		patients = append(patients, who)
		out = append(out, g.rowLine(row))
	}
	return out, patients, end
}

// anchors are the physical rows from start whose cell under the date's
// heading is a date, and end the row after the table. The rows of one
// table lie about one pitch apart: the first two at most firstPitch text
// heights, each next within rowPitch heights or half as much again as the
// first pitch. A word joins the row nearest it within g.reach (set here
// from the pitch); the first row further from every row than that ends
// the table (a table below it of other dates, a footnote).
func (g *grid) anchors(rows []physicalRow, start int) (anchors []int, end int) {
	limit := firstPitch * g.h
	stop := len(rows) // a sentence under the table, or the next table's headings, ends it
	for r := start; r < len(rows); r++ {
		if !g.dated(rows[r]) {
			if len(anchors) > 0 && (g.prose(rows[r]) || tableHeadingAt(rows, r, g.h, g.cw)) {
				stop = r
				break
			}
			continue
		}
		if len(anchors) > 0 {
			gap := rows[r].centre() - rows[anchors[len(anchors)-1]].centre()
			if gap > limit {
				break
			}
			if len(anchors) == 1 {
				limit = max(rowPitch*g.h, 1.5*gap)
			}
		} else if r-start > 2 {
			break // a table's first row starts under its headings
		}
		anchors = append(anchors, r)
	}
	if len(anchors) == 0 {
		return nil, start
	}
	g.reach = rowReach * g.h
	if len(anchors) > 1 {
		pitch := (rows[anchors[len(anchors)-1]].centre() - rows[anchors[0]].centre()) / float64(len(anchors)-1)
		g.reach = max(g.reach, 0.6*pitch)
	}
	end = start
	for r := start; r < stop; r++ {
		near := slices.ContainsFunc(anchors, func(a int) bool { return math.Abs(rows[r].centre()-rows[a].centre()) <= g.reach })
		if !near {
			if r > anchors[0] {
				break
			}
			continue
		}
		end = r + 1
	}
	kept := anchors[:0]
	for _, a := range anchors {
		if a < end {
			kept = append(kept, a)
		}
	}
	return kept, end
}

// prose reports a row of running text: a run of words without a column's
// gap in it that runs over the start of two headings or more.
func (g grid) prose(r physicalRow) bool {
	runs := 0
	for i := 0; i < len(r.words); {
		j := i
		for j+1 < len(r.words) && r.words[j+1].box.Left-r.words[j].right() <= columnSpace*g.cw {
			j++
		}
		left, right := r.words[i].box.Left, r.words[j].right()
		crossed := 0
		for _, c := range g.cols[1:] {
			if left < c.left-g.cw && right > c.left+g.cw {
				crossed++
			}
		}
		if crossed >= 2 {
			runs++
		}
		i = j + 1
	}
	return runs > 0
}

// tableHeadingAt reports a row of a table's headings at row r.
func tableHeadingAt(rows []physicalRow, r int, h, cw float64) bool {
	cols, _ := tableHeading(rows, r, h, cw)
	return cols != nil
}

// cells are each anchor's row: every physical row from start to end joins
// the anchor nearest it, each of its words the column it lies under.
func (g grid) cells(rows []physicalRow, start, end int, anchors []int) [][][]tableWord {
	cells := make([][][]tableWord, len(anchors))
	for k := range cells {
		cells[k] = make([][]tableWord, len(g.cols))
	}
	for r := start; r < end; r++ {
		best, dist := -1, 0.0
		for k, a := range anchors {
			if d := math.Abs(rows[r].centre() - rows[a].centre()); best < 0 || d < dist {
				best, dist = k, d
			}
		}
		if dist > g.reach {
			continue
		}
		for _, w := range rows[r].words {
			if g.inTable(w) {
				c := columnOf(w, g.cols)
				cells[best][c] = append(cells[best][c], w)
			}
		}
	}
	return cells
}

// rowLine is a row as a line: each cell after its heading, a tab (the
// verifier's column gap) between cells. Its words are the headings' and
// the cells'; its box and confidence the cells' alone.
func (g grid) rowLine(row [][]tableWord) Line {
	var parts []string
	var l Line
	confSum, n := 0.0, 0
	for c, ws := range row {
		if len(ws) == 0 {
			continue
		}
		parts = append(parts, g.cols[c].caption+": "+readingOrder(ws))
		for _, w := range g.cols[c].words {
			l.Words = append(l.Words, Word{Text: w.text, Confidence: w.conf, Box: w.shown})
		}
		for _, w := range orderedWords(slices.Clone(ws)) {
			l.Words = append(l.Words, Word{Text: w.text, Confidence: w.conf, Box: w.shown})
			l.Box = l.Box.Union(w.shown)
			confSum += lineConfidence(w.conf)
			n++
		}
	}
	l.Text = strings.Join(parts, "\t")
	if n > 0 {
		l.Confidence = confSum / float64(n)
	}
	return l
}

// firstPitch and rowPitch: a table's first two rows lie at most
// firstPitch text heights apart (a web page's padded rows), the rows after
// them at most rowPitch or half as much again as the first pitch: a date
// further down is not the table's.
const (
	firstPitch = 8
	rowPitch   = 4
)

// dateCellOnly reports a cell that holds a date and little else: at most
// one short mark besides (a tick, a row number), never a sentence
// ("Exported 26/11/2026 from ...").
func dateCellOnly(ws []tableWord) bool {
	text := strings.ToLower(readingOrder(ws)) // as a line's norm: "14 Nov 2026" is a date
	ds := findDates(text)
	if len(ds) != 1 {
		return false
	}
	before := strings.Fields(text[:ds[0].start])
	if len(before) > 1 || (len(before) == 1 && utf8.RuneCountInString(before[0]) > 2) {
		return false
	}
	return true
}

// orderedWords sorts ws into reading order: top line first (words whose
// centres lie within half the tallest word's height share a line), each
// line left to right.
func orderedWords(ws []tableWord) []tableWord {
	h := 0.0
	for _, w := range ws {
		h = max(h, w.box.Height)
	}
	slices.SortStableFunc(ws, func(a, b tableWord) int {
		if a.centreY()-b.centreY() > h/2 || b.centreY()-a.centreY() > h/2 {
			return cmp.Compare(a.centreY(), b.centreY())
		}
		return cmp.Compare(a.box.Left, b.box.Left)
	})
	return ws
}

// columnOf is the column a word lies under: the heading its span overlaps
// most, or else the last heading starting left of it (cells are set left,
// and a long one runs on past its heading's end), or the first.
func columnOf(w tableWord, cols []tableColumn) int {
	best, bestOverlap := -1, 0.0
	for k, c := range cols {
		if overlap := min(w.right(), c.right) - max(w.box.Left, c.left); overlap > bestOverlap {
			best, bestOverlap = k, overlap
		}
	}
	if best >= 0 {
		return best
	}
	best = 0
	for k, c := range cols {
		if c.left <= w.box.Left {
			best = k
		}
	}
	return best
}

// lineOfWords is a line of l's words that the tables left.
func lineOfWords(ws []Word, l Line) Line {
	parts := make([]string, len(ws))
	out := Line{Confidence: l.Confidence, Words: ws, Page: l.Page}
	for i, w := range ws {
		parts[i] = w.Text
		out.Box = out.Box.Union(w.Box)
	}
	out.Text = strings.Join(parts, " ")
	return out
}
