package backend

import (
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/predicttest"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

// pileGame is a settled pile as a game the loop draws ahead: nothing but
// its world, which its fork copies.
type pileGame struct {
	e     Engine
	world physics.World
}

func (g *pileGame) Tick(*engine.Tick) error  { return nil }
func (g *pileGame) Draw(*engine.Frame) error { return nil }
func (g *pileGame) World() physics.Stepper   { return g.world }

func (g *pileGame) Fork() (engine.Predictor, error) {
	w, err := New(g.e, physicstest.PileConfig())
	if err != nil {
		return nil, err
	}
	return &pileGame{e: g.e, world: w}, nil
}

func (g *pileGame) CopyFrom(src engine.Predictor) error {
	return g.world.CopyFrom(src.(*pileGame).world)
}

// parts are the pile's parts, as platform/desktop's PartsOf finds them.
func (g *pileGame) parts() engine.Parts {
	return engine.Parts{Tick: g.Tick, Draw: g.Draw, World: g.World, Predictor: g,
		Fork: func() (engine.Parts, error) {
			f, err := g.Fork()
			if err != nil {
				return engine.Parts{}, err
			}
			return f.(*pileGame).parts(), nil
		}}
}

// BenchmarkPredictedFrame is a frame of the loop drawing a settled pile
// of 500 bodies 8 ticks ahead of its confirmed input, on every engine
// this binary has: the verified step, the copy stepped once, and every
// 22 frames the pile copied again and stepped 8 times (the guesses are
// right), besides the snapshots; with the percentiles of a frame's time,
// its allocations, and the drift: the farthest a body of the copy moved
// when copied again after running 30 ticks by itself (world units).
func BenchmarkPredictedFrame(b *testing.B) {
	for _, e := range Built() {
		b.Run(e.String()+"/bodies=500", func(b *testing.B) {
			g := &pileGame{e: e, world: pile(b, e, 500, warmup)}
			l := predicttest.Start(g.parts(), engine.Config{Players: 1}, host.Wiring{Lockstep: &predicttest.Lag{Ticks: 8}})
			for range 60 {
				l.Frame()
			}
			b.ReportAllocs()
			predicttest.Measure(b, l)
			rep, err := l.Stop()
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(rep.Prediction.Drift, "drift")
			if rep.Prediction.MaxResimulated != 8 {
				b.Fatalf("the frames were drawn at most %d ticks ahead, want 8", rep.Prediction.MaxResimulated)
			}
		})
	}
}
