package transport

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"time"

	"github.com/quic-go/quic-go"

	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// Bounds on the peers that come to a session under way.
const (
	// maxPending is the most arrivals a host holds at once while they wait
	// for a place; more wait, unread, in their own greetings (which the
	// gate bounds).
	maxPending = 8
	// vacantWait is how long a peer that comes to play waits for a place
	// to fall vacant: a player's process restarted quickly can come
	// before the session has noticed its old link fall silent.
	vacantWait = 5 * time.Second
	// TicketGrace is how long a player's place is kept for that player
	// alone while they are silent: only a peer showing the place's ticket
	// (JoinOptions.Ticket) takes it back before. After it, any player who
	// comes with the code may (one whose ticket was lost, or shared with
	// another player of the same session on the same machine); the
	// session gives the place up later still, at its rejoin window
	// (netplay.Local.DropAfter, a minute by default). A newcomer just
	// welcomed, whose game is still starting, holds its place the same
	// way.
	TicketGrace = 30 * time.Second
)

// Admitter is the session a host places the peers that come while it is
// under way in: an engine/netplay Session.
type Admitter interface {
	// Vacant names the slot a player started again may take back.
	Vacant() (slot int, ok bool)
	// IsVacant reports whether slot may be taken back now (the slot a
	// player's ticket names).
	IsVacant(slot int) bool
	// Rejoin gives slot to the peer over link.
	Rejoin(slot int, link netplay.Link) error
	// Watch takes a spectator over link.
	Watch(link netplay.Link) error
	// Silent reports how long slot's player has been silent, and whether
	// the session still holds the slot for them (not given up, not empty
	// from the start).
	Silent(slot int) (silent time.Duration, held bool)
	// Terms are the session's now: what the peer starts with.
	Terms() netplay.Terms
}

// comer is a peer that greeted a host whose session was under way (or,
// a spectator, not yet started) and took its offer: it waits for a place.
type comer struct {
	conn  *quic.Conn
	st    *quic.Stream
	watch bool // it asked to watch, not to play
	// ticket is what it showed of an earlier run's place (hello.Ticket).
	ticket string
	since  time.Duration // when Admit first saw it, on Admit's clock
	seen   bool          // Admit has seen it
}

// arrive hands a peer that took the offer to Admit.
func (h *hosting) arrive(a *comer) {
	select {
	case h.arrivals <- a:
	case <-a.conn.Context().Done(): // it left
	case <-h.life.Done():
		refuse(a.conn, a.st, "the session is over", refusedOther)
	}
}

// admitting makes j, a host's, take the peers that arrive after the
// start through Admit, admitted by g, until stop.
func (j *Joined) admitting(g *gate, arrivals <-chan *comer, stop func()) {
	j.gate, j.arrivals, j.stop = g, arrivals, stop
	j.pending = make([]*comer, 0, maxPending)
	for _, c := range j.conns {
		g.placed(c) // members are no longer the gate's to bound
	}
}

// Admit places the peers that came since the session started, on the
// host (on a joiner it does nothing), in s; call it from the goroutine
// that runs s, after each Frame, with Frame's clock. A spectator is taken
// by s.Watch; a peer that comes to play takes back the slot s names
// vacant (s.Rejoin: a player whose process died and was started again),
// waiting up to a few seconds for one to fall vacant before it is told
// the session is full. Each is welcomed with the session's terms now, or
// told why not. It allocates nothing while no one comes.
func (j *Joined) Admit(s Admitter, now time.Duration) {
	if j.arrivals == nil {
		return
	}
	j.release()
	for len(j.pending) < maxPending {
		select {
		case a := <-j.arrivals:
			j.pending = append(j.pending, a)
			continue
		default:
		}
		break
	}
	kept := j.pending[:0]
	for _, a := range j.pending {
		if !a.seen {
			a.seen, a.since = true, now
		}
		if !j.place(s, a, now) {
			kept = append(kept, a)
		}
	}
	clear(j.pending[len(kept):])
	j.pending = kept
}

// place gives a its place in s, or refuses it; false while it waits for
// a slot to fall vacant.
func (j *Joined) place(s Admitter, a *comer, now time.Duration) bool {
	if a.conn.Context().Err() != nil {
		return true // it left while it waited
	}
	if a.watch {
		l := newLink(context.Background(), a.conn)
		if err := s.Watch(l); err != nil {
			kind := refusedUnderWay
			if we := (*netplay.WatchError)(nil); errors.As(err, &we) && we.Full {
				kind = refusedFull
			}
			j.turnAway(a, whyNot(err), kind)
			return true
		}
		j.welcomeArrival(a, 0, s.Terms(), l)
		j.log.Info("transport: a spectator is watching", "addr", a.conn.RemoteAddr())
		return true
	}
	slot, ticketed := j.ticketed(a.ticket)
	ok := ticketed && s.IsVacant(slot)
	kept := false // a vacant place is kept for its ticket's holder
	switch {
	case ok:
	case ticketed && now-a.since < vacantWait:
		return false // its own place falls vacant soon: not another's
	default:
		ticketed = false
		if slot, ok = s.Vacant(); ok && j.keptFor(s, slot) {
			ok, kept = false, true
		}
	}
	if !ok {
		if now-a.since < vacantWait {
			return false
		}
		why := "the session is full: every player is still there (it started without this peer)"
		switch {
		case kept:
			why = fmt.Sprintf("the session is full: player %d's place is kept for their own return (their game shows its ticket) until they have been silent for %v", slot, TicketGrace)
		case j.voided(a.ticket):
			why = fmt.Sprintf("the session is full: this player's place went to another player with the code after it was silent for %v", TicketGrace)
		}
		j.turnAway(a, why, refusedFull)
		return true
	}
	l := newLink(context.Background(), a.conn)
	if err := s.Rejoin(slot, l); err != nil {
		j.turnAway(a, whyNot(err), refusedUnderWay)
		return true
	}
	j.welcomeArrival(a, slot, s.Terms(), l)
	j.log.Info("transport: a player came back: their slot is theirs again, and they catch up from the first tick", "slot", slot, "ticket", ticketed, "addr", a.conn.RemoteAddr())
	return true
}

