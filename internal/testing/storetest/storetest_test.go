package storetest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

const selfImportPath = "github.com/clinicplatform/intake/internal/testing/storetest"

// TestNotImportedByProductionCode keeps the suites out of the binaries. It
// parses the files itself (as internal/contract's guard does), so go test's
// cache sees every file it read.
func TestNotImportedByProductionCode(t *testing.T) {
	root := filepath.Join("..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return nil // a file someone is still writing; the compiler will say
		}
		checked++
		for _, imp := range f.Imports {
			if strings.Trim(imp.Path.Value, `"`) == selfImportPath {
				t.Errorf("%s imports %s, which is test support only", path, selfImportPath)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Errorf("checked %d files; the module has more", checked)
	}
}
