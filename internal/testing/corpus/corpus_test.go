package corpus

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	_ "image/jpeg"
	_ "image/png"

	_ "golang.org/x/image/tiff"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/ledongthuc/pdf"
)

var testNow = time.Date(2026, 11, 21, 10, 4, 5, 0, time.UTC)

const testSeed = 42

var (
	corporaMu sync.Mutex
	corpora   = map[string][]Case{}
)

// corpus generates a market's corpus once per test binary.
func corpus(t *testing.T, market string) []Case {
	t.Helper()
	corporaMu.Lock()
	defer corporaMu.Unlock()
	if cs, ok := corpora[market]; ok {
		return cs
	}
	cs, err := Generate(testSeed, testNow, market)
	if err != nil {
		t.Fatalf("Generate(%q): %v", market, err)
	}
	corpora[market] = cs
	return cs
}

func allCases(t *testing.T) []Case {
	var out []Case
	for _, m := range Markets {
		out = append(out, corpus(t, m)...)
	}
	return out
}

func fingerprint(cs []Case) []string {
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%s %x %s|%s|%s|%s", c.Name, sha256.Sum256(c.File), c.Lead, c.MedicationName, c.MedicationDosage, c.Truth))
	}
	return out
}

func TestGenerateIsDeterministic(t *testing.T) {
	first := corpus(t, "us")
	again, err := Generate(testSeed, testNow, "us")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(fingerprint(first), fingerprint(again)); diff != "" {
		t.Errorf("same seed, different corpus (-first +again):\n%s", diff)
	}

	// Another seed draws other people and medicines.
	a, err := generateCase(testSeed, testNow, "uk", LayoutUKLabel, ScenarioValid, []string{ConditionPDF})
	if err != nil {
		t.Fatal(err)
	}
	b, err := generateCase(testSeed+1, testNow, "uk", LayoutUKLabel, ScenarioValid, []string{ConditionPDF})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a[0].File, b[0].File) {
		t.Error("seeds 42 and 43 gave the same PDF")
	}
}

func TestGenerateComposition(t *testing.T) {
	for _, market := range Markets {
		t.Run(market, func(t *testing.T) {
			cs := corpus(t, market)
			names := map[string]bool{}
			cells := map[string]int{} // layout/condition -> cases
			pdfs := map[string]bool{} // layout/scenario with a text PDF
			for _, c := range cs {
				if names[c.Name] {
					t.Errorf("duplicate case name %s", c.Name)
				}
				names[c.Name] = true
				if want := strings.Join([]string{market, c.Layout, c.Scenario, c.Condition}, "/"); c.Name != want {
					t.Errorf("case name %q, want %q", c.Name, want)
				}
				if c.Market != market || c.Lead.Forename == "" || c.Lead.Surname == "" || c.MedicationName == "" || c.MedicationDosage == "" {
					t.Errorf("%s: incomplete case: market %q lead %+v medication %q %q", c.Name, c.Market, c.Lead, c.MedicationName, c.MedicationDosage)
				}
				cells[c.Layout+"/"+c.Condition]++
				if c.Condition == ConditionPDF {
					pdfs[c.Layout+"/"+c.Scenario] = true
				}
			}
			for _, layout := range LayoutsFor(market) {
				for _, s := range ScenariosFor(layout) {
					if !pdfs[layout+"/"+s] {
						t.Errorf("%s/%s: no PDF", layout, s)
					}
				}
				for _, cond := range conditionsOf(layout) {
					if cond == ConditionPDF {
						continue
					}
					if n := cells[layout+"/"+cond]; n != 1 {
						t.Errorf("%s/%s: %d cases, want 1", layout, cond, n)
					}
				}
			}
		})
	}
	if _, err := Generate(1, testNow, "fr"); err == nil {
		t.Error(`Generate(market "fr"): want an error`)
	}
	if _, err := Generate(1, testNow, "uk", Options{Conditions: []string{"sideways"}}); err == nil {
		t.Error(`Generate(condition "sideways"): want an error`)
	}
	if _, err := Generate(1, testNow, "uk", Options{Layouts: []string{"napkin"}}); err == nil {
		t.Error(`Generate(layout "napkin"): want an error`)
	}
}

