// Package netsim emulates the network between the peers of a netplay
// session in process, on a clock it is handed: latency, jitter, loss,
// duplication, reordering and a bandwidth limit, each drawn from a seeded
// generator, so a whole session over a bad network runs the same every
// time and takes no real time.
package netsim

import (
	"math/rand/v2"
	"time"
)

// Conditions describe one direction of a link. The zero value is a
// perfect link: no delay, loss, duplication or limit.
type Conditions struct {
	Latency time.Duration // one way; 0 none
	Jitter  time.Duration // added to Latency, uniform in [0, Jitter); 0 none
	// Loss, Duplicate and Reorder are probabilities in [0, 1]: a datagram
	// is lost, arrives twice, or is held back by an extra Latency+Jitter
	// so that later ones overtake it; 0 never.
	Loss, Duplicate, Reorder float64
	// Bandwidth is the link's rate in bytes a second: datagrams queue
	// behind each other, and one that would wait more than QueueLimit is
	// dropped. 0 is unlimited.
	Bandwidth int
	// QueueLimit is the longest a datagram may wait for the bandwidth; 0
	// means 200 ms.
	QueueLimit time.Duration
}

// Net is a set of links on one clock.
type Net struct {
	now func() time.Duration
	rng *rand.Rand
}

// New returns a network whose clock is now and whose chances are drawn
// from seed.
func New(now func() time.Duration, seed uint64) *Net {
	return &Net{now: now, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Pipe returns the two ends of a link: what a sends, b receives under
// ab, and what b sends, a receives under ba.
func (n *Net) Pipe(ab, ba Conditions) (a, b *End) {
	a, b = &End{net: n}, &End{net: n}
	a.peer, a.out = b, ab
	b.peer, b.out = a, ba
	return a, b
}

// End is one end of a link; it is a netplay.Link.
type End struct {
	net       *Net
	peer      *End
	out       Conditions
	busyUntil time.Duration // when the bandwidth is free again
	inflight  []packet      // datagrams on their way to this end
	order     uint64
	last      []byte // what Receive returned last

	// Counts of what happened to datagrams sent from this end.
	Sent, Lost, Duplicated, Queued, Bytes int
}

type packet struct {
	at    time.Duration
	order uint64
	b     []byte
}

// Send puts a copy of b on its way to the other end.
func (e *End) Send(b []byte) error {
	c, n, now := &e.out, e.net, e.net.now()
	e.Sent++
	e.Bytes += len(b)
	if c.Loss > 0 && n.rng.Float64() < c.Loss {
		e.Lost++
		return nil
	}
	start := now
	if c.Bandwidth > 0 {
		limit := c.QueueLimit
		if limit == 0 {
			limit = 200 * time.Millisecond
		}
		start = max(now, e.busyUntil)
		if start-now > limit {
			e.Queued++
			return nil
		}
		e.busyUntil = start + time.Duration(len(b))*time.Second/time.Duration(c.Bandwidth)
		start = e.busyUntil
	}
	copies := 1
	if c.Duplicate > 0 && n.rng.Float64() < c.Duplicate {
		copies, e.Duplicated = 2, e.Duplicated+1
	}
	for range copies {
		at := start + c.Latency + e.jitter()
		if c.Reorder > 0 && n.rng.Float64() < c.Reorder {
			at += c.Latency + e.jitter() + time.Millisecond
		}
		e.peer.order++
		e.peer.inflight = append(e.peer.inflight, packet{at: at, order: e.peer.order, b: append([]byte(nil), b...)})
	}
	return nil
}

func (e *End) jitter() time.Duration {
	if e.out.Jitter <= 0 {
		return 0
	}
	return time.Duration(e.net.rng.Int64N(int64(e.out.Jitter)))
}

// Receive returns the datagram that arrived first, by now, of those not
// yet received.
func (e *End) Receive() ([]byte, bool) {
	b, _, ok := e.ReceiveAged()
	return b, ok
}

// ReceiveAged is Receive, also saying how long ago the datagram arrived
// (engine/netplay's AgedLink).
func (e *End) ReceiveAged() ([]byte, time.Duration, bool) {
	now := e.net.now()
	best := -1
	for i, p := range e.inflight {
		if p.at <= now && (best < 0 || p.at < e.inflight[best].at ||
			p.at == e.inflight[best].at && p.order < e.inflight[best].order) {
			best = i
		}
	}
	if best < 0 {
		return nil, 0, false
	}
	p := e.inflight[best]
	e.last = p.b
	e.inflight = append(e.inflight[:best], e.inflight[best+1:]...)
	return e.last, now - p.at, true
}

// Cut makes the link lose everything from now on in both directions: a
// peer that vanished.
func (e *End) Cut() {
	e.out.Loss, e.peer.out.Loss = 1, 1
}

// SetConditions changes what happens to datagrams this end sends from
// now on; those on their way keep their arrival times.
func (e *End) SetConditions(c Conditions) { e.out = c }
