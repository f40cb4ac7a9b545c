package archdoc

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/tools/internal/gosrc"
)

const module = "github.com/lockstep-engine/lockstep/"

// root is the module's root, three directories above this package.
var root = filepath.Join("..", "..", "..")

// pkgInfo is what the source says of one package directory.
type pkgInfo struct {
	imports map[string]bool // module packages its non-test files import
}

// readGraph parses the module's source (all build tags alike) and returns
// each package directory with the module packages it imports. A directory
// with only test files is a package too (samples is one). Nested modules
// (a go.mod of their own) are left out: they are not this module's; so
// are bin/ and out/, which builds and runs fill.
func readGraph(t *testing.T) map[string]*pkgInfo {
	t.Helper()
	graph := map[string]*pkgInfo{}
	skip := func(rel string) bool {
		if rel == "bin" || rel == "out" {
			return true // what make builds and runs write (the Windows tests' overlay holds Go files)
		}
		_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel), "go.mod"))
		return err == nil
	}
	err := gosrc.Walk(root, true, skip, func(_ *token.FileSet, f *ast.File, rel string) {
		dir := path.Dir(rel)
		p := graph[dir]
		if p == nil {
			p = &pkgInfo{imports: map[string]bool{}}
			graph[dir] = p
		}
		if strings.HasSuffix(rel, "_test.go") {
			return
		}
		for _, imp := range f.Imports {
			ip, err := strconv.Unquote(imp.Path.Value)
			if err == nil && strings.HasPrefix(ip, module) {
				p.imports[strings.TrimPrefix(ip, module)] = true
			}
		}
	})
	if err != nil {
		t.Fatalf("read the module's source: %v", err)
	}
	return graph
}

// readTable returns the layer of every package ARCHITECTURE.md's table
// lists: rows "| `pkg` | N | what |".
func readTable(t *testing.T) map[string]int {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "ARCHITECTURE.md"))
	if err != nil {
		t.Fatalf("open ARCHITECTURE.md at the module's root: %v", err)
	}
	defer f.Close()
	layers := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		layer, err := strconv.Atoi(strings.TrimSpace(cells[2]))
		if err != nil {
			t.Fatalf("ARCHITECTURE.md: package %s: layer %q is not a number", name, cells[2])
		}
		if _, dup := layers[name]; dup {
			t.Errorf("ARCHITECTURE.md lists %s twice", name)
		}
		layers[name] = layer
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read ARCHITECTURE.md: %v", err)
	}
	if len(layers) == 0 {
		t.Fatal("ARCHITECTURE.md has no package table (rows | `pkg` | layer | what |)")
	}
	return layers
}

func TestEveryPackageIsInTheTableAndOnlyThose(t *testing.T) {
	graph, layers := readGraph(t), readTable(t)
	for _, dir := range sortedKeys(graph) {
		if _, ok := layers[dir]; !ok {
			t.Errorf("ARCHITECTURE.md does not list package %s: add a row | `%s` | layer | what it holds |", dir, dir)
		}
	}
	for _, name := range sortedKeys(layers) {
		if _, ok := graph[name]; !ok {
			t.Errorf("ARCHITECTURE.md lists %s, which the module does not have: remove its row", name)
		}
	}
}

func TestNoPackageImportsFromALaterLayer(t *testing.T) {
	graph, layers := readGraph(t), readTable(t)
	for _, dir := range sortedKeys(graph) {
		from, ok := layers[dir]
		if !ok {
			continue // the other test names it
		}
		for _, imp := range sortedKeys(graph[dir].imports) {
			if to, ok := layers[imp]; ok && to > from {
				t.Errorf("%s (layer %d) imports %s (layer %d): a package imports only from its own layer and earlier ones (ARCHITECTURE.md)", dir, from, imp, to)
			}
		}
	}
}

func TestTheLayerOfAPackageFollowsItsTree(t *testing.T) {
	tree := map[string]int{"physics": 1, "engine": 2, "platform": 3, "samples": 4, "tools": 4}
	for name, layer := range readTable(t) {
		top, _, _ := strings.Cut(name, "/")
		if want, ok := tree[top]; !ok || want != layer {
			t.Errorf("ARCHITECTURE.md gives %s layer %d; packages under %s/ are layer %s", name, layer, top, fmt.Sprint(want))
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
