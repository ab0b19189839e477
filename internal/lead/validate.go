package lead

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
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

// utf8BOM is U+FEFF, the byte order mark, encoded in UTF-8.
var utf8BOM = []byte("\xef\xbb\xbf")

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
// except email may be absent or null (class-validator's @IsOptional). The
// tables of fields are in schema.go, generated from openapi.yaml: to add an
// intake field, add it to the document's IntakeRecord and run
// `go test ./internal/lead -run Schema -update`.
type field struct {
	name     string
	kind     fieldKind
	required bool
	fields   []field // of the object, or of each element of the list
}

// stringFields is an object's fields when all are optional strings.
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
	// RFC 8259 lets a parser ignore one leading byte order mark, as
	// body-parser (a NestJS service's) does; a second one is not JSON.
	body = trimJSONSpace(bytes.TrimPrefix(body, utf8BOM))
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

	c := checker{today: now.UTC().Format(dateLayout), path: make([]string, 0, 4)} // 4: data.list.N.field
	c.object(members, createLeadPayloadFields)
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
	today    string   // YYYY-MM-DD, UTC
	path     []string // names from the body down to the value being checked
	messages []string
	err      error // splitting a value json.Valid accepted failed: a bug, not a client problem
}

func (c *checker) add(msg string) { c.messages = append(c.messages, msg) }

// at is the dotted path of the value being checked, as in
// "data.surgeries.0.value", built only when a message names it.
func (c *checker) at() string { return strings.Join(c.path, ".") }

func (c *checker) enter(name string) { c.path = append(c.path, name) }
func (c *checker) leave()            { c.path = c.path[:len(c.path)-1] }

