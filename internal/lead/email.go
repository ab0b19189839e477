package lead

import "unicode/utf16"

// This file ports validator.js isEmail (src/lib/isEmail.js, with isFQDN.js and
// isByteLength.js; checked against validator 13.15.35) with its DEFAULT options,
// as class-validator's @IsEmail() calls it: allow_display_name false,
// require_display_name false, allow_utf8_local_part true, require_tld true,
// allow_ip_domain false, allow_underscores false, domain_specific_validation
// false, ignore_max_length false, empty host_blacklist/host_whitelist, empty
// blacklisted_chars; and isFQDN with allow_trailing_dot false,
// allow_numeric_tld false, allow_wildcard false.
//
// JavaScript regular expressions without the u flag see UTF-16 code units, so
// the port works on the UTF-16 encoding of the address. That keeps
// validator.js's quirks, deliberately:
//   - the whole address is limited to 254 UTF-16 units, the local part to 64
//     UTF-8 bytes and the domain to 254 UTF-8 bytes; a label to 63 UTF-16 units;
//   - a domain label accepts any unit from U+00A1 up (so IDN and even emoji
//     labels pass) but not fullwidth ASCII (U+FF01-U+FF5E), '_' or an edge '-';
//   - the TLD must be 2+ letters (ASCII or U+00A1-U+00A8, U+00AA-U+D7FF,
//     U+F900-U+FDCF, U+FDF0-U+FFEF) or "xn" plus 2+ of [a-z0-9-], and must hold
//     no JavaScript whitespace;
//   - a local part wrapped in double quotes is checked as a quoted string, and
//     `"@example.com` (a lone quote) passes, as it does in validator.js.
//
// A Go string that is not valid UTF-8 is read with each invalid byte as
// U+FFFD (ParsePayload refuses such bodies before this is reached).

const (
	maxEmailUnits       = 254 // defaultMaxEmailLength, in UTF-16 units
	maxLocalPartBytes   = 64
	maxDomainBytes      = 254
	maxDomainLabelUnits = 63
)

// IsEmail reports whether s is an e-mail address by validator.js isEmail with
// its default options (the check behind class-validator's @IsEmail()).
func IsEmail(s string) bool {
	// Every UTF-16 unit comes from at most 3 bytes of s, so longer strings
	// cannot be within the limit; this spares converting huge inputs.
	if len(s) > 3*maxEmailUnits {
		return false
	}
	str := utf16.Encode([]rune(s))
	if len(str) > maxEmailUnits {
		return false
	}

	// str.split('@'): the domain is after the last '@', the user is the rest.
	var user, domain []uint16
	if at := lastIndexUnit(str, '@'); at >= 0 {
		user, domain = str[:at], str[at+1:]
	} else {
		domain = str
	}

	if utf8ByteLength(user) > maxLocalPartBytes || utf8ByteLength(domain) > maxDomainBytes {
		return false
	}
	if !isFQDN(domain) {
		return false // allow_ip_domain is false: no IP literal fallback
	}

	if len(user) > 0 && user[0] == '"' && user[len(user)-1] == '"' {
		var quoted []uint16
		if len(user) > 2 {
			quoted = user[1 : len(user)-1]
		}
		return isQuotedLocalPart(quoted)
	}
	for _, part := range splitUnits(user, '.') {
		if len(part) == 0 {
			return false
		}
		for _, c := range part {
			if !isLocalPartUnit(c) {
				return false
			}
		}
	}
	return true
}

// isFQDN is validator.js isFQDN with the options isEmail passes by default.
func isFQDN(str []uint16) bool {
	parts := splitUnits(str, '.')
	if len(parts) < 2 {
		return false
	}
	tld := parts[len(parts)-1]
	// The TLD pattern already rules out validator.js's separate all-digit TLD
	// check.
	if !isTLD(tld) {
		return false
	}
	for _, c := range tld {
		if isJSSpace(c) {
			return false
		}
	}
	for _, part := range parts {
		if len(part) == 0 || len(part) > maxDomainLabelUnits {
			return false
		}
		if part[0] == '-' || part[len(part)-1] == '-' {
			return false
		}
		for _, c := range part {
			switch {
			case c == '_':
				return false // allow_underscores is false
			case c >= 0xFF01 && c <= 0xFF5E:
				return false // full-width ASCII
			case isASCIIAlnum(c) || c == '-' || c >= 0xA1:
			default:
				return false
			}
		}
	}
	return true
}

