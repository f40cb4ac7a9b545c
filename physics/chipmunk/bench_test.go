package chipmunk

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
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
