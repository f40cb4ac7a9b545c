// Command pyramid stacks a pyramid of boxes on a floor: the classic test of
// a solver's stacking stability. The seed nudges every box by a few
// millimetres, so no two seeds settle alike. Drag a box with the left mouse
// button; the right button pushes boxes near the pointer away.
package main

import (
	"image/color"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/samples/scene"
)

func main() { scene.Main(&pyramid{}) }

// pyramid is the scene; it remembers each box's row to colour it.
type pyramid struct {
	grab scene.Grab
	row  []int // by BodyID; -1 for the floor
}

// The pyramid has rows boxes along its base, each side long, standing on a
// floor at floorY; the camera frames it in a 1280×720 window.
const (
	rows   = 20
	side   = 0.5
	floorY = -5.5
	jitter = 0.004 // largest seeded nudge, world units
)

// Name is the scene's name in summaries and window titles.
func (*pyramid) Name() string { return "pyramid" }

// Build lays the floor and stacks the pyramid on it row by row.
func (p *pyramid) Build(w physics.World, seed uint64) (scene.View, error) {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b9))
	floor := physics.SegmentShape(mgl64.Vec2{-12, floorY}, mgl64.Vec2{12, floorY}, 0.1)
	floor.Friction = 0.9
	id, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{floor}})
	if err != nil {
		return scene.View{}, err
	}
	p.setRow(id, -1)
	box := physics.BoxShape(side, side)
	box.Friction = 0.8
	// Rows rest on the floor's top face (floorY + its radius) with a hair
	// of clearance, so the first step does not start with overlaps.
	base := floorY + 0.1 + side/2 + 0.001
	for row := range rows {
		n := rows - row
		x0 := -float64(n-1) * side / 2
		for i := range n {
			pos := mgl64.Vec2{
				x0 + float64(i)*side + jitter*(2*r.Float64()-1),
				base + float64(row)*(side+0.001),
			}
			id, err := w.AddBody(physics.BodyDef{Pos: pos, Mass: 1, Shapes: []physics.Shape{box}})
			if err != nil {
				return scene.View{}, err
			}
			p.setRow(id, row)
		}
	}
	return scene.View{
		Camera: sdl2.Camera{Center: mgl64.Vec2{0, -1}, Zoom: 64},
		Color:  p.color,
	}, nil
}

func (p *pyramid) setRow(id physics.BodyID, row int) {
	for int(id) >= len(p.row) {
		p.row = append(p.row, -1)
	}
	p.row[id] = row
}

// color shades the rows from a warm base to a pale top.
func (p *pyramid) color(id physics.BodyID, kind physics.BodyKind) color.RGBA {
	if kind != physics.Dynamic || int(id) >= len(p.row) || p.row[id] < 0 {
		return color.RGBA{R: 150, G: 155, B: 165, A: 255}
	}
	t := float64(p.row[id]) / (rows - 1)
	lerp := func(a, b uint8) uint8 { return uint8(float64(a) + t*(float64(b)-float64(a))) }
	c := color.RGBA{R: lerp(210, 250), G: lerp(90, 220), B: lerp(60, 120), A: 255}
	if (p.row[id]+int(id))%2 == 0 { // a checker, so single boxes read
		c.R, c.G, c.B = c.R-c.R/8, c.G-c.G/8, c.B-c.B/8
	}
	return c
}

// Tick lets the mouse grab and push boxes.
func (p *pyramid) Tick(w physics.World, t *engine.Tick, v *scene.View) error {
	return p.grab.Tick(w, t, v)
}
