package chipmunk

import (
	"unsafe"

	"github.com/jakecoffman/cp/v2"
)

// arbSet is the hash set a cp space caches its contacts in.
type arbSet = cp.HashSet[cp.ShapePair, *cp.Arbiter]

// arbCopy is copyArbiters' state while cp walks the source's cached
// contacts, with its callbacks made once as method values.
type arbCopy struct {
	src         *World
	ages        uint // the receiver's stamp less the source's
	count       int  // contact points to copy
	pending     *cp.Arbiter
	slab        []cp.Contact // the copied contact points, until cp's next step replaces them
	countFn     func(*cp.Arbiter)
	copyFn      func(*cp.Arbiter)
	giveFn      func(cp.ShapePair) *cp.Arbiter
	handlers    [2]*cp.CollisionHandler // the receiver's sensor handlers
	srcHandlers [2]*cp.CollisionHandler
}

// copyArbiters copies src's cached contacts into w, after buildSpace:
// each touching pair of shapes with its contact points and their
// accumulated impulses, so a copy's first steps warm start as src's
// would; the pairs touching in src's last step in its order, threaded onto
// their bodies as cp's step leaves them. Contacts of sleeping bodies are
// not copied: they are found afresh when the bodies wake.
func (w *World) copyArbiters(s *World) {
	l, c := w.copy.layout, &w.copy.arb
	if c.countFn == nil {
		c.countFn, c.copyFn, c.giveFn = w.countArbiter, w.copyArbiter, w.giveArbiter
	}
	c.src, c.count = s, 0
	c.ages = *field[uint](w.space, l.stamp) - *field[uint](s.space, l.stamp)
	c.handlers, c.srcHandlers = w.contacts.handlers, s.contacts.handlers
	set := *field[*arbSet](s.space, l.cachedArbiters)
	set.Each(c.countFn)
	if cap(c.slab) < c.count {
		c.slab = make([]cp.Contact, 0, c.count)
	}
	c.slab = c.slab[:0]
	set.Each(c.copyFn)
	mine := *field[*arbSet](w.space, l.cachedArbiters)
	active := field[[]*cp.Arbiter](w.space, l.arbiters)
	for _, sa := range *field[[]*cp.Arbiter](s.space, l.arbiters) {
		a, b := w.mirrorShape(*field[*cp.Shape](sa, l.arbA)), w.mirrorShape(*field[*cp.Shape](sa, l.arbB))
		if a == nil || b == nil {
			continue
		}
		da := mine.Find(pairHash(a, b), w.shapePair(a, b))
		if da == nil {
			continue // not cached in src: cp never leaves one so
		}
		*active = append(*active, da)
		a.Body().PushArbiter(da)
		b.Body().PushArbiter(da)
	}
	c.src = nil
}

func (w *World) countArbiter(sa *cp.Arbiter) {
	w.copy.arb.count += len(*field[[]cp.Contact](sa, w.copy.layout.contacts))
}

// copyArbiter makes a copy of src's cached arbiter sa for w, reusing a
// spare one, and caches it in w's space.
func (w *World) copyArbiter(sa *cp.Arbiter) {
	l, c := w.copy.layout, &w.copy.arb
	a, b := w.mirrorShape(*field[*cp.Shape](sa, l.arbA)), w.mirrorShape(*field[*cp.Shape](sa, l.arbB))
	if a == nil || b == nil {
		return // a shape src no longer holds: cp never leaves one so
	}
	var da *cp.Arbiter
	if spare := w.copy.spareArbs; len(spare) > 0 {
		da = spare[len(spare)-1]
		spare[len(spare)-1] = nil
		w.copy.spareArbs = spare[:len(spare)-1]
	} else {
		da = new(cp.Arbiter)
	}
	*da = *sa
	*field[*cp.Shape](da, l.arbA), *field[*cp.Shape](da, l.arbB) = a, b
	*field[*cp.Body](da, l.arbBodyA), *field[*cp.Body](da, l.arbBodyB) = a.Body(), b.Body()
	*field[cp.ArbiterThread](da, l.threadA), *field[cp.ArbiterThread](da, l.threadB) = cp.ArbiterThread{}, cp.ArbiterThread{}
	for _, h := range [...]uintptr{l.handler, l.handlerA, l.handlerB} {
		*field[*cp.CollisionHandler](da, h) = c.handler(*field[*cp.CollisionHandler](sa, h))
	}
	*field[uint](da, l.arbStamp) += c.ages
	points := *field[[]cp.Contact](sa, l.contacts)
	k := len(c.slab)
	c.slab = append(c.slab, points...)
	*field[[]cp.Contact](da, l.contacts) = c.slab[k:len(c.slab):len(c.slab)]
	c.pending = da
	(*field[*arbSet](w.space, l.cachedArbiters)).Insert(pairHash(a, b), w.shapePair(a, b), c.giveFn)
	c.pending = nil
}

// giveArbiter is what cp's Insert stores: the arbiter copyArbiter made.
func (w *World) giveArbiter(cp.ShapePair) *cp.Arbiter { return w.copy.arb.pending }

// handler maps a handler of the source's space to the receiver's: its own
// sensor handlers, or cp's shared ones.
func (c *arbCopy) handler(h *cp.CollisionHandler) *cp.CollisionHandler {
	for i, sh := range c.srcHandlers {
		if h == sh && h != nil {
			if c.handlers[i] != nil {
				return c.handlers[i]
			}
			return &cp.CollisionHandlerDoNothing
		}
	}
	return h
}

// mirrorShape returns w's shape for src's shape s, or nil.
func (w *World) mirrorShape(s *cp.Shape) *cp.Shape {
	sb, _ := s.Body().UserData.(*body)
	if sb == nil {
		return nil
	}
	b := w.find(sb.id)
	if b == nil {
		return nil
	}
	for k, x := range sb.shapes {
		if x == s {
			return b.shapes[k]
		}
	}
	return nil
}

// shapePair is cp's key for the pair of shapes a and b.
func (w *World) shapePair(a, b *cp.Shape) cp.ShapePair {
	var p cp.ShapePair
	*field[*cp.Shape](&p, w.copy.layout.pairA) = a
	*field[*cp.Shape](&p, w.copy.layout.pairB) = b
	return p
}

// pairHash is cp's hash of the pair of shapes a and b.
func pairHash(a, b *cp.Shape) cp.HashValue {
	return cp.HashPair(cp.HashValue(uintptr(unsafe.Pointer(a))), cp.HashValue(uintptr(unsafe.Pointer(b))))
}
