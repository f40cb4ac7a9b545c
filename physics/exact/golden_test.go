package exact_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt from this machine's run")

// goldenTicks is how long each golden scene runs; goldenEvery how often
// its hash is kept.
const (
	goldenTicks = 2000
	goldenEvery = 500
)

const goldenFile = "testdata/golden.txt"

// goldenLines runs every golden scene and returns "scene tick hash" lines.
func goldenLines(t *testing.T) []string {
	var lines []string
	for _, sc := range goldenScenes() {
		runScene(t, sc, goldenTicks, func(tick int, snap []physics.BodyState) {
			if tick%goldenEvery == 0 {
				lines = append(lines, fmt.Sprintf("%s %d %v", sc.name, tick, physics.Hash(snap)))
			}
		})
	}
	return lines
}

// TestGoldenHashes runs five scenes for 2,000 ticks and compares their
// state hashes with testdata/golden.txt, written on amd64: the same bits
// on every CPU are the package's promise. TestGoldenAcrossCPUs runs this
// test again in builds for other CPUs.
func TestGoldenHashes(t *testing.T) {
	got := goldenLines(t)
	if *update {
		data := []byte(strings.Join(got, "\n") + "\n")
		if err := writeFile(goldenFile, data); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatalf("%v: run go test -run TestGoldenHashes -update once to write it", err)
	}
	defer f.Close()
	var want []string
	for s := bufio.NewScanner(f); s.Scan(); {
		want = append(want, s.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("%s has %d hashes, the scenes make %d: run with -update after changing them", filepath.Base(goldenFile), len(want), len(got))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %q, want %q (%s/%s, GODEBUG=%q)", got[i], want[i], runtime.GOOS, runtime.GOARCH, os.Getenv("GODEBUG"))
		}
	}
}

// writeFile writes data to path through an exclusive temporary file
// renamed into place, so a failed run leaves the old file whole.
func writeFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), path)
}
