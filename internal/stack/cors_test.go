package stack_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"
)

// CORS has one definition, internal/api's. The template must not answer a
// preflight itself: it sends each route's OPTIONS to the route's function,
// never behind an API key, and events/ replays those preflights.

// apiEvent is one Api event of a function.
type apiEvent struct {
	function, id, path, method string
	auth                       *yaml.Node // nil when the event sets no Auth
}

func apiEvents(t *testing.T, tpl *yaml.Node) []apiEvent {
	t.Helper()
	var out []apiEvent
	for fn, res := range resourcesOfType(t, tpl, "AWS::Serverless::Function") {
		evs := findOr(res, "Properties.Events")
		if evs == nil {
			continue
		}
		for i := 0; i+1 < len(evs.Content); i += 2 {
			ev := evs.Content[i+1]
			if value(t, ev, "Type") != "Api" {
				continue
			}
			out = append(out, apiEvent{
				function: fn, id: evs.Content[i].Value,
				path:   value(t, ev, "Properties", "Path"),
				method: strings.ToLower(value(t, ev, "Properties", "Method")),
				auth:   findOr(ev, "Properties.Auth"),
			})
		}
	}
	return out
}

func TestPreflightsReachTheRoutesFunction(t *testing.T) {
	tpl := loadTemplate(t)
	api := node(t, tpl, "Resources", "ClinicApi", "Properties")
	for _, prop := range []string{"Cors", "DefinitionBody", "DefinitionUri"} {
		if findOr(api, prop) != nil {
			t.Errorf("ClinicApi has %s: CORS and routes come from internal/api and the functions' events only", prop)
		}
	}
	if raw := marshal(t, tpl); strings.Contains(raw, "x-amazon-apigateway-integration") {
		t.Errorf("template.yaml writes an integration of its own (a mock preflight?)")
	}

	evs := apiEvents(t, tpl)
	routes := map[string]string{} // path -> function of its method
	preflights := map[string]apiEvent{}
	for _, e := range evs {
		if e.method == "options" {
			preflights[e.path] = e
			continue
		}
		if fn, dup := routes[e.path]; dup && fn != e.function {
			t.Errorf("%s is served by both %s and %s", e.path, fn, e.function)
		}
		routes[e.path] = e.function
		if e.auth != nil {
			t.Errorf("%s.%s sets its own Auth; the API's applies", e.function, e.id)
		}
	}
	if len(routes) != 3 {
		t.Errorf("routes = %v, want the interface's three", routes)
	}
	for path, fn := range routes {
		p, ok := preflights[path]
		if !ok {
			t.Errorf("%s has no OPTIONS event: its preflight would be API Gateway's 403", path)
			continue
		}
		if p.function != fn {
			t.Errorf("OPTIONS %s goes to %s, want %s, the function of the request it announces", path, p.function, fn)
		}
		// SAM refuses ApiKeyRequired: false on an API that requires no key,
		// so the event turns keys off only when the API turns them on.
		if p.auth == nil {
			t.Errorf("OPTIONS %s sets no Auth: with ApiKeysRequired it would need a key browsers never send", path)
			continue
		}
		// The false branch is an empty Auth rather than AWS::NoValue: SAM
		// reads both as "nothing set", and {} needs no removal upstream.
		tag, _ := intrinsic(p.auth)
		if tag != "!If" || len(p.auth.Content) != 3 || p.auth.Content[0].Value != "RequireApiKeys" ||
			p.auth.Content[1].Kind != yaml.MappingNode || len(p.auth.Content[1].Content) != 2 ||
			value(t, p.auth.Content[1], "ApiKeyRequired") != "false" ||
			p.auth.Content[2].Kind != yaml.MappingNode || len(p.auth.Content[2].Content) != 0 {
			t.Errorf("OPTIONS %s Auth = %s, want !If [RequireApiKeys, {ApiKeyRequired: false}, {}]", path, marshal(t, p.auth))
		}
		delete(preflights, path)
	}
	for path := range preflights {
		t.Errorf("OPTIONS %s has no route", path)
	}

	// The Lambda answers preflights from CORS_ALLOWED_ORIGINS.
	if got := value(t, tpl, "Globals", "Function", "Environment", "Variables", "CORS_ALLOWED_ORIGINS"); got != "CorsAllowedOrigins" {
		t.Errorf("CORS_ALLOWED_ORIGINS = %q, want the CorsAllowedOrigins parameter for every function", got)
	}

	// events/ replays (internal/lambdahttp) a preflight on every route.
	files, err := filepath.Glob("../../events/preflight-*.json")
	if err != nil {
		t.Fatal(err)
	}
	var replayed []string
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ev struct{ HTTPMethod, Path string }
		if err := json.Unmarshal(raw, &ev); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if ev.HTTPMethod == "OPTIONS" && !slices.Contains(replayed, ev.Path) {
			replayed = append(replayed, ev.Path)
		}
	}
	for path := range routes {
		if !slices.Contains(replayed, path) {
			t.Errorf("no events/preflight-*.json replays OPTIONS %s", path)
		}
	}
}

// samRoute is one method of the REST API SAM makes (testdata/sam-routes.py).
type samRoute struct {
	Function string `json:"function"`
	Type     string `json:"type"`
	APIKey   bool   `json:"apiKey"`
}

// TestSAMRoutesPreflightsWithoutKey runs SAM's own translator on the
// template, with and without ApiKeysRequired: every route and its preflight
// reach the same function through the Lambda proxy, and only the route may
// ask for a key.
func TestSAMRoutesPreflightsWithoutKey(t *testing.T) {
	if err := exec.Command("python3", "-c", "import samtranslator, cfnlint").Run(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3 with aws-sam-translator (pip install cfn-lint) is needed: %v", err)
		}
		t.Skip("python3 with aws-sam-translator is not installed (pip install cfn-lint)")
	}
	routes := map[string][2]string{
		"/external/v1/leads":                         {"post", "CreateLeadFunction"},
		"/external/v1/prescriptions/verify-evidence": {"post", "VerifyEvidenceFunction"},
		"/external/v1/protocols/weightloss":          {"get", "GetProtocolsFunction"},
	}
	for _, keys := range []bool{false, true} {
		t.Run(fmt.Sprintf("ApiKeysRequired=%t", keys), func(t *testing.T) {
			out, err := exec.Command("python3", "testdata/sam-routes.py", "../../template.yaml", fmt.Sprint(keys)).Output()
			if err != nil {
				var exit *exec.ExitError
				if errors.As(err, &exit) {
					t.Fatalf("SAM translation: %v\n%s", err, exit.Stderr)
				}
				t.Fatalf("SAM translation: %v", err)
			}
			var got map[string]map[string]samRoute
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("sam-routes.py printed %q: %v", out, err)
			}
			want := map[string]map[string]samRoute{}
			for path, r := range routes {
				want[path] = map[string]samRoute{
					r[0]:      {Function: r[1], Type: "aws_proxy", APIKey: keys},
					"options": {Function: r[1], Type: "aws_proxy"},
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("SAM's routes (-want +got):\n%s", diff)
			}
		})
	}
}
