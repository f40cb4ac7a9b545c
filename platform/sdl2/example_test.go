package sdl2_test

import (
	"image"
	"image/color"
	"log"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"golang.org/x/image/font/gofont/goregular"
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

// Load a sprite sheet, and draw one frame of it turned, tinted and
// mirrored, then a score in a TrueType font. Run this on the main
// goroutine.
func ExampleCanvas_DrawSprite() {
	w, err := sdl2.Open(sdl2.Options{Title: "sprites", LogicalWidth: 320, LogicalHeight: 180, IntegerScale: true})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	c := w.Canvas()
	sheet, err := c.LoadTexture("sheet.png", sdl2.TextureOptions{Filter: sdl2.FilterNearest})
	if err != nil {
		log.Fatal(err)
	}
	font, err := sdl2.ParseFont(goregular.TTF)
	if err != nil {
		log.Fatal(err)
	}
	face, err := c.Face(font, 12) // 12 of the game's 320×180 units
	if err != nil {
		log.Fatal(err)
	}
	// The third 16×16 frame of the top row, turning about its centre.
	ship := sdl2.Sprite{Texture: sheet, Src: image.Rect(32, 0, 48, 16), Origin: mgl64.Vec2{8, 8}}

	c.Clear(color.RGBA{10, 12, 20, 255})
	c.SetTransform(sdl2.Camera{Zoom: 16}.Transform(c.Size())) // 16 units a metre, y up
	c.DrawSprite(ship, mgl64.Vec2{2, 1}, 0.5)
	hit := ship
	hit.Tint, hit.FlipX = color.RGBA{255, 120, 120, 255}, true
	c.DrawSprite(hit, mgl64.Vec2{-3, 0}, 0)
	c.DrawText(face, 4, 4, "Score 1200", color.RGBA{255, 255, 255, 255})
	if err := w.Present(); err != nil {
		log.Fatal(err)
	}
}
