package desktop_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"strings"
	"testing"
)

// README's first game is this package's example: the same type and
// methods, so the game a new user copies is the one the tests run.
func TestTheREADMEsGameIsThePackageExample(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "## Writing a game")
	if !ok {
		t.Fatal(`README has no "## Writing a game" section`)
	}
	_, code, ok := strings.Cut(rest, "```go\n")
	code, _, ok2 := strings.Cut(code, "```")
	if !ok || !ok2 {
		t.Fatal("README's Writing a game section has no ```go block")
	}
	example, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	got, want := boxDecls(t, "README.md", code), boxDecls(t, "example_test.go", string(example))
	if len(want) == 0 {
		t.Fatal("example_test.go declares no box")
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("README's %s is not the example's:\nREADME:\n%s\nexample_test.go:\n%s", name, got[name], w)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("README's game has %s, which the example has not", name)
		}
	}
}

// boxDecls prints the type box and its methods in src without comments,
// by name.
func boxDecls(t *testing.T, name, src string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, 0) // no comments
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out := map[string]string{}
	print := func(key string, n ast.Node) {
		var b bytes.Buffer
		if err := printer.Fprint(&b, fset, n); err != nil {
			t.Fatal(err)
		}
		out[key] = b.String()
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				print("method "+d.Name.Name, d)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == "box" {
					print("type box", ts)
				}
			}
		}
	}
	return out
}
