package framewatch

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
)

// A frame longer than -hitch (but the first, which carries start-up
// work) is caught, its trace written beside the outputs once the loop's
// clock passes the hitch by hitchDelay, and -frames-out keeps every
// frame. The frames are fed on a made-up clock; only the trace's
// writer runs on its own goroutine, which End waits for.
func TestALongFrameIsCaughtAndItsTraceWritten(t *testing.T) {
	dir := t.TempDir()
	w, err := Start(t.Context(), Options{FramesOut: filepath.Join(dir, "g.frames"), Hitch: 30 * time.Millisecond, Dir: dir, Name: "g", TPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	const frames, long = 200, 50
	for n := range uint64(frames) {
		r := host.FrameRecord{N: n, Tick: n, Start: time.Duration(n) * 16 * time.Millisecond, Duration: 16 * time.Millisecond}
		if n == 0 || n == long {
			r.Duration = 40 * time.Millisecond
		}
		if hit := w.Frame(&r); hit != (n == long) {
			t.Fatalf("frame %d of %v: caught %v", n, r.Duration, hit)
		}
	}
	found, err := w.End()
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "g-hitch-1.trace")
	if len(found.Hitches) != 1 || found.Hitches[0].File != want || found.Hitches[0].Frame != long || found.Hitches[0].Error != "" {
		t.Fatalf("caught %+v, want frame %d in %s", found.Hitches, long, want)
	}
	for _, p := range []string{want, filepath.Join(dir, "g.frames")} {
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v, want it written", p, err)
		}
	}
}

// Without -frames-out and -hitch nothing is watched; with them, a frame
// that is no hitch allocates nothing.
func TestAFrameAllocatesNothing(t *testing.T) {
	if w, err := Start(t.Context(), Options{}); w != nil || err != nil {
		t.Fatalf("Start of nothing: %v, %v; want nil", w, err)
	}
	dir := t.TempDir()
	w, err := Start(t.Context(), Options{FramesOut: filepath.Join(dir, "g.frames"), Hitch: time.Second, Dir: dir, Name: "g", TPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	r := host.FrameRecord{N: 1, Duration: 16 * time.Millisecond}
	if allocs := testing.AllocsPerRun(100, func() { r.N++; w.Frame(&r) }); allocs != 0 {
		t.Errorf("a frame allocates %v times, want 0", allocs)
	}
}
