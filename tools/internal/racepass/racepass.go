// Package racepass checks that a package make test's race pass leaves out
// could give the race detector nothing to find: that neither it nor its
// tests (as the race pass runs them, with -short) nor any package they
// import outside the standard library runs two goroutines at once.
//
// It reads the source, without types: a go statement, a parallel test or
// benchmark, a WaitGroup's or errgroup's Go, a finalizer or cleanup (run
// on a goroutine of the runtime's), time.AfterFunc, context.AfterFunc and
// the contexts that end on a timer (a goroutine cancels them), a cgo
// export (C may call Go from a thread of its own) and any use of the
// standard packages that run goroutines for their caller (os/exec,
// os/signal, net, net/http, testing/synctest) are each a Finding. Method
// names are matched alone (any .Go( or .Parallel( counts): a false
// alarm costs a look, a miss a data race nobody looks for.
//
// In the checked package itself, a test whose body begins with
// if testing.Short() { t.Skip(…) } does not run in the race pass, and
// neither do the functions only it reaches; every other function counts.
// Packages it imports are read whole.
package racepass

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lockstep-engine/lockstep/tools/internal/gosrc"
)

// Finding is one place that may start a goroutine.
type Finding struct {
	Pos  token.Position // where (file, line, column); never the zero Position
	What string         // what starts the goroutine, in words; never empty
}

func (f Finding) String() string { return fmt.Sprintf("%s: %s", f.Pos, f.What) }

// goroutinePackages are standard packages whose use runs goroutines for
// the caller: os/exec copies a child's output, os/signal relays signals,
// net and net/http resolve and serve, testing/synctest runs bubbles.
var goroutinePackages = map[string]bool{
	"os/exec": true, "os/signal": true, "net": true, "net/http": true, "net/rpc": true, "testing/synctest": true,
}

// goroutineFuncs are the standard functions that run code on another
// goroutine, by package.
var goroutineFuncs = map[string]map[string]bool{
	"runtime": {"SetFinalizer": true, "AddCleanup": true},
	"time":    {"AfterFunc": true},
	"context": {"AfterFunc": true, "WithTimeout": true, "WithDeadline": true, "WithTimeoutCause": true, "WithDeadlineCause": true},
}

// goroutineMethods are methods that run their argument or test on a
// goroutine of its own: testing's Parallel and RunParallel, sync's and
// errgroup's Go.
var goroutineMethods = map[string]bool{"Parallel": true, "RunParallel": true, "Go": true}

// listed is what go list says of one package.
type listed struct {
	ImportPath string
	Dir        string
	Standard   bool
	ForTest    string   // the package whose test binary this variant is built for
	GoFiles    []string // with the test files, in a package's test variant
	CgoFiles   []string
	Error      *struct{ Err string }
}

// Check lists the packages pkgs (import paths, or patterns go list takes)
// and their tests import with the build tags tags, from the module at
// root, and checks each outside the standard library: pkgs and their
// tests as the race pass runs them, what they import whole. It returns
// the packages checked and what was found.
func Check(root, tags string, pkgs ...string) (checked []string, found []Finding, err error) {
	cmd := exec.Command("go", append([]string{"list", "-tags", tags, "-deps", "-test", "-json"}, pkgs...)...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list %s: %w\n%s", strings.Join(pkgs, " "), err, &stderr)
	}
	fset := token.NewFileSet()
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, fmt.Errorf("read go list's output: %w", err)
		}
		if p.Error != nil {
			return nil, nil, fmt.Errorf("go list %s: %s", p.ImportPath, p.Error.Err)
		}
		if p.Standard || strings.HasSuffix(p.ImportPath, ".test") { // the generated test main runs the tests one by one
			continue
		}
		var files []*ast.File
		for _, name := range append(p.GoFiles, p.CgoFiles...) {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ParseComments)
			if err != nil {
				return nil, nil, err
			}
			files = append(files, f)
		}
		checked = append(checked, p.ImportPath)
		// The package under test and its external tests, not a package
		// built again for them (whose test files are not built).
		name, _, _ := strings.Cut(p.ImportPath, " ")
		for _, f := range Package(fset, files, p.ForTest != "" && (name == p.ForTest || name == p.ForTest+"_test")) {
			if !slices.Contains(found, f) { // a package's files are listed again in its test variant
				found = append(found, f)
			}
		}
	}
	return checked, found, nil
}