// object checks the members of the JSON object at c.path against its fields.
func (c *checker) object(members []member, fields []field) {
	values := make(map[string][]json.RawMessage, len(members))
	for _, m := range members {
		values[m.name] = append(values[m.name], m.value)
	}
	for _, f := range fields {
		c.enter(f.name)
		switch vs := values[f.name]; len(vs) {
		case 0:
			if f.required {
				c.value(nil, f) // as class-validator: absent fails the field's own check
			}
		case 1:
			c.value(vs[0], f)
		default:
			// JSON.parse keeps the last duplicate; refusing is safer than guessing.
			c.add("property " + c.at() + " should not be repeated")
		}
		c.leave()
	}

	var unknown []string
	for name := range values {
		if !slices.ContainsFunc(fields, func(f field) bool { return f.name == name }) {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
	for _, name := range unknown {
		c.enter(name)
		c.add("property " + c.at() + " should not exist")
		c.leave()
	}
}

// value checks one present property value, the one at c.path.
func (c *checker) value(raw json.RawMessage, f field) {
	if f.kind == kindEmail {
		s, ok := stringValue(raw)
		if !ok || !IsEmail(s) {
			c.add(c.at() + " must be an email")
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
			c.add(c.at() + " must be a string")
		case characterCount(s) > MaxStringLength:
			c.add(c.at() + " must be shorter than or equal to " + strconv.Itoa(MaxStringLength) + " characters")
		}

	case kindDate:
		s, ok := stringValue(raw)
		switch {
		case !ok || !isCalendarDate(s):
			c.add(c.at() + " must be a valid date (YYYY-MM-DD)")
		case s > c.today:
			c.add(c.at() + " must not be in the future")
		}

	case kindObject:
		c.objectValue(raw, f.fields)

	case kindObjectList:
		elems, ok := split(c, raw, '[', "an array", arrayElements)
		if !ok {
			return
		}
		if len(elems) > MaxListLength {
			// Element problems are left out: one message is enough to fix this.
			c.add(c.at() + " must contain no more than " + strconv.Itoa(MaxListLength) + " elements")
			return
		}
		for i, e := range elems {
			c.enter(strconv.Itoa(i))
			c.objectValue(e, f.fields)
			c.leave()
			if c.err != nil {
				return
			}
		}
	}
}

// objectValue checks raw, at c.path, as an object of the given fields: a
// nested object or one element of a list of objects.
func (c *checker) objectValue(raw json.RawMessage, fields []field) {
	if members, ok := split(c, raw, '{', "an object", objectMembers); ok {
		c.object(members, fields)
	}
}

// split checks that raw, at c.path, is the JSON container that starts
// with open (what, "an object" or "an array", names it in the message
// otherwise) and splits it into its parts; ok is false when it is not one
// (a message is added) or did not split (c.err is set).
func split[T any](c *checker, raw json.RawMessage, open byte, what string, parts func([]byte) (T, error)) (T, bool) {
	var none T
	if valueKind(raw) != open {
		c.add(c.at() + " must be " + what)
		return none, false
	}
	v, err := parts(raw)
	if err != nil {
		c.err = fmt.Errorf("split %s: %w", c.at(), err)
		return none, false
	}
	return v, true
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

// member is one name/value pair of a JSON object, in document order.
type member struct {
	name  string
	value json.RawMessage
}

// objectMembers splits a JSON object, which json.Valid has accepted, into
// its members in document order, keeping duplicates and each value's raw
// bytes (a slice of obj, without surrounding whitespace).
func objectMembers(obj []byte) ([]member, error) {
	i, err := openValue(obj, '{')
	if err != nil {
		return nil, err
	}
	if obj[i] == '}' {
		return nil, closeValue(obj, i)
	}
	var members []member
	for {
		if obj[i] != '"' {
			return nil, fmt.Errorf("object key at byte %d is not a string", i)
		}
		end, err := stringEnd(obj, i)
		if err != nil {
			return nil, err
		}
		name, err := unquote(obj[i:end])
		if err != nil {
			return nil, fmt.Errorf("object key at byte %d: %w", i, err)
		}
		if i = skipJSONSpace(obj, end); i >= len(obj) || obj[i] != ':' {
			return nil, fmt.Errorf("no colon after object key %q", name)
		}
		start := skipJSONSpace(obj, i+1)
		if end, err = valueEnd(obj, start); err != nil {
			return nil, fmt.Errorf("value of %q: %w", name, err)
		}
		members = append(members, member{name: name, value: obj[start:end]})
		if i, err = nextElement(obj, end, '}'); err != nil || i < 0 {
			return members, err
		}
	}
}

// arrayElements splits a JSON array, which json.Valid has accepted, into its
// elements' raw bytes (slices of arr, without surrounding whitespace).
func arrayElements(arr []byte) ([]json.RawMessage, error) {
	i, err := openValue(arr, '[')
	if err != nil {
		return nil, err
	}
	if arr[i] == ']' {
		return nil, closeValue(arr, i)
	}
	var elems []json.RawMessage
	for {
		end, err := valueEnd(arr, i)
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", len(elems), err)
		}
		elems = append(elems, arr[i:end])
		if i, err = nextElement(arr, end, ']'); err != nil || i < 0 {
			return elems, err
		}
	}
}

// openValue checks that b starts, after any whitespace, with the open byte
// and returns the index of the first non-whitespace byte after it.
func openValue(b []byte, open byte) (int, error) {
	i := skipJSONSpace(b, 0)
	if i >= len(b) || b[i] != open {
		return 0, fmt.Errorf("value does not start with %q", open)
	}
	if i = skipJSONSpace(b, i+1); i >= len(b) {
		return 0, fmt.Errorf("value starting %q is not closed", open)
	}
	return i, nil
}

// closeValue checks that the closing byte at i ends b but for whitespace.
func closeValue(b []byte, i int) error {
	if skipJSONSpace(b, i+1) != len(b) {
		return fmt.Errorf("bytes after the end of the value at byte %d", i)
	}
	return nil
}

// nextElement looks past the value ending at end for a comma or the closing
// byte. It returns the start of the next element, or -1 when the closing
// byte ends b.
func nextElement(b []byte, end int, closing byte) (int, error) {
	i := skipJSONSpace(b, end)
	switch {
	case i < len(b) && b[i] == ',':
		if i = skipJSONSpace(b, i+1); i >= len(b) {
			return 0, fmt.Errorf("no value after the comma at byte %d", end)
		}
		return i, nil
	case i < len(b) && b[i] == closing:
		return -1, closeValue(b, i)
	}
	return 0, fmt.Errorf("no comma or %q after the value ending at byte %d", closing, end)
}

// valueEnd returns the index just past the JSON value starting at b[i].
func valueEnd(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, fmt.Errorf("no value at byte %d", i)
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end, err := stringEnd(b, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, fmt.Errorf("value at byte %d is not closed", i)
	}
	// A number, true, false or null runs to the next delimiter.
	j := i
	for j < len(b) && !isJSONSpace(b[j]) && b[j] != ',' && b[j] != '}' && b[j] != ']' {
		j++
	}
	if j == i {
		return 0, fmt.Errorf("no value at byte %d", i)
	}
	return j, nil
}

// stringEnd returns the index just past the JSON string starting at b[i].
func stringEnd(b []byte, i int) (int, error) {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++ // the escaped byte cannot end the string
		case '"':
			return j + 1, nil
		}
	}
	return 0, fmt.Errorf("string at byte %d is not closed", i)
}

// unquote decodes a JSON string as encoding/json does, so that names
// escaped differently ("a" and "\u0061") are the same key, and invalid
// UTF-8 becomes U+FFFD.
func unquote(quoted []byte) (string, error) {
	if bytes.IndexByte(quoted, '\\') < 0 && utf8.Valid(quoted) {
		return string(quoted[1 : len(quoted)-1]), nil
	}
	var s string
	err := json.Unmarshal(quoted, &s)
	return s, err
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
	for len(b) > 0 && isJSONSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isJSONSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipJSONSpace returns the index of the first non-whitespace byte of b at
// or after i, or len(b).
func skipJSONSpace(b []byte, i int) int {
	for i < len(b) && isJSONSpace(b[i]) {
		i++
	}
	return i
}
