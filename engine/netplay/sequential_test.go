package netplay_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// This package's tests run one goroutine at a time: the session, netsim,
// the engine's loop, tapes and input codec start none, nor does the test
// world (its peers are coroutines, which hand control to each other), and
// no test calls t.Parallel. So the race detector has nothing to find
// here, and make test's race pass leaves the package out (240 s of CPU
// there, for no data race possible). A goroutine or a parallel test added
// to any of them fails this test: then put engine/netplay back into the
// race pass (the Makefile's test-race).
func TestThePackageAndItsTestsRunOneGoroutineAtATime(t *testing.T) {
	var files []string
	for _, pattern := range []string{"*.go", "netsim/*.go", "../*.go", "../tape/*.go", "../internal/inputcodec/*.go"} {
		found, err := filepath.Glob(filepath.FromSlash(pattern))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range found {
			// The engine's own tests are not run here: they may start goroutines.
			if !strings.HasPrefix(pattern, "..") || !strings.HasSuffix(name, "_test.go") {
				files = append(files, name)
			}
		}
	}
	if len(files) < 60 {
		t.Fatalf("found %d Go files in engine/netplay and the engine: run the test from the package's directory", len(files))
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: a go statement: put engine/netplay back into the Makefile's race pass (test-race)", fset.Position(n.Pos()))
			case *ast.SelectorExpr:
				if n.Sel.Name == "Parallel" {
					t.Errorf("%s: a parallel test: put engine/netplay back into the Makefile's race pass (test-race)", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
}
