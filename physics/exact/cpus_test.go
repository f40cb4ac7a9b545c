package exact_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"testing"
)

// fused computes a*b + c where a compiler may fuse it: TestGoldenCanary
// reports it, so TestGoldenAcrossCPUs can tell that a build it checks
// really fuses (and so really tests the engine's rounding).
//
//go:noinline
func fused(a, b, c float64) float64 { return a*b + c }

// TestGoldenCanary logs fused(0.1, 10, -1): 0 where the product is
// rounded before the sum, 2⁻⁵⁴ where they are fused.
func TestGoldenCanary(t *testing.T) {
	t.Logf("canary: %x", fused(0.1, 10, -1))
}

var canaryLine = regexp.MustCompile(`canary: (\S+)`)

// TestGoldenAcrossCPUs runs TestGoldenHashes in builds for other CPUs,
// each built once: amd64 at GOAMD64=v3 (the compiler fuses products and
// sums), this binary with GODEBUG=cpu.fma=off (math's functions take
// their paths without FMA), and arm64 (fused always) under qemu-aarch64.
// Each must find the hashes testdata/golden.txt holds, and the canary
// shows whether the build fuses: v3 and arm64 must, or the check proves
// nothing. The builds, then the runs, go side by side, and beside the
// package's other tests: the arm64 run under qemu is most of the time.
// It skips under -short before it goes parallel: then it starts nothing,
// as tools/internal/racepass requires of a package the race pass leaves
// out.
func TestGoldenAcrossCPUs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds this package for GOAMD64=v3 and arm64 and runs them (qemu-aarch64): left to the run without -short")
	}
	t.Parallel()
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the cross-CPU builds run from linux/amd64, this is %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	qemu, err := exec.LookPath("qemu-aarch64")
	if err != nil {
		if qemu, err = exec.LookPath("qemu-aarch64-static"); err != nil {
			t.Fatal("qemu-aarch64 is not installed: install Debian's qemu-user (apt-get install qemu-user, or make deps-test) to run the arm64 build")
		}
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is not on PATH (%v): it builds this package for the other CPUs", err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var v3, arm string
	var berr [2]error
	var wg sync.WaitGroup
	wg.Go(func() { v3, berr[0] = build(goTool, dir, "v3.test", "GOAMD64=v3") })
	wg.Go(func() { arm, berr[1] = build(goTool, dir, "arm64.test", "GOARCH=arm64", "CGO_ENABLED=0") })
	wg.Wait()
	if err := errors.Join(berr[:]...); err != nil {
		t.Fatal(err)
	}
	// This binary's canary, as TestGoldenCanary logs it; its golden
	// hashes are TestGoldenHashes' in this run.
	want := fmt.Sprintf("%x", fused(0.1, 10, -1))
	for _, c := range []struct {
		name  string
		cmd   []string
		env   []string
		fuses bool
	}{
		{"amd64 GOAMD64=v3", []string{v3}, nil, true},
		{"amd64 GODEBUG=cpu.fma=off", []string{self}, []string{"GODEBUG=cpu.fma=off"}, false},
		{"arm64 under qemu-aarch64", []string{qemu, arm}, nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out := run(t, c.name, c.env, c.cmd...)
			got := canary(t, c.name, out)
			if (got != want) != c.fuses {
				t.Errorf("%s: the canary a*b+c came out %s, here %s: want it fused %v", c.name, got, want, c.fuses)
			}
			t.Logf("%s: golden hashes agree (canary %s)", c.name, got)
		})
	}
}

// build compiles this package's tests with env into dir/name.
func build(goTool, dir, name string, env ...string) (string, error) {
	out := filepath.Join(dir, name)
	cmd := exec.Command(goTool, "test", "-c", "-o", out, ".")
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go test -c with %v: %w\n%s", env, err, b)
	}
	return out, nil
}

// run runs the golden tests in a test binary (argv[0] and any wrapper in
// argv) and fails t unless they pass.
func run(t *testing.T, name string, env []string, argv ...string) []byte {
	t.Helper()
	args := append(argv[1:len(argv):len(argv)], "-test.run=^(TestGoldenHashes|TestGoldenCanary)$", "-test.v", "-test.count=1")
	cmd := exec.Command(argv[0], args...)
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: golden hashes differ or the run failed (%v):\n%s", name, err, out.Bytes())
	}
	return out.Bytes()
}

func canary(t *testing.T, name string, out []byte) string {
	t.Helper()
	m := canaryLine.FindSubmatch(out)
	if m == nil {
		t.Fatalf("%s: no canary in the output:\n%s", name, out)
	}
	return string(m[1])
}
