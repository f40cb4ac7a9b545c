package profiling

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/loopback"
)

// The profiles asked for are whole files once Stop returns, and the heap
// is written on its own.
func TestTheProfilesAskedForAreWrittenWhole(t *testing.T) {
	dir := t.TempDir()
	cpu, tr, heap := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "run.trace"), filepath.Join(dir, "heap.pprof")
	p, err := Start(t.Context(), Options{CPUProfile: cpu, Trace: tr}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := WriteHeap(t.Context(), heap); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{cpu, tr, heap} {
		if st, err := os.Stat(path); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v, want it written", path, err)
		}
	}
}

// -pprof serves only on a loopback address: another is refused before
// anything listens, saying which.
func TestPProfRefusesAnAddressThatIsNotLoopback(t *testing.T) {
	_, err := Start(t.Context(), Options{PProf: "192.0.2.1:6060"}, slog.New(slog.DiscardHandler))
	if !errors.Is(err, loopback.ErrAddress) {
		t.Fatalf("-pprof 192.0.2.1:6060: %v, want loopback.ErrAddress", err)
	}
}
