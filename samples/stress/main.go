// Command stress fills a tank with -bodies balls (2,000 unless told; up to
// 20,000) and stirs them with two turning paddles, to measure the loop
// under load: physics, snapshots, blending and drawing scale with the body
// count. The balls shrink as their number grows so the tank always holds
// them. The balls start in horizontal bands of colour that the paddles mix.
// Its world's UnitsPerMeter makes every ball half a meter across for Box2D,
// whatever their number (Chipmunk ignores it).
//
// It plays in a netplay session too (-players 2 -host ADDR, -join ADDR):
// each player's mouse grabs and pushes balls (-bot SEED: a scripted one), and a frame is drawn ahead
// of the confirmed input from a copy of the tank, as heavy a scene as a
// session meets (the prediction's depth falls when copies do not fit a
// frame).
package main

import (
	"flag"
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/samples/scene"
)

func main() {
	s := &stress{}
	desktop.Main(scene.Game(s), config(s))
}

// config is the samples' config with player slots: one alone, up to
// maxPlayers in a session.
func config(s *stress) desktop.Config {
	c := scene.Config(s)
	c.MinPlayers, c.MaxPlayers = 1, maxPlayers
	c.LocalFlags, c.Bot = []string{"bot"}, s.playBot
	return c
}

// maxPlayers is the most players a session of stress holds.
const maxPlayers = 4

// The -bodies range.
const (
	minBodies     = 1
	maxBodies     = 20000
	defaultBodies = 2000
)

// stress is the scene; bodies is its -bodies flag.
type stress struct {
	grabs  [maxPlayers]scene.Grab // each player's mouse
	bodies int
	bot    uint64         // -bot: 0 off
	first  physics.BodyID // ID of the first ball; balls have consecutive IDs
}

var _ scene.Forker = (*stress)(nil)

// The tank is tankW by tankH world units with its floor at tankY; its
// walls rise well above the window so balls spawned high fall in. The
// balls settle to about fill of its area.
const (
	tankW   = 24.0
	tankH   = 13.0
	tankY   = -6.6
	wallTop = 30.0
	fill    = 0.6
	paddleL = 4.4 // paddle length
	paddleX = 6.0 // paddles turn about (±paddleX, paddleY)
	paddleY = -3.6
	spin    = 1.2 // paddle turn rate, radians per second

	// maxRadius is the largest ball, reached below about 50 balls: it
	// fits between a paddle's sweep and the wall, and the spawn grid
	// (gap 2.4 radii from each wall) keeps a column.
	maxRadius = 1.0

	// metersRadius is a ball's radius in meters, what Box2D is tuned for
	// (moving objects of 0.1 to 10 m). Taken as meters, the 0.116-unit
	// balls of 4,000 made Box2D step a pile 36% slower than the same pile
	// 4 times larger, and cost more broad-phase pairs (its 0.1 m margin
	// around each ball is most of a ball).
	metersRadius = 0.5
)

// bands are the colours of the balls' starting layers, bottom first.
var bands = [...]color.RGBA{
	{R: 94, G: 79, B: 162, A: 255},
	{R: 50, G: 136, B: 189, A: 255},
	{R: 102, G: 194, B: 165, A: 255},
	{R: 171, G: 221, B: 164, A: 255},
	{R: 230, G: 245, B: 152, A: 255},
	{R: 254, G: 224, B: 139, A: 255},
	{R: 253, G: 174, B: 97, A: 255},
	{R: 244, G: 109, B: 67, A: 255},
	{R: 213, G: 62, B: 79, A: 255},
}

// Name is the scene's name in summaries and window titles.
func (*stress) Name() string { return "stress" }

// Flags adds -bodies, and -bot, which changes only who plays on this
// machine.
func (s *stress) Flags(fs *flag.FlagSet) {
	fs.IntVar(&s.bodies, "bodies", defaultBodies, fmt.Sprintf("number of balls, %d to %d", minBodies, maxBodies))
	fs.Uint64Var(&s.bot, "bot", 0, "let a scripted mouse play this machine's player in a session, its timing and place shifted by this `seed` (0: off)")
}

// WorldConfig is the samples' default world with as many units to a meter
// as make a ball metersRadius in Box2D's units.
func (s *stress) WorldConfig() physics.Config {
	cfg := scene.DefaultWorldConfig()
	cfg.UnitsPerMeter = ballRadius(s.count()) / metersRadius
	return cfg
}

// count is the number of balls: -bodies, or its default when the scene
// was built without Flags, as a tool might.
func (s *stress) count() int {
	if s.bodies == 0 {
		return defaultBodies
	}
	return s.bodies
}

// ballRadius is the radius of n balls such that all of them, hexagonally
// packed (about 3.46 r² each), cover fill of the tank. A few balls would
// come out wider than the tank: they are capped at maxRadius, which also
// keeps at least one column of the spawn grid.
func ballRadius(n int) float64 {
	return min(math.Sqrt(fill*tankW*tankH/(2*math.Sqrt(3)*float64(n))), maxRadius)
}

