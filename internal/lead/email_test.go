package lead

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Cases marked "validator.js" are the default-options examples from
// validator.js test/validators/isEmail.test.js; the rest pin down the rules
// this port copies (limits, isFQDN label and TLD rules, quoted local parts).
var isEmailCases = []struct {
	name  string
	email string
	want  bool
}{
	// validator.js, valid.
	{"validator.js plain", "foo@bar.com", true},
	{"validator.js short", "x@x.au", true},
	{"validator.js subdomain", "foo@bar.com.au", true},
	{"validator.js plus", "foo+bar@bar.com", true},
	{"validator.js utf8 local", "hans.m端ller@test.com", true},
	{"validator.js utf8 domain", "hans@m端ller.com", true},
	{"validator.js pipe", "test|123@m端ller.com", true},
	{"validator.js gmail plus", "test123+ext@gmail.com", true},
	{"validator.js many dots", "some.name.midd.leNa.me.and.locality+extension@GoogleMail.com", true},
	{"validator.js quoted", `"foobar"@example.com`, true},
	{"validator.js quoted spaces", `"  foo  m端ller "@example.com`, true},
	{"validator.js quoted escaped at", `"foo\@bar"@example.com`, true},
	{"validator.js 64 local 63 label", repeat("a", 64) + "@" + repeat("a", 63) + ".com", true},
	{"validator.js gmail 31", repeat("a", 31) + "@gmail.com", true},
	{"validator.js gmail short", "test@gmail.com", true},
	{"validator.js gmail dot", "test.1@gmail.com", true},
	{"validator.js numeric label", "test@1337.com", true},

	// validator.js, invalid.
	{"validator.js no domain", "invalidemail@", false},
	{"validator.js no at", "invalid.com", false},
	{"validator.js no local", "@invalid.com", false},
	{"validator.js trailing dot", "foo@bar.com.", false},
	{"validator.js underscore label", "foo@_bar.com", false},
	{"validator.js fullwidth label", "somename@ｇｍａｉｌ.com", false},
	{"validator.js trailing dot co.uk", "foo@bar.co.uk.", false},
	{"validator.js one letter tld", "z@co.c", false},
	{"validator.js fullwidth local too long", "ｇｍａｉｌｇｍａｉｌｇｍａｉｌｇｍａｉｌｇｍａｉｌ@gmail.com", false},
	{"validator.js domain too long", repeat("a", 64) + "@" + repeat("a", 251) + ".com", false},
	{"validator.js local too long", repeat("a", 65) + "@" + repeat("a", 250) + ".com", false},
	{"validator.js label too long", repeat("a", 64) + "@" + repeat("a", 64) + ".com", false},
	{"validator.js whole too long", repeat("a", 64) + "@" + repeat("a", 63) + "." + repeat("a", 63) + "." + repeat("a", 63) + "." + repeat("a", 58) + ".com", false},
	{"validator.js ideographic space in tld", "test12@invalid.co\u3000m", false},
	{"validator.js double dot", "multiple..dots@stillinvalid.com", false},
	{"validator.js space and bang", "test123+invalid! sub_address@gmail.com", false},
	{"validator.js dots gmail", "gmail...ignores...dots...@gmail.com", false},
	{"validator.js ends with dot", "ends.with.dot.@gmail.com", false},
	{"validator.js double dot gmail", "multiple..dots@gmail.com", false},
	{"validator.js specials", `wrong()[]",:;<>@@gmail.com`, false},
	{"validator.js quoted specials", `"wrong()[]",:;<>@@gmail.com`, false},
	{"validator.js replacement char tld", "username@domain.com\uFFFD", false},
	{"validator.js copyright tld", "username@domain.com©", false},
	{"validator.js nbsp local", "nbsp\u00A0test@test.com", false},
	{"validator.js nbsp label", "nbsp_test@te\u00A0st.com", false},
	{"validator.js nbsp tld", "nbsp_test@test.co\u00A0m", false},
	{"validator.js open quote only", `"foobar@gmail.com`, false},
	{"validator.js quote then text", `"foo"bar@gmail.com`, false},
	{"validator.js text then quote", `foo"bar"@gmail.com`, false},
	{"validator.js lone high surrogate", "\xed\xa0\x80@example.com", false},
	{"validator.js lone low surrogate", "\xed\xb0\x80@example.com", false},

	// Length limits, at and over the boundary.
	{"local 64 bytes of 2-byte chars", repeat("ü", 32) + "@example.com", true},
	{"local 66 bytes of 2-byte chars", repeat("ü", 33) + "@example.com", false},
	{"domain 253 bytes", "a@" + repeat("ü", 63) + "." + repeat("ü", 61) + ".com", true},
	{"domain 257 bytes", "a@" + repeat("ü", 63) + "." + repeat("ü", 63) + ".com", false},
	{"whole 254", repeat("a", 64) + "@" + repeat("b", 63) + "." + repeat("c", 63) + "." + repeat("d", 57) + ".com", true},
	{"whole 255", repeat("a", 64) + "@" + repeat("b", 63) + "." + repeat("c", 63) + "." + repeat("d", 58) + ".com", false},
	{"label 63 multibyte", "a@" + repeat("ü", 63) + ".com", true},
	{"label 64 multibyte", "a@" + repeat("ü", 64) + ".com", false},
	{"huge input", repeat("a", 100000) + "@example.com", false},

	// isFQDN: TLD and labels.
	{"no tld", "a@localhost", false},
	{"numeric tld", "a@example.123", false},
	{"alnum tld", "a@example.c0m", false},
	{"punycode tld", "a@example.xn--p1ai", true},
	{"punycode tld upper", "a@example.XN--P1AI", true},
	{"punycode tld too short", "a@example.xn-", false},
	{"punycode label", "a@xn--80ak6aa92e.com", true},
	{"unicode tld", "a@example.рф", true},
	{"uppercase domain", "A@EXAMPLE.COM", true},
	{"hyphen inside label", "a@ex-ample.com", true},
	{"leading hyphen label", "a@-example.com", false},
	{"trailing hyphen label", "a@example-.com", false},
	{"underscore label", "a@exa_mple.com", false},
	{"empty label", "a@example..com", false},
	{"leading dot domain", "a@.example.com", false},
	{"ip domain", "a@1.2.3.4", false},
	{"ip literal domain", "a@[1.2.3.4]", false},
	{"emoji label", "a@\U0001F348.com", true},
	{"emoji tld", "a@example.\U0001F348", false},
	{"space in label", "a@exa mple.com", false},
	{"tab in tld", "a@example.co\tm", false},
	{"line separator in tld", "a@example.co\u2028m", false},
	{"en quad in tld", "a@example.co\u2000m", false},
	{"bom in tld", "a@example.co\uFEFFm", false},
	{"ogham space in tld", "a@example.co\u1680m", false},
	{"fullwidth digit label", "a@ex１.com", false},

	// Local part.
	{"empty", "", false},
	{"only at", "@", false},
	{"leading dot local", ".a@example.com", false},
	{"trailing dot local", "a.@example.com", false},
	{"two ats", "a@b@example.com", false},
	{"quoted at", `"a@b"@example.com`, true},
	{"all specials", "!#$%&'*+-/=?^_`{|}~@example.com", true},
	{"space local", "a b@example.com", false},
	{"comma local", "a,b@example.com", false},
	{"emoji local", "\U0001F348@example.com", false},
	{"cjk local", "用户@example.com", true},
	{"lone quote local", `"@example.com`, true},
	{"empty quoted", `""@example.com`, true},
	{"quoted inner quote", `"a"b"@example.com`, false},
	{"quoted escaped quote", `"a\"b"@example.com`, true},
	{"quoted trailing backslash", `"a\"@example.com`, false},
	{"quoted escaped newline", "\"a\\\nb\"@example.com", false},
	{"quoted tab", "\"a\tb\"@example.com", true},
	{"quoted nul", "\"a\x00b\"@example.com", false},
	{"quoted nbsp", "\"a\u00A0b\"@example.com", true},
	{"invalid utf8 local", "\xff@example.com", false},
}

var repeat = strings.Repeat

func TestIsEmail(t *testing.T) {
	for _, tt := range isEmailCases {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsEmail(tt.email); got != tt.want {
				t.Errorf("IsEmail(%q) = %v, want %v", tt.email, got, tt.want)
			}
		})
	}
}

// TestIsEmailMatchesValidatorJS compares IsEmail with validator.js 13.15.35
// itself on generated addresses around the edges of its rules; see
// testdata/isemail_validatorjs.js for how the verdicts were made.
func TestIsEmailMatchesValidatorJS(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "isemail_validatorjs.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Email string `json:"email"`
		Valid bool   `json:"valid"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 1000 {
		t.Fatalf("read %d cases, want the generated file's 3000", len(cases))
	}
	for _, c := range cases {
		if got := IsEmail(c.Email); got != c.Valid {
			t.Errorf("IsEmail(%q) = %v, validator.js says %v", c.Email, got, c.Valid)
		}
	}
}
