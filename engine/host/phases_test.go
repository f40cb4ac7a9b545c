package host

import (
	"context"
	"errors"
	"io"
	"runtime/trace"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

func TestAFrameCutShortByAnErrorEndsItsTraceTask(t *testing.T) {
	if trace.IsEnabled() {
		t.Skip("a trace is already running")
	}
	if err := trace.Start(io.Discard); err != nil {
		t.Fatal(err)
	}
	defer trace.Stop()
	c := &fakeClock{}
	p := &fakePlatform{clock: c, work: every(time.Millisecond)}
	boom := errors.New("boom")
	g := &recorder{onTick: func(tk *engine.Tick) error {
		if tk.N == 3 {
			return boom
		}
		return nil
	}}
	cfg, err := WithDefaults(engine.Config{Mode: engine.ModeUncapped})
	if err != nil {
		t.Fatal(err)
	}
	l := newLoop(cfg, partsOf(g), Wiring{Platform: p, Clock: c}.withDefaults())
	if err := l.run(context.Background()); !errors.Is(err, boom) {
		t.Fatalf("run: %v, want the tick's error", err)
	}
	if l.phases.task == nil {
		t.Fatal("no frame task open after the error: the test no longer covers stop")
	}
	l.phases.stop()
	if l.phases.task != nil || l.phases.region != nil {
		t.Fatal("stop left the cut-short frame's task open")
	}
}

func TestPhaseTimerReadingWallAndCPUCostsNoAllocationWithProfilingOff(t *testing.T) {
	if trace.IsEnabled() {
		t.Skip("a trace is running")
	}
	p := newPhaseTimer(NewSystemClock(WaitHybrid), &Stats{}, &FrameRecord{}, false)
	if p.cpu == nil {
		t.Fatal("the system clock reads no thread CPU time: the test would not cover it")
	}
	allocs := testing.AllocsPerRun(100, func() {
		p.beginFrame(0)
		for ph := PhaseTick; ph < NumPhases; ph++ {
			p.enter(ph)
		}
		p.endFrame()
	})
	if allocs != 0 {
		t.Fatalf("a frame of phase switches allocates %v times, want 0", allocs)
	}
}

// wallClock is the system clock without its thread CPU clock: the loop
// then measures wall time only.
type wallClock struct{ Clock }

// BenchmarkPhases is one frame's worth of phase switches (NumPhases of
// them) on the real clock: wall time only, wall and the thread's CPU
// time, and both with the CPU profiler's labels on.
func BenchmarkPhases(b *testing.B) {
	for _, bc := range []struct {
		name        string
		cpu, labels bool
	}{{"wall", false, false}, {"wall+cpu", true, false}, {"wall+cpu+labels", true, true}} {
		b.Run(bc.name, func(b *testing.B) {
			var c Clock = NewSystemClock(WaitHybrid)
			if !bc.cpu {
				c = wallClock{c}
			}
			p := newPhaseTimer(c, &Stats{}, &FrameRecord{}, bc.labels)
			defer p.stop()
			b.ReportAllocs()
			for b.Loop() {
				p.beginFrame(0)
				for ph := PhaseTick; ph < NumPhases; ph++ {
					p.enter(ph)
				}
				p.endFrame()
			}
		})
	}
}
