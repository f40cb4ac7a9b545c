// Command chain hangs pendulum chains from a beam: links joined end to end
// by pivot joints, each chain ending in a heavy ball. They start swung to
// the left, each further than its left neighbour by a seeded amount, so the
// first swing sends them crashing into each other. Drag a link or ball with the
// left mouse button; the right button pushes bodies near the pointer away.
package main

import (
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/samples/scene"
)

func main() { scene.Main(&chain{}) }

// chain is the scene. It keeps which chain each body belongs to, for its
// colour, and where the chains hang, to draw the pins.
type chain struct {
	grab    scene.Grab
	owner   []int // by BodyID: chain index, or -1 for the beam
	anchors []mgl64.Vec2
}

// The scene's measures, in world units: chains of links each link long
// hang from a beam at beamY, spacing apart; each ends in a ball.
const (
	chains  = 6
	links   = 18
	link    = 0.55
	linkW   = 0.16
	spacing = 2.6
	beamY   = 5.4
	ballR   = 0.45
	length  = links*link + ballR // from the pin to the ball's centre
)

var colors = [chains]color.RGBA{
	{R: 230, G: 110, B: 80, A: 255},
	{R: 240, G: 190, B: 70, A: 255},
	{R: 110, G: 200, B: 120, A: 255},
	{R: 90, G: 170, B: 230, A: 255},
	{R: 180, G: 120, B: 220, A: 255},
	{R: 235, G: 120, B: 170, A: 255},
}

// Name is the scene's name in summaries and window titles.
func (*chain) Name() string { return "chain" }

// Build hangs the chains from the beam, swung out by the seed.
func (c *chain) Build(w physics.World, seed uint64) (scene.View, error) {
	r := rand.New(rand.NewPCG(seed, 0xc4a1))
	half := spacing * (chains - 1) / 2
	beam := physics.BoxShape(2*half+1.2, 0.3)
	id, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, beamY + 0.15}, Shapes: []physics.Shape{beam}})
	if err != nil {
		return scene.View{}, err
	}
	c.own(id, -1)
	c.anchors = c.anchors[:0]
	// Each chain's ball starts further left of its pin than its left
	// neighbour's by less than the spacing, so no two chains start
	// crossed, and the rightmost starts furthest out.
	reach := 0.0
	for i := range chains {
		anchor := mgl64.Vec2{-half + spacing*float64(i), beamY}
		swing := -math.Asin(reach / length)
		reach += 0.7 + 0.7*r.Float64()
		if err := c.hang(w, i, anchor, swing); err != nil {
			return scene.View{}, err
		}
		c.anchors = append(c.anchors, anchor)
	}
	return scene.View{
		Camera: sdl2.Camera{Center: mgl64.Vec2{0, -0.5}, Zoom: 52},
		Color:  c.color,
	}, nil
}

// hang adds one chain from anchor, laid out straight at swing radians from
// hanging straight down.
func (c *chain) hang(w physics.World, n int, anchor mgl64.Vec2, swing float64) error {
	dir := mgl64.Vec2{math.Sin(swing), -math.Cos(swing)}
	angle := math.Atan2(dir.Y(), dir.X()) // a link's long side lies along x
	shape := physics.BoxShape(link, linkW)
	shape.Friction = 0.5
	prev := physics.Ground
	prevAnchor := anchor // in prev's body coordinates: world, for Ground
	for i := range links {
		pos := anchor.Add(dir.Mul((float64(i) + 0.5) * link))
		id, err := w.AddBody(physics.BodyDef{Pos: pos, Angle: angle, Mass: 0.3, Shapes: []physics.Shape{shape}})
		if err != nil {
			return err
		}
		c.own(id, n)
		if _, err := w.AddJoint(physics.JointDef{Kind: physics.Pivot, A: prev, B: id,
			AnchorA: prevAnchor, AnchorB: mgl64.Vec2{-link / 2, 0}}); err != nil {
			return err
		}
		prev, prevAnchor = id, mgl64.Vec2{link / 2, 0}
	}
	ball := physics.CircleShape(ballR)
	ball.Friction, ball.Restitution = 0.4, 0.5
	pos := anchor.Add(dir.Mul(links*link + ballR))
	id, err := w.AddBody(physics.BodyDef{Pos: pos, Mass: 3, Shapes: []physics.Shape{ball}})
	if err != nil {
		return err
	}
	c.own(id, n)
	_, err = w.AddJoint(physics.JointDef{Kind: physics.Pivot, A: prev, B: id,
		AnchorA: prevAnchor, AnchorB: dir.Mul(-ballR)})
	return err
}

func (c *chain) own(id physics.BodyID, n int) {
	for int(id) >= len(c.owner) {
		c.owner = append(c.owner, -1)
	}
	c.owner[id] = n
}

func (c *chain) color(id physics.BodyID, kind physics.BodyKind) color.RGBA {
	if int(id) >= len(c.owner) || c.owner[id] < 0 {
		return color.RGBA{R: 120, G: 110, B: 100, A: 255}
	}
	col := colors[c.owner[id]]
	if id%2 == 0 { // alternate links a shade darker, so the links read
		col.R, col.G, col.B = col.R-col.R/5, col.G-col.G/5, col.B-col.B/5
	}
	return col
}

// Tick lets the mouse grab and push the chains.
func (c *chain) Tick(w physics.World, t *engine.Tick, v *scene.View) error {
	return c.grab.Tick(w, t, v)
}

// Draw marks where each chain hangs from the beam.
func (c *chain) Draw(cv *sdl2.Canvas, _ *engine.Frame) {
	for _, a := range c.anchors {
		cv.Circle(a, 0.12, color.RGBA{R: 220, G: 220, B: 225, A: 255})
	}
}
