// Command surface measures the public surface of the module in a source
// tree: exported identifiers per package (top-level names, methods of
// exported types, fields of exported structs), the optional interfaces
// platform/desktop's run checks on a game, and the structs and fields
// reachable from desktop.Config. It reads source only (no build), so it
// measures any checkout alike:
//
//	go run ./tools/surface              # this tree
//	go run ./tools/surface -root DIR    # another checkout of the module
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"maps"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/lockstep-engine/lockstep/tools/internal/gosrc"
)

const module = "github.com/lockstep-engine/lockstep"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("surface", flag.ContinueOnError)
	fset.SetOutput(stderr)
	root := fset.String("root", ".", "the module's root directory")
	if err := fset.Parse(args); err != nil {
		return 2
	}
	pkgs, err := load(*root)
	if err != nil {
		fmt.Fprintln(stderr, "surface:", err)
		return 1
	}
	report(stdout, pkgs)
	return 0
}

// pkg is one package's declarations: its exported surface and its structs.
type pkg struct {
	path                   string // import path relative to the module
	names, methods, fields int
	structs                map[string]*ast.StructType
	imports                map[string]string // file-independent: name → import path
	files                  []*ast.File
}

// load parses every non-test Go file under root, by package directory,
// leaving out samples, tools and testdata.
func load(root string) (map[string]*pkg, error) {
	pkgs := map[string]*pkg{}
	skip := func(rel string) bool { return rel == "samples" || rel == "tools" }
	err := gosrc.Walk(root, false, skip, func(_ *token.FileSet, f *ast.File, rel string) {
		dir := path.Dir(rel)
		p := pkgs[dir]
		if p == nil {
			p = &pkg{path: dir, structs: map[string]*ast.StructType{}, imports: map[string]string{}}
			pkgs[dir] = p
		}
		p.add(f)
	})
	return pkgs, err
}

// add counts f's exported declarations into p.
func (p *pkg) add(f *ast.File) {
	p.files = append(p.files, f)
	maps.Copy(p.imports, gosrc.ImportNames(f))
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			switch {
			case !d.Name.IsExported():
			case d.Recv == nil:
				p.names++
			case ast.IsExported(recvName(d.Recv.List[0].Type)):
				p.methods++
			}
		case *ast.GenDecl:
			p.addGen(d)
		}
	}
}

// addGen counts a type, var or const declaration.
func (p *pkg) addGen(d *ast.GenDecl) {
	for _, s := range d.Specs {
		switch s := s.(type) {
		case *ast.TypeSpec:
			if st, ok := s.Type.(*ast.StructType); ok {
				p.structs[s.Name.Name] = st
			}
			if !s.Name.IsExported() {
				continue
			}
			p.names++
			if st, ok := s.Type.(*ast.StructType); ok {
				p.fields += exportedFields(st)
			}
			if it, ok := s.Type.(*ast.InterfaceType); ok {
				p.methods += len(it.Methods.List)
			}
		case *ast.ValueSpec:
			for _, n := range s.Names {
				if n.IsExported() {
					p.names++
				}
			}
		}
	}
}

func exportedFields(st *ast.StructType) int {
	n := 0
	for _, f := range st.Fields.List {
		for _, name := range f.Names {
			if name.IsExported() {
				n++
			}
		}
	}
	return n
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// report prints the per-package table and the game author's figures.
func report(w io.Writer, pkgs map[string]*pkg) {
	paths := make([]string, 0, len(pkgs))
	for p := range pkgs {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	fmt.Fprintf(w, "%-36s %6s %7s %6s %6s\n", "package", "names", "methods", "fields", "total")
	var total, public int
	for _, path := range paths {
		p := pkgs[path]
		n := p.names + p.methods + p.fields
		total += n
		mark := ""
		if strings.Contains(path, "internal") {
			mark = " (internal)"
		} else {
			public += n
		}
		fmt.Fprintf(w, "%-36s %6d %7d %6d %6d%s\n", path, p.names, p.methods, p.fields, n, mark)
	}
	fmt.Fprintf(w, "exported identifiers: %d in all, %d outside internal packages\n", total, public)
	if d := pkgs["platform/desktop"]; d != nil {
		fmt.Fprintf(w, "optional interfaces the run checks (desktop optionals()): %d\n", countOptionals(d))
		structs, fields := reachable(pkgs, d, "Config")
		fmt.Fprintf(w, "reachable from desktop.Config: %d structs, %d exported fields (%s)\n", len(structs), fields, strings.Join(structs, ", "))
	}
}

// countOptionals counts the interfaces listed in desktop's optionals().
func countOptionals(d *pkg) int {
	n := 0
	for _, f := range d.files {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "optionals" {
				continue
			}
			ast.Inspect(fn.Body, func(x ast.Node) bool {
				if ix, ok := x.(*ast.IndexExpr); ok {
					if sel, ok := ix.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "TypeFor" {
						n++
					}
				}
				return true
			})
		}
	}
	return n
}

// reachable walks the structs of this module reachable through the
// fields of struct name in p, and counts their exported fields.
func reachable(pkgs map[string]*pkg, p *pkg, name string) ([]string, int) {
	seen := map[string]bool{}
	fields := 0
	var walk func(p *pkg, name string)
	walk = func(p *pkg, name string) {
		key := p.path + "." + name
		st := p.structs[name]
		if st == nil || seen[key] {
			return
		}
		seen[key] = true
		fields += exportedFields(st)
		for _, f := range st.Fields.List {
			if len(f.Names) > 0 && !f.Names[0].IsExported() {
				continue
			}
			if q, n := resolve(pkgs, p, f.Type); q != nil {
				walk(q, n)
			}
		}
	}
	walk(p, name)
	names := make([]string, 0, len(seen))
	for k := range seen {
		names = append(names, k)
	}
	slices.Sort(names)
	return names, fields
}

// resolve finds the package and name of a field's type when it is a
// struct of this module (through pointers, slices and arrays).
func resolve(pkgs map[string]*pkg, p *pkg, e ast.Expr) (*pkg, string) {
	switch e := e.(type) {
	case *ast.StarExpr:
		return resolve(pkgs, p, e.X)
	case *ast.ArrayType:
		return resolve(pkgs, p, e.Elt)
	case *ast.Ident:
		return p, e.Name
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return nil, ""
		}
		path, ok := strings.CutPrefix(p.imports[x.Name], module+"/")
		if !ok {
			return nil, ""
		}
		return pkgs[path], e.Sel.Name
	}
	return nil, ""
}
