package main

import (
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/predicttest"
	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// predicting runs versus on the named engine drawn 8 ticks ahead of its
// confirmed input, warm, with the chaser playing.
func predicting(t testing.TB, name string, clock host.Clock) *predicttest.Loop {
	g := startedOn(t, name)
	return lagging(t, g, chasers(t, g), clock, 8)
}

// steering holds each arrow key in turn for half a second, for both
// players: input that depends on the tick alone.
func steering(n uint64, in []engine.Input) {
	keys := [4]engine.Key{engine.KeyRight, engine.KeyUp, engine.KeyLeft, engine.KeyDown}
	for i := range in {
		in[i].Down.Add(keys[(n/30+uint64(i))%4])
	}
}

// lagging runs g with its input confirmed ticks late (0: every frame
// drawn from the verified game), warm, with input played.
func lagging(t testing.TB, g *game, input func(uint64, []engine.Input), clock host.Clock, ticks int) *predicttest.Loop {
	lag := &predicttest.Lag{Ticks: ticks, Input: input}
	l := predicttest.Start(desktop.PartsOf(g, nil), engine.Config{Players: 2}, host.Wiring{Lockstep: lag, Clock: clock})
	for range 300 {
		if !l.Frame() {
			rep, err := l.Stop()
			t.Fatalf("the run ended after %d ticks: %v", rep.Ticks, err)
		}
	}
	return l
}

// A frame drawn from a copy of versus 8 ticks ahead allocates no more
// once warm than the same frame drawn from the verified game: the copy
// reuses its world's memory. (Both allocate what the physics library's
// own steps do.)
func TestPredictedVersusFramesAllocateNothingOnceWarm(t *testing.T) {
	for _, name := range engines {
		t.Run(name, func(t *testing.T) {
			var allocs [2]float64
			for i, ticks := range []int{0, 8} {
				l := lagging(t, startedOn(t, name), steering, nil, ticks)
				allocs[i] = testing.AllocsPerRun(200, func() { l.Frame() })
				rep, err := l.Stop()
				if err != nil {
					t.Fatal(err)
				}
				if ticks > 0 && (rep.Prediction.Frames < 400 || rep.Prediction.MaxResimulated != 8 || rep.Prediction.Rebases < 10) {
					t.Fatalf("%d frames predicted, at most %d ticks, %d rebases: want 400 or more, 8, 10 or more",
						rep.Prediction.Frames, rep.Prediction.MaxResimulated, rep.Prediction.Rebases)
				}
			}
			t.Logf("%s: %v allocations a frame drawn from the verified game, %v drawn 8 ticks ahead", name, allocs[0], allocs[1])
			if allocs[1] > allocs[0]+0.5 {
				t.Fatalf("%v allocations a frame drawn 8 ticks ahead, %v drawn from the verified game: want no more", allocs[1], allocs[0])
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
