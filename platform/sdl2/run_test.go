package sdl2

import (
	"context"
	"errors"
	"image"
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/veandco/go-sdl2/sdl"
)

// boxGame draws a red box that moves right one pixel a tick over a black
// background, reading the window back in its last frame.
type boxGame struct {
	x, prevX float64
	panicAt  uint64 // tick to panic in; 0: never
	frames   int
}

func (g *boxGame) Tick(t *engine.Tick) error {
	if g.panicAt > 0 && t.N == g.panicAt {
		panic("boom")
	}
	g.prevX = g.x
	g.x++
	return nil
}

func (g *boxGame) Draw(c *Canvas, f *engine.Frame) error {
	c.Clear(color.RGBA{A: 255})
	x := g.prevX + (g.x-g.prevX)*f.Alpha
	c.Box(mgl64.Vec2{40 + x, 40}, mgl64.Vec2{10, 10}, 0, color.RGBA{R: 255, A: 255})
	g.frames++
	return nil
}

func TestRunDrawsTheGameAndClosesTheWindow(t *testing.T) {
	g := &boxGame{}
	var rep host.Report
	var err error
	var shot *image.RGBA
	onMain(func() {
		rep, err = runIn(context.Background(), Options{Headless: true, Width: 200, Height: 100},
			engine.Config{Mode: engine.ModeUncapped, Ticks: 30}, host.Wiring{}, &shooter{boxGame: g, at: 30, out: &shot})
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if rep.Ticks != 30 || g.frames == 0 {
		t.Fatalf("ran %d ticks and drew %d frames, want 30 ticks and some frames", rep.Ticks, g.frames)
	}
	if shot == nil {
		t.Fatal("the game never saw its last frame drawn")
	}
	// After 30 ticks the box's centre is at x = 70: red there, black where it started.
	if c := shot.RGBAAt(70, 40); c.R < 200 || c.G > 50 {
		t.Errorf("pixel under the moved box is %v, want red", c)
	}
	if c := shot.RGBAAt(40, 40); c.R > 50 {
		t.Errorf("pixel where the box started is %v, want the black background", c)
	}
	var up uint32
	onMain(func() { up = sdl.WasInit(sdl.INIT_VIDEO) })
	if up != 0 {
		t.Error("SDL's video is still up after Run returned: the window was not closed")
	}
}

func TestRunClosesTheWindowWhenTheGamePanics(t *testing.T) {
	var err error
	onMain(func() {
		_, err = runIn(context.Background(), Options{Headless: true, Width: 64, Height: 64},
			engine.Config{Mode: engine.ModeUncapped, Ticks: 100}, host.Wiring{}, &boxGame{panicAt: 5})
	})
	var pe *host.PanicError
	if !errors.As(err, &pe) || pe.Value != "boom" {
		t.Fatalf("Run = %v, want the game's panic as *engine.PanicError", err)
	}
	var up uint32
	onMain(func() { up = sdl.WasInit(sdl.INIT_VIDEO) })
	if up != 0 {
		t.Error("SDL's video is still up after the panic: Run did not close the window")
	}
}

// shooter reads the canvas back after drawing tick `at`'s frame.
type shooter struct {
	*boxGame
	at  uint64
	out **image.RGBA
}

func (s *shooter) Draw(c *Canvas, f *engine.Frame) error {
	if err := s.boxGame.Draw(c, f); err != nil {
		return err
	}
	if s.boxGame.x == float64(s.at) && *s.out == nil {
		img, err := c.Image()
		if err != nil {
			return err
		}
		*s.out = img
	}
	return nil
}