func TestGenerateOptionsSelect(t *testing.T) {
	cs, err := Generate(testSeed, testNow, "us", Options{Layouts: []string{LayoutUSVial}, Conditions: []string{ConditionRotated90, ConditionPDF}})
	if err != nil {
		t.Fatal(err)
	}
	rotated := 0
	for _, c := range cs {
		if c.Layout != LayoutUSVial || (c.Condition != ConditionRotated90 && c.Condition != ConditionPDF) {
			t.Errorf("%s: outside the selection", c.Name)
		}
		if c.Condition == ConditionRotated90 {
			rotated++
		}
	}
	if rotated != 1 || len(cs) != len(Scenarios)+1 {
		t.Errorf("%d cases, %d rotated; want %d and 1", len(cs), rotated, len(Scenarios)+1)
	}
	// More per cell adds scenarios and keeps the first.
	wider, err := Generate(testSeed, testNow, "us", Options{Layouts: []string{LayoutUSVial}, Conditions: []string{ConditionRotated90}, PerCell: 3})
	if err != nil {
		t.Fatal(err)
	}
	var scenarios []string
	for _, c := range wider {
		scenarios = append(scenarios, c.Scenario)
	}
	var first string
	for _, c := range cs {
		if c.Condition == ConditionRotated90 {
			first = c.Scenario
		}
	}
	slices.Sort(scenarios)
	if len(slices.Compact(scenarios)) != 3 || !slices.Contains(scenarios, first) {
		t.Errorf("PerCell 3 gives scenarios %v; want 3 different, %s among them", scenarios, first)
	}
	// A selection renders the same bytes as the whole corpus.
	all := map[string][]byte{}
	for _, c := range corpus(t, "us") {
		all[c.Name] = c.File
	}
	for _, c := range cs {
		if !bytes.Equal(all[c.Name], c.File) {
			t.Errorf("%s: a selection renders other bytes than the whole corpus", c.Name)
		}
	}
}

func TestFilesDecode(t *testing.T) {
	for _, c := range allCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			switch c.Format {
			case FormatPDF:
				if !bytes.HasPrefix(c.File, []byte("%PDF-")) || !bytes.Contains(c.File[len(c.File)-32:], []byte("%%EOF")) {
					t.Errorf("not a complete PDF: starts %q", c.File[:8])
				}
			case FormatPNG, FormatJPEG, FormatTIFF:
				img, format, err := image.Decode(bytes.NewReader(c.File))
				if err != nil {
					t.Fatalf("decode: %v", err)
				}
				if format != c.Format {
					t.Errorf("decoded as %s, want %s", format, c.Format)
				}
				if w, h := img.Bounds().Dx(), img.Bounds().Dy(); max(w, h) < 300 || max(w, h) > 2600 {
					t.Errorf("size %dx%d px, want the long side 300-2600", w, h)
				}
			default:
				t.Errorf("unknown format %q", c.Format)
			}
			if c.FileName() != "evidence."+map[string]string{FormatPDF: "pdf", FormatPNG: "png", FormatJPEG: "jpg", FormatTIFF: "tiff"}[c.Format] {
				t.Errorf("FileName() = %q", c.FileName())
			}
		})
	}
}

// TestPDFTextLayer reads every PDF back with a PDF text extractor: all the
// document's text, accents included, must be in its text layer, and a
// scanned PDF must have none.
func TestPDFTextLayer(t *testing.T) {
	for _, c := range allCases(t) {
		if c.Format != FormatPDF {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			r, err := pdf.NewReader(bytes.NewReader(c.File), int64(len(c.File)))
			if err != nil {
				t.Fatal(err)
			}
			if want := map[bool]int{true: 2, false: 1}[c.Layout == LayoutMultiPage]; r.NumPage() != want {
				t.Errorf("%d pages, want %d", r.NumPage(), want)
			}
			rd, err := r.GetPlainText()
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(rd)
			if err != nil {
				t.Fatal(err)
			}
			got := string(b)
			if c.Condition == ConditionScannedPDF {
				if strings.TrimSpace(got) != "" {
					t.Errorf("a scanned PDF has a text layer: %q", got)
				}
				return
			}
			for _, line := range strings.Split(c.text, "\n") {
				for _, cell := range strings.Split(line, "  ") {
					if cell != "" && !strings.Contains(got, cell) {
						t.Errorf("text layer lacks %q", cell)
					}
				}
			}
		})
	}
}

