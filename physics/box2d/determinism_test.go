//go:build box2d && cgo

package box2d

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

// pileDigest steps the suite's pile of n bodies and returns the digest of
// the final snapshot.
func pileDigest(n, steps int) (physics.Digest, error) {
	w, err := New(physicstest.PileConfig())
	if err != nil {
		return 0, err
	}
	defer w.Close()
	if err := physicstest.Pile(w, n, 3); err != nil {
		return 0, err
	}
	for range steps {
		if err := w.Step(tick); err != nil {
			return 0, err
		}
	}
	return physics.Hash(w.Snapshot(nil)), nil
}

// digestEnv makes the test binary print a pile's digest and exit, for
// TestSameSceneGivesTheSameBitsInAnotherProcess.
const digestEnv = "LOCKSTEP_BOX2D_DIGEST"

func TestMain(m *testing.M) {
	if os.Getenv(digestEnv) != "" {
		d, err := pileDigest(80, 600)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(d)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestSameSceneGivesTheSameBitsInAnotherProcess(t *testing.T) {
	want, err := pileDigest(80, 600)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), digestEnv+"=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child process: %v", err)
	}
	if got := strings.TrimSpace(string(out)); got != want.String() {
		t.Errorf("another process reached digest %s, this one %s", got, want)
	}
}

func TestWorldsOnSeparateGoroutinesStayIndependent(t *testing.T) {
	want, err := pileDigest(80, 300)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]physics.Digest, 4)
	errs := make([]error, len(got))
	for i := range got {
		wg.Go(func() { got[i], errs[i] = pileDigest(80, 300) })
	}
	wg.Wait()
	for i, d := range got {
		if errs[i] != nil || d != want {
			t.Errorf("world %d on its own goroutine reached %s, %v; want %s", i, d, errs[i], want)
		}
	}
}
