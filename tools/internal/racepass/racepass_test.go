package racepass

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// root is the module's root, three directories above this package.
var root = filepath.Join("..", "..", "..")

// raceSkip returns the packages the Makefile's RACE_SKIP names: those
// make test's race pass (test-race) leaves out. It takes the lines that
// set the variable (RACE_SKIP = …) and add to it (RACE_SKIP += …), and
// fails on any other line that names it first, which it cannot follow.
func raceSkip(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatalf("open the Makefile at the module's root: %v", err)
	}
	defer f.Close()
	var pkgs []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		if !strings.HasPrefix(line, "RACE_SKIP") {
			continue
		}
		list, ok := strings.CutPrefix(line, "RACE_SKIP = ")
		if ok {
			pkgs = nil
		} else if list, ok = strings.CutPrefix(line, "RACE_SKIP += "); !ok {
			t.Fatalf("Makefile: %q: set RACE_SKIP with = and add to it with +=, so that this test reads it", line)
		}
		pkgs = append(pkgs, strings.Fields(list)...)
	}
	if len(pkgs) == 0 {
		t.Fatal("the Makefile has no line RACE_SKIP = …: say there which packages the race pass leaves out, or none")
	}
	return pkgs
}

// TestThePackagesLeftOutOfTheRacePassRunOneGoroutineAtATime reads every
// package the race pass leaves out, its tests and every package they
// import outside the standard library: none may start a goroutine, or
// the race detector would have something to look at there.
func TestThePackagesLeftOutOfTheRacePassRunOneGoroutineAtATime(t *testing.T) {
	for _, pkg := range raceSkip(t) {
		t.Run(pkg, func(t *testing.T) {
			checked, found, err := Check(root, "box2d", "./"+pkg)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(checked, "github.com/lockstep-engine/lockstep/"+pkg) {
				t.Fatalf("go list did not list %s: name it in RACE_SKIP by its path in the module", pkg)
			}
			for _, f := range found {
				t.Errorf("%s: take %s out of the Makefile's RACE_SKIP (the race pass must run it)", f, pkg)
			}
			t.Logf("%d packages read", len(checked))
		})
	}
}

// parse parses sources named by file name into one package.
func parse(t *testing.T, sources map[string]string) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range slices.Sorted(maps.Keys(sources)) {
		f, err := parser.ParseFile(fset, name, sources[name], parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return fset, files
}

func TestEveryWayToStartAGoroutineIsFound(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"go statement", "go func() {}()", "a go statement"},
		{"parallel test", "t.Parallel()", ".Parallel"},
		{"parallel benchmark", "var b *testing.B; b.RunParallel(nil)", ".RunParallel"},
		{"WaitGroup.Go", "var wg sync.WaitGroup; wg.Go(func() {})", ".Go"},
		{"finalizer", "runtime.SetFinalizer(t, nil)", "runtime.SetFinalizer"},
		{"cleanup", "runtime.AddCleanup(t, func(int) {}, 0)", "runtime.AddCleanup"},
		{"timer function", "time.AfterFunc(0, func() {})", "time.AfterFunc"},
		{"context timeout", "context.WithTimeout(context.Background(), 0)", "context.WithTimeout"},
		{"context AfterFunc", "context.AfterFunc(context.Background(), func() {})", "context.AfterFunc"},
		{"a child process", "exec.Command(\"true\").Run()", "os/exec"},
		{"signals", "signal.Notify(nil)", "os/signal"},
		{"renamed import", "sig.Notify(nil)", "os/signal"},
		{"network", "net.Dial(\"tcp\", \"\")", "package net runs"},
		{"synctest", "synctest.Test(t, nil)", "testing/synctest"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `package p
import (
	"context"
	"net"
	"os/exec"
	"os/signal"
	sig "os/signal"
	"runtime"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)
var _, _, _, _, _, _, _, _, _, _ = context.Background, net.Dial, exec.Command, signal.Notify, sig.Notify, runtime.GC, sync.NewCond, testing.Short, synctest.Wait, time.Now
func TestX(t *testing.T) {
	` + tc.body + `
}
`
			fset, files := parse(t, map[string]string{"p_test.go": src})
			found := Package(fset, files, true)
			var hits []string
			for _, f := range found {
				if strings.Contains(f.What, tc.want) && f.Pos.Line == 16 {
					hits = append(hits, f.String())
				}
			}
			if len(hits) == 0 {
				t.Errorf("%s: nothing found on line 16 naming %q; found %v", tc.body, tc.want, found)
			}
		})
	}
}

