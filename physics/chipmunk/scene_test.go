package chipmunk

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
)

// tick is the engine's default fixed step.
const tick = time.Second / 60

// pile describes a test scene: n bodies, circles and boxes chosen by seed,
// dropped in a grid into an open box of static segments under gravity. The
// same description builds a World and a bare cp.Space with the same cp
// calls in the same order, so the two simulate bit for bit alike and their
// step costs compare the wrapper alone.
type pile struct {
	walls  [3][2]mgl64.Vec2
	bodies []pileBody
}

type pileBody struct {
	pos     mgl64.Vec2
	vel     mgl64.Vec2
	box     bool
	size    float64 // radius, or half the side of a box
	mass    float64
	fr, ela float64
}

func newPile(n int, seed uint64) pile {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	width := float64(cols) * 1.2
	var p pile
	p.walls = [3][2]mgl64.Vec2{
		{{-0.5, 0}, {width + 0.5, 0}},
		{{-0.5, 0}, {-0.5, 4 * width}},
		{{width + 0.5, 0}, {width + 0.5, 4 * width}},
	}
	for i := range n {
		b := pileBody{
			pos:  mgl64.Vec2{0.6 + float64(i%cols)*1.2 + (r.Float64()-0.5)*0.1, 0.6 + float64(i/cols)*1.2},
			vel:  mgl64.Vec2{(r.Float64() - 0.5) * 2, 0},
			box:  r.IntN(3) == 0,
			size: 0.3 + r.Float64()*0.2,
			mass: 1 + r.Float64(),
			fr:   0.7,
			ela:  0.1,
		}
		p.bodies = append(p.bodies, b)
	}
	return p
}

func (p pile) shape(b pileBody) physics.Shape {
	s := physics.CircleShape(b.size)
	if b.box {
		s = physics.BoxShape(2*b.size, 2*b.size)
	}
	s.Friction, s.Restitution = b.fr, b.ela
	return s
}

func (p pile) world(tb testing.TB, cfg physics.Config) *World {
	tb.Helper()
	cfg.Gravity = mgl64.Vec2{0, -10}
	w, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	for _, wall := range p.walls {
		s := physics.SegmentShape(wall[0], wall[1], 0.1)
		s.Friction, s.Restitution = 1, 0.1
		if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{s}}); err != nil {
			tb.Fatal(err)
		}
	}
	for _, b := range p.bodies {
		_, err := w.AddBody(physics.BodyDef{Pos: b.pos, Vel: b.vel, Mass: b.mass, Shapes: []physics.Shape{p.shape(b)}})
		if err != nil {
			tb.Fatal(err)
		}
	}
	return w
}

// raw builds the same scene with cp alone, the way a program without this
// package would, keeping its own slice of bodies.
func (p pile) raw() (*cp.Space, []*cp.Body) {
	s := cp.NewSpace()
	s.SetGravity(cp.Vector{X: 0, Y: -10})
	var bodies []*cp.Body
	for _, wall := range p.walls {
		b := cp.NewStaticBody()
		s.AddBody(b)
		sh := s.AddShape(cp.NewSegment(b, vec(wall[0]), vec(wall[1]), 0.1))
		sh.SetFriction(1)
		sh.SetElasticity(0.1)
		bodies = append(bodies, b)
	}
	for _, pb := range p.bodies {
		var moment float64
		if pb.box {
			moment = cp.MomentForBox2(pb.mass, cp.BB{L: -pb.size, B: -pb.size, R: pb.size, T: pb.size})
		} else {
			moment = cp.MomentForCircle(pb.mass, 0, pb.size, cp.Vector{})
		}
		b := cp.NewBody(pb.mass, moment)
		b.SetPosition(vec(pb.pos))
		b.SetAngle(0)
		b.SetVelocityVector(vec(pb.vel))
		b.SetAngularVelocity(0)
		s.AddBody(b)
		var sh *cp.Shape
		if pb.box {
			sh = cp.NewBox2(b, cp.BB{L: -pb.size, B: -pb.size, R: pb.size, T: pb.size}, 0)
		} else {
			sh = cp.NewCircle(b, pb.size, cp.Vector{})
		}
		sh.SetFriction(pb.fr)
		sh.SetElasticity(pb.ela)
		s.AddShape(sh)
		bodies = append(bodies, b)
	}
	return s, bodies
}
