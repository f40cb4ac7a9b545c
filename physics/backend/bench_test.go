package backend

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

// bodies sets the body counts the benchmarks run at, for instance to find
// the largest pile an engine steps within a tick:
//
//	taskset -c 0 go test -tags box2d -cpu 1 -run '^$' -bench Step ./physics/backend -args -bodies 8000,12000,16000
var bodies = flag.String("bodies", "100,1000,5000,20000", "comma-separated body counts for the benchmarks")

const tick = time.Second / 60

// warmup is how many steps a pile falls and settles before timing starts:
// a falling pile costs less than a packed one, so timing from the start
// would make ns/op depend on b.N. After 4 s the suite's piles are at rest.
const warmup = 240

func benchSizes(b *testing.B) []int {
	var sizes []int
	for _, f := range strings.Split(*bodies, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			b.Fatalf("-bodies %q: %q is not a positive count", *bodies, f)
		}
		sizes = append(sizes, n)
	}
	return sizes
}

// pile opens a world on engine e holding the conformance suite's pile of n
// bodies (seed 1), so that every engine steps the same scene, and steps it
// settle times.
func pile(b *testing.B, e Engine, n, settle int) physics.World {
	b.Helper()
	w, err := New(e, physicstest.PileConfig())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { w.Close() })
	if err := physicstest.Pile(w, n, 1); err != nil {
		b.Fatal(err)
	}
	for range settle {
		if err := w.Step(tick); err != nil {
			b.Fatal(err)
		}
	}
	return w
}

// BenchmarkStep steps the same settled pile on every engine in this build,
// 60 steps a second, without sleeping. Besides wall time it reports the
// process's CPU time per step (cpu-ns/op), which other processes' load
// does not inflate and which counts cp's garbage collection on other
// threads. Compare engines with benchstat -col /engine.
func BenchmarkStep(b *testing.B) {
	for _, n := range benchSizes(b) {
		for _, e := range Built() {
			b.Run(fmt.Sprintf("bodies=%d/engine=%v", n, e), func(b *testing.B) {
				w := pile(b, e, n, warmup)
				b.ReportAllocs()
				cpu0 := processCPU()
				for b.Loop() {
					if err := w.Step(tick); err != nil {
						b.Fatal(err)
					}
				}
				if cpu := processCPU() - cpu0; cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}

// BenchmarkSnapshot copies every body's state out of a pile, as the engine
// does after each tick, and reports the cost per body.
func BenchmarkSnapshot(b *testing.B) {
	for _, n := range benchSizes(b) {
		for _, e := range Built() {
			b.Run(fmt.Sprintf("bodies=%d/engine=%v", n, e), func(b *testing.B) {
				w := pile(b, e, n, 1)
				dst := w.Snapshot(nil)
				b.ReportAllocs()
				for b.Loop() {
					dst = w.Snapshot(dst)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(w.Len()), "ns/body")
			})
		}
	}
}

// BenchmarkAddBody adds a dynamic body of two shapes (a box and a polygon)
// and removes it again, on every engine in this build: the cost of
// building a scene, validation included. Its allocs/op pins that checking
// a definition allocates nothing of its own.
//
// The world steps (untimed) every stepEvery bodies, as a game's does
// between the ticks that add and remove them: Box2D keeps each new body in
// a list of moved ones until the next step, and removing a body searches
// that list, so a world that never steps makes every removal slower than
// the last (108 µs per body here after a second of it).
func BenchmarkAddBody(b *testing.B) {
	const stepEvery = 100
	d := physics.BodyDef{Pos: mgl64.Vec2{1, 2}, Vel: mgl64.Vec2{0.5, 0}, Shapes: []physics.Shape{
		{Kind: physics.Box, Half: mgl64.Vec2{0.5, 0.25}, Density: 1, Friction: 0.5},
		{Kind: physics.Polygon, Verts: []mgl64.Vec2{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, Density: 1, Restitution: 0.2},
	}}
	for _, e := range Built() {
		b.Run(fmt.Sprintf("engine=%v", e), func(b *testing.B) {
			w, err := New(e, physics.Config{})
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { w.Close() })
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				id, err := w.AddBody(d)
				if err != nil {
					b.Fatal(err)
				}
				if err := w.RemoveBody(id); err != nil {
					b.Fatal(err)
				}
				if n++; n%stepEvery == 0 {
					b.StopTimer()
					if err := w.Step(tick); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
			}
		})
	}
}

// BenchmarkRemove adds n bodies to an empty world and removes them all
// again before any step, as a game that spawns and clears a level in one
// tick does, in the order they were added (first) or the reverse (last),
// or all at once with Clear (clear), or first-added first after one
// (untimed) step (stepped: Box2D's own removal is then O(1), so what is
// left is ours), and reports the cost per body. Linear
// work keeps ns/body flat as n doubles; quadratic work doubles it, as the
// engines' own removal still does (see World.Clear).
func BenchmarkRemove(b *testing.B) {
	for _, n := range removeSizes(b) {
		for _, order := range []string{"first", "last", "stepped", "clear"} {
			for _, e := range Built() {
				b.Run(fmt.Sprintf("bodies=%d/order=%s/engine=%v", n, order, e), func(b *testing.B) {
					benchRemove(b, e, n, order)
				})
			}
		}
	}
}

func benchRemove(b *testing.B, e Engine, n int, order string) {
	ids := make([]physics.BodyID, n)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		w, err := New(e, physics.Config{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for i := range ids {
			s := physics.CircleShape(0.4)
			s.Density = 1
			ids[i], err = w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{float64(i%200) * 1.2, float64(i/200) * 1.2}, Shapes: []physics.Shape{s}})
			if err != nil {
				b.Fatal(err)
			}
		}
		if order == "stepped" {
			b.StopTimer()
			if err := w.Step(tick); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		if order == "clear" {
			if err := w.Clear(); err != nil {
				b.Fatal(err)
			}
		}
		for i := range ids {
			if order == "clear" {
				break
			}
			if order == "last" {
				i = n - 1 - i
			}
			if err := w.RemoveBody(ids[i]); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		w.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/body")
}

// removeCounts are the body counts BenchmarkRemove runs.
var removeCounts = flag.String("remove", "5000,10000,20000", "comma-separated body counts for BenchmarkRemove")

func removeSizes(b *testing.B) []int {
	var sizes []int
	for _, f := range strings.Split(*removeCounts, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			b.Fatalf("-remove %q: %q is not a positive count", *removeCounts, f)
		}
		sizes = append(sizes, n)
	}
	return sizes
}

// BenchmarkCopyPile copies a settled pile into a warm world, as a
// predicting run does every frame: Chipmunk and Box2D rebuild what they
// can read and set, the exact engine copies its whole state (and so
// continues bit for bit).
func BenchmarkCopyPile(b *testing.B) {
	for _, n := range []int{500, 2000} {
		for _, e := range Built() {
			b.Run(fmt.Sprintf("bodies=%d/engine=%v", n, e), func(b *testing.B) {
				src := pile(b, e, n, 300)
				dst := pile(b, e, n, 0)
				if err := dst.CopyFrom(src); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if err := dst.CopyFrom(src); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
