package tilemap

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Rect is a rectangle of whole tiles: column X, row Y (0 at the top), W
// columns wide, H rows high.
type Rect struct{ X, Y, W, H int }

// Boxes covers the non-empty cells of layer l with rectangles that do
// not overlap: each row's runs of cells, each run grown down over the
// rows below that have exactly that run, so a wall of any thickness is
// one box and a floor is one box a row.
func (m *Map) Boxes(l int) []Rect {
	if l < 0 || l >= len(m.Layers) {
		return nil
	}
	tiles := m.Layers[l].Tiles
	used := make([]bool, len(tiles))
	solid := func(x, y int) bool { i := y*m.Width + x; return tiles[i].GID != 0 && !used[i] }
	var out []Rect
	for y := range m.Height {
		for x := 0; x < m.Width; {
			if !solid(x, y) {
				x++
				continue
			}
			w := 1
			for x+w < m.Width && solid(x+w, y) {
				w++
			}
			h := 1
			for y+h < m.Height && m.sameRun(tiles, used, x, y+h, w) {
				h++
			}
			for dy := range h {
				for dx := range w {
					used[(y+dy)*m.Width+x+dx] = true
				}
			}
			out = append(out, Rect{x, y, w, h})
			x += w
		}
	}
	return out
}

// sameRun reports whether row y holds a free run of exactly w cells at x:
// solid from x to x+w-1, and not solid just left and right of it (or the
// run would be cut out of a longer one).
func (m *Map) sameRun(tiles []Tile, used []bool, x, y, w int) bool {
	at := func(x int) bool { i := y*m.Width + x; return tiles[i].GID != 0 && !used[i] }
	if x > 0 && at(x-1) || x+w < m.Width && at(x+w) {
		return false
	}
	for dx := range w {
		if !at(x + dx) {
			return false
		}
	}
	return true
}

// WorldRect returns where r lies in the world when each tile is size
// world units: the map's bottom-left corner at the origin, y up.
func (m *Map) WorldRect(r Rect, size float64) (lo, hi mgl64.Vec2) {
	lo = mgl64.Vec2{float64(r.X) * size, float64(m.Height-r.Y-r.H) * size}
	hi = mgl64.Vec2{float64(r.X+r.W) * size, float64(m.Height-r.Y) * size}
	return lo, hi
}

// AddSolid adds a static body to w for each box of layer l (Boxes), each
// tile size world units, with shape's friction, restitution, filter and
// sensor flag (its kind and size are the box's). It returns the bodies in
// the order of Boxes.
func (m *Map) AddSolid(w physics.Builder, l int, size float64, shape physics.Shape) ([]physics.BodyID, error) {
	if !(size > 0) {
		return nil, fmt.Errorf("tilemap: AddSolid: tile size %v: want above 0", size)
	}
	var ids []physics.BodyID
	for _, r := range m.Boxes(l) {
		lo, hi := m.WorldRect(r, size)
		s := shape
		s.Kind, s.Half, s.Offset, s.Verts, s.Radius = physics.Box, hi.Sub(lo).Mul(0.5), mgl64.Vec2{}, nil, 0
		id, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Pos: lo.Add(hi).Mul(0.5), Shapes: []physics.Shape{s}})
		if err != nil {
			return ids, fmt.Errorf("tilemap: layer %q box %v: %w", m.Layers[l].Name, r, err)
		}
		ids = append(ids, id)
	}
	return ids, nil
}
