package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// How long the host's wish for another input delay must last before it
// changes it: a longer delay soon (ticks are being held), a shorter one
// once the round trips have stayed low for a second. Both wishes come
// from the last second's round trips at delayQuantile, which datagrams
// a busy machine takes in late do not raise (they are timed from their
// own timestamps), so the delay cannot ratchet up; a shorter one is
// wished only when it leaves a quarter tick to spare.
const (
	raiseAfter = 250 * time.Millisecond
	lowerAfter = time.Second
)

// delayQuantile is the share of round trips the input delay covers:
// most of jitter's spread, but not the datagrams held back by a
// reordering network or lost (every datagram carries the input its
// receiver has not acknowledged, so the next one a frame later brings
// it): those, and the slowest fifth, may hold a tick or be drawn from a
// guess now and then, and if the holds add up the delay rises
// (stalls.go). Over 50 seeds of 2 to 8 players at 0.75 the host held
// up to 1.3% of its frames with 5 or more players; 0.9 took 1 to 4
// ticks more of everyone's latency.
const delayQuantile = 0.8

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
	s.role.adapt(n)
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
	worst, hops, ok := s.worstPath()
	if !ok {
		return
	}
	depth := s.leastDepth()
	bump := s.stalls.bump // the host's held frames said the rule's delay is short
	target := min(PathDelay(worst, hops, s.cfg.TPS, depth)+bump, MaxInputDelay)
	if target < s.delay {
		// Lower only with a quarter tick to spare: a round trip on the
		// edge of a tick would otherwise lower and raise it in turn.
		dt := time.Second / time.Duration(s.cfg.TPS)
		target = min(PathDelay(worst+dt/2, hops, s.cfg.TPS, depth)+bump, s.delay)
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
	for i := range s.players() {
		if p := &s.peers[i]; !s.isGone(p) && p.depth != 0 {
			d = min(d, p.depth-1)
		}
	}
	return d
}

// worstPath is the longest round trip an input takes between two
// players, at delayQuantile of each of the host's links, and the hops
// it makes: a joiner's input reaches another joiner through the host,
// so with 3 or more players it is the two longest links' together, 2
// hops. false until every link has a full enough window.
func (s *Session) worstPath() (rtt time.Duration, hops int, ok bool) {
	var first, second time.Duration
	links := 0
	for i := range s.players() {
		p := &s.peers[i]
		if s.isGone(p) {
			continue // the players' delay is the players'
		}
		m := p.window.quantile(delayQuantile)
		if m == 0 {
			return 0, 0, false
		}
		links++
		if m > first {
			first, second = m, first
		} else {
			second = max(second, m)
		}
	}
	return first + second, min(links, 2), links > 0
}

// PathDelay returns the input delay for players whose input takes a
// path of round trip rtt over hops links (1 between two players; 2 from
// joiner to joiner through the host with 3 or more) at tps ticks a
// second, drawing depth ticks ahead (0: lockstep): the ticks the input
// takes, less the depth. An input made in a frame leaves at once and is
// taken in at the start of the first frame after it arrives, by the
// host too, which relays it in that frame: half the round trip rounded
// up to whole ticks, a tick for each hop's frame, and one for the
// frames' phases (each peer's clock is somewhere in its tick, and the
// clocks are kept in step to within half a tick) and jitter's tail. At depth 0 at
// least 1, drawing ahead at least 0; at most MaxInputDelay. Drawing
// ahead it is not capped lower: over a trip the depth does not cover,
// each tick of delay costs the player that much latency, where a present
// held at the depth would cost a repeated frame every few. A host that
// adapts the delay (Terms.AdaptDelay) applies it to the round trips of
// its links at delayQuantile.
func PathDelay(rtt time.Duration, hops, tps, depth int) int {
	dt := time.Second / time.Duration(max(tps, 1))
	oneWay := int((max(rtt, 0)/2 + dt - 1) / dt)
	low := 0
	if depth <= 0 {
		low = 1
	}
	return min(max(oneWay+hops+1-max(depth, 0), low), MaxInputDelay)
}

// everyPeerPast reports whether every peer said it ran tick t.
func (s *Session) everyPeerPast(t uint64) bool {
	for i := range s.players() {
		if p := &s.peers[i]; s.peers[i].tick <= t && !s.isGone(p) {
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
	acc.Text.Append(in.Text.Bytes()) // beyond what a Text holds is dropped, as the loop drops it
	for i := range acc.Pads {
		acc.Pads[i].Pressed = e.Pads[i].Pressed | in.Pads[i].Pressed
		acc.Pads[i].Released = e.Pads[i].Released | in.Pads[i].Released
	}
}
