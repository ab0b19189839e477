package evidence

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// textOf makes a Text of lines all read with confidence conf.
func textOf(conf float64, lines ...string) Text {
	t := Text{Source: "test"}
	for _, l := range lines {
		t.Lines = append(t.Lines, Line{Text: l, Confidence: conf})
	}
	return t
}

// textractOf makes a Text of lines all read by Textract with confidence conf.
func textractOf(conf float64, lines ...string) Text {
	t := textOf(conf, lines...)
	t.Source = "textract"
	return t
}

// block makes lines from a multi-line string, dropping the common indent.
func block(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		out = append(out, strings.TrimSpace(l))
	}
	return out
}

var (
	testNow = time.Date(2026, 11, 20, 14, 30, 0, 0, time.UTC)

	ukLabel = block(`
		Wegovy 2.4mg/0.75ml solution for injection pre-filled pen
		Inject ONE dose (2.4mg) under the skin ONCE a WEEK
		Mrs Jane Smith                      03/11/2026
		Keep out of the reach and sight of children
		Greenfield Pharmacy, 12 High Street, Leeds LS1 4AB  Tel 0113 496 0000`)

	ukLabelOCR = block(`
		Weg0vy 2.4rng/0.75ml solution for injection pre-filled pen
		Inject ONE dose (2.4mg) under the skin ONCE a WEEK
		Mrs Jane Srnith                      03/11/2026
		Keep out of the reach and sight of children
		Greenfie1d Pharmacy, 12 High Street, Leeds LS1 4AB  Tel 0113 496 0000`)

	usLabel = block(`
		CVS/pharmacy #04521
		1200 Main St, Springfield IL 62701  (217) 555-0142
		Rx# 4829173            Date Filled: 11/03/2026
		JOHN A DOE
		123 ELM ST SPRINGFIELD IL 62704
		INJECT 2.5MG UNDER THE SKIN ONCE WEEKLY
		MOUNJARO 2.5MG/0.5ML PEN
		QTY: 2 ML      Refills: 2
		Discard after: 11/03/2027
		Prescriber: Dr. Emily Carter MD`)

	usOzempicLabel = block(`
		Walgreens #07731  400 Lake Ave, Austin TX 78701
		Rx 0623118   Fill Date 10/28/2026
		Patient: DOE, JOHN
		OZEMPIC 2MG/1.5ML (0.25 OR 0.5MG DOSE) PEN
		INJECT 0.5MG SUBCUTANEOUSLY ONCE WEEKLY
		Qty 1.5 ML   No refills
		Use before 10/28/2027`)

	onlineOrder = block(`
		Northbridge Online Pharmacy
		Order confirmation
		Hi Priya,
		Thank you for your order. Order number: NB-100234
		Order placed: 3 November 2026
		Item                                   Qty   Price
		Mounjaro 5mg/0.6ml KwikPen             1     £179.00
		Delivery to: Priya Raman, 4 Park Road, Bristol BS1 5TR
		Registered pharmacy GPhC 9011234`)

	privatePrescription = block(`
		PRIVATE PRESCRIPTION
		Patient: Mr Tom Okafor        DOB: 14/07/1979
		Address: 22 Mill Lane, York YO1 7HH
		Rx: Semaglutide 1 mg/0.5 ml solution for injection (Wegovy FlexTouch)
		Directions: Inject 1 mg once weekly
		Supply: 1 pen (4 doses)
		Date of prescription: 28/10/2026
		Prescriber: Dr Helen Marsh GMC 7012345`)
)

