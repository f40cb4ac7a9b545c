package chipmunk

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
)

// cpLayout locates the unexported fields of cp's types that CopyFrom must
// set and cp offers no way to: a space's shape ID counter and lists, the
// hash sets whose layout decides the order its broad phase visits shapes
// in, and the links between bodies, shapes and constraints. cp v2 cannot
// copy or reset a space (its only ways to empty one keep a history: shape
// IDs only grow, hash tables never shrink, and both decide the order of
// the solver), so CopyFrom rebuilds the receiver's space in place through
// these fields, with cp's own exported methods doing the rest.
//
// Fields are found by name and type with reflect once per world, so a cp
// release that renames, retypes or drops one makes CopyFrom fail with an
// error naming it (TestCPLayout), never write to the wrong place.
type cpLayout struct {
	// cp.Space
	shapeIDCounter, staticShapes, dynamicShapes, cachedArbiters             uintptr
	arbiters, dynamicBodies, staticBodies, rousedBodies, sleepingComponents uintptr
	constraints, currDt, locked                                             uintptr
	// cp.BBTree
	leaves uintptr
	// cp.HashSet
	setEntries, setSize, setTable uintptr
	// cp.Body
	bodySpace, shapeList, arbiterList, constraintList, sleepingRoot, sleepingNext uintptr
	// cp.Constraint
	jointSpace, jointA, jointB, nextA, nextB uintptr
	// cp.Space, cp.Arbiter and cp.ShapePair, for copying cached contacts
	stamp, arbA, arbB, arbBodyA, arbBodyB, threadA, threadB, contacts uintptr
	handler, handlerA, handlerB, arbStamp, pairA, pairB               uintptr
}

// leafSet is the hash set a cp.BBTree keeps its leaves in.
type leafSet = cp.HashSet[*cp.Shape, *cp.Node]

// newLayout finds every field cpLayout names, or says which is missing.
func newLayout() (*cpLayout, error) {
	l := &cpLayout{}
	type want struct {
		dst  *uintptr
		in   reflect.Type
		name string
		typ  reflect.Type
	}
	space, body, joint := reflect.TypeFor[cp.Space](), reflect.TypeFor[cp.Body](), reflect.TypeFor[cp.Constraint]()
	set, arb := reflect.TypeFor[leafSet](), reflect.TypeFor[cp.Arbiter]()
	fields := []want{
		{&l.shapeIDCounter, space, "shapeIDCounter", reflect.TypeFor[uint]()},
		{&l.staticShapes, space, "staticShapes", reflect.TypeFor[*cp.SpatialIndex]()},
		{&l.dynamicShapes, space, "dynamicShapes", reflect.TypeFor[*cp.SpatialIndex]()},
		{&l.cachedArbiters, space, "cachedArbiters", reflect.TypeFor[*cp.HashSet[cp.ShapePair, *cp.Arbiter]]()},
		{&l.arbiters, space, "arbiters", reflect.TypeFor[[]*cp.Arbiter]()},
		{&l.dynamicBodies, space, "dynamicBodies", reflect.TypeFor[[]*cp.Body]()},
		{&l.staticBodies, space, "staticBodies", reflect.TypeFor[[]*cp.Body]()},
		{&l.rousedBodies, space, "rousedBodies", reflect.TypeFor[[]*cp.Body]()},
		{&l.sleepingComponents, space, "sleepingComponents", reflect.TypeFor[[]*cp.Body]()},
		{&l.constraints, space, "constraints", reflect.TypeFor[[]*cp.Constraint]()},
		{&l.currDt, space, "curr_dt", reflect.TypeFor[float64]()},
		{&l.locked, space, "locked", reflect.TypeFor[int]()},
		{&l.leaves, reflect.TypeFor[cp.BBTree](), "leaves", reflect.TypeFor[*leafSet]()},
		{&l.setEntries, set, "entries", reflect.TypeFor[uint]()},
		{&l.setSize, set, "size", reflect.TypeFor[uint]()},
		{&l.setTable, set, "table", reflect.TypeFor[[]*cp.HashSetBin[*cp.Node]]()},
		{&l.bodySpace, body, "space", reflect.TypeFor[*cp.Space]()},
		{&l.shapeList, body, "shapeList", reflect.TypeFor[[]*cp.Shape]()},
		{&l.arbiterList, body, "arbiterList", reflect.TypeFor[*cp.Arbiter]()},
		{&l.constraintList, body, "constraintList", reflect.TypeFor[*cp.Constraint]()},
		{&l.sleepingRoot, body, "sleepingRoot", reflect.TypeFor[*cp.Body]()},
		{&l.sleepingNext, body, "sleepingNext", reflect.TypeFor[*cp.Body]()},
		{&l.jointSpace, joint, "space", reflect.TypeFor[*cp.Space]()},
		{&l.jointA, joint, "a", reflect.TypeFor[*cp.Body]()},
		{&l.jointB, joint, "b", reflect.TypeFor[*cp.Body]()},
		{&l.nextA, joint, "next_a", reflect.TypeFor[*cp.Constraint]()},
		{&l.nextB, joint, "next_b", reflect.TypeFor[*cp.Constraint]()},
		{&l.stamp, space, "stamp", reflect.TypeFor[uint]()},
		{&l.arbA, arb, "a", reflect.TypeFor[*cp.Shape]()},
		{&l.arbB, arb, "b", reflect.TypeFor[*cp.Shape]()},
		{&l.arbBodyA, arb, "body_a", reflect.TypeFor[*cp.Body]()},
		{&l.arbBodyB, arb, "body_b", reflect.TypeFor[*cp.Body]()},
		{&l.threadA, arb, "thread_a", reflect.TypeFor[cp.ArbiterThread]()},
		{&l.threadB, arb, "thread_b", reflect.TypeFor[cp.ArbiterThread]()},
		{&l.contacts, arb, "contacts", reflect.TypeFor[[]cp.Contact]()},
		{&l.handler, arb, "handler", reflect.TypeFor[*cp.CollisionHandler]()},
		{&l.handlerA, arb, "handlerA", reflect.TypeFor[*cp.CollisionHandler]()},
		{&l.handlerB, arb, "handlerB", reflect.TypeFor[*cp.CollisionHandler]()},
		{&l.arbStamp, arb, "stamp", reflect.TypeFor[uint]()},
		{&l.pairA, reflect.TypeFor[cp.ShapePair](), "a", reflect.TypeFor[*cp.Shape]()},
		{&l.pairB, reflect.TypeFor[cp.ShapePair](), "b", reflect.TypeFor[*cp.Shape]()},
	}
	for _, f := range fields {
		off, err := offsetOf(f.in, f.name, f.typ)
		if err != nil {
			return nil, err
		}
		*f.dst = off
	}
	return l, nil
}

// offsetOf returns the offset of the field name of type typ in struct type
// in, or an error naming what it looked for.
func offsetOf(in reflect.Type, name string, typ reflect.Type) (uintptr, error) {
	sf, ok := in.FieldByName(name)
	if !ok || sf.Type != typ || len(sf.Index) != 1 {
		return 0, fmt.Errorf("cp's %v has no field %s of type %v: %w; CopyFrom is written for cp v2.4.0, build with that version", in, name, typ, physics.ErrInvalid)
	}
	return sf.Offset, nil
}

// field returns the field of type T at offset off in the struct at p.
func field[T any, S any](p *S, off uintptr) *T {
	return (*T)(unsafe.Add(unsafe.Pointer(p), off))
}
