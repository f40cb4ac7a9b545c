package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// How long the host's wish for another input delay must last before it
// changes it: a longer delay soon (ticks are being held), a shorter one
// once the round trip's median has stayed low for a second. Both wishes
// come from the median of the last second's round trips, which a busy
// machine's late frames do not raise, so the delay cannot ratchet up;
// a shorter one is wished only when it leaves a quarter tick to spare.
const (
	raiseAfter = 500 * time.Millisecond
	lowerAfter = time.Second
)

// delayChange is an input delay from a tick on.
type delayChange struct {
	at    uint64 // 0: none
	delay int
}

// measure takes a round trip in: into the window the host picks the
// delay from, and the smoothed one (RFC 6298) the tick clocks use.
func (p *peer) measure(rtt time.Duration) {
	p.rtt = rtt
	p.window.add(rtt)
	if p.srtt == 0 {
		p.srtt, p.rttvar = rtt, rtt/2
		return
	}
	p.rttvar += (abs(p.srtt-rtt) - p.rttvar) / 4
	p.srtt += (rtt - p.srtt) / 8
}

func abs(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// delayOf returns the input delay in force at tick n. In lockstep it is
// at least a tick: a peer that does not draw ahead takes its input for
// a tick before it runs it (a peer that rejoined in lockstep a session
// drawn ahead at delay 0 replays that delay's announcement too).
func (s *Session) delayOf(n uint64) int {
	if s.change.at != 0 && n >= s.change.at && s.change.delay != s.delay {
		if s.cfg.Rollback == 0 {
			return max(s.change.delay, 1)
		}
		return s.change.delay
	}
	return s.delay
}

// applyDelay switches to the announced delay once tick n reaches its
// tick, and on the host decides whether to announce a new one.
func (s *Session) applyDelay(n uint64) {
	if d := s.delayOf(n); d != s.delay {
		s.delay = d
		s.stats.delayChanges++
	}
	if s.cfg.Slot == 0 && s.cfg.AdaptDelay {
		s.chooseDelay(n)
	}
}

// chooseDelay is the host's: once the delay its peers' round trips call
// for has differed from the one in force for long enough, it announces
// it for a tick no peer can have run yet. Any input for that tick and
// after reaches a peer in a datagram that also carries the change, since
// the host sends it in every datagram from now on; and it announces no
// other until every peer has said it is past this one.
func (s *Session) chooseDelay(n uint64) {
	if s.change.at != 0 && !s.everyPeerPast(s.change.at) {
		return
	}
	worst, ok := s.worstPath()
	if !ok {
		return
	}
	depth := s.leastDepth()
	target := DelayForDepth(worst, s.cfg.TPS, depth)
	if target < s.delay {
		// Lower only with a quarter tick to spare: a median on the edge
		// of a tick would otherwise lower and raise it in turn.
		dt := time.Second / time.Duration(s.cfg.TPS)
		target = min(DelayForDepth(worst+dt/2, s.cfg.TPS, depth), s.delay)
	}
	up := target > s.delay
	switch {
	case target == s.delay || s.want.at != 0 && up != (s.want.delay > s.delay):
		s.want = delayChange{} // wished for, then not: start again
		return
	case s.want.at == 0:
		s.want = delayChange{at: n, delay: target}
		return
	case up:
		s.want.delay = min(s.want.delay, target) // what the whole wait called for
	default:
		s.want.delay = max(s.want.delay, target)
	}
	after := lowerAfter
	if up {
		after = raiseAfter
	}
	if time.Duration(n-s.want.at)*time.Second/time.Duration(s.cfg.TPS) >= after {
		target = s.want.delay
		s.change = delayChange{at: n + uint64(s.delay) + 1, delay: target}
		s.want = delayChange{}
	}
}

// leastDepth is the least depth of every player, this host's own (0 in
// lockstep) and what each joiner said of its own; a joiner yet to say is
// left out (its first datagrams say).
func (s *Session) leastDepth() int {
	d := s.depth
	for i := range s.peers {
		if p := &s.peers[i]; p.Slot != watcherSlot && !s.isGone(p) && p.depth != 0 {
			d = min(d, p.depth-1)
		}
	}
	return d
}

// worstPath is the longest round trip an input takes between two
// peers, from the medians of the host's links: a joiner's input reaches
// another joiner through the host, so with 3 or more players it is the
// two longest links' together. false until every link has a median.
func (s *Session) worstPath() (time.Duration, bool) {
	var first, second time.Duration
	for i := range s.peers {
		p := &s.peers[i]
		if p.Slot == watcherSlot || s.isGone(p) {
			continue // the players' delay is the players'
		}
		m := p.window.median()
		if m == 0 {
			return 0, false
		}
		if m > first {
			first, second = m, first
		} else {
			second = max(second, m)
		}
	}
	return first + second, true
}

// everyPeerPast reports whether every peer said it ran tick t.
func (s *Session) everyPeerPast(t uint64) bool {
	for i := range s.peers {
		if p := &s.peers[i]; s.peers[i].tick <= t && p.Slot != watcherSlot && !s.isGone(p) {
			return false
		}
	}
	return true
}

// announced takes the host's latest delay change in.
func (s *Session) announced(at uint64, delay int) {
	if at > s.change.at {
		s.change = delayChange{at: at, delay: delay}
	}
}

// carry folds in into acc as one tick would see both: held state from
// in, the edges of both, the wheel and text added up.
func carry(acc, in *engine.Input) {
	e := *acc
	*acc = in.Held()
	for i := range acc.Down {
		acc.Pressed[i] = e.Pressed[i] | in.Pressed[i]
		acc.Released[i] = e.Released[i] | in.Released[i]
	}
	acc.ButtonsPressed = e.ButtonsPressed | in.ButtonsPressed
	acc.ButtonsReleased = e.ButtonsReleased | in.ButtonsReleased
	acc.WheelX, acc.WheelY = e.WheelX+in.WheelX, e.WheelY+in.WheelY
	acc.Text = e.Text
	acc.Text.Append(in.Text.Bytes()) // beyond MaxText is dropped, as the loop drops it
	for i := range acc.Pads {
		acc.Pads[i].Pressed = e.Pads[i].Pressed | in.Pads[i].Pressed
		acc.Pads[i].Released = e.Pads[i].Released | in.Pads[i].Released
	}
}
