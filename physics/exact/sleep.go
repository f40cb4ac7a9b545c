package exact

import (
	"math"

	"github.com/lockstep-engine/lockstep/physics"
)

// Sleeping reports whether the body with id is asleep. Static and
// kinematic bodies never sleep.
func (w *World) Sleeping(id physics.BodyID) (bool, error) {
	b, err := w.lookup("sleeping of", id)
	if err != nil {
		return false, err
	}
	return b.sleeping, nil
}

// Wake wakes the body with id and restarts its idle time; what it touches
// or is jointed to wakes with it at the next step. For a static body it
// wakes what rests on it.
func (w *World) Wake(id physics.BodyID) error {
	if _, err := w.lookup("wake", id); err != nil {
		return err
	}
	bi := int32(w.index(id))
	w.wakeBody(bi)
	w.wakeTouching(bi)
	return nil
}

// wakeBody wakes body bi (Ground is -1) if it is dynamic.
func (w *World) wakeBody(bi int32) {
	if bi < 0 {
		return
	}
	b := &w.st.bodies[bi]
	if b.kind == physics.Dynamic {
		b.sleeping, b.idle = false, 0
	}
}

// wakeTouching wakes the bodies in contact with body bi.
func (w *World) wakeTouching(bi int32) {
	for i := range w.st.manifolds {
		m := &w.st.manifolds[i]
		switch bi {
		case m.a:
			w.wakeBody(m.b)
		case m.b:
			w.wakeBody(m.a)
		}
	}
}

// find is union-find's root of i, halving the path as it goes.
func find(parent []int32, i int32) int32 {
	for parent[i] != i {
		parent[i] = parent[parent[i]]
		i = parent[i]
	}
	return i
}

func union(parent []int32, a, b int32) {
	ra, rb := find(parent, a), find(parent, b)
	if ra != rb {
		parent[max(ra, rb)] = min(ra, rb)
	}
}

// updateSleep counts each awake body's idle time and groups bodies that
// touch or are jointed into islands: an island whose awake bodies have
// all been idle for sleepTime falls asleep, and one where a body moves
// wakes whole.
func (w *World) updateSleep(h float64) {
	st := &w.st
	n := len(st.bodies)
	parent := grow(w.sc.parent, n)
	for i := range st.bodies {
		b := &st.bodies[i]
		parent[i] = int32(i)
		if b.kind != physics.Dynamic || b.sleeping {
			continue
		}
		if dot(b.v, b.v) > idleSpeed*idleSpeed || math.Abs(b.w) > idleSpin {
			b.idle = 0
		} else {
			b.idle += h
		}
	}
	for i := range st.manifolds {
		m := &st.manifolds[i]
		if m.sensor || !m.touching() {
			continue
		}
		w.link(parent, m.a, m.b)
	}
	for i := range st.joints {
		w.link(parent, st.joints[i].a, st.joints[i].b)
	}
	least := growF(w.sc.islandMin, n)
	for i := range least {
		least[i] = math.Inf(1)
	}
	for i := range st.bodies {
		b := &st.bodies[i]
		if b.kind == physics.Dynamic && !b.sleeping {
			r := find(parent, int32(i))
			least[r] = min(least[r], b.idle)
		}
	}
	for i := range st.bodies {
		b := &st.bodies[i]
		if b.kind != physics.Dynamic {
			continue
		}
		switch l := least[find(parent, int32(i))]; {
		case math.IsInf(l, 1): // nothing awake in the island
		case l >= sleepTime:
			b.sleeping, b.v, b.w = true, vec{}, 0
		case b.sleeping:
			b.sleeping, b.idle = false, 0
		}
	}
	w.sc.parent, w.sc.islandMin = parent, least
}

// link joins the islands of bodies a and b when both are dynamic; a
// moving kinematic body keeps a dynamic one it touches awake.
func (w *World) link(parent []int32, a, b int32) {
	if a < 0 || b < 0 {
		return
	}
	ba, bb := &w.st.bodies[a], &w.st.bodies[b]
	switch {
	case ba.kind == physics.Dynamic && bb.kind == physics.Dynamic:
		union(parent, a, b)
	case ba.kind == physics.Kinematic && bb.kind == physics.Dynamic && moving(ba):
		w.wakeBody(b)
	case bb.kind == physics.Kinematic && ba.kind == physics.Dynamic && moving(bb):
		w.wakeBody(a)
	}
}

func moving(b *body) bool { return b.v != (vec{}) || b.w != 0 }

func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

func growF(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}
