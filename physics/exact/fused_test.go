package exact

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The check below holds this package to what makes it exact: the Go spec
// lets a compiler fuse x*y + z into one fused multiply-add (rounded once
// instead of twice), "possibly across statements", and gc does so on
// arm64 and on amd64 at GOAMD64=v3, but never through an explicit
// conversion: float64(x*y) + z is rounded as written. So every floating
// product must be converted where it is made, unless it only feeds
// another product or a quotient (which no CPU fuses), and nothing may call
// code outside the package that computes with floats and may fuse or
// differ by CPU (math's transcendental functions, mgl64's vector methods).

// allowedMath are the functions of package math that IEEE 754 rounds
// exactly (or that only move bits), the same everywhere.
var allowedMath = []string{"Abs", "Ceil", "Copysign", "Float64bits", "Float64frombits", "Floor", "Frexp",
	"Inf", "IsInf", "IsNaN", "Ldexp", "Max", "Min", "Mod", "NaN", "Signbit", "Sqrt", "Trunc"}

// fusable returns "file:line: what" for every expression in the non-test
// files of dir that a compiler may fuse or that calls floating-point code
// outside the package's control.
func fusable(t *testing.T, dir string) []string {
	t.Helper()
	c := &fuseCheck{fset: token.NewFileSet(), info: &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}}
	for _, f := range typeCheck(t, dir, c.fset, c.info) {
		walkParents(f, c.visit)
	}
	return c.found
}

// typeCheck parses the non-test files of dir built here, type-checks
// them into info and returns them.
func typeCheck(t *testing.T, dir string, fset *token.FileSet, info *types.Info) []*ast.File {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s (%v)", dir, err)
	}
	var files []*ast.File
	for _, name := range names { // Glob sorts them
		if ok, err := build.Default.MatchFile(dir, filepath.Base(name)); strings.HasSuffix(name, "_test.go") || err != nil || !ok {
			continue // a test, or built only elsewhere
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check(dir, fset, files, info); err != nil {
		t.Fatalf("type-check %s: %v", dir, err)
	}
	return files
}

// fuseCheck is fusable's walk over a type-checked package: what it found.
type fuseCheck struct {
	fset  *token.FileSet
	info  *types.Info
	found []string
}

func (c *fuseCheck) report(n ast.Node, format string, args ...any) {
	p := c.fset.Position(n.Pos())
	c.found = append(c.found, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, fmt.Sprintf(format, args...)))
}

// isFloat reports whether e is a floating-point value that is not a
// constant (constants are folded exactly).
func (c *fuseCheck) isFloat(e ast.Expr) bool {
	tv, ok := c.info.Types[e]
	if !ok || tv.Value != nil {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}

// visit reports n when it is an unrounded product, a *= of floats, or a
// call out of the package's control.
func (c *fuseCheck) visit(n ast.Node, parents []ast.Node) {
	switch n := n.(type) {
	case *ast.BinaryExpr:
		if n.Op == token.MUL && c.isFloat(n) && !rounded(parents, c.info) {
			c.report(n, "product %s is not rounded with float64(...): a sum it meets may fuse", types.ExprString(n))
		}
	case *ast.AssignStmt:
		if n.Tok == token.MUL_ASSIGN && c.isFloat(n.Lhs[0]) {
			c.report(n, "%s *= ... leaves an unrounded product: write x = float64(x * y)", types.ExprString(n.Lhs[0]))
		}
	case *ast.SelectorExpr:
		c.selector(n)
	}
}

// selector reports n when it names a function of math that may differ
// between CPUs, or one of mgl64's that computes.
func (c *fuseCheck) selector(n *ast.SelectorExpr) {
	obj := c.info.Uses[n.Sel]
	if obj == nil || obj.Pkg() == nil {
		return
	}
	switch path := obj.Pkg().Path(); {
	case path == "math" && isFunc(obj) && !slices.Contains(allowedMath, obj.Name()):
		c.report(n, "math.%s may differ between CPUs (or fuse inside): use the package's own", obj.Name())
	case strings.HasPrefix(path, "github.com/go-gl/mathgl"):
		if isFunc(obj) && obj.Name() != "X" && obj.Name() != "Y" { // those two only read
			c.report(n, "mgl64's %s computes with fusable products: use the package's vec", obj.Name())
		}
	}
}

func isFunc(o types.Object) bool { _, ok := o.(*types.Func); return ok }

// rounded reports whether the product whose ancestors are parents is
// converted to float64 at once, or only feeds another product or quotient.
func rounded(parents []ast.Node, info *types.Info) bool {
	for i := len(parents) - 1; i >= 0; i-- {
		switch p := parents[i].(type) {
		case *ast.ParenExpr:
			continue
		case *ast.CallExpr:
			tv, ok := info.Types[p.Fun]
			return ok && tv.IsType() && len(p.Args) == 1
		case *ast.BinaryExpr:
			return p.Op == token.MUL || p.Op == token.QUO
		}
		return false
	}
	return false
}

// walkParents calls fn for every node under root with its ancestors.
func walkParents(root ast.Node, fn func(n ast.Node, parents []ast.Node)) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		fn(n, stack)
		stack = append(stack, n)
		return true
	})
}

// TestNoFusableExpressions holds the package to the rule above, naming
// file and line of every breach.
func TestNoFusableExpressions(t *testing.T) {
	for _, f := range fusable(t, ".") {
		t.Error(f)
	}
}

// TestFusableCheckFindsEveryForm runs the check on a file of known
// breaches, so it cannot pass by finding nothing.
func TestFusableCheckFindsEveryForm(t *testing.T) {
	got := fusable(t, filepath.Join("testdata", "fusable"))
	want := []string{
		"bad.go:8: product a * b",    // a*b + c
		"bad.go:9: product a * b",    // c - a*b
		"bad.go:10: product a * b",   // x += a*b
		"bad.go:11: product a * b",   // across statements
		"bad.go:14: x *= ...",        // compound product
		"bad.go:15: product v.x * s", // inside a helper
		"bad.go:17: math.Sin",        // transcendental
		"bad.go:18: mgl64's Dot",     // a library's vector method
		"bad.go:19: product -a * b",  // negated
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, w) }) {
			t.Errorf("the check missed %q; it found:\n%s", w, strings.Join(got, "\n"))
		}
	}
	if len(got) != len(want) {
		t.Errorf("the check found %d breaches, want %d (good.go has none):\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
}
