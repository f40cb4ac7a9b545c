package main

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// The field is 16 by 9 units around the origin; each goal is a gap of
// goalHalf either side of the middle of a short wall.
const (
	halfW, halfH = 8.0, 4.5
	goalHalf     = 1.5
	goalBack     = halfW + 1.2 // the wall behind each goal mouth
	discRadius   = 0.6
	puckRadius   = 0.35
	discSpeed    = 7.0 // units a second a held direction drives a disc at
	discGrip     = 0.25
)

// game is Versus. Its state changes only in Tick, from the players' input.
type game struct {
	goals int    // -goals
	bot   uint64 // -bot: 0 off

	seed    uint64
	engine  backend.Engine // the physics engine the world is on
	world   physics.World
	discs   [maxPlayers]physics.BodyID
	nDiscs  int // the discs made so far: 2 at Start, more in the first tick of a bigger session
	puck    physics.BodyID
	score   [2]int
	over    bool   // a player reached goals
	serve   int    // goals so far: where the puck is served next
	botTick uint64 // ticks the bot played on this machine (local play)
}

// Start builds the field on the physics engine the command line chose.
func (g *game) Start(s *desktop.Setup) error {
	g.seed, g.engine = s.Seed, s.Physics
	w, err := s.NewWorld(worldConfig())
	if err != nil {
		return err
	}
	g.world = w
	if err := g.walls(); err != nil {
		return err
	}
	if err := g.addDiscs(2); err != nil {
		return err
	}
	p := physics.CircleShape(puckRadius)
	p.Restitution, p.Friction = 0.9, 0.1
	if g.puck, err = w.AddBody(physics.BodyDef{Mass: 0.5, Shapes: []physics.Shape{p}}); err != nil {
		return err
	}
	return g.servePuck()
}

// maxPlayers is the most players versus takes: two a side.
const maxPlayers = 4

// starts are where each slot's disc starts: slots 0 and 2 defend the
// left goal, 1 and 3 the right.
var starts = [maxPlayers]mgl64.Vec2{{-halfW / 2, 0}, {halfW / 2, 0}, {-halfW * 0.75, 2.5}, {halfW * 0.75, -2.5}}

// addDiscs makes the discs of the slots up to n. A session of more than
// two players makes its others in its first tick (Start is not told how
// many slots a game alone or a replay has; every tick is), on every peer
// and in every replay alike.
func (g *game) addDiscs(n int) error {
	for ; g.nDiscs < min(n, maxPlayers); g.nDiscs++ {
		d := physics.CircleShape(discRadius)
		d.Restitution, d.Friction = 0.5, 0.3
		id, err := g.world.AddBody(physics.BodyDef{Pos: starts[g.nDiscs], Mass: 3, Moment: math.Inf(1), Shapes: []physics.Shape{d}})
		if err != nil {
			return err
		}
		g.discs[g.nDiscs] = id
	}
	return nil
}

// walls are the field's edge with a goal gap in each short side; the
// goal mouths are closed behind by a wall the puck stops at.
func (g *game) walls() error {
	seg := func(ax, ay, bx, by float64) physics.Shape {
		s := physics.SegmentShape(mgl64.Vec2{ax, ay}, mgl64.Vec2{bx, by}, 0.1)
		s.Restitution, s.Friction = 0.8, 0.2
		return s
	}
	back := goalBack
	shapes := []physics.Shape{
		seg(-halfW, -halfH, halfW, -halfH), seg(-halfW, halfH, halfW, halfH),
		seg(-halfW, -halfH, -halfW, -goalHalf), seg(-halfW, goalHalf, -halfW, halfH),
		seg(halfW, -halfH, halfW, -goalHalf), seg(halfW, goalHalf, halfW, halfH),
		seg(-halfW, goalHalf, -back, goalHalf), seg(-halfW, -goalHalf, -back, -goalHalf), seg(-back, -goalHalf, -back, goalHalf),
		seg(halfW, goalHalf, back, goalHalf), seg(halfW, -goalHalf, back, -goalHalf), seg(back, -goalHalf, back, goalHalf),
	}
	_, err := g.world.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: shapes})
	return err
}

// servePuck puts the puck in the middle, moving in a direction drawn
// from the seed and the goals so far.
func (g *game) servePuck() error {
	r := rand.New(rand.NewPCG(g.seed, uint64(g.serve)))
	a := (r.Float64() - 0.5) * math.Pi / 2
	if g.serve%2 == 1 {
		a += math.Pi
	}
	if err := g.world.Teleport(g.puck, mgl64.Vec2{}, 0); err != nil {
		return err
	}
	return g.world.SetVelocity(g.puck, mgl64.Vec2{math.Cos(a), math.Sin(a)}.Mul(3), 0)
}

// World is the physics world the loop steps.
func (g *game) World() physics.Stepper {
	if g.world == nil {
		return nil
	}
	return g.world
}

// Close frees the world.
func (g *game) Close() error {
	if g.world == nil {
		return nil
	}
	return g.world.Close()
}

// Tick steers each disc from its player's input and counts goals.
func (g *game) Tick(t *engine.Tick) error {
	if err := g.addDiscs(len(t.Players)); err != nil {
		return err
	}
	if g.over {
		return nil
	}
	// A slot nobody plays (engine.Gone: given up, or empty until a
	// player joins late) has the zero input: its disc coasts to a stop.
	for i := range g.nDiscs {
		if err := g.steer(g.discs[i], &t.Players[i]); err != nil {
			return err
		}
	}
	p, err := g.world.State(g.puck)
	if err != nil {
		return err
	}
	switch {
	case p.Pos[0] < -halfW-puckRadius:
		g.score[1]++
	case p.Pos[0] > halfW+puckRadius:
		g.score[0]++
	default:
		return nil
	}
	g.serve++
	g.over = g.score[0] >= g.goals || g.score[1] >= g.goals
	return g.servePuck()
}

