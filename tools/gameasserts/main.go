// Command gameasserts counts the type assertions on games in a source
// tree (issue 32.1): every x.(T) and type switch whose asserted type is
// one of a game's capabilities (or whose operand is named game) (engine.Game, Updater, Simulator,
// StateHasher, Seater, Predictor, desktop's Starter and Flagger,
// sdl2.Runnable and Wrapper, io.Closer, an inline interface with Tick or
// Close) or a type that wraps a game, and the forwarding methods: methods
// named after an optional capability's method whose body makes such an
// assertion. It reads source only, so it measures any checkout alike:
//
//	go run ./tools/gameasserts              # this tree
//	go run ./tools/gameasserts -root DIR -v # another checkout, each site listed
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/lockstep-engine/lockstep/tools/internal/gosrc"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("gameasserts", flag.ContinueOnError)
	fset.SetOutput(stderr)
	root := fset.String("root", ".", "the module's root directory")
	verbose := fset.Bool("v", false, "list every assertion and forwarding method")
	if err := fset.Parse(args); err != nil {
		return 2
	}
	c, err := count(*root)
	if err != nil {
		fmt.Fprintln(stderr, "gameasserts:", err)
		return 1
	}
	c.report(stdout, *verbose)
	return 0
}

// capabilities are the type names whose assertion is one on a game.
var capabilities = map[string]bool{
	"Game": true, "Runnable": true, "Wrapper": true, "Updater": true,
	"Simulator": true, "StateHasher": true, "Seater": true, "Predictor": true,
	"Starter": true, "Flagger": true, "Closer": true,
	// the types that wrapped a game before issue 32.1
	"runner": true, "forkRunner": true, "windowGame": true, "syncGame": true,
}

// forwarded are the method names of the optional capabilities.
var forwarded = map[string]bool{
	"Update": true, "World": true, "StateHash": true, "Seat": true,
	"Fork": true, "CopyFrom": true, "Close": true, "Unwrap": true, "Start": true,
}

// site is one assertion or forwarding method.
type site struct {
	pos  token.Position
	what string
	test bool
}

type counts struct {
	asserts, forwards []site
}

func count(root string) (*counts, error) {
	c := &counts{}
	err := gosrc.Walk(root, true, nil, func(fset *token.FileSet, f *ast.File, rel string) {
		c.file(fset, f, rel, strings.HasSuffix(rel, "_test.go"))
	})
	return c, err
}

// file adds the sites of one file.
func (c *counts) file(fset *token.FileSet, f *ast.File, rel string, test bool) {
	at := func(n ast.Node) token.Position {
		p := fset.Position(n.Pos())
		p.Filename = rel
		return p
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if n.Type != nil && (isCapability(n.Type) || isGame(n.X)) {
				c.asserts = append(c.asserts, site{at(n), types(n.Type), test})
			}
		case *ast.TypeSwitchStmt:
			var hit []string
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					if isCapability(e) {
						hit = append(hit, types(e))
					}
				}
			}
			if len(hit) > 0 {
				c.asserts = append(c.asserts, site{at(n), "switch " + strings.Join(hit, ", "), test})
			}
		}
		return true
	})
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || fn.Body == nil || !forwarded[fn.Name.Name] {
			continue
		}
		if assertsCapability(fn.Body) {
			c.forwards = append(c.forwards, site{at(fn), types(fn.Recv.List[0].Type) + "." + fn.Name.Name, test})
		}
	}
}

// assertsCapability reports whether body asserts on a game.
func assertsCapability(body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			found = found || (n.Type != nil && isCapability(n.Type))
		case *ast.IndexExpr: // find[engine.Predictor](g)
			if id, ok := n.X.(*ast.Ident); ok && id.Name == "find" {
				found = true
			}
		}
		return !found
	})
	return found
}

// isGame reports whether e reads as a game: a variable or field named
// game (find[T]'s game.(T) asserts a type parameter on one).
func isGame(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == "game"
	case *ast.SelectorExpr:
		return x.Sel.Name == "game"
	}
	return false
}

// isCapability reports whether the type expression e names a game's
// capability or wraps a game.
func isCapability(e ast.Expr) bool {
	switch t := e.(type) {
	case *ast.StarExpr:
		return isCapability(t.X)
	case *ast.Ident:
		return capabilities[t.Name]
	case *ast.SelectorExpr:
		return capabilities[t.Sel.Name]
	case *ast.InterfaceType:
		for _, m := range t.Methods.List {
			for _, n := range m.Names {
				if n.Name == "Tick" || n.Name == "Close" {
					return true
				}
			}
		}
	}
	return false
}

// types prints a type expression short.
func types(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return "*" + types(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return types(t.X) + "." + t.Sel.Name
	case *ast.InterfaceType:
		return "interface{...}"
	}
	return fmt.Sprintf("%T", e)
}

func (c *counts) report(w io.Writer, verbose bool) {
	line := func(what string, sites []site) {
		files := map[string]bool{}
		var n, tests int
		for _, s := range sites {
			if s.test {
				tests++
				continue
			}
			n++
			files[s.pos.Filename] = true
		}
		fmt.Fprintf(w, "%s: %d in %d files outside tests (%d more in tests)\n", what, n, len(files), tests)
		if !verbose {
			return
		}
		slices.SortFunc(sites, func(a, b site) int { return strings.Compare(a.pos.String(), b.pos.String()) })
		for _, s := range sites {
			mark := ""
			if s.test {
				mark = " (test)"
			}
			fmt.Fprintf(w, "\t%s: %s%s\n", s.pos, s.what, mark)
		}
	}
	line("type assertions on games", c.asserts)
	line("forwarding methods", c.forwards)
}
