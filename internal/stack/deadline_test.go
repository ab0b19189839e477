package stack_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/awsenv"
	"github.com/clinicplatform/intake/internal/textract"
)

// Deadlines add up: API Gateway gives up after 29 s and answers a bare 504.
// Each function answers DeadlineMargin before its Timeout whatever its
// dependencies are doing; a cold start's init (outside the Timeout) must
// fit in what is left. verify-evidence's slowest call, Textract, must leave
// its answer deadline room for one slow attempt of S3 and DynamoDB.
func TestDeadlinesAddUp(t *testing.T) {
	const apiGateway = 29 * time.Second
	const coldStart = 2 * time.Second // Go functions init in well under 1 s (docs/performance.md)
	tmpl := loadTemplate(t)
	timeout := func(fn string) time.Duration {
		res := node(t, tmpl, "Resources", fn, "Properties")
		raw := value(t, tmpl, "Globals", "Function", "Timeout")
		for i := 0; i+1 < len(res.Content); i += 2 {
			if res.Content[i].Value == "Timeout" {
				raw = res.Content[i+1].Value
			}
		}
		s, err := strconv.Atoi(raw)
		if err != nil {
			t.Fatalf("%s Timeout %q: %v", fn, raw, err)
		}
		return time.Duration(s) * time.Second
	}
	for _, fn := range []string{"CreateLeadFunction", "VerifyEvidenceFunction", "GetProtocolsFunction"} {
		if got := timeout(fn); got+coldStart > apiGateway {
			t.Errorf("%s Timeout %v plus a %v cold start passes API Gateway's %v", fn, got, coldStart, apiGateway)
		}
	}

	answerBy := timeout("VerifyEvidenceFunction") - api.DeadlineMargin
	textractWorst := textract.MaxAttempts*textract.AttemptTimeout + (textract.MaxAttempts-1)*awsenv.MaxBackoff
	// Stage (S3), the lead and the record (DynamoDB) each get one slow
	// attempt's worth of what remains.
	if left := answerBy - textractWorst; left < 3*time.Second/2+awsenv.MaxBackoff {
		t.Errorf("Textract's worst case %v leaves %v of verify-evidence's %v, too little for S3 and DynamoDB", textractWorst, left, answerBy)
	}
}
