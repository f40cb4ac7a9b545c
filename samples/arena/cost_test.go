package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/tilemap"
	"github.com/lockstep-engine/lockstep/platform/ui"
	"github.com/veandco/go-sdl2/sdl"
)

// BenchmarkFrame is one frame of the arena's drawing (submitted and
// presented on the headless renderer) with and without each part, for the
// cost of the tile map, the minimap's render target and an open menu.
// draw-ns/op is the part before Present (building and submitting the
// geometry); the rest is the renderer drawing it, which on the headless
// OpenGL renderer (Mesa's llvmpipe, on the CPU) is most of a frame:
//
//	SDL_VIDEODRIVER=offscreen go test -run X -bench Frame -count 10 ./samples/arena | benchstat -
func BenchmarkFrame(b *testing.B) {
	for _, v := range []struct {
		name                 string
		tiles, minimap, menu bool
	}{
		{"bare", false, false, false},
		{"tilemap", true, false, false},
		{"minimap", false, true, false},
		{"menu", false, false, true},
		{"all", true, true, true},
	} {
		b.Run(v.name, func(b *testing.B) {
			var w *sdl2.Window
			var err error
			sdl.Do(func() {
				w, err = sdl2.Open(sdl2.Options{Headless: true, Width: 960, Height: 540, LogicalWidth: canvasW, LogicalHeight: canvasH})
			})
			if err != nil {
				b.Fatal(err)
			}
			defer sdl.Do(func() { w.Close() })
			g := newGame()
			g.tiles, err = tilemap.Decode(bytes.NewReader(arenaMap), tilemap.Limits{})
			if err != nil {
				b.Fatal(err)
			}
			g.placeGems(1)
			sdl.Do(func() { err = g.view.load(w, g.tiles) })
			if err != nil {
				b.Fatal(err)
			}
			m := ui.Menu{Title: "Settings", X: 150, Y: 12, Width: 200, Style: ui.DefaultStyle(g.view.face)}
			var on bool
			var vol float64
			m.Items = []ui.Item{ui.Toggle("Fullscreen", &on), ui.Slider("Volume", &vol, 0, 1, 0.1)}
			for a := range 5 {
				m.Items = append(m.Items, ui.KeyRow(g.keys.Name(0), g.keys, 0, a%3))
			}
			hero := mgl64.Vec2{20, 15}
			var drawing time.Duration // before Present: this process's part
			frame := func() {
				start := time.Now()
				c := w.Canvas()
				wd, ht := c.Size()
				c.Clear(background)
				c.SetTransform(sdl2.Camera{Center: hero, Zoom: 16}.Transform(wd, ht))
				if v.tiles {
					for l := range g.tiles.Layers {
						g.tiles.Draw(c, l, g.view.tiles, tile)
					}
				}
				c.Circle(hero, 0.4, heroColor)
				c.SetTransform(mgl64.Ident3())
				if v.minimap {
					g.drawMinimap(c, hero)
					c.DrawSpritePx(sdl2.Sprite{Texture: g.view.minimap, Size: mgl64.Vec2{miniW, miniH}}, float64(wd-miniW-6), 6, 0)
				}
				if v.menu {
					m.Update(&engine.Frame{})
					m.Draw(c)
				}
				c.Flush()
				drawing += time.Since(start)
				w.Present()
			}
			sdl.Do(func() {
				frame()
				b.ReportAllocs()
				b.ResetTimer()
				drawing = 0
				for b.Loop() {
					frame()
				}
				b.ReportMetric(float64(drawing.Nanoseconds())/float64(b.N), "draw-ns/op")
			})
		})
	}
}
