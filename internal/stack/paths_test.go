package stack_test

import (
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The paths to the data of issue 19: each test names the decision it keeps.

// statement is one IAM statement as the guards read it.
type statement struct {
	sid      string
	actions  []string
	resource any
	raw      string
}

func statementsOf(t *testing.T, doc *yaml.Node) []statement {
	t.Helper()
	raw, _ := yaml.Marshal(doc)
	var d struct {
		Statement []yaml.Node `yaml:"Statement"`
	}
	if err := yaml.Unmarshal(raw, &d); err != nil {
		t.Fatalf("policy document: %v", err)
	}
	var out []statement
	for i := range d.Statement {
		n := &d.Statement[i]
		var s struct {
			Sid      string `yaml:"Sid"`
			Action   any    `yaml:"Action"`
			Resource any    `yaml:"Resource"`
		}
		if err := n.Decode(&s); err != nil {
			t.Fatal(err)
		}
		st := statement{sid: s.Sid, resource: s.Resource, raw: marshal(t, n)}
		switch a := s.Action.(type) {
		case string:
			st.actions = []string{a}
		case []any:
			for _, x := range a {
				st.actions = append(st.actions, x.(string))
			}
		}
		out = append(out, st)
	}
	return out
}

// dataStatements are the statements of every AWS::IAM::Policy attached to
// role, and of the role's inline policies other than WriteOwnLogs.
func dataStatements(t *testing.T, tpl *yaml.Node, role string) []statement {
	t.Helper()
	var out []statement
	for _, p := range resourcesOfType(t, tpl, "AWS::IAM::Policy") {
		for _, r := range node(t, p, "Properties", "Roles").Content {
			if r.Value == role {
				out = append(out, statementsOf(t, node(t, p, "Properties", "PolicyDocument"))...)
			}
		}
	}
	if ps := findOr(node(t, tpl, "Resources", role), "Properties.Policies"); ps != nil {
		for _, p := range ps.Content {
			if value(t, p, "PolicyName") != "WriteOwnLogs" {
				out = append(out, statementsOf(t, node(t, p, "PolicyDocument"))...)
			}
		}
	}
	return out
}

// TestFunctionsLogOnlyToTheirOwnGroup: each function's role may create
// streams and put events in its own log group and nowhere else, and has
// no managed policy (SAM's default adds AWSLambdaBasicExecutionRole, logs
// on every group).
func TestFunctionsLogOnlyToTheirOwnGroup(t *testing.T) {
	tpl := loadTemplate(t)
	for fn, group := range map[string]string{
		"CreateLeadFunction":     "CreateLeadLogGroup",
		"VerifyEvidenceFunction": "VerifyEvidenceLogGroup",
		"GetProtocolsFunction":   "GetProtocolsLogGroup",
	} {
		t.Run(fn, func(t *testing.T) {
			props := node(t, tpl, "Resources", fn, "Properties")
			if value(t, props, "LoggingConfig", "LogGroup") != group {
				t.Errorf("%s does not log to %s", fn, group)
			}
			role := node(t, tpl, "Resources", strings.TrimSuffix(value(t, props, "Role"), ".Arn"))
			if findOr(role, "Properties.ManagedPolicyArns") != nil {
				t.Errorf("%s's role has managed policies", fn)
			}
			principal := value(t, role, "Properties", "AssumeRolePolicyDocument", "Statement", "0", "Principal", "Service")
			if principal != "lambda.amazonaws.com" {
				t.Errorf("%s's role is assumed by %q", fn, principal)
			}
			var logs []statement
			for _, p := range node(t, role, "Properties", "Policies").Content {
				for _, s := range statementsOf(t, node(t, p, "PolicyDocument")) {
					for _, a := range s.actions {
						if strings.HasPrefix(a, "logs:") {
							logs = append(logs, s)
							break
						}
					}
				}
			}
			if len(logs) != 1 || !slices.Equal(logs[0].actions, []string{"logs:CreateLogStream", "logs:PutLogEvents"}) ||
				logs[0].resource != group+".Arn" {
				t.Errorf("%s may log %+v; want CreateLogStream and PutLogEvents on %s only", fn, logs, group)
			}
		})
	}
}

// TestCustomDomainIsTLS12: the optional custom domain has the TLS 1.2
// security policy and maps the stage at its root; the default execute-api
// address (TLS 1.0) can be turned off, never without a domain, and a
// domain never without its certificate.
func TestCustomDomainIsTLS12(t *testing.T) {
	tpl := loadTemplate(t)
	if value(t, tpl, "Parameters", "CustomDomainName", "Default") != "" || value(t, tpl, "Parameters", "DisableExecuteApiEndpoint", "Default") != "false" {
		t.Errorf("the custom domain must be an option, off by default")
	}
	d := node(t, tpl, "Resources", "ApiCustomDomain")
	for _, c := range []struct{ path, want string }{
		{"Type", "AWS::ApiGateway::DomainName"},
		{"Condition", "HasCustomDomain"},
		{"Properties.SecurityPolicy", "TLS_1_2"},
		{"Properties.DomainName", "CustomDomainName"},
		{"Properties.RegionalCertificateArn", "CustomDomainCertificateArn"},
		{"Properties.EndpointConfiguration.Types.0", "REGIONAL"},
	} {
		if got := value(t, d, strings.Split(c.path, ".")...); got != c.want {
			t.Errorf("ApiCustomDomain.%s = %q, want %q", c.path, got, c.want)
		}
	}
	m := node(t, tpl, "Resources", "ApiCustomDomainMapping")
	if value(t, m, "Condition") != "HasCustomDomain" || value(t, m, "Properties", "RestApiId") != "ClinicApi" ||
		value(t, m, "Properties", "Stage") != "ClinicApi.Stage" || findOr(m, "Properties.BasePath") != nil {
		t.Errorf("the domain does not map the live stage at its root")
	}
	if tag, vals := intrinsic(node(t, tpl, "Resources", "ClinicApi", "Properties", "DisableExecuteApiEndpoint")); tag != "!If" ||
		!slices.Equal(vals, []string{"!!str DisableDefaultEndpoint", "!!bool true", "!!bool false"}) {
		t.Errorf("DisableExecuteApiEndpoint = %s %v, want !If [DisableDefaultEndpoint, true, false]", tag, vals)
	}
	for rule, needs := range map[string]string{
		"DefaultEndpointOffNeedsADomain":    "CustomDomainName",
		"CustomDomainNeedsACertificate":     "CustomDomainCertificateArn",
		"CustomerManagedKeyNeedsAnOperator": "KeyOperatorRoleArn",
	} {
		if !strings.Contains(marshal(t, node(t, tpl, "Rules", rule, "Assertions")), "!Ref "+needs) {
			t.Errorf("rule %s does not require %s", rule, needs)
		}
	}
	if !strings.Contains(marshal(t, node(t, tpl, "Outputs", "ApiBaseUrl", "Value")), "CustomDomainName") {
		t.Errorf("ApiBaseUrl does not give the custom domain when there is one")
	}
}

// TestCustomerManagedKeyOption: with CustomerManagedKey, the bucket and
// all four tables are encrypted with the stack's key, whose policy lets
// only the operator role, the two functions that touch data (through S3
// and DynamoDB) and DynamoDB's own checks use it.
func TestCustomerManagedKeyOption(t *testing.T) {
	tpl := loadTemplate(t)
	if value(t, tpl, "Parameters", "CustomerManagedKey", "Default") != "false" {
		t.Errorf("CustomerManagedKey must be an option (it needs KeyOperatorRoleArn)")
	}
	key := node(t, tpl, "Resources", "DataKey")
	if value(t, key, "Condition") != "UseCustomerManagedKey" || value(t, key, "Properties", "EnableKeyRotation") != "true" ||
		value(t, key, "DeletionPolicy") != "Retain" {
		t.Errorf("DataKey is not a retained, rotated key on UseCustomerManagedKey")
	}
	principals := map[string][]string{}
	for _, s := range statementsOf(t, node(t, key, "Properties", "KeyPolicy")) {
		principals[s.sid] = nil
		var st struct {
			Principal map[string]any `yaml:"Principal"`
		}
		yaml.Unmarshal([]byte(s.raw), &st)
		for _, p := range st.Principal {
			switch v := p.(type) {
			case string:
				principals[s.sid] = append(principals[s.sid], v)
			case []any:
				for _, x := range v {
					principals[s.sid] = append(principals[s.sid], x.(string))
				}
			}
		}
		if strings.Contains(s.raw, ":root") || strings.Contains(s.raw, "AWS::AccountId}:") {
			t.Errorf("statement %s grants the whole account: %s", s.sid, s.raw)
		}
		if s.sid == "FunctionsUseThroughS3AndDynamoDB" && !strings.Contains(s.raw, "kms:ViaService") {
			t.Errorf("the functions may use the key other than through S3 and DynamoDB")
		}
		if s.sid != "OperatorAdministersAndUses" && slices.Contains(s.actions, "kms:*") {
			t.Errorf("statement %s grants kms:*", s.sid)
		}
	}
	want := map[string][]string{
		"OperatorAdministersAndUses":       {"KeyOperatorRoleArn"},
		"FunctionsUseThroughS3AndDynamoDB": {"CreateLeadRole.Arn", "VerifyEvidenceRole.Arn"},
		"DynamoDBReadsTheKeysState":        {"dynamodb.amazonaws.com"},
	}
	if len(principals) != len(want) {
		t.Errorf("key policy statements %v, want %v", principals, want)
	}
	for sid, p := range want {
		if !slices.Equal(principals[sid], p) {
			t.Errorf("key policy %s names %v, want %v", sid, principals[sid], p)
		}
	}
	for _, table := range []string{"LeadsTable", "VerificationsTable", "IdempotencyTable", "QuotaTable"} {
		sse := marshal(t, node(t, tpl, "Resources", table, "Properties", "SSESpecification"))
		if !strings.Contains(sse, "!If [UseCustomerManagedKey, KMS") || !strings.Contains(sse, "!If [UseCustomerManagedKey, !Ref DataKey") {
			t.Errorf("%s is not encrypted with DataKey under the option:\n%s", table, sse)
		}
	}
	enc := marshal(t, node(t, tpl, "Resources", "EvidenceBucket", "Properties", "BucketEncryption"))
	for _, want := range []string{"!If [UseCustomerManagedKey, \"aws:kms\", AES256]", "!GetAtt DataKey.Arn", "BucketKeyEnabled"} {
		if !strings.Contains(enc, want) {
			t.Errorf("the evidence bucket's encryption lacks %s:\n%s", want, enc)
		}
	}
}

// TestEvidenceDataEventsAreRecorded: by default a trail records every read
// and write of an evidence object (and nothing else), with log file
// validation, into a private bucket of its own that CloudTrail alone
// writes to, over TLS.
func TestEvidenceDataEventsAreRecorded(t *testing.T) {
	tpl := loadTemplate(t)
	if value(t, tpl, "Parameters", "EvidenceDataEvents", "Default") != "true" {
		t.Errorf("evidence data events must be recorded unless turned off")
	}
	trail := node(t, tpl, "Resources", "EvidenceTrail")
	for _, c := range []struct{ path, want string }{
		{"Type", "AWS::CloudTrail::Trail"},
		{"Condition", "RecordEvidenceDataEvents"},
		{"Properties.IsLogging", "true"},
		{"Properties.EnableLogFileValidation", "true"},
		{"Properties.S3BucketName", "EvidenceTrailBucket"},
		{"Properties.EventSelectors.0.ReadWriteType", "All"},
		{"Properties.EventSelectors.0.IncludeManagementEvents", "false"},
		{"Properties.EventSelectors.0.DataResources.0.Type", "AWS::S3::Object"},
		{"Properties.EventSelectors.0.DataResources.0.Values.0", "${EvidenceBucket.Arn}/"},
	} {
		if got := value(t, trail, strings.Split(c.path, ".")...); got != c.want {
			t.Errorf("EvidenceTrail.%s = %q, want %q", c.path, got, c.want)
		}
	}
	b := node(t, tpl, "Resources", "EvidenceTrailBucket")
	for _, c := range []struct{ path, want string }{
		{"DeletionPolicy", "Retain"},
		{"Properties.PublicAccessBlockConfiguration.BlockPublicPolicy", "true"},
		{"Properties.PublicAccessBlockConfiguration.RestrictPublicBuckets", "true"},
		{"Properties.OwnershipControls.Rules.0.ObjectOwnership", "BucketOwnerEnforced"},
		{"Properties.LifecycleConfiguration.Rules.0.ExpirationInDays", "TrailRetentionDays"},
	} {
		if got := value(t, b, strings.Split(c.path, ".")...); got != c.want {
			t.Errorf("EvidenceTrailBucket.%s = %q, want %q", c.path, got, c.want)
		}
	}
	for _, s := range statementsOf(t, node(t, tpl, "Resources", "EvidenceTrailBucketPolicy", "Properties", "PolicyDocument")) {
		if strings.Contains(s.raw, "Effect: Allow") && (!strings.Contains(s.raw, "cloudtrail.amazonaws.com") || !strings.Contains(s.raw, "aws:SourceArn")) {
			t.Errorf("the trail bucket allows more than this stack's trail: %s", s.raw)
		}
	}
}

// TestFunctionLogGroupsAreTheStacks: the groups the roles may write to are
// named under the stack's own prefix, so no two stacks share one.
func TestFunctionLogGroupsAreTheStacks(t *testing.T) {
	tpl := loadTemplate(t)
	for _, g := range []string{"CreateLeadLogGroup", "VerifyEvidenceLogGroup", "GetProtocolsLogGroup"} {
		name := value(t, tpl, "Resources", g, "Properties", "LogGroupName")
		if !strings.HasPrefix(name, "/aws/lambda/${AWS::StackName}/") {
			t.Errorf("%s is %q, outside the stack's own prefix", g, name)
		}
	}
}
