package netplay

import "fmt"

// DefaultMaxSpectators is the most watchers a host takes unless told.
const DefaultMaxSpectators = 16

// watcherSlot is the slot of a watcher: its own Config's, and its peer's
// on the host. It plays none.
const watcherSlot = -1

// watchBehind is how many ticks behind the host's a watcher stops
// catching up and follows at the tick rate.
const watchBehind = 30

// Watch adds a spectator over link, on the host: it is sent every
// slot's confirmed input from tick 0 (from the history, then as the
// session goes), never waited for, and dropped when silent for
// DropAfter. At most MaxSpectators; none once the history is full.
func (s *Session) Watch(link Link) error {
	switch {
	case s.cfg.Slot != 0:
		return &WatchError{Why: "only the host takes watchers"}
	case s.watchers >= s.cfg.MaxSpectators:
		return &WatchError{Why: fmt.Sprintf("the session has all the watchers it takes (%d)", s.cfg.MaxSpectators), Full: true}
	case s.hist.full:
		return &WatchError{Why: "the session's input history passed its bound"}
	}
	s.peers = append(s.peers, peer{lastHeard: s.now, catchUp: true})
	s.peers[len(s.peers)-1].setLink(Peer{Slot: watcherSlot, Link: link})
	s.watchers++
	return nil
}

// WatchError refuses a spectator.
type WatchError struct {
	Why  string // why not
	Full bool   // the session has MaxSpectators watchers
}

// Error says why the host took no spectator.
func (e *WatchError) Error() string { return "netplay: cannot watch: " + e.Why }

// watching reports whether a watcher is far enough behind the host to
// catch up.
func (s *Session) watching() bool {
	if !s.cfg.Spectate || len(s.peers) == 0 {
		return false
	}
	return s.peers[0].tick > s.tick+watchBehind
}

// watcherHasAll reports whether watcher p has acknowledged every input of
// every slot up to this peer's last tick.
func (s *Session) watcherHasAll(p *peer) bool {
	for slot := range s.cfg.Players {
		if p.acked[slot] < min(s.slots[slot].next, s.tick+1) {
			return false
		}
	}
	return true
}