func TestVerify(t *testing.T) {
	jane := Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}
	john := Expected{PatientKnown: true, Forename: "John", Surname: "Doe", MedicationName: "Mounjaro", MedicationDosage: "2.5mg"}
	v := func(c Confidence) Rating { return Rating{Valid, c} }
	iv := func(c Confidence) Rating { return Rating{Invalid, c} }
	nf := func(c Confidence) Rating { return Rating{NotFound, c} }
	tests := []struct {
		name   string
		text   Text
		exp    Expected
		market string
		want   Result
	}{
		{
			name: "UK dispensing label, text layer",
			text: textOf(1, ukLabel...), exp: jane, market: "uk",
			want: Result{
				Success:    true,
				Data:       Fields{v(High), v(High), v(High), v(Medium), v(High)},
				Confidence: Medium,
				Note:       "All five fields match the document, but check the date on the document by hand: it was read or matched with less certainty.",
			},
		},
		{
			name: "UK dispensing label, OCR noise",
			text: textOf(0.86, ukLabelOCR...), exp: jane, market: "uk",
			want: Result{
				Success:    true,
				Data:       Fields{v(Medium), v(Medium), v(Medium), v(Medium), v(Medium)},
				Confidence: Medium,
				Note:       "All five fields match the document, but check the patient name, the medicine, the dose, the date on the document and the pharmacy name by hand: they were read or matched with less certainty.",
			},
		},
		{
			name: "UK dispensing label, requested dose differs",
			text: textOf(1, ukLabel...), exp: Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "semaglutide", MedicationDosage: "1,7 mg"}, market: "uk",
			want: Result{
				Data:       Fields{v(High), v(High), iv(High), v(Medium), v(High)},
				Confidence: High,
				Note:       "The document shows a different dose (2.4 mg) from the one requested (1.7 mg).",
			},
		},
		{
			name: "US pharmacy label, Textract",
			text: textOf(0.97, usLabel...), exp: john, market: "us",
			want: Result{
				Success:    true,
				Data:       Fields{v(Medium), v(High), v(High), v(High), v(High)},
				Confidence: Medium,
				Note:       "All five fields match the document, but check the patient name by hand: it was read or matched with less certainty.",
			},
		},
		{
			name: "US pharmacy label read by a UK clinic",
			text: textOf(0.97, usLabel...), exp: john, market: "uk",
			want: Result{
				Success:    true,
				Data:       Fields{v(Medium), v(High), v(High), v(Medium), v(High)},
				Confidence: Medium,
				Note:       "All five fields match the document, but check the patient name and the dispensing date (11/03/2026 could be day first or month first) by hand: they were read or matched with less certainty.",
			},
		},
		{
			name: "US label: the prescriber is not the patient",
			text: textOf(0.97, usLabel...), exp: Expected{PatientKnown: true, Forename: "Emily", Surname: "Carter", MedicationName: "Zepbound", MedicationDosage: "2.5 mg"}, market: "us",
			want: Result{
				Data:       Fields{iv(Medium), v(High), v(High), v(High), v(High)},
				Confidence: Medium,
				Note:       "The patient name on the document is not the lead's name.",
			},
		},
		{
			name: "US Ozempic pen: content is not the dose",
			text: textOf(0.98, usOzempicLabel...), exp: Expected{PatientKnown: true, Forename: "John", Surname: "Doe", MedicationName: "Ozempic", MedicationDosage: "0.5 mg"}, market: "us",
			want: Result{
				Success:    true,
				Data:       Fields{v(High), v(High), v(High), v(High), v(High)},
				Confidence: High,
				Note:       "All five fields match the document.",
			},
		},
		{
			name: "US Ozempic pen: requested the pen's content",
			text: textOf(0.98, usOzempicLabel...), exp: Expected{PatientKnown: true, Forename: "John", Surname: "Doe", MedicationName: "Ozempic", MedicationDosage: "2 mg"}, market: "us",
			want: Result{
				Data:       Fields{v(High), v(High), iv(High), v(High), v(High)},
				Confidence: High,
				Note:       "The document shows a different dose (0.5 mg) from the one requested (2 mg).",
			},
		},
		{
			name: "online order confirmation",
			text: textOf(1, onlineOrder...), exp: Expected{PatientKnown: true, Forename: "Priya", Surname: "Raman", MedicationName: "tirzepatide", MedicationDosage: "5 mg"}, market: "uk",
			want: Result{
				Success:    true,
				Data:       Fields{v(Medium), v(High), v(High), v(High), v(High)},
				Confidence: Medium,
				Note:       "All five fields match the document, but check the patient name by hand: it was read or matched with less certainty.",
			},
		},
		{
			name: "private prescription without a pharmacy",
			text: textOf(1, privatePrescription...), exp: Expected{PatientKnown: true, Forename: "Tom", Surname: "Okafor", MedicationName: "Wegovy", MedicationDosage: "1 mg"}, market: "uk",
			want: Result{
				Data:       Fields{v(High), v(High), v(High), v(High), nf(Medium)},
				Confidence: Medium,
				Note:       "The pharmacy name could not be found.",
			},
		},
		{
			name: "private prescription for someone else, of another medicine",
			text: textOf(1, privatePrescription...), exp: Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Mounjaro", MedicationDosage: "2.5 mg"},
			market: "uk",
			want: Result{
				Data:       Fields{iv(High), iv(High), iv(Medium), nf(Medium), nf(Medium)},
				Confidence: High,
				Note:       "The patient name on the document is not the lead's name; the document shows a different medicine (Wegovy) from the one requested (Mounjaro); the dose on the document (1 mg) is for a different medicine. The document names only another medicine, so its dates were not taken as the requested medicine's; the pharmacy name could not be found.",
			},
		},
		{
			name: "no lead for the user id",
			text: textOf(1, ukLabel...), exp: Expected{MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}, market: "uk",
			want: Result{
				Data:       Fields{nf(High), v(High), v(High), v(Medium), v(High)},
				Confidence: High,
				Note:       "No lead has this user id, so the patient name could not be checked.",
			},
		},
		{
			name: "unknown medicine requested",
			text: textOf(1, ukLabel...), exp: Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Metformin", MedicationDosage: "500 mg"}, market: "uk",
			want: Result{
				Data:       Fields{v(High), nf(High), nf(High), v(Medium), v(High)},
				Confidence: High,
				Note:       "The requested medicine is not one this service can verify; the dose could not be checked without a known medicine.",
			},
		},
		{
			name: "unlicensed dose requested",
			text: textOf(1, ukLabel...), exp: Expected{PatientKnown: true, Forename: "Jane", Surname: "Smith", MedicationName: "Wegovy", MedicationDosage: "5 mg"}, market: "uk",
			want: Result{
				Data:       Fields{v(High), v(High), iv(High), v(Medium), v(High)},
				Confidence: High,
				Note:       "The requested dose (5 mg) is not a licensed strength of Wegovy.",
			},
		},
		{
			name: "dispensing date in the future",
			text: textOf(1, "Dispensed: 2026-12-01", "Patient: Jane Smith", "Wegovy 2.4 mg", "Boots"), exp: jane, market: "uk",
			want: Result{
				Data:       Fields{v(High), v(High), v(High), iv(High), v(High)},
				Confidence: High,
				Note:       "The dispensing date (1 Dec 2026) is in the future.",
			},
		},
		{
			name: "Textract sure of a misspelt name: rn read as m is not the lead",
			text: textractOf(0.995, "Boots Pharmacy, 1 High St, Nottingham", "Patient: Amie Warner", "Wegovy 2.4mg/0.75ml solution for injection", "Dispensed: 13/11/2026"),
			exp:  Expected{PatientKnown: true, Forename: "Arnie", Surname: "Warner", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}, market: "uk",
			want: Result{
				Data:       Fields{nf(Low), v(High), v(High), v(High), v(High)},
				Confidence: Low,
				Note:       "The patient name on the document is spelt differently from the lead's (a misreading, or another person).",
			},
		},
		{
			name: "Textract sure of a differently spelt name",
			text: textractOf(0.99, "CVS/pharmacy #04521", "Patient: Kristopher Andersen", "WEGOVY 2.4MG/0.75ML PEN", "Date Filled: 11/13/2026"),
			exp:  Expected{PatientKnown: true, Forename: "Christopher", Surname: "Anderson", MedicationName: "Wegovy", MedicationDosage: "2.4 mg"}, market: "us",
			want: Result{
				Data:       Fields{iv(Medium), v(High), v(High), v(High), v(High)},
				Confidence: Medium,
				Note:       "The patient name on the document is not the lead's name.",
			},
		},
		{
			name: "blurry photo: little read",
			text: textOf(0.41, "W g vy", "Inj ct ONE d se", "Mrs J ne Sm th"), exp: jane, market: "uk",
			want: Result{
				Data:       Fields{nf(Low), nf(Low), nf(Low), nf(Low), nf(Low)},
				Confidence: Low,
				Note:       "The patient name, the medicine, the dose, the dispensing or prescription date and the pharmacy name could not be found (a clearer photo or the PDF may help).",
			},
		},
		{
			name: "no text at all",
			text: Text{Source: "tesseract"}, exp: jane, market: "uk",
			want: Result{
				Data:       Fields{nf(High), nf(High), nf(High), nf(High), nf(High)},
				Confidence: High,
				Note:       "No text could be read from the document; ask the patient for a clearer photo or the PDF.",
			},
		},
		{
			name: "only blank lines",
			text: textOf(0.9, " ", "\t", ""), exp: Expected{MedicationName: "Wegovy"}, market: "uk",
			want: Result{
				Data:       Fields{nf(High), nf(High), nf(High), nf(High), nf(High)},
				Confidence: High,
				Note:       "No text could be read from the document; ask the patient for a clearer photo or the PDF. No lead has this user id.",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Verify(tt.text, tt.exp, Policy{Now: testNow, MaxAge: 90 * 24 * time.Hour, Market: tt.market})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Verify mismatch (-want +got):\n%s", diff)
			}
			assertNoPersonalData(t, got.Note, tt.exp, tt.text)
		})
	}
}

