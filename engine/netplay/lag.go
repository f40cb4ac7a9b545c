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
// is busy (a long frame of slow ticks), not withholding its input. The
// crawl is counted apart, over a longer bound (see noteCrawl).
func (s *Session) noteLag(dt time.Duration) {
	// A frame longer than the notice is this process's own stall (it was
	// stopped, suspended or starved), not time a peer kept it waiting: a
	// joiner stopped for the lag bound must not blame the host it stalled.
	dt = min(dt, s.cfg.WarnAfter)
	for i := range s.players() { // a watcher is never waited for
		p := &s.peers[i]
		slot := p.Slot
		if s.isGone(p) || s.CatchingUp() {
			s.lag[slot], s.crawl[slot] = 0, 0 // given up, or this peer's own rejoin under way: its own pace
			continue
		}
		if p.catchUp || s.backPending(p) {
			s.noteCatchUp(p, dt) // a rejoin under way: bounded by its progress, not its pace
			continue
		}
		s.noteCrawl(p, dt)
		if s.waitFrom[slot].ok() && s.now-p.lastHeard <= s.cfg.WarnAfter && s.hadAll(p, 0) && !s.moving(p) {
			s.lag[slot] += dt
		} else {
			s.lag[slot] = 0
		}
		if s.lag[slot] > s.cfg.LagAfter && s.err == nil {
			s.lagging(slot, s.lag[slot])
		}
	}
}

// noteCrawl is noteLag's for p: the crawl of its slot grows by dt while
// the session is held for its input (holdsFor), p still answers and is
// not waiting for this peer (hadAll, takesOurs), busy or not; it drains
// as fast otherwise, and in a frame longer than ownLoadFrame. Past
// CrawlAfter the slot is lagging: one that holds the session a fraction
// f > 1/2 of the time (the game at under half speed, whether its input
// comes late or it is busy) after CrawlAfter/(2f−1); a while of slow
// ticks (a heavy scene) drains again.
// An honest slow link holds the session far less: the input delay
// covers its round trip.
func (s *Session) noteCrawl(p *peer, dt time.Duration) {
	slot := p.Slot
	own := dt <= ownLoadFrame
	if own && s.holdsFor(slot) && s.now-p.lastHeard <= s.cfg.WarnAfter && (s.hadAll(p, s.cfg.Rollback) || s.cfg.Rollback > 0 && s.takesOurs(p)) {
		s.crawl[slot] += dt
	} else {
		s.crawl[slot] = max(s.crawl[slot]-dt, 0)
	}
	if s.crawl[slot] > s.cfg.CrawlAfter && s.err == nil {
		s.lagging(slot, s.crawl[slot])
	}
}

// noteCatchUp is noteLag's for p, a player the host took back
// (Rejoin) that is still catching up: the session waits for its input
// while it replays the ticks it missed, at whatever pace it can, but
// not for ever. Its lag grows by dt while the session is held for its
// input and it still answers, and each tick of the host's input it
// acknowledges takes a tick's time (1/TPS) away: a peer that replays at
// least as fast as the session runs never lags, and one whose
// acknowledgements stop (it sends one datagram a frame, and nothing in
// it moves on) is lagging after LagAfter, given up as any lagging peer
// is (lagging), with the same notice before (Lagging). Once its own
// input resumes and it has what the ring holds, it is a player as any
// other: the lag and crawl bounds apply (noteLag).
func (s *Session) noteCatchUp(p *peer, dt time.Duration) {
	slot := p.Slot
	s.crawl[slot] = 0
	var credit time.Duration
	if a := p.acked[0]; a > p.caughtTo {
		credit = time.Duration(a-p.caughtTo) * (time.Second / time.Duration(s.cfg.TPS))
		p.caughtTo = a
	}
	if s.waitFrom[slot].ok() && s.now-p.lastHeard <= s.cfg.WarnAfter {
		s.lag[slot] += dt
	}
	s.lag[slot] = max(s.lag[slot]-credit, 0)
	if s.lag[slot] > s.cfg.LagAfter && s.err == nil {
		s.lagging(slot, s.lag[slot])
	}
}

