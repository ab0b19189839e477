package samtemplate_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/testing/samtemplate"
)

const tpl = `
Parameters:
  Market:
    Type: String
  Retention:
    Type: Number
    Default: 30
Globals:
  Function:
    Environment:
      Variables:
        MARKET: !Ref Market
        LOG_LEVEL: info
        NAMESPACE: !Sub App/${AWS::StackName}/${Market}
Resources:
  Table:
    Type: AWS::DynamoDB::Table
  OneFunction:
    Type: AWS::Serverless::Function
    Properties:
      Environment:
        Variables:
          TABLE: !Ref Table
          RETENTION_DAYS: !Ref Retention
          LIMIT: "65536"
          LOG_LEVEL: debug
  Bare:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: .
`

func TestFunctionEnv(t *testing.T) {
	tp, err := samtemplate.Parse([]byte(tpl))
	if err != nil {
		t.Fatal(err)
	}
	if got := tp.Functions(); !cmp.Equal(got, []string{"Bare", "OneFunction"}) {
		t.Errorf("Functions = %v", got)
	}
	values := map[string]string{"Market": "us", "Table": "leads", "AWS::StackName": "bench"}
	env, err := tp.FunctionEnv("OneFunction", values)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"MARKET": "us", "LOG_LEVEL": "debug", "NAMESPACE": "App/bench/us",
		"TABLE": "leads", "RETENTION_DAYS": "30", "LIMIT": "65536",
	}
	if diff := cmp.Diff(want, env); diff != "" {
		t.Errorf("FunctionEnv (-want +got):\n%s", diff)
	}
	env, err = tp.FunctionEnv("Bare", values)
	if err != nil || len(env) != 3 {
		t.Errorf("a function with only the globals: %v, %v", env, err)
	}
	// A resource not given is its logical id, as sam local has it.
	delete(values, "Table")
	if env, err := tp.FunctionEnv("OneFunction", values); err != nil || env["TABLE"] != "Table" {
		t.Errorf("TABLE = %q, %v; want the logical id", env["TABLE"], err)
	}
	for _, tt := range []struct {
		fn     string
		values map[string]string
		want   string
	}{
		{"OneFunction", map[string]string{"Table": "t", "AWS::StackName": "s"}, "Market has no Default"},
		{"OneFunction", map[string]string{"Market": "uk"}, "no value given for AWS::StackName"},
		{"Nothing", values, "no function Nothing"},
	} {
		if _, err := tp.FunctionEnv(tt.fn, tt.values); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("FunctionEnv(%s, %v) = %v, want an error saying %q", tt.fn, tt.values, err, tt.want)
		}
	}
}

// TestTheRepositorysTemplate: every function of template.yaml resolves with
// the values bench/lambdarun gives.
func TestTheRepositorysTemplate(t *testing.T) {
	tp, err := samtemplate.Load("../../../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fns := tp.Functions()
	if len(fns) != 3 {
		t.Fatalf("functions %v, want the three", fns)
	}
	for _, fn := range fns {
		env, err := tp.FunctionEnv(fn, samtemplate.BenchValues("us"))
		if err != nil {
			t.Fatal(err)
		}
		if env["MARKET"] != "us" || env["METRICS_NAMESPACE"] != "ClinicIntake/bench" {
			t.Errorf("%s: %v", fn, env)
		}
	}
}
