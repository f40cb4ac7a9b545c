package netplay

import (
	"fmt"
	"time"
)

// noteLag is Frame's, dt after the last frame: the lag of a slot whose
// input this peer waits for grows by dt while the peer it comes from
// directly still answers and has acknowledged every input it needed to
// make it (so it is not waiting for this one); it starts over once the
// input comes, or the peer falls silent (Frame's other bound). A slot
// past LagAfter is lagging (see lagging). A crawl, input that comes but
// late every time, is not counted: a slow link looks the same. Nor is a
// peer that said within WarnAfter that it ran on to a tick (movedAt): it
// is busy (a long frame of slow ticks), not withholding its input.
func (s *Session) noteLag(dt time.Duration) {
	// A frame longer than the notice is this process's own stall (it was
	// stopped, suspended or starved), not time a peer kept it waiting: a
	// joiner stopped for the lag bound must not blame the host it stalled.
	dt = min(dt, s.cfg.WarnAfter)
	for i := range s.peers {
		p := &s.peers[i]
		slot := p.Slot
		if slot < 0 || slot >= s.cfg.Players {
			continue // a watcher: never waited for
		}
		if s.cfg.Slot == 0 && s.gone[slot] || p.catchUp || p.ownUntil != 0 || p.dropped || s.CatchingUp() {
			s.lag[slot] = 0 // given up, or a rejoin under way: its own pace
			continue
		}
		if s.waitFrom[slot] != 0 && s.now-p.lastHeard <= s.cfg.WarnAfter && s.hadAll(p) && !s.moving(p) {
			s.lag[slot] += dt
		} else {
			s.lag[slot] = 0
		}
		if s.lag[slot] > s.cfg.LagAfter && s.err == nil {
			s.lagging(slot)
		}
	}
}

// hadAll reports whether p has acknowledged every input this peer sends
// it up to the tick whose input p would make the one this peer waits
// for: p is not waiting for this peer.
func (s *Session) hadAll(p *peer) bool {
	for slot := range s.cfg.Players {
		if s.sends(p, slot) && p.acked[slot]+uint64(s.delay) <= s.tick {
			return false
		}
	}
	return true
}

// lagging is the bound on a peer that talks but keeps the session from
// advancing (it acknowledges and sends no input, or sends it so late
// that the session crawls): the host gives its place up as for a silent
// peer (giveUp: the session's usual end, or the slot's rejoin window;
// the one place to route a lagging slot elsewhere),
// a joiner ends the session with a *LaggingError.
func (s *Session) lagging(slot int) {
	s.stats.lagging++
	if s.cfg.Slot == 0 {
		s.giveUp(slot)
		s.lag[slot] = 0
		return
	}
	s.err = &LaggingError{Slot: slot, For: s.lag[slot]}
}

// Lagging names the slot whose input this peer has waited for most,
// while its peer still talks, when that is more than WarnAfter: for a
// HUD's or a log's "player N is lagging".
func (s *Session) Lagging() (slot int, lag time.Duration, ok bool) {
	for i := range s.cfg.Players {
		if s.lag[i] > s.cfg.WarnAfter && s.lag[i] > lag {
			slot, lag, ok = i, s.lag[i], true
		}
	}
	return slot, lag, ok
}

// LaggingError ends a joiner's session when a slot's input has kept it
// waiting for LagAfter while the host still talked.
type LaggingError struct {
	Slot int           // the lagging player's slot
	For  time.Duration // the wait it caused, net of what drained
}

// Error names the lagging player.
func (e *LaggingError) Error() string {
	return fmt.Sprintf("netplay: player %d is lagging: its input kept the session waiting for %v while its peer still answered (it sends no input, or too late to keep up): ending the session", e.Slot, e.For.Round(time.Millisecond))
}

// moving reports whether p said within WarnAfter that it ran on to a
// new tick.
func (s *Session) moving(p *peer) bool {
	return p.movedAt != 0 && s.now-(p.movedAt-1) <= s.cfg.WarnAfter
}
