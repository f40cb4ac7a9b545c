// Package scene runs a sample scene: it parses the command line every
// sample and tool shares (see Parse), opens the window, builds the scene's
// world, runs the engine's loop with the hotkeys every scene has, and writes
// the summary, screenshot, profiles and recordings asked for.
//
// A sample is a Scene and a main of one line:
//
//	func main() { scene.Main(tumble{}) }
package scene

import (
	"flag"
	"image/color"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Scene is a runnable sample.
type Scene interface {
	// Name is the scene's name in summaries and window titles.
	Name() string
	// Build fills an empty world for the seed and says how to look at it.
	// It runs once, before the loop starts.
	Build(w *chipmunk.World, seed uint64) (View, error)
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
	Tick(w *chipmunk.World, t *engine.Tick, view *View) error
}

// Drawer is a Scene that draws more over its bodies. The final
// -screenshot draws the last frame again, so Draw may run twice for it:
// it must draw, not advance state.
type Drawer interface {
	Draw(c *sdl2.Canvas, f *engine.Frame)
}

// Flagger is a Scene with flags of its own, such as -bodies. Validate runs
// after parsing; its error exits with status 2.
type Flagger interface {
	Flags(fs *flag.FlagSet)
	Validate() error
}

// WorldConfig is a Scene that wants other than the default world (gravity
// of 9.8 units per second squared downwards, 10 iterations).
type WorldConfig interface {
	WorldConfig() physics.Config
}

func defaultWorldConfig(s Scene) physics.Config {
	if wc, ok := s.(WorldConfig); ok {
		return wc.WorldConfig()
	}
	return physics.Config{Gravity: mgl64.Vec2{0, -9.8}, Iterations: 10}
}
