package lead

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/clinicplatform/intake/internal/derrors"
)

// Limits on a create-lead body beyond the spec, which sets none.
const (
	MaxStringLength = 1000 // characters in any data string, counted as class-validator's MaxLength counts
	MaxListLength   = 50   // elements in any data array
	MinBirthYear    = 1900
	// MaxMessages bounds the message list so a hostile body (thousands of
	// unknown keys) cannot make a response larger than Lambda can return.
	MaxMessages = 100
)

// Messages about the body as a whole; every other message names a field path.
const (
	msgInvalidJSON = "request body must be valid JSON"
	msgNotObject   = "request body must be a JSON object"
)

const dateLayout = "2006-01-02"

type fieldKind int

const (
	kindEmail      fieldKind = iota + 1 // a string passing IsEmail; never null
	kindString                          // a string of at most MaxStringLength characters
	kindDate                            // a YYYY-MM-DD calendar date, not in the future
	kindObject                          // an object with the given fields
	kindObjectList                      // an array of at most MaxListLength objects with the given fields
)

// field is one property of a JSON object in the create-lead body. Every field
// except email may be absent or null (class-validator's @IsOptional).
type field struct {
	name     string
	kind     fieldKind
	required bool
	fields   []field // of the object, or of each element of the list
}

// The create-lead schema (spec sections 2.2 and 2.3), the one table the
// validator walks. Order is the spec's, and is the order of the messages.
var (
	addressFields                = stringFields("addressLine1", "addressLine2", "city", "state", "region", "zipCode")
	heightFields                 = stringFields("unit", "feet", "inches", "cm")
	weightFields                 = stringFields("unit", "kg", "stones", "pounds")
	prescriptionMedicationFields = stringFields("medication", "reason")
	surgeryFields                = stringFields("value", "intervalTime", "details")
	weightLossInjectionFields    = stringFields("drugName", "strength", "weightPriorToTreatment")
	allergicReactionFields       = stringFields("description")
	medicalConditionFields       = stringFields("condition", "desc", "kidneyDiseaseType")
	familyHistoryFields          = stringFields("value", "relation")

	intakeFields = []field{
		{name: "surname", kind: kindString},
		{name: "forename", kind: kindString},
		{name: "phone", kind: kindString},
		{name: "gender", kind: kindString},
		{name: "ethnicity", kind: kindString},
		{name: "dateOfBirth", kind: kindDate},
		{name: "billingAddress", kind: kindObject, fields: addressFields},
		{name: "shippingAddress", kind: kindObject, fields: addressFields},
		{name: "height", kind: kindObject, fields: heightFields},
		{name: "weight", kind: kindObject, fields: weightFields},
		{name: "goalWeight", kind: kindObject, fields: weightFields},
		{name: "prescriptionMedication", kind: kindObjectList, fields: prescriptionMedicationFields},
		{name: "surgeries", kind: kindObjectList, fields: surgeryFields},
		{name: "weightLossInjections", kind: kindObject, fields: weightLossInjectionFields},
		{name: "allergicReactionToWeightLossInjections", kind: kindObject, fields: allergicReactionFields},
		{name: "medicalConditions", kind: kindObjectList, fields: medicalConditionFields},
		{name: "healthConditions", kind: kindObjectList, fields: medicalConditionFields},
		{name: "familyHistoryOfMedicalConditions", kind: kindObject, fields: familyHistoryFields},
		{name: "allergyToMedicationOrSupplement", kind: kindString},
	}

	payloadFields = []field{
		{name: "email", kind: kindEmail, required: true},
		{name: "data", kind: kindObject, fields: intakeFields},
	}
)

func stringFields(names ...string) []field {
	fields := make([]field, len(names))
	for i, n := range names {
		fields[i] = field{name: n, kind: kindString}
	}
	return fields
}

