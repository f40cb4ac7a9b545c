package scene

import (
	"fmt"
	"image/color"
	"log/slog"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// game adapts a Scene to engine.Game: it steers the world, draws the
// bodies with their shapes, and handles the hotkeys every scene shares.
type game struct {
	scene  Scene
	ticker Ticker
	drawer Drawer
	world  *chipmunk.World
	win    *sdl2.Window // nil when running without a window
	view   View
	log    *slog.Logger
	opts   *Options
	tape   *tape // record or replay, nil for neither

	shapes  [][]physics.Shape // by BodyID, filled as bodies appear
	kinds   []physics.BodyKind
	hud     bool
	graph   []time.Duration
	shotReq bool
	shots   int
	last    lastFrame
}

// lastFrame is what the final screenshot redraws.
type lastFrame struct {
	frame engine.Frame
	valid bool
}

var background = color.RGBA{R: 24, G: 26, B: 33, A: 255}

func (g *game) World() engine.World { return g.world }

// Update handles the hotkeys: V power mode, I interpolation, P pause,
// . one tick while paused, + and - time scale, F1 HUD, F12 screenshot,
// Esc quit.
func (g *game) Update(f *engine.Frame) error {
	in, l := f.Input, f.Loop
	switch {
	case in.Pressed(engine.KeyEscape):
		return engine.ErrQuit
	case in.Pressed(engine.KeyV):
		_ = l.SetMode(l.Mode().Next()) // Next is always a valid mode
		g.log.Info("power mode", "mode", l.Mode())
	case in.Pressed(engine.KeyI):
		l.SetInterpolation(!l.Interpolating())
	case in.Pressed(engine.KeyP):
		l.SetPaused(!l.Paused())
	case in.Pressed(engine.KeyPeriod):
		l.StepOnce()
	case in.Pressed(engine.KeyEquals), in.Pressed(engine.KeyKeypadPlus):
		_ = l.SetTimeScale(min(l.TimeScale()*2, engine.MaxTimeScale))
	case in.Pressed(engine.KeyMinus), in.Pressed(engine.KeyKeypadMinus):
		_ = l.SetTimeScale(max(l.TimeScale()/2, engine.MinTimeScale))
	case in.Pressed(engine.KeyF1):
		g.hud = !g.hud
	case in.Pressed(engine.KeyF12):
		g.shotReq = true
	}
	return nil
}

func (g *game) Tick(t *engine.Tick) error {
	if g.tape != nil {
		if err := g.tape.tick(t, g.world); err != nil {
			return err
		}
	}
	if g.ticker != nil {
		return g.ticker.Tick(g.world, t, &g.view)
	}
	return nil
}

func (g *game) Draw(f *engine.Frame) error {
	g.last = lastFrame{frame: *f, valid: true}
	if g.win == nil {
		return nil
	}
	if err := g.render(f); err != nil {
		return err
	}
	if g.shotReq {
		g.shotReq = false
		g.shots++
		name := fmt.Sprintf("%s-%d.png", g.scene.Name(), g.shots)
		if err := g.win.Screenshot(name); err != nil {
			g.log.Error("screenshot", "err", err)
		} else {
			g.log.Info("screenshot saved", "file", name)
		}
	}
	return nil
}

// render draws the frame into the canvas without presenting it.
func (g *game) render(f *engine.Frame) error {
	c := g.win.Canvas()
	c.Clear(background)
	w, h := c.Size()
	c.SetTransform(g.view.Camera.Transform(w, h))
	zoom := g.view.Camera.Zoom
	for i := range f.Bodies {
		b := &f.Bodies[i]
		if err := g.learn(b.ID); err != nil {
			return err
		}
		col := g.color(b.ID)
		for _, s := range g.shapes[b.ID] {
			DrawShape(c, b, &s, col, zoom)
		}
	}
	if g.drawer != nil {
		g.drawer.Draw(c, f)
	}
	if g.hud {
		g.drawHUD(c, f)
	}
	return c.Flush()
}

// learn caches the shapes of a body the first time it is drawn.
func (g *game) learn(id physics.BodyID) error {
	if int(id) < len(g.shapes) && g.shapes[id] != nil {
		return nil
	}
	for int(id) >= len(g.shapes) {
		g.shapes = append(g.shapes, nil)
		g.kinds = append(g.kinds, 0)
	}
	shapes, err := g.world.Shapes(id, nil)
	if err != nil {
		return fmt.Errorf("scene: shapes of body %d: %w", id, err)
	}
	kind, err := g.world.Kind(id)
	if err != nil {
		return fmt.Errorf("scene: kind of body %d: %w", id, err)
	}
	if shapes == nil {
		shapes = []physics.Shape{}
	}
	g.shapes[id], g.kinds[id] = shapes, kind
	return nil
}

var palette = [...]color.RGBA{
	{R: 230, G: 110, B: 80, A: 255},
	{R: 240, G: 190, B: 70, A: 255},
	{R: 110, G: 200, B: 120, A: 255},
	{R: 90, G: 170, B: 230, A: 255},
	{R: 180, G: 120, B: 220, A: 255},
}

func (g *game) color(id physics.BodyID) color.RGBA {
	kind := g.kinds[id]
	if g.view.Color != nil {
		return g.view.Color(id, kind)
	}
	if kind != physics.Dynamic {
		return color.RGBA{R: 150, G: 155, B: 165, A: 255}
	}
	return palette[int(id)%len(palette)]
}

// minSpokePixels is the smallest circle radius, in pixels, drawn with a
// spoke: below it the spoke cannot be seen and only costs a quad.
const minSpokePixels = 4

// DrawShape draws shape s of body b in col, as the runner draws every
// body; a scene's Drawer uses it to draw bodies again, elsewhere or as
// they were. A circle gets a spoke in a darker shade to show its spin,
// unless zoom (the camera's pixels per world unit) makes it too small to
// see.
func DrawShape(c *sdl2.Canvas, b *physics.BodyState, s *physics.Shape, col color.RGBA, zoom float64) {
	switch s.Kind {
	case physics.Circle:
		center := b.Pos.Add(rotate(s.Offset, b.Angle))
		c.Circle(center, s.Radius, col)
		if s.Radius*zoom < minSpokePixels {
			return
		}
		// A spoke shows the spin.
		edge := center.Add(rotate(mgl64.Vec2{s.Radius, 0}, b.Angle))
		c.Line(center, edge, 2, shade(col))
	case physics.Box:
		c.Box(b.Pos.Add(rotate(s.Offset, b.Angle)), s.Half, b.Angle, col)
	case physics.Polygon:
		c.Polygon(b.Pos, b.Angle, s.Verts, col)
	case physics.Segment:
		c.Segment(b.Pos.Add(rotate(s.A, b.Angle)), b.Pos.Add(rotate(s.B, b.Angle)), max(s.Radius, 0.02), col)
	}
}

func shade(c color.RGBA) color.RGBA {
	return color.RGBA{R: c.R / 2, G: c.G / 2, B: c.B / 2, A: 255}
}

func (g *game) drawHUD(c *sdl2.Canvas, f *engine.Frame) {
	l := f.Loop
	st := l.Stats()
	g.graph = st.Recent(g.graph[:0])
	var fps float64
	if n := len(g.graph); n > 0 {
		var sum time.Duration
		for _, d := range g.graph {
			sum += d
		}
		fps = float64(n) / sum.Seconds()
	}
	c.DrawHUD(sdl2.HUD{
		FPS: fps, TPS: float64(l.TPS()) * l.TimeScale(), TicksPerFrame: st.LastSteps,
		Bailouts: st.Bailouts, Mode: l.EffectiveMode(), Alpha: f.Alpha,
		FrameTimes: g.graph, FrameBudget: time.Second / 60,
	})
}

// rotate turns v by angle radians about the origin.
func rotate(v mgl64.Vec2, angle float64) mgl64.Vec2 {
	return mgl64.Rotate2D(angle).Mul2x1(v)
}
