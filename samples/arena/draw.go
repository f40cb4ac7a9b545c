package main

import (
	"image"
	"image/color"
	"strconv"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/tilemap"
	"golang.org/x/image/font/gofont/goregular"
)

// view is what drawing keeps: the face, the tileset, the minimap target
// and the camera.
type view struct {
	face     *sdl2.Face
	tiles    []*sdl2.Texture
	minimap  *sdl2.Texture
	follow   sdl2.Follow
	last     time.Time
	lastGems int
	text     []byte
}

var (
	background = color.RGBA{14, 16, 24, 255}
	gemColor   = color.RGBA{90, 230, 250, 255}
	heroColor  = color.RGBA{255, 200, 60, 255}
)

const miniW, miniH = 80, 60 // the minimap, in canvas units

// load makes the face, paints the tileset, and makes the minimap target.
func (v *view) load(w *sdl2.Window, m *tilemap.Map) error {
	font, err := sdl2.ParseFont(goregular.TTF)
	if err != nil {
		return err
	}
	c := w.Canvas()
	if v.face, err = c.Face(font, 14); err != nil {
		return err
	}
	tex, err := c.NewTexture(paintTiles(), sdl2.TextureOptions{})
	if err != nil {
		return err
	}
	v.tiles = []*sdl2.Texture{tex}
	if v.minimap, err = c.NewTarget(miniW, miniH, sdl2.TargetOptions{FollowCanvas: true}); err != nil {
		return err
	}
	v.follow = sdl2.Follow{Zoom: 16, Smooth: 120 * time.Millisecond, Max: mgl64.Vec2{float64(m.Width), float64(m.Height)}, MaxShake: 0.3}
	return nil
}

// paintTiles paints the 2×2 tileset: wall, pillar, and two floors.
func paintTiles() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	cols := []color.NRGBA{{96, 104, 128, 255}, {150, 90, 70, 255}, {34, 38, 52, 255}, {40, 44, 60, 255}}
	for y := range 32 {
		for x := range 32 {
			c := cols[(y/16)*2+x/16]
			if x%16 == 0 || y%16 == 0 {
				c.R, c.G, c.B = c.R/2, c.G/2, c.B/2
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// Draw draws the arena through the camera, the minimap, the score and the
// open menu.
func (g *game) Draw(c *sdl2.Canvas, f *engine.Frame) error {
	v := &g.view
	hero := playerAt(f.Bodies, g.player)
	now := time.Now()
	dt := min(now.Sub(v.last), 100*time.Millisecond)
	v.last = now
	if g.score > v.lastGems {
		v.follow.Shake(0.6)
	}
	v.lastGems = g.score
	w, h := c.Size()
	v.follow.Update(hero, dt, w, h)
	c.Clear(background)
	c.SetTransform(v.follow.Camera().Transform(w, h))
	g.drawWorld(c, hero)
	c.SetTransform(mgl64.Ident3())
	if err := g.drawMinimap(c, hero); err != nil {
		return err
	}
	c.DrawSpritePx(sdl2.Sprite{Texture: v.minimap, Size: mgl64.Vec2{miniW, miniH}}, float64(w-miniW-6), 6, 0)
	v.text = strconv.AppendInt(append(v.text[:0], "Gems "...), int64(g.score), 10)
	v.text = strconv.AppendInt(append(v.text, " / "...), numGems, 10)
	c.DrawTextBytes(v.face, 8, 6, v.text, color.RGBA{230, 230, 230, 255})
	g.drawMenus(c, w, h)
	return nil
}

// drawWorld draws the map's layers, the gems and the player.
func (g *game) drawWorld(c *sdl2.Canvas, hero mgl64.Vec2) {
	for l := range g.tiles.Layers {
		g.tiles.Draw(c, l, g.view.tiles, tile)
	}
	for i, gem := range g.gems {
		if g.got&(1<<i) == 0 {
			c.Box(gem, mgl64.Vec2{0.22, 0.22}, 0.785, gemColor)
		}
	}
	c.Circle(hero, 0.4, heroColor)
}

// drawMinimap draws the whole map, small, into the minimap's target.
func (g *game) drawMinimap(c *sdl2.Canvas, hero mgl64.Vec2) error {
	if err := c.SetTarget(g.view.minimap); err != nil {
		return err
	}
	c.Clear(color.RGBA{0, 0, 0, 160})
	m := g.tiles
	cam := sdl2.Camera{Center: mgl64.Vec2{float64(m.Width) / 2, float64(m.Height) / 2}, Zoom: float64(miniW) / float64(m.Width)}
	c.SetTransform(cam.Transform(miniW, miniH))
	g.tiles.Draw(c, 1, g.view.tiles, tile)
	for i, gem := range g.gems {
		if g.got&(1<<i) == 0 {
			c.Box(gem, mgl64.Vec2{0.5, 0.5}, 0, gemColor)
		}
	}
	c.Circle(hero, 0.9, heroColor)
	return c.SetTarget(nil)
}

// drawMenus draws the open menu over a dimmed game.
func (g *game) drawMenus(c *sdl2.Canvas, w, h int) {
	s := &g.ui
	if s.at != playing {
		c.FillRect(0, 0, float64(w), float64(h), color.RGBA{0, 0, 0, 170})
	}
	switch s.at {
	case title:
		s.title.Draw(c)
	case paused:
		s.pause.Draw(c)
	case options:
		s.opts.Draw(c)
	case confirmQuit:
		s.pause.Draw(c)
		s.quit.Draw(c)
	case playing:
		if g.won() {
			c.DrawText(g.view.face, float64(w)/2-90, float64(h)/2, "Every gem! Esc, then Quit.", heroColor)
		}
	}
}
