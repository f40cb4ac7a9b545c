package engine

import (
	"context"
	"errors"
	"io"
	"runtime/trace"
	"testing"
	"time"
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
	g := &recorder{onTick: func(tk *Tick) error {
		if tk.N == 3 {
			return boom
		}
		return nil
	}}
	cfg, err := Config{Mode: ModeUncapped}.WithDefaults()
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

func TestPhaseTimerCostsNoAllocationWithProfilingOff(t *testing.T) {
	if trace.IsEnabled() {
		t.Skip("a trace is running")
	}
	var total [NumPhases]time.Duration
	p := newPhaseTimer(&fakeClock{}, &total, false)
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

// BenchmarkPhases is one frame's worth of phase switches on the real
// clock: without profiling, and with the CPU profiler's labels on.
func BenchmarkPhases(b *testing.B) {
	for _, labels := range []bool{false, true} {
		name := "off"
		if labels {
			name = "labels"
		}
		b.Run(name, func(b *testing.B) {
			var total [NumPhases]time.Duration
			p := newPhaseTimer(NewSystemClock(WaitHybrid), &total, labels)
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