func TestTruthByScenario(t *testing.T) {
	all := Truth{Valid, Valid, Valid, Valid, Valid}
	with := func(f func(*Truth)) Truth { t := all; f(&t); return t }
	want := map[string]Truth{
		ScenarioValid:             all,
		ScenarioGenericName:       all,
		ScenarioDoseUnits:         all,
		ScenarioWrongPatient:      with(func(t *Truth) { t.PatientName = Invalid }),
		ScenarioWrongMedicine:     with(func(t *Truth) { t.MedicationName, t.MedicationDosage, t.MedicationDate = Invalid, Invalid, NotFound }),
		ScenarioWrongDose:         with(func(t *Truth) { t.MedicationDosage = Invalid }),
		ScenarioOldDate:           with(func(t *Truth) { t.MedicationDate = Invalid }),
		ScenarioFutureDate:        with(func(t *Truth) { t.MedicationDate = Invalid }),
		ScenarioNoPharmacy:        with(func(t *Truth) { t.PharmacyName = NotFound }),
		ScenarioSwappedName:       with(func(t *Truth) { t.PatientName = Invalid }),
		ScenarioSwappedTitle:      with(func(t *Truth) { t.PatientName = Invalid }),
		ScenarioSwappedSalutation: with(func(t *Truth) { t.PatientName = Invalid }),
		ScenarioSurnameFirst:      all,
		ScenarioNearMissName:      with(func(t *Truth) { t.PatientName = Invalid }),
		ScenarioOtherMedicine:     with(func(t *Truth) { t.MedicationName, t.MedicationDosage, t.MedicationDate = Invalid, Invalid, NotFound }),
		LayoutUtilityBill:         {Valid, NotFound, NotFound, NotFound, NotFound},
		LayoutGymReceipt:          {NotFound, NotFound, NotFound, NotFound, NotFound},
	}
	for _, c := range allCases(t) {
		key := c.Scenario
		if key == ScenarioUnrelated {
			key = c.Layout
		}
		if diff := cmp.Diff(want[key], c.Truth); diff != "" {
			t.Errorf("%s: truth (-want +got):\n%s", c.Name, diff)
		}
	}
}

// TestTruthAgreesWithText re-derives each truth from the document's own
// text, independently of how the generator decided it.
func TestTruthAgreesWithText(t *testing.T) {
	for _, c := range allCases(t) {
		if c.Condition != ConditionPDF {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			text := fold(c.text)
			got := Truth{
				PatientName:      patientInText(text, c.Lead),
				MedicationName:   medicineInText(t, text, c.MedicationName),
				MedicationDosage: doseInText(t, text, c.MedicationName, c.MedicationDosage),
				MedicationDate:   dateInText(t, c.text, c.Market),
				PharmacyName:     NotFound,
			}
			if got.MedicationName == Invalid {
				// Another medicine's date is not the requested one's.
				got.MedicationDate = NotFound
			}
			if regexp.MustCompile(`pharmacy|chemist|\bdrug\b`).MatchString(text) {
				got.PharmacyName = Valid
			}
			if diff := cmp.Diff(c.Truth, got); diff != "" {
				t.Errorf("truth (-generated +from text):\n%s\ntext:\n%s", diff, c.text)
			}
		})
	}
}

func fold(s string) string { return strings.ToLower(asciiUpper(s)) }

// patientInText reads the patient from the text: forename then surname,
// "Surname, Forename", or labelled fields; any other name is another
// person (a salutation's surname must agree too).
func patientInText(text string, lead Person) Verdict {
	f, s := fold(lead.Forename), fold(lead.Surname)
	word := func(w string) string { return `(^|[^a-z'-])` + regexp.QuoteMeta(w) + `($|[^a-z'-])` }
	forenameFirst := regexp.MustCompile(word(f + " " + s)).MatchString(text)
	commaFirst := regexp.MustCompile(word(s + ", " + f)).MatchString(text)
	labelled := regexp.MustCompile(`(surname|last name): `+regexp.QuoteMeta(s)+`\n`).MatchString(text) &&
		regexp.MustCompile(`(forename|forename\(s\)|first name): `+regexp.QuoteMeta(f)+`\n`).MatchString(text)
	if dear := regexp.MustCompile(`dear (mr|mrs|ms|mx|dr) ([^,]+),`).FindStringSubmatch(text); dear != nil && dear[2] != s {
		return Invalid
	}
	if forenameFirst || commaFirst || labelled {
		return Valid
	}
	for _, label := range []string{"patient:", "ship to:", "bill to:", "customer:", "deliver to:", "account holder:", "mr ", "ms ", "mrs ", "mx "} {
		if strings.Contains(text, label) {
			return Invalid
		}
	}
	// Labels without a caption: the name line of a pharmacy label.
	people := append(slices.Clone(otherPatients), patients...)
	people = append(people, bothWays...)
	for _, p := range nearMisses {
		people = append(people, p[0], p[1])
	}
	for _, p := range people {
		if strings.Contains(text, fold(p.surname)) {
			return Invalid
		}
	}
	return NotFound
}

