package tilemap

import (
	"fmt"
	"image"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// TileRect returns the texels of tile gid in its tileset's image, and the
// tileset's index; false when no tileset holds gid.
func (m *Map) TileRect(gid uint32) (image.Rectangle, int, bool) {
	i := m.tilesetOf(gid)
	if i < 0 {
		return image.Rectangle{}, -1, false
	}
	ts := &m.Tilesets[i]
	n := int(gid - ts.FirstGID)
	col, row := n%ts.Columns, n/ts.Columns
	x, y := ts.Margin+col*(ts.TileWidth+ts.Spacing), ts.Margin+row*(ts.TileHeight+ts.Spacing)
	return image.Rect(x, y, x+ts.TileWidth, y+ts.TileHeight), i, true
}

// Draw draws layer l of the map through the canvas's transform (a
// Camera's, say), each tile size world units with the map's bottom-left
// corner at the world's origin, from textures: one per tileset, in the
// order of Tilesets (load each from Tileset.Image). Only the tiles that
// the canvas shows are drawn; Draw returns how many. A layer that is not
// Visible draws nothing.
func (m *Map) Draw(c *sdl2.Canvas, l int, textures []*sdl2.Texture, size float64) (int, error) {
	if l < 0 || l >= len(m.Layers) {
		return 0, fmt.Errorf("tilemap: Draw layer %d of %d", l, len(m.Layers))
	}
	if len(textures) != len(m.Tilesets) {
		return 0, fmt.Errorf("tilemap: Draw with %d textures for %d tilesets: give one per tileset", len(textures), len(m.Tilesets))
	}
	layer := &m.Layers[l]
	if !layer.Visible || !(size > 0) {
		return 0, nil
	}
	x0, x1, y0, y1 := m.visible(c, size)
	drawn := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			t := layer.Tiles[y*m.Width+x]
			if t.GID == 0 {
				continue
			}
			src, ts, ok := m.TileRect(t.GID)
			if !ok {
				continue
			}
			centre := mgl64.Vec2{(float64(x) + 0.5) * size, (float64(m.Height-y) - 0.5) * size}
			c.DrawSprite(sdl2.Sprite{Texture: textures[ts], Src: src, Size: mgl64.Vec2{size, size},
				Origin: mgl64.Vec2{float64(src.Dx()) / 2, float64(src.Dy()) / 2}, FlipX: t.FlipX, FlipY: t.FlipY}, centre, 0)
			drawn++
		}
	}
	return drawn, nil
}

// visible returns the columns [x0, x1) and rows [y0, y1) the canvas shows:
// its corners mapped back into the world through its transform.
func (m *Map) visible(c *sdl2.Canvas, size float64) (x0, x1, y0, y1 int) {
	inv := c.Transform().Inv()
	w, h := c.Size()
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [4]mgl64.Vec3{{0, 0, 1}, {float64(w), 0, 1}, {0, float64(h), 1}, {float64(w), float64(h), 1}} {
		q := inv.Mul3x1(p)
		minX, maxX = min(minX, q[0]), max(maxX, q[0])
		minY, maxY = min(minY, q[1]), max(maxY, q[1])
	}
	clamp := func(v float64, hi int) int { return int(min(max(v, 0), float64(hi))) }
	x0, x1 = clamp(math.Floor(minX/size), m.Width), clamp(math.Ceil(maxX/size), m.Width)
	// Row 0 is at the top: world y from Height×size down.
	y0, y1 = clamp(float64(m.Height)-math.Ceil(maxY/size), m.Height), clamp(float64(m.Height)-math.Floor(minY/size), m.Height)
	return x0, x1, y0, y1
}
