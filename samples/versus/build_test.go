package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

// builtOnce is a binary the package's tests run, built the first time a
// test asks for it and shared by the rest: a link of versus takes seconds
// alone and far longer on a busy machine, and 16 tests each building
// their own passed go test's 10 minutes at load 15-20.
type builtOnce struct {
	once      sync.Once
	name      string   // the binary's file name
	args      []string // go build's arguments before -o
	path, err string
}

// binaries are the package's builds; binDir holds them (runTests makes
// it and removes it).
var (
	binDir   string
	versus   = &builtOnce{name: "versus", args: []string{"-tags", buildTags, "."}}
	lobbyCmd = &builtOnce{name: "lobby", args: []string{"../../tools/lobby"}}
	stress   = &builtOnce{name: "stress", args: []string{"-tags", buildTags, "../stress"}}
)

// TestMain runs the tests, or the latency benchmark's peer process
// (latencyChild): a window must be driven from the main goroutine, which
// only TestMain has.
func TestMain(m *testing.M) {
	if seed := os.Getenv(latencyChild); seed != "" {
		os.Exit(latencyPeer(seed, os.Args[1:]))
	}
	os.Exit(runTests(m))
}

// runTests runs the package's tests with the binaries' directory made
// (binDir) and the peers' tickets (platform/desktop) kept in a cache of
// the tests' own, not the user's. go build keeps its cache where it was:
// it would follow XDG_CACHE_HOME to an empty one and build every
// dependency again (a minute and more a build, on both cores). The tests
// run beside the main goroutine, which serves sdl.Do for the ones that
// run versus in this process (SDL wants the main thread).
func runTests(m *testing.M) int {
	if err := keepGoCache(); err != nil {
		fmt.Fprintln(os.Stderr, "versus tests:", err)
		return 1
	}
	cache, err := os.MkdirTemp("", "lockstep-versus-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "versus tests: a cache for the peers' tickets:", err)
		return 1
	}
	defer os.RemoveAll(cache)
	if err := os.Setenv("XDG_CACHE_HOME", cache); err != nil {
		fmt.Fprintln(os.Stderr, "versus tests:", err)
		return 1
	}
	if binDir, err = os.MkdirTemp("", "lockstep-versus-test-"); err != nil {
		fmt.Fprintln(os.Stderr, "versus tests: a directory for the binaries:", err)
		return 1
	}
	defer os.RemoveAll(binDir)
	code := 1
	sdl.Main(func() { code = m.Run() })
	return code
}

// keepGoCache pins GOCACHE, unless set, to where go keeps it now.
func keepGoCache() error {
	if os.Getenv("GOCACHE") != "" {
		return nil
	}
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return fmt.Errorf("go env GOCACHE (is go on PATH?): %w", err)
	}
	return os.Setenv("GOCACHE", strings.TrimSpace(string(out)))
}

// get returns the binary's path, building it the first time; a failed
// build fails every test that asks for it, with go build's output.
func (b *builtOnce) get(t testing.TB) string {
	t.Helper()
	b.once.Do(func() {
		path := filepath.Join(binDir, b.name)
		args := append([]string{"build", "-o", path}, b.args...)
		if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
			b.err = fmt.Sprintf("go build %s: %v\n%s", b.name, err, out)
			return
		}
		b.path = path
	})
	if b.err != "" {
		t.Fatal(b.err)
	}
	return b.path
}

// realTime starts a test that plays sessions as processes in real time,
// mostly sleeping: it runs beside the others of its kind (the Makefile's
// VERSUS_PARALLEL), not with -short (a quick run; runs says what it
// would run), and returns the binary get builds.
func realTime(t *testing.T, runs string, get func(testing.TB) string) string {
	t.Helper()
	t.Parallel()
	if testing.Short() {
		t.Skip(runs)
	}
	return get(t)
}

// build returns the versus command, built once for the package.
func build(t testing.TB) string { return versus.get(t) }

// buildLobby returns tools/lobby, built once for the package.
func buildLobby(t testing.TB) string { return lobbyCmd.get(t) }

// buildStress returns samples/stress, the 2,000-ball tank, built once
// for the package.
func buildStress(t testing.TB) string { return stress.get(t) }