// steer drives a disc towards the speed the held direction asks for.
func (g *game) steer(id physics.BodyID, in *engine.Input) error {
	s, err := g.world.State(id)
	if err != nil {
		return err
	}
	want := direction(in).Mul(discSpeed)
	v := s.Vel.Add(want.Sub(s.Vel).Mul(discGrip))
	return g.world.SetVelocity(id, v, 0)
}

// direction reads a player's input: W A S D or the arrows, or the first
// controller's left stick or D-pad; diagonals are as fast as the rest.
func direction(in *engine.Input) mgl64.Vec2 {
	var d mgl64.Vec2
	key := func(a, b engine.Key) bool { return in.Down.Has(a) || in.Down.Has(b) }
	if key(engine.KeyA, engine.KeyLeft) {
		d[0]--
	}
	if key(engine.KeyD, engine.KeyRight) {
		d[0]++
	}
	if key(engine.KeyW, engine.KeyUp) {
		d[1]++
	}
	if key(engine.KeyS, engine.KeyDown) {
		d[1]--
	}
	pad := &in.Pads[0]
	d[0] += pad.Axis(gamepad.LeftX)
	d[1] -= pad.Axis(gamepad.LeftY)
	if l := d.Len(); l > 1 {
		d = d.Mul(1 / l)
	}
	return d
}

// StateHash covers what lives outside the world: the score.
func (g *game) StateHash() uint64 {
	h := uint64(g.score[0])<<32 | uint64(g.score[1])<<8 | uint64(g.serve)<<16
	if g.over {
		h |= 1
	}
	return h * 0x9e3779b97f4a7c15
}

// Seat splits one machine's input between the players: W A S D and the
// first controller for the left, the arrows and the second controller
// for the right, or the bot when -bot plays the right.
func (g *game) Seat(local *engine.Input, players []engine.Input) {
	left, right := &players[0], &players[1]
	for _, k := range [...]engine.Key{engine.KeyW, engine.KeyA, engine.KeyS, engine.KeyD} {
		if local.Down.Has(k) {
			left.Down.Add(k)
		}
	}
	left.Pads[0] = local.Pads[0]
	if g.bot != 0 {
		g.botInput(g.botTick, right)
		g.botTick++
		return
	}
	for _, k := range [...]engine.Key{engine.KeyUp, engine.KeyLeft, engine.KeyDown, engine.KeyRight} {
		if local.Down.Has(k) {
			right.Down.Add(k)
		}
	}
	right.Pads[0] = local.Pads[1]
}

// playBot plays this machine's side in a session when -bot is given
// (desktop.Config.Bot).
func (g *game) playBot(n uint64, in *engine.Input) bool {
	if g.bot == 0 {
		return false
	}
	*in = engine.Input{}
	g.botInput(n, in)
	return true
}

// botInput holds a random direction for a random stretch of ticks, drawn
// from -bot's seed and the tick alone.
func (g *game) botInput(n uint64, in *engine.Input) {
	const stretch = 20
	r := rand.New(rand.NewPCG(g.bot, n/stretch))
	keys := [...]engine.Key{engine.KeyLeft, engine.KeyRight, engine.KeyUp, engine.KeyDown}
	for _, k := range keys {
		if r.IntN(3) == 0 {
			in.Down.Add(k)
		}
	}
}

var (
	background = color.RGBA{R: 24, G: 26, B: 33, A: 255}
	fieldColor = color.RGBA{R: 30, G: 60, B: 45, A: 255}
	lineColor  = color.RGBA{R: 200, G: 220, B: 210, A: 255}
	colors     = [maxPlayers]color.RGBA{{R: 230, G: 90, B: 80, A: 255}, {R: 80, G: 140, B: 240, A: 255}, {R: 240, G: 150, B: 120, A: 255}, {R: 130, G: 190, B: 250, A: 255}}
	puckColor  = color.RGBA{R: 245, G: 240, B: 220, A: 255}
)

// Draw draws the field, the discs, the puck and a pip per goal.
func (g *game) Draw(c *sdl2.Canvas, f *engine.Frame) error {
	c.Clear(background)
	w, h := c.Size()
	c.SetTransform(sdl2.Camera{Zoom: min(float64(w)/(2*halfW+3), float64(h)/(2*halfH+2))}.Transform(w, h))
	c.Box(mgl64.Vec2{}, mgl64.Vec2{halfW, halfH}, 0, fieldColor)
	mouth := (goalBack - halfW) / 2 // the goal mouths are part of the field
	for _, x := range [2]float64{-halfW - mouth, halfW + mouth} {
		c.Box(mgl64.Vec2{x, 0}, mgl64.Vec2{mouth, goalHalf}, 0, fieldColor)
	}
	c.Line(mgl64.Vec2{0, -halfH}, mgl64.Vec2{0, halfH}, 2, lineColor) // 2 pixels wide
	for _, b := range f.Bodies {
		if b.ID == g.puck {
			c.Circle(b.Pos, puckRadius, puckColor)
			continue
		}
		for i, d := range g.discs[:g.nDiscs] {
			if b.ID == d {
				c.Circle(b.Pos, discRadius, colors[i])
			}
		}
	}
	for p, n := range g.score {
		for k := range n {
			x := -halfW + 0.4 + 0.5*float64(k)
			if p == 1 {
				x = -x
			}
			c.Circle(mgl64.Vec2{x, halfH + 0.5}, 0.18, colors[p])
		}
	}
	return nil
}

// String says the score, for logs.
func (g *game) String() string { return fmt.Sprintf("%d:%d", g.score[0], g.score[1]) }
