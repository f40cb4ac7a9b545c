//go:build linux

package chipmunk

import (
	"flag"
	"fmt"
	"github.com/lockstep-engine/lockstep/engine/host"
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/physics"
	"golang.org/x/sys/unix"
)

var gcStudy = flag.Bool("gcstudy", false, "run the GC study: 1,200 paced steps at 2,000 bodies per strategy, about 2 minutes")

// gcStrategy is one way to run the garbage collector around steps. start
// sets it up and returns what to call in each frame's idle time (nil for
// nothing) and how to undo it.
type gcStrategy struct {
	name  string
	start func() (idle func(budget time.Duration), stop func())
}

func gcStrategies() []gcStrategy {
	percent := func(p int, limit int64) func() (func(time.Duration), func()) {
		return func() (func(time.Duration), func()) {
			old, oldLimit := debug.SetGCPercent(p), debug.SetMemoryLimit(limit)
			return nil, func() { debug.SetGCPercent(old); debug.SetMemoryLimit(oldLimit) }
		}
	}
	everyK := func(k int) func() (func(time.Duration), func()) {
		return func() (func(time.Duration), func()) {
			old := debug.SetGCPercent(-1)
			n := 0
			return func(time.Duration) {
					if n++; n%k == 0 {
						runtime.GC()
					}
				},
				func() { debug.SetGCPercent(old) }
		}
	}
	return []gcStrategy{
		{"GOGC=100 (default)", percent(100, math.MaxInt64)},
		{"GOGC=400", percent(400, math.MaxInt64)},
		{"GOGC=off, limit 256 MiB", percent(-1, 256<<20)},
		{"GC off, runtime.GC every 10 steps in idle", everyK(10)},
		{"GC off, runtime.GC every 30 steps in idle", everyK(30)},
		{"engine.IdleGC", func() (func(time.Duration), func()) {
			g := host.NewIdleGC(host.IdleGCConfig{})
			return func(b time.Duration) { g.Collect(b) }, g.Stop
		}},
	}
}

// TestGCStudy runs the scene the engine would at 60 ticks a second, each
// tick a frame: step, snapshot, then idle until the next deadline, less a
// millisecond kept for rendering. It reports step times, GC cycles, time
// spent in the idle hook and process CPU time for each strategy.
func TestGCStudy(t *testing.T) {
	if !*gcStudy {
		t.Skip("pass -gcstudy to run")
	}
	const bodies, steps = 2000, 1200
	scene := newPile(bodies, 1)
	var table strings.Builder
	fmt.Fprintf(&table, "| strategy | step p50 ms | step p99 ms | step max ms | step CPU p50 ms | step CPU p99 ms | step CPU max ms | GC cycles | idle GC p50 ms | idle GC max ms | peak heap MiB | process CPU s |\n")
	fmt.Fprintf(&table, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, s := range gcStrategies() {
		w := scene.world(t, physics.Config{})
		runtime.GC()
		idle, stop := s.start()
		r := runPaced(t, w, steps, idle)
		stop()
		fmt.Fprintf(&table, "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %d | %.2f | %.2f | %.1f | %.2f |\n",
			s.name, ms(pct(r.step, 50)), ms(pct(r.step, 99)), ms(pct(r.step, 100)),
			ms(pct(r.stepCPU, 50)), ms(pct(r.stepCPU, 99)), ms(pct(r.stepCPU, 100)), r.cycles,
			ms(pct(r.idle, 50)), ms(pct(r.idle, 100)), float64(r.peakHeap)/(1<<20), r.cpu.Seconds())
		w = nil
	}
	t.Logf("%d bodies, %d steps at 60 Hz, GOMAXPROCS=%d\n%s", bodies, steps, runtime.GOMAXPROCS(0), table.String())
}

type pacedRun struct {
	step, idle []time.Duration
	stepCPU    []time.Duration // the stepping thread's CPU time: blind to other processes' load
	cycles     uint64
	peakHeap   uint64
	cpu        time.Duration
}

func runPaced(t *testing.T, w *World, steps int, idle func(time.Duration)) pacedRun {
	const period = time.Second / 60
	samples := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(samples)
	cycles0 := samples[0].Value.Uint64()
	cpu0 := cpuTime()
	r := pacedRun{step: make([]time.Duration, 0, steps), idle: make([]time.Duration, 0, steps), stepCPU: make([]time.Duration, 0, steps)}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var snap []physics.BodyState
	start := time.Now()
	for k := range steps {
		c0, t0 := threadCPU(), time.Now()
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
		r.step = append(r.step, time.Since(t0))
		r.stepCPU = append(r.stepCPU, threadCPU()-c0)
		snap = w.Snapshot(snap)
		deadline := start.Add(time.Duration(k+1) * period)
		if idle != nil {
			t1 := time.Now()
			idle(deadline.Sub(t1) - time.Millisecond)
			r.idle = append(r.idle, time.Since(t1))
		}
		metrics.Read(samples)
		r.peakHeap = max(r.peakHeap, samples[1].Value.Uint64())
		time.Sleep(time.Until(deadline))
	}
	r.cycles = samples[0].Value.Uint64() - cycles0
	r.cpu = cpuTime() - cpu0
	return r
}

func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// threadCPU is the CPU time of the calling OS thread: what a step cost,
// whatever else the machine was running. GC assists and sweeping done by
// the stepping goroutine count; background mark workers on other threads
// do not.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// pct returns the p-th percentile of ds (p=100: the maximum), 0 if empty.
func pct(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(i, 0)]
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }
