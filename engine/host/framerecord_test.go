package host

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// cpuClock is a fake clock with a fake thread CPU clock: each moves only
// when told to.
type cpuClock struct {
	fakeClock
	cpu time.Duration
}

func (c *cpuClock) ThreadCPU() time.Duration { return c.cpu }

// work moves the wall clock on by wall and the CPU clock by cpu.
func (c *cpuClock) work(wall, cpu time.Duration) { c.now += wall; c.cpu += cpu }

// flushPlatform presents in a millisecond of wall time and no CPU time
// (waiting for the display), and flushes in half a millisecond of both,
// noting the order of the calls.
type flushPlatform struct {
	clock *cpuClock
	calls []string
}

func (*flushPlatform) PollEvents(EventSink) {}

func (p *flushPlatform) Flush() error {
	p.clock.work(500*time.Microsecond, 500*time.Microsecond)
	p.calls = append(p.calls, "flush")
	return nil
}

func (p *flushPlatform) Present() error {
	p.clock.work(time.Millisecond, 0)
	p.calls = append(p.calls, "present")
	return nil
}

// phasedGame spends known wall and CPU time in its Tick and Draw; its
// Draw takes slow[frame] more where set.
type phasedGame struct {
	clock *cpuClock
	slow  map[uint64]time.Duration
	gcAt  uint64 // the tick that collects garbage; 0: none
}

func (g *phasedGame) Tick(t *engine.Tick) error {
	g.clock.work(2*time.Millisecond, time.Millisecond)
	if g.gcAt != 0 && t.N == g.gcAt {
		runtime.GC()
	}
	return nil
}

func (g *phasedGame) Draw(f *engine.Frame) error {
	g.clock.work(3*time.Millisecond+g.slow[f.N], 3*time.Millisecond)
	return nil
}

func TestPhasesKeepWallAndThreadCPUTimeApartAndFlushHasItsOwn(t *testing.T) {
	c := &cpuClock{}
	p := &flushPlatform{clock: c}
	g := &phasedGame{clock: c}
	var records []FrameRecord
	w := Wiring{Platform: p, Clock: c, AfterFrame: func(r *FrameRecord) { records = append(records, *r) }}
	rep, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped, Frames: 20}, partsOf(g), w)
	if err != nil {
		t.Fatal(err)
	}
	ticks, frames := time.Duration(rep.Ticks), time.Duration(rep.Frames)
	if ticks == 0 || frames != 20 {
		t.Fatalf("ran %d ticks in %d frames, want some ticks in 20 frames", rep.Ticks, rep.Frames)
	}
	for _, c := range []struct {
		ph        Phase
		wall, cpu time.Duration
	}{
		{PhaseTick, ticks * 2 * time.Millisecond, ticks * time.Millisecond},
		{PhaseRender, frames * 3 * time.Millisecond, frames * 3 * time.Millisecond},
		{PhaseFlush, frames * 500 * time.Microsecond, frames * 500 * time.Microsecond},
		{PhasePresent, frames * time.Millisecond, 0},
	} {
		if rep.PhaseTime[c.ph] != c.wall || rep.PhaseCPU[c.ph] != c.cpu {
			t.Errorf("%s: wall %v cpu %v, want %v and %v", c.ph, rep.PhaseTime[c.ph], rep.PhaseCPU[c.ph], c.wall, c.cpu)
		}
	}
	if len(p.calls) < 2 || p.calls[0] != "flush" || p.calls[1] != "present" {
		t.Errorf("platform calls %v, want flush before each present", p.calls[:min(len(p.calls), 4)])
	}
	if len(records) != 20 {
		t.Fatalf("AfterFrame called %d times, want once a frame (20)", len(records))
	}
	for i, r := range records {
		var sum time.Duration
		for _, d := range r.Wall {
			sum += d
		}
		if r.N != uint64(i) || sum != r.Duration {
			t.Errorf("frame %d: record N %d, phases sum %v of a %v frame: want N %d and the phases to cover the frame", i, r.N, sum, r.Duration, i)
		}
	}
}

func TestWorstFramesAreTheSlowestSlowestFirstWithTheirPhases(t *testing.T) {
	for seed := range uint64(60) {
		c := &cpuClock{}
		slow := map[uint64]time.Duration{}
		// Six slow frames among 50, of distinct lengths that the seed
		// scatters: the five slowest must come out, in order.
		for i := range uint64(6) {
			slow[(seed*7+i*11)%50] = time.Duration(10+i*5) * time.Millisecond
		}
		g := &phasedGame{clock: c, slow: slow}
		rep, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped, Frames: 50}, partsOf(g),
			Wiring{Platform: &flushPlatform{clock: c}, Clock: c})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.WorstFrames) != DefaultWorstFrames {
			t.Fatalf("seed %d: %d worst frames, want %d", seed, len(rep.WorstFrames), DefaultWorstFrames)
		}
		for i, r := range rep.WorstFrames {
			want := time.Duration(10+(5-i)*5) * time.Millisecond
			if got := r.Wall[PhaseRender] - 3*time.Millisecond; got != want || slow[r.N] != want {
				t.Fatalf("seed %d: worst frame %d is frame %d with a draw %v longer, want the one %v longer", seed, i, r.N, got, want)
			}
			if r.CPU[PhaseRender] != 3*time.Millisecond {
				t.Fatalf("seed %d: worst frame %d: render CPU %v, want 3ms", seed, i, r.CPU[PhaseRender])
			}
		}
	}
}

