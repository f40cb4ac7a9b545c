package physicstest

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
)

// AllocsPerStep returns the average number of heap allocations one Step of
// w makes, over runs steps (after one more to warm up), failing tb if a
// step fails. A native backend should make none once warm; cp allocates
// per colliding pair.
func AllocsPerStep(tb testing.TB, w physics.Stepper, runs int) float64 {
	tb.Helper()
	var err error
	n := testing.AllocsPerRun(runs, func() {
		if e := w.Step(dt); e != nil && err == nil {
			err = e
		}
	})
	if err != nil {
		tb.Fatalf("Step: %v", err)
	}
	return n
}

// BenchSizes are the body counts Bench steps piles of.
var BenchSizes = []int{100, 1_000, 5_000, 20_000}

// episode is how many steps a benchmark runs a pile before rebuilding it:
// a pile costs more while it falls than once it rests, so timing whole
// episodes makes ns/op independent of b.N and the same scene for every
// backend.
const episode = 120

// Bench benchmarks worlds made by open: Step on piles of each of
// BenchSizes bodies (rebuilt every 2 s of simulation, untimed), reporting
// allocations, and Snapshot per body on a settled pile of 1,000.
func Bench(b *testing.B, open Opener) {
	for _, n := range BenchSizes {
		b.Run(fmt.Sprintf("Step/bodies=%d", n), func(b *testing.B) {
			var w physics.World
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				if i%episode == 0 {
					b.StopTimer()
					if w != nil {
						if err := w.Close(); err != nil {
							b.Fatal(err)
						}
					}
					w = nil
					runtime.GC()
					w = benchPile(b, open, n)
					b.StartTimer()
				}
				if err := w.Step(dt); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.StopTimer()
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		})
	}
	b.Run("Snapshot/bodies=1000", func(b *testing.B) {
		w := benchPile(b, open, 1000)
		defer w.Close()
		for range episode {
			if err := w.Step(dt); err != nil {
				b.Fatal(err)
			}
		}
		buf := w.Snapshot(nil)
		b.ReportAllocs()
		for b.Loop() {
			buf = w.Snapshot(buf)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(buf)), "ns/body")
	})
}

// benchPile opens a world holding a pile of n bodies from seed 1. Unlike
// the tests' worlds, the caller closes it: a benchmark builds many.
func benchPile(b *testing.B, open Opener, n int) physics.World {
	b.Helper()
	w, err := open(PileConfig())
	if err != nil {
		b.Fatal(err)
	}
	if err := Pile(w, n, 1); err != nil {
		b.Fatal(err)
	}
	return w
}

// CopySizes are the body counts BenchCopy copies piles of.
var CopySizes = []int{300, 500}

// BenchCopy benchmarks CopyFrom as a session uses it, once a frame from a
// source a tick further each time (two settled piles a tick apart, copied
// in turn into a warm world), a copy followed by the 8 steps of a full
// prediction, and those 8 steps alone, for piles of each of CopySizes
// bodies.
func BenchCopy(b *testing.B, open Opener) {
	for _, n := range CopySizes {
		b.Run(fmt.Sprintf("CopyFrom/bodies=%d", n), func(b *testing.B) {
			src, c := copyBench(b, open, n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := c.CopyFrom(src[i%2]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
		b.Run(fmt.Sprintf("CopyAndStep8/bodies=%d", n), func(b *testing.B) {
			src, c := copyBench(b, open, n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := c.CopyFrom(src[i%2]); err != nil {
					b.Fatal(err)
				}
				for range 8 {
					if err := c.Step(dt); err != nil {
						b.Fatal(err)
					}
				}
				i++
			}
		})
		b.Run(fmt.Sprintf("Resimulate8/bodies=%d", n), func(b *testing.B) {
			src, c := copyBench(b, open, n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				b.StopTimer()
				if err := c.CopyFrom(src[i%2]); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				for range 8 {
					if err := c.Step(dt); err != nil {
						b.Fatal(err)
					}
				}
				i++
			}
		})
	}
}

// copyBench opens two piles of n bodies settled 2 s, the second a step
// further, and a world that has copied both once; all closed when b ends.
func copyBench(b *testing.B, open Opener, n int) ([2]physics.World, physics.World) {
	b.Helper()
	var src [2]physics.World
	for i := range src {
		src[i] = benchPile(b, open, n)
		for range episode + i {
			if err := src[i].Step(dt); err != nil {
				b.Fatal(err)
			}
		}
	}
	c, err := open(PileConfig())
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range src {
		if err := c.CopyFrom(s); err != nil {
			b.Fatal(err)
		}
	}
	b.Cleanup(func() {
		for _, w := range append(src[:], c) {
			w.Close()
		}
	})
	return src, c
}
