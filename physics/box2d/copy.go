//go:build box2d && cgo

package box2d

// #include "shim.h"
import "C"

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
	"github.com/lockstep-engine/lockstep/physics/internal/ids"
)

// copyState is what CopyFrom keeps between calls so that, once warm, a
// copy allocates nothing on Go's heap: records of bodies and joints the
// source no longer holds, for the next ones it adds, and the handle lists
// the shim fills.
type copyState struct {
	free       []*body
	freeJoints []*joint
	pairs      []*body
	jpairs     []*joint
	bodies     []*C.lsBody  // the copy's handles, from the shim
	joints     []*C.lsJoint // the source's handles, to the shim
	copies     []*C.lsJoint // the copy's handles, from the shim
}

// CopyFrom makes w hold what src holds (see physics.Copier), rebuilt in
// one call into the shim as a new Box2D world: bodies in ID order with
// their fixtures, mass, position, angle, velocities, pending force and
// torque, whether they are awake and how long they have been idle, the
// joints in ID order with their settings and accumulated impulses, and the
// contacts with the impulses Box2D warm starts with (made by the new
// world's broad phase, their manifolds copied). Only the order Box2D's
// broad phase found pairs in is not copied: the copy finds them in its
// own, so it drifts from src slowly. Box2D allocates the new world's
// memory with its own allocator, outside Go's heap.
func (w *World) CopyFrom(src physics.World) error {
	s, ok := src.(*World)
	if !ok || s == nil {
		return fmt.Errorf("box2d: copy from a %T: %w; copy from a world made by box2d.New", src, physics.ErrInvalid)
	}
	if err := w.enter("copy"); err != nil {
		return err
	}
	defer w.leave()
	if s != w {
		if err := s.enter("copy from"); err != nil {
			return err
		}
		defer s.leave()
	}
	if err := w.copyable(s); err != nil || s == w {
		return err
	}
	w.copyBodies(s)
	w.copyJoints(s)
	w.rebuild(s)
	w.lastBody, w.lastJoint, w.steps, w.bullets = s.lastBody, s.lastJoint, s.steps, s.bullets
	w.touching = w.touching[:0]
	if w.onContact != nil {
		w.touching = append(w.touching, s.touching...)
	}
	return nil
}

// copyable checks that w can copy s, both claimed.
func (w *World) copyable(s *World) error {
	switch {
	case w.c == nil:
		return errClosed("copy")
	case s.c == nil:
		return fmt.Errorf("box2d: copy from a closed world: %w; copy from a world still open", physics.ErrInvalid)
	case w.busy.Load() || s.busy.Load():
		return fmt.Errorf("box2d: copy: %w; %s", physics.ErrBusy, check.Later)
	}
	if err := check.SameConfig(&w.cfg, &s.cfg); err != nil {
		return fmt.Errorf("box2d: copy: the worlds' configs differ: %w; make the receiving world with the source's Config", err)
	}
	return nil
}

// copyBodies makes w's records of bodies copies of s's, in ID order,
// keeping the record of each ID w holds too and taking spare ones for the
// rest; their handles are set by rebuild.
func (w *World) copyBodies(s *World) {
	srcs := s.bodies.Values()
	var pairs []*body
	pairs, w.copy.free = ids.Match(w.bodies.Values(), srcs, bodyID, ids.Always, w.copy.pairs[:0], w.copy.free)
	w.bodies.Clear()
	for k, sb := range srcs {
		b := pairs[k]
		if b == nil {
			b = w.spareBody()
		}
		b.h, b.id, b.kind, b.bullet, b.fixed, b.user = nil, sb.id, sb.kind, sb.bullet, sb.fixed, sb.user
		n := len(sb.shapes)
		switch {
		case cap(b.shapes) >= n:
			b.shapes = b.shapes[:n]
		case n == 1:
			b.shapes = b.shape1[:1]
		default:
			b.shapes = make([]physics.Shape, n)
		}
		copy(b.shapes, sb.shapes)
		b.joints.Clear()
		w.bodies.Add(b.id, b)
	}
	clear(pairs)
	w.copy.pairs = pairs[:0]
}

// spareBody returns an unused record, or a new one.
func (w *World) spareBody() *body {
	if b := ids.Take(&w.copy.free); b != nil {
		return b
	}
	return &body{}
}

// copyJoints makes w's records of joints copies of s's, in ID order, as
// copyBodies does for bodies, after it; their handles are set by rebuild.
func (w *World) copyJoints(s *World) {
	srcs := s.joints.Values()
	var pairs []*joint
	pairs, w.copy.freeJoints = ids.Match(w.joints.Values(), srcs, jointID, ids.Always, w.copy.jpairs[:0], w.copy.freeJoints)
	w.joints.Clear()
	for k, sj := range srcs {
		j := pairs[k]
		if j == nil {
			j = w.spareJoint()
		}
		j.h, j.id, j.kind = nil, sj.id, sj.kind
		j.a, j.b = w.mirror(sj.a), w.mirror(sj.b)
		w.joints.Add(j.id, j)
		for _, b := range [2]*body{j.a, j.b} {
			if b != nil {
				b.joints.Add(j.id, j)
			}
		}
	}
	clear(pairs)
	w.copy.jpairs = pairs[:0]
}

// spareJoint returns an unused joint record, or a new one.
func (w *World) spareJoint() *joint {
	if j := ids.Take(&w.copy.freeJoints); j != nil {
		return j
	}
	return &joint{}
}

// mirror returns w's record of the body sb is in the source (nil for
// Ground).
func (w *World) mirror(sb *body) *body {
	if sb == nil {
		return nil
	}
	return w.bodies.Get(sb.id)
}

// rebuild has the shim rebuild w's Box2D world as a copy of s's and gives
// w's records the new handles.
func (w *World) rebuild(s *World) {
	nb, nj := w.bodies.Len(), w.joints.Len()
	c := &w.copy
	c.bodies = grow(c.bodies, nb)
	c.joints = grow(c.joints, nj)
	c.copies = grow(c.copies, nj)
	for k, sj := range s.joints.Values() {
		c.joints[k] = sj.h
	}
	var bodies **C.lsBody
	var joints, copies **C.lsJoint
	if nb > 0 {
		bodies = &c.bodies[0]
	}
	if nj > 0 {
		joints, copies = &c.joints[0], &c.copies[0]
	}
	C.lsCopyWorld(w.c, s.c, bodies, joints, copies, C.int(nj))
	for k, b := range w.bodies.Values() {
		b.h = c.bodies[k]
	}
	for k, j := range w.joints.Values() {
		j.h = c.copies[k]
	}
	clear(c.bodies)
	clear(c.joints)
	clear(c.copies)
}

// grow returns s resized to n, reallocated only when too small.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// bodyID and jointID key records for ids.Match.
func bodyID(b *body) physics.BodyID    { return b.id }
func jointID(j *joint) physics.JointID { return j.id }
