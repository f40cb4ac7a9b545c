// Package gosrc walks the Go source of a checkout for tools that measure
// code by reading it (no build), so they measure any checkout alike.
package gosrc

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
)

// Walk parses every .go file below root, in lexical order, and hands each
// to fn with its path relative to root (slash-separated). Hidden
// directories and testdata are never entered; skipDir (nil: none) names
// more directories, by their relative path, to leave out. Test files are
// included only when tests is true.
func Walk(root string, tests bool, skipDir func(rel string) bool, fn func(fset *token.FileSet, f *ast.File, rel string)) error {
	fset := token.NewFileSet()
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			n := d.Name()
			if rel != "." && (strings.HasPrefix(n, ".") || n == "testdata" || (skipDir != nil && skipDir(rel))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || (!tests && strings.HasSuffix(path, "_test.go")) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("read the source: %w", err)
		}
		fn(fset, f, rel)
		return nil
	})
}

// ImportNames maps the names f gives its imports (the last element of the
// path, or the name written before it) to their paths.
func ImportNames(f *ast.File) map[string]string {
	names := map[string]string{}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = p
	}
	return names
}
