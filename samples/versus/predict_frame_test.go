package main

import (
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/predicttest"
	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// predicting runs versus on the named engine drawn 8 ticks ahead of its
// confirmed input, warm, with the chaser playing.
func predicting(t testing.TB, name string, clock engine.Clock) *predicttest.Loop {
	g := startedOn(t, name)
	lag := &predicttest.Lag{Ticks: 8}
	lag.Input = chasers(t, g)
	l := predicttest.Start(desktop.PartsOf(g, nil), engine.Config{Players: 2}, engine.Wiring{Lockstep: lag, Clock: clock})
	for range 300 {
		if !l.Frame() {
			rep, err := l.Stop()
			t.Fatalf("the run ended after %d ticks: %v", rep.Ticks, err)
		}
	}
	return l
}

// A frame drawn from a copy of versus 8 ticks ahead allocates nothing
// once warm: the copy reuses its world's memory.
func TestPredictedVersusFramesAllocateNothingOnceWarm(t *testing.T) {
	for _, name := range engines {
		t.Run(name, func(t *testing.T) {
			l := predicting(t, name, nil)
			allocs := testing.AllocsPerRun(200, func() { l.Frame() })
			rep, err := l.Stop()
			if err != nil {
				t.Fatal(err)
			}
			if allocs != 0 || rep.Prediction.Frames < 400 || rep.Prediction.MaxResimulated != 8 {
				t.Fatalf("%v allocations a frame, %d frames predicted, at most %d ticks: want 0, 400 or more, 8",
					allocs, rep.Prediction.Frames, rep.Prediction.MaxResimulated)
			}
		})
	}
}

// BenchmarkPredictedFrame is a frame of versus drawn 8 ticks ahead: the
// game copied and the copy ticked 8 times, besides the verified tick. It
// reports each frame's time as percentiles too.
func BenchmarkPredictedFrame(b *testing.B) {
	for _, name := range engines {
		b.Run(name, func(b *testing.B) {
			l := predicting(b, name, nil)
			b.ReportAllocs()
			predicttest.Measure(b, l)
			if _, err := l.Stop(); err != nil {
				b.Fatal(err)
			}
		})
	}
}
