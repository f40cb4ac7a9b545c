package sdl2

import (
	"fmt"
	"image/color"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// ShapeSource is where a Bodies painter learns what a body looks like:
// physics.World has both methods.
type ShapeSource interface {
	Shapes(id physics.BodyID, dst []physics.Shape) ([]physics.Shape, error)
	Kind(id physics.BodyID) (physics.BodyKind, error)
}

// Bodies draws a physics world's bodies with their shapes: a debug view,
// or all the art a physics toy needs. It learns each body's shapes the
// first time it draws it, so drawing allocates nothing once every body has
// been seen. The zero Bodies colours bodies by kind and ID.
type Bodies struct {
	// Color picks a body's colour; nil colours static and kinematic
	// bodies grey and dynamic ones from a palette by ID.
	Color func(id physics.BodyID, kind physics.BodyKind) color.RGBA

	shapes [][]physics.Shape // by BodyID
	kinds  []physics.BodyKind
}

// Draw draws bodies (a frame's Bodies, say) whose shapes src knows.
func (p *Bodies) Draw(c *Canvas, src ShapeSource, bodies []physics.BodyState) error {
	for i := range bodies {
		b := &bodies[i]
		if err := p.learn(src, b.ID); err != nil {
			return err
		}
		col := p.color(b.ID)
		for j := range p.shapes[b.ID] {
			c.BodyShape(b, &p.shapes[b.ID][j], col)
		}
	}
	return nil
}

// learn caches the shapes of a body the first time it is drawn.
func (p *Bodies) learn(src ShapeSource, id physics.BodyID) error {
	if int(id) < len(p.shapes) && p.shapes[id] != nil {
		return nil
	}
	for int(id) >= len(p.shapes) {
		p.shapes = append(p.shapes, nil)
		p.kinds = append(p.kinds, 0)
	}
	shapes, err := src.Shapes(id, nil)
	if err != nil {
		return fmt.Errorf("sdl2: shapes of body %d: %w", id, err)
	}
	kind, err := src.Kind(id)
	if err != nil {
		return fmt.Errorf("sdl2: kind of body %d: %w", id, err)
	}
	if shapes == nil {
		shapes = []physics.Shape{}
	}
	p.shapes[id], p.kinds[id] = shapes, kind
	return nil
}

var palette = [...]color.RGBA{
	{R: 230, G: 110, B: 80, A: 255},
	{R: 240, G: 190, B: 70, A: 255},
	{R: 110, G: 200, B: 120, A: 255},
	{R: 90, G: 170, B: 230, A: 255},
	{R: 180, G: 120, B: 220, A: 255},
}

func (p *Bodies) color(id physics.BodyID) color.RGBA {
	kind := p.kinds[id]
	if p.Color != nil {
		return p.Color(id, kind)
	}
	if kind != physics.Dynamic {
		return color.RGBA{R: 150, G: 155, B: 165, A: 255}
	}
	return palette[int(id)%len(palette)]
}

// minSpokePixels is the smallest circle radius, in pixels, drawn with a
// spoke: below it the spoke cannot be seen and only costs a quad.
const minSpokePixels = 4

// BodyShape draws shape s of body b in col, in world coordinates. A circle
// gets a spoke in a darker shade to show its spin, unless the transform
// makes it too small to see.
func (c *Canvas) BodyShape(b *physics.BodyState, s *physics.Shape, col color.RGBA) {
	mustMain("Canvas.BodyShape")
	switch s.Kind {
	case physics.Circle:
		center := b.Pos.Add(rotate(s.Offset, b.Angle))
		c.Circle(center, s.Radius, col)
		if s.Radius*c.pixelScale() < minSpokePixels {
			return
		}
		edge := center.Add(rotate(mgl64.Vec2{s.Radius, 0}, b.Angle))
		c.Line(center, edge, 2, shade(col))
	case physics.Box:
		c.Box(b.Pos.Add(rotate(s.Offset, b.Angle)), s.Half, b.Angle, col)
	case physics.Polygon:
		c.Polygon(b.Pos, b.Angle, s.Verts, col)
	case physics.Segment:
		c.Segment(b.Pos.Add(rotate(s.A, b.Angle)), b.Pos.Add(rotate(s.B, b.Angle)), max(s.Radius, 0.02), col)
	}
}

func shade(c color.RGBA) color.RGBA {
	return color.RGBA{R: c.R / 2, G: c.G / 2, B: c.B / 2, A: 255}
}

// rotate turns v by angle radians about the origin.
func rotate(v mgl64.Vec2, angle float64) mgl64.Vec2 {
	return mgl64.Rotate2D(angle).Mul2x1(v)
}
