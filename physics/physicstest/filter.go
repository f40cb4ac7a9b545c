package physicstest

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// filtered adds a 1×1 box of density 1 with filter f at pos.
func (w *world) filtered(pos mgl64.Vec2, f physics.Filter) physics.BodyID {
	w.t.Helper()
	s := physics.BoxShape(1, 1)
	s.Density, s.Friction, s.Filter = 1, 1, f
	return w.add(physics.BodyDef{Pos: pos, Shapes: []physics.Shape{s}})
}

// Where a 1×1 box dropped from y = 1 is after 1.5 s: resting on the
// ground at 0.5, resting on another box at 1.5, or fallen through to
// about −10.
const (
	onGround = 0.5
	onBox    = 1.5
	fell     = -5.0
)

func landed(t *testing.T, name string, y, want float64) {
	t.Helper()
	if want == fell && y > fell || want != fell && !near(y, want, 0.1) {
		t.Errorf("%s: box ended at y = %.3f, want %v", name, y, want)
	}
}

// testFilterMasks drops boxes on two floors: one with the zero filter
// (category 1, colliding with all) and one whose mask leaves out category
// 4. A pair collides only if each one's categories meet the other's mask.
func testFilterMasks(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	floor := physics.BoxShape(10, 1)
	w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{-10, -0.5}, Shapes: []physics.Shape{floor}})
	picky := floor
	picky.Filter = physics.Filter{Mask: 0xffff &^ 4}
	w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{10, -0.5}, Shapes: []physics.Shape{picky}})
	tests := []struct {
		name string
		x    float64
		f    physics.Filter
		want float64
	}{
		{"zero filter on the plain floor", -13, physics.Filter{}, onGround},
		{"category 2 on the plain floor", -11, physics.Filter{Categories: 2}, onGround},
		{"mask without the floor's category", -9, physics.Filter{Categories: 2, Mask: 2}, fell},
		{"mask with it", -7, physics.Filter{Categories: 2, Mask: 1}, onGround},
		{"category 2 on the picky floor", 7, physics.Filter{Categories: 2}, onGround},
		{"category 4, which the picky floor's mask leaves out", 9, physics.Filter{Categories: 4}, fell},
		{"categories 4 and 2 on the picky floor", 11, physics.Filter{Categories: 6}, onGround},
	}
	ids := make([]physics.BodyID, len(tests))
	for i, tt := range tests {
		ids[i] = w.filtered(mgl64.Vec2{tt.x, 1}, tt.f)
	}
	w.step(90)
	for i, tt := range tests {
		landed(t, tt.name, w.state(ids[i]).Pos.Y(), tt.want)
	}
}

// testFilterGroups stacks pairs of boxes: two in the same positive group
// pass through each other whatever their categories, boxes in different
// groups or none collide, and a group never keeps a box off the ground.
func testFilterGroups(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	w.ground(1, 0)
	tests := []struct {
		name         string
		lower, upper physics.Filter
		want         float64 // where the upper box ends
	}{
		{"same group", physics.Filter{Group: 3}, physics.Filter{Group: 3}, onGround},
		{"same group, matching categories", physics.Filter{Group: 3, Categories: 2, Mask: 3}, physics.Filter{Group: 3, Categories: 2, Mask: 3}, onGround},
		{"different groups", physics.Filter{Group: 3}, physics.Filter{Group: 4}, onBox},
		{"one in a group", physics.Filter{Group: 3}, physics.Filter{}, onBox},
		{"different groups, masks apart", physics.Filter{Group: 3, Categories: 2, Mask: 3}, physics.Filter{Group: 4, Categories: 4, Mask: 0xffff}, onGround},
	}
	type stack struct{ lower, upper physics.BodyID }
	stacks := make([]stack, len(tests))
	for i, tt := range tests {
		x := 3 * float64(i-len(tests)/2)
		stacks[i] = stack{w.filtered(mgl64.Vec2{x, 0.5}, tt.lower), w.filtered(mgl64.Vec2{x, 2}, tt.upper)}
	}
	w.step(90)
	for i, tt := range tests {
		landed(t, tt.name+": lower", w.state(stacks[i].lower).Pos.Y(), onGround)
		landed(t, tt.name+": upper", w.state(stacks[i].upper).Pos.Y(), tt.want)
	}
}