func TestACgoExportIsFound(t *testing.T) {
	fset, files := parse(t, map[string]string{"c.go": "package p\n\nimport \"C\"\n\n//export callback\nfunc callback() {}\n"})
	if found := Package(fset, files, false); len(found) != 1 || !strings.Contains(found[0].What, "cgo export") {
		t.Fatalf("found %v, want the cgo export", found)
	}
}

func TestALocalVariableNamedLikeAPackageIsNotThatPackage(t *testing.T) {
	fset, files := parse(t, map[string]string{"p.go": `package p
import "time"
type clock struct{}
func (clock) AfterFunc() {}
func f() time.Time {
	var time clock
	time.AfterFunc()
	return Now()
}
func Now() (t struct{}) { return }
`})
	if found := Package(fset, files, false); len(found) != 0 {
		t.Fatalf("found %v in a method of a local variable named time", found)
	}
}

// A test the race pass skips (-short) and the helpers only it calls are
// not read in the checked package, but are in a package it imports, and
// a helper another test calls is read.
func TestTestsSkippedUnderShortAreNotRead(t *testing.T) {
	sources := map[string]string{
		"a_test.go": `package p
import "testing"
func TestLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	t.Parallel()
	spawn()
}
func spawn() { go func() {}() }
func TestShort(t *testing.T) { shared() }
`,
		"b_test.go": `package p
import "testing"
func TestLongToo(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	shared()
}
func shared() { go func() {}() }
`,
	}
	fset, files := parse(t, sources)
	found := Package(fset, files, true)
	if len(found) != 1 || found[0].Pos.Filename != "b_test.go" || found[0].What != "a go statement" {
		t.Errorf("checked package: found %v, want only the go statement of shared, which TestShort calls", found)
	}
	if found := Package(fset, files, false); len(found) != 3 {
		t.Errorf("an imported package, read whole: found %v, want 3", found)
	}
}

func TestATestThatSkipsLaterIsRead(t *testing.T) {
	fset, files := parse(t, map[string]string{"a_test.go": `package p
import "testing"
func TestLong(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("long")
	}
}
`})
	if found := Package(fset, files, true); len(found) != 1 {
		t.Errorf("found %v, want the parallel test, which runs before it skips", found)
	}
}

// A field, a method, a composite literal's key or an imported package
// named like a helper does not call it.
func TestAHelperIsNamedOnlyByAnIdentifier(t *testing.T) {
	fset, files := parse(t, map[string]string{
		"a_test.go": `package p
import "testing"
func TestLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	spawn()
}
func spawn() { go func() {}() }
`,
		"b_test.go": `package p
import (
	"testing"
	spawn "go/build"
)
type scene struct{ spawn func() }
func TestShort(t *testing.T) {
	sc := scene{spawn: func() {}}
	sc.spawn()
	_ = spawn.Default
}
`})
	if found := Package(fset, files, true); len(found) != 0 {
		t.Errorf("found %v, want nothing: only TestLong calls spawn", found)
	}
	fset, files = parse(t, map[string]string{"c_test.go": `package p
import "testing"
func TestShort(t *testing.T) { f := spawn; f() }
func spawn() { go func() {}() }
`})
	if found := Package(fset, files, true); len(found) != 1 {
		t.Errorf("found %v, want spawn's go statement: TestShort names it", found)
	}
}