// molecules maps every name a medicine goes by to its molecule.
func molecules() map[string]string {
	m := map[string]string{}
	for _, p := range products {
		m[strings.ToLower(p.brand)] = p.molecule
		m[p.molecule] = p.molecule
	}
	return m
}

// printedMolecules lists the molecules whose names appear in the text.
func printedMolecules(text string) []string {
	var out []string
	for name, mol := range molecules() {
		if strings.Contains(text, name) && !slices.Contains(out, mol) {
			out = append(out, mol)
		}
	}
	return out
}

func medicineInText(t *testing.T, text, requested string) Verdict {
	want, ok := molecules()[strings.ToLower(requested)]
	if !ok {
		t.Fatalf("requested medicine %q is not in the catalogue", requested)
	}
	printed := printedMolecules(text)
	switch {
	case len(printed) == 0 && regexp.MustCompile(`\b(metformin|sertraline|atorvastatin)\b`).MatchString(text):
		return Invalid
	case len(printed) == 0:
		return NotFound
	case slices.Equal(printed, []string{want}):
		return Valid
	case !slices.Contains(printed, want):
		return Invalid
	}
	t.Fatalf("text names several molecules: %v", printed)
	return ""
}

// penContents are amounts that are not doses: whole-pen contents and
// concentrations.
var penContents = regexp.MustCompile(`\d+(\.\d+)? ?mg/(1\.5|3) ?ml|6 ?mg/ml`)

func doseInText(t *testing.T, text, requested, dosage string) Verdict {
	if medicineInText(t, text, requested) == NotFound {
		return NotFound
	}
	mg := requestedMg(t, dosage)
	doses := regexp.MustCompile(`(^|[^\d.])` + regexp.QuoteMeta(mg) + ` ?mg`)
	if medicineInText(t, text, requested) == Valid && doses.MatchString(penContents.ReplaceAllString(text, "")) {
		return Valid
	}
	return Invalid
}

// requestedMg reads "250 mcg", "2,4 mg", "5.0 mg", "2.4mg" as mg ("2.4").
func requestedMg(t *testing.T, dosage string) string {
	s := strings.ReplaceAll(strings.ToLower(dosage), ",", ".")
	scale := 1.0
	switch {
	case strings.HasSuffix(s, "mcg"):
		s, scale = strings.TrimSuffix(s, "mcg"), 0.001
	case strings.HasSuffix(s, "mg"):
		s = strings.TrimSuffix(s, "mg")
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		t.Fatalf("dosage %q: %v", dosage, err)
	}
	return strconv.FormatFloat(v*scale, 'f', -1, 64)
}

var dateLabel = regexp.MustCompile(`(?m)(?:Date dispensed|Fill Date|Fill Dt|Filled|Dispensed|Order date|Invoice date|(?:^|  )Date(?: of issue| Filled)?):? (.+?)(?:  |$)|^(\d{1,2}(?:st|nd|rd|th) [A-Z][a-z]+ \d{4}|[A-Z][a-z]+ \d{1,2}, \d{4})$`)

// medicationDate is the text's medication date as printed, "" when none.
func medicationDate(text string) string {
	m := dateLabel.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return regexp.MustCompile(`^(\d+)(st|nd|rd|th) `).ReplaceAllString(m[1]+m[2], "$1 ")
}

func dateInText(t *testing.T, text, market string) Verdict {
	printed := medicationDate(text)
	if printed == "" {
		return NotFound
	}
	layouts := map[string][]string{
		"uk": {"02/01/2006", "2 Jan 2006", "2 January 2006", "2006-01-02"},
		"us": {"01/02/2006", "Jan 2, 2006", "January 2, 2006", "2006-01-02"},
	}[market]
	for _, l := range layouts {
		d, err := time.Parse(l, printed)
		if err != nil {
			continue
		}
		age := day(testNow).Sub(d)
		if age < 0 || age > 90*24*time.Hour {
			return Invalid
		}
		return Valid
	}
	t.Fatalf("date %q is in none of the %s layouts", printed, market)
	return ""
}