// ParsePayload validates a create-lead request body and returns the accepted
// payload: Email as sent (JSON-decoded), Data the compact bytes of the "data"
// object with key order and values as sent, or nil for no data or null.
//
// Any client problem yields a *derrors.Validation with one message a
// problem, in class-validator wording with the field's dotted path
// ("data.surgeries.0.value must be a string"). At each object level the
// spec's fields come first, in spec order, each with its nested problems in
// place; then unknown properties, sorted by name. A body that is not JSON,
// or not an object, yields that single message instead. Lists longer than
// MaxMessages end with an "and N more problems" message. now decides
// whether a date of birth is in the future (compared as UTC dates).
func ParsePayload(body []byte, now time.Time) (Payload, error) {
	body = trimJSONSpace(body)
	if len(body) == 0 {
		return Payload{}, derrors.Invalid(msgNotObject)
	}
	// JSON text is UTF-8 (RFC 8259); refusing other bytes keeps Data clean.
	if !utf8.Valid(body) || !json.Valid(body) {
		return Payload{}, derrors.Invalid(msgInvalidJSON)
	}
	if body[0] != '{' {
		return Payload{}, derrors.Invalid(msgNotObject)
	}
	members, err := objectMembers(body)
	if err != nil {
		return Payload{}, fmt.Errorf("parse create-lead body: %w", err)
	}

	c := checker{today: now.UTC().Format(dateLayout)}
	c.object("", members, payloadFields)
	if c.err != nil {
		return Payload{}, fmt.Errorf("parse create-lead body: %w", c.err)
	}
	if len(c.messages) > 0 {
		return Payload{}, derrors.Invalid(capMessages(c.messages)...)
	}

	var p Payload
	for _, m := range members {
		switch m.name {
		case "email":
			if err := json.Unmarshal(m.value, &p.Email); err != nil {
				return Payload{}, fmt.Errorf("decode accepted email: %w", err)
			}
		case "data":
			if isNull(m.value) {
				continue
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, m.value); err != nil {
				return Payload{}, fmt.Errorf("compact accepted data: %w", err)
			}
			p.Data = compact.Bytes()
		}
	}
	return p, nil
}

// capMessages keeps the first MaxMessages-1 messages of a longer list and
// says how many more there were.
func capMessages(msgs []string) []string {
	if len(msgs) <= MaxMessages {
		return msgs
	}
	more := len(msgs) - (MaxMessages - 1)
	return append(msgs[:MaxMessages-1:MaxMessages-1], "and "+strconv.Itoa(more)+" more problems")
}

// checker collects messages while walking the body against the schema.
type checker struct {
	today    string // YYYY-MM-DD, UTC
	messages []string
	err      error // splitting a value json.Valid accepted failed: a bug, not a client problem
}

func (c *checker) add(msg string) { c.messages = append(c.messages, msg) }

