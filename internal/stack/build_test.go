package stack_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// goarchOf maps a Lambda architecture to Go's name for it.
var goarchOf = map[string]string{"arm64": "arm64", "x86_64": "amd64"}

// templateArchitectures lists every Architectures entry of the template:
// Globals.Function's and each resource's.
func templateArchitectures(t *testing.T, doc *yaml.Node) []string {
	t.Helper()
	var archs []string
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		for i := 0; i < len(n.Content); i++ {
			c := n.Content[i]
			if n.Kind == yaml.MappingNode && i%2 == 0 && c.Value == "Architectures" {
				for _, a := range n.Content[i+1].Content {
					archs = append(archs, a.Value)
				}
				i++
				continue
			}
			walk(c)
		}
	}
	walk(doc)
	return archs
}

// TestLambdaBuildFollowsTemplateArchitecture: make lambda-goarch, which
// Makefile.build's builds use, names the architecture template.yaml gives
// the functions.
func TestLambdaBuildFollowsTemplateArchitecture(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	archs := templateArchitectures(t, loadTemplate(t))
	if len(archs) == 0 {
		t.Fatal("template.yaml sets no Architectures")
	}
	want := goarchOf[archs[0]]
	for _, a := range archs {
		if goarchOf[a] != want || want == "" {
			t.Fatalf("template.yaml Architectures %q: want one of arm64, x86_64 for every function", archs)
		}
	}
	out, err := exec.Command("make", "-s", "-C", "../..", "lambda-goarch").CombinedOutput()
	if err != nil {
		t.Fatalf("make lambda-goarch: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("make lambda-goarch = %q, want %q (template.yaml: %q)", got, want, archs)
	}
}

// TestLambdaGOARCHScript reads the architecture in every form a template
// may give it, and refuses templates that mix or omit it.
func TestLambdaGOARCHScript(t *testing.T) {
	tests := []struct {
		name, template, want string
	}{
		{"flow arm64", "Globals:\n  Function:\n    Architectures: [arm64]\n", "arm64"},
		{"flow x86_64 quoted", "Globals:\n  Function:\n    Architectures: [ \"x86_64\" ]  # Intel\n", "amd64"},
		{"block x86_64", "Globals:\n  Function:\n    Architectures:\n      - x86_64\nResources:\n  F:\n    Type: AWS::Serverless::Function\n", "amd64"},
		{"per function, same", "Resources:\n  A:\n    Properties:\n      Architectures: [arm64]\n  B:\n    Properties:\n      Architectures:\n        - 'arm64'\n", "arm64"},
		{"commented out", "Globals:\n  Function:\n    # Architectures: [x86_64]\n    Architectures: [arm64]\n", "arm64"},
		{"mixed", "Globals:\n  Function:\n    Architectures: [arm64]\nResources:\n  B:\n    Properties:\n      Architectures:\n        - x86_64\n", ""},
		{"none", "Globals:\n  Function:\n    Runtime: provided.al2023\n", ""},
		{"unknown", "Globals:\n  Function:\n    Architectures: [riscv64]\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "template.yaml")
			if err := os.WriteFile(path, []byte(tt.template), 0o644); err != nil {
				t.Fatal(err)
			}
			var doc yaml.Node
			if err := yaml.Unmarshal([]byte(tt.template), &doc); err != nil {
				t.Fatalf("test template is not YAML: %v", err)
			}
			cmd := exec.Command("bash", "../../scripts/lambda-goarch.sh", path)
			out, err := cmd.Output()
			got := strings.TrimSpace(string(out))
			switch {
			case tt.want == "" && err == nil:
				t.Errorf("lambda-goarch.sh accepted it: %q", got)
			case tt.want != "" && (err != nil || got != tt.want):
				t.Errorf("lambda-goarch.sh = %q, %v; want %q", got, err, tt.want)
			}
			if tt.want != "" {
				if archs := templateArchitectures(t, &doc); goarchOf[archs[0]] != tt.want {
					t.Errorf("the YAML parser reads %q; the test's want %q is wrong", archs, tt.want)
				}
			}
		})
	}
}
