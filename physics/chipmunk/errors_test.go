package chipmunk

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
)

func TestBadInputIsRefusedWithAClearError(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name string
		do   func(w *World, id physics.BodyID) error
		want error
		says string // part of the message
	}{
		{"zero dt", func(w *World, _ physics.BodyID) error { return w.Step(0) }, physics.ErrInvalid, "dt must be positive"},
		{"negative dt", func(w *World, _ physics.BodyID) error { return w.Step(-tick) }, physics.ErrInvalid, "dt must be positive"},
		{"NaN position", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{nan, 0}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
			return err
		}, physics.ErrInvalid, "position"},
		{"infinite velocity", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Vel: mgl64.Vec2{0, inf}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
			return err
		}, physics.ErrInvalid, "velocity"},
		{"zero mass", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Shapes: []physics.Shape{physics.CircleShape(1)}})
			return err
		}, physics.ErrInvalid, "mass"},
		{"negative mass", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Mass: -1, Shapes: []physics.Shape{physics.CircleShape(1)}})
			return err
		}, physics.ErrInvalid, "mass"},
		{"NaN mass", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Mass: nan, Shapes: []physics.Shape{physics.CircleShape(1)}})
			return err
		}, physics.ErrInvalid, "mass"},
		{"no moment and no shapes", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Mass: 1})
			return err
		}, physics.ErrInvalid, "moment"},
		{"circle without radius", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0)}})
			return err
		}, physics.ErrInvalid, "radius"},
		{"flat polygon", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1, 1}, mgl64.Vec2{2, 2})}})
			return err
		}, physics.ErrInvalid, "no area"},
		{"shape of no kind", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{{}}})
			return err
		}, physics.ErrInvalid, "kind"},
		{"remove unknown body", func(w *World, _ physics.BodyID) error { return w.RemoveBody(99) }, physics.ErrNoBody, "body 99"},
		{"remove body twice", func(w *World, id physics.BodyID) error {
			if err := w.RemoveBody(id); err != nil {
				return err
			}
			return w.RemoveBody(id)
		}, physics.ErrNoBody, "removed twice"},
		{"teleport to NaN", func(w *World, id physics.BodyID) error { return w.Teleport(id, mgl64.Vec2{0, nan}, 0) }, physics.ErrInvalid, "position"},
		{"NaN velocity", func(w *World, id physics.BodyID) error { return w.SetVelocity(id, mgl64.Vec2{}, nan) }, physics.ErrInvalid, "angular velocity"},
		{"infinite impulse", func(w *World, id physics.BodyID) error {
			return w.ApplyImpulse(id, mgl64.Vec2{inf, 0}, mgl64.Vec2{})
		}, physics.ErrInvalid, "apply impulse"},
		{"joint to itself", func(w *World, id physics.BodyID) error {
			_, err := w.AddJoint(physics.JointDef{Kind: physics.Pin, A: id, B: id})
			return err
		}, physics.ErrInvalid, "two different bodies"},
		{"joint to unknown body", func(w *World, id physics.BodyID) error {
			_, err := w.AddJoint(physics.JointDef{Kind: physics.Pin, A: id, B: 42})
			return err
		}, physics.ErrNoBody, "body B"},
		{"drag a non-drag joint", func(w *World, id physics.BodyID) error {
			j, err := w.AddJoint(physics.JointDef{Kind: physics.Pivot, B: id})
			if err != nil {
				return err
			}
			return w.DragTo(j, mgl64.Vec2{})
		}, physics.ErrInvalid, "only Drag joints"},
		{"velocity beyond the shared range", func(w *World, id physics.BodyID) error {
			return w.SetVelocity(id, mgl64.Vec2{1e308, 0}, 0)
		}, physics.ErrInvalid, "within ±1e+15"},
		// The API refuses what would diverge; cp is pushed there directly.
		{"diverging body", func(w *World, id physics.BodyID) error {
			c := w.find(id).cp
			c.SetVelocity(math.MaxFloat64, 0)
			c.ApplyImpulseAtWorldPoint(cp.Vector{X: math.MaxFloat64}, c.Position())
			return w.Step(tick)
		}, physics.ErrDiverged, "step 0: body 1 (dynamic) reached position (+Inf, 0), angle 0, velocity (+Inf, 0)"},
		{"joint without a dynamic body", func(w *World, _ physics.BodyID) error {
			wall, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{physics.BoxShape(1, 1)}})
			if err != nil {
				return err
			}
			_, err = w.AddJoint(physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: wall})
			return err
		}, physics.ErrInvalid, "at least one dynamic body"},
		{"pin of no length", func(w *World, id physics.BodyID) error {
			_, err := w.AddJoint(physics.JointDef{Kind: physics.Pin, A: physics.Ground, B: id})
			return err
		}, physics.ErrInvalid, "use a Pivot"},
		{"spring of no length", func(w *World, id physics.BodyID) error {
			_, err := w.AddJoint(physics.JointDef{Kind: physics.Spring, A: physics.Ground, B: id, RestLength: 1, Stiffness: 1})
			return err
		}, physics.ErrInvalid, "same point"},
		{"spinning a fixed-rotation body", func(w *World, _ physics.BodyID) error {
			id, err := w.AddBody(physics.BodyDef{Mass: 1, FixedRotation: true, Shapes: []physics.Shape{physics.CircleShape(1)}})
			if err != nil {
				return err
			}
			return w.SetVelocity(id, mgl64.Vec2{}, 1)
		}, physics.ErrInvalid, "FixedRotation, pass 0"},
		{"adding a spinning fixed-rotation body", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Mass: 1, FixedRotation: true, AngVel: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
			return err
		}, physics.ErrInvalid, "starts with 0"},
		{"restitution above 1", func(w *World, _ physics.BodyID) error {
			_, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{{Kind: physics.Circle, Radius: 1, Restitution: 1.2}}})
			return err
		}, physics.ErrInvalid, "0 (no bounce) to 1"},
		{"stepping a closed world", func(w *World, _ physics.BodyID) error {
			if err := w.Close(); err != nil {
				return err
			}
			return w.Step(tick)
		}, physics.ErrInvalid, "make a new one with New"},
		{"querying a closed world", func(w *World, _ physics.BodyID) error {
			if err := w.Close(); err != nil {
				return err
			}
			_, err := w.QueryPoint(mgl64.Vec2{}, physics.Filter{}, nil)
			return err
		}, physics.ErrInvalid, "closed"},
		{"step from a contact callback", nil, physics.ErrBusy, "in your game's next Tick"},
		{"add body from a contact callback", nil, physics.ErrBusy, "in your game's next Tick"},
		{"remove body from a contact callback", nil, physics.ErrBusy, "in your game's next Tick"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w *World
			var err error
			if tt.do == nil {
				err = callbackError(t, tt.name)
			} else {
				w = mustWorld(t, physics.Config{})
				err = tt.do(w, mustAdd(t, w, ball(0, 0)))
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("got error %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %q does not say %q", err, tt.says)
			}
		})
	}
}