// assertNoPersonalData fails when the note quotes the patient's name or a
// date of birth from the document.
func assertNoPersonalData(t *testing.T, note string, exp Expected, text Text) {
	t.Helper()
	_, noteWords := normalise(note)
	for _, name := range append(nameWords(exp.Forename), nameWords(exp.Surname)...) {
		for _, w := range noteWords {
			if w.text == name.text {
				t.Errorf("note %q quotes the patient's name", note)
			}
		}
	}
	for _, l := range readDocument(text).lines {
		for _, lb := range findDateLabels(l) {
			if lb.kind != otherDate {
				continue
			}
			for _, f := range findDates(l.norm) {
				if f.start >= lb.end && (strings.Contains(note, f.text) || strings.Contains(note, f.reading(true).String())) {
					t.Errorf("note %q quotes the date %q", note, f.text)
				}
			}
		}
	}
}

func TestOverallConfidence(t *testing.T) {
	f := func(v Verdict, c Confidence) finding { return finding{rating: Rating{v, c}} }
	tests := []struct {
		name   string
		fields []finding
		want   Confidence
	}{
		{"success takes the lowest", []finding{f(Valid, High), f(Valid, Medium), f(Valid, High), f(Valid, Low), f(Valid, High)}, Low},
		{"success, all high", []finding{f(Valid, High), f(Valid, High), f(Valid, High), f(Valid, High), f(Valid, High)}, High},
		{"one certain problem", []finding{f(Valid, Low), f(Invalid, High), f(NotFound, Low), f(Valid, High), f(Valid, High)}, High},
		{"only unsure problems", []finding{f(Valid, High), f(NotFound, Low), f(Valid, High), f(Invalid, Medium), f(Valid, High)}, Medium},
	}
	for _, tt := range tests {
		if got := overallConfidence(tt.fields); got != tt.want {
			t.Errorf("%s: overallConfidence = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	text := textOf(0.93, append(append(cloneLines(usLabel), onlineOrder...), ukLabelOCR...)...)
	exp := Expected{PatientKnown: true, Forename: "John", Surname: "Doe", MedicationName: "Mounjaro", MedicationDosage: "2.5 mg"}
	pol := Policy{Now: testNow, Market: "us"}
	b.ReportAllocs()
	for b.Loop() {
		Verify(text, exp, pol)
	}
}

func cloneLines(s []string) []string { return append([]string(nil), s...) }

// sample is a document of testdata/documents: "# key: value" header lines
// (forename, surname, patient-known, medication, dosage, market, now,
// confidence), then the document's lines, each optionally prefixed with its
// own confidence ("0.81|text").
type sample struct {
	text Text
	exp  Expected
	pol  Policy
}

func readSample(t *testing.T, path string) sample {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := sample{
		text: Text{Source: "sample"},
		exp:  Expected{PatientKnown: true},
		pol:  Policy{Now: testNow, MaxAge: 90 * 24 * time.Hour},
	}
	conf := 1.0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "#"); ok {
			key, value, ok := strings.Cut(rest, ":")
			if !ok {
				continue
			}
			value = strings.TrimSpace(value)
			switch strings.TrimSpace(key) {
			case "forename":
				s.exp.Forename = value
			case "surname":
				s.exp.Surname = value
			case "patient-known":
				s.exp.PatientKnown = value == "true"
			case "medication":
				s.exp.MedicationName = value
			case "dosage":
				s.exp.MedicationDosage = value
			case "market":
				s.pol.Market = value
			case "now":
				if s.pol.Now, err = time.Parse(time.RFC3339, value); err != nil {
					t.Fatalf("%s: now: %v", path, err)
				}
			case "confidence":
				if conf, err = strconv.ParseFloat(value, 64); err != nil {
					t.Fatalf("%s: confidence: %v", path, err)
				}
			}
			continue
		}
		c := conf
		if prefix, text, ok := strings.Cut(line, "|"); ok {
			if v, err := strconv.ParseFloat(prefix, 64); err == nil {
				c, line = v, text
			}
		}
		s.text.Lines = append(s.text.Lines, Line{Text: line, Confidence: c})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestVerifyGolden runs Verify on every sample document and compares the
// result with testdata/golden/<name>.json (go test -run Golden -update
// rewrites them; review the diff).
func TestVerifyGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "documents", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no sample documents: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) {
			s := readSample(t, file)
			got := Verify(s.text, s.exp, s.pol)
			assertNoPersonalData(t, got.Note, s.exp, s.text)
			golden := filepath.Join("testdata", "golden", name+".json")
			if *update {
				b, err := json.MarshalIndent(got, "", "  ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, append(b, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			b, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run Golden -update to create it)", err)
			}
			var want Result
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatalf("%s: %v", golden, err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Verify(%s) mismatch (-want +got):\n%s", name, diff)
			}
		})
	}
}
