package chipmunk

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

var benchSizes = []int{100, 500, 2000, 10000}

// episode is how many steps a benchmark runs a scene before rebuilding it.
// A pile costs more per step while it falls than once it rests, so timing
// whole episodes makes ns/op the same whatever b.N turns out to be, and
// equal for the wrapper and raw cp, which simulate bit for bit alike.
const episode = 120

// BenchmarkStep steps the same scene through World and through cp alone.
func BenchmarkStep(b *testing.B) {
	for _, n := range benchSizes {
		scene := newPile(n, 1)
		b.Run(fmt.Sprintf("wrapper/n=%d", n), func(b *testing.B) {
			runEpisodes(b, func() func() {
				w := scene.world(b, physics.Config{})
				return func() {
					if err := w.Step(tick); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
		b.Run(fmt.Sprintf("raw/n=%d", n), func(b *testing.B) {
			runEpisodes(b, func() func() {
				space, _ := scene.raw()
				dt := tick.Seconds()
				return func() { space.Step(dt) }
			})
		})
	}
}

// runEpisodes times step, rebuilding it with build (untimed, after a GC so
// each episode starts alike) every episode steps.
func runEpisodes(b *testing.B, build func() func()) {
	var step func()
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		if i%episode == 0 {
			b.StopTimer()
			step = nil
			runtime.GC()
			step = build()
			b.StartTimer()
		}
		step()
		i++
	}
}

// BenchmarkSnapshotBlend is what the engine does per tick (Snapshot) and
// per frame (Blend) on top of stepping.
func BenchmarkSnapshotBlend(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			w := newPile(n, 1).world(b, physics.Config{})
			prev := w.Snapshot(nil)
			if err := w.Step(tick); err != nil {
				b.Fatal(err)
			}
			cur := w.Snapshot(nil)
			out := physics.Blend(nil, prev, cur, 0.5)
			b.ReportAllocs()
			for b.Loop() {
				cur = w.Snapshot(cur)
				out = physics.Blend(out, prev, cur, 0.5)
			}
		})
	}
}

// BenchmarkStepPaired steps the wrapper's scene and raw cp's twin
// alternately, timing each step, so load from other processes falls on both
// alike. It reports each one's ns per step and the wrapper's overhead in
// percent; ns/op is the pair.
func BenchmarkStepPaired(b *testing.B) {
	for _, n := range benchSizes {
		scene := newPile(n, 1)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var w *World
			var space *cp.Space
			var wrapped, raw time.Duration
			dt := tick.Seconds()
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				if i%episode == 0 {
					b.StopTimer()
					w, space = nil, nil
					runtime.GC()
					w = scene.world(b, physics.Config{})
					space, _ = scene.raw()
					b.StartTimer()
				}
				i++
				// Alternate which goes first, so neither always runs
				// right after the other's allocations or a GC.
				if i%2 == 0 {
					t0 := time.Now()
					space.Step(dt)
					t1 := time.Now()
					if err := w.Step(tick); err != nil {
						b.Fatal(err)
					}
					raw += t1.Sub(t0)
					wrapped += time.Since(t1)
				} else {
					t0 := time.Now()
					if err := w.Step(tick); err != nil {
						b.Fatal(err)
					}
					t1 := time.Now()
					space.Step(dt)
					wrapped += t1.Sub(t0)
					raw += time.Since(t1)
				}
			}
			b.ReportMetric(float64(wrapped)/float64(i), "wrapper-ns/step")
			b.ReportMetric(float64(raw)/float64(i), "raw-ns/step")
			b.ReportMetric(100*(float64(wrapped)/float64(raw)-1), "overhead-%")
		})
	}
}

// BenchmarkCheckBodies times the only work World.Step adds to cp's step,
// the scan for diverged bodies, for comparing with BenchmarkStep when load
// from other processes makes the difference of two step timings too noisy.
func BenchmarkCheckBodies(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			w := newPile(n, 1).world(b, physics.Config{})
			if err := w.Step(tick); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := w.checkBodies(0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkQueries runs each query on a settled pile of 1,000 bodies.
// Their allocations are cp's: its queries box a context into an interface
// and QueryBox's collision test makes a contact buffer per candidate.
func BenchmarkQueries(b *testing.B) {
	w, err := New(physicstest.PileConfig())
	if err != nil {
		b.Fatal(err)
	}
	if err := physicstest.Pile(w, 1000, 1); err != nil {
		b.Fatal(err)
	}
	for range episode {
		if err := w.Step(tick); err != nil {
			b.Fatal(err)
		}
	}
	ids := make([]physics.BodyID, 0, 64)
	mid := mgl64.Vec2{19, 3} // inside the pile, 38 wide
	queries := []struct {
		name string
		run  func() error
	}{
		{"QueryPoint", func() (err error) { ids, err = w.QueryPoint(mid, physics.Filter{}, ids); return err }},
		{"QueryBox", func() (err error) {
			ids, err = w.QueryBox(mid, mid.Add(mgl64.Vec2{2, 2}), physics.Filter{}, ids)
			return err
		}},
		{"RayCast", func() error {
			_, _, err := w.RayCast(mgl64.Vec2{-5, 3}, mgl64.Vec2{45, 3}, physics.Filter{})
			return err
		}},
		{"BodyAt", func() error { _, _, err := w.BodyAt(mid, 0.5, false); return err }},
	}
	for _, q := range queries {
		b.Run(q.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := q.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
