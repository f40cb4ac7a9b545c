package host

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// soakGame counts and keeps nothing, so the heap it leaves is the loop's.
type soakGame struct {
	ticks  uint64
	frames uint64
	start  time.Duration
	last   time.Duration // clock when the last frame was measured
	debt   time.Duration // the loop's leftover after that frame's ticks
	clock  *fakeClock
	heap   [2]uint64 // live heap after a GC at the first simulated minute and at the end
	allocs [2]uint64
}

func (g *soakGame) Tick(t *engine.Tick) error { g.ticks++; return nil }
func (g *soakGame) Draw(f *engine.Frame) error {
	g.frames++
	g.last = g.clock.now // the frame's start: the fake clock moves only in Present and waits
	g.debt = LoopOf(f).TickDebt()
	if g.frames == 1 {
		g.start = g.clock.now
	}
	if g.clock.now-g.start >= time.Minute && g.heap[0] == 0 {
		g.heap[0], g.allocs[0] = liveHeap()
	}
	return nil
}

func liveHeap() (heap, mallocs uint64) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc, m.Mallocs
}

// jitterPlatform presents after a random 4 to 29 ms of work, with a 60 to
// 100 ms hitch one frame in 500: a jittery render rate.
type jitterPlatform struct {
	clock *fakeClock
	rng   *rand.Rand
}

func (p *jitterPlatform) PollEvents(EventSink) {}
func (p *jitterPlatform) Present() error {
	d := 4*time.Millisecond + time.Duration(p.rng.Int64N(int64(25*time.Millisecond)))
	if p.rng.IntN(500) == 0 {
		d = 60*time.Millisecond + time.Duration(p.rng.Int64N(int64(40*time.Millisecond)))
	}
	p.clock.now += d
	return nil
}

type refreshPlatform struct {
	jitterPlatform
	period time.Duration
}

func (p *refreshPlatform) RefreshPeriod() time.Duration { return p.period }

// An hour of simulated time at 60 tps under a jittery render rate: every
// nanosecond of real time is ticked or still owed (under one dt), none is
// dropped, and the heap does not grow.
func TestSoakSimulatedHourHasNoDriftAndAFlatHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("an hour of simulated frames: skipped with -short")
	}
	for _, tc := range []struct {
		name string
		mode engine.Mode
		plat func(*jitterPlatform) Platform
	}{
		{"uncapped", engine.ModeUncapped, func(p *jitterPlatform) Platform { return p }},
		{"cap 60", engine.ModeCap, func(p *jitterPlatform) Platform { return p }},
		{"vsync 60 Hz", engine.ModeVSync, func(p *jitterPlatform) Platform { return &refreshPlatform{*p, time.Second / 60} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &fakeClock{}
			g := &soakGame{clock: c}
			p := tc.plat(&jitterPlatform{clock: c, rng: rand.New(rand.NewPCG(1, 2))})
			cfg, w := engine.Config{Mode: tc.mode, Duration: time.Hour}, Wiring{Platform: p, Clock: c}
			wallStart := time.Now()
			sum, err := Run(context.Background(), cfg, partsOf(g), w)
			if err != nil {
				t.Fatal(err)
			}
			g.heap[1], g.allocs[1] = liveHeap()
			real := g.last // the fake clock, and so Run, started at 0
			simulated := time.Duration(sum.Ticks) * tick60
			drift := real - simulated
			t.Logf("%s: %d frames, %d ticks in %v simulated (%v real here); drift %v; live heap %d -> %d bytes; %d mallocs after the first minute",
				tc.name, sum.Frames, sum.Ticks, real, time.Since(wallStart).Round(time.Millisecond), drift, g.heap[0], g.heap[1], g.allocs[1]-g.allocs[0])
			if real < time.Hour {
				t.Fatalf("ran %v of simulated time, want an hour", real)
			}
			if sum.Bailouts != 0 || sum.Stalls != 0 {
				t.Fatalf("%d bailouts, %d stalls: the jitter stays within MaxSteps and MaxFrame, so none is expected", sum.Bailouts, sum.Stalls)
			}
			// What is not ticked yet is the leftover, under one tick; with a
			// frame period (cap, vsync) the cadence snap may hold back under
			// a quarter period more for a frame, and carries it.
			if drift < 0 || drift >= tick60+tick60/4 || (tc.mode == engine.ModeUncapped && drift >= tick60) {
				t.Fatalf("simulated time is %v behind real time after an hour, want under one tick (%v)", drift, tick60)
			}
			if tc.mode == engine.ModeUncapped && drift != g.debt {
				t.Fatalf("drift %v is not the leftover %v: time was lost or made up", drift, g.debt)
			}
			if grow := int64(g.heap[1]) - int64(g.heap[0]); grow > 64<<10 {
				t.Fatalf("live heap grew by %d bytes between minute 1 and the end, want flat", grow)
			}
			if perFrame := float64(g.allocs[1]-g.allocs[0]) / float64(sum.Frames); perFrame > 0.01 {
				t.Fatalf("%.3f allocations a frame over the hour, want none", perFrame)
			}
		})
	}
}
