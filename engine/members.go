package engine

import "time"

// Presence says whether a slot's player is in the session. It changes
// only on a tick of the verified timeline, the same tick on every peer,
// so a game may act on it in Tick (pause, say so, hand the slot to a bot)
// and stay deterministic; recordings keep it and replays give it back.
type Presence uint8

const (
	// Playing is a slot whose player is in the session: the zero value,
	// and every slot's presence outside a session.
	Playing Presence = iota
	// Gone is a slot whose player left: their link stayed silent past
	// the session's rejoin window. Its input is the zero Input from the
	// tick it left on. A session that does not play on without them ends
	// after that tick; one that lets players join late (netplay's
	// Terms.LateJoin) may give the slot to a newcomer, Playing again from
	// a tick the host names.
	Gone
)

// String names p for messages.
func (p Presence) String() string {
	switch p {
	case Playing:
		return "playing"
	case Gone:
		return "gone"
	}
	return "unknown"
}

// Member is one slot's place in the session as of a tick.
type Member struct {
	Presence Presence
	// Since is the tick Presence took effect on; 0 for a slot that has
	// played from the start.
	Since uint64
}

// Connection is what this machine knows now about one slot's player's
// connection: for display (a HUD, a "waiting for" message), never for
// the simulation, as it differs between machines and from run to run.
type Connection struct {
	// Waiting is how long the session has held its tick for this slot's
	// input, once that is past the session's notice (netplay's
	// WarnAfter); 0 when it is not waiting for it.
	Waiting time.Duration
	// RTT is the round trip to the machine this slot's input comes from
	// (for a joiner, the host's for every other slot, as it relays
	// them); 0 until measured, and for this machine's own slot.
	RTT time.Duration
	// Local reports this machine's own slot.
	Local bool
	// CatchingUp, on the host, reports a player who came back (their
	// game started again) and replays the session from its first tick
	// to catch up: the session waits for their input meanwhile (Waiting
	// goes on counting). false otherwise.
	CatchingUp bool
}
