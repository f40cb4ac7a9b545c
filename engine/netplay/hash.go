package netplay

import "github.com/lockstep-engine/lockstep/engine"

// hashTick notes the state hash tick n starts from, at every multiple of
// the interval, and checks it against what peers sent. Every tick a
// Session lets run had every player's input, so these are hashes of
// confirmed state only: a mismatch is a real desync.
func (s *Session) hashTick(n uint64, state engine.StateHasher) {
	if n%s.cfg.HashInterval != 0 || s.lastHashed.is(n) || state == nil {
		return
	}
	s.lastHashed = someTick(n)
	h := hashNote{tick: n, hash: state.StateHash()}
	copy(s.ours[1:], s.ours[:len(s.ours)-1])
	s.ours[0] = h
	s.stats.hashes++
	for i := range s.peers {
		p := &s.peers[i]
		for j, t := range p.theirs {
			if t.tick == n && t.hash != 0 {
				s.compare(p, t, h)
				p.theirs[j] = hashNote{}
			}
		}
	}
}

// checkHash compares a peer's hash with ours for its tick, or keeps it
// until this peer gets there. Hashes too old to check are ignored.
func (s *Session) checkHash(p *peer, h hashNote) {
	if h.tick%s.cfg.HashInterval != 0 {
		s.stats.dropped++
		return
	}
	for _, o := range s.ours {
		if o.tick == h.tick && o.hash != 0 {
			s.compare(p, h, o)
			return
		}
	}
	if h.tick < s.tick {
		return // older than our history, or already checked
	}
	slot := (h.tick / s.cfg.HashInterval) % uint64(len(p.theirs))
	p.theirs[slot] = h
}

// compare ends the session at the first differing hash.
func (s *Session) compare(p *peer, theirs, ours hashNote) {
	if theirs.hash == ours.hash {
		s.stats.checked++
		return
	}
	if t, ok := s.desync.get(); !ok || theirs.tick < t {
		s.desync = someTick(theirs.tick)
	}
	if s.err == nil {
		s.err = &DesyncError{Tick: theirs.tick, Slot: p.Slot, FoundBy: s.cfg.Slot, Ours: ours.hash, Theirs: theirs.hash}
	}
}

// latestHash is this peer's newest state hash, or nil before the first.
func (s *Session) latestHash() *hashNote {
	if !s.lastHashed.ok() {
		return nil
	}
	return &s.ours[0]
}
