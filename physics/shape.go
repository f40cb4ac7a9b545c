package physics

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// ShapeKind says which of Shape's fields describe its geometry.
type ShapeKind uint8

const (
	// Circle uses Radius and Offset (its centre in body coordinates).
	Circle ShapeKind = iota + 1
	// Box uses Half (half its width and height) and Offset (its centre).
	Box
	// Polygon uses Verts, a convex outline in body coordinates; the world
	// keeps their convex hull, counter-clockwise.
	Polygon
	// Segment uses A, B and Radius (its thickness is 2×Radius).
	Segment
)

// String returns the kind's lowercase name.
func (k ShapeKind) String() string {
	switch k {
	case Circle:
		return "circle"
	case Box:
		return "box"
	case Polygon:
		return "polygon"
	case Segment:
		return "segment"
	}
	return fmt.Sprintf("ShapeKind(%d)", uint8(k))
}

// Shape is one piece of a body's collision outline, in body coordinates,
// with the surface it touches others with. The same type describes a shape
// going into a world (BodyDef.Shapes) and coming out of it for drawing.
type Shape struct {
	Kind   ShapeKind    // Circle, Box, Polygon or Segment; the zero kind is refused
	Radius float64      // Circle radius; rounding added around a Segment
	Offset mgl64.Vec2   // centre of a Circle or Box
	Half   mgl64.Vec2   // half width and half height of a Box
	Verts  []mgl64.Vec2 // a Polygon's outline (the world keeps its convex hull); nil for other kinds
	A, B   mgl64.Vec2   // Segment end points

	// Friction is the Coulomb coefficient; a pair uses the product of
	// both shapes' values. 0 is ice.
	Friction float64
	// Restitution is how much of its speed a contact gives back, in
	// [0, 1]: 0 stops dead, 1 bounces back as fast. A pair uses the product
	// of both shapes' values, as it does for Friction.
	Restitution float64
	// Density is mass per unit area (kilograms per square world unit).
	// A dynamic body whose BodyDef.Mass is 0 gets the sum of its shapes'
	// Density × area as its mass.
	Density float64

	// Sensor makes the shape report contacts (Contact.Sensor) without
	// pushing anything: a trigger zone. False: a solid shape.
	Sensor bool
	// Filter says what the shape collides with; the zero Filter, with
	// everything.
	Filter Filter
}

// Filter decides which shapes collide. Two shapes collide when each one's
// Categories intersect the other's Mask and they do not share a non-zero
// Group. The zero Filter is in category 1 and collides with everything.
// Backends hold 16 categories (Box2D's limit).
type Filter struct {
	// Categories are the bits the shape belongs to; 0 means 1.
	Categories uint16
	// Mask is the categories the shape collides with; 0 means all.
	Mask uint16
	// Group, when positive, is a set of shapes that never collide with
	// each other whatever their categories (the parts of one ragdoll).
	// 0 is no group; negative groups are invalid.
	Group int16
}

// Resolved returns f with its zero Categories and Mask replaced by what
// they mean: category 1 and every category.
func (f Filter) Resolved() Filter {
	if f.Categories == 0 {
		f.Categories = 1
	}
	if f.Mask == 0 {
		f.Mask = 0xffff
	}
	return f
}

// Collides reports whether shapes with filters f and g collide.
func (f Filter) Collides(g Filter) bool {
	f, g = f.Resolved(), g.Resolved()
	if f.Group > 0 && f.Group == g.Group {
		return false
	}
	return f.Categories&g.Mask != 0 && g.Categories&f.Mask != 0
}

// CircleShape returns a circle of radius r centred on the body's origin.
func CircleShape(r float64) Shape { return Shape{Kind: Circle, Radius: r} }

// BoxShape returns a w×h box centred on the body's origin.
func BoxShape(w, h float64) Shape { return Shape{Kind: Box, Half: mgl64.Vec2{w / 2, h / 2}} }

// PolygonShape returns the convex hull of verts. It keeps verts; the world
// copies them when the body is added.
func PolygonShape(verts ...mgl64.Vec2) Shape { return Shape{Kind: Polygon, Verts: verts} }

// SegmentShape returns a line from a to b, rounded by radius r.
func SegmentShape(a, b mgl64.Vec2, r float64) Shape {
	return Shape{Kind: Segment, A: a, B: b, Radius: r}
}
