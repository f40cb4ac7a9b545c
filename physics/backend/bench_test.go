package backend

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// bodies sets the body counts the benchmarks run at, to find the largest
// pile an engine steps in time: go test -tags box2d -bench Step -bodies
// 20000,30000,40000 ./physics/backend
var bodies = flag.String("bodies", "100,1000,5000,20000", "comma-separated body counts for the benchmarks")

const tick = time.Second / 60

// warmup is how many steps a pile falls before timing starts, so the
// timed steps are those of a settled pile: timing from the start would
// make ns/op depend on b.N, a falling pile costing less than a packed one.
const warmup = 120

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

// pile fills an open container with n bodies, circles and boxes of mixed
// sizes from a fixed seed, in a grid twice as wide as it is tall whose cells
// are little larger than the bodies, so that the same scene on every engine
// settles into a pile within two seconds.
func pile(b *testing.B, e Engine, n int) physics.World {
	b.Helper()
	w, err := New(e, physics.Config{Gravity: mgl64.Vec2{0, -10}})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { w.Close() })
	const cell = 0.62
	cols := 1
	for cols*cols < 2*n {
		cols++
	}
	width := float64(cols) * cell
	wall := func(pos mgl64.Vec2, w, h float64) physics.BodyDef {
		s := physics.BoxShape(w, h)
		s.Friction = 0.7
		return physics.BodyDef{Kind: physics.Static, Pos: pos, Shapes: []physics.Shape{s}}
	}
	height := float64(n/cols+2) * cell * 2
	for _, d := range []physics.BodyDef{
		wall(mgl64.Vec2{0, -0.5}, width+2, 1),
		wall(mgl64.Vec2{-width/2 - 0.5, height / 2}, 1, height),
		wall(mgl64.Vec2{width/2 + 0.5, height / 2}, 1, height),
	} {
		if _, err := w.AddBody(d); err != nil {
			b.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		var s physics.Shape
		if i%2 == 0 {
			s = physics.CircleShape(0.2 + 0.1*r.Float64())
		} else {
			s = physics.BoxShape(0.4+0.1*r.Float64(), 0.4+0.1*r.Float64())
		}
		s.Density, s.Friction = 1, 0.7
		pos := mgl64.Vec2{-width/2 + cell*(float64(i%cols)+0.5), cell * (float64(i/cols) + 0.5)}
		if _, err := w.AddBody(physics.BodyDef{Pos: pos, Shapes: []physics.Shape{s}}); err != nil {
			b.Fatal(err)
		}
	}
	return w
}

func step(b *testing.B, w physics.World, n int) {
	for range n {
		if err := w.Step(tick); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStep steps the same settled pile on every engine in this build,
// at 60 steps a second. Compare engines with benchstat -col /engine.
func BenchmarkStep(b *testing.B) {
	for _, n := range benchSizes(b) {
		for _, e := range Built() {
			b.Run(fmt.Sprintf("bodies=%d/engine=%v", n, e), func(b *testing.B) {
				w := pile(b, e, n)
				step(b, w, warmup)
				b.ReportAllocs()
				for b.Loop() {
					if err := w.Step(tick); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkSnapshot copies every body's state out of a settled pile, as the
// engine does after each tick, and reports the cost per body.
func BenchmarkSnapshot(b *testing.B) {
	for _, n := range benchSizes(b) {
		for _, e := range Built() {
			b.Run(fmt.Sprintf("bodies=%d/engine=%v", n, e), func(b *testing.B) {
				w := pile(b, e, n)
				step(b, w, 10)
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