// Validate checks -bodies.
func (s *stress) Validate() error {
	if s.bodies < minBodies || s.bodies > maxBodies {
		return fmt.Errorf("invalid value %d for -bodies: want %d to %d balls", s.bodies, minBodies, maxBodies)
	}
	return nil
}

// Build fills the tank with -bodies balls sized to fit it.
func (s *stress) Build(w physics.World, seed uint64) (scene.View, error) {
	s.bodies = s.count()
	if err := s.Validate(); err != nil {
		return scene.View{}, err
	}
	if err := addTank(w); err != nil {
		return scene.View{}, err
	}
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	radius := ballRadius(s.bodies)
	ball := physics.CircleShape(radius)
	ball.Friction, ball.Restitution = 0.3, 0.1
	mass := 1.0
	// Spawn on a loose grid from the floor up, skipping the circles the
	// paddles sweep, each ball nudged so the pile does not stack in columns.
	gap := 2.4 * radius
	cols := max(1, int((tankW-2*gap)/gap))
	x0 := -tankW/2 + gap
	s.first = 0
	for i, placed := 0, 0; placed < s.bodies; i++ {
		pos := mgl64.Vec2{
			x0 + float64(i%cols)*gap + 0.3*radius*(r.Float64()-0.5),
			tankY + gap + float64(i/cols)*gap,
		}
		if swept(pos, radius) {
			continue
		}
		id, err := w.AddBody(physics.BodyDef{Pos: pos, Mass: mass, Shapes: []physics.Shape{ball},
			Vel: mgl64.Vec2{r.NormFloat64(), r.NormFloat64()}})
		if err != nil {
			return scene.View{}, err
		}
		if placed == 0 {
			s.first = id
		}
		placed++
	}
	return scene.View{
		Camera: sdl2.Camera{Center: mgl64.Vec2{0, tankY + tankH/2 - 0.2}, Zoom: 51},
		Color:  s.color,
	}, nil
}

// addTank adds the tank and its two paddles, turning in opposite senses.
func addTank(w physics.World) error {
	x, y := tankW/2, tankY
	walls := []physics.Shape{
		physics.SegmentShape(mgl64.Vec2{-x, y}, mgl64.Vec2{x, y}, 0.15),
		physics.SegmentShape(mgl64.Vec2{-x, y}, mgl64.Vec2{-x, wallTop}, 0.15),
		physics.SegmentShape(mgl64.Vec2{x, y}, mgl64.Vec2{x, wallTop}, 0.15),
	}
	for i := range walls {
		walls[i].Friction = 0.6
	}
	if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: walls}); err != nil {
		return err
	}
	for _, side := range []float64{-1, 1} {
		paddle := physics.BoxShape(paddleL, 0.3)
		paddle.Friction = 0.6
		if _, err := w.AddBody(physics.BodyDef{Kind: physics.Kinematic, Pos: mgl64.Vec2{side * paddleX, paddleY},
			AngVel: -side * spin, Shapes: []physics.Shape{paddle}}); err != nil {
			return err
		}
	}
	return nil
}

// swept reports whether a ball of radius r at p would overlap a paddle at
// some point of its turn.
func swept(p mgl64.Vec2, r float64) bool {
	for _, side := range []float64{-1, 1} {
		if p.Sub(mgl64.Vec2{side * paddleX, paddleY}).Len() < paddleL/2+0.3+r {
			return true
		}
	}
	return false
}

// color gives each ball the colour of the band it started in; the balls
// were added from the bottom up, so their IDs say which band.
func (s *stress) color(id physics.BodyID, kind physics.BodyKind) color.RGBA {
	if kind != physics.Dynamic {
		return color.RGBA{R: 150, G: 155, B: 165, A: 255}
	}
	i := int(id-s.first) * len(bands) / s.bodies
	return bands[min(max(i, 0), len(bands)-1)]
}

// Tick lets each player's mouse grab and push balls.
func (s *stress) Tick(w physics.World, t *engine.Tick, v *scene.View) error {
	if len(t.Players) == 0 { // built by a tool without player slots
		return s.grabs[0].Tick(w, t, v)
	}
	for i := range t.Players {
		if err := s.grabs[i].Apply(w, &t.Players[i], v); err != nil {
			return fmt.Errorf("player %d: %w", i, err)
		}
	}
	return nil
}

// ForkScene is the scene's second instance, for a session's predicted
// copy: the same ball count.
func (s *stress) ForkScene() scene.Scene { return &stress{bodies: s.bodies, first: s.first} }

// CopyScene copies the players' grabs (the joints are the world's).
func (s *stress) CopyScene(src scene.Scene) error {
	o, ok := src.(*stress)
	if !ok {
		return fmt.Errorf("stress: copy from %T: want a stress scene", src)
	}
	s.grabs, s.bodies, s.first = o.grabs, o.bodies, o.first
	return nil
}
