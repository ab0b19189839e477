package lead

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/payloads")

// testNow is the clock for every test: dates after 2026-11-21 are future.
var testNow = time.Date(2026, 11, 21, 10, 4, 5, 0, time.UTC)

// messagesOf returns the validation messages of err, failing the test if err
// is not a *derrors.Validation.
func messagesOf(t *testing.T, err error) []string {
	t.Helper()
	var v *derrors.Validation
	if !errors.As(err, &v) {
		t.Fatalf("error = %v (%T), want a *derrors.Validation", err, err)
	}
	if !errors.Is(err, derrors.ErrInvalidArgument) {
		t.Errorf("error does not wrap derrors.ErrInvalidArgument")
	}
	return v.Messages
}

func TestParsePayloadRejects(t *testing.T) {
	long := repeat("x", MaxStringLength+1)
	surgeries := func(n int) string {
		return "[" + strings.TrimSuffix(repeat(`{"value":"appendix"},`, n), ",") + "]"
	}
	tests := []struct {
		name string
		body string
		want []string
	}{
		// The body as a whole.
		{"empty body", "", []string{msgNotObject}},
		{"whitespace body", " \r\n\t", []string{msgNotObject}},
		{"null body", "null", []string{msgNotObject}},
		{"array body", `[{"email":"ann@example.com"}]`, []string{msgNotObject}},
		{"string body", `"ann@example.com"`, []string{msgNotObject}},
		{"number body", "42", []string{msgNotObject}},
		{"malformed", `{"email":`, []string{msgInvalidJSON}},
		{"trailing comma", `{"email":"ann@example.com",}`, []string{msgInvalidJSON}},
		{"trailing garbage", `{"email":"ann@example.com"} x`, []string{msgInvalidJSON}},
		{"two objects", `{} {}`, []string{msgInvalidJSON}},
		{"invalid utf-8", "{\"email\":\"ann\xff@example.com\"}", []string{msgInvalidJSON}},
		{"byte order mark is ignored once", "\xef\xbb\xbf{}", []string{"email must be an email"}},
		{"two byte order marks", "\xef\xbb\xbf\xef\xbb\xbf{}", []string{msgInvalidJSON}},
		{"byte order mark after space", " \xef\xbb\xbf{}", []string{msgInvalidJSON}},
		{"vertical tab is not JSON space", "\v{}", []string{msgInvalidJSON}},

		// email.
		{"no email", `{}`, []string{"email must be an email"}},
		{"email null", `{"email":null}`, []string{"email must be an email"}},
		{"email number", `{"email":7}`, []string{"email must be an email"}},
		{"email object", `{"email":{"address":"ann@example.com"}}`, []string{"email must be an email"}},
		{"email array", `{"email":["ann@example.com"]}`, []string{"email must be an email"}},
		{"email not an address", `{"email":"ann"}`, []string{"email must be an email"}},
		{"email with display name", `{"email":"Ann <ann@example.com>"}`, []string{"email must be an email"}},
		{"email with spaces", `{"email":" ann@example.com "}`, []string{"email must be an email"}},
		{"email only in data", `{"data":{"email":"ann@example.com"}}`, []string{
			"email must be an email",
			"property data.email should not exist",
		}},

		// data itself.
		{"data array", `{"email":"ann@example.com","data":[]}`, []string{"data must be an object"}},
		{"data string", `{"email":"ann@example.com","data":"{}"}`, []string{"data must be an object"}},
		{"data number", `{"email":"ann@example.com","data":0}`, []string{"data must be an object"}},
		{"data false", `{"email":"ann@example.com","data":false}`, []string{"data must be an object"}},

		// Types of data's fields, in the spec's order whatever the body's order.
		{"string fields not strings", `{"email":"ann@example.com","data":{
			"allergyToMedicationOrSupplement":false,"ethnicity":{},"gender":[],"phone":447700900123,"forename":true,"surname":1}}`,
			[]string{
				"data.surname must be a string",
				"data.forename must be a string",
				"data.phone must be a string",
				"data.gender must be a string",
				"data.ethnicity must be a string",
				"data.allergyToMedicationOrSupplement must be a string",
			}},
		{"object fields not objects", `{"email":"ann@example.com","data":{
			"billingAddress":"1 High St","shippingAddress":[],"height":180,"weight":"80kg","goalWeight":true,
			"weightLossInjections":"none","allergicReactionToWeightLossInjections":[{}],"familyHistoryOfMedicalConditions":"none"}}`,
			[]string{
				"data.billingAddress must be an object",
				"data.shippingAddress must be an object",
				"data.height must be an object",
				"data.weight must be an object",
				"data.goalWeight must be an object",
				"data.weightLossInjections must be an object",
				"data.allergicReactionToWeightLossInjections must be an object",
				"data.familyHistoryOfMedicalConditions must be an object",
			}},
		{"list fields not arrays", `{"email":"ann@example.com","data":{
			"prescriptionMedication":{},"surgeries":"appendix","medicalConditions":1,"healthConditions":{"condition":"asthma"}}}`,
			[]string{
				"data.prescriptionMedication must be an array",
				"data.surgeries must be an array",
				"data.medicalConditions must be an array",
				"data.healthConditions must be an array",
			}},
		{"nested fields", `{"email":"ann@example.com","data":{
			"height":{"cm":180,"unit":"cm","feet":null,"inches":[]},
			"billingAddress":{"zipCode":12345,"addressLine1":"1 High St","city":{}}}}`,
			[]string{
				"data.billingAddress.city must be a string",
				"data.billingAddress.zipCode must be a string",
				"data.height.inches must be a string",
				"data.height.cm must be a string",
			}},
		{"list elements", `{"email":"ann@example.com","data":{
			"surgeries":[1,null,{"value":2,"foo":"x","details":"fine"},"appendix",[],{}],
			"medicalConditions":[{"kidneyDiseaseType":false,"condition":"ckd"}]}}`,
			[]string{
				"data.surgeries.0 must be an object",
				"data.surgeries.1 must be an object",
				"data.surgeries.2.value must be a string",
				"property data.surgeries.2.foo should not exist",
				"data.surgeries.3 must be an object",
				"data.surgeries.4 must be an object",
				"data.medicalConditions.0.kidneyDiseaseType must be a string",
			}},

		// dateOfBirth.
		{"date not a string", `{"email":"ann@example.com","data":{"dateOfBirth":19900101}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date object", `{"email":"ann@example.com","data":{"dateOfBirth":{}}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date 30 February", `{"email":"ann@example.com","data":{"dateOfBirth":"1990-02-30"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date 29 February of a non-leap century", `{"email":"ann@example.com","data":{"dateOfBirth":"1900-02-29"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date month 13", `{"email":"ann@example.com","data":{"dateOfBirth":"1990-13-01"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date day 00", `{"email":"ann@example.com","data":{"dateOfBirth":"1990-01-00"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date unpadded", `{"email":"ann@example.com","data":{"dateOfBirth":"1990-1-5"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date without dashes", `{"email":"ann@example.com","data":{"dateOfBirth":"19900105"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date with time", `{"email":"ann@example.com","data":{"dateOfBirth":"1990-01-05T00:00:00Z"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date with space", `{"email":"ann@example.com","data":{"dateOfBirth":" 1990-01-05"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date day first", `{"email":"ann@example.com","data":{"dateOfBirth":"05-01-1990"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date fullwidth digits", `{"email":"ann@example.com","data":{"dateOfBirth":"１９９０-01-05"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date empty", `{"email":"ann@example.com","data":{"dateOfBirth":""}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date before 1900", `{"email":"ann@example.com","data":{"dateOfBirth":"1899-12-31"}}`,
			[]string{"data.dateOfBirth must be a valid date (YYYY-MM-DD)"}},
		{"date tomorrow", `{"email":"ann@example.com","data":{"dateOfBirth":"2026-11-22"}}`,
			[]string{"data.dateOfBirth must not be in the future"}},
		{"date far future", `{"email":"ann@example.com","data":{"dateOfBirth":"9999-12-31"}}`,
			[]string{"data.dateOfBirth must not be in the future"}},

		// Properties the spec does not name.
		{"unknown top level sorted", `{"zeta":1,"email":"ann@example.com","Alpha":2,"alpha":null}`, []string{
			"property Alpha should not exist",
			"property alpha should not exist",
			"property zeta should not exist",
		}},
		{"unknown after known problems", `{"name":"Ann","email":"ann","data":{"nhsNumber":"x","surname":1}}`, []string{
			"email must be an email",
			"data.surname must be a string",
			"property data.nhsNumber should not exist",
			"property name should not exist",
		}},
		{"unknown nested", `{"email":"ann@example.com","data":{"height":{"m":"1.8"},"surgeries":[{},{"foo":1}]}}`, []string{
			"property data.height.m should not exist",
			"property data.surgeries.1.foo should not exist",
		}},
		{"unknown repeated once", `{"email":"ann@example.com","x":1,"x":2}`, []string{
			"property x should not exist",
		}},
		{"key differs only in case", `{"Email":"ann@example.com"}`, []string{
			"email must be an email",
			"property Email should not exist",
		}},

		// Repeated properties.
		{"email repeated", `{"email":"ann@example.com","email":"bob@example.com"}`, []string{
			"property email should not be repeated",
		}},
		{"email repeated through an escape", `{"email":"ann@example.com","em\u0061il":"bob@example.com"}`, []string{
			"property email should not be repeated",
		}},
		{"data repeated", `{"email":"ann@example.com","data":{},"data":null}`, []string{
			"property data should not be repeated",
		}},
		{"nested repeated", `{"email":"ann@example.com","data":{"surname":"Doe","surname":"Roe",
			"surgeries":[{"value":"a","value":"b"}],"height":{"cm":"180","cm":"181"}}}`, []string{
			"property data.surname should not be repeated",
			"property data.height.cm should not be repeated",
			"property data.surgeries.0.value should not be repeated",
		}},

		// Length limits.
		{"string too long", `{"email":"ann@example.com","data":{"phone":"` + long + `","height":{"cm":"` + long + `"}}}`, []string{
			"data.phone must be shorter than or equal to 1000 characters",
			"data.height.cm must be shorter than or equal to 1000 characters",
		}},
		{"string too long in characters", `{"email":"ann@example.com","data":{"surname":"` + repeat("é", MaxStringLength+1) + `"}}`, []string{
			"data.surname must be shorter than or equal to 1000 characters",
		}},
		{"list too long", `{"email":"ann@example.com","data":{"surgeries":` + surgeries(MaxListLength+1) + `}}`, []string{
			"data.surgeries must contain no more than 50 elements",
		}},
		{"email too long", `{"email":"` + repeat("a", 245) + `@example.com"}`, []string{
			"email must be an email",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParsePayload([]byte(tt.body), testNow)
			if err == nil {
				t.Fatalf("ParsePayload accepted the body: %+v", p)
			}
			if diff := cmp.Diff(tt.want, messagesOf(t, err)); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParsePayloadAccepts(t *testing.T) {
	tests := []struct {
		name      string
		body      string
		wantEmail string
		wantData  string // "" for nil
	}{
		{"email only", `{"email":"ann@example.com"}`, "ann@example.com", ""},
		{"data null", `{"email":"ann@example.com","data":null}`, "ann@example.com", ""},
		{"data empty", `{"email":"ann@example.com","data":{}}`, "ann@example.com", `{}`},
		{"email as sent", `{"email":"Ann.Doe+clinic@Example.CO.UK"}`, "Ann.Doe+clinic@Example.CO.UK", ""},
		{"email escapes decoded", `{"email":"ann\u0040example.com"}`, "ann@example.com", ""},
		{"email utf-8", `{"email":"zoë@exämple.de"}`, "zoë@exämple.de", ""},
		{"data before email", `{"data":{"surname":"Doe"},"email":"ann@example.com"}`, "ann@example.com", `{"surname":"Doe"}`},
		{"whitespace around", " \n{ \"email\" : \"ann@example.com\" ,\r\n\t\"data\" : { \"surname\" : \"Doe\" , \"forename\" : \"Ann Marie\" } }\n ",
			"ann@example.com", `{"surname":"Doe","forename":"Ann Marie"}`},
		{"key order kept", `{"email":"ann@example.com","data":{"weight":{"unit":"kg","kg":"80"},"height":{"cm":"170","unit":"cm"},"surname":"Doe"}}`,
			"ann@example.com", `{"weight":{"unit":"kg","kg":"80"},"height":{"cm":"170","unit":"cm"},"surname":"Doe"}`},
		{"string escapes kept", `{"email":"ann@example.com","data":{"surname":"O\u0027Brien","allergyToMedicationOrSupplement":"penicillin \/ \"sulfa\"\n<b>"}}`,
			"ann@example.com", `{"surname":"O\u0027Brien","allergyToMedicationOrSupplement":"penicillin \/ \"sulfa\"\n<b>"}`},
		{"nulls kept", `{"email":"ann@example.com","data":{"surname":null,"dateOfBirth":null,"height":{"cm":null},"surgeries":null,"weight":null}}`,
			"ann@example.com", `{"surname":null,"dateOfBirth":null,"height":{"cm":null},"surgeries":null,"weight":null}`},
		{"empty strings and lists", `{"email":"ann@example.com","data":{"surname":"","surgeries":[],"height":{}}}`,
			"ann@example.com", `{"surname":"","surgeries":[],"height":{}}`},
		{"date today", `{"email":"ann@example.com","data":{"dateOfBirth":"2026-11-21"}}`, "ann@example.com", `{"dateOfBirth":"2026-11-21"}`},
		{"date 1900", `{"email":"ann@example.com","data":{"dateOfBirth":"1900-01-01"}}`, "ann@example.com", `{"dateOfBirth":"1900-01-01"}`},
		{"date leap day", `{"email":"ann@example.com","data":{"dateOfBirth":"2000-02-29"}}`, "ann@example.com", `{"dateOfBirth":"2000-02-29"}`},
		{"string at the limit", `{"email":"ann@example.com","data":{"phone":"` + repeat("7", MaxStringLength) + `"}}`,
			"ann@example.com", `{"phone":"` + repeat("7", MaxStringLength) + `"}`},
		{"presentation selectors not counted", `{"email":"ann@example.com","data":{"surname":"` + repeat("\u2764\uFE0F", MaxStringLength) + `"}}`,
			"ann@example.com", `{"surname":"` + repeat("\u2764\uFE0F", MaxStringLength) + `"}`},
		{"list at the limit", `{"email":"ann@example.com","data":{"surgeries":[` + strings.TrimSuffix(repeat(`{"value":"x"},`, MaxListLength), ",") + `]}}`,
			"ann@example.com", `{"surgeries":[` + strings.TrimSuffix(repeat(`{"value":"x"},`, MaxListLength), ",") + `]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParsePayload([]byte(tt.body), testNow)
			if err != nil {
				t.Fatalf("ParsePayload: %v", err)
			}
			if p.Email != tt.wantEmail {
				t.Errorf("Email = %q, want %q", p.Email, tt.wantEmail)
			}
			var want json.RawMessage
			if tt.wantData != "" {
				want = json.RawMessage(tt.wantData)
			}
			if !bytes.Equal(p.Data, want) || (p.Data == nil) != (want == nil) {
				t.Errorf("Data = %q, want %q", p.Data, want)
			}
		})
	}
}

func TestParsePayloadCapsMessages(t *testing.T) {
	// unknownKeys returns a body with n unknown properties, k000 to k(n-1),
	// and the messages for the first n of them.
	unknownKeys := func(n int) (string, []string) {
		var body strings.Builder
		var msgs []string
		body.WriteString(`{"email":"ann@example.com"`)
		for i := range n {
			k := fmt.Sprintf("k%03d", i)
			body.WriteString(`,"` + k + `":1`)
			msgs = append(msgs, "property "+k+" should not exist")
		}
		body.WriteString("}")
		return body.String(), msgs
	}
	atCap, atCapMsgs := unknownKeys(MaxMessages)
	overCap, overCapMsgs := unknownKeys(MaxMessages + 51)
	tests := []struct {
		name string
		body string
		want []string
	}{
		{"at the cap", atCap, atCapMsgs},
		{"over the cap", overCap, append(overCapMsgs[:MaxMessages-1:MaxMessages-1], "and 52 more problems")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParsePayload([]byte(tt.body), testNow)
			got := messagesOf(t, err)
			if len(got) > MaxMessages {
				t.Errorf("%d messages, want at most %d", len(got), MaxMessages)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
		})
	}
}

// The future is decided on the UTC date, whatever the clock's zone.
func TestParsePayloadFutureIsUTCDate(t *testing.T) {
	// 22:00 in New York on 21 November is already 22 November in UTC.
	now := time.Date(2026, 11, 21, 22, 0, 0, 0, time.FixedZone("EST", -5*3600))
	tests := []struct {
		date string
		want []string // nil: accepted
	}{
		{"2026-11-22", nil},
		{"2026-11-23", []string{"data.dateOfBirth must not be in the future"}},
	}
	for _, tt := range tests {
		t.Run(tt.date, func(t *testing.T) {
			_, err := ParsePayload([]byte(`{"email":"ann@example.com","data":{"dateOfBirth":"`+tt.date+`"}}`), now)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("ParsePayload: %v", err)
				}
				return
			}
			if diff := cmp.Diff(tt.want, messagesOf(t, err)); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
		})
	}
}

// An accepted record gives other domains the patient's name; null or
// absent names read as empty.
func TestAcceptedDataGivesThePatient(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "payloads", "valid-full.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		body []byte
		want Patient
	}{
		{"full record", body, Patient{Forename: "Jo", Surname: "Testperson"}},
		{"null names", []byte(`{"email":"a@example.com","data":{"forename":null,"surname":null}}`), Patient{}},
		{"no data", []byte(`{"email":"a@example.com"}`), Patient{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParsePayload(tt.body, testNow)
			if err != nil {
				t.Fatalf("ParsePayload: %v", err)
			}
			got, err := Lead{ID: "test", Data: p.Data}.Patient()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Patient (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParsePayloadGolden runs every testdata/payloads/*.json body and compares
// the outcome with the .golden file beside it (go test -update rewrites them).
func TestParsePayloadGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "payloads", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatal("no testdata/payloads/*.json inputs")
	}
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".json")
		t.Run(name, func(t *testing.T) {
			body, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got := goldenOutcome(t, body)
			goldenPath := strings.TrimSuffix(in, ".json") + ".golden"
			if *update {
				if err := os.WriteFile(goldenPath, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("outcome for %s (-want +got):\n%s", in, diff)
			}
		})
	}
}

// goldenOutcome renders ParsePayload's result as text: "messages:" and one
// message a line, or the accepted email and the exact Data bytes.
func goldenOutcome(t *testing.T, body []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	p, err := ParsePayload(body, testNow)
	if err != nil {
		buf.WriteString("messages:\n")
		for _, m := range messagesOf(t, err) {
			buf.WriteString("  " + m + "\n")
		}
		return buf.Bytes()
	}
	buf.WriteString("email: " + p.Email + "\n")
	if p.Data == nil {
		buf.WriteString("data: (none)\n")
	} else {
		buf.WriteString("data: " + string(p.Data) + "\n")
	}
	return buf.Bytes()
}

func FuzzParsePayload(f *testing.F) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "payloads", "*.json"))
	if err != nil {
		f.Fatal(err)
	}
	for _, in := range inputs {
		body, err := os.ReadFile(in)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		p, err := ParsePayload(body, testNow)
		if err != nil {
			var v *derrors.Validation
			if !errors.As(err, &v) {
				t.Fatalf("error %v (%T) is not a *derrors.Validation", err, err)
			}
			if len(v.Messages) == 0 || len(v.Messages) > MaxMessages {
				t.Fatalf("validation error with %d messages, want 1 to %d", len(v.Messages), MaxMessages)
			}
			for i, m := range v.Messages {
				if m == "" {
					t.Fatalf("message %d is empty", i)
				}
			}
			_, again := ParsePayload(body, testNow)
			if diff := cmp.Diff(v.Messages, messagesOf(t, again)); diff != "" {
				t.Fatalf("messages differ between two runs (-first +second):\n%s", diff)
			}
			return
		}

		if !IsEmail(p.Email) {
			t.Fatalf("accepted email %q fails IsEmail", p.Email)
		}
		// Accepted bodies have no repeated keys, so a map sees them whole;
		// encoding/json refuses the byte order mark ParsePayload ignores.
		var top map[string]json.RawMessage
		if err := json.Unmarshal(bytes.TrimPrefix(body, utf8BOM), &top); err != nil {
			t.Fatalf("accepted body does not decode as an object: %v", err)
		}
		var email string
		if err := json.Unmarshal(top["email"], &email); err != nil || email != p.Email {
			t.Fatalf("Email = %q, body's email = %q (err %v)", p.Email, email, err)
		}
		rawData, sent := top["data"]
		if !sent || string(rawData) == "null" {
			if p.Data != nil {
				t.Fatalf("Data = %q for a body without data", p.Data)
			}
			return
		}
		if !json.Valid(p.Data) || p.Data[0] != '{' {
			t.Fatalf("Data %q is not a JSON object", p.Data)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, rawData); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(p.Data, compact.Bytes()) {
			t.Fatalf("Data = %q, want the compacted body data %q", p.Data, compact.Bytes())
		}
		if _, err := (Lead{ID: "fuzz", Data: p.Data}).Patient(); err != nil {
			t.Fatalf("accepted Data does not give a Patient: %v", err)
		}
	})
}

func BenchmarkParsePayload(b *testing.B) {
	body, err := os.ReadFile(filepath.Join("testdata", "payloads", "valid-full.json"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := ParsePayload(body, testNow); err != nil {
			b.Fatal(err)
		}
	}
}
