package desktop_test

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// box is README's minimal game: a box the arrow keys move.
type box struct{ x, prevX float64 }

func (b *box) Tick(t *engine.Tick) error {
	b.prevX = b.x
	if t.Input.Down.Has(engine.KeyRight) {
		b.x += 4 * t.DT.Seconds() // 4 units a second, whatever the frame rate
	}
	if t.Input.Down.Has(engine.KeyLeft) {
		b.x -= 4 * t.DT.Seconds()
	}
	return nil
}

func (b *box) Draw(c *sdl2.Canvas, f *engine.Frame) error {
	c.Clear(color.RGBA{R: 20, G: 20, B: 30, A: 255})
	c.SetTransform(sdl2.Camera{Zoom: 50}.Transform(c.Size()))
	x := b.prevX + (b.x-b.prevX)*f.Alpha // between the last two ticks
	c.Box(mgl64.Vec2{x, 0}, mgl64.Vec2{1, 1}, 0, color.RGBA{R: 230, G: 110, B: 80, A: 255})
	return nil
}

// StateHash lets -record and -replay check the game's state.
func (b *box) StateHash() uint64 { return math.Float64bits(b.x) }

// A whole game: a window, the arrow keys, and every flag (-mode, -record,
// -screenshot, -debug for the HUD and hotkeys...). Its main is this one
// line; the Config says what the game is (its name) and holds every
// option's default.
func Example() {
	desktop.Main(&box{}, desktop.Config{Name: "box"})
}
