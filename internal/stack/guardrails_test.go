package stack_test

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/metrics"
)

// The guard rails of issue 11: WAF, API keys, reserved concurrency, alarms,
// their topic and the dashboard. Each test names the decision it keeps.

// resourcesOfType returns the logical ids and nodes of every resource of typ.
func resourcesOfType(t *testing.T, tpl *yaml.Node, typ string) map[string]*yaml.Node {
	t.Helper()
	res := node(t, tpl, "Resources")
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(res.Content); i += 2 {
		if n := findOr(res.Content[i+1], "Type"); n != nil && n.Value == typ {
			out[res.Content[i].Value] = res.Content[i+1]
		}
	}
	return out
}

// intrinsic returns the tag and scalar values of a short-form intrinsic
// (!If [A, b, c] is "!If", [A b c]).
func intrinsic(n *yaml.Node) (string, []string) {
	if n.Kind == yaml.ScalarNode {
		return n.Tag, []string{n.Value}
	}
	var vals []string
	for _, c := range n.Content {
		if c.Kind == yaml.ScalarNode {
			vals = append(vals, c.Tag+" "+c.Value)
		}
	}
	return n.Tag, vals
}

func marshal(t *testing.T, n *yaml.Node) string {
	t.Helper()
	b, err := yaml.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWAFGuardsTheStageByDefault(t *testing.T) {
	tpl := loadTemplate(t)
	if got := value(t, tpl, "Parameters", "WafEnabled", "Default"); got != "true" {
		t.Errorf("WafEnabled defaults to %q: WAF must be on unless turned off", got)
	}
	if tag, vals := intrinsic(node(t, tpl, "Conditions", "UseWaf")); tag != "!Equals" || !slices.Equal(vals, []string{"!Ref WafEnabled", "!!str true"}) {
		t.Errorf("UseWaf = %s %v, want !Equals [!Ref WafEnabled, \"true\"]", tag, vals)
	}
	acl := node(t, tpl, "Resources", "ApiWebAcl")
	for _, c := range []struct{ path, want string }{
		{"Type", "AWS::WAFv2::WebACL"},
		{"Condition", "UseWaf"},
		{"Properties.Scope", "REGIONAL"},
	} {
		if got := value(t, acl, strings.Split(c.path, ".")...); got != c.want {
			t.Errorf("ApiWebAcl.%s = %q, want %q", c.path, got, c.want)
		}
	}
	node(t, acl, "Properties", "DefaultAction", "Allow")

	rules := map[string]*yaml.Node{}
	var order []string
	for _, r := range node(t, acl, "Properties", "Rules").Content {
		name := value(t, r, "Name")
		rules[name] = r
		order = append(order, name)
	}
	if len(order) == 0 || order[0] != "RateLimitPerIp" {
		t.Errorf("rules run in the order %v; the per-IP rate limit must come first", order)
	}
	rate := rules["RateLimitPerIp"]
	if rate == nil {
		t.Fatal("no RateLimitPerIp rule")
	}
	for _, c := range []struct{ path, want string }{
		{"Statement.RateBasedStatement.AggregateKeyType", "IP"},
		{"Statement.RateBasedStatement.Limit", "WafRateLimitPerIp"},
		{"Statement.RateBasedStatement.EvaluationWindowSec", "WafRateWindowSeconds"},
		{"Action.Block.CustomResponse.ResponseCode", "429"},
	} {
		if got := value(t, rate, strings.Split(c.path, ".")...); got != c.want {
			t.Errorf("RateLimitPerIp.%s = %q, want %q", c.path, got, c.want)
		}
	}
	for _, group := range []string{"AWSManagedRulesCommonRuleSet", "AWSManagedRulesKnownBadInputsRuleSet"} {
		r := rules[group]
		if r == nil {
			t.Errorf("no %s rule", group)
			continue
		}
		if value(t, r, "Statement", "ManagedRuleGroupStatement", "VendorName") != "AWS" ||
			value(t, r, "Statement", "ManagedRuleGroupStatement", "Name") != group {
			t.Errorf("%s does not use AWS's managed group of that name", group)
		}
		// None: the group's own block actions stand (Count would only watch).
		node(t, r, "OverrideAction", "None")
	}

	// SizeRestrictions_BODY (8 KB) would refuse every evidence upload: it
	// only counts in the group and is re-blocked everywhere but that path.
	common := rules["AWSManagedRulesCommonRuleSet"]
	counted := map[string]bool{}
	if common != nil {
		for _, o := range node(t, common, "Statement", "ManagedRuleGroupStatement", "RuleActionOverrides").Content {
			if findOr(o, "ActionToUse.Count") != nil {
				counted[value(t, o, "Name")] = true
			}
		}
	}
	for rule, reblock := range map[string]string{
		"SizeRestrictions_BODY":   "BodyRulesExceptEvidenceUpload",
		"CrossSiteScripting_BODY": "ScriptInBodyExceptEvidenceUpload",
	} {
		if !counted[rule] {
			t.Errorf("%s is not overridden to Count", rule)
		}
		r := rules[reblock]
		if r == nil {
			t.Errorf("no rule %s blocks what %s labelled", reblock, rule)
			continue
		}
		node(t, r, "Action", "Block")
		stmts := node(t, r, "Statement", "AndStatement", "Statements")
		label := value(t, stmts, "0", "LabelMatchStatement", "Key")
		if want := "awswaf:managed:aws:core-rule-set:" + strings.Replace(rule, "_BODY", "_Body", 1); label != want {
			t.Errorf("%s matches label %q, want %q", reblock, label, want)
		}
		match := node(t, stmts, "1", "NotStatement", "Statement", "ByteMatchStatement")
		if value(t, match, "SearchString") != api.PathVerifyEvidence || value(t, match, "PositionalConstraint") != "ENDS_WITH" {
			t.Errorf("%s exempts %q (%s), want the verify-evidence path", reblock, value(t, match, "SearchString"), value(t, match, "PositionalConstraint"))
		}
	}

	assoc := node(t, tpl, "Resources", "ApiWebAclAssociation")
	if value(t, assoc, "Type") != "AWS::WAFv2::WebACLAssociation" || value(t, assoc, "Condition") != "UseWaf" {
		t.Errorf("ApiWebAclAssociation is not a conditional WebACLAssociation")
	}
	if got := value(t, assoc, "Properties", "WebACLArn"); got != "ApiWebAcl.Arn" {
		t.Errorf("association's WebACLArn = %q", got)
	}
	arn := value(t, assoc, "Properties", "ResourceArn")
	if !strings.HasSuffix(arn, ":apigateway:${AWS::Region}::/restapis/${ClinicApi}/stages/${ClinicApi.Stage}") {
		t.Errorf("association's ResourceArn = %q, want the ClinicApi stage", arn)
	}
}

func TestAPIKeysAreOptional(t *testing.T) {
	tpl := loadTemplate(t)
	if got := value(t, tpl, "Parameters", "ApiKeysRequired", "Default"); got != "false" {
		t.Errorf("ApiKeysRequired defaults to %q: the interface declares no credential", got)
	}
	// SAM's Auth takes no intrinsics; AWS::LanguageExtensions resolves the
	// !If from the parameter before SAM runs, so it must come first.
	var transforms []string
	for _, n := range node(t, tpl, "Transform").Content {
		transforms = append(transforms, n.Value)
	}
	if !slices.Equal(transforms, []string{"AWS::LanguageExtensions", "AWS::Serverless-2016-10-31"}) {
		t.Errorf("Transform = %v", transforms)
	}
	auth := node(t, tpl, "Resources", "ClinicApi", "Properties", "Auth")
	if tag, vals := intrinsic(node(t, auth, "ApiKeyRequired")); tag != "!If" || !slices.Equal(vals, []string{"!!str RequireApiKeys", "!!bool true", "!!bool false"}) {
		t.Errorf("ApiKeyRequired = %s %v, want !If [RequireApiKeys, true, false]", tag, vals)
	}
	// The preflights, which browsers send without a key, have their own
	// events: TestPreflightsReachTheRoutesFunction.
	for id, typ := range map[string]string{
		"ServerClientsUsagePlan":   "AWS::ApiGateway::UsagePlan",
		"ServerClientApiKey":       "AWS::ApiGateway::ApiKey",
		"ServerClientUsagePlanKey": "AWS::ApiGateway::UsagePlanKey",
	} {
		r := node(t, tpl, "Resources", id)
		if value(t, r, "Type") != typ || value(t, r, "Condition") != "RequireApiKeys" {
			t.Errorf("%s is not a %s on condition RequireApiKeys", id, typ)
		}
	}
	plan := node(t, tpl, "Resources", "ServerClientsUsagePlan", "Properties")
	for _, c := range []struct{ path, want string }{
		{"ApiStages.0.ApiId", "ClinicApi"},
		{"ApiStages.0.Stage", "ClinicApi.Stage"},
		{"Quota.Limit", "ApiKeyQuotaLimit"},
		{"Quota.Period", "ApiKeyQuotaPeriod"},
		{"Throttle.RateLimit", "ApiKeyRateLimit"},
		{"Throttle.BurstLimit", "ApiKeyBurstLimit"},
	} {
		if got := value(t, plan, strings.Split(c.path, ".")...); got != c.want {
			t.Errorf("usage plan %s = %q, want %q", c.path, got, c.want)
		}
	}
}

func TestVerifyEvidenceConcurrencyIsCapped(t *testing.T) {
	tpl := loadTemplate(t)
	tag, vals := intrinsic(node(t, tpl, "Resources", "VerifyEvidenceFunction", "Properties", "ReservedConcurrentExecutions"))
	want := []string{"!!str ReserveVerifyEvidenceConcurrency", "!Ref VerifyEvidenceReservedConcurrency", "!Ref AWS::NoValue"}
	if tag != "!If" || !slices.Equal(vals, want) {
		t.Errorf("ReservedConcurrentExecutions = %s %v, want !If %v: the parameter, or no reservation at 0", tag, vals, want)
	}
	if tag, vals := intrinsic(node(t, tpl, "Conditions", "ReserveVerifyEvidenceConcurrency")); tag != "!Not" || len(vals) != 0 {
		t.Errorf("ReserveVerifyEvidenceConcurrency = %s %v", tag, vals)
	}
	if d := value(t, tpl, "Parameters", "VerifyEvidenceReservedConcurrency", "Default"); d == "0" || d == "" {
		t.Errorf("VerifyEvidenceReservedConcurrency defaults to %q: Textract spend would have no ceiling", d)
	}
}

// alarm is what the guard needs of one alarm.
type alarm struct {
	id, namespace, metric, dims, stat, period, threshold, description string
	expression                                                        string // a metric-math alarm's returned expression
	actions                                                           []string
	mathMetrics                                                       []string // "namespace metric dims" of a metric-math alarm
}

func alarms(t *testing.T, tpl *yaml.Node) []alarm {
	t.Helper()
	var out []alarm
	for id, r := range resourcesOfType(t, tpl, "AWS::CloudWatch::Alarm") {
		p := node(t, r, "Properties")
		get := func(path string) string {
			if n := findOr(p, path); n != nil {
				return n.Value
			}
			return ""
		}
		a := alarm{id: id, namespace: get("Namespace"), metric: get("MetricName"), stat: get("Statistic") + get("ExtendedStatistic"),
			period: get("Period"), threshold: get("Threshold"), description: get("AlarmDescription")}
		if d := findOr(p, "Dimensions"); d != nil {
			a.dims = marshal(t, d)
		}
		for _, n := range node(t, p, "AlarmActions").Content {
			a.actions = append(a.actions, n.Tag+" "+n.Value)
		}
		if ms := findOr(p, "Metrics"); ms != nil {
			for _, m := range ms.Content {
				if e := findOr(m, "Expression"); e != nil && findOr(m, "ReturnData") != nil && findOr(m, "ReturnData").Value == "true" {
					a.expression = e.Value
				}
				if s := findOr(m, "MetricStat"); s != nil {
					a.mathMetrics = append(a.mathMetrics, value(t, s, "Metric", "Namespace")+" "+value(t, s, "Metric", "MetricName")+" "+marshal(t, node(t, s, "Metric", "Dimensions")))
				}
			}
		}
		out = append(out, a)
	}
	return out
}

func TestAlarmsCoverTheIssueAndNotifyTheTopic(t *testing.T) {
	tpl := loadTemplate(t)
	if value(t, tpl, "Resources", "AlarmTopic", "Type") != "AWS::SNS::Topic" {
		t.Fatal("no AlarmTopic SNS topic")
	}
	sub := node(t, tpl, "Resources", "AlarmEmailSubscription")
	if value(t, sub, "Condition") != "HasAlarmEmail" || value(t, sub, "Properties", "Protocol") != "email" ||
		value(t, sub, "Properties", "Endpoint") != "AlarmEmail" || value(t, sub, "Properties", "TopicArn") != "AlarmTopic" {
		t.Errorf("the e-mail subscription is not the optional AlarmEmail on AlarmTopic")
	}
	if value(t, tpl, "Parameters", "AlarmEmail", "Default") != "" {
		t.Errorf("AlarmEmail must be optional (empty by default)")
	}

	all := alarms(t, tpl)
	found := func(what string, match func(alarm) bool) {
		t.Helper()
		for _, a := range all {
			if match(a) {
				return
			}
		}
		t.Errorf("no alarm on %s", what)
	}
	found("the API's 5xx rate", func(a alarm) bool {
		joined := strings.Join(a.mathMetrics, "\n")
		return strings.Contains(joined, "AWS/ApiGateway 5XXError") && strings.Contains(joined, "AWS/ApiGateway Count") && a.threshold == "Api5xxRateAlarmPercent"
	})
	for _, fn := range []string{"CreateLeadFunction", "VerifyEvidenceFunction", "GetProtocolsFunction"} {
		for _, metric := range []string{"Errors", "Throttles"} {
			found(fn+" "+metric, func(a alarm) bool {
				return a.namespace == "AWS/Lambda" && a.metric == metric && strings.Contains(a.dims, "!Ref "+fn) && a.stat == "Sum"
			})
		}
	}
	found("verify-evidence p95 latency", func(a alarm) bool {
		return a.namespace == "AWS/Lambda" && a.metric == "Duration" && strings.Contains(a.dims, "!Ref VerifyEvidenceFunction") &&
			a.stat == "p95" && a.threshold == "VerifyEvidenceP95AlarmMilliseconds"
	})
	emfNamespace := value(t, tpl, "Globals", "Function", "Environment", "Variables", "METRICS_NAMESPACE")
	if emfNamespace != "ClinicIntake/${AWS::StackName}" {
		t.Errorf("METRICS_NAMESPACE = %q", emfNamespace)
	}
	found("Textract errors (EMF)", func(a alarm) bool {
		return a.namespace == emfNamespace && a.metric == metrics.TextractErrors && strings.Contains(a.dims, metrics.FunctionVerifyEvidence)
	})
	for metric, param := range map[string]string{metrics.TextReaderPagesToday: "TextReaderPagesPerDay", metrics.VerificationsToday: "VerificationsPerDay"} {
		found(metric+" at 80% of "+param+" (EMF)", func(a alarm) bool {
			return a.threshold == "80" && slices.Contains(a.mathMetrics, emfNamespace+" "+metric+" "+
				"- Name: Function\n  Value: verify-evidence\n- Name: Market\n  Value: !Ref Market\n") &&
				a.expression == "100 * used / ${"+param+"}"
		})
	}
	for _, table := range []string{"LeadsTable", "VerificationsTable", "IdempotencyTable", "QuotaTable"} {
		for _, metric := range []string{"ReadThrottleEvents", "WriteThrottleEvents"} {
			found("DynamoDB "+metric+" on "+table, func(a alarm) bool {
				for _, m := range a.mathMetrics {
					if strings.HasPrefix(m, "AWS/DynamoDB "+metric) && strings.Contains(m, "!Ref "+table) {
						return true
					}
				}
				return false
			})
		}
	}

	ops, err := os.ReadFile("../../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for _, h := range regexp.MustCompile(`(?m)^#+ (.+)$`).FindAllStringSubmatch(string(ops), -1) {
		anchors[strings.ReplaceAll(strings.ToLower(regexp.MustCompile(`[^A-Za-z0-9 -]`).ReplaceAllString(h[1], "")), " ", "-")] = true
	}
	for _, a := range all {
		if !slices.Contains(a.actions, "!Ref AlarmTopic") {
			t.Errorf("%s does not notify AlarmTopic (actions %v)", a.id, a.actions)
		}
		m := regexp.MustCompile(`docs/operations\.md#([a-z0-9-]+)`).FindStringSubmatch(a.description)
		if m == nil || !anchors[m[1]] {
			t.Errorf("%s's description does not point to a section of docs/operations.md: %q", a.id, a.description)
		}
	}
}

func TestDashboardShowsTheAlarmsAndMetrics(t *testing.T) {
	tpl := loadTemplate(t)
	d := node(t, tpl, "Resources", "OperationsDashboard")
	if value(t, d, "Type") != "AWS::CloudWatch::Dashboard" {
		t.Fatal("OperationsDashboard is not a dashboard")
	}
	body := value(t, d, "Properties", "DashboardBody")
	// Substituted values become 0, which is valid JSON in a string or as a number.
	var parsed struct {
		Widgets []struct {
			Type       string         `json:"type"`
			Properties map[string]any `json:"properties"`
		} `json:"widgets"`
	}
	if err := json.Unmarshal([]byte(regexp.MustCompile(`\$\{[^}]+\}`).ReplaceAllString(body, "0")), &parsed); err != nil {
		t.Fatalf("DashboardBody is not JSON: %v", err)
	}
	if len(parsed.Widgets) < 10 {
		t.Errorf("%d widgets", len(parsed.Widgets))
	}
	for id := range resourcesOfType(t, tpl, "AWS::CloudWatch::Alarm") {
		if !strings.Contains(body, "${"+id+".Arn}") {
			t.Errorf("the dashboard's alarm widget leaves out %s", id)
		}
	}
	for _, m := range []string{metrics.Latency, metrics.LeadsCreated, metrics.IdempotentReplays, metrics.Verifications,
		metrics.FieldVerdicts, metrics.DocumentsRead, metrics.UnreadableDocuments, metrics.RefusedDocuments,
		metrics.TextractPages, metrics.TextractErrors, metrics.TextReaderPagesToday, metrics.VerificationsToday,
		metrics.UnknownLeads, metrics.RetryLaterAnswers, "5XXError", "Throttles", "Errors", "ReadThrottleEvents", "BlockedRequests"} {
		if !strings.Contains(body, `"`+m+`"`) && !strings.Contains(body, `\"`+m+`\"`) {
			t.Errorf("the dashboard does not show %s", m)
		}
	}
	if !strings.Contains(body, "ClinicIntake/${AWS::StackName}") {
		t.Errorf("the dashboard does not read the functions' metrics namespace")
	}
}
