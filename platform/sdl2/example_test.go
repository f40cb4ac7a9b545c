package sdl2_test

import (
	"image/color"
	"log"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Open a window, draw a frame in world units with y up, overlay the HUD,
// save it and show it. Run this on the main goroutine.
func Example() {
	w, err := sdl2.Open(sdl2.Options{Title: "demo", Width: 800, Height: 600})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()

	c := w.Canvas()
	c.Clear(color.RGBA{20, 24, 32, 255})
	cam := sdl2.Camera{Center: mgl64.Vec2{0, 5}, Zoom: 40} // 40 pixels per metre
	c.SetTransform(cam.Transform(c.Size()))
	c.Segment(mgl64.Vec2{-10, 0}, mgl64.Vec2{10, 0}, 0.1, color.RGBA{200, 200, 200, 255})
	c.Circle(mgl64.Vec2{0, 3}, 0.5, color.RGBA{230, 80, 60, 255})
	c.Box(mgl64.Vec2{2, 1}, mgl64.Vec2{0.5, 1}, 0.3, color.RGBA{80, 200, 120, 255})
	c.DrawHUD(sdl2.HUD{FPS: 60, TPS: 60, TicksPerFrame: 1, Mode: "vsync"})

	if err := w.Screenshot("frame.png"); err != nil { // before Present
		log.Fatal(err)
	}
	if err := w.Present(); err != nil {
		log.Fatal(err)
	}
}
