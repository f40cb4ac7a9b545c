package netplay

import (
	"fmt"
	"time"
)

// DesyncError ends a session whose peers' states differ: the game is not
// deterministic, or a peer runs another build or other settings.
type DesyncError struct {
	// Tick is the first tick whose starting state hashes differed (the
	// state first differed during one of the HashInterval ticks before).
	Tick uint64
	// Slot is the peer whose hash differed from this one's.
	Slot int
	// FoundBy is the slot of the peer that compared them: this one's, or
	// the peer's that told it.
	FoundBy int
	// Ours and Theirs are the hashes, when this peer compared them; zero
	// when it was told.
	Ours, Theirs uint64
}

// desyncCauses are what usually makes peers part: said next to the tick.
const desyncCauses = "the usual causes: the wall clock or real time read in a tick, " +
	"map iteration order or another source of randomness than the seed, " +
	"local files, saves or flags that differ between the peers; " +
	"record the session on every peer and compare the recordings (tools/replay -diff)"

// Error names the tick, the hashes when known and the usual causes.
func (e *DesyncError) Error() string {
	if e.Ours == 0 && e.Theirs == 0 {
		return fmt.Sprintf("netplay: desync: player %d found the state hashes differ at tick %d (%s)", e.FoundBy, e.Tick, desyncCauses)
	}
	return fmt.Sprintf("netplay: desync: state hashes differ at tick %d (this peer %016x, player %d %016x) (%s)", e.Tick, e.Ours, e.Slot, e.Theirs, desyncCauses)
}

// SilentError ends a session when a peer has sent nothing for DropAfter.
type SilentError struct {
	Slot int           // the silent peer's slot
	For  time.Duration // how long it has been silent
}

// Error names the silent player and for how long.
func (e *SilentError) Error() string {
	return fmt.Sprintf("netplay: player %d silent for %v: ending the session (it left, or the network between is down)", e.Slot, e.For.Round(time.Millisecond))
}

// LeftError ends the session of a joiner whose slot the host gave up:
// its link was silent past the host's DropAfter, or its input kept the
// others waiting past the host's lag or crawl bound (catching up, too:
// see Session.Rejoin), and the others went on (or ended) without it.
type LeftError struct {
	Tick uint64 // the first tick the slot was Gone on
}

// Error says the host gave this player's place up, and the two reasons
// it has (the host does not say which).
func (e *LeftError) Error() string {
	return fmt.Sprintf("netplay: the host gave this player's place up at tick %d: nothing arrived from here for longer than its rejoin window, or this player's input kept the others waiting too long (lagging)", e.Tick)
}
