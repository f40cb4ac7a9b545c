package desktop_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/framefile"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// stepClock is a clock that moves only when a frame says, or a wait
// jumps it: frames take what the game says, and no test sleeps.
type stepClock struct{ now time.Duration }

func (c *stepClock) Now() time.Duration { return c.now }
func (c *stepClock) SleepUntil(t time.Duration) {
	c.now = max(c.now, t)
}

// hitcher is a game whose frames take a millisecond on its clock, and
// those in slow as much more as it says.
type hitcher struct {
	clock *stepClock
	slow  map[uint64]time.Duration
}

func (*hitcher) name() string            { return "hitcher" }
func (*hitcher) Tick(*engine.Tick) error { return nil }
func (h *hitcher) Draw(_ *sdl2.Canvas, f *engine.Frame) error {
	h.clock.now += time.Millisecond + h.slow[f.N]
	return nil
}

func readSummary(t *testing.T, path string) (desktop.Summary, map[string]json.RawMessage) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var sum desktop.Summary
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &sum); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &keys); err != nil {
		t.Fatal(err)
	}
	return sum, keys
}

// TestHitchesWriteTracesBesideTheOutputsWhileAnExecutionTraceRuns runs
// -hitch together with -trace (one flight recorder and trace.Start at
// once) and -frames-out. A trace is written a second after its first
// hitch and holds the hitches until then: frames 20 and 30 share the
// first, frame 45's trace is written as the run ends.
func TestHitchesWriteTracesBesideTheOutputsWhileAnExecutionTraceRuns(t *testing.T) {
	dir := t.TempDir()
	stats, frames, tr := filepath.Join(dir, "s.json"), filepath.Join(dir, "run.frames"), filepath.Join(dir, "all.trace")
	c := &stepClock{}
	g := &hitcher{clock: c, slow: map[uint64]time.Duration{20: 40 * time.Millisecond, 30: 1200 * time.Millisecond, 45: 40 * time.Millisecond}}
	code, stderr := runWith(g, desktop.Config{Clock: c}, "-headless", "-mode", "uncapped", "-frames", "60",
		"-hitch", "20ms", "-frames-out", frames, "-trace", tr, "-stats-json", stats)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sum, keys := readSummary(t, stats)
	for _, k := range []string{"phase_ms", "phase_cpu_ms", "worst_frames", "hitches"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("the summary has no %q", k)
		}
	}
	want := []struct {
		frame uint64
		file  string
	}{{20, "hitcher-hitch-1.trace"}, {30, "hitcher-hitch-1.trace"}, {45, "hitcher-hitch-2.trace"}}
	if len(sum.Hitches) != len(want) {
		t.Fatalf("hitches %+v, want frames 20, 30 and 45", sum.Hitches)
	}
	for i, h := range sum.Hitches {
		if h.Frame != want[i].frame || h.File != filepath.Join(dir, want[i].file) || h.MS < 40 || h.Error != "" {
			t.Errorf("hitch %d: %+v, want frame %d in %s, over 40 ms", i, h, want[i].frame, want[i].file)
		}
		if b, err := os.ReadFile(h.File); err != nil || !bytes.HasPrefix(b, []byte("go 1.")) || len(b) < 1000 {
			t.Errorf("hitch %d: %s: %d bytes, %v; want an execution trace", i, h.File, len(b), err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "hitcher-hitch-3.trace")); err == nil {
		t.Error("a third trace was written for two stretches of hitches")
	}
	if b, err := os.ReadFile(tr); err != nil || !bytes.HasPrefix(b, []byte("go 1.")) {
		t.Errorf("-trace beside the flight recorder: %v, want a trace", err)
	}
	if len(sum.WorstFrames) != 5 || sum.WorstFrames[0].Frame != 30 || sum.WorstFrames[0].PhaseMS["render"] < 1200 {
		t.Errorf("worst frames %+v, want 5, the first frame 30 with its 1.2 s of render", sum.WorstFrames)
	}
	checkFrameFile(t, frames, 60, []uint64{20, 30, 45})
}

func checkFrameFile(t *testing.T, path string, n int, hitches []uint64) {
	t.Helper()
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := framefile.Read(r)
	if err != nil {
		t.Fatal(err)
	}
	if f.Scene != "hitcher" || len(f.Frames) != n {
		t.Fatalf("-frames-out holds %d frames of %q, want %d of hitcher", len(f.Frames), f.Scene, n)
	}
	for i, fr := range f.Frames {
		if fr.N != uint64(i) || fr.Hitch != slices.Contains(hitches, fr.N) {
			t.Errorf("frame %d: N %d, hitch %v", i, fr.N, fr.Hitch)
		}
	}
}

func TestPhaseCPUTimeIsTheLoopThreadsAndNeverMoreThanItsWallTime(t *testing.T) {
	stats := filepath.Join(t.TempDir(), "s.json")
	code, stderr := run(&box{}, "-headless", "-mode", "uncapped", "-frames", "120", "-stats-json", stats)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sum, _ := readSummary(t, stats)
	var wall, cpu float64
	for name, w := range sum.PhaseMS {
		c, ok := sum.PhaseCPUMS[name]
		if !ok {
			t.Errorf("phase %q has wall time and no CPU time key", name)
		}
		wall, cpu = wall+w, cpu+c
	}
	// Both clocks tick in their own steps; a thread's CPU time cannot
	// outrun the wall clock by more than that.
	if cpu <= 0 || cpu > wall*1.02+1 {
		t.Fatalf("phases: %.3f ms of CPU in %.3f ms of wall time, want some, and no more than the wall time", cpu, wall)
	}
}

func TestHitchOutOfRangeIsAUsageErrorNamingTheFlagAndRange(t *testing.T) {
	for _, v := range []string{"10us", "11s", "-1s"} {
		code, stderr := run(&box{}, "-headless", "-frames", "1", "-hitch", v)
		if code != 2 || !strings.Contains(stderr, "-hitch") || !strings.Contains(stderr, "1ms to 10s") {
			t.Errorf("-hitch %s: exit %d, %q; want 2 naming -hitch and 1ms to 10s", v, code, stderr)
		}
	}
	code, stderr := run(&box{}, "-headless", "-frames", "1", "-hitch", "soon")
	if code != 2 || !strings.Contains(stderr, "-hitch") {
		t.Errorf("-hitch soon: exit %d, %q; want 2 naming -hitch", code, stderr)
	}
}

func TestTheTextSummaryNamesTheWorstFramesAndOneLineAHitchTrace(t *testing.T) {
	dir := t.TempDir()
	c := &stepClock{}
	g := &hitcher{clock: c, slow: map[uint64]time.Duration{20: 40 * time.Millisecond, 30: 1200 * time.Millisecond, 45: 40 * time.Millisecond}}
	var stdout, stderr bytes.Buffer
	var code int
	sdl.Do(func() {
		code = desktop.MainStatus(g, desktop.Config{Name: "hitcher", Clock: c}, []string{"-headless", "-mode", "uncapped",
			"-frames", "60", "-hitch", "20ms", "-stats", "-stats-json", filepath.Join(dir, "s.json")}, &stdout, &stderr)
	})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"phase ms wall/cpu  render 1340.0/0.0\n",
		"worst frames (ms wall/cpu)\n  frame 30 tick ",
		"hitch trace " + filepath.Join(dir, "hitcher-hitch-1.trace") + ": 2 frames from 20 to 30, longest 1201.00ms (frame 30 ",
		"hitch trace " + filepath.Join(dir, "hitcher-hitch-2.trace") + ": 1 frames from 45 to 45",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary does not say %q:\n%s", want, out)
		}
	}
}
