// Command interp shows what render interpolation is for. Physics runs at a
// low tick rate (10 ticks a second unless -tps says otherwise) and the same
// bodies are drawn twice: on the left as the last tick left them
// (engine.Frame.Current), jumping once a tick; on the right blended between
// the last two ticks (engine.Frame.Bodies), moving smoothly every frame.
// Press I to turn interpolation off and see the right side jump too.
package main

import (
	"flag"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/samples/scene"
)

func main() { scene.Main(&interp{}) }

// defaultTPS is low enough that a tick lasts several frames on any display.
const defaultTPS = "10"

// The bodies live in the right panel, centred on (panelX, 0); the left
// panel draws them again moved left by 2×panelX. Positions below are
// relative to a panel's centre.
const panelX = 5.9

// zoom is the camera's scale, in pixels per world unit.
const zoom = 54

// The scene's bodies and joints, in panel coordinates.
var (
	pivot      = mgl64.Vec2{-2.6, 4.2} // the pendulum hangs from here
	rod        = 2.8
	spinAt     = mgl64.Vec2{2.7, 3.0} // the spinner turns about this
	orbitAt    = mgl64.Vec2{-2.6, -2} // the orbiter circles this
	orbitR     = 1.6
	orbitSpeed = 1.9 // radians per second
	shuttleY   = -1.8
	shuttleMin = 0.9
	shuttleMax = 4.5
	floorY     = -4.6
)

// interp is the scene. It keeps every body's shapes and colour to draw the
// raw copy, and the IDs of the bodies its Tick steers.
type interp struct {
	grab    scene.Grab
	shapes  [][]physics.Shape // by BodyID
	colors  []color.RGBA      // by BodyID
	ball    physics.BodyID    // the pendulum's bob
	orbiter physics.BodyID
	shuttle physics.BodyID
}

// Name is the scene's name in summaries and window titles.
func (*interp) Name() string { return "interp" }

// Flags makes 10 ticks a second the default here: the shared -tps flag is
// set before parsing, so a -tps on the command line still wins.
func (*interp) Flags(fs *flag.FlagSet) {
	if f := fs.Lookup("tps"); f != nil {
		_ = fs.Set("tps", defaultTPS)
		f.DefValue = defaultTPS
	}
}

// Validate accepts everything: interp has no flags of its own.
func (*interp) Validate() error { return nil }

// Build adds a pendulum, a spinner, an orbiter and a shuttle to the
// right panel; the seed sets how far the pendulum starts out and how fast
// the spinner turns.
func (s *interp) Build(w physics.World, seed uint64) (scene.View, error) {
	at := func(p mgl64.Vec2) mgl64.Vec2 { return p.Add(mgl64.Vec2{panelX, 0}) }
	// The seed picks how far out the pendulum starts and how fast the
	// spinner turns, so runs with other seeds move differently.
	swing := 0.9 + 0.5*unit(seed, 1)
	spin := 2 + 1.5*unit(seed, 2)

	floor := physics.SegmentShape(at(mgl64.Vec2{-5.2, floorY}), at(mgl64.Vec2{5.2, floorY}), 0.08)
	if _, err := s.add(w, physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{floor}},
		color.RGBA{R: 110, G: 115, B: 125, A: 255}); err != nil {
		return scene.View{}, err
	}

	bob := physics.CircleShape(0.38)
	bobAt := at(pivot.Add(mgl64.Vec2{-rod * math.Sin(swing), -rod * math.Cos(swing)}))
	id, err := s.add(w, physics.BodyDef{Pos: bobAt, Mass: 1, Shapes: []physics.Shape{bob}},
		color.RGBA{R: 240, G: 190, B: 70, A: 255})
	if err != nil {
		return scene.View{}, err
	}
	s.ball = id
	if _, err := w.AddJoint(physics.JointDef{Kind: physics.Pin, A: physics.Ground, B: id, AnchorA: at(pivot)}); err != nil {
		return scene.View{}, err
	}

	// A bar with weights at both ends, on an axle through its centre:
	// gravity gives it no torque, so it turns at a steady rate.
	bar := []physics.Shape{physics.BoxShape(2.6, 0.22), physics.CircleShape(0.22), physics.CircleShape(0.22)}
	bar[1].Offset, bar[2].Offset = mgl64.Vec2{1.3, 0}, mgl64.Vec2{-1.3, 0}
	id, err = s.add(w, physics.BodyDef{Pos: at(spinAt), AngVel: spin, Mass: 2, Shapes: bar},
		color.RGBA{R: 90, G: 170, B: 230, A: 255})
	if err != nil {
		return scene.View{}, err
	}
	if _, err := w.AddJoint(physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: id, AnchorA: at(spinAt)}); err != nil {
		return scene.View{}, err
	}

	orb := physics.CircleShape(0.36)
	id, err = s.add(w, physics.BodyDef{Kind: physics.Kinematic, Pos: at(orbitAt.Add(mgl64.Vec2{orbitR, 0})),
		Shapes: []physics.Shape{orb}}, color.RGBA{R: 110, G: 200, B: 120, A: 255})
	if err != nil {
		return scene.View{}, err
	}
	s.orbiter = id

	box := physics.BoxShape(0.7, 0.7)
	id, err = s.add(w, physics.BodyDef{Kind: physics.Kinematic, Pos: at(mgl64.Vec2{shuttleMin, shuttleY}),
		Vel: mgl64.Vec2{4, 0}, AngVel: 1.5, Shapes: []physics.Shape{box}}, color.RGBA{R: 230, G: 110, B: 80, A: 255})
	if err != nil {
		return scene.View{}, err
	}
	s.shuttle = id

	return scene.View{
		Camera: sdl2.Camera{Center: mgl64.Vec2{0, 0.2}, Zoom: zoom},
		Color:  func(id physics.BodyID, _ physics.BodyKind) color.RGBA { return s.colors[id] },
	}, nil
}

