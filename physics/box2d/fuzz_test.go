//go:build box2d && cgo

package box2d

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// FuzzWorld drives a world with operations decoded from the input, biased
// towards the numbers that break single-precision code (NaN, infinities,
// huge, tiny, Box2D's own tolerances). Box2D aborts the process on a failed
// assertion, so the fuzzer finding a crash means an argument reached Box2D
// unchecked. Every error must wrap one of the physics package's errors.
func FuzzWorld(f *testing.F) {
	f.Add([]byte{0, 12, 0, 0, 0, 9, 0, 0, 9, 0})
	f.Add([]byte("\x00\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12"))
	f.Add([]byte{0, 0, 12, 12, 0, 0, 0, 0, 0, 12, 1, 2, 3, 0, 0, 2, 12, 0, 12, 12, 9, 0, 9, 0, 2, 3, 1, 2, 9, 1})
	f.Add([]byte{1, 3, 2, 0, 1, 5, 14, 0, 0, 0, 0, 0, 0, 240, 127, 9, 0, 6, 1, 14, 255, 255, 255, 255, 255, 255, 239, 127, 9, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fuzzReader{data: data}
		w, err := New(r.config())
		if err != nil {
			checkErr(t, "New", err)
			return
		}
		defer w.Close()
		var snap []physics.BodyState
		var ids []physics.BodyID
		for ops := 0; ops < 300 && r.more(); ops++ {
			op := r.byte() % 14
			var err error
			if op < 9 {
				err = changeOp(w, r, op)
			} else {
				ids, err = readOp(w, r, op, ids)
			}
			if op == 9 && errors.Is(err, physics.ErrDiverged) {
				return // the world is beyond repair, as documented
			}
			if err != nil {
				checkErr(t, "operation", err)
			}
			snap = w.Snapshot(snap)
			checkSnapshot(t, w, snap)
		}
	})
}

// changeOp does FuzzWorld's operation op, 0 to 8, one that changes the
// world, with arguments read from r.
func changeOp(w *World, r *fuzzReader, op byte) error {
	var err error
	switch op {
	case 0:
		_, err = w.AddBody(r.bodyDef())
	case 1:
		err = w.RemoveBody(r.id())
	case 2:
		_, err = w.AddJoint(r.jointDef())
	case 3:
		err = w.RemoveJoint(physics.JointID(r.byte() % 8))
	case 4:
		err = w.Teleport(r.id(), r.vec(), r.num())
	case 5:
		err = w.SetVelocity(r.id(), r.vec(), r.num())
	case 6:
		err = w.ApplyImpulse(r.id(), r.vec(), r.vec())
	case 7:
		err = w.ApplyForce(r.id(), r.vec(), r.vec())
	case 8:
		err = w.DragTo(physics.JointID(r.byte()%8), r.vec())
	}
	return err
}

// readOp does FuzzWorld's operation op, 9 to 13: a step, or a query of
// the world, with arguments read from r and ids for the bodies found.
func readOp(w *World, r *fuzzReader, op byte, ids []physics.BodyID) ([]physics.BodyID, error) {
	var err error
	switch op {
	case 9:
		err = w.Step(r.dt())
	case 10:
		_, _, err = w.RayCast(r.vec(), r.vec(), r.filter())
	case 11:
		ids, err = w.QueryBox(r.vec(), r.vec(), r.filter(), ids)
	case 12:
		ids, err = w.QueryPoint(r.vec(), r.filter(), ids)
		if err == nil {
			_, _, err = w.BodyAt(r.vec(), r.num(), r.byte()%2 == 0)
		}
	case 13:
		id := r.id()
		_, err = w.State(id)
		if err == nil {
			_, err = w.Sleeping(id)
		}
		if err == nil {
			err = w.Wake(id)
		}
	}
	return ids, err
}

// checkSnapshot checks that snap, w's snapshot, holds every body once in
// ascending ID order.
func checkSnapshot(t *testing.T, w *World, snap []physics.BodyState) {
	t.Helper()
	if len(snap) != w.Len() {
		t.Fatalf("snapshot of %d bodies, Len %d", len(snap), w.Len())
	}
	for i := 1; i < len(snap); i++ {
		if snap[i-1].ID >= snap[i].ID {
			t.Fatalf("snapshot out of ID order: %d then %d", snap[i-1].ID, snap[i].ID)
		}
	}
}

