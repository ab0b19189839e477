package api

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/quota"
)

// derrorsKinds reads internal/derrors' source and returns the message of
// every exported Err* variable, by name. A kind must be made with
// errors.New and a literal message, so that this test can tell it apart.
func derrorsKinds(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "derrors", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.VAR {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if !id.IsExported() || !strings.HasPrefix(id.Name, "Err") {
						continue
					}
					msg, ok := newErrorMessage(vs, i)
					if !ok {
						t.Errorf("derrors.%s is not errors.New(\"literal\"): this test cannot check its status", id.Name)
						continue
					}
					kinds[id.Name] = msg
				}
			}
		}
	}
	if len(kinds) < 10 {
		t.Fatalf("found %d kinds in internal/derrors (%v); the parser is missing some", len(kinds), kinds)
	}
	return kinds
}

func newErrorMessage(vs *ast.ValueSpec, i int) (string, bool) {
	if i >= len(vs.Values) {
		return "", false
	}
	call, ok := vs.Values[i].(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "New" {
		return "", false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	msg, err := strconv.Unquote(lit.Value)
	return msg, err == nil
}

// TestStatusTableNamesEveryKind: every kind derrors declares has its own
// row, so none reaches a client as a 500 only by default.
func TestStatusTableNamesEveryKind(t *testing.T) {
	rows := map[string]int{}
	for _, row := range statusTable {
		if _, dup := rows[row.kind.Error()]; dup {
			t.Errorf("kind %q has two rows", row.kind)
		}
		rows[row.kind.Error()] = row.status
	}
	for name, msg := range derrorsKinds(t) {
		if _, ok := rows[msg]; !ok {
			t.Errorf("derrors.%s (%q) has no row in statusTable", name, msg)
		}
		delete(rows, msg)
	}
	for msg := range rows {
		t.Errorf("statusTable has a row for %q, which derrors does not declare", msg)
	}
}

// TestUnexpectedHidesEveryClientKind: derrors.Unexpected turns every kind
// this table answers 4xx into a 500, keeps every other kind's status, and
// is the one rule for a dependency's error (lead and api both use it).
func TestUnexpectedHidesEveryClientKind(t *testing.T) {
	for _, row := range statusTable {
		err := fmt.Errorf("dependency: %w", row.kind)
		got, want := statusOf(derrors.Unexpected(err)), row.status
		if want < 500 {
			want = http.StatusInternalServerError
		}
		if got != want {
			t.Errorf("Unexpected(%v) answers %d, want %d", err, got, want)
		}
	}
	if err := errors.New("no kind"); derrors.Unexpected(err) != err || derrors.Unexpected(nil) != nil {
		t.Errorf("Unexpected changed an error of no kind or nil")
	}
}

func TestStatusOf(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"invalid argument", derrors.Invalid("email must be an email"), http.StatusBadRequest},
		{"forbidden", derrors.ErrForbidden, http.StatusForbidden},
		{"not found, wrapped", fmt.Errorf("get lead x: %w", derrors.ErrNotFound), http.StatusNotFound},
		{"method not allowed", derrors.ErrMethodNotAllowed, http.StatusMethodNotAllowed},
		{"conflict", &derrors.Client{Kind: derrors.ErrConflict, Message: "m"}, http.StatusConflict},
		{"too large", derrors.ErrTooLarge, http.StatusRequestEntityTooLarge},
		{"unsupported media type", derrors.ErrUnsupportedMediaType, http.StatusUnsupportedMediaType},
		{"quota", &quota.Exceeded{Limit: 20}, http.StatusTooManyRequests},
		{"busy", fmt.Errorf("ocr: %w", derrors.ErrBusy), http.StatusServiceUnavailable},
		{"unavailable", fmt.Errorf("put lead: %w: %w", derrors.ErrUnavailable, errors.New("throttled")), http.StatusInternalServerError},
		{"over budget", derrors.OverBudget("pdf.pages", 20), http.StatusInternalServerError},
		{"no kind", errors.New("boom"), http.StatusInternalServerError},
		// Rows are tried in order: busy comes before unavailable.
		{"busy and unavailable", fmt.Errorf("%w: %w", derrors.ErrUnavailable, derrors.ErrBusy), http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := statusOf(tt.err); got != tt.want {
				t.Errorf("statusOf(%v) = %d, want %d", tt.err, got, tt.want)
			}
		})
	}
}