// unit maps the seed and a salt to [0, 1), the same in every run.
func unit(seed, salt uint64) float64 {
	x := seed*0x9e3779b97f4a7c15 + salt*0xbf58476d1ce4e5b9
	x ^= x >> 31
	x *= 0x94d049bb133111eb
	x ^= x >> 29
	return float64(x>>11) / (1 << 53)
}

// add adds a body and remembers its shapes and colour for the raw copy.
func (s *interp) add(w physics.World, d physics.BodyDef, col color.RGBA) (physics.BodyID, error) {
	id, err := w.AddBody(d)
	if err != nil {
		return id, err
	}
	for int(id) >= len(s.shapes) {
		s.shapes = append(s.shapes, nil)
		s.colors = append(s.colors, color.RGBA{A: 255})
	}
	s.shapes[id], err = w.Shapes(id, nil)
	s.colors[id] = col
	return id, err
}

// Tick steers the two kinematic bodies: the orbiter is aimed at where the
// circle has it at the end of this tick, and the shuttle turns at its ends.
func (s *interp) Tick(w physics.World, t *engine.Tick, v *scene.View) error {
	if err := s.grab.Tick(w, t, v); err != nil {
		return err
	}
	dt := t.DT.Seconds()
	o, err := w.State(s.orbiter)
	if err != nil {
		return err
	}
	a := orbitSpeed * float64(t.N+1) * dt
	target := mgl64.Vec2{panelX + orbitAt.X() + orbitR*math.Cos(a), orbitAt.Y() + orbitR*math.Sin(a)}
	if err := w.SetVelocity(s.orbiter, target.Sub(o.Pos).Mul(1/dt), orbitSpeed); err != nil {
		return err
	}
	sh, err := w.State(s.shuttle)
	if err != nil {
		return err
	}
	x := sh.Pos.X() - panelX
	if (x > shuttleMax && sh.Vel.X() > 0) || (x < shuttleMin && sh.Vel.X() < 0) {
		return w.SetVelocity(s.shuttle, sh.Vel.Mul(-1), -sh.AngVel)
	}
	return nil
}

var (
	textColor = color.RGBA{R: 220, G: 222, B: 228, A: 255}
	dimColor  = color.RGBA{R: 140, G: 145, B: 155, A: 255}
	rodColor  = color.RGBA{R: 200, G: 200, B: 205, A: 255}
)

// Draw draws the raw copy on the left, the pendulum's rod and the axles on
// both sides, a divider and the labels.
func (s *interp) Draw(c *sdl2.Canvas, f *engine.Frame) {
	left := mgl64.Vec2{-2 * panelX, 0}
	for i := range f.Current {
		b := f.Current[i]
		if int(b.ID) >= len(s.shapes) {
			continue
		}
		b.Pos = b.Pos.Add(left)
		for j := range s.shapes[b.ID] {
			c.BodyShape(&b, &s.shapes[b.ID][j], s.colors[b.ID])
		}
	}
	s.drawFixtures(c, f.Bodies, mgl64.Vec2{})
	s.drawFixtures(c, f.Current, left)
	c.Line(mgl64.Vec2{0, -7}, mgl64.Vec2{0, 7}, 2, dimColor)

	right := "interpolated: Frame.Bodies"
	if !f.Loop.Interpolating() {
		right = "interpolation off (I turns it on)"
	}
	s.label(c, -panelX, "raw: last tick, Frame.Current")
	s.label(c, panelX, right)
}

// drawFixtures draws the pendulum's rod and the axles, moved by offset,
// with the bob where states has it.
func (s *interp) drawFixtures(c *sdl2.Canvas, states []physics.BodyState, offset mgl64.Vec2) {
	top := pivot.Add(mgl64.Vec2{panelX, 0}).Add(offset)
	for i := range states {
		if states[i].ID == s.ball {
			c.Line(top, states[i].Pos.Add(offset), 3, rodColor)
		}
	}
	c.Circle(top, 0.1, rodColor)
	c.Circle(spinAt.Add(mgl64.Vec2{panelX, 0}).Add(offset), 0.08, rodColor)
	c.Circle(orbitAt.Add(mgl64.Vec2{panelX, 0}).Add(offset), 0.06, dimColor)
}

// label centres text under the panel whose centre is at x.
func (s *interp) label(c *sdl2.Canvas, x float64, text string) {
	m := c.Transform()
	p := m.Mul3x1(mgl64.Vec3{x, floorY - 0.7, 1})
	c.Text(p.X()-c.TextWidth(text)/2, p.Y(), text, textColor)
}