func TestAFrameRecordsTheGarbageCollectionThatRanInIt(t *testing.T) {
	c := &cpuClock{}
	g := &phasedGame{clock: c, gcAt: 5}
	var inFrame *FrameRecord
	w := Wiring{Platform: &flushPlatform{clock: c}, Clock: c, AfterFrame: func(r *FrameRecord) {
		if inFrame == nil && r.Tick > g.gcAt {
			kept := *r
			inFrame = &kept
		}
	}}
	if _, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped, Frames: 100}, partsOf(g), w); err != nil {
		t.Fatal(err)
	}
	if inFrame == nil {
		t.Fatal("no frame ran the collecting tick")
	}
	if inFrame.GCs < 1 || inFrame.GCPause <= 0 {
		t.Fatalf("the frame whose tick called runtime.GC records %d collections, %v paused; want at least one, paused", inFrame.GCs, inFrame.GCPause)
	}
}

func TestAFrameWithThreadCPUGCWatchAndHookAllocatesNothingOnceWarm(t *testing.T) {
	var kept FrameRecord
	l := startLoop(t, worldGame{w: newMovingWorld(100)}, engine.Config{},
		Wiring{Clock: NewSystemClock(WaitHybrid), AfterFrame: func(r *FrameRecord) { kept = *r }}, 60)
	if l.phases.cpu == nil {
		t.Fatal("the system clock reads no thread CPU time: the test would not cover it")
	}
	allocs := testing.AllocsPerRun(200, func() {
		if err := l.runFrame(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("a frame allocates %v times, want 0", allocs)
	}
	if kept.Duration <= 0 {
		t.Fatal("AfterFrame saw no frame")
	}
}

func TestReadingTheCollectionsOfAFrameAllocatesNothingAfterACollection(t *testing.T) {
	g := newGCWatch()
	var r FrameRecord
	allocs := testing.AllocsPerRun(20, func() {
		runtime.GC()
		g.frame(&r)
	})
	if allocs != 0 {
		t.Fatalf("reading a frame's collections allocates %v times, want 0", allocs)
	}
	if r.GCs != 1 || r.GCPause <= 0 {
		t.Fatalf("after one runtime.GC: %d collections, %v paused; want 1, paused", r.GCs, r.GCPause)
	}
}

// BenchmarkGCWatch is the per-frame check for collections when none
// ran: what every frame pays.
func BenchmarkGCWatch(b *testing.B) {
	g := newGCWatch()
	var r FrameRecord
	b.ReportAllocs()
	for b.Loop() {
		g.frame(&r)
	}
}

// BenchmarkThreadCPU is one reading of the thread CPU clock: the cost a
// phase switch adds to its wall clock reading.
func BenchmarkThreadCPU(b *testing.B) {
	b.ReportAllocs()
	var sum time.Duration
	for b.Loop() {
		sum += threadCPU()
	}
	_ = sum
}

// Prediction's copies and predicted ticks are timed apart from the
// verified ticks, and each frame's record says what it predicted.
func TestPredictionsCopiesAndTicksHavePhasesOfTheirOwn(t *testing.T) {
	c := &fakeClock{}
	load := &gameLoad{clock: c, tick: time.Millisecond, copy: 2 * time.Millisecond}
	g := &copyGame{load: load}
	l := startedLoop(t, engine.Config{Mode: engine.ModeUncapped, Players: 2}, g, c, &laggyLockstep{lag: 4, rollback: 8, wrong: true})
	var resimulated, copied int
	l.wire.AfterFrame = func(r *FrameRecord) {
		resimulated += r.Resimulated
		if r.Copied {
			copied++
		}
	}
	for range 120 {
		if err := l.runFrame(); err != nil {
			t.Fatal(err)
		}
	}
	p, st := l.Prediction(), l.Stats()
	if p.Copies == 0 || p.Resimulated == 0 {
		t.Fatalf("%d copies, %d predicted ticks: the test predicts nothing", p.Copies, p.Resimulated)
	}
	for _, c := range []struct {
		ph   Phase
		want time.Duration
	}{
		{PhaseTick, time.Duration(st.Ticks) * time.Millisecond},
		{PhasePredict, time.Duration(p.Resimulated) * time.Millisecond},
		{PhaseCopy, time.Duration(p.Copies)*2*time.Millisecond + load.firstCopy},
	} {
		if got := st.PhaseTime[c.ph]; got != c.want {
			t.Errorf("%s: %v, want %v", c.ph, got, c.want)
		}
	}
	if uint64(resimulated) != p.Resimulated || uint64(copied) != p.Copies {
		t.Errorf("frame records: %d predicted ticks in %d copying frames, want %d and %d", resimulated, copied, p.Resimulated, p.Copies)
	}
}

// slowNetLockstep spends 3 ms of the frame in its Frame: the session's
// datagrams.
type slowNetLockstep struct {
	laggyLockstep
	clock *fakeClock
}

func (s *slowNetLockstep) Frame(time.Duration, bool) error {
	s.clock.now += 3 * time.Millisecond
	return nil
}

func TestTheSessionsIOHasAPhaseOfItsOwn(t *testing.T) {
	c := &fakeClock{}
	g := &copyGame{load: &gameLoad{clock: c, tick: time.Millisecond}}
	l := startedLoop(t, engine.Config{Mode: engine.ModeUncapped, Players: 2}, g, c, &slowNetLockstep{laggyLockstep{lag: 2, rollback: 8}, c})
	for range 50 {
		if err := l.runFrame(); err != nil {
			t.Fatal(err)
		}
	}
	st := l.Stats()
	if got, want := st.PhaseTime[PhaseNet], 50*3*time.Millisecond; got != want {
		t.Errorf("net: %v, want %v (3 ms in each of 50 frames)", got, want)
	}
	if got, want := st.PhaseTime[PhaseTick], time.Duration(st.Ticks)*time.Millisecond; got != want {
		t.Errorf("tick: %v, want %v: the session's time leaked into the ticks", got, want)
	}
}
