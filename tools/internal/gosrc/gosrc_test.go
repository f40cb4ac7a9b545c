package gosrc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestWalkReadsTheSourceItShould(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a.go", "a_test.go", "b/b.go", "testdata/t.go", ".hidden/h.go", "skip/s.go", "b/notes.txt"} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("package x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		tests bool
		want  []string
	}{
		{false, []string{"a.go", "b/b.go"}},
		{true, []string{"a.go", "a_test.go", "b/b.go"}},
	} {
		var got []string
		err := Walk(root, tc.tests, func(rel string) bool { return rel == "skip" }, func(_ *token.FileSet, f *ast.File, rel string) {
			if f.Name.Name != "x" {
				t.Errorf("%s: package %s, want x", rel, f.Name.Name)
			}
			got = append(got, rel)
		})
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("tests %v: read %q, %v; want %q", tc.tests, got, err, tc.want)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "bad.go"), []byte("package"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Walk(root, false, nil, func(*token.FileSet, *ast.File, string) {}); err == nil {
		t.Error("a file that does not parse: no error")
	}
}

func TestImportNamesNamesEachImportAsTheFileDoes(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\nimport (\n\t\"os/signal\"\n\tsig \"os/signal\"\n\t\"fmt\"\n\t_ \"embed\"\n)\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"signal": "os/signal", "sig": "os/signal", "fmt": "fmt", "_": "embed"}
	if got := ImportNames(f); !maps.Equal(got, want) {
		t.Errorf("ImportNames = %v, want %v", got, want)
	}
}