// callbackError makes a contact happen and, from inside the callback, does
// what name says.
func callbackError(t *testing.T, name string) error {
	var w *World
	var inner error
	w = mustWorld(t, physics.Config{OnContact: func(c physics.Contact) error {
		switch {
		case strings.HasPrefix(name, "step"):
			inner = w.Step(tick)
		case strings.HasPrefix(name, "add"):
			_, inner = w.AddBody(ball(9, 9))
		case strings.HasPrefix(name, "remove"):
			inner = w.RemoveBody(c.A)
		}
		return inner
	}})
	mustAdd(t, w, ball(0, 0))
	mustAdd(t, w, ball(0.5, 0))
	err := w.Step(tick)
	if !errors.Is(err, inner) {
		t.Errorf("Step returned %v, want it to wrap the callback's %v", err, inner)
	}
	return inner
}

func TestBadConfigIsRefused(t *testing.T) {
	tests := []struct {
		name string
		cfg  physics.Config
	}{
		{"NaN gravity", physics.Config{Gravity: mgl64.Vec2{math.NaN(), 0}}},
		{"damping above 1", physics.Config{Damping: 1.5}},
		{"negative damping", physics.Config{Damping: -0.1}},
		{"negative iterations", physics.Config{Iterations: -1}},
	}
	for _, tt := range tests {
		if _, err := New(tt.cfg); !errors.Is(err, physics.ErrInvalid) {
			t.Errorf("%s: New returned %v, want ErrInvalid", tt.name, err)
		}
	}
}

func TestARejectedBodyLeavesItsRecordForTheNext(t *testing.T) {
	w, err := New(physics.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}}); err != nil {
		t.Fatal(err)
	}
	free, next := len(w.slab), &w.slab[0]
	flat := physics.PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1, 1}, mgl64.Vec2{2, 2})
	for range 3 {
		// The flat polygon comes second, after a valid shape was copied.
		if _, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1), flat}}); err == nil {
			t.Fatal("AddBody accepted a polygon with no area")
		}
	}
	if len(w.slab) != free || &w.slab[0] != next {
		t.Fatalf("rejected bodies took %d slab records, want none", free-len(w.slab))
	}
	if next.id != 0 || next.defs != nil || next.def1[0].Kind != 0 {
		t.Errorf("a rejected body left its fields in the free record: %+v", *next)
	}
	id, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
	if err != nil {
		t.Fatal(err)
	}
	if b := w.find(id); b != next {
		t.Errorf("the next body did not get the record the rejected ones left")
	}
}