// object checks the members of one JSON object against its fields.
func (c *checker) object(path string, members []member, fields []field) {
	values := make(map[string][]json.RawMessage, len(members))
	for _, m := range members {
		values[m.name] = append(values[m.name], m.value)
	}
	for _, f := range fields {
		p := joinPath(path, f.name)
		switch vs := values[f.name]; len(vs) {
		case 0:
			if f.required {
				c.value(p, nil, f) // as class-validator: absent fails the field's own check
			}
		case 1:
			c.value(p, vs[0], f)
		default:
			// JSON.parse keeps the last duplicate; refusing is safer than guessing.
			c.add("property " + p + " should not be repeated")
		}
	}

	var unknown []string
	for name := range values {
		if !slices.ContainsFunc(fields, func(f field) bool { return f.name == name }) {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
	for _, name := range unknown {
		c.add("property " + joinPath(path, name) + " should not exist")
	}
}

// value checks one present property value.
func (c *checker) value(path string, raw json.RawMessage, f field) {
	if f.kind == kindEmail {
		s, ok := stringValue(raw)
		if !ok || !IsEmail(s) {
			c.add(path + " must be an email")
		}
		return
	}
	if isNull(raw) {
		return
	}

	switch f.kind {
	case kindString:
		s, ok := stringValue(raw)
		switch {
		case !ok:
			c.add(path + " must be a string")
		case characterCount(s) > MaxStringLength:
			c.add(path + " must be shorter than or equal to " + strconv.Itoa(MaxStringLength) + " characters")
		}

	case kindDate:
		s, ok := stringValue(raw)
		switch {
		case !ok || !isCalendarDate(s):
			c.add(path + " must be a valid date (YYYY-MM-DD)")
		case s > c.today:
			c.add(path + " must not be in the future")
		}

	case kindObject:
		if valueKind(raw) != '{' {
			c.add(path + " must be an object")
			return
		}
		members, err := objectMembers(raw)
		if err != nil {
			c.err = fmt.Errorf("split %s: %w", path, err)
			return
		}
		c.object(path, members, f.fields)

	case kindObjectList:
		if valueKind(raw) != '[' {
			c.add(path + " must be an array")
			return
		}
		elems, err := arrayElements(raw)
		if err != nil {
			c.err = fmt.Errorf("split %s: %w", path, err)
			return
		}
		if len(elems) > MaxListLength {
			// Element problems are left out: one message is enough to fix this.
			c.add(path + " must contain no more than " + strconv.Itoa(MaxListLength) + " elements")
			return
		}
		for i, e := range elems {
			p := joinPath(path, strconv.Itoa(i))
			if valueKind(e) != '{' {
				c.add(p + " must be an object")
				continue
			}
			members, err := objectMembers(e)
			if err != nil {
				c.err = fmt.Errorf("split %s: %w", p, err)
				return
			}
			c.object(p, members, f.fields)
		}
	}
}

// isCalendarDate reports whether s is exactly YYYY-MM-DD, a real date, with a
// year of at least MinBirthYear.
func isCalendarDate(s string) bool {
	if len(s) != len(dateLayout) || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i := range len(s) {
		if i != 4 && i != 7 && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	d, err := time.Parse(dateLayout, s)
	return err == nil && d.Year() >= MinBirthYear
}

// characterCount counts as validator.js isLength (behind @MaxLength) does:
// code points, not counting emoji presentation selectors.
func characterCount(s string) int {
	n := 0
	for _, r := range s {
		if r != '\uFE0E' && r != '\uFE0F' {
			n++
		}
	}
	return n
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// member is one name/value pair of a JSON object, in document order.
type member struct {
	name  string
	value json.RawMessage
}

// objectMembers splits a JSON object into its members, keeping duplicates
// and each value's raw bytes.
func objectMembers(obj []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var members []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("object key is %T, not a string", tok)
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, fmt.Errorf("value of %q: %w", name, err)
		}
		members = append(members, member{name: name, value: value})
	}
	return members, nil
}

// arrayElements splits a JSON array into its elements' raw bytes.
func arrayElements(arr []byte) ([]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(arr))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var elems []json.RawMessage
	for dec.More() {
		var e json.RawMessage
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("element %d: %w", len(elems), err)
		}
		elems = append(elems, e)
	}
	return elems, nil
}

// valueKind is the first byte of a JSON value: '{', '[', '"', 'n', 't', 'f',
// or the start of a number.
func valueKind(raw json.RawMessage) byte {
	raw = trimJSONSpace(raw)
	if len(raw) == 0 {
		return 0
	}
	return raw[0]
}

func isNull(raw json.RawMessage) bool { return valueKind(raw) == 'n' }

func stringValue(raw json.RawMessage) (string, bool) {
	if valueKind(raw) != '"' {
		return "", false
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}
	return s, true
}

// trimJSONSpace trims JSON's four whitespace bytes (not Unicode spaces,
// which are not whitespace to JSON).
func trimJSONSpace(b []byte) []byte {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}
