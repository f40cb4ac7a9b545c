// Command cfgpath follows a package's Config from one of its functions
// (by default platform/desktop's Main) through the package's own calls,
// in source order, and prints each file the Config enters: the path of
// cfg that issue 41 measures. A call enters its callee's file with the
// Config when an argument or the receiver is a variable's Config or one
// of its parts (a value of the struct type of one of Config's fields:
// Output, NetOptions, engine.Config...), or when the callee reads a
// Config it holds (a method of the run); a method of the Config or of a
// part counts only when its receiver carries one. Calls within a file and
// returns are not visits. It is static: both arms of an if are walked
// (so -h's path is listed with the run's), and a method handed on as a
// value (a hook) is not followed.
//
//	go run ./tools/cfgpath                        # platform/desktop, from Main
//	go run ./tools/cfgpath -dir DIR -from Name    # another package, function
//
// It type-checks the package from source against its imports' export
// data, which `go list -export` builds (the cgo packages' included).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cfgpath", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "platform/desktop", "the package's directory")
	from := fs.String("from", "Main", "the function to start from")
	typ := fs.String("type", "Config", "the configuration's type, declared in the package")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	w, err := load(*dir, *typ)
	if err != nil {
		fmt.Fprintln(stderr, "cfgpath:", err)
		return 1
	}
	start, ok := w.pkg.Scope().Lookup(*from).(*types.Func)
	if !ok {
		fmt.Fprintf(stderr, "cfgpath: no function %s in %s\n", *from, *dir)
		return 1
	}
	w.out = stdout
	w.visit(start, 0)
	w.report(stdout)
	return 0
}

// walker walks one type-checked package.
type walker struct {
	fset    *token.FileSet
	pkg     *types.Package
	info    *types.Info
	decls   map[*types.Func]*ast.FuncDecl
	cfgType types.Type
	stack   []*types.Func
	path    []string // the files entered, in order
	out     io.Writer
}

// load type-checks the non-test files of the package in dir, its imports
// read from the export data `go list -export` gives.
func load(dir, typ string) (*walker, error) {
	exports, err := exportData(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	names, err := goFiles(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	lookup := func(path string) (io.ReadCloser, error) {
		if p, ok := exports[path]; ok && p != "" {
			return os.Open(p)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	pkg, err := conf.Check(dir, fset, files, info)
	if err != nil {
		return nil, err
	}
	cfg, ok := pkg.Scope().Lookup(typ).(*types.TypeName)
	if !ok {
		return nil, fmt.Errorf("no type %s in %s", typ, dir)
	}
	w := &walker{fset: fset, pkg: pkg, info: info, decls: map[*types.Func]*ast.FuncDecl{}, cfgType: cfg.Type()}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					w.decls[fn] = fd
				}
			}
		}
	}
	return w, nil
}

// goFiles are the package's non-test Go files for this platform.
func goFiles(dir string) ([]string, error) {
	out, err := exec.Command("go", "list", "-f", `{{join .GoFiles "\n"}}`, "./"+filepath.ToSlash(dir)).Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %w", dir, err)
	}
	return strings.Fields(string(out)), nil
}

// exportData maps every package the one in dir imports, directly or
// not, to its export data file.
func exportData(dir string) (map[string]string, error) {
	cmd := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", "./"+filepath.ToSlash(dir))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -export %s: %w: %s", dir, err, stderr.String())
	}
	m := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		path, export, _ := strings.Cut(sc.Text(), " ")
		m[path] = export
	}
	return m, sc.Err()
}

func (w *walker) file(n ast.Node) string { return filepath.Base(w.fset.Position(n.Pos()).Filename) }

// isCfg reports whether t is the Config or a pointer to it.
func (w *walker) isCfg(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return types.Identical(t, w.cfgType)
}

// isPart reports whether t is, or points to, the struct type of one of
// the Config's exported fields.
func (w *walker) isPart(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	st := w.cfgType.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		f := st.Field(i)
		if _, ok := f.Type().Underlying().(*types.Struct); ok && f.Exported() && types.Identical(f.Type(), t) {
			return true
		}
	}
	return false
}

// carries reports whether e is a variable's Config, or one of its parts.
// Values of basic types (a path, a count) and Configs made on the spot
// do not count.
func (w *walker) carries(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e.(type) {
	case *ast.CompositeLit, *ast.CallExpr:
		return false
	}
	tv, ok := w.info.Types[e]
	return ok && tv.IsValue() && (w.isCfg(tv.Type) || w.isPart(tv.Type))
}

// touches reports whether fd's body reads a variable's Config.
func (w *walker) touches(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr, *ast.Ident:
			if tv, ok := w.info.Types[x.(ast.Expr)]; ok && tv.IsValue() && w.isCfg(tv.Type) {
				found = true
			}
		}
		return !found
	})
	return found
}

// ofConfig reports whether fd is a method of the Config or of a part.
func (w *walker) ofConfig(fd *ast.FuncDecl) bool {
	if fd.Recv == nil {
		return false
	}
	t := w.info.TypeOf(fd.Recv.List[0].Type)
	return w.isCfg(t) || w.isPart(t)
}

// callee is the package's function or method call calls, and its
// receiver's expression; nil for any other call.
func (w *walker) callee(call *ast.CallExpr) (*types.Func, ast.Expr) {
	var id *ast.Ident
	var recv ast.Expr
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id, recv = f.Sel, f.X
	}
	if id == nil {
		return nil, nil
	}
	fn, ok := w.info.Uses[id].(*types.Func)
	if !ok || w.decls[fn] == nil {
		return nil, nil
	}
	return fn, recv
}

// visit walks fn's calls in source order, noting each file the Config
// enters, and walks on into every callee that takes it.
func (w *walker) visit(fn *types.Func, depth int) {
	fd := w.decls[fn]
	if fd == nil || fd.Body == nil || slices.Contains(w.stack, fn) {
		return
	}
	w.stack = append(w.stack, fn)
	defer func() { w.stack = w.stack[:len(w.stack)-1] }()
	here := w.file(fd)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		callee, recv := w.callee(call)
		if callee == nil {
			return true
		}
		cd := w.decls[callee]
		carry := recv != nil && w.carries(recv)
		for _, a := range call.Args {
			carry = carry || w.carries(a)
		}
		if !w.ofConfig(cd) {
			carry = carry || w.touches(cd)
		}
		if !carry {
			return true
		}
		if there := w.file(cd); there != here {
			w.path = append(w.path, there)
			fmt.Fprintf(w.out, "%s%s (%s) from %s\n", strings.Repeat("  ", depth), there, callee.Name(), here)
		}
		w.visit(callee, depth+1)
		return true
	})
}

// report prints the files in the order entered and those entered more
// than once.
func (w *walker) report(out io.Writer) {
	count := map[string]int{}
	again := 0
	for _, f := range w.path {
		if count[f]++; count[f] > 1 {
			again++
		}
	}
	fmt.Fprintf(out, "\npath: %s\nstops %d, files %d, entered again %d\n", strings.Join(w.path, " → "), len(w.path), len(count), again)
	for _, f := range slices.Sorted(maps.Keys(count)) {
		if count[f] > 1 {
			fmt.Fprintf(out, "  %s entered %d times\n", f, count[f])
		}
	}
}