// ownLoadFrame is the longest frame whose time a crawl counts: a longer
// one is this machine's own load (a busy machine runs every process
// slowly, the peers' in turn), not time a peer kept it waiting.
const ownLoadFrame = 100 * time.Millisecond

// holdsFor reports whether the session is held for slot's input: the
// loop asked for a tick that lacks it (drawing ahead, with the present
// at the Rollback limit, so the player sees the wait). On a joiner, the
// host's slot holds it only when every other slot's input is there: a
// host held by another joiner relays nothing, and is not the one late.
func (s *Session) holdsFor(slot int) bool {
	if !s.waitFrom[slot].ok() || s.slots[slot].next > s.tick || s.cfg.Rollback > 0 && s.made < s.tick+uint64(s.cfg.Rollback) {
		return false
	}
	return s.role.holdsFor(slot)
}

// takesOurs reports whether p's acknowledgements of this peer's input
// still rise, within a notice and two round trips: its link takes this
// peer's input in. Drawing ahead, where the input delay cannot cover a
// long trip, that is enough to count a wait for p's input as p's, however
// stale its word on what it has: a slow link and a peer whose every
// datagram leaves late look the same and hold the session the same. (In
// lockstep the delay grows to cover the trip, so nobody waits.) A peer
// that hears nothing of this one stops acknowledging, and drains.
func (s *Session) takesOurs(p *peer) bool {
	return p.ackedAt != 0 && s.now-p.ackedAt <= s.cfg.WarnAfter+2*p.srtt
}

// hadAll reports whether p has acknowledged every input this peer sends
// it up to the tick whose input p would make the one this peer waits
// for: p is not waiting for this peer. Drawing rollback ticks ahead, p
// makes that input rollback ticks before it has this peer's.
func (s *Session) hadAll(p *peer, rollback int) bool {
	for slot := range s.cfg.Players {
		if s.sends(p, slot) && p.acked[slot]+uint64(s.delay)+uint64(rollback) <= s.tick {
			return false
		}
	}
	return true
}

// lagging is the bound on a peer that talks but keeps the session from
// advancing (it acknowledges and sends no input, or sends it so late
// that the session crawls): the host gives its place up as for a silent
// peer (host.giveUp: the session's usual end, or the slot's rejoin window;
// the one place to route a lagging slot elsewhere),
// a joiner ends the session with a *LaggingError.
func (s *Session) lagging(slot int, lag time.Duration) {
	s.stats.lagging++
	s.role.lagging(slot, lag)
}

// Lagging names the slot whose input this peer has waited for most,
// while its peer still talks, when that is more than WarnAfter (at a
// stretch, or net of what drained: a crawl): for a HUD's or a log's
// "player N is lagging". A slot whose peer fell silent is not lagging
// but waited for (Waiting), however long it crawled before.
func (s *Session) Lagging() (slot int, lag time.Duration, ok bool) {
	for i := range s.cfg.Players {
		if p := s.peerOf(i); i == s.cfg.Slot || p == nil || s.now-p.lastHeard > s.cfg.WarnAfter {
			continue
		}
		if l := max(s.lag[i], s.crawl[i]); l > s.cfg.WarnAfter && l > lag {
			slot, lag, ok = i, l, true
		}
	}
	return slot, lag, ok
}

// LaggingError ends a joiner's session when a slot's input has kept it
// waiting for LagAfter at a stretch, or CrawlAfter net of the time it
// kept up, while the host still talked.
type LaggingError struct {
	Slot int           // the lagging player's slot
	For  time.Duration // the wait it caused (a crawl's net of what drained)
}

// Error names the lagging player.
func (e *LaggingError) Error() string {
	return fmt.Sprintf("netplay: player %d is lagging: its input kept the session waiting for %v while its peer still answered (it sends no input, or too late to keep up): ending the session", e.Slot, e.For.Round(time.Millisecond))
}

// moving reports whether p said within WarnAfter that it ran on to a
// new tick.
func (s *Session) moving(p *peer) bool {
	at, ok := p.movedAt.get()
	return ok && s.now-at <= s.cfg.WarnAfter
}
