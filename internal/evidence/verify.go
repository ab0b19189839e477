package evidence

import (
	"math"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Verify checks what a document says against what was expected and rates
// the five fields. It never returns an error: a document that says nothing
// useful gets not_found ratings and a note that says why.
//
// A field rated valid when it is not is the worst mistake this function can
// make (a clinician continues treatment on it), so every matcher prefers
// not_found or invalid, with lower confidence, when it is unsure.
//
// Confidence of a rating: how well the evidence was read (Line.Confidence:
// 0.9 or more reads well, 0.6 or more fairly, less poorly) combined with how
// well it matched (exact, or only after allowing for OCR noise), taking the
// lower. The overall confidence is the lowest field confidence when all five
// are valid, and otherwise the highest confidence among the fields that are
// not valid: one certain problem makes the failure certain.
func Verify(text Text, exp Expected, pol Policy) Result {
	pol = pol.withDefaults()
	doc := readDocument(text)
	if len(doc.lines) == 0 {
		return unreadableResult(exp)
	}
	want, wantKnown := LookupMedicine(exp.MedicationName)
	mentions := findMedicineMentions(doc)
	fields := [fieldCount]finding{
		patientField:  ratePatientName(doc, exp),
		medicineField: rateMedicine(doc, exp, want, wantKnown, mentions),
		dosageField:   rateDosage(doc, exp, want, wantKnown, mentions),
		dateField:     rateDate(doc, pol, len(mentions) > 0),
		pharmacyField: ratePharmacy(doc),
	}
	return assemble(fields, doc)
}

// The five fields, in wire order.
const (
	patientField = iota
	medicineField
	dosageField
	dateField
	pharmacyField
	fieldCount
)

// finding is a field's rating with what the note should say about it.
type finding struct {
	rating Rating
	// problem is the note's clause for an invalid rating, or for a not_found
	// rating with a particular cause ("no lead has this user id").
	problem string
	// missing names the field for the note's shared "could not be found"
	// clause ("the dose"), for a plain not_found.
	missing string
	// caveat is said of a valid rating read with less than high confidence.
	caveat string
}

func assemble(fields [fieldCount]finding, doc document) Result {
	r := Result{
		Data: Fields{
			PatientName:      fields[patientField].rating,
			MedicationName:   fields[medicineField].rating,
			MedicationDosage: fields[dosageField].rating,
			MedicationDate:   fields[dateField].rating,
			PharmacyName:     fields[pharmacyField].rating,
		},
	}
	r.Success = true
	for _, f := range fields {
		if f.rating.Value != Valid {
			r.Success = false
		}
	}
	r.Confidence = overallConfidence(fields[:])
	r.Note = composeNote(fields, r.Success, doc.readConfidence() != High)
	return r
}

// overallConfidence is the lowest field confidence on success; otherwise the
// highest confidence among the fields that are not valid.
func overallConfidence(fields []finding) Confidence {
	success := true
	for _, f := range fields {
		if f.rating.Value != Valid {
			success = false
		}
	}
	if success {
		c := High
		for _, f := range fields {
			c = lower(c, f.rating.Confidence)
		}
		return c
	}
	c := Low
	for _, f := range fields {
		if f.rating.Value != Valid {
			c = higher(c, f.rating.Confidence)
		}
	}
	return c
}

func unreadableResult(exp Expected) Result {
	nf := Rating{Value: NotFound, Confidence: High}
	note := "No text could be read from the document; ask the patient for a clearer photo or the PDF."
	if !exp.PatientKnown {
		note += " No lead has this user id."
	}
	return Result{
		Success:    false,
		Data:       Fields{PatientName: nf, MedicationName: nf, MedicationDosage: nf, MedicationDate: nf, PharmacyName: nf},
		Confidence: High,
		Note:       note,
	}
}

func (p Policy) withDefaults() Policy {
	if p.Now.IsZero() {
		p.Now = time.Now().UTC()
	}
	if p.MaxAge <= 0 {
		p.MaxAge = 90 * 24 * time.Hour
	}
	p.Market = strings.ToLower(strings.TrimSpace(p.Market))
	return p
}

// Read-quality thresholds for Line.Confidence.
const (
	wellRead   = 0.90
	fairlyRead = 0.60
	// Lines read with at least this confidence, by a reader that is not OCR,
	// come from a text layer where OCR noise cannot occur: their words
	// must match exactly.
	textLayerRead = 0.99
)

func readConfidence(c float64) Confidence {
	switch {
	case c >= wellRead:
		return High
	case c >= fairlyRead:
		return Medium
	default:
		return Low
	}
}

func rank(c Confidence) int {
	switch c {
	case High:
		return 3
	case Medium:
		return 2
	default:
		return 1
	}
}

func lower(a, b Confidence) Confidence {
	if rank(b) < rank(a) {
		return b
	}
	return a
}

func higher(a, b Confidence) Confidence {
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// notFoundConfidence is how sure a not_found is when the document was read
// but the field was not on it: never high (the reader may have missed it).
func (d document) notFoundConfidence() Confidence {
	if d.readConfidence() == High {
		return Medium
	}
	return Low
}

// matchLevel is how closely a word matched what was looked for.
type matchLevel int

const (
	noMatch     matchLevel = iota
	fuzzyMatch2            // two edits away after allowing for OCR confusions
	fuzzyMatch1            // one edit away
	ocrMatch               // equal once OCR confusions (0/o, 1/l, rn/m) are undone
	exactMatch             // equal (ignoring case, accents, apostrophes)
)

func (m matchLevel) confidence() Confidence {
	switch m {
	case exactMatch:
		return High
	case ocrMatch, fuzzyMatch1:
		return Medium
	default:
		return Low
	}
}

// document is Text prepared for matching: blank lines dropped, each line
// lowercased with accents folded, and split into words.
type document struct {
	lines []docLine
	// meanConf is the mean line confidence.
	meanConf float64
}

func (d document) readConfidence() Confidence { return readConfidence(d.meanConf) }

type docLine struct {
	raw  string
	norm string
	conf float64
	// ocr is true for lines that may carry OCR noise.
	ocr   bool
	words []word
}

// word is a run of letters and digits in a line's norm; apostrophes inside a
// word are dropped (O'Neil, O’Neil and ONeil are all "oneil").
type word struct {
	text string
	ocr  string // ocrForm(text)
	// lower is text before accents were folded ("núñez" for "nunez"), for
	// matching names whose accented letters OCR misreads; text when the word
	// has none.
	lower      string
	start, end int // byte offsets in norm
	capital    bool
	// commaAfter: a comma follows the word ("OWEN, THOMAS"), which marks a
	// surname written first.
	commaAfter bool
	// conf is the reader's confidence for the word (0..1) when it reported
	// one (Line.Words), else 0: the line's confidence stands.
	conf float64
}

func readDocument(t Text) document {
	var d document
	var sum float64
	// OCR output may be noisy however sure the reader was of a line.
	ocrSource := t.Source == "tesseract" || t.Source == "textract"
	for _, l := range t.Lines {
		raw := strings.TrimSpace(l.Text)
		if raw == "" {
			continue
		}
		norm, words := normalise(raw)
		if len(words) == 0 {
			continue
		}
		c := lineConfidence(l.Confidence)
		setWordConfidences(words, l.Words)
		d.lines = append(d.lines, docLine{raw: raw, norm: norm, conf: c, ocr: ocrSource || c < textLayerRead, words: words})
		sum += c
	}
	if len(d.lines) > 0 {
		d.meanConf = sum / float64(len(d.lines))
	}
	return d
}

// setWordConfidences gives each word of a line the confidence the reader
// reported for the word it came from. When the reader's words do not line
// up with ours, every word gets the weakest reported confidence: a weak word
// is never lost.
func setWordConfidences(words []word, reported []Word) {
	if len(reported) == 0 {
		return
	}
	var confs []float64
	weakest := 1.0
	for _, r := range reported {
		c := lineConfidence(r.Confidence)
		weakest = min(weakest, c)
		_, ws := normalise(r.Text)
		for range ws {
			confs = append(confs, c)
		}
	}
	for i := range words {
		if len(confs) == len(words) {
			words[i].conf = confs[i]
		} else {
			words[i].conf = weakest
		}
		if words[i].conf == 0 {
			// 0 means "not reported"; a reported zero is as weak as it gets.
			words[i].conf = 1e-9
		}
	}
}

// lineConfidence brings a reader's confidence into 0..1; a percentage (as
// Textract and Tesseract report it) is scaled down.
func lineConfidence(c float64) float64 {
	switch {
	case math.IsNaN(c) || c < 0:
		return 0
	case c > 1 && c <= 100:
		return c / 100
	case c > 100:
		return 1
	}
	return c
}

// normalise lowercases s, folds accents and unifies apostrophes, dashes and
// spaces (a tab becomes two spaces, a column gap), and splits it into words.
func normalise(s string) (string, []word) {
	var b strings.Builder
	b.Grow(len(s))
	words := make([]word, 0, strings.Count(s, " ")+1)
	inWord := false
	var cur strings.Builder
	var w word
	runes := []rune(s)
	wordRune, accented := 0, false // where the word began in runes; whether it has a folded letter
	flush := func(i int) {
		if inWord {
			w.text = cur.String()
			w.ocr = ocrForm(w.text)
			w.lower = w.text
			if accented {
				w.lower = lowerWord(runes[wordRune:i])
			}
			w.end = b.Len()
			words = append(words, w)
			cur.Reset()
			inWord, accented = false, false
		}
	}
	for i, r := range runes {
		switch {
		case r == '\t':
			flush(i)
			b.WriteString("  ")
			continue
		case isApostrophe(r):
			b.WriteByte('\'')
			// An apostrophe between letters joins them into one word.
			if inWord && i+1 < len(runes) && isWordRune(runes[i+1]) {
				continue
			}
			flush(i)
			continue
		case isDash(r):
			flush(i)
			b.WriteByte('-')
			continue
		case unicode.IsSpace(r):
			flush(i)
			b.WriteByte(' ')
			continue
		case r == utf8.RuneError:
			flush(i)
			b.WriteByte(' ')
			continue
		}
		folded := fold(r)
		// OCR reads ç as ¢: between letters it is part of the word.
		cedilla := r == '¢' && inWord && i+1 < len(runes) && unicode.IsLetter(runes[i+1])
		if isWordRune(r) || cedilla {
			if !inWord {
				inWord = true
				wordRune = i
				w = word{start: b.Len(), capital: unicode.IsUpper(r) || unicode.IsDigit(r)}
			}
			accented = accented || r >= utf8.RuneSelf
			cur.WriteString(folded)
		} else {
			flush(i)
		}
		b.WriteString(folded)
	}
	flush(len(runes))
	norm := b.String()
	for i := range words {
		rest := strings.TrimLeft(norm[words[i].end:], " ")
		words[i].commaAfter = strings.HasPrefix(rest, ",")
	}
	return norm, words
}

// lowerWord lowercases a word's runes without folding accents, dropping the
// apostrophes inside it.
func lowerWord(rs []rune) string {
	var b strings.Builder
	for _, r := range rs {
		if !isApostrophe(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func isApostrophe(r rune) bool {
	switch r {
	case '\'', '’', '‘', '`', '´', 'ʼ', '′':
		return true
	}
	return false
}

func isDash(r rune) bool {
	switch r {
	case '-', '‐', '‑', '‒', '–', '—', '−':
		return true
	}
	return false
}

// fold lowercases r and strips its accent (é -> e, ß -> ss).
func fold(r rune) string {
	r = unicode.ToLower(r)
	if r < utf8.RuneSelf {
		return string(r)
	}
	if f, ok := foldTable[r]; ok {
		return f
	}
	return string(r)
}

var foldTable = func() map[rune]string {
	groups := []struct{ from, to string }{
		{"àáâãäåāăą", "a"}, {"çćĉċč", "c"}, {"ďđ", "d"}, {"èéêëēĕėęě", "e"},
		{"ĝğġģ", "g"}, {"ĥħ", "h"}, {"ìíîïĩīĭįı", "i"}, {"ĵ", "j"}, {"ķ", "k"},
		{"ĺļľŀł", "l"}, {"ñńņňŉ", "n"}, {"òóôõöøōŏő", "o"}, {"ŕŗř", "r"},
		{"śŝşšș", "s"}, {"ţťŧț", "t"}, {"ùúûüũūŭůűų", "u"}, {"ŵ", "w"},
		{"ýÿŷ", "y"}, {"źżž", "z"}, {"ß", "ss"}, {"æ", "ae"}, {"œ", "oe"},
		{"þ", "th"}, {"ð", "d"}, {"ﬁ", "fi"}, {"ﬂ", "fl"},
		{"µμ", "u"}, // micro sign and Greek mu: "µg" is "ug"
	}
	m := make(map[rune]string)
	for _, g := range groups {
		for _, r := range g.from {
			m[r] = g.to
		}
	}
	return m
}()

// ocrForm undoes the confusions OCR makes most (0/o, 1/l/i, 5/s, rn/m,
// vv/w), so two words that differ only by them compare equal.
func ocrForm(s string) string {
	if !strings.ContainsAny(s, "015irv") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 'r' && i+1 < len(s) && s[i+1] == 'n':
			b = append(b, 'm')
			i++
		case c == 'v' && i+1 < len(s) && s[i+1] == 'v':
			b = append(b, 'w')
			i++
		case c == '0':
			b = append(b, 'o')
		case c == '1' || c == 'i':
			b = append(b, 'l')
		case c == '5':
			b = append(b, 's')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// ocrDigits puts back digits that OCR read as letters inside numbers
// ("O3/11/2O26", "l2.5 mg"): an o, l or i with no letter on either side
// and a digit or a date separator beside it; an I or l alone before a unit
// ("Img" for 1mg); and a dotted or slashed zero read as a symbol ("©.5MG",
// "θ.25 mg") at the start of a number. Byte offsets are kept.
func ocrDigits(s string) string {
	if !strings.ContainsAny(s, "oli©θ@") {
		return s
	}
	b := []byte(s)
	for _, z := range zeroLookalikes {
		if !strings.Contains(s, z) {
			continue
		}
		for from := 0; ; {
			k := strings.Index(s[from:], z)
			if k < 0 {
				break
			}
			k += from
			from = k + len(z)
			end := k + len(z)
			startsNumber := k == 0 || !(isLetterByte(b[k-1]) || isDigit(b[k-1]))
			beforeDigit := end < len(b) && isDigit(b[end]) ||
				end+1 < len(b) && (b[end] == '.' || b[end] == ',') && isDigit(b[end+1])
			if startsNumber && beforeDigit {
				// Pad on the left so the zero stays glued to its number.
				for j := k; j < end-1; j++ {
					b[j] = ' '
				}
				b[end-1] = '0'
			}
		}
	}
	if !strings.ContainsAny(s, "oli") {
		return string(b)
	}
	numberish := func(c byte) bool { return isDigit(c) || c == '/' || c == '.' || c == ',' || c == '-' }
	for i, c := range b {
		if c != 'o' && c != 'l' && c != 'i' {
			continue
		}
		var prev, next byte = ' ', ' '
		if i > 0 {
			prev = b[i-1]
		}
		if i+1 < len(b) {
			next = b[i+1]
		}
		if c != 'o' && !isLetterByte(prev) && !isDigit(prev) && unitFollows(b, i+1) {
			// "Img", "lmg": a one read as a letter before its unit.
			b[i] = '1'
			continue
		}
		if isLetterByte(prev) || isLetterByte(next) {
			continue
		}
		decimal := (next == '.' || next == ',') && i+2 < len(b) && isDigit(b[i+2])
		if (numberish(prev) && isDigit(next)) || (isDigit(prev) && numberish(next)) || (prev == ' ' && isDigit(next)) || (isDigit(prev) && next == ' ') || decimal {
			if c == 'o' {
				b[i] = '0'
			} else {
				b[i] = '1'
			}
		}
	}
	return string(b)
}

// unitFollows reports a unit of dose (mg, mcg, ml) at b[i:] that ends a word.
func unitFollows(b []byte, i int) bool {
	for _, u := range []string{"mg", "mcg", "ml"} {
		end := i + len(u)
		if end > len(b) || string(b[i:end]) != u {
			continue
		}
		if end == len(b) || strings.IndexByte(" /,.;)", b[end]) >= 0 {
			return true
		}
	}
	return false
}

// zeroLookalikes are what OCR makes of a zero with a dot or a slash in it,
// as label printers' fonts draw it (ø and Ø fold to o, handled as o).
var zeroLookalikes = []string{"©", "θ", "@"}

// numberText is the line's norm for finding dates and doses, with OCR's
// letters-for-digits undone on OCR output.
func (l docLine) numberText() string {
	if l.ocr {
		return ocrDigits(l.norm)
	}
	return l.norm
}

// editDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and adjacent transpositions), or
// max+1 when it exceeds max.
func editDistance(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	if len(a) > 64 || len(b) > 64 {
		return max + 1
	}
	var rows [3][65]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			best = min(best, v)
		}
		if best > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[len(b)] > max {
		return max + 1
	}
	return prev[len(b)]
}

// fuzzyAllowance is how many edits a word of n letters may be from what it
// is matched against: none below 6 letters, one up to 9, two from 10.
func fuzzyAllowance(n int) int {
	switch {
	case n < 6:
		return 0
	case n < 10:
		return 1
	default:
		return 2
	}
}

// phraseSet finds phrases (runs of whole words) in a line's words: faster
// than a regular expression of many alternatives, and word-exact.
type phraseSet[K comparable] struct {
	byFirst map[string][]phrase[K]
}

type phrase[K comparable] struct {
	words []string
	kind  K
}

// newPhraseSet builds a set from each kind's phrases ("date of birth").
func newPhraseSet[K comparable](phrases map[K][]string) phraseSet[K] {
	ps := phraseSet[K]{byFirst: map[string][]phrase[K]{}}
	for kind, list := range phrases {
		for _, p := range list {
			ws := strings.Fields(p)
			ps.byFirst[ws[0]] = append(ps.byFirst[ws[0]], phrase[K]{ws, kind})
		}
	}
	return ps
}

// phraseMatch is a phrase found at words[first:last+1].
type phraseMatch[K comparable] struct {
	first, last int
	start, end  int // byte offsets in norm
	kind        K
}

// find returns every phrase found in ws, longest first at each word.
func (ps phraseSet[K]) find(ws []word) []phraseMatch[K] {
	var out []phraseMatch[K]
	for i, w := range ws {
		for _, p := range ps.byFirst[w.text] {
			if i+len(p.words) > len(ws) {
				continue
			}
			ok := true
			for k := 1; k < len(p.words); k++ {
				if ws[i+k].text != p.words[k] {
					ok = false
					break
				}
			}
			if ok {
				last := i + len(p.words) - 1
				out = append(out, phraseMatch[K]{first: i, last: last, start: w.start, end: ws[last].end, kind: p.kind})
			}
		}
	}
	return out
}

// any reports whether a phrase of the set is in ws.
func (ps phraseSet[K]) any(ws []word) bool {
	for i, w := range ws {
		for _, p := range ps.byFirst[w.text] {
			if i+len(p.words) > len(ws) {
				continue
			}
			ok := true
			for k := 1; k < len(p.words); k++ {
				ok = ok && ws[i+k].text == p.words[k]
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// confIn is how well the text at norm[from:to] was read: the line's
// confidence, or its weakest word's there when the reader reported words.
func (l docLine) confIn(from, to int) float64 {
	c := l.conf
	for _, w := range l.words {
		if w.conf > 0 && w.end > from && w.start < to {
			c = min(c, w.conf)
		}
	}
	return c
}

// wordsIn returns the words of l that lie within norm[from:to].
func (l docLine) wordsIn(from, to int) []word {
	var ws []word
	for _, w := range l.words {
		if w.start >= from && w.end <= to {
			ws = append(ws, w)
		}
	}
	return ws
}