func checkErr(t *testing.T, op string, err error) {
	t.Helper()
	for _, known := range []error{physics.ErrInvalid, physics.ErrNoBody, physics.ErrNoJoint, physics.ErrBusy, physics.ErrDiverged} {
		if errors.Is(err, known) {
			return
		}
	}
	t.Fatalf("%s: %v wraps none of the physics errors", op, err)
}

// fuzzReader decodes values from fuzz input, reading zeros once it runs out.
type fuzzReader struct {
	data []byte
}

func (r *fuzzReader) more() bool { return len(r.data) > 0 }

func (r *fuzzReader) byte() byte {
	if len(r.data) == 0 {
		return 0
	}
	b := r.data[0]
	r.data = r.data[1:]
	return b
}

// special are numbers that break careless float32 code.
var special = [...]float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), 1e15, 1e16, 1e-15,
	1e-300, 0.005, 0.01, -1, 1, math.MaxFloat64}

func (r *fuzzReader) num() float64 {
	b := r.byte()
	switch {
	case int(b) < len(special):
		return special[b]
	case b == 14 && len(r.data) >= 8:
		x := math.Float64frombits(binary.LittleEndian.Uint64(r.data))
		r.data = r.data[8:]
		return x
	}
	return float64(int8(b)) / 16
}

func (r *fuzzReader) vec() mgl64.Vec2 { return mgl64.Vec2{r.num(), r.num()} }

func (r *fuzzReader) id() physics.BodyID { return physics.BodyID(r.byte() % 10) }

func (r *fuzzReader) dt() time.Duration {
	return [...]time.Duration{tick, 0, -tick, 1, time.Hour, tick / 4}[r.byte()%6]
}

func (r *fuzzReader) config() physics.Config {
	c := physics.Config{Gravity: r.vec(), Damping: r.num(), Iterations: int(int8(r.byte())), Sleep: r.byte()%2 == 0}
	if r.byte()%2 == 0 {
		c.Damping = 0
		c.Gravity = mgl64.Vec2{0, -10}
	}
	// Scales at and beyond both ends of the accepted range, or any number.
	scales := [...]float64{0, 1, 1e-3, 0.01, 0.5, 2, 100, 1e4, 1e-4, 2e4}
	if b := r.byte(); int(b) < len(scales) {
		c.UnitsPerMeter = scales[b]
	} else if b == 255 {
		c.UnitsPerMeter = r.num()
	}
	return c
}

func (r *fuzzReader) filter() physics.Filter {
	return physics.Filter{Categories: uint16(r.byte()), Mask: uint16(r.byte()), Group: int16(int8(r.byte()))}
}

func (r *fuzzReader) bodyDef() physics.BodyDef {
	d := physics.BodyDef{
		Kind: physics.BodyKind(r.byte() % 4), Pos: r.vec(), Angle: r.num(), Vel: r.vec(), AngVel: r.num(),
		Mass: r.num(), Moment: r.num(), FixedRotation: r.byte()%4 == 0, Bullet: r.byte()%4 == 0,
	}
	for range r.byte() % 4 {
		d.Shapes = append(d.Shapes, r.shape())
	}
	return d
}

func (r *fuzzReader) shape() physics.Shape {
	s := physics.Shape{
		Kind: physics.ShapeKind(r.byte() % 6), Radius: r.num(), Offset: r.vec(), Half: r.vec(), A: r.vec(), B: r.vec(),
		Friction: r.num(), Restitution: r.num(), Density: r.num(), Sensor: r.byte()%4 == 0, Filter: r.filter(),
	}
	for range r.byte() % 12 {
		s.Verts = append(s.Verts, r.vec())
	}
	return s
}

func (r *fuzzReader) jointDef() physics.JointDef {
	return physics.JointDef{
		Kind: physics.JointKind(r.byte() % 7), A: r.id(), B: r.id(), AnchorA: r.vec(), AnchorB: r.vec(),
		Min: r.num(), Max: r.num(), RestLength: r.num(), Stiffness: r.num(), Damping: r.num(), MaxForce: r.num(),
		Collide: r.byte()%2 == 0,
	}
}
