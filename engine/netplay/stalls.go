package netplay

import "time"

// What tells a host that adapts the input delay that the delay its rule
// picks (PathDelay) is short: its own frames held for a player's input
// while that player's peer still talks. Past stallShare of a window's
// frames two windows in a row (a change of route that the rule follows
// holds a window's frames, once) it adds a tick to the rule's delay, up
// to maxStallBump; after
// cleanWindows windows without a held frame it takes one back. A peer
// that fell silent holds the session too, but that is an outage (the
// rejoin window's business), not a short delay, and is not counted;
// nor are the holds while a delay the rule changed to is on its way.
const (
	stallWindow  = 3 * time.Second
	stallShare   = 0.01
	maxStallBump = 4
	cleanWindows = 2
	// stallSilence is how long a peer may have been silent for a held
	// frame to count against the delay: a few frames.
	stallSilence = 100 * time.Millisecond
)

// stallNote is a host's count of held frames, window by window.
type stallNote struct {
	from         time.Duration // when the window began
	frames, held int
	bump         int  // ticks added to the rule's delay
	short        bool // the last window was past stallShare
	clean        int  // windows in a row without a held frame
}

// noteStalls is Frame's on a host (host.frame) that adapts the delay: it
// counts the frame, held or not, and at the end of a window raises or
// lowers the bump.
func (s *Session) noteStalls() {
	if !s.cfg.AdaptDelay {
		return
	}
	st := &s.stalls
	st.frames++
	// While the rule's delay is on its way (wished for, or announced and
	// not yet in force) the holds are the rule's to end, not evidence
	// that it is short.
	settled := s.want.at == 0 && s.tick >= s.change.at
	if settled && s.heldByTalker() {
		st.held++
	}
	if s.now-st.from < stallWindow {
		return
	}
	switch short := float64(st.held) > stallShare*float64(st.frames); {
	case short && st.short:
		st.bump, st.clean, st.short = min(st.bump+1, maxStallBump), 0, false
	case short:
		st.short, st.clean = true, 0
	case float64(st.held) <= stallShare/4*float64(st.frames):
		st.short = false
		if st.clean++; st.clean >= cleanWindows && st.bump > 0 {
			st.bump, st.clean = st.bump-1, 0
		}
	}
	st.from, st.frames, st.held = s.now, 0, 0
}

// heldByTalker reports whether the tick the loop asks next lacks a
// player's input whose peer was heard within stallSilence, with the
// present at the depth when drawing ahead: a frame that would repeat
// for want of input that is late, not lost with its peer.
func (s *Session) heldByTalker() bool {
	if s.cfg.Rollback > 0 && s.made < s.tick+uint64(max(s.depth, 1)) {
		return false
	}
	for i := range s.cfg.Players {
		if i == s.cfg.Slot || s.slots[i].next > s.tick {
			continue
		}
		if p := s.peerOf(i); p != nil && !s.isGone(p) && s.now-p.lastHeard <= stallSilence {
			return true
		}
	}
	return false
}
