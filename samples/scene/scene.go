// Package scene turns a sample scene, a physics world and how to look at
// it, into a game run by platform/desktop: the desktop package gives it
// the command line, window, HUD, hotkeys, outputs and recordings every game
// has; this package adds only what samples share: the world built from the
// seed, the camera, bodies drawn with their shapes, and the mouse grab.
//
// A sample is a Scene and a main of one line:
//
//	func main() { scene.Main(&tumble{}) }
package scene

import (
	"flag"
	"fmt"
	"image/color"
	"io"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Scene is a runnable sample.
type Scene interface {
	// Name is the scene's name in summaries and window titles.
	Name() string
	// Build fills an empty world for the seed and says how to look at it.
	// It runs once, before the loop starts.
	Build(w physics.World, seed uint64) (View, error)
}

// View is where the camera looks and what the scene's bodies look like.
type View struct {
	Camera sdl2.Camera
	// Color picks a body's colour; nil colours by kind and ID.
	Color func(id physics.BodyID, kind physics.BodyKind) color.RGBA
}

// Ticker is a Scene that steers its world every tick (forces, spawning,
// the mouse). It must depend only on its arguments for replays to hold.
type Ticker interface {
	Tick(w physics.World, t *engine.Tick, view *View) error
}

// Drawer is a Scene that draws more over its bodies. The final
// -screenshot draws the last frame again, so Draw may run twice for it:
// it must draw, not advance state.
type Drawer interface {
	Draw(c *sdl2.Canvas, f *engine.Frame)
}

// WorldConfig is a Scene that wants other than the default world,
// DefaultWorldConfig.
type WorldConfig interface {
	WorldConfig() physics.Config
}

// DefaultWorldConfig is the world of a Scene that is not a WorldConfig:
// gravity of 9.8 units per second squared downwards, 10 iterations, a
// unit per meter.
func DefaultWorldConfig() physics.Config {
	return physics.Config{Gravity: mgl64.Vec2{0, -9.8}, Iterations: 10}
}

// Main runs s as a desktop program with Config's defaults and exits (see
// desktop.Main).
func Main(s Scene) { desktop.Main(Game(s), Config(s)) }

// Config is how the samples run unless the command line says otherwise:
// named after the scene, as a developer looks at them, with the debug HUD
// and hotkeys on.
func Config(s Scene) desktop.Config {
	return desktop.Config{Name: s.Name(), Debug: desktop.Debug{HUD: true, Keys: true}}
}

// Game returns s as a game for the desktop package; a Forker's can be
// drawn ahead in a netplay session (an engine.Predictor).
func Game(s Scene) desktop.Game {
	if _, ok := s.(Forker); ok {
		return &forkable{game: game{scene: s}}
	}
	return &game{scene: s}
}

// game adapts a Scene: it builds the world when the run starts, steers it
// each tick, and draws its bodies through the camera.
type game struct {
	scene  Scene
	world  physics.World
	view   View
	bodies sdl2.Bodies
}

var (
	_ desktop.Starter = (*game)(nil)
	_ desktop.Flagger = (*game)(nil)
	_ io.Closer       = (*game)(nil)
)

// Background is the colour behind every scene.
var Background = color.RGBA{R: 24, G: 26, B: 33, A: 255}

func (g *game) Flags(fs *flag.FlagSet) {
	if f, ok := g.scene.(desktop.Flagger); ok {
		f.Flags(fs)
	}
}

func (g *game) Validate() error {
	if f, ok := g.scene.(desktop.Flagger); ok {
		return f.Validate()
	}
	return nil
}

func (g *game) Start(s *desktop.Setup) error {
	w, err := s.NewWorld(worldConfigOf(g.scene))
	if err != nil {
		return fmt.Errorf("create world: %w", err)
	}
	g.world = w // closed by Close, built or not
	view, err := g.scene.Build(w, s.Seed)
	if err != nil {
		return fmt.Errorf("build scene: %w", err)
	}
	g.world, g.view = w, view
	g.bodies.Color = view.Color
	return nil
}

func (g *game) World() physics.Stepper { return g.world }

// Close frees the world (Box2D's lives outside Go's heap).
func (g *game) Close() error {
	if g.world == nil {
		return nil
	}
	return g.world.Close()
}

func (g *game) Tick(t *engine.Tick) error {
	if tk, ok := g.scene.(Ticker); ok {
		return tk.Tick(g.world, t, &g.view)
	}
	return nil
}

func (g *game) Draw(c *sdl2.Canvas, f *engine.Frame) error {
	c.Clear(Background)
	w, h := c.Size()
	c.SetTransform(g.view.Camera.Transform(w, h))
	if err := g.bodies.Draw(c, g.world, f.Bodies); err != nil {
		return err
	}
	if d, ok := g.scene.(Drawer); ok {
		d.Draw(c, f)
	}
	return nil
}
