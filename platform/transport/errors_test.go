package transport

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoReasonIsDeclaredTwice parses this package and platform/lobby:
// an exported Err* variable declared in both (as ErrRelayRefused was)
// gives two values for one reason, and errors.Is on one name misses an
// error made with the other.
func TestNoReasonIsDeclaredTwice(t *testing.T) {
	here, lobby := exportedErrs(t, "."), exportedErrs(t, filepath.Join("..", "lobby"))
	if len(here) == 0 || len(lobby) == 0 {
		t.Fatalf("found %d Err* variables here and %d in platform/lobby: the parse is broken", len(here), len(lobby))
	}
	for name := range here {
		if lobby[name] {
			t.Errorf("%s is declared in platform/transport and in platform/lobby: keep one, so errors.Is matches either's errors", name)
		}
	}
}

// exportedErrs returns the exported package-level variables named Err*
// declared in dir's non-test files.
func exportedErrs(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				for _, n := range s.(*ast.ValueSpec).Names {
					if strings.HasPrefix(n.Name, "Err") {
						names[n.Name] = true
					}
				}
			}
		}
	}
	return names
}
