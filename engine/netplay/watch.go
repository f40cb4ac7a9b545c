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
// session goes), never waited for, within an upload budget
// (SpectatorUpload, SpectatorsUpload), and dropped when silent for
// DropAfter, when its acknowledgements have not risen for LagAfter
// while it lacks input, or when its link ended (EndingLink). At most
// MaxSpectators watch at once (those dropped no longer count, and a new
// one takes a dropped one's place); none once the history is full.
func (s *Session) Watch(link Link) error { return s.role.watch(link) }

// watch is Watch's.
func (h *hostRole) watch(link Link) error {
	s := h.s
	switch {
	case h.watching() >= s.cfg.MaxSpectators:
		return &WatchError{Why: fmt.Sprintf("the session has all the watchers it takes (%d)", s.cfg.MaxSpectators), Full: true}
	case s.hist.full:
		return &WatchError{Why: "the session's input history passed its bound"}
	}
	p := peer{lastHeard: s.now, ackedAt: s.now, catchUp: true} // its budget starts at the next Frame
	p.setLink(Peer{Slot: watcherSlot, Link: link})
	s.stats.watchers++
	for i := range h.watchers() { // a dropped watcher's place, so that churn does not grow the session
		if q := &h.watchers()[i]; q.dropped {
			s.stats.lostGone = satAdd(s.stats.lostGone, q.seen.lost())
			*q = p
			return nil
		}
	}
	s.peers = append(s.peers, p)
	return nil
}

// watching counts the watchers the host still sends to.
func (h *hostRole) watching() int {
	n := 0
	for i := range h.watchers() {
		if p := &h.watchers()[i]; !p.dropped {
			n++
		}
	}
	return n
}

// dropWatcher stops sending to watcher p for good, and closes its link
// when it can be (an io.Closer): a transport then lets its connection go.
func (h *hostRole) dropWatcher(p *peer) {
	p.dropped = true
	h.s.stats.watchersDropped++
	if c, ok := p.Link.(interface{ Close() error }); ok {
		_ = c.Close()
	}
}

// stuck reports whether watcher p lacks input and its acknowledgements
// have not risen for LagAfter: it takes nothing in (or says it does
// not), and catching it up would cost the host's upload for ever.
func (h *hostRole) stuck(p *peer) bool {
	s := h.s
	return !s.watcherHasAll(p) && s.now-p.ackedAt > s.cfg.LagAfter
}

// WatchError refuses a spectator.
type WatchError struct {
	Why  string // why not
	Full bool   // the session has MaxSpectators watchers
}

// Error says why the host took no spectator.
func (e *WatchError) Error() string { return "netplay: cannot watch: " + e.Why }

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
