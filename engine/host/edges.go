package host

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// maxDeferred is how many edges one reader (the ticks, or the frames) can
// hold back for later. Input holds one press and one release of a key, so
// a second press of the same key before the reader took the first has to
// wait. A tap is two edges, and four when the key is bound to an action
// (platform/actions adds the action's key): 64 covers eight taps of four
// bound keys between two frames at 8 frames a second.
const maxDeferred = 64

// edgeSource says which kind of thing an edge comes from.
type edgeSource uint8

const (
	fromKey edgeSource = iota
	fromButton
	fromPad
)

// edge is one key, mouse button or pad button going down or up.
type edge struct {
	src  edgeSource
	pad  uint8  // the pad's slot, for fromPad
	code uint16 // the engine.Key, mouse.Button or gamepad.Button
	down bool
}

// same reports whether e and o come from the same key or button.
func (e edge) same(o edge) bool { return e.src == o.src && e.pad == o.pad && e.code == o.code }

// deferred holds, in arrival order, the edges that found the same edge of
// the same key still unread in its reader's Input: press, release, press
// between two ticks is one press and one release for the first tick and the
// second press for the next, so a reader sees every press however slowly
// it reads. Edges of one key keep their order; edges of different keys are
// not held for each other. It is a fixed array: taking input allocates
// nothing.
type deferred struct {
	q [maxDeferred]edge
	n int
}

// push delivers e to in, or holds it back behind an unread edge of the same
// key. A repeat of the state the key will be in (auto-repeat) is dropped.
func (d *deferred) push(in *engine.Input, e edge) {
	for i := d.n - 1; i >= 0; i-- {
		if d.q[i].same(e) {
			if d.q[i].down != e.down {
				d.hold(in, e, i)
			}
			return
		}
	}
	if !applyEdge(in, e, false) {
		d.hold(in, e, -1)
	}
}

// hold queues e; last is the place of the latest queued edge of e's key, or
// -1. When the queue is full, e cancels that edge instead (a press and its
// release are lost together, the held state stays exact), or, for a key
// with nothing queued, is merged into in as one more of the edge it holds.
func (d *deferred) hold(in *engine.Input, e edge, last int) {
	switch {
	case d.n < len(d.q):
		d.q[d.n] = e
		d.n++
	case last >= 0:
		copy(d.q[last:d.n], d.q[last+1:d.n])
		d.n--
	default:
		applyEdge(in, e, true)
	}
}

// release is called once the reader has taken in: in keeps only its held
// state, then the held-back edges are delivered again in order, each one
// that still finds an unread edge of its key staying for the next time.
// It reports whether in got any edge back.
func (d *deferred) release(in *engine.Input) bool {
	*in = in.Held()
	n, back := d.n, false
	d.n = 0
	for i := range n {
		e := d.q[i]
		wait := false
		for _, h := range d.q[:d.n] {
			if h.same(e) {
				wait = true
				break
			}
		}
		if wait || !applyEdge(in, e, false) {
			d.q[d.n] = e
			d.n++
			continue
		}
		back = true
	}
	return back
}

// dropPad forgets the held-back edges of the pad in slot pad: it went away,
// and going away releases what it held.
func (d *deferred) dropPad(pad int) {
	k := 0
	for _, e := range d.q[:d.n] {
		if e.src != fromPad || int(e.pad) != pad {
			d.q[k] = e
			k++
		}
	}
	d.n = k
}

// applyEdge makes e part of in and reports true, or reports false when in
// already holds an unread edge of the same direction for that key (unless
// force, which merges it as if it were one). An edge that repeats the held
// state, or a pad button of no connected pad, is dropped (true).
func applyEdge(in *engine.Input, e edge, force bool) bool {
	switch e.src {
	case fromKey:
		k := engine.Key(e.code)
		if in.Down.Has(k) == e.down {
			return true
		}
		if e.down {
			if in.Pressed.Has(k) && !force {
				return false
			}
			in.Down.Add(k)
			in.Pressed.Add(k)
		} else {
			if in.Released.Has(k) && !force {
				return false
			}
			in.Down.Remove(k)
			in.Released.Add(k)
		}
	case fromButton:
		return applyBit(&in.Buttons, &in.ButtonsPressed, &in.ButtonsReleased, mouse.ButtonSet(1)<<e.code, e.down, force)
	case fromPad:
		p := &in.Pads[e.pad]
		if !p.Connected {
			return true
		}
		return applyBit(&p.Buttons, &p.Pressed, &p.Released, gamepad.ButtonSet(1)<<e.code, e.down, force)
	}
	return true
}

// applyBit is applyEdge for a bitset of buttons.
func applyBit[S mouse.ButtonSet | gamepad.ButtonSet](held, pressed, released *S, bit S, down, force bool) bool {
	if (*held&bit != 0) == down {
		return true
	}
	edges := released
	if down {
		edges = pressed
	}
	if *edges&bit != 0 && !force {
		return false
	}
	*edges |= bit
	*held ^= bit
	return true
}
