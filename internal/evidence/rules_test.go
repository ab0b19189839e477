package evidence

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// ruleNames lists a table's rule names in order.
func ruleNames[E any](rules []rule[E]) []string {
	names := make([]string, len(rules))
	for i, r := range rules {
		names[i] = r.name
	}
	return names
}

// tables are the rule tables, by the wire name of their field.
func tables() map[string][]string {
	return map[string][]string{
		"patientName":      ruleNames(nameRules),
		"medicationName":   ruleNames(medicineRules),
		"medicationDosage": ruleNames(doseRules),
		"medicationDate":   ruleNames(dateRules),
		"pharmacyName":     ruleNames(pharmacyRules),
	}
}

// docRules reads the rule tables of docs/evidence-rules.md: under each
// "## ... (`field`)" heading, the rule names of its "| n | `rule` |" rows,
// in order.
func docRules(t *testing.T) map[string][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "docs", "evidence-rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	heading := regexp.MustCompile("^## .*\\(`(\\w+)`\\)\\s*$")
	row := regexp.MustCompile("^\\|\\s*\\d+\\s*\\|\\s*`([a-z0-9-]+)`\\s*\\|")
	out := map[string][]string{}
	field := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m := heading.FindStringSubmatch(line); m != nil {
			field = m[1]
			continue
		}
		if strings.HasPrefix(line, "## ") {
			field = ""
		}
		if m := row.FindStringSubmatch(line); m != nil && field != "" {
			out[field] = append(out[field], m[1])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRulesDocMatchesTables: the rules doc lists each field's rules by the
// names and in the order of the field's rule table, so a maintainer goes
// from the doc to the code (and from a Finding's rule to the doc) in one
// step.
func TestRulesDocMatchesTables(t *testing.T) {
	if diff := cmp.Diff(tables(), docRules(t)); diff != "" {
		t.Errorf("docs/evidence-rules.md and the rule tables differ (-tables +doc):\n%s", diff)
	}
}

// TestRuleTablesAreWellFormed: each table's last rule decides whatever the
// others leave (its when is nil, and only its), and no name is used twice,
// nor the name of the rule that runs when nothing was read.
func TestRuleTablesAreWellFormed(t *testing.T) {
	check := func(field string, whens []bool) {
		for i, hasWhen := range whens {
			if last := i == len(whens)-1; hasWhen == last {
				t.Errorf("%s: rule %d: when is nil on the last rule only", field, i+1)
			}
		}
	}
	whens := func(n int, has func(int) bool) []bool {
		out := make([]bool, n)
		for i := range out {
			out[i] = has(i)
		}
		return out
	}
	check("patientName", whens(len(nameRules), func(i int) bool { return nameRules[i].when != nil }))
	check("medicationName", whens(len(medicineRules), func(i int) bool { return medicineRules[i].when != nil }))
	check("medicationDosage", whens(len(doseRules), func(i int) bool { return doseRules[i].when != nil }))
	check("medicationDate", whens(len(dateRules), func(i int) bool { return dateRules[i].when != nil }))
	check("pharmacyName", whens(len(pharmacyRules), func(i int) bool { return pharmacyRules[i].when != nil }))
	seen := map[string]string{ruleNothingRead: "no text read", ruleUnnamed: "unnamed"}
	for field, names := range tables() {
		for _, n := range names {
			if other, ok := seen[n]; ok {
				t.Errorf("rule %q of %s is also %s's", n, field, other)
			}
			seen[n] = field
		}
	}
}

// maxFunctionLines is the longest a function of the package may be: a
// verdict that does not fit is evidence and rules mixed again.
const maxFunctionLines = 80

// TestFunctionsAreShort: no function of the package's code (tests aside)
// is over maxFunctionLines lines.
func TestFunctionsAreShort(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var name string
			switch fn := n.(type) {
			case *ast.FuncDecl:
				name = fn.Name.Name
			case *ast.FuncLit:
				name = "a function literal"
			default:
				return true
			}
			from, to := fset.Position(n.Pos()), fset.Position(n.End())
			if lines := to.Line - from.Line + 1; lines > maxFunctionLines {
				t.Errorf("%s:%d: %s is %d lines (at most %d)", file, from.Line, name, lines, maxFunctionLines)
			}
			return true
		})
	}
}

// ruleCase is a rule table tried on one evidence value.
type ruleCase[E any] struct {
	name string
	ev   E
	rule string
	want Rating
	// words are in the note's clause for the field (problem or caveat).
	words string
}

func runRuleCases[E any](t *testing.T, rules []rule[E], cases []ruleCase[E]) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			f := decide(rules, tt.ev)
			if f.rule != tt.rule || f.rating != tt.want {
				t.Errorf("decided by %q: %v, want %q: %v", f.rule, f.rating, tt.rule, tt.want)
			}
			if clause := f.problem + f.caveat + f.missing + f.ownRecord + f.scam; !strings.Contains(clause, tt.words) {
				t.Errorf("note clause %q, want it to hold %q", clause, tt.words)
			}
		})
	}
	decided := map[string]bool{}
	for _, tt := range cases {
		decided[tt.rule] = true
	}
	for _, n := range ruleNames(rules) {
		if !decided[n] {
			t.Errorf("no case for rule %q", n)
		}
	}
}
