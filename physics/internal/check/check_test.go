package check

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

func TestRangesScaleWithUnitsPerMeter(t *testing.T) {
	for _, tt := range []struct {
		perMeter float64
		v        mgl64.Vec2
		ok       bool
	}{
		{1, mgl64.Vec2{1e15, -1e15}, true},
		{1, mgl64.Vec2{1.1e15, 0}, false},
		{1, mgl64.Vec2{0, 1e308}, false},
		{100, mgl64.Vec2{1e17, 0}, true},
		{0.5, mgl64.Vec2{0, 6e14}, false},
	} {
		err := Range{tt.perMeter}.Vec("velocity", tt.v)
		if (err == nil) != tt.ok || (err != nil && !errors.Is(err, physics.ErrInvalid)) {
			t.Errorf("at %v a meter, Vec(%v) = %v; want ok %v", tt.perMeter, tt.v, err, tt.ok)
		}
	}
	if err := Num("angle", 1e300); err == nil || !strings.Contains(err.Error(), "angle is 1e+300") {
		t.Errorf("Num(1e300) = %v, want it refused in %%g", err)
	}
}

func TestPointsListsFewVerticesAndCountsMany(t *testing.T) {
	few := []mgl64.Vec2{{0, 0}, {1, 0}, {0, 1}}
	if got := Points(few); got != "vertices [[0 0] [1 0] [0 1]]" {
		t.Errorf("Points(3) = %q", got)
	}
	many := make([]mgl64.Vec2, 1_000_000)
	for i := range many {
		many[i] = mgl64.Vec2{float64(i), 2 - float64(i)}
	}
	if got := Points(many); got != "1000000 vertices within (0, -999997) to (999999, 2)" {
		t.Errorf("Points(a million) = %q", got)
	}
}

func TestHullRefusesSliversAndShortSides(t *testing.T) {
	r := Range{1}
	for _, tt := range []struct {
		name string
		hull []mgl64.Vec2
		ok   bool
	}{
		{"a unit triangle", []mgl64.Vec2{{0, 0}, {1, 0}, {0, 1}}, true},
		{"a sliver", []mgl64.Vec2{{0, 0}, {1, 0}, {0.5, 1e-30}}, false},
		{"a side of 1e-20", []mgl64.Vec2{{0, 0}, {1, 0}, {1, 1e-20}, {0, 1}}, false},
	} {
		if err := r.Hull(tt.hull, tt.hull); (err == nil) != tt.ok {
			t.Errorf("%s: Hull = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

// TestMoveArguments: what every engine refuses when a body is moved by
// hand, whatever engine it is.
func TestMoveArguments(t *testing.T) {
	r := Range{1}
	big := mgl64.Vec2{2 * Limit, 0}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"teleport far", r.Place(big, 0), "position"},
		{"teleport NaN angle", r.Place(mgl64.Vec2{}, math.NaN()), "angle"},
		{"static velocity", r.Velocity(physics.Static, false, mgl64.Vec2{}, 0), "static"},
		{"fixed spin", r.Velocity(physics.Dynamic, true, mgl64.Vec2{}, 1), "FixedRotation"},
		{"infinite spin", r.Velocity(physics.Kinematic, false, mgl64.Vec2{}, math.Inf(1)), "angular velocity"},
		{"push kinematic", r.Push(physics.Kinematic, mgl64.Vec2{1, 0}, mgl64.Vec2{}), "only dynamic"},
		{"push far point", r.Push(physics.Dynamic, mgl64.Vec2{1, 0}, big), "point"},
	} {
		if !errors.Is(tt.err, physics.ErrInvalid) || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: %v, want physics.ErrInvalid naming %q", tt.name, tt.err, tt.want)
		}
	}
	if err := r.Place(mgl64.Vec2{1, 2}, 3); err != nil {
		t.Errorf("teleport in range: %v", err)
	}
	if err := r.Velocity(physics.Kinematic, true, mgl64.Vec2{1, 2}, 0); err != nil {
		t.Errorf("kinematic fixed velocity: %v", err)
	}
	if err := r.Push(physics.Dynamic, mgl64.Vec2{1, 2}, mgl64.Vec2{3, 4}); err != nil {
		t.Errorf("push a dynamic body: %v", err)
	}
}