func TestDatesAreRelativeToNow(t *testing.T) {
	for _, tc := range []struct {
		scenario       string
		minAge, maxAge int // days before now; negative is the future
	}{
		{ScenarioValid, 1, 60},
		{ScenarioOldDate, 100, 199},
		{ScenarioFutureDate, -39, -10},
	} {
		t.Run(tc.scenario, func(t *testing.T) {
			for _, c := range allCases(t) {
				if c.Scenario != tc.scenario || c.Condition != ConditionPDF {
					continue
				}
				printed := medicationDate(c.text)
				if printed == "" {
					t.Fatalf("%s: no medication date in text", c.Name)
				}
				var d time.Time
				for _, l := range []string{"02/01/2006", "01/02/2006", "2 Jan 2006", "Jan 2, 2006", "2 January 2006", "January 2, 2006", "2006-01-02"} {
					if c.Market == "us" && l == "02/01/2006" || c.Market == "uk" && l == "01/02/2006" {
						continue
					}
					if p, err := time.Parse(l, printed); err == nil {
						d = p
						break
					}
				}
				age := int(day(testNow).Sub(d).Hours() / 24)
				if age < tc.minAge || age > tc.maxAge {
					t.Errorf("%s: date %q is %d days old, want %d to %d", c.Name, printed, age, tc.minAge, tc.maxAge)
				}
			}
		})
	}
}

func TestRequestedDosages(t *testing.T) {
	for _, tc := range []struct{ dose, spaced, other string }{
		{"0.25", "0.25 mg", "250 mcg"},
		{"0.6", "0.6 mg", "600 mcg"},
		{"2.4", "2.4 mg", "2,4 mg"},
		{"5", "5 mg", "5.0 mg"},
	} {
		t.Run(tc.dose, func(t *testing.T) {
			if got := requestDosage(tc.dose, true); got != tc.spaced {
				t.Errorf("requestDosage(%q, true) = %q, want %q", tc.dose, got, tc.spaced)
			}
			if got := otherUnitDosage(tc.dose); got != tc.other {
				t.Errorf("otherUnitDosage(%q) = %q, want %q", tc.dose, got, tc.other)
			}
		})
	}
	// Every dose has another spelling, so dose-units cases never repeat the
	// plain one.
	for _, p := range products {
		for _, d := range p.doses {
			if o := otherUnitDosage(d); o == "" || strings.HasPrefix(o, " ") {
				t.Errorf("%s %s: other spelling %q", p.brand, d, o)
			}
		}
	}
}

func TestSample(t *testing.T) {
	c, err := Sample(testNow)
	if err != nil {
		t.Fatal(err)
	}
	if c.Format != FormatPDF || c.Layout != LayoutUSLabel || !bytes.HasPrefix(c.File, []byte("%PDF-")) {
		t.Errorf("Sample is %s %s, want a US label PDF", c.Layout, c.Format)
	}
	if want := (Truth{Valid, Valid, Valid, Valid, Valid}); c.Truth != want {
		t.Errorf("Sample truth = %+v, want all valid", c.Truth)
	}
	for _, want := range []string{"MAPLE RIDGE PHARMACY", "WHITCOMBE", "ZEPBOUND 5MG/0.5ML PEN", "Fill Date: "} {
		if !strings.Contains(c.text, want) {
			t.Errorf("Sample lacks %q:\n%s", want, c.text)
		}
	}
	if c.Lead != (Person{"Dana", "Whitcombe"}) || c.MedicationName != "Zepbound" || c.MedicationDosage != "5 mg" {
		t.Errorf("Sample request: lead %+v, %q %q", c.Lead, c.MedicationName, c.MedicationDosage)
	}
}

// TestPhotoReadsWithTesseract checks that the photo-like conditions stay
// fair: Tesseract alone must still read the key lines of the sample label
// as a phone photo, a flatbed scan and small print.
func TestPhotoReadsWithTesseract(t *testing.T) {
	if testing.Short() {
		t.Skip("runs tesseract")
	}
	if _, err := exec.LookPath("tesseract"); err != nil {
		t.Skip("tesseract is not installed")
	}
	for _, cond := range []string{ConditionPhonePhoto, ConditionFlatbed, ConditionSmallPrint} {
		t.Run(cond, func(t *testing.T) {
			c, err := SampleAs(testNow, cond)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("tesseract", "-", "stdout")
			cmd.Stdin = bytes.NewReader(c.File)
			cmd.Env = append(cmd.Environ(), "OMP_THREAD_LIMIT=1")
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("tesseract: %v", err)
			}
			ocr := strings.Join(strings.Fields(string(out)), " ")
			for _, want := range []string{medicationDate(c.text), fold(c.Lead.Surname)} {
				if !strings.Contains(fold(ocr), fold(want)) {
					t.Errorf("OCR lacks %q:\n%s", want, ocr)
				}
			}
		})
	}
}