// Package checks one package's files. main is true for the package the
// race pass leaves out (its tests included), whose tests skipped under
// -short are not read; false for a package it imports, read whole.
func Package(fset *token.FileSet, files []*ast.File, main bool) []Finding {
	reach := reachable(fset, files, main)
	var found []Finding
	for _, f := range files {
		names := gosrc.ImportNames(f)
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, "//export ") {
					found = append(found, Finding{fset.Position(c.Pos()), "a cgo export (C may call it from a thread of its own)"})
				}
			}
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && !reach[fd] {
				continue
			}
			found = append(found, inspect(fset, d, names)...)
		}
	}
	return found
}

// inspect returns what in one declaration may start a goroutine.
func inspect(fset *token.FileSet, d ast.Decl, imports map[string]string) []Finding {
	var found []Finding
	add := func(n ast.Node, what string) { found = append(found, Finding{fset.Position(n.Pos()), what}) }
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			add(n, "a go statement")
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && id.Obj == nil {
				if p, ok := imports[id.Name]; ok {
					switch {
					case goroutinePackages[p]:
						add(n, fmt.Sprintf("%s.%s (package %s runs goroutines)", id.Name, n.Sel.Name, p))
					case goroutineFuncs[p][n.Sel.Name]:
						add(n, fmt.Sprintf("%s.%s (runs code on another goroutine)", p, n.Sel.Name))
					}
					return true
				}
			}
			if goroutineMethods[n.Sel.Name] {
				add(n, fmt.Sprintf(".%s (a parallel test or a goroutine)", n.Sel.Name))
			}
		}
		return true
	})
	return found
}

// reachable returns the functions of a package that may run: for a
// package read whole, all; for the checked package, all but the tests
// skipped under -short and the unexported functions of its test files
// that only they name.
func reachable(fset *token.FileSet, files []*ast.File, main bool) map[*ast.FuncDecl]bool {
	reach := map[*ast.FuncDecl]bool{}
	type decl struct {
		n       ast.Node
		imports map[string]string // of the declaration's file
	}
	helpers := map[string]decl{} // functions reached only when named
	var work []decl
	for _, f := range files {
		test := strings.HasSuffix(fset.File(f.Pos()).Name(), "_test.go")
		imports := gosrc.ImportNames(f)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			switch {
			case !ok:
				if d.(*ast.GenDecl).Tok != token.IMPORT {
					work = append(work, decl{d, imports}) // variables, constants and types may name functions
				}
			case main && test && fd.Recv == nil && (skippedWhenShort(fd) || !ast.IsExported(fd.Name.Name) && fd.Name.Name != "init"):
				helpers[fd.Name.Name] = decl{fd, imports}
			default:
				reach[fd] = true
				work = append(work, decl{fd, imports})
			}
		}
	}
	for len(work) > 0 {
		d := work[len(work)-1]
		work = work[:len(work)-1]
		names(d.n, d.imports, func(id *ast.Ident) {
			if h, ok := helpers[id.Name]; ok {
				if fd := h.n.(*ast.FuncDecl); !reach[fd] && fd.Name != id {
					reach[fd] = true
					work = append(work, h)
				}
			}
		})
	}
	return reach
}

// names calls name with each identifier in n that may name a function of
// the package: not a selector's name (a field or method), an imported
// package's name, a struct field or a composite literal's key. A local
// variable named like a function still counts, which can only keep the
// function in.
func names(n ast.Node, imports map[string]string, name func(*ast.Ident)) {
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); !ok || id.Obj != nil || imports[id.Name] == "" {
				ast.Inspect(n.X, visit)
			}
			return false
		case *ast.Field:
			ast.Inspect(n.Type, visit)
			return false
		case *ast.KeyValueExpr:
			if _, ok := n.Key.(*ast.Ident); !ok {
				ast.Inspect(n.Key, visit)
			}
			ast.Inspect(n.Value, visit)
			return false
		case *ast.Ident:
			name(n)
		}
		return true
	}
	ast.Inspect(n, visit)
}

// skippedWhenShort reports whether a test's body begins by skipping it
// under -short: if testing.Short() { …; t.Skip(…) }.
func skippedWhenShort(fd *ast.FuncDecl) bool {
	if !strings.HasPrefix(fd.Name.Name, "Test") || fd.Body == nil || len(fd.Body.List) == 0 {
		return false
	}
	s, ok := fd.Body.List[0].(*ast.IfStmt)
	if !ok || s.Init != nil || s.Else != nil || len(s.Body.List) == 0 || !isCall(s.Cond, "testing", "Short") {
		return false
	}
	last, ok := s.Body.List[len(s.Body.List)-1].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := last.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "Skip" || sel.Sel.Name == "Skipf" || sel.Sel.Name == "SkipNow")
}

// isCall reports whether e is a call of pkg.name with no arguments.
func isCall(e ast.Expr, pkg, name string) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg && sel.Sel.Name == name
}