// isTLD is /^([a-z\u00A1-\u00A8\u00AA-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}|xn[a-z0-9-]{2,})$/i.
func isTLD(tld []uint16) bool {
	if len(tld) < 2 {
		return false
	}
	letters := true
	for _, c := range tld {
		if !isASCIILetter(c) && !inRanges(c, tldLetterRanges) {
			letters = false
			break
		}
	}
	if letters {
		return true
	}
	if len(tld) < 4 || lowerASCII(tld[0]) != 'x' || lowerASCII(tld[1]) != 'n' {
		return false
	}
	for _, c := range tld[2:] {
		if !isASCIIAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// isLocalPartUnit is one unit of emailUserUtf8Part:
// [a-z\d!#\$%&'\*\+\-\/=\?\^_`{\|}~\u00A1-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF] with /i.
func isLocalPartUnit(c uint16) bool {
	if isASCIIAlnum(c) {
		return true
	}
	if c < 0x80 {
		switch c {
		case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '/', '=', '?', '^', '_', '`', '{', '|', '}', '~':
			return true
		}
		return false
	}
	return inRanges(c, utf8LocalRanges)
}

// isQuotedLocalPart is quotedEmailUserUtf8 applied to the text between the
// quotes: a run of plain units or backslash escapes. A backslash can only
// start an escape, so a greedy scan decides the match exactly.
func isQuotedLocalPart(s []uint16) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' {
			i++
			if i == len(s) || !isQuotedEscapedUnit(s[i]) {
				return false
			}
			continue
		}
		if !isQuotedPlainUnit(c) {
			return false
		}
	}
	return true
}

// isQuotedPlainUnit is
// [\s\x01-\x08\x0b\x0c\x0e-\x1f\x7f\x21\x23-\x5b\x5d-\x7e\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF].
func isQuotedPlainUnit(c uint16) bool {
	switch {
	case isJSSpace(c):
		return true
	case c >= 0x01 && c <= 0x08, c == 0x0B, c == 0x0C, c >= 0x0E && c <= 0x1F, c == 0x7F, c == 0x21:
		return true
	case c >= 0x23 && c <= 0x5B, c >= 0x5D && c <= 0x7E:
		return true
	}
	return inRanges(c, quotedUTF8Ranges)
}

// isQuotedEscapedUnit is the unit after a backslash:
// [\x01-\x09\x0b\x0c\x0d-\x7f\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF].
func isQuotedEscapedUnit(c uint16) bool {
	if c >= 0x01 && c <= 0x7F {
		return c != 0x0A
	}
	return inRanges(c, quotedUTF8Ranges)
}

type unitRange struct{ lo, hi uint16 }

var (
	tldLetterRanges  = []unitRange{{0x00A1, 0x00A8}, {0x00AA, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}}
	utf8LocalRanges  = []unitRange{{0x00A1, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}}
	quotedUTF8Ranges = []unitRange{{0x00A0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}}
)

func inRanges(c uint16, ranges []unitRange) bool {
	for _, r := range ranges {
		if c >= r.lo && c <= r.hi {
			return true
		}
	}
	return false
}

// isJSSpace is JavaScript's \s (WhiteSpace and LineTerminator).
func isJSSpace(c uint16) bool {
	switch {
	case c >= 0x09 && c <= 0x0D, c == 0x20, c == 0xA0, c == 0x1680,
		c >= 0x2000 && c <= 0x200A, c == 0x2028, c == 0x2029,
		c == 0x202F, c == 0x205F, c == 0x3000, c == 0xFEFF:
		return true
	}
	return false
}

func isASCIILetter(c uint16) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isASCIIAlnum(c uint16) bool { return isASCIILetter(c) || c >= '0' && c <= '9' }

func lowerASCII(c uint16) uint16 {
	if c >= 'A' && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// utf8ByteLength is validator.js's byte count of a UTF-16 string: a lone
// surrogate counts as the three bytes of U+FFFD.
func utf8ByteLength(s []uint16) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c <= 0x7F:
			n++
		case c <= 0x7FF:
			n += 2
		case c >= 0xD800 && c <= 0xDBFF && i+1 < len(s) && s[i+1] >= 0xDC00 && s[i+1] <= 0xDFFF:
			n += 4
			i++
		default:
			n += 3
		}
	}
	return n
}

func lastIndexUnit(s []uint16, c uint16) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// splitUnits is JavaScript's String.prototype.split with a one-unit separator.
func splitUnits(s []uint16, sep uint16) [][]uint16 {
	var parts [][]uint16
	start := 0
	for i, c := range s {
		if c == sep {
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}
