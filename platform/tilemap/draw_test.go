package tilemap

import (
	"image"
	"image/color"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// SDL wants the main OS thread: the main goroutine serves sdl.Do.
func TestMain(m *testing.M) {
	code := 1
	sdl.Main(func() { code = m.Run() })
	os.Exit(code)
}

// tilesImage is a 32×32 tileset of four flat colours: red, green, blue,
// white.
func tilesImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	cols := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}}
	for y := range 32 {
		for x := range 32 {
			img.SetNRGBA(x, y, cols[(y/16)*2+x/16])
		}
	}
	return img
}

func TestDrawShowsTheTilesInViewOnly(t *testing.T) {
	m := arena(t)
	var w *sdl2.Window
	var err error
	sdl.Do(func() { w, err = sdl2.Open(sdl2.Options{Headless: true, Width: 160, Height: 120}) })
	if err != nil {
		t.Fatal(err)
	}
	defer sdl.Do(func() { w.Close() })
	var all, part int
	var allocs float64
	var img *image.RGBA
	sdl.Do(func() {
		c := w.Canvas()
		var tex *sdl2.Texture
		if tex, err = c.NewTexture(tilesImage(), sdl2.TextureOptions{}); err != nil {
			return
		}
		texs := []*sdl2.Texture{tex}
		// The whole map (8×6 tiles of 1 unit) at 20 pixels a unit.
		c.SetTransform(sdl2.Camera{Center: mgl64.Vec2{4, 3}, Zoom: 20}.Transform(c.Size()))
		c.Clear(color.RGBA{0, 0, 0, 255})
		if all, err = m.Draw(c, 0, texs, 1); err != nil {
			return
		}
		img, err = w.Image()
		w.Present()
		// Zoomed on the bottom-left corner: 2×1.5 tiles in view.
		c.SetTransform(sdl2.Camera{Center: mgl64.Vec2{1, 0.75}, Zoom: 80}.Transform(c.Size()))
		part, err = m.Draw(c, 0, texs, 1)
		allocs = testing.AllocsPerRun(20, func() { m.Draw(c, 0, texs, 1); w.Present() })
	})
	if err != nil {
		t.Fatal(err)
	}
	if all != 28 || part != 3 {
		t.Errorf("drew %d tiles of the whole map and %d of the corner; want 28 (every wall tile) and 3", all, part)
	}
	if allocs != 0 {
		t.Errorf("drawing a layer allocated %v times a frame, want 0", allocs)
	}
	// Tile (0, 5), bottom-left, is GID 1 (red) at pixels 0–20 × 100–120;
	// tile (3, 2) is GID 2 (green) at 60–80 × 40–60; (1, 1) is empty.
	for _, p := range []struct {
		x, y int
		want color.RGBA
	}{{10, 110, color.RGBA{255, 0, 0, 255}}, {70, 50, color.RGBA{0, 255, 0, 255}}, {30, 30, color.RGBA{0, 0, 0, 255}}} {
		if got := img.RGBAAt(p.x, p.y); got != p.want {
			t.Errorf("pixel (%d, %d): %v, want %v", p.x, p.y, got, p.want)
		}
	}
	if dir := os.Getenv("LOCKSTEP_SHOTS"); dir != "" {
		sdl.Do(func() { w.Screenshot(dir + "/tilemap.png") })
	}
}
