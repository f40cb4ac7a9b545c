package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
)

// Keeping the peers' tick clocks in step. Each peer estimates, for every
// peer it links to directly, how many ticks its own clock (the present
// when drawing ahead, the next tick in lockstep) runs ahead of that
// peer's: the frame advantage GGPO and GGRS measure. The estimate is
// smoothed, so jitter and a lost datagram do not move it, and a peer
// ahead by more than leadSlack holds a tick now and then, more often the
// further ahead it is, until it is not: the lead falls away over a few
// seconds without a run of held frames, whoever started first, and the
// clocks' drift (a few ticks a minute) costs a held tick every few
// seconds. A joiner balances against the host and the host against its
// joiners' mean, so the joiners are in step with each other through it
// (a joiner's input reaches another through the host, and an estimate
// made from it would take that second hop for a lead). No datagram
// carries a lead: each side's estimate errs the same way (the one-way
// trip taken as half the round trip, input seen a frame late), so the
// two leads are mirror images and the wire keeps its version.
const (
	// leadSlack is the lead, in ticks, a peer keeps without holding: what
	// the estimate cannot tell apart from none (input is seen a frame
	// after it arrives, and each clock is somewhere inside its tick).
	leadSlack = 0.5
	// leadWeight is the weight of a new sample in the smoothed lead:
	// about the last quarter second of samples count.
	leadWeight = 1.0 / 16
	// leadSpread is how far apart, in ticks, two held ticks are at a lead
	// of one tick beyond leadSlack: at a lead of k beyond, leadSpread/k,
	// never closer than leadGap.
	leadSpread = 40
	leadGap    = 6
)

// timeSync is a Session's estimate of its lead over each directly linked
// peer, by slot.
type timeSync struct {
	leads    [host.MaxPlayers]lead
	lastHold uint64 // 1 + the tick last held to let the peers catch up, 0 none
	// yielded: the tick held last (Inputs or Local) was held by
	// keepInStep, which the loop gives up whole (Yielded).
	yielded bool
}

var _ host.Yielding = (*Session)(nil)

// Yielded reports whether the tick this peer held last was held to let
// the peers behind it catch up (keepInStep), not for input still on its
// way: the loop then gives the tick's time up (host.Yielding). Kept
// owed, as a tick held for input is, the loop would run it with the next
// one in the next frame, and a loop whose frames come at the tick rate
// (cap or vsync at 60 Hz, 60 ticks a second) would repeat a frame every
// few without its clock falling back: processes held a tick 27 to 277
// times a session on the host and gave up 0.5 to 3 ms of clock each.
func (s *Session) Yielded() bool { return s.sync.yielded }

// lead is the smoothed lead over one peer.
type lead struct {
	ticks   float64 // ticks this peer runs ahead of it, smoothed
	next    uint64  // the slot's next input at the last sample
	delay   int     // the input delay the samples assumed
	samples int
}

// keepInStep reports whether this peer should hold its tick clock at
// tick n (the present when drawing ahead, the next tick in lockstep) to
// let the peers behind it catch up: it takes a sample of its lead over
// each direct peer whose input moved on since the last, and holds when
// the mean smoothed lead is past leadSlack and the last hold is far
// enough behind for it. A joiner has one direct peer, the host; the
// host takes the mean over its joiners, which each keep in step with
// it: the greatest of several noisy leads would be past the slack far
// more often than any one, and hold the host (and then every joiner
// after it) for nothing.
func (s *Session) keepInStep(n uint64) bool {
	sum, count := 0.0, 0
	for i := range s.peers {
		p := &s.peers[i]
		if p.rtt == 0 || p.Slot == watcherSlot || s.isGone(p) || p.catchUp || p.ownUntil != 0 {
			continue
		}
		if l := s.sampleLead(p, n); l.samples >= 4 {
			sum += l.ticks
			count++
		}
	}
	if count == 0 {
		return false
	}
	beyond := sum/float64(count) - leadSlack
	if beyond <= 0 {
		return false
	}
	gap := max(uint64(leadSpread/beyond), leadGap)
	if s.sync.lastHold != 0 && n < s.sync.lastHold-1+gap {
		return false
	}
	s.sync.lastHold, s.sync.yielded = n+1, true
	s.stats.slowed++
	for i := range s.sync.leads { // held a tick: a tick less ahead of everyone
		s.sync.leads[i].ticks--
	}
	return true
}

// sampleLead takes one sample of this peer's lead over p at tick n (the
// one whose input it makes now), when p's input moved on since the
// last: p made its input for tick next-1 at its own tick next-1-delay,
// when the datagram that brought it left, half a round trip before it
// arrived (echoAt); ours read n then, less the time since.
func (s *Session) sampleLead(p *peer, n uint64) *lead {
	l := &s.sync.leads[p.Slot]
	next := s.slots[p.Slot].next
	if l.delay != s.delay {
		*l = lead{delay: s.delay, next: next} // a delay change moves next: start again
		return l
	}
	if next <= l.next || next <= uint64(s.delay)+1 {
		return l
	}
	l.next = next
	dt := time.Second / time.Duration(s.cfg.TPS)
	theirs := float64(next-1) - float64(s.delay) + float64(p.srtt/2)/float64(dt)
	ours := float64(n) - float64(max(s.now-p.echoAt, 0))/float64(dt)
	sample := ours - theirs
	if l.samples == 0 {
		l.ticks = sample
	} else {
		l.ticks += (sample - l.ticks) * leadWeight
	}
	l.samples++
	return l
}