// keptFor reports whether s's slot is kept for the player holding its
// ticket: the session holds it for them (not given up) and they have
// been silent for less than TicketGrace.
func (j *Joined) keptFor(s Admitter, slot int) bool {
	silent, held := s.Silent(slot)
	return held && j.tickets[slot] != "" && silent < TicketGrace
}

// voided reports whether t is a ticket a newer welcome to its slot
// replaced: its player's place went to another (or to a newer copy of
// its game).
func (j *Joined) voided(t string) bool {
	for slot := 1; t != "" && slot < len(j.oldTickets); slot++ {
		if subtle.ConstantTimeCompare([]byte(j.oldTickets[slot]), []byte(t)) == 1 {
			return true
		}
	}
	return false
}

// ticketed returns the slot whose ticket t is: a player started again
// whose earlier run had that place, which it takes back once it is
// vacant rather than whichever is (two players of one session on one
// machine share a ticket file, so a ticket never takes a place whose
// player is still there).
func (j *Joined) ticketed(t string) (int, bool) {
	if t == "" {
		return 0, false
	}
	for slot := 1; slot < len(j.tickets); slot++ {
		if subtle.ConstantTimeCompare([]byte(j.tickets[slot]), []byte(t)) == 1 {
			return slot, true
		}
	}
	return 0, false
}

// newTicket returns a fresh slot ticket: 128 random bits, as text.
func newTicket() string { return rand.Text() }

// whyNot is a session's refusal in a peer's terms.
func whyNot(err error) string {
	var re *netplay.RejoinError
	var we *netplay.WatchError
	switch {
	case errors.As(err, &re):
		return re.Why
	case errors.As(err, &we):
		return we.Why
	}
	return err.Error()
}

// turnAway tells a why it has no place, as a refusal of kind, and
// closes its connection.
func (j *Joined) turnAway(a *comer, why string, kind refusal) {
	j.log.Warn("transport: refused a peer that came while the session was under way", "reason", why, "watch", a.watch, "addr", a.conn.RemoteAddr())
	refuse(a.conn, a.st, why, kind)
}

// welcomeArrival tells a its place (slot, for a player) in a session of
// terms t under way, and keeps its connection: a rejoined player's
// replaces the slot's old one, which is closed.
func (j *Joined) welcomeArrival(a *comer, slot int, t netplay.Terms, l *link) {
	w := welcome{Slot: slot, wireTerms: toWireTerms(t), Rejoin: !a.watch, Watch: a.watch}
	if !a.watch {
		j.oldTickets[slot] = j.tickets[slot]
		j.tickets[slot] = newTicket() // the old one's is void
		w.Ticket = j.tickets[slot]
	}
	go func() {
		if err := writeMessage(a.st, w); err != nil {
			j.log.Warn("transport: welcome not sent", "addr", a.conn.RemoteAddr(), "err", err)
		}
		_ = a.st.Close()
	}()
	if j.gate != nil {
		j.gate.placed(a.conn)
	}
	if a.watch {
		slot = -1
	}
	for i := range j.Peers {
		if j.Peers[i].Slot == slot {
			j.Peers[i].Link = l
			if old := j.connOf(slot); old != nil {
				_ = old.CloseWithError(closeReplaced, "a new connection took this player's place")
			}
		}
	}
	j.conns, j.links, j.connSlots = append(j.conns, a.conn), append(j.links, l), append(j.connSlots, slot)
}

// connOf returns the latest connection of slot (-1: none of a
// spectator's).
func (j *Joined) connOf(slot int) *quic.Conn {
	for i := len(j.conns) - 1; i >= 0; i-- {
		if i < len(j.connSlots) && j.connSlots[i] == slot {
			return j.conns[i]
		}
	}
	return nil
}

// release lets go of the connections that closed (a player's replaced
// or gone, a spectator's that left or was dropped) and their links,
// keeping what they counted: a long session with players and spectators
// coming and going keeps only the connections open now.
func (j *Joined) release() {
	kept := 0
	for i, c := range j.conns {
		if c.Context().Err() == nil {
			j.conns[kept], j.links[kept], j.connSlots[kept] = c, j.links[i], j.connSlots[i]
			kept++
			continue
		}
		st := c.ConnectionStats()
		j.gone.sent += st.BytesSent
		j.gone.received += st.BytesReceived
		j.gone.dropped += j.links[i].dropped.Load()
	}
	clear(j.conns[kept:])
	clear(j.links[kept:])
	j.conns, j.links, j.connSlots = j.conns[:kept], j.links[:kept], j.connSlots[:kept]
}
