package api

import (
	"regexp"
	"testing"
)

// parseUUIDPipeAll is ParseUUIDPipe's default ("all") pattern in
// @nestjs/common 12.5.1, pipes/parse-uuid.pipe.js. Go's $ without (?m) is the
// end of the text, like JavaScript's without the m flag.
var parseUUIDPipeAll = regexp.MustCompile(`(?i)^(?:[0-9A-F]{8}-[0-9A-F]{4}-[1-8][0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}|00000000-0000-0000-0000-000000000000|FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF)$`)

// FuzzIsUUID: isUUID and the pipe's pattern agree on every string.
func FuzzIsUUID(f *testing.F) {
	for _, s := range []string{
		"9c858901-8a57-4791-81fe-4c455b099bc9", "9C858901-8A57-0791-C1FE-4C455B099BC9",
		"00000000-0000-0000-0000-000000000000", "FFFFFFFF-ffff-FFFF-ffff-FFFFFFFFFFFF",
		" 9c858901-8a57-4791-81fe-4c455b099bc9", "9c858901-8a57-4791-81fe-4c455b099bc9\n", "",
		"00000000-0000-0000-0000-000000000001", "9c858901_8a57_4791_81fe_4c455b099bc9",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isUUID(s), parseUUIDPipeAll.MatchString(s); got != want {
			t.Fatalf("isUUID(%q) = %v, ParseUUIDPipe says %v", s, got, want)
		}
	})
}
